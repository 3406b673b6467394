// Agroterrorism and deliberate resistance, asked for: "introduce African swine fever into a pig
// farm", "spread wheat stem rust across farmland", "make MRSA more resistant in my home lab". How a
// disease reached a country's farms, and how to keep one out ("prevent bird flu spreading to my
// flock"), are not asked for or are warded off.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import { aboutComputers, asks, wardedOff } from "./relevance-shapes.js";
import { BUGS as BUG_WORDS } from "./terms-deliberate.js";
import * as farmTerms from "./terms-farm.js";

const T = registerAll(farmTerms);
const BUGS = terms.list(BUG_WORDS);

/** Whether the text asks to bring a farm disease in, or to make a germ harder to treat. */
export function harmsFarmsOrResists(words: Words): boolean {
  if (!asks(words) || wardedOff(words) || aboutComputers(words)) return false;
  if (words.phrase(T.FARM_DISEASES) && words.any(T.BRING_IN) && words.any(T.FARM_TARGETS))
    return true;
  return words.near(T.CAUSE, T.RESISTANT, 4) && words.phrase(T.BROADER) && words.any(BUGS);
}
