// Security binaries (bwrap, sandbox-exec, the probe's python) are looked up on PATH, but a
// candidate is accepted only from a system binary directory, and only where nothing short of
// root could have put it: the file and every directory above it owned by root and not writable
// by group or others. A PATH entry inside a workspace (an activated .venv/bin,
// node_modules/.bin) could otherwise hand cellguard a fake bwrap written by a Cell, run on the
// host, that reports a sandbox it never built. Ownership alone is not enough: a Cell started by
// root writes root-owned files.
import { realpathSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { whichOnPath, type Which } from "./which.js";

const GROUP_OR_OTHER_WRITE = 0o022;

/** The only directories a security binary may come from (after resolving links). */
export const SYSTEM_BIN_DIRS: readonly string[] = [
  "/usr/local/sbin",
  "/usr/local/bin",
  "/usr/sbin",
  "/usr/bin",
  "/sbin",
  "/bin",
];

/** Why a resolved path cannot be trusted, or null when it can. */
export function untrustedReason(path: string): string | null {
  let real: string;
  try {
    real = realpathSync.native(path);
  } catch {
    return `${path} cannot be resolved`;
  }
  if (!SYSTEM_BIN_DIRS.includes(dirname(real))) {
    return `${real} is not in a system binary directory (${SYSTEM_BIN_DIRS.join(", ")})`;
  }
  let current = real;
  for (;;) {
    let st;
    try {
      st = statSync(current);
    } catch {
      return `${current} cannot be examined`;
    }
    if (st.uid !== 0) return `${current} is not owned by root`;
    // A sticky world-writable directory (/tmp) still lets anyone create names in it.
    if ((st.mode & GROUP_OR_OTHER_WRITE) !== 0) return `${current} is writable by group or others`;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

export interface TrustedLookup {
  readonly path: string | null;
  /** Candidates found on PATH and refused, with the reason, for the error message. */
  readonly refused: readonly string[];
}

/** The first trusted executable of that name on PATH. */
export function whichTrusted(name: string, pathValue: string | undefined): TrustedLookup {
  const refused: string[] = [];
  for (const dir of (pathValue ?? "").split(":")) {
    if (dir === "") continue;
    const candidate = whichOnPath(name, dir);
    if (candidate === null) continue;
    const reason = untrustedReason(candidate);
    if (reason === null) return { path: candidate, refused };
    refused.push(`${candidate} (${reason})`);
  }
  return { path: null, refused };
}

/** A Which that returns only trusted binaries from the given environment's PATH. */
export function trustedWhich(env: NodeJS.ProcessEnv): Which {
  return (name) => whichTrusted(name, env["PATH"]).path;
}
