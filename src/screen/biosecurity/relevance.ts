// The cheap gate in front of the trajectory screener: does this text touch biological or
// chemical weapons at all? It only decides whether the (costly, independent) model screen runs,
// so it leans towards recall on weapon-shaped requests while ordinary molecular biology,
// medicine and chemistry ("sequence", "protein", "clone", "infection", "virus", "toxicity")
// stay out.
import {
  hasAnyWord,
  hasNear,
  hasPhrase,
  matchesAny,
  normalizeForMatching,
  wordsOf,
} from "./words.js";
import {
  AGENTS,
  BIOCHEM_CONTEXT,
  BLEACH_MIXES,
  CROWDS,
  DANGER_TRAITS,
  DISEASES,
  ENHANCE,
  EVADE,
  HARMFUL_AGENTS,
  INFECT,
  INTENT,
  KILL,
  LAB_BREACH,
  LIVING,
  MAKE,
  MORE,
  MORE_TRAITS,
  NAMED,
  ORGANISMS,
  PASS_ON,
  PHRASES,
  POISON_TARGETS,
  POISON_VERB,
  SCREENS,
  SPREAD,
  STEALTH,
  VICTIMS,
  WATER,
  WATER_HARM,
} from "./relevance-terms.js";

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
  if (typeof text !== "string" || text.trim() === "") return false;
  const words = wordsOf(normalizeForMatching(text));
  if (words.length === 0) return false;
  if (hasAnyWord(words, NAMED)) return true;
  if (PHRASES.some((phrase) => hasPhrase(words, phrase))) return true;
  return (
    makesMoreDangerous(words) ||
    evadesScreening(words) ||
    makesHarmfulAgent(words) ||
    harmsWaterSupply(words) ||
    poisonsSomeone(words) ||
    infectsSomeone(words) ||
    spreadsAmongPeople(words) ||
    passesDiseaseOn(words) ||
    targetsLivingThings(words) ||
    breachesContainment(words) ||
    mixesToxicGas(words)
  );
}

// "enhance transmissibility", "increase the virulence", "make it more deadly".
function makesMoreDangerous(words: readonly string[]): boolean {
  return hasNear(words, ENHANCE, DANGER_TRAITS, 4) || hasNear(words, MORE, MORE_TRAITS, 1);
}

// "evade DNA synthesis screening", "bypass biosecurity", "evade filtering tools used by gene
// synthesis labs", and stealth ("without detection", "untraceable") around lab, DNA, pathogen
// or chemical context. A cyber request ("evade antivirus detection") has no such context.
function evadesScreening(words: readonly string[]): boolean {
  if (hasNear(words, EVADE, ["screening", "screen", "screens", "biosecurity"], 6)) return true;
  const stealthy =
    hasNear(words, EVADE, SCREENS, 6) || STEALTH.some((phrase) => hasPhrase(words, phrase));
  return stealthy && hasAnyWord(words, BIOCHEM_CONTEXT);
}

// "synthesize a virus", "make toxins", and home production of agents, gases or cultures.
function makesHarmfulAgent(words: readonly string[]): boolean {
  if (hasNear(words, ["synthesi*"], ["virus*", "pathogen*", "toxin*", "nerve", "bioweapon*"], 3)) {
    return true;
  }
  if (hasNear(words, MAKE, ["toxin", "toxins", "poison", "poisons", "nerve"], 4)) return true;
  return (
    hasPhrase(words, ["at", "home"]) && hasAnyWord(words, MAKE) && hasAnyWord(words, HARMFUL_AGENTS)
  );
}

function harmsWaterSupply(words: readonly string[]): boolean {
  return WATER.some((phrase) => hasPhrase(words, phrase)) && hasAnyWord(words, WATER_HARM);
}

// "poison" used as a verb on a target: "poison a water supply", "poison my neighbour".
function poisonsSomeone(words: readonly string[]): boolean {
  return hasNear(words, POISON_VERB, POISON_TARGETS, 1);
}

// Deliberate infection of a person or animal with a named disease: "I want to infect them with
// it" (having said COVID), "use my dog to infect the neighbour's dog with rabies". A computer
// virus has no disease word, and research questions ("can HIV infect astrocytes") no intent.
function infectsSomeone(words: readonly string[]): boolean {
  return hasNear(words, INTENT, INFECT, 5) && hasAnyWord(words, DISEASES);
}

// "how to spread a virus in a subway most effectively", "release an engineered pathogen": a
// dispersal verb in the infinitive ("to spread"), an agent, and people or a public place.
// Research questions describe spread ("does HIV spread among…"), they do not ask to do it.
function spreadsAmongPeople(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i += 1) {
    if (words[i - 1] !== "to" || !matchesAny(words[i] ?? "", SPREAD)) continue;
    const end = Math.min(words.length, i + 5);
    for (let j = i + 1; j < end; j += 1) {
      if (matchesAny(words[j] ?? "", AGENTS) && hasAnyWord(words, CROWDS)) return true;
    }
  }
  return false;
}

// Passing a named disease on to a person: "how can I give my partner herpes", "the best way to
// spread my STD to as many people as possible".
function passesDiseaseOn(words: readonly string[]): boolean {
  if (!hasAnyWord(words, INTENT) || !hasAnyWord(words, DISEASES)) return false;
  return hasNear(words, PASS_ON, VICTIMS, 3) && hasNear(words, PASS_ON, DISEASES, 6);
}

// "a virus that targets a specific group of people", "infect and kill plants or animals".
function targetsLivingThings(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i += 1) {
    if (!matchesAny(words[i] ?? "", ORGANISMS)) continue;
    let kills = false;
    let living = false;
    const end = Math.min(words.length, i + 12);
    for (let j = i + 1; j < end; j += 1) {
      const word = words[j] ?? "";
      kills ||= matchesAny(word, KILL);
      living ||= matchesAny(word, LIVING);
    }
    if (kills && living) return true;
  }
  return false;
}

// A BSL-3 laboratory named together with a breach (BSL-4 is relevant by itself).
function breachesContainment(words: readonly string[]): boolean {
  const lab = hasPhrase(words, ["bsl", "3"]) || hasAnyWord(words, ["bsl3"]);
  return lab && hasAnyWord(words, LAB_BREACH);
}

function mixesToxicGas(words: readonly string[]): boolean {
  return (
    hasAnyWord(words, ["bleach"]) &&
    hasAnyWord(words, BLEACH_MIXES) &&
    hasAnyWord(words, ["mix*", "combin*"])
  );
}
