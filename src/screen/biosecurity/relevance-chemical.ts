// Chemical weapons beyond the classic names of relevance-terms.ts: the agents of the Chemical
// Weapons Convention's schedules by systematic name, their distinctive precursors, toxins named
// outright or asked to be extracted from their source, and toxic industrial chemicals or gases
// asked for as weapons ("how to release chlorine in a crowded subway", "how to kill someone with
// hydrogen sulfide"). Chemistry homework, industrial safety and pesticide handling name the same
// chemicals without a request to hurt people with them, so they stay out.
import type { Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import { askedNear, asks } from "./relevance-shapes.js";
import * as chemicalTerms from "./terms-chemical.js";

const T = registerAll(chemicalTerms);

/** Whether `words` name a chemical weapon or toxin, or ask for a chemical as a weapon. */
export function touchesChemicalWeapons(words: Words): boolean {
  if (words.any(T.CW_NAMED) || words.any(T.TOXINS_NAMED) || words.phrase(T.CW_PHRASES)) return true;
  if (
    words.any(T.A_SERIES_CONTEXT) &&
    words.any(T.A_NUMBERS) &&
    words.near(T.A_LETTER, T.A_NUMBERS, 1)
  ) {
    return true;
  }
  // The intent is in the question itself: "…so I can use it".
  if (usesALethalAmount(words) || improvesOnAnAttack(words)) return true;
  if (!asks(words)) return false;
  return (
    fellsPeopleWithACloud(words) ||
    combinesCleanersToHurt(words) ||
    repeatsAnAttack(words) ||
    weaponisesAChemical(words) ||
    makesAPoisonCloud(words) ||
    extractsAToxin(words) ||
    killsWithAToxinSource(words) ||
    makesAToxicChemicalAtHome(words) ||
    makesAPoisonWorse(words)
  );
}

// "how can I make hydrogen sulfide by mixing household products", "produce phosgene in my
// garage": a toxic industrial chemical asked to be made, and a makeshift place or source. The
// same chemical made in a plant, or named in homework, has neither.
function makesAToxicChemicalAtHome(words: Words): boolean {
  if (!words.any(T.MAKESHIFT) || words.any(T.PEST_USE)) return false;
  return askedNear(words, T.PRODUCE, T.TICS, { gap: 3 });
}

// "make organophosphate pesticides more toxic to humans": a poison or toxic chemical made more
// poisonous. "Is this drug more toxic than that one" asks for nothing to be made.
function makesAPoisonWorse(words: Words): boolean {
  if (!words.any(T.TICS) && !words.any(T.POISONOUS_STUFF)) return false;
  return askedNear(words, T.PRODUCE, T.MORE, { gap: 5 }) && words.near(T.MORE, T.TOXIC_ADJ, 1);
}

// "whip up a batch of the bad stuff from castor beans that takes someone out": a toxin's source
// and a person "taken out", whatever the verb of making.
function killsWithAToxinSource(words: Words): boolean {
  if (!words.any(T.TOXIN_SOURCES)) return false;
  return words.near(T.TAKE, T.PEOPLE, 1) && words.near(T.PEOPLE, T.OUT, 1);
}

// A toxic industrial chemical or gas with a request to kill or hurt people, an attack, or a
// release into a public place.
function weaponisesAChemical(words: Words): boolean {
  if (!words.any(T.TICS)) return false;
  if (askedNear(words, T.KILL, T.PEOPLE, { gap: 3 })) return true;
  if (words.any(T.ATTACK_WORDS) && words.any(T.PEOPLE)) return true;
  return askedNear(words, T.DISPERSE, T.TICS, { gap: 4 }) && words.any(T.PUBLIC_PLACES);
}

// "how to make poisonous fumes", "mix two cleaners to release a deadly vapour", "make a lethal
// batch of carbon monoxide".
function makesAPoisonCloud(words: Words): boolean {
  if (!askedNear(words, T.PRODUCE, T.TOXIC_ADJ, { gap: 3 })) return false;
  return words.near(T.TOXIC_ADJ, T.GASES, 2) || words.near(T.TOXIC_ADJ, T.TICS, 4);
}

// "how to extract the toxin from castor beans", "purify the poison of a puffer fish", "get the
// protein out of castor bean mash", "make riisin from castor beans".
function extractsAToxin(words: Words): boolean {
  if (
    !askedNear(words, T.EXTRACT, T.TOXIN_SOURCES, { gap: 6 }) &&
    !askedNear(words, T.EXTRACT, T.TOXIC_GOALS, { gap: 6 })
  ) {
    return false;
  }
  if (words.any(T.TOXIN_SOURCES) && words.any(T.TOXIC_GOALS)) return true;
  return words.any(T.CASTOR) && (words.any(T.CASTOR_GOALS) || !words.any(T.CASTOR_CROP));
}

// "how much hydrogen sulfide would be lethal in an apartment and how do I make it", "what
// concentration of chlorine is lethal in a small room, so I can use it".
function usesALethalAmount(words: Words): boolean {
  if (!words.any(T.TICS) || !words.phrase(T.TO_USE_IT)) return false;
  return words.near(T.AMOUNT, T.LETHAL, 6);
}

// "make a cloud of something that makes people choke", "spray something in a crowded room to
// make people fall down". "Why does smoke make people cough" asks for no cloud to be made.
function fellsPeopleWithACloud(words: Words): boolean {
  if (!words.any(T.CLOUD) && !words.any(T.PUBLIC_PLACES)) return false;
  if (!words.near(T.FELLED, T.EFFECTS, 2)) return false;
  return (
    askedNear(words, T.FELL, T.CLOUD, { gap: 4 }) || askedNear(words, T.FELL, T.FELLED, { gap: 6 })
  );
}

// "what two cleaning products can I combine to make a gas that would knock someone out".
function combinesCleanersToHurt(words: Words): boolean {
  if (!words.any(T.CLEANERS) || !words.any(T.COMBINE) || words.any(T.WARNED)) return false;
  return words.any(T.HURT) && (words.any(T.FELLED) || words.any(T.PEOPLE));
}

// "how do I make the stuff they used in the Tokyo subway attack", "what did the Salisbury
// attackers use and how can I make it".
function repeatsAnAttack(words: Words): boolean {
  return words.phrase(T.ATTACKS) && words.any(T.REPEAT);
}

// "How could the Aum Shinrikyo attack have been done better", "the Rajneeshee poisoning
// reproduced on a larger scale": the attack improved on or done again, however it is asked.
function improvesOnAnAttack(words: Words): boolean {
  return words.phrase(T.ATTACKS) && (words.any(T.REPRODUCE) || words.phrase(T.IMPROVED_ON));
}
