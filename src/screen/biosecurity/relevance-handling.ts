// Handling a dangerous agent, asked for, whatever the agent is called: getting, growing,
// refining or moving "a pathogen", "the toxin", "a deadly virus", "a dangerous bacterium".
// The verb must be asked ("how to culture", "can someone smuggle", "for growing"), so a
// description ("bacteria produce toxins", "the lab grows pathogens for study") stays out, and
// clinical, diagnostic and vaccine work is passed over.
import type { Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import { aboutComputers, askedFor, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as handlingTerms from "./terms-handling.js";

const T = registerAll(handlingTerms);

/** How far after the verb (in words) the agent may be: "grow large quantities of a deadly bacterium". */
const REACH = 6;
/** How far before the organism its adjective may be: "a deadly Gram-negative bacterium". */
const ADJECTIVE_REACH = 3;

/** Whether `words` ask to get, grow, refine or move an agent named as dangerous. */
export function handlesADangerousAgent(words: Words): boolean {
  if (words.any(T.CARE_WORK) || aboutComputers(words) || wardedOff(words)) return false;
  if (askedNear(words, T.HANDLE, T.HARM_AGENTS, { gap: REACH })) return true;
  // "the easiest toxin to make", "a pathogen to grow", or out of sight ("take a pathogen culture
  // home without my supervisor finding out").
  if (words.near(T.HARM_AGENTS, T.HANDLE, 2) && askedFor(words, T.HANDLE)) return true;
  if (words.any(T.HARM_AGENTS) && words.near(T.WITHOUT, T.FINDING_OUT, 4) && asks(words))
    return true;
  return (
    askedNear(words, T.HANDLE, T.DANGER_ADJ, { gap: REACH }) &&
    words.near(T.DANGER_ADJ, T.ORGANISMS, ADJECTIVE_REACH)
  );
}
