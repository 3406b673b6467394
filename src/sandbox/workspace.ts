// Where a workspace may be. It becomes a writable root, so it must not be a place whose
// contents the host trusts: the system trees, a home directory (shell start-up files, the
// parents of every credential mask), or cellguard's own data directory.
import { existsSync, realpathSync, statSync } from "node:fs";
import { SandboxConfigurationError } from "../errors.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { isAbsolute, join } from "node:path";
import { canonicalPath } from "./deny-list.js";

/** Trees a workspace may not be inside (nor be). */
const SYSTEM_TREES = [
  "/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/proc", "/run", "/sbin",
  "/sys", "/usr", "/System", "/Library", "/private/etc", "/private/var/db",
  // State that root's tools run or read later: package scripts, cron, logs, caches, mail.
  "/var/lib", "/var/spool", "/var/log", "/var/cache", "/var/mail", "/var/backups",
]; // prettier-ignore

/** Folders under a home whose contents the user's session or shell runs later. */
const HOME_EXECUTED = [
  ".local/bin",
  "bin",
  ".config/autostart",
  ".config/systemd",
  ".bashrc.d",
  ".profile.d",
];

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
  places: {
    homes: readonly string[];
    dataDirs: readonly string[];
    /**
     * Credential folders and files the sandbox hides, under canonical home paths: a workspace
     * there would expose them.
     */
    secretPaths: readonly string[];
    /** PATH entries: a writable one hands the host a command to run. */
    pathEntries: readonly string[];
    /** cellguard's own package: a Cell that rewrote it would run on the host next time. */
    packageDir: string | null;
  },
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
  // Under canonical homes already (see options.ts): no per-path resolution needed.
  for (const secret of places.secretPaths) {
    if (isSameOrInside(workspace, secret))
      refuse(`is inside the credential store ${secret}, which the sandbox hides`);
  }
  const executed = executedFolders(places);
  // (An executed folder inside the workspace, such as node_modules/.bin on npm's PATH, is kept
  // read-only by the policy instead; see executedPathsInside.)
  for (const dir of executed.map(canonicalPath)) {
    if (isSameOrInside(workspace, dir)) {
      refuse(
        `is inside ${dir}, whose programs the host runs later (it is on PATH or started by the session)`,
      );
    }
  }
  if (places.packageDir !== null) {
    const pkg = canonicalPath(places.packageDir);
    if (isSameOrInside(workspace, pkg)) refuse(`is inside cellguard's own package ${pkg}`);
  }
}

/** Folders inside the workspace whose programs the host runs later: kept read-only. */
export function executedPathsInside(
  workspace: string,
  places: { homes: readonly string[]; pathEntries: readonly string[] },
): string[] {
  const executed = executedFolders(places);
  return [...new Set(executed.map(canonicalPath))].filter(
    (dir) => dir !== workspace && isSameOrInside(dir, workspace) && existsSync(dir),
  );
}

/** Folders whose programs the host runs later: absolute PATH entries and the session's own. */
function executedFolders(places: {
  homes: readonly string[];
  pathEntries: readonly string[];
}): string[] {
  return [
    ...places.homes.flatMap((home) => HOME_EXECUTED.map((rel) => join(home, rel))),
    ...places.pathEntries.filter((entry) => isAbsolute(entry)),
  ];
}
