// The classifier's verdict and the refusal text an UNSAFE verdict sends back to the model.

export type CodeDecision = "SAFE" | "UNSAFE";
export type CodeVerdictSource = "fast-path" | "static" | "llm" | "disabled" | "error";

export interface CodeVerdict {
  readonly decision: CodeDecision;
  /** Sorted category numbers (1..7 for static verdicts); empty when SAFE. */
  readonly categories: number[];
  readonly reason: string;
  readonly source: CodeVerdictSource;
}

/** Names of the attack categories, by number. */
export const CODE_CATEGORY_NAMES: Readonly<Record<number, string>> = Object.freeze({
  1: "sandbox-escape",
  2: "data-exfiltration",
  3: "persistence",
  4: "privilege-escalation",
  5: "obfuscation",
  6: "multi-step",
  7: "network-attack",
});

const DEFAULT_REASON = "code matched a sandbox-escape / exfiltration pattern";

/**
 * The observation returned to the model instead of running an UNSAFE Cell.
 *
 * @example
 * ```ts
 * const text = refusalText({ decision: "UNSAFE", categories: [2], reason: "reads /etc/shadow",
 *   source: "static" });
 * assert.ok(text.startsWith("[BLOCKED by the code-safety classifier]"));
 * ```
 */
export function refusalText(verdict: CodeVerdict): string {
  const reason = verdict.reason.trim() === "" ? DEFAULT_REASON : verdict.reason.trim();
  const names = verdict.categories.map((n) => CODE_CATEGORY_NAMES[n] ?? `category ${n}`);
  const categories = names.length === 0 ? "" : ` (categories: ${names.join(", ")})`;
  return (
    `[BLOCKED by the code-safety classifier] ${reason}${categories}. ` +
    "The cell was NOT executed. Rewrite it to stay within the workspace, the conda environment, " +
    "the artifact store and temporary scratch space, or explain to the user why the flagged " +
    "operation is necessary."
  );
}

export function safeVerdict(source: CodeVerdictSource, reason: string): CodeVerdict {
  return { decision: "SAFE", categories: [], reason, source };
}
