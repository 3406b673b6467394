// Agroterrorism and deliberate resistance, asked for: "introduce African swine fever into a pig
// farm", "spread wheat stem rust across farmland", "kill their crops with a fungus", "make MRSA
// more resistant in my home lab", and an organism set loose to wreck an ecosystem. How a disease reached a country's farms, and how to keep one
// out ("prevent bird flu spreading to my flock"), are not asked for or are warded off.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import {
  aboutComputers,
  askedFor,
  askedNear,
  asks,
  opensWith,
  wardedOff,
} from "./relevance-shapes.js";
import { BUGS as BUG_WORDS } from "./terms-deliberate.js";
import * as farmTerms from "./terms-farm.js";

const T = registerAll(farmTerms);
const BUGS = terms.list(BUG_WORDS);

/** Whether the text asks to bring a farm disease in, or to make a germ harder to treat. */
export function harmsFarmsOrResists(words: Words): boolean {
  if (wardedOff(words) || aboutComputers(words)) return false;
  // "which crop pathogen would do the most damage if introduced": a choice, asked as a question.
  const worstChosen =
    words.phrase(T.MOST_DAMAGE) && words.any(T.BRING_IN) && words.any(T.GENERIC_AGENTS);
  if (worstChosen && words.any(T.FARM_TARGETS) && (asks(words) || opensWith(words, T.CHOOSING)))
    return true;
  // Its own verb is asked for: "Set loose a fungus …" opens with no imperative of `asks`.
  if (harmsTheWild(words)) return true;
  if (!asks(words)) return false;
  if (words.phrase(T.FARM_DISEASES) && words.any(T.BRING_IN) && words.any(T.FARM_TARGETS))
    return true;
  // An unnamed germ: "kill the crops in my neighbour's field with a fungus" (the farm is what
  // is harmed), "spread a plant virus through their fields" (the germ is what is spread, near a
  // farm). "Kill the aphids on my crops with a fungus" harms the aphids: the place word resets.
  if (words.any(T.GENERIC_AGENTS)) {
    if (askedNear(words, T.FARM_HARM, T.FARM_TARGETS, { gap: 4, reset: T.PLACES })) return true;
    if (askedNear(words, T.FOUL, T.FARM_TARGETS, { gap: 4 })) return true;
    if (words.any(T.FAMINE) && askedFor(words, T.BRING_IN)) return true;
    if (
      askedNear(words, T.BRING_IN, T.GENERIC_AGENTS, { gap: 3 }) &&
      words.near(T.GENERIC_AGENTS, T.FARM_TARGETS, 6)
    )
      return true;
  }
  return words.near(T.CAUSE, T.RESISTANT, 4) && words.phrase(T.BROADER) && words.any(BUGS);
}

// "Set loose a fungus that will wreck the local ecosystem", "put a virus into the wild to cause
// environmental damage": an organism asked to be set free, and the harm to nature named.
// Biological control names the pest it is for, and research the risk it weighs.
function harmsTheWild(words: Words): boolean {
  if (words.any(T.WILD_BENIGN)) return false;
  if (!words.phrase(T.WILD_HARM) && !words.near(T.RUIN, T.ECOSYSTEMS, 3)) return false;
  if (words.phrase(T.GENE_DRIVE) && askedFor(words, T.SET_FREE)) return true;
  if (words.any(T.LOOSE) && askedNear(words, T.SET_OR_LET, T.WILD_AGENTS, { gap: 4 })) return true;
  return askedNear(words, T.SET_FREE, T.WILD_AGENTS, { gap: 4, reset: T.SPREAD_WORDS });
}
