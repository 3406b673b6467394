// Misuse named by its shape rather than by the agent: lists of germs wanted for terror or for
// sickness on purpose, sabotage of a containment laboratory, ordering DNA past the provider's
// screening, drawing a lethal amount of poison out of a plant or product, fouling drinking water
// with a germ named by its disease, and making a germ harder to treat in order to release it.
// Each shape asks for the act (relevance-shapes.ts) and none holds if the text wards it off
// ("how do labs prevent leaks") or is about computers, where viruses are programs.
import type { Words } from "./words.js";
import { terms } from "./relevance-index.js";
import { aboutComputers, asks, wardedOff } from "./relevance-shapes.js";
import * as D from "./terms-deliberate.js";
import * as T from "./terms-misuse.js";
import { NAMED, WATER } from "./relevance-terms.js";
import { nameStartsOf, respell } from "./respell.js";

const ORGANISM_KINDS = terms.list(T.ORGANISM_KINDS);
const NAMED_GERMS = terms.list([...D.HUMAN_DISEASES, ...D.STRICT_AGENTS, ...T.WATER_GERMS]);
const AGENT_KINDS = terms.phraseGroup(T.AGENT_KINDS);
const TERROR = terms.list(T.TERROR);
const TERROR_PHRASES = terms.phraseGroup(T.TERROR_PHRASES);
const ON_PURPOSE = terms.list(T.ON_PURPOSE);
const ON_PURPOSE_PHRASES = terms.phraseGroup(T.ON_PURPOSE_PHRASES);
const LIST_ASKS = terms.list(T.LIST_ASKS);
const WORST = terms.list(T.WORST);
const WORST_PHRASES = terms.phraseGroup(T.WORST_PHRASES);
const GROW = terms.list(T.GROW);
const KEEP_SAFE = terms.list(T.KEEP_SAFE);
const CONTAINMENT_LABS = terms.phraseGroup(T.CONTAINMENT_LABS);
const SABOTAGE = terms.list(T.SABOTAGE);
const SYNTHESIS_WORDS = terms.list(T.SYNTHESIS_WORDS);
const DANGEROUS = terms.list(T.DANGEROUS);
const SELECT_AGENT = terms.phraseGroup(T.SELECT_AGENT);
const DODGE = terms.list(T.DODGE);
const CATCH = terms.list(T.CATCH);
const WITHOUT = terms.list(T.WITHOUT);
const NOTICED = terms.list(T.NOTICED);
const EXTRACT = terms.list(T.EXTRACT);
const NATURAL_POISONS = terms.list(T.NATURAL_POISONS);
const LETHAL = terms.list(T.LETHAL);
const LETHAL_PHRASES = terms.phraseGroup(T.LETHAL_PHRASES);
const WATER_SUPPLY = terms.phraseGroup(WATER);
const WATER_GERMS = terms.list(T.WATER_GERMS);
const DUMP = terms.list(T.DUMP);
const HARDER_TO_TREAT = terms.list(T.HARDER_TO_TREAT);
const FOR_HARM = terms.list(T.FOR_HARM);
const ENHANCE = terms.list(T.ENHANCE);
const RESPELLED_NAMES = terms.list(T.RESPELLED_NAMES);
const NAMED_OUTRIGHT = terms.list(NAMED);
const HIDDEN_WORDS = terms.list(T.HIDDEN_WORDS);
// Joined words are built only when they begin like a name they could be.
const NAME_STARTS = nameStartsOf([...NAMED, ...T.RESPELLED_NAMES]);

/** How far apart (in words) a dodge and the check it dodges may be. */
const DODGE_REACH = 10;

/** Whether the text asks for one of the misuse shapes above. */
export function asksForMisuse(words: Words): boolean {
  return (
    words.any(RESPELLED_NAMES) ||
    wantsAgentsForHarm(words) ||
    sabotagesContainment(words) ||
    dodgesSynthesisScreening(words) ||
    extractsLethalPoison(words) ||
    foulsDrinkingWater(words) ||
    hardensAgentForRelease(words)
  );
}

/**
 * "r1c1n", "s a r i n": whether the words of `text` that change when spelled back name an agent,
 * in English or another spelling. Checked last: most texts decide before it.
 */
export function namesAnAgentRespelled(text: string): boolean {
  const respelled = respell(text, NAME_STARTS);
  if (respelled === null) return false;
  const spelled = terms.scan(respelled.spelled);
  // Nobody spells "d i s e a s e" or "p0is0n" out but to hide it: the common words count too.
  if (spelled.any(NAMED_OUTRIGHT) || spelled.any(RESPELLED_NAMES) || spelled.any(HIDDEN_WORDS)) {
    return true;
  }
  // Joined words are mostly compounds ("toxin-mediated"): only a name counts.
  const joined = terms.scan(respelled.joined);
  return joined.any(NAMED_OUTRIGHT) || joined.any(RESPELLED_NAMES);
}

// "disease agents a terrorist could obtain", "germs that could sicken a whole town", "the
// deadliest microbes someone could culture in a kitchen".
function wantsAgentsForHarm(words: Words): boolean {
  if (aboutComputers(words) || wardedOff(words)) return false;
  const germs = words.any(ORGANISM_KINDS) || words.any(NAMED_GERMS) || words.phrase(AGENT_KINDS);
  if (!germs) return false;
  if (words.any(TERROR) || words.phrase(TERROR_PHRASES)) return true;
  const asked = asks(words) || words.any(LIST_ASKS);
  if (asked && (words.any(ON_PURPOSE) || words.phrase(ON_PURPOSE_PHRASES))) return true;
  return (words.any(WORST) || words.phrase(WORST_PHRASES)) && words.any(GROW);
}

// "tamper with a biocontainment lab's filters", "a breach at a virology lab nobody detects".
function sabotagesContainment(words: Words): boolean {
  return words.phrase(CONTAINMENT_LABS) && words.any(SABOTAGE) && !words.any(KEEP_SAFE);
}

// "order DNA for a toxin gene without the synthesis company flagging it", "disguise a virulence
// gene so DNA printers don't catch it". Dodging the check is the request: no guard applies.
function dodgesSynthesisScreening(words: Words): boolean {
  if (!words.any(SYNTHESIS_WORDS) || aboutComputers(words)) return false;
  if (!words.any(DANGEROUS) && !words.phrase(SELECT_AGENT)) return false;
  return words.near(DODGE, CATCH, DODGE_REACH) || words.near(WITHOUT, NOTICED, DODGE_REACH);
}

// "a lethal dose of nicotine extract", "isolating cyanide from apricot pits in large quantities".
function extractsLethalPoison(words: Words): boolean {
  const drawn = words.near(EXTRACT, NATURAL_POISONS, 4) || words.near(NATURAL_POISONS, EXTRACT, 4);
  return drawn && (words.any(LETHAL) || words.phrase(LETHAL_PHRASES));
}

// "put typhoid into a town's drinking water", "dump a microbe into the public water supply".
function foulsDrinkingWater(words: Words): boolean {
  if (!words.phrase(WATER_SUPPLY) || !words.any(WATER_GERMS)) return false;
  return words.any(DUMP) || (asks(words) && !wardedOff(words));
}

// "enhance a bacterium's antibiotic resistance so it can't be treated, for release".
function hardensAgentForRelease(words: Words): boolean {
  if (aboutComputers(words) || !words.any(ORGANISM_KINDS)) return false;
  return words.near(ENHANCE, HARDER_TO_TREAT, 5) && words.any(FOR_HARM);
}
