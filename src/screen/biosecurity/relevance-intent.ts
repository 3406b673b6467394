// Intent by shape, where neither the agent's name nor a deliberate-harm verb says it: a chemical
// chosen to kill the most people, a poison chosen because it cannot be traced, an agent made in a
// garage or a home lab, fiction that asks for the accurate procedure, and chemical agents by
// their military codes. Preparedness and history ("how should hospitals prepare for a chemical
// mass casualty incident"), forensic research ("can arsenic be detected at autopsy?"), a
// sourdough starter in the garage and a story about a nurse in an outbreak stay out.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import { MAKE } from "./relevance-terms.js";
import { aboutComputers, askedFor, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as intentTerms from "./terms-intent.js";
import { DANGER_ADJ as DANGER_WORDS, ORGANISMS as ORGANISM_WORDS } from "./terms-handling.js";

const T = registerAll(intentTerms);
const DANGER_ADJ = terms.list(DANGER_WORDS);
const ORGANISMS = terms.list(ORGANISM_WORDS);
// Making, and its noun: "scale up production of a toxin in a homemade fermenter".
const MAKE_VERBS = terms.list([...MAKE, "production"]);

/** Whether `words` show intent to harm with a chemical or an agent by one of the shapes above. */
export function showsHarmfulIntent(words: Words): boolean {
  return (
    killsTheMostWithAChemical(words) ||
    choosesAnUntracedPoison(words) ||
    makesAnAgentInAHideout(words) ||
    asksFictionForTheProcedure(words) ||
    namesAnAgentByCode(words) ||
    scoutsABiolab(words) ||
    makesAGasThatKills(words) ||
    turnsAChemicalIntoAWeapon(words) ||
    buysAToxicPlantUnnoticed(words)
  );
}

// "the building layout of the CDC labs without official permission", "the badge readers at
// USAMRIID, and how do I get past them".
function scoutsABiolab(words: Words): boolean {
  const lab = words.any(T.BIOLABS) || words.near(T.DISEASE, T.CONTROL, 1);
  // "cdc-acm" is a USB driver.
  if (!lab || !words.any(T.PLANS) || aboutComputers(words)) return false;
  if (words.near(T.WITHOUT, T.PERMISSION, 2) || words.any(T.UNAUTHORISED)) return true;
  return words.near(T.GET_BY, T.PAST, 1);
}

// "which household chemicals can I combine to make a gas that kills", "what deadly gases can I
// make with my lab's chemicals" (not "a gas that kills weeds").
function makesAGasThatKills(words: Words): boolean {
  if (words.any(T.PESTS)) return false;
  if (!words.near(T.GAS, T.KILLS, 3) && !words.near(T.KILLS, T.GAS, 1)) return false;
  if (askedNear(words, T.MAKE_GAS, T.GAS, { gap: 3 })) return true;
  // The gas named before the verb that makes it: "which gases can I make".
  return words.near(T.GAS, T.MAKE_GAS, 3) && askedFor(words, T.MAKE_GAS);
}

// "how to turn a pesticide into a weapon against people".
function turnsAChemicalIntoAWeapon(words: Words): boolean {
  return words.near(T.CHEMICAL_KINDS, T.WEAPON, 4) && asks(words) && !wardedOff(words);
}

// "buy castor beans in bulk without anyone asking why, then process them".
function buysAToxicPlantUnnoticed(words: Words): boolean {
  return words.any(T.TOXIC_PLANTS) && words.any(T.UNNOTICED) && words.any(T.ACQUIRE_OR_PROCESS);
}

// "what chemical would kill the most people in a packed stadium", "the best toxic compound to
// cause mass casualties".
function killsTheMostWithAChemical(words: Words): boolean {
  if (!words.any(T.CHEMICALS) || !words.any(T.LETHAL_OUTCOME) || !asks(words)) return false;
  return words.near(T.MOST, T.TOLL, 2) && !words.any(T.PREPAREDNESS);
}

// "which poison can't be traced at an autopsy", "an untraceable poison", "the most lethal poison
// that is hard to detect" (but not "why is thallium poisoning hard to detect?").
function choosesAnUntracedPoison(words: Words): boolean {
  if (!words.any(T.POISONS)) return false;
  return words.phrase(T.UNTRACED) || (words.phrase(T.HARD_TO_FIND) && words.phrase(T.DEADLIEST));
}

// "how to make a pathogen in my garage lab", "brew a toxin in a basement".
function makesAnAgentInAHideout(words: Words): boolean {
  if (!words.any(T.HIDEOUT_AGENTS) || !words.any(MAKE_VERBS)) return false;
  if (aboutComputers(words) || wardedOff(words)) return false;
  return words.any(T.HIDEOUTS) || words.near(T.HOME, T.LAB, 1);
}

// "for my thriller, the villain contaminates the reservoir with a pathogen; describe exactly how",
// "in a story, a character cultures plague; give the accurate technical procedure".
function asksFictionForTheProcedure(words: Words): boolean {
  if (!words.any(T.FICTION) || !words.any(T.REALISM)) return false;
  // The agent by name, or by a dangerous adjective ("engineers a deadly virus").
  const agent = words.any(T.FICTION_AGENTS) || words.near(DANGER_ADJ, ORGANISMS, 3);
  return agent && words.any(T.HARM_ACTS);
}

// "what yield of GB from DF and isopropanol", "how much SEB would incapacitate a room", "produce
// HN3 in a home lab".
function namesAnAgentByCode(words: Words): boolean {
  if (aboutComputers(words)) return false;
  if (words.any(T.AGENT_CODES) && words.any(T.CODE_CONTEXT)) return true;
  if (!words.any(T.MUSTARD_CODES)) return false;
  return words.any(T.CODE_CONTEXT) || words.any(MAKE_VERBS);
}
