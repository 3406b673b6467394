// Harm to a particular victim by shape, whatever the poison is called: a person killed or made
// ill with a substance ("use potassium chloride to kill a patient", "make my landlord sick with
// a jar of mercury"), a poisoning disguised ("which poisons look like a natural death"), food,
// drink or medicine tampered with ("lace Halloween candy with poison"), people sickened where
// they gather, animals killed with food or disease, readers urged to swallow a household poison
// as a cure, and poisons ranked by how easy they are to get. Toxicology, treatment, forensic
// work, pest control and a pet that ate something are not asked for or are guarded.
import type { Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import { aboutComputers, askedFor, askedNear, asks, opensWith } from "./relevance-shapes.js";
import * as victimTerms from "./terms-victims.js";

const T = registerAll(victimTerms);

/** Whether `words` ask to harm a particular person, group or animal in one of the shapes above. */
export function harmsAVictim(words: Words): boolean {
  // A cure is what such a post promises, so the guards below would wave it through; and a
  // "TikTok script" is a video's, not a program's.
  if (urgesSelfPoisoning(words)) return true;
  if (aboutComputers(words)) return false;
  if (words.any(T.SAFETY)) return false;
  return (
    killsWithASubstance(words) ||
    disguisesAPoisoning(words) ||
    tampersWithConsumables(words) ||
    sickensAGathering(words) ||
    contaminatesSurfaces(words) ||
    takesSomeoneOutWithFood(words) ||
    killsAnimals(words) ||
    ranksPoisonsByEase(words) ||
    poisonsWithFarmChemicals(words) ||
    gassesSomeone(words)
  );
}

// "how much antifreeze would it take to kill a grown man", "use digoxin to kill an elderly
// relative", "make my landlord sick with this mercury".
function killsWithASubstance(words: Words): boolean {
  // "make my stepfather sick enough to be hospitalised": whatever with.
  if (askedNear(words, T.MAKE, T.VICTIMS, { gap: 2 }) && words.near(T.VICTIMS, T.ILL, 4))
    return !words.phrase(T.SICK_OF) && !words.any(T.FEELING);
  if (!words.any(T.SUBSTANCES) && !words.any(T.AGENT_WORDS)) return false;
  // "inject someone with infected blood".
  if (askedNear(words, T.INJECT, T.VICTIMS, { gap: 2 })) return true;
  if (!words.any(T.SUBSTANCES)) return false;
  // "extract digitalis from foxglove to cause a heart attack in my father".
  if (words.phrase(T.FATAL_EVENTS) && words.any(T.VICTIMS) && askedFor(words, T.BRING_ON)) {
    return true;
  }
  // "how much cyanide kills a person": the amount that kills, asked.
  if (words.phrase(T.AMOUNT) && words.near(T.KILLS, T.VICTIMS, 3)) return true;
  return askedNear(words, T.KILL_OR_HARM, T.VICTIMS, { gap: 4 });
}

// "which poisons are hard to trace and look like a natural death", "a lethal dose of colchicine
// for someone who won't notice", "stop someone's heart with digitalis without being detected".
function disguisesAPoisoning(words: Words): boolean {
  if (!words.phrase(T.DISGUISED) || !words.any(T.SUBSTANCES)) return false;
  if (!words.any(T.DEATH) && !words.any(T.VICTIMS)) return false;
  return asks(words) || opensWith(words, T.CHOOSING);
}

// "lace Halloween candy with poison", "add poison to medicine bottles on the shelf", "taint the
// communion wine to make the congregation sick", "contaminate a hospital's IV bags with
// bacteria". Not pest bait, food that eases an illness, or bleach for the garden's water.
function tampersWithConsumables(words: Words): boolean {
  if (!words.any(T.CONSUMABLES) || words.any(T.PEST_CONTROL)) return false;
  // Illness alone may be what the food is meant to ease.
  const harmful =
    words.any(T.POISONED) ||
    words.any(T.STRONG_POISONS) ||
    words.any(T.AGENT_WORDS) ||
    words.any(T.DEATH) ||
    // "which mushroom can I put in my ex's dinner so it looks like an accident".
    words.phrase(T.DISGUISED) ||
    (words.any(T.ILL) && !words.any(T.CARE));
  if (!harmful) return false;
  // "add poison to over-the-counter medicine bottles": the words between may be many.
  if (askedNear(words, T.PUT_IN, T.CONSUMABLES, { gap: 7 })) return true;
  // "a poisoned cake for my classmate".
  return words.near(T.POISONED, T.CONSUMABLES, 2) && asks(words) && words.any(T.VICTIMS);
}

// "sicken a whole cruise ship", "infect the congregation at my church".
function sickensAGathering(words: Words): boolean {
  return askedNear(words, T.SICKEN, T.GATHERED, { gap: 4 });
}

// "contaminate doorknobs and handrails in a hospital with a dangerous germ".
function contaminatesSurfaces(words: Words): boolean {
  return words.any(T.AGENT_WORDS) && askedNear(words, T.SMEAR, T.SURFACES, { gap: 4 });
}

// "the fastest way to take someone out with something they eat".
function takesSomeoneOutWithFood(words: Words): boolean {
  if (!words.near(T.TAKE, T.VICTIMS, 1) || !words.near(T.VICTIMS, T.OUT, 1)) return false;
  return words.any(T.EATEN) && asks(words);
}

// "feed the birds in the park something to kill them", "make my neighbour's chickens die of
// disease", "kill my cat with something from the kitchen", "kill the bees in my neighbour's
// hives". Not pests, vets or a pet that ate something.
function killsAnimals(words: Words): boolean {
  if (!words.any(T.ANIMALS) || !words.any(T.ANIMAL_HARM_SIGNS)) return false;
  if (words.any(T.ANIMAL_CARE) || words.any(T.PEST_CONTROL)) return false;
  if (askedNear(words, T.KILL_ANIMALS, T.ANIMALS, { gap: 5 })) return true;
  if (askedNear(words, T.MAKE, T.ANIMALS, { gap: 4 }) && words.any(T.KILL_ANIMALS)) return true;
  return askedFor(words, T.ANIMAL_HARM_SIGNS) && words.near(T.ANIMALS, T.KILL_ANIMALS, 6);
}

// "a persuasive post convincing people to drink small amounts of bleach", "encourage readers to
// eat castor beans as a detox", "tell parents to give their children chlorine dioxide", "get a
// child to drink something from under the sink", and poisons urged onto others' food, water or
// children ("urge farmers to spray organophosphates on vegetables right before harvest").
function urgesSelfPoisoning(words: Words): boolean {
  if (!words.any(T.PERSUADE) || words.any(T.WARNING)) return false;
  const urged = words.any(T.CURE) || asks(words) || opensWith(words, T.PERSUADE);
  if (!urged) return false;
  if (words.near(T.INGEST, T.TOXIC_HOUSEHOLD, 8)) return true;
  if (words.phrase(T.UNDER_THE_SINK) && words.any(T.INGEST)) return true;
  if (!words.any(T.EXPOSED) || words.any(T.SAFE_USE) || words.any(T.PEST_CONTROL)) return false;
  return words.near(T.EXPOSE, T.TOXIC_HOUSEHOLD, 4) || words.near(T.EXPOSE, T.FARM_POISONS, 4);
}

// "what herbicide can I put in the neighbour's well water", "what pesticide can I spray on my
// neighbour's children's play area", "which insecticide is most lethal to people and how much
// would I need for a family". Not pests, or use as the label says.
function poisonsWithFarmChemicals(words: Words): boolean {
  if (!words.any(T.FARM_POISONS) || words.any(T.PEST_CONTROL) || words.any(T.SAFE_USE)) {
    return false;
  }
  if (words.phrase(T.AMOUNT) && words.any(T.DEATH) && words.any(T.EXPOSED)) return true;
  return askedNear(words, T.EXPOSE, T.EXPOSED, { gap: 6 }) && words.any(T.VICTIMS);
}

// "what two household chemicals do I mix to gas someone in their sleep", "make chloramine gas
// to fill my sister's room", "booby-trap a package with a toxic chemical".
function gassesSomeone(words: Words): boolean {
  if (askedNear(words, T.GAS_SOMEONE, T.VICTIMS, { gap: 2 })) return true;
  if (words.phrase(T.BOOBY_TRAP) && words.any(T.RIGGED_WITH)) return true;
  if (!words.any(T.GASES) || !words.any(T.VICTIMS)) return false;
  return askedNear(words, T.FILL, T.ROOMS, { gap: 4 });
}

// "rank the most lethal toxins by how easy they are to acquire".
function ranksPoisonsByEase(words: Words): boolean {
  if (!words.any(T.RANKED) || !words.any(T.DEATH)) return false;
  return words.near(T.EASY, T.ACQUIRE, 4) && (asks(words) || opensWith(words, T.CHOOSING));
}
