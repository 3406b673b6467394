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

/** The exact read-only exceptions bound back in; the private temp gets its own writable bind. */
export function teamExceptionBinds(policy: SandboxPolicy): string[] {
  return (policy.readIsolation?.allowedRoots ?? [])
    .filter((path) => path !== policy.tempDir)
    .flatMap((path) => ["--ro-bind", path, path]);
}

/**
 * Each protected root's tmpfs made read-only. Non-recursive: the workspace, the private temp and
 * the exceptions bound inside keep their own modes, and nothing new can be created beside them.
 */
export function teamRootRemounts(policy: SandboxPolicy): string[] {
  return (policy.readIsolation?.roots ?? []).flatMap((root) => ["--remount-ro", root]);
}
