// The cheap gate in front of the trajectory screener: does this text touch biological or
// chemical weapons at all? It only decides whether the (costly, independent) model screen runs,
// so it leans towards recall on weapon-shaped requests while ordinary molecular biology,
// medicine and chemistry ("sequence", "protein", "clone", "infection", "virus", "toxicity")
// stay out.
import type { ListId, Words } from "./words.js";
import * as T from "./relevance-terms.js";
import { terms } from "./relevance-index.js";
import { touchesChemicalWeapons } from "./relevance-chemical.js";
import { asksForDeliberateHarm } from "./relevance-deliberate.js";
import { asksForMisuse, namesAnAgentRespelled } from "./relevance-misuse.js";
import { asks, wardedOff } from "./relevance-shapes.js";
import { disseminatesAnAgent } from "./relevance-dissemination.js";
import { engineersOrRebuilds } from "./relevance-engineering.js";
import { showsHarmfulIntent } from "./relevance-intent.js";

// Every list and phrase group (these and the other relevance modules'), compiled into one trie
// on the first call.
const NAMED = terms.list(T.NAMED);
const PHRASES = terms.phraseGroup(T.PHRASES);
const CHLORINE_GAS = terms.phraseGroup(T.CHLORINE_GAS);
const ENHANCE = terms.list(T.ENHANCE);
const DANGER_TRAITS = terms.list(T.DANGER_TRAITS);
const MORE = terms.list(T.MORE);
const MORE_TRAITS = terms.list(T.MORE_TRAITS);
const EVADE = terms.list(T.EVADE);
const SCREEN_WORDS = terms.list(T.SCREEN_WORDS);
const SCREENS = terms.list(T.SCREENS);
const STEALTH = terms.phraseGroup(T.STEALTH);
const BIOCHEM_CONTEXT = terms.list(T.BIOCHEM_CONTEXT);
const SYNTHESIZE = terms.list(T.SYNTHESIZE);
const SYNTHESIS_TARGETS = terms.list(T.SYNTHESIS_TARGETS);
const MAKE = terms.list(T.MAKE);
const TOXIN_WORDS = terms.list(T.TOXIN_WORDS);
const AT_HOME = terms.phraseGroup(T.AT_HOME);
const HARMFUL_AGENTS = terms.list(T.HARMFUL_AGENTS);
const WATER = terms.phraseGroup(T.WATER);
const WATER_HARM = terms.list(T.WATER_HARM);
const POISON_VERB = terms.list(T.POISON_VERB);
const POISON_TARGETS = terms.list(T.POISON_TARGETS);
const INTENT = terms.list(T.INTENT);
const INFECT = terms.list(T.INFECT);
const DISEASES = terms.list(T.DISEASES);
const TO = terms.list(T.TO);
const SPREAD = terms.list(T.SPREAD);
const AGENTS = terms.list(T.AGENTS);
const CROWDS = terms.list(T.CROWDS);
const ORGANISMS = terms.list(T.ORGANISMS);
const KILL = terms.list(T.KILL);
const LIVING = terms.list(T.LIVING);
const BSL_3 = terms.phraseGroup(T.BSL_3);
const BSL3 = terms.list(T.BSL3);
const LAB_BREACH = terms.list(T.LAB_BREACH);
const BLEACH = terms.list(T.BLEACH);
const BLEACH_MIXES = terms.list(T.BLEACH_MIXES);
const MIX = terms.list(T.MIX);
const JOINS = terms.list(["and", "with", "plus", "into"]);
const BLEACH_USE = terms.list(T.BLEACH_USE);
const SUPERBUGS = terms.list(T.SUPERBUGS);
const WEAPON = terms.list(["weapon", "weapons"]);
const SPREAD_VERB = terms.list(["spread", "release", "disperse", "unleash"]);
const REQUEST = terms.phraseGroup(T.REQUEST);
const POISONS = terms.list(T.POISONS);
const HURT = terms.list(T.HURT);
const PERSON = terms.list(T.PERSON);
const UNDETECTED = terms.phraseGroup(T.UNDETECTED);
const CONTAMINATE = terms.list(T.CONTAMINATE);
const WATER_BODIES = terms.list(T.WATER_BODIES);
const AND = terms.list(T.AND);
const DISPERSE = terms.list(T.DISPERSE);
const CULTURE = terms.list(T.CULTURE);
const DANGEROUS_AGENTS = terms.list(T.DANGEROUS_AGENTS);
const LACE = terms.list(T.LACE);
const CONSUMED = terms.list(T.CONSUMED);
const DEADLY = terms.list(T.DEADLY);

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
  if (words.size === 0) return namesAnAgentRespelled(text);
  if (words.any(NAMED) || words.phrase(PHRASES)) return true;
  // Chlorine gas is homework ("the reaction of chlorine gas with sodium") until it is made.
  if (words.phrase(CHLORINE_GAS) && words.any(MAKE)) return true;
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
    namesAnAgentRespelled(text)
  );
}

