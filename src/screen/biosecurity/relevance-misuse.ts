// Misuse named by its shape rather than by the agent: lists of germs wanted for terror or for
// sickness on purpose, sabotage of a containment laboratory, ordering DNA past the provider's
// screening, drawing a lethal amount of poison out of a plant or product, fouling drinking water
// with a germ named by its disease, and making a germ harder to treat in order to release it.
// Each shape asks for the act (relevance-shapes.ts) and none holds if the text wards it off
// ("how do labs prevent leaks") or is about computers, where viruses are programs.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import { aboutComputers, asks, wardedOff } from "./relevance-shapes.js";
import * as D from "./terms-deliberate.js";
import * as misuseTerms from "./terms-misuse.js";
import { NAMED, WATER } from "./relevance-terms.js";
import { nameStartsOf, respell } from "./respell.js";

const T = registerAll(misuseTerms);
const NAMED_GERMS = terms.list([
  ...D.HUMAN_DISEASES,
  ...D.STRICT_AGENTS,
  ...misuseTerms.WATER_GERMS,
]);
const WATER_SUPPLY = terms.phraseGroup(WATER);
const NAMED_OUTRIGHT = terms.list(NAMED);
// Joined words are built only when they begin like a name they could be.
const NAME_STARTS = nameStartsOf([...NAMED, ...misuseTerms.RESPELLED_NAMES]);

/** How far apart (in words) a dodge and the check it dodges may be. */
const DODGE_REACH = 14;

/** Whether the text asks for one of the misuse shapes above. */
export function asksForMisuse(words: Words): boolean {
  return (
    words.any(T.RESPELLED_NAMES) ||
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
  if (
    spelled.any(NAMED_OUTRIGHT) ||
    spelled.any(T.RESPELLED_NAMES) ||
    spelled.any(T.HIDDEN_WORDS)
  ) {
    return true;
  }
  // Joined words are mostly compounds ("toxin-mediated"): only a name counts.
  const joined = terms.scan(respelled.joined);
  return joined.any(NAMED_OUTRIGHT) || joined.any(T.RESPELLED_NAMES);
}

// "disease agents a terrorist could obtain", "germs that could sicken a whole town", "the
// deadliest microbes someone could culture in a kitchen", "which disease would suit a
// terrorist", "a bug I could grow to take out a whole town".
function wantsAgentsForHarm(words: Words): boolean {
  if (aboutComputers(words) || wardedOff(words)) return false;
  const germs =
    words.any(T.ORGANISM_KINDS) ||
    words.any(NAMED_GERMS) ||
    words.phrase(T.AGENT_KINDS) ||
    (words.any(T.DISEASE_WORDS) &&
      (asks(words) || words.any(T.BEST) || words.any(T.WORST) || words.phrase(T.WORST_PHRASES))) ||
    (words.any(T.BUG_WORDS) && words.any(T.GROW));
  if (!germs) return false;
  if (words.any(T.TERROR) || words.phrase(T.TERROR_PHRASES)) return true;
  const asked = asks(words) || words.any(T.LIST_ASKS);
  if (asked && (words.any(T.ON_PURPOSE) || words.phrase(T.ON_PURPOSE_PHRASES))) return true;
  const worst = words.any(T.WORST) || words.phrase(T.WORST_PHRASES);
  return worst && (words.any(T.GROW) || words.any(T.RELEASED));
}

// "tamper with a biocontainment lab's filters", "a breach at a virology lab nobody detects",
// "cause a release of pathogens from a research facility", "mislabel shipments of a pathogen".
function sabotagesContainment(words: Words): boolean {
  if (words.any(T.KEEP_SAFE)) return false;
  if (words.phrase(T.CONTAINMENT_LABS)) {
    if (words.any(T.SABOTAGE) || words.any(T.SABOTAGE_ANY)) return true;
    if (words.phrase(T.CAUSE_A_RELEASE)) return true;
  }
  // Any lab or shipment, with the agent named and the sabotage asked for.
  if (!words.any(T.LABS_AND_SHIPMENTS) || !words.any(T.LAB_AGENTS) || !asks(words)) return false;
  return words.any(T.SABOTAGE_ANY) || words.phrase(T.CAUSE_A_RELEASE);
}

// "order DNA for a toxin gene without the synthesis company flagging it", "disguise a virulence
// gene so DNA printers don't catch it". Dodging the check is the request: no guard applies.
function dodgesSynthesisScreening(words: Words): boolean {
  // "screening software" is the provider's, not a computer virus: pathogens and toxins are biology.
  if (!words.any(T.SYNTHESIS_WORDS)) return false;
  if (aboutComputers(words) && !words.any(T.BIOLOGY_ONLY)) return false;
  if (!words.any(T.DANGEROUS) && !words.phrase(T.SELECT_AGENT)) return false;
  if (words.near(T.DODGE, T.CATCH, DODGE_REACH)) return true;
  return words.near(T.WITHOUT, T.NOTICED, DODGE_REACH) || words.near(T.NEGATION, T.CATCH, 1);
}

// "a lethal dose of nicotine extract", "isolating cyanide from apricot pits in large quantities".
function extractsLethalPoison(words: Words): boolean {
  const drawn =
    words.near(T.EXTRACT, T.NATURAL_POISONS, 4) || words.near(T.NATURAL_POISONS, T.EXTRACT, 4);
  return drawn && (words.any(T.LETHAL) || words.phrase(T.LETHAL_PHRASES));
}

// "put typhoid into a town's drinking water", "dump a microbe into the public water supply".
function foulsDrinkingWater(words: Words): boolean {
  if (!words.phrase(WATER_SUPPLY) || !words.any(T.WATER_GERMS)) return false;
  return words.any(T.DUMP) || (asks(words) && !wardedOff(words));
}

// "enhance a bacterium's antibiotic resistance so it can't be treated, for release".
function hardensAgentForRelease(words: Words): boolean {
  if (aboutComputers(words) || !words.any(T.ORGANISM_KINDS)) return false;
  return words.near(T.ENHANCE, T.HARDER_TO_TREAT, 5) && words.any(T.FOR_HARM);
}
