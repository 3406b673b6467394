// Where a workspace may be. It becomes a writable root, so it must not be a place whose
// contents the host trusts: the system trees, a home directory (shell start-up files, the
// parents of every credential mask), or cellguard's own data directory.
import { realpathSync, statSync } from "node:fs";
import { SandboxConfigurationError } from "../errors.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { canonicalPath } from "./deny-list.js";

/** Trees a workspace may not be inside (nor be). */
const SYSTEM_TREES = [
  "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin",
  "/sys", "/usr", "/System", "/Library", "/private/etc", "/private/var/db",
]; // prettier-ignore

/** Directories a workspace may not be exactly (their children are fine). */
const SHARED_ROOTS = [
  "/",
  "/home",
  "/Users",
  "/var",
  "/opt",
  "/srv",
  "/mnt",
  "/media",
  "/tmp",
  "/var/tmp",
  "/private/tmp",
];

export function canonicalWorkspace(workspace: string): string {
  if (typeof workspace !== "string" || workspace === "") {
    throw new SandboxConfigurationError(
      "Cannot create sandbox: workspace must be a non-empty path",
    );
  }
  if (workspace.includes("\0")) {
    throw new SandboxConfigurationError(
      "Cannot create sandbox: workspace path contains a NUL character",
    );
  }
  let real: string;
  try {
    real = realpathSync.native(workspace);
  } catch {
    throw new SandboxConfigurationError(
      `Cannot create sandbox: workspace must be an existing directory: ${JSON.stringify(workspace)} does not exist`,
    );
  }
  if (!statSync(real).isDirectory()) {
    throw new SandboxConfigurationError(
      `Cannot create sandbox: workspace must be an existing directory: ${JSON.stringify(workspace)} is not a directory`,
    );
  }
  if (real === "/") {
    throw new SandboxConfigurationError(
      "Cannot create sandbox: workspace cannot be the filesystem root",
    );
  }
  return real;
}

/**
 * Refuses a workspace that would make a host-trusted place writable. `homes` and `dataDirs` are
 * the user's home directories and cellguard's data directories.
 */
export function checkWorkspacePlacement(
  workspace: string,
  places: { homes: readonly string[]; dataDirs: readonly string[] },
): void {
  const refuse = (why: string): never => {
    throw new SandboxConfigurationError(
      `Cannot create sandbox: workspace ${JSON.stringify(workspace)} ${why}`,
    );
  };
  for (const tree of SYSTEM_TREES) {
    if (isSameOrInside(workspace, tree)) refuse(`is inside the system directory ${tree}`);
  }
  if (SHARED_ROOTS.includes(workspace))
    refuse("is a shared top-level directory; use a directory inside it");
  for (const home of places.homes.map(canonicalPath)) {
    if (isSameOrInside(home, workspace)) {
      refuse(
        `contains the home directory ${home} (its start-up files and credential folders); use a project folder`,
      );
    }
  }
  for (const dir of places.dataDirs.map(canonicalPath)) {
    if (isSameOrInside(dir, workspace) || isSameOrInside(workspace, dir)) {
      refuse(`overlaps cellguard's data directory ${dir}`);
    }
  }
}
