// The code-safety gate: empty check, mode, fast path, static signatures, then (llm mode only)
// the model. It never rejects: any failure is SAFE with source "error", because this layer
// fails open by design and the OS sandbox stays the boundary.
import type { ModelConfig, SafetyMode } from "../../config/screen-config.js";
import { safeText } from "../model/client.js";
import { classifyCodeHeuristic } from "./heuristic.js";
import { classifyWithModel } from "./llm-tier.js";
import { safeVerdict, type CodeVerdict } from "./verdict.js";
import { isBlank } from "../text/whitespace.js";

export interface ClassifyOptions {
  /** @default "heuristic" */
  readonly mode?: SafetyMode;
  /** The model of llm mode; null or absent fails open there. */
  readonly model?: ModelConfig | null;
  /** Replaces the global fetch for the model call. */
  readonly fetch?: typeof fetch;
}

/**
 * Classifies a Python or R Cell before it runs.
 *
 * @example
 * ```ts
 * const verdict = await classifyCode('import os\nos.environ["LD_PRELOAD"] = "x.so"');
 * assert.equal(verdict.decision, "UNSAFE");
 * assert.deepEqual(verdict.categories, [1]);
 * ```
 */
export async function classifyCode(
  code: string,
  options: ClassifyOptions = {},
): Promise<CodeVerdict> {
  try {
    const text = typeof code === "string" ? code : "";
    if (isBlank(text)) return safeVerdict("fast-path", "empty cell");
    const mode = options.mode ?? "heuristic";
    if (mode === "off") return safeVerdict("disabled", "code classifier disabled");
    const verdict = classifyCodeHeuristic(text);
    if (verdict.decision === "UNSAFE" || verdict.source === "fast-path" || mode !== "llm") {
      return verdict;
    }
    return await classifyWithModel(
      text,
      options.model ?? null,
      options.fetch === undefined ? {} : { fetch: options.fetch },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return safeVerdict(
      "error",
      `classifier error, failed open: ${safeText(message, options.model ?? undefined)}`,
    );
  }
}