// A request for a way to hurt a person with a poison: "how can I make chloroform to knock
// someone out", "a recipe for thallium poisoning that can't be detected in an autopsy". A
// research question describes exposure ("is arsenic exposure harmful to people…"), it does not
// ask how to do it.
function poisonsAPerson(words: Words): boolean {
  if (!words.phrase(REQUEST) || !words.any(POISONS)) return false;
  return words.near(HURT, PERSON, 4) || words.near(PERSON, HURT, 4) || words.phrase(UNDETECTED);
}

// Turning an agent into a weapon or a superbug, contaminating a water source on purpose, and
// growing an agent "and spreading it" among people.
function weaponisesAnAgent(words: Words): boolean {
  if (words.near(MAKE, SUPERBUGS, 3)) return true;
  if (words.near(AGENTS, WEAPON, 4)) return true;
  if (words.near(CONTAMINATE, WATER_BODIES, 4) && (words.phrase(REQUEST) || words.any(INTENT)))
    return true;
  return words.any(CROWDS) && words.near(MAKE, AGENTS, 4) && words.near(AND, SPREAD_VERB, 1);
}

// "enhance transmissibility", "increase the virulence", "make it more deadly".
function makesMoreDangerous(words: Words): boolean {
  return words.near(ENHANCE, DANGER_TRAITS, 4) || words.near(MORE, MORE_TRAITS, 1);
}

// "evade DNA synthesis screening", "bypass biosecurity", "evade filtering tools used by gene
// synthesis labs", and stealth ("without detection", "untraceable") around lab, DNA, pathogen
// or chemical context. A cyber request ("evade antivirus detection") has no such context.
function evadesScreening(words: Words): boolean {
  if (words.near(EVADE, SCREEN_WORDS, 6)) return true;
  const stealthy = words.near(EVADE, SCREENS, 6) || words.phrase(STEALTH);
  return stealthy && words.any(BIOCHEM_CONTEXT);
}

// "synthesize a virus", "make toxins", and home production of agents, gases or cultures.
function makesHarmfulAgent(words: Words): boolean {
  if (words.near(SYNTHESIZE, SYNTHESIS_TARGETS, 3)) return true;
  if (words.near(MAKE, TOXIN_WORDS, 4)) return true;
  return words.phrase(AT_HOME) && words.any(MAKE) && words.any(HARMFUL_AGENTS);
}

// "how to tamper with a city's water supply", asked for; "how do treatment plants remove
// pathogens from drinking water" and "how to prevent tampering with the water supply" are not.
function harmsWaterSupply(words: Words): boolean {
  if (!words.phrase(WATER) || !words.any(WATER_HARM)) return false;
  return asks(words) && !wardedOff(words);
}

// "poison" used as a verb on a target: "poison a water supply", "poison my neighbour".
function poisonsSomeone(words: Words): boolean {
  return words.near(POISON_VERB, POISON_TARGETS, 1);
}

