// Permission rules: (scope, tool, pattern, decision), and how a call's decision is resolved.
//
// Two scopes. `user` rules come from a file in the data directory, which no Cell can read or
// write (the kernel sandbox masks the data directory). `workspace` rules come from a file in the
// workspace, which the model's own tools can write. So the two are not merged as equals: each
// scope is resolved on its own (any matching deny wins, then the most specific match), and the
// final decision is the STRICTER of the two (deny > ask > allow). A workspace file can therefore
// only tighten what the user allowed (turn an allow into ask or deny), never grant anything: an
// `allow` in it only carves an exception out of the same file's own ask or deny rules.
import { globMatcher } from "../screen/host/glob.js";

export const DECISIONS = ["allow", "ask", "deny"] as const;
export type Decision = (typeof DECISIONS)[number];
export type RuleScope = "user" | "workspace";

export interface PermissionRule {
  readonly scope: RuleScope;
  /** A tool name, or `*` for every tool. */
  readonly tool: string;
  /** `*` or empty: every target; otherwise exact, then a shell-style glob (fnmatch). */
  readonly pattern: string;
  readonly decision: Decision;
}

/** Tools that ask unless a rule says otherwise (the spec's gateable tools, by their names here). */
export const GATED_TOOLS: ReadonlySet<string> = new Set([
  "bash",
  "read_file",
  "write_file",
  "list_dir",
  "fetch",
]);

const STRICTNESS: Readonly<Record<Decision, number>> = { allow: 0, ask: 1, deny: 2 };

export function stricter(a: Decision, b: Decision): Decision {
  return STRICTNESS[a] >= STRICTNESS[b] ? a : b;
}

/** The decision when no rule matches. */
export function defaultDecision(tool: string): Decision {
  return GATED_TOOLS.has(tool) ? "ask" : "allow";
}

// Compiled matchers, shared across calls: patterns are operator- or file-provided, and matching is
// O(pattern × target) with no backtracking beyond the last star (glob.ts).
const matchers = new Map<string, (text: string) => boolean>();

export function patternMatches(pattern: string, target: string): boolean {
  if (pattern === "" || pattern === "*" || pattern === target) return true;
  try {
    let match = matchers.get(pattern);
    if (match === undefined) {
      match = globMatcher(pattern);
      if (matchers.size > 10_000) matchers.clear();
      matchers.set(pattern, match);
    }
    return match(target);
  } catch {
    return false;
  }
}

/** Ordering key: specific tool, specific pattern, longer pattern. Higher wins. */
function specificity(rule: PermissionRule): [number, number, number] {
  const anyPattern = rule.pattern === "" || rule.pattern === "*";
  return [rule.tool === "*" ? 0 : 1, anyPattern ? 0 : 1, rule.pattern.length];
}

function moreSpecific(a: PermissionRule, b: PermissionRule): boolean {
  const x = specificity(a);
  const y = specificity(b);
  for (let i = 0; i < x.length; i += 1) {
    if (x[i] !== y[i]) return (x[i] as number) > (y[i] as number);
  }
  return false; // a tie keeps the earlier rule in the file
}

export interface ScopeResolution {
  readonly decision: Decision;
  readonly rule: PermissionRule;
}

/** One scope's answer: a matching deny, else the most specific match; null when none matches. */
export function resolveScope(
  rules: readonly PermissionRule[],
  tool: string,
  target: string,
): ScopeResolution | null {
  let best: PermissionRule | null = null;
  for (const rule of rules) {
    if (rule.tool !== "*" && rule.tool !== tool) continue;
    if (!patternMatches(rule.pattern, target)) continue;
    if (rule.decision === "deny") return { decision: "deny", rule };
    if (best === null || moreSpecific(rule, best)) best = rule;
  }
  return best === null ? null : { decision: best.decision, rule: best };
}

export interface Resolution {
  readonly decision: Decision;
  /** Which rule decided, or null for the built-in default. */
  readonly rule: PermissionRule | null;
}

/**
 * The decision for one call: the user's rules (or the built-in default), then made stricter,
 * never looser, by the workspace's rules.
 */
export function resolveDecision(
  userRules: readonly PermissionRule[],
  workspaceRules: readonly PermissionRule[],
  tool: string,
  target: string,
): Resolution {
  const user = resolveScope(userRules, tool, target);
  let resolution: Resolution = user ?? { decision: defaultDecision(tool), rule: null };
  const workspace = resolveScope(workspaceRules, tool, target);
  if (
    workspace !== null &&
    stricter(workspace.decision, resolution.decision) !== resolution.decision
  ) {
    resolution = workspace;
  }
  return resolution;
}
