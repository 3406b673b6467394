// The pin (spec §4, §9 item 3): the child rules as one canonical text, compared byte for byte
// with a fresh regeneration. JSON with fixed key order and sorted lists, so the same rules give
// the same bytes on every run and no appended rule or commented-out deny can pass as equal.
import type { ProtectRuleSet } from "./rules.js";

export const PIN_FORMAT = "cellguard-protected-child/1";

export function serializeRules(rules: ProtectRuleSet): string {
  return JSON.stringify({
    format: PIN_FORMAT,
    writes: rules.writes,
    reads: rules.reads,
    workPaths: rules.workPaths,
    ancestors: rules.ancestors,
  });
}
