// Biosecurity: the agent-prompt guidance and the independent trajectory screener.
export { BIOSECURITY_PROMPT, TRAJECTORY_SCREENER_PROMPT } from "./prompts.js";
export { looksBiosecurityRelevant } from "./relevance.js";
export { gatherTrajectory, type Trajectory } from "./trajectory.js";
export {
  isBlocked,
  isEscalated,
  parseScreenerAnswer,
  screenTrajectory,
  type ScreenDecision,
  type ScreenOptions,
  type ScreenVerdict,
} from "./screen.js";
