// The cheap gate in front of the trajectory screener: does this text touch biological or
// chemical weapons at all? It only decides whether the (costly, independent) model screen runs,
// so it leans towards recall on weapon-shaped requests while ordinary molecular biology,
// medicine and chemistry ("sequence", "protein", "clone", "infection", "virus", "toxicity")
// stay out.
import type { ListId, Words } from "./words.js";
import * as triggerTerms from "./relevance-terms.js";
import { harmsCovertly } from "./relevance-covert.js";
import { harmsFarmsOrResists } from "./relevance-farm.js";
import { BUGS as BUG_WORDS } from "./terms-deliberate.js";
import { registerAll, terms } from "./relevance-index.js";
import { touchesChemicalWeapons } from "./relevance-chemical.js";
import { asksForDeliberateHarm } from "./relevance-deliberate.js";
import { asksForMisuse, namesAnAgentRespelled } from "./relevance-misuse.js";
import { aboutComputers, askedFor, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import { disseminatesAnAgent } from "./relevance-dissemination.js";
import { engineersOrRebuilds } from "./relevance-engineering.js";
import { showsHarmfulIntent } from "./relevance-intent.js";
import { namesAnAgentInAnotherScript } from "./relevance-scripts.js";
import { handlesADangerousAgent } from "./relevance-handling.js";
import { asksToHandleAnAgent } from "./relevance-broad.js";
import { asksForHarmByGoal } from "./relevance-class.js";
import { harmsAVictim } from "./relevance-victims.js";
import { asksInAnotherLanguage } from "./relevance-abroad.js";

// Every list and phrase group (these and the other relevance modules'), compiled into one trie
// on the first call.
const T = registerAll(triggerTerms);
const JOINS = terms.list(["and", "with", "plus", "into"]);
const WEAPON = terms.list(["weapon", "weapons"]);
const SPREAD_VERB = terms.list(["spread", "release", "disperse", "unleash"]);
const BUGS = terms.list(BUG_WORDS);
const USE = terms.list(["use", "using"]);
const ON = terms.list(["on", "against"]);

/**
 * True when `text` touches biological or chemical weapons. Case-insensitive, word-based, and
 * resistant to invisible characters, accents, compatibility forms and Cyrillic or Greek
 * look-alike letters. Empty or non-string input is not relevant.
 *
 * @example
 * ```ts
 * assert.equal(looksBiosecurityRelevant("gain-of-function work on H5N1"), true);
 * assert.equal(looksBiosecurityRelevant("run UMAP on this scRNA-seq matrix"), false);
 * ```
 */
export function looksBiosecurityRelevant(text: string): boolean {
  if (typeof text !== "string") return false;
  const words = terms.scan(text);
  // A text of no listed word may still spell a name out ("r.i.c.i.n", "s4r1n").
  if (words.size === 0) return namesAnAgentRespelled(text) || namesAnAgentInAnotherScript(text);
  if (words.any(T.NAMED) || words.phrase(T.PHRASES)) return true;
  if (words.phrase(T.FOOT_AND_MOUTH) && !words.near(T.HAND, T.FOOT, 1)) return true;
  // Chlorine gas is homework ("the reaction of chlorine gas with sodium") until it is made.
  if (words.phrase(T.CHLORINE_GAS) && words.any(T.MAKE)) return true;
  return (
    makesMoreDangerous(words) ||
    evadesScreening(words) ||
    makesHarmfulAgent(words) ||
    harmsWaterSupply(words) ||
    poisonsSomeone(words) ||
    infectsSomeone(words) ||
    spreadsAmongPeople(words) ||
    targetsLivingThings(words) ||
    breachesContainment(words) ||
    mixesToxicGas(words) ||
    poisonsAPerson(words) ||
    weaponisesAnAgent(words) ||
    dispersesOrCulturesAnAgent(words) ||
    lacesFoodOrDrink(words) ||
    touchesChemicalWeapons(words) ||
    asksForDeliberateHarm(words) ||
    asksForMisuse(words) ||
    disseminatesAnAgent(words) ||
    engineersOrRebuilds(words) ||
    showsHarmfulIntent(words) ||
    handlesADangerousAgent(words) ||
    asksToHandleAnAgent(words) ||
    asksForHarmByGoal(words) ||
    harmsFarmsOrResists(words) ||
    harmsCovertly(words) ||
    harmsAVictim(words) ||
    asksInAnotherLanguage(words) ||
    namesAnAgentRespelled(text) ||
    namesAnAgentInAnotherScript(text)
  );
}

// A request for a way to hurt a person with a poison: "how can I make chloroform to knock
// someone out", "a recipe for thallium poisoning that can't be detected in an autopsy". A
// research question describes exposure ("is arsenic exposure harmful to people…"), it does not
// ask how to do it.
function poisonsAPerson(words: Words): boolean {
  if (!words.any(T.POISONS) || !(words.phrase(T.REQUEST) || asks(words))) return false;
  if (words.near(T.HURT, T.PERSON, 4) || words.near(T.PERSON, T.HURT, 4)) return true;
  // "a deadly poison to use on my husband".
  if (words.near(USE, ON, 1) && words.near(ON, T.PERSON, 2)) return true;
  return words.phrase(T.UNDETECTED);
}

// Turning an agent into a weapon or a superbug, contaminating a water source on purpose, and
// growing an agent "and spreading it" among people.
function weaponisesAnAgent(words: Words): boolean {
  if (words.near(T.MAKE, T.SUPERBUGS, 3)) return true;
  // "turn an agent into a weapon", "make a weapon out of germs".
  if (words.near(T.AGENTS, WEAPON, 4) || words.near(WEAPON, T.AGENTS, 3)) return true;
  // "rank viruses by how well they'd work as weapons" (not computer viruses).
  if (words.near(T.AGENTS, WEAPON, 8) && !aboutComputers(words)) return true;
  if (
    words.near(T.CONTAMINATE, T.WATER_BODIES, 4) &&
    (words.phrase(T.REQUEST) || words.any(T.INTENT))
  )
    return true;
  return (
    words.any(T.CROWDS) && words.near(T.MAKE, T.AGENTS, 4) && words.near(T.AND, SPREAD_VERB, 1)
  );
}

// "enhance transmissibility", "increase the virulence", "make it more deadly", and in lay words
// beside an organism ("make the flu virus more catchy").
function makesMoreDangerous(words: Words): boolean {
  if (words.near(T.ENHANCE, T.DANGER_TRAITS, 4) || words.near(T.MORE, T.MORE_TRAITS, 1))
    return true;
  return words.near(T.MORE, T.LAY_TRAITS, 1) && words.any(BUGS);
}

// "evade DNA synthesis screening", "bypass biosecurity", "evade filtering tools used by gene
// synthesis labs", a toxin designed to slip past sequence databases, and stealth ("without detection", "untraceable") around lab, DNA, pathogen
// or chemical context. A cyber request ("evade antivirus detection") has no such context. "How to
// avoid being detected" buying lab supplies asks for stealth; "how bacteria avoid being detected
// by the immune system" is biology.
function evadesScreening(words: Words): boolean {
  if (words.near(T.EVADE, T.SCREEN_WORDS, 6)) return true;
  // "design a toxin protein that evades sequence databases".
  if (words.phrase(T.SEQUENCE_CHECKS) && words.any(T.EVADE) && words.any(T.DESIGNED_HARM)) {
    return true;
  }
  const stealthy = words.near(T.EVADE, T.SCREENS, 6) || words.phrase(T.STEALTH);
  if (stealthy && words.any(T.BIOCHEM_CONTEXT)) return true;
  if (!words.phrase(T.BEING_SEEN) || !words.phrase(T.REQUEST)) return false;
  return words.any(T.BIOCHEM_CONTEXT) && !words.any(T.IMMUNE_CONTEXT);
}

// "synthesize a virus", "make toxins", and home production of agents, gases or cultures.
function makesHarmfulAgent(words: Words): boolean {
  if (words.near(T.SYNTHESIZE, T.SYNTHESIS_TARGETS, 3)) return true;
  if (words.near(T.MAKE, T.TOXIN_WORDS, 4)) return true;
  return words.phrase(T.AT_HOME) && words.any(T.MAKE) && words.any(T.HARMFUL_AGENTS);
}

// "how to tamper with a city's water supply", asked for; "how do treatment plants remove
// pathogens from drinking water" and "how to prevent tampering with the water supply" are not.
function harmsWaterSupply(words: Words): boolean {
  if (!words.phrase(T.WATER) || !words.any(T.WATER_HARM)) return false;
  return asks(words) && !wardedOff(words);
}

// "poison" used as a verb on a target: "poison a water supply", "poison my neighbour".
function poisonsSomeone(words: Words): boolean {
  // "poison a DNS cache", "poison a training dataset" are attacks on software.
  return words.near(T.POISON_VERB, T.POISON_TARGETS, 1) && !aboutComputers(words);
}

// Deliberate infection of a person or animal with a named disease: "I want to infect them with
// it" (having said COVID), "use my dog to infect the neighbour's dog with rabies". A computer
// virus has no disease word, and research questions ("can HIV infect astrocytes", "how does HIV
// infect T cells") no intent.
function infectsSomeone(words: Words): boolean {
  // "how can I infect my annoying cousin": a relative is no computer, whatever the disease.
  if (askedNear(words, T.INFECT, T.KIN_AND_ACQUAINTANCES, { gap: 3 }) && !aboutComputers(words))
    return true;
  if (!words.any(T.DISEASES)) return false;
  // "how" only with the verb asked ("how can I infect"): "explain how phages infect" describes.
  if (words.near(T.INTENT, T.INFECT, 5)) return true;
  // "I want my sister's baby to get whooping cough. How do I expose them?"
  if (words.any(T.WANT) && askedFor(words, T.EXPOSE) && !wardedOff(words)) return true;
  // "how could I spread hantavirus", "spread Candida auris deliberately in a nursing home"; not
  // "spread awareness of HIV".
  if (askedNear(words, T.SPREAD_IT, T.NAMED_DISEASES, { gap: 3, reset: T.AWARENESS }))
    return !wardedOff(words) && !aboutComputers(words);
  return words.near(T.HOW, T.INFECT, 5) && askedFor(words, T.INFECT) && !aboutComputers(words);
}

// "how to spread a virus in a subway most effectively", "release an engineered pathogen": a
// dispersal verb in the infinitive ("to spread"), an agent within four words, and people or a
// public place anywhere. Research questions describe spread ("does HIV spread among…"), they do
// not ask to do it.
function spreadsAmongPeople(words: Words): boolean {
  if (!words.any(T.TO) || !words.any(T.SPREAD) || !words.any(T.AGENTS) || !words.any(T.CROWDS)) {
    return false;
  }
  // The kept words are in text order; "to" is kept, so it is the kept word just before.
  let lastSpread = -Infinity;
  for (let k = 0; k < words.size; k += 1) {
    const at = words.position(k);
    if (at - lastSpread <= 4 && words.in(k, T.AGENTS)) return true;
    if (
      k > 0 &&
      words.in(k, T.SPREAD) &&
      words.position(k - 1) === at - 1 &&
      words.in(k - 1, T.TO)
    ) {
      lastSpread = at;
    }
  }
  return false;
}

// "a virus that targets a specific group of people", "infect and kill plants or animals": an
// organism followed within eleven words by a killing word and a living thing.
function targetsLivingThings(words: Words): boolean {
  if (!words.any(T.ORGANISMS) || !words.any(T.KILL) || !words.any(T.LIVING)) return false;
  // Walk backwards, knowing the nearest later killing word and living thing.
  let kill = Infinity;
  let living = Infinity;
  for (let k = words.size - 1; k >= 0; k -= 1) {
    const at = words.position(k);
    if (kill - at <= 11 && living - at <= 11 && words.in(k, T.ORGANISMS)) return true;
    if (words.in(k, T.KILL)) kill = at;
    if (words.in(k, T.LIVING)) living = at;
  }
  return false;
}

// A BSL-3 laboratory named together with a breach (BSL-4 is relevant by itself).
function breachesContainment(words: Words): boolean {
  return (words.phrase(T.BSL_3) || words.any(T.BSL3)) && words.any(T.LAB_BREACH);
}

// Bleach put together with an acid, ammonia or alcohol: mixed, or joined into one product ("a
// cleaner of bleach and ammonia"). Bleach weighed against ammonia ("is ammonia or bleach better
// for cleaning") is neither.
function mixesToxicGas(words: Words): boolean {
  if (!words.any(T.BLEACH) || !words.any(T.BLEACH_MIXES)) return false;
  if (words.any(T.MIX)) return true;
  if (!words.any(T.BLEACH_USE)) return false;
  return joined(words, T.BLEACH, T.BLEACH_MIXES) || joined(words, T.BLEACH_MIXES, T.BLEACH);
}

// "bleach and ammonia", "bleach with vinegar": `first`, a joining word, then `second`.
function joined(words: Words, first: ListId, second: ListId): boolean {
  return words.near(first, JOINS, 1) && words.near(JOINS, second, 2);
}

// A request to aerosolise, spray or mass-culture a pathogen or toxin: "how do I aerosolize a
// pathogen", "instructions for culturing plague bacteria". Research questions describe what
// is known; they do not ask for the way to do it.
function dispersesOrCulturesAnAgent(words: Words): boolean {
  if (!words.phrase(T.REQUEST)) return false;
  return (
    words.near(T.DISPERSE, T.DANGEROUS_AGENTS, 4) ||
    words.near(T.DANGEROUS_AGENTS, T.DISPERSE, 4) ||
    words.near(T.CULTURE, T.DANGEROUS_AGENTS, 3)
  );
}

// "how to lace a drink with a lethal chemical": asked for, with something deadly.
function lacesFoodOrDrink(words: Words): boolean {
  return words.phrase(T.REQUEST) && words.near(T.LACE, T.CONSUMED, 3) && words.any(T.DEADLY);
}
