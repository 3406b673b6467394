// scanToolResult: the static tier always, then the model tier when asked for. It never throws
// and never drops content; every failure after the static scan lets the content through
// unflagged (fail open), as the layer's contract says.

import type { ModelConfig } from "../../config/screen-config.js";
import type { InjectionVerdict } from "./annotate.js";
import { injectionModelVerdict } from "./model-tier.js";
import { findInjectionMarker } from "./static-scan.js";

export interface ScanToolResultOptions {
  /** Run the model tier when the static tier finds nothing (CELLGUARD_SAFETY=llm). */
  readonly useModel?: boolean;
  readonly model?: ModelConfig | null;
  readonly fetch?: typeof fetch;
}

const NOT_BLANK = /\S/;
const CLEAN: InjectionVerdict = Object.freeze({ injected: false, reason: "", source: "static" });

/** The static tier alone: synchronous, linear time, total on any input. */
export function scanToolResultStatic(content: unknown): InjectionVerdict {
  try {
    // A search for the first non-blank character, not trim(): no copy of a long text.
    if (typeof content !== "string" || !NOT_BLANK.test(content)) return CLEAN;
    const found = findInjectionMarker(content);
    return found === null ? CLEAN : { injected: true, reason: found.reason, source: "static" };
  } catch {
    return CLEAN;
  }
}

/** Static tier, then (optionally) the model tier. Never rejects. */
export async function scanToolResult(
  content: unknown,
  options: ScanToolResultOptions = {},
): Promise<InjectionVerdict> {
  const verdict = scanToolResultStatic(content);
  if (
    verdict.injected ||
    options.useModel !== true ||
    typeof content !== "string" ||
    content.trim() === ""
  ) {
    return verdict;
  }
  try {
    const fromModel = await injectionModelVerdict(content, {
      model: options.model ?? null,
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    return fromModel ?? CLEAN;
  } catch {
    return CLEAN;
  }
}
