// The team read rules of the Seatbelt profile (§7.5 item 6), a pure function of the policy.
// SBPL is last-match-wins: the deny over every protected root comes first, then each exception
// is allowed again, the workspace first.
import { dirname } from "node:path/posix";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";

export function seatbeltTeamRules(
  policy: SandboxPolicy,
  quote: (path: string) => string,
): string[] {
  const team = policy.readIsolation;
  if (team === undefined) return [];
  const lines = [
    "; team: every protected root is unreadable; only the exceptions below are shown again",
    `(deny file-read* ${team.roots.map((r) => `(literal ${quote(r)}) (subpath ${quote(r)})`).join(" ")})`,
  ];
  for (const exception of [policy.workspace, ...team.allowedRoots]) {
    const root = team.roots.find((r) => isSameOrInside(exception, r));
    if (root === undefined || root === exception) continue;
    // Metadata only on the way down: the path can be traversed, but listing a directory needs
    // file-read-data, which stays denied, so siblings are never named.
    const ancestors: string[] = [];
    for (let dir = dirname(exception); isSameOrInside(dir, root); dir = dirname(dir)) {
      ancestors.unshift(dir);
      if (dir === root) break;
    }
    lines.push(
      `(allow file-read-metadata ${ancestors.map((a) => `(literal ${quote(a)})`).join(" ")})`,
      `(allow file-read* (literal ${quote(exception)}) (subpath ${quote(exception)}))`,
    );
  }
  return lines;
}
