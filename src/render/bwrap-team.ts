// The team steps of the bubblewrap argv (§7.6 steps 8, 10 and 13), pure functions of the policy.
// renderBwrapArgv calls them at its team markers; each returns nothing for a single-user policy.
import type { SandboxPolicy } from "../policy/sandbox-policy.js";

/**
 * An empty tmpfs over every protected root: what a root holds now, and what it gains later, is
 * not there. Bind sources are resolved in the old root, so the binds that follow still work.
 */
export function teamRootMasks(policy: SandboxPolicy): string[] {
  return (policy.readIsolation?.roots ?? []).flatMap((root) => ["--tmpfs", root]);
}

/**
 * The child descriptor of the first team bind source: above the seccomp program, the probe's
 * report and gate and the pipes kept open past it (at most descriptor 9, see fused-probe.ts).
 */
export const TEAM_PIN_FD_BASE = 10;

/**
 * What a team sandbox binds by descriptor, in descriptor order: the workspace, then each
 * read-only exception except the private temp (which lives in a 0700 folder no Cell sees).
 * Bound by path, a source under a folder a Cell writes could be swapped for a symlink just
 * before bubblewrap mounts it. Empty for a single-user policy.
 */
export function teamPinnedPaths(policy: SandboxPolicy): string[] {
  if (policy.readIsolation === undefined) return [];
  return [policy.workspace, ...teamExceptions(policy)];
}

/** The workspace bind: by its pinned descriptor for a team policy, by path otherwise. */
export function workspaceBind(policy: SandboxPolicy): string[] {
  return policy.readIsolation === undefined
    ? ["--bind", policy.workspace, policy.workspace]
    : ["--bind-fd", String(TEAM_PIN_FD_BASE), policy.workspace];
}

/** The exact read-only exceptions bound back in, each by its pinned descriptor. */
export function teamExceptionBinds(policy: SandboxPolicy): string[] {
  return teamExceptions(policy).flatMap((path, i) => [
    "--ro-bind-fd",
    String(TEAM_PIN_FD_BASE + 1 + i),
    path,
  ]);
}

/** The private temp gets its own writable bind. */
function teamExceptions(policy: SandboxPolicy): string[] {
  return (policy.readIsolation?.allowedRoots ?? []).filter((path) => path !== policy.tempDir);
}

/**
 * Each protected root's tmpfs made read-only. Non-recursive: the workspace, the private temp and
 * the exceptions bound inside keep their own modes, and nothing new can be created beside them.
 */
export function teamRootRemounts(policy: SandboxPolicy): string[] {
  return (policy.readIsolation?.roots ?? []).flatMap((root) => ["--remount-ro", root]);
}
