// The team part of the self-test (§7.7): a planted sibling secret under every protected root,
// which the probe must fail to read directly, through a symlink and through a hardlink it makes
// in the workspace; and one readable file in every allowed root, which it must read.
import {
  closeSync,
  constants,
  fsyncSync,
  lstatSync,
  mkdtempSync,
  opendirSync,
  openSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { isSameOrInside, type SandboxPolicy } from "../policy/sandbox-policy.js";

export const TEAM_MARKER = "--cellguard-team";
export const SIBLING_SECRET = "cellguard-sibling-secret";
export const ALLOWED_INPUT = "cellguard-allowed-input";
/** How many entries the search for an existing readable file in an allowed root may read. */
export const ALLOWED_SEARCH_LIMIT = 4096;

export const TEAM_CHECKS = [
  "sibling_read_blocked",
  "sibling_symlink_read_blocked",
  "sibling_hardlink_read_blocked",
  "host_descriptors_closed",
] as const;

/** The team checks the host requires for this policy, decided here, not by the probe. */
export function teamChecks(policy: SandboxPolicy): string[] {
  if (policy.readIsolation === undefined) return [];
  return allowedProbeRoots(policy).length > 0
    ? [...TEAM_CHECKS, "allowed_roots_readable"]
    : [...TEAM_CHECKS];
}

/** The private temp is checked by temp_write; every other exception needs a read probe. */
function allowedProbeRoots(policy: SandboxPolicy): readonly string[] {
  return (policy.readIsolation?.allowedRoots ?? []).filter((p) => p !== policy.tempDir);
}

export interface TeamProbe {
  /** Probe arguments: the marker, the sibling files, the allowed files (each list counted). */
  readonly args: readonly string[];
  /** Removes what the host created. Never throws. */
  cleanup(): void;
}

/**
 * Plants the probe files for a team policy, or returns an error text when one cannot be
 * planted (the self-test then fails: a check that cannot be set up is not passed).
 */
export function prepareTeamProbe(
  policy: SandboxPolicy,
  token: string,
  linkBase: string,
): TeamProbe | string | null {
  const team = policy.readIsolation;
  if (team === undefined) return null;
  const created: string[] = [];
  const createdFiles: string[] = [];
  // At once, not in the background: a few small host-made entries, and a sibling probe left
  // behind would sit in every member's view of the root until removed.
  const cleanup = (): void => {
    // Recursive only for the host-made directories under the roots, which no Cell can see.
    for (const dir of created) {
      try {
        rmSync(dir, { recursive: true, force: true });
      } catch {
        // left for the next start's view to hide: the root's tmpfs covers it
      }
    }
    // Plain unlinks where Cells write: the probe's links, and files in allowed roots.
    for (const path of [...createdFiles, ...linkNames(linkBase, team.roots.length)]) {
      try {
        unlinkSync(path);
      } catch {
        // already gone (the probe removes its links), or never made
      }
    }
  };
  const siblings: string[] = [];
  for (const root of team.roots) {
    try {
      const dir = mkdtempSync(join(root, ".cellguard-sandbox-read-deny-"));
      created.push(dir);
      const file = join(dir, "must-not-read");
      writeNew(file, SIBLING_SECRET);
      siblings.push(file);
    } catch (error) {
      cleanup();
      return `self-test could not plant the sibling probe under the protected root ${JSON.stringify(root)}: ${codeOf(error)}`;
    }
  }
  const allowed: string[] = [];
  for (const root of allowedProbeRoots(policy)) {
    const found = firstReadableFile(root, policy);
    if (found !== null) {
      allowed.push(found);
      continue;
    }
    const file = join(root, `.cellguard-sandbox-read-allow-${token}`);
    try {
      writeNew(file, ALLOWED_INPUT);
      createdFiles.push(file);
      allowed.push(file);
    } catch (error) {
      cleanup();
      return `self-test found no readable file in the allowed root ${JSON.stringify(root)} and could not create one: ${codeOf(error)}`;
    }
  }
  return {
    args: [TEAM_MARKER, String(siblings.length), ...siblings, String(allowed.length), ...allowed],
    cleanup,
  };
}

/** Where the probe makes its symlinks and hardlinks to sibling number i (see probe-script.ts). */
export function linkNames(base: string, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(`${base}.sym${i}`, `${base}.hard${i}`);
  return out;
}

function writeNew(path: string, content: string): void {
  const fd = openSync(
    path,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The first regular file the host can read in a depth-first walk of `root` (symlinks not
 * followed, at most ALLOWED_SEARCH_LIMIT entries, streamed), skipping denied paths: a masked
 * secret inside an input folder is meant to stay unreadable.
 */
export function firstReadableFile(
  root: string,
  policy: Pick<SandboxPolicy, "denyRead">,
  limit = ALLOWED_SEARCH_LIMIT,
): string | null {
  const pending = [root];
  let entries = 0;
  for (let dirPath = pending.pop(); dirPath !== undefined; dirPath = pending.pop()) {
    let dir;
    try {
      dir = opendirSync(dirPath);
    } catch {
      continue;
    }
    try {
      for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
        entries += 1;
        if (entries > limit) return null;
        const path = join(dirPath, entry.name);
        if (isDenied(path, policy)) continue;
        if (entry.isDirectory()) pending.push(path);
        else if (entry.isFile() && readableRegularFile(path)) return path;
      }
    } catch {
      // an unreadable listing: look elsewhere
    } finally {
      dir.closeSync();
    }
  }
  return null;
}

function isDenied(path: string, policy: Pick<SandboxPolicy, "denyRead">): boolean {
  return policy.denyRead.some((d) =>
    d.kind === "prefix" ? path.startsWith(d.path) : isSameOrInside(path, d.path),
  );
}

function readableRegularFile(path: string): boolean {
  try {
    if (!lstatSync(path).isFile()) return false;
    closeSync(openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK));
    return true;
  } catch {
    return false;
  }
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
}
