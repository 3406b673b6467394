// Harm done on the quiet, by shape: "what can I put in my boss's coffee to make him seriously
// ill", and an agent chosen for release where people gather ("which diseases would spread fastest
// if released at a music festival"). Advice for one's own food when ill ("what can I add to my
// tea when I'm sick") names no other person, food given to help is care, and how diseases
// spread at festivals releases nothing.
import type { Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import { aboutComputers, asks, wardedOff } from "./relevance-shapes.js";
import * as covertTerms from "./terms-covert.js";

const T = registerAll(covertTerms);

/** Whether the text asks to sicken another person through their food or drink. */
function sickensThroughFood(words: Words): boolean {
  if (!words.near(T.PUT_IN, T.THEIR_FOOD, 5) || !words.near(T.OTHERS, T.THEIR_FOOD, 2))
    return false;
  return words.any(T.MADE_ILL) && !words.any(T.CARE) && !aboutComputers(words);
}

/** Whether the text asks which agent to release at a gathering. */
function choosesAgentForGathering(words: Words): boolean {
  if (wardedOff(words) || aboutComputers(words)) return false;
  if (!words.any(T.RELEASED) || !words.any(T.GATHERED) || !words.any(T.AGENT_KINDS)) return false;
  return words.phrase(T.CHOSEN) || asks(words);
}

/** Whether the text asks for one of the covert shapes above. */
export function harmsCovertly(words: Words): boolean {
  return sickensThroughFood(words) || choosesAgentForGathering(words);
}
