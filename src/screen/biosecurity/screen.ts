// The trajectory screener: keyword gate, then one independent model call. It never rejects and
// fails open to ALLOW (screened: false) on every failure; only a model's answer can BLOCK.
import type { ModelConfig } from "../../config/screen-config.js";
import { chatCompletion, extractJsonObject, safeText } from "../model/client.js";
import { stringOrEmpty } from "../model/text.js";
import { TRAJECTORY_SCREENER_PROMPT } from "./prompts.js";
import { looksBiosecurityRelevant } from "./relevance.js";

export type ScreenDecision = "ALLOW" | "ESCALATE" | "BLOCK";

export interface ScreenVerdict {
  readonly decision: ScreenDecision;
  readonly reason: string;
  /** True only when a model was called and answered. */
  readonly screened: boolean;
}

export interface ScreenOptions {
  /** The screener's model; null fails open. */
  readonly model: ModelConfig | null;
  readonly fetch?: typeof fetch;
}

export const SCREEN_MAX_USER_CHARS = 8_000;
export const SCREEN_MAX_ACTION_CHARS = 12_000;
export const SCREEN_MAX_TOKENS = 200;
const MAX_REASON = 400;
const DECISIONS: readonly string[] = ["ALLOW", "ESCALATE", "BLOCK"];

export function isBlocked(verdict: ScreenVerdict): boolean {
  return verdict.decision === "BLOCK";
}

export function isEscalated(verdict: ScreenVerdict): boolean {
  return verdict.decision === "ESCALATE";
}

/** The user message sent to the screener. The most recent text is kept when cutting. */
export function screenerUserMessage(userText: string, agentActions: string): string {
  return (
    `USER MESSAGES:\n${keepTail(userText, SCREEN_MAX_USER_CHARS)}\n\n` +
    `AGENT ACTIONS SO FAR:\n${keepTail(agentActions, SCREEN_MAX_ACTION_CHARS)}`
  );
}

/**
 * Screens a trajectory (see gatherTrajectory). Irrelevant content never reaches the model.
 *
 * @example
 * ```ts
 * const verdict = await screenTrajectory("plot UMAP", "sc.pl.umap(adata)", { model: null });
 * assert.deepEqual(verdict, { decision: "ALLOW", reason: "no biosecurity-relevant content",
 *   screened: false });
 * ```
 */
export async function screenTrajectory(
  userText: string,
  agentActions: string,
  options: ScreenOptions,
): Promise<ScreenVerdict> {
  const model = options?.model ?? null;
  try {
    const user = stringOrEmpty(userText);
    const actions = stringOrEmpty(agentActions);
    if (!looksBiosecurityRelevant(`${user}\n${actions}`)) {
      return allow("no biosecurity-relevant content");
    }
    if (model === null) return allow("screener unconfigured; open");
    const answer = await chatCompletion(
      model,
      {
        system: TRAJECTORY_SCREENER_PROMPT,
        user: screenerUserMessage(user, actions),
        maxTokens: SCREEN_MAX_TOKENS,
        temperature: 0,
      },
      options.fetch === undefined ? {} : { fetch: options.fetch },
    );
    return parseScreenerAnswer(answer);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return allow(`screener error, failed open: ${safeText(message, model ?? undefined)}`);
  }
}

/** JSON decision first; then BLOCK, ESCALATE, ALLOW anywhere in the text; else ESCALATE. */
export function parseScreenerAnswer(answer: string): ScreenVerdict {
  const parsed = extractJsonObject(answer);
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    const decision =
      typeof record["decision"] === "string" ? record["decision"].trim().toUpperCase() : "";
    if (DECISIONS.includes(decision)) {
      const reason = typeof record["reason"] === "string" ? record["reason"] : "";
      return {
        decision: decision as ScreenDecision,
        reason: reason.slice(0, MAX_REASON),
        screened: true,
      };
    }
  }
  const upper = answer.toUpperCase();
  for (const decision of ["BLOCK", "ESCALATE", "ALLOW"] as const) {
    if (upper.includes(decision)) {
      return { decision, reason: "parsed from unstructured response", screened: true };
    }
  }
  return { decision: "ESCALATE", reason: "screener response was unparseable", screened: true };
}

function allow(reason: string): ScreenVerdict {
  return { decision: "ALLOW", reason, screened: false };
}

function keepTail(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - max;
  const first = text.charCodeAt(start);
  if (first >= 0xdc00 && first <= 0xdfff) start += 1;
  return text.slice(start);
}