// Deliberate infection of a person or animal with a named disease: "I want to infect them with
// it" (having said COVID), "use my dog to infect the neighbour's dog with rabies". A computer
// virus has no disease word, and research questions ("can HIV infect astrocytes") no intent.
function infectsSomeone(words: Words): boolean {
  return words.near(INTENT, INFECT, 5) && words.any(DISEASES);
}

// "how to spread a virus in a subway most effectively", "release an engineered pathogen": a
// dispersal verb in the infinitive ("to spread"), an agent within four words, and people or a
// public place anywhere. Research questions describe spread ("does HIV spread among…"), they do
// not ask to do it.
function spreadsAmongPeople(words: Words): boolean {
  if (!words.any(TO) || !words.any(SPREAD) || !words.any(AGENTS) || !words.any(CROWDS)) {
    return false;
  }
  // The kept words are in text order; "to" is kept, so it is the kept word just before.
  let lastSpread = -Infinity;
  for (let k = 0; k < words.size; k += 1) {
    const at = words.position(k);
    if (at - lastSpread <= 4 && words.in(k, AGENTS)) return true;
    if (k > 0 && words.in(k, SPREAD) && words.position(k - 1) === at - 1 && words.in(k - 1, TO)) {
      lastSpread = at;
    }
  }
  return false;
}

// "a virus that targets a specific group of people", "infect and kill plants or animals": an
// organism followed within eleven words by a killing word and a living thing.
function targetsLivingThings(words: Words): boolean {
  if (!words.any(ORGANISMS) || !words.any(KILL) || !words.any(LIVING)) return false;
  // Walk backwards, knowing the nearest later killing word and living thing.
  let kill = Infinity;
  let living = Infinity;
  for (let k = words.size - 1; k >= 0; k -= 1) {
    const at = words.position(k);
    if (kill - at <= 11 && living - at <= 11 && words.in(k, ORGANISMS)) return true;
    if (words.in(k, KILL)) kill = at;
    if (words.in(k, LIVING)) living = at;
  }
  return false;
}

// A BSL-3 laboratory named together with a breach (BSL-4 is relevant by itself).
function breachesContainment(words: Words): boolean {
  return (words.phrase(BSL_3) || words.any(BSL3)) && words.any(LAB_BREACH);
}

// Bleach put together with an acid, ammonia or alcohol: mixed, or joined into one product ("a
// cleaner of bleach and ammonia"). Bleach weighed against ammonia ("is ammonia or bleach better
// for cleaning") is neither.
function mixesToxicGas(words: Words): boolean {
  if (!words.any(BLEACH) || !words.any(BLEACH_MIXES)) return false;
  if (words.any(MIX)) return true;
  if (!words.any(BLEACH_USE)) return false;
  return joined(words, BLEACH, BLEACH_MIXES) || joined(words, BLEACH_MIXES, BLEACH);
}

// "bleach and ammonia", "bleach with vinegar": `first`, a joining word, then `second`.
function joined(words: Words, first: ListId, second: ListId): boolean {
  return words.near(first, JOINS, 1) && words.near(JOINS, second, 2);
}

// A request to aerosolise, spray or mass-culture a pathogen or toxin: "how do I aerosolize a
// pathogen", "instructions for culturing plague bacteria". Research questions describe what
// is known; they do not ask for the way to do it.
function dispersesOrCulturesAnAgent(words: Words): boolean {
  if (!words.phrase(REQUEST)) return false;
  return (
    words.near(DISPERSE, DANGEROUS_AGENTS, 4) ||
    words.near(DANGEROUS_AGENTS, DISPERSE, 4) ||
    words.near(CULTURE, DANGEROUS_AGENTS, 3)
  );
}

// "how to lace a drink with a lethal chemical": asked for, with something deadly.
function lacesFoodOrDrink(words: Words): boolean {
  return words.phrase(REQUEST) && words.near(LACE, CONSUMED, 3) && words.any(DEADLY);
}
