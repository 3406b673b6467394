// What "the trajectory" is: one definition shared by every caller, so every surface screens the
// same window of the conversation.

export interface Trajectory {
  /** The last 6 user messages with string content, joined by a blank line. */
  readonly userText: string;
  /** The last 8 of: assistant messages with string content, then the current code. */
  readonly agentActions: string;
}

export const USER_MESSAGES_KEPT = 6;
export const AGENT_ACTIONS_KEPT = 8;

/**
 * Gathers the screener's input from a chat history (`{role, content}` objects; other shapes
 * and non-string contents are skipped) and the Cell about to run.
 *
 * @example
 * ```ts
 * const t = gatherTrajectory([{ role: "user", content: "hi" }], "print(1)");
 * assert.deepEqual(t, { userText: "hi", agentActions: "print(1)" });
 * ```
 */
export function gatherTrajectory(messages: unknown, currentCode: unknown): Trajectory {
  const user: string[] = [];
  const actions: string[] = [];
  if (Array.isArray(messages)) {
    for (const message of messages as unknown[]) {
      if (typeof message !== "object" || message === null) continue;
      const { role, content } = message as { role?: unknown; content?: unknown };
      if (typeof content !== "string") continue;
      if (role === "user") user.push(content);
      else if (role === "assistant") actions.push(content);
    }
  }
  if (typeof currentCode === "string" && currentCode !== "") actions.push(currentCode);
  return {
    userText: user.slice(-USER_MESSAGES_KEPT).join("\n\n"),
    agentActions: actions.slice(-AGENT_ACTIONS_KEPT).join("\n\n"),
  };
}
