// The broad net under the shapes: a request to do something (not to explain), an agent that only
// harm names as a thing to handle ("a pathogen", "the toxin", "spores", or a dangerous adjective
// on an organism), and an act done to it (multiplying, keeping viable, spreading, hiding, making
// it airborne), with no sign of clinical, research, safety, pest or computer work. Each shape
// above says how; this one catches the wordings none of them foresaw.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import { aboutComputers, wardedOff } from "./relevance-shapes.js";
import * as broadTerms from "./terms-broad.js";
import { DANGER_ADJ as DANGER_WORDS, ORGANISMS as ORGANISM_WORDS } from "./terms-handling.js";

const T = registerAll(broadTerms);
const DANGER_ADJ = terms.list(DANGER_WORDS);
const ORGANISMS = terms.list(ORGANISM_WORDS);

/** Whether `words` ask to do something harmful to or with an agent named as dangerous. */
export function asksToHandleAnAgent(words: Words): boolean {
  if (!words.phrase(T.DO_REQUESTS) || !words.any(T.ACTS)) return false;
  if (words.any(T.BENIGN_WORK) || wardedOff(words) || aboutComputers(words)) return false;
  return words.any(T.AGENTS) || words.near(DANGER_ADJ, ORGANISMS, 3);
}
