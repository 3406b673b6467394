// The three rule sets of a protected session (spec §5.4–§5.6). A profile is a plain value: the
// rules, their canonical text (the pin) and the Seatbelt rendering; the Linux mounts are derived
// from the rules at spawn time (see linux-plan.ts), because they depend on what exists then.
import type { ProtectManifest } from "./manifest.js";
import { renderProtectSeatbelt } from "./render-seatbelt.js";
import {
  RuleAccumulator,
  type ControlEntry,
  type ProtectRuleSet,
  type RuleAccumulatorOptions,
} from "./rules.js";
import { serializeRules } from "./canonical.js";

export interface ProtectProfile {
  readonly kind: "control" | "child";
  readonly rules: ProtectRuleSet;
  /** Canonical serialisation: what the pin holds, compared byte for byte. */
  readonly canonical: string;
  /** The Seatbelt rendering (spec §3.6). */
  readonly seatbelt: string;
}

function profileOf(kind: ProtectProfile["kind"], rules: ProtectRuleSet): ProtectProfile {
  return Object.freeze({
    kind,
    rules,
    canonical: serializeRules(rules),
    seatbelt: renderProtectSeatbelt(rules),
  });
}

/**
 * The whole-server control profile from ordered entries: every entry write-denied, `denyRead`
 * entries read-denied too. The order decides only which error is reported first.
 */
export function controlProfile(
  entries: readonly ControlEntry[],
  options: RuleAccumulatorOptions = {},
): ProtectProfile {
  const acc = new RuleAccumulator(options);
  for (const entry of entries) acc.protect(entry.path, entry.denyRead);
  return profileOf("control", acc.snapshot());
}

/** The store rules for model-directed children: every store denied, work members reopened. */
export function childRules(manifest: ProtectManifest): ProtectRuleSet {
  const acc = new RuleAccumulator();
  acc.denyStore(manifest.stores);
  return acc.snapshot();
}

export function childProfile(manifest: ProtectManifest): ProtectProfile {
  return profileOf("child", childRules(manifest));
}

/** Both spellings of every credential and, for directories, of every entry found inside. */
export function credentialReadPaths(paths: readonly string[]): string[] {
  const acc = new RuleAccumulator();
  for (const path of paths) acc.protect(path, true);
  return [...acc.snapshot().reads];
}
