// Pre-execution code-safety gate for Python and R Cells.
export { classifyCode, type ClassifyOptions } from "./classify.js";
export { classifyCodeHeuristic, isAlwaysSafe, RISK_TOKENS } from "./heuristic.js";
export { CLASSIFIER_PROMPT } from "./prompt.js";
export { parseClassifierAnswer } from "./llm-tier.js";
export {
  CODE_CATEGORY_NAMES,
  refusalText,
  type CodeDecision,
  type CodeVerdict,
  type CodeVerdictSource,
} from "./verdict.js";
