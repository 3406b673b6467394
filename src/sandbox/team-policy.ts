// A team sandbox's host-side steps (§7.8 steps 7–9, 11): the private temp under the protected
// root, the system temp hidden too, and the single-user policy adjusted so its masks and rebuilt
// homes do not reach back into a hidden root.
import { lstatSync, mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { canonicalPath } from "../platform/canonical-path.js";
import { isSameOrInside, type SandboxPolicy } from "../policy/sandbox-policy.js";
import {
  rootContaining,
  type KernelReadIsolation,
  type TeamReadPolicy,
} from "../policy/team-roots.js";
import { normalizeReadIsolation, ReadIsolationConfigurationError } from "./read-isolation.js";

export const KERNEL_TEMP_DIR = "kernel-temp";

/**
 * Allocates the private temp under `<root containing the workspace>/kernel-temp` (made 0700),
 * where the root's tmpfs hides other Cells' temps. A symlinked kernel-temp, or one that resolves
 * out of the root, is a configuration error; any other failure throws the fs error.
 */
export function allocateTeamTemp(team: TeamReadPolicy, workspace: string): string {
  const root = rootContaining(team, workspace);
  if (root === undefined)
    throw new ReadIsolationConfigurationError(
      "Cannot create sandbox: no protected root contains the workspace",
    );
  const base = join(root, KERNEL_TEMP_DIR);
  try {
    mkdirSync(base, { mode: 0o700 });
  } catch (error) {
    if ((error as { code?: unknown }).code !== "EEXIST") throw error;
  }
  const st = lstatSync(base);
  if (st.isSymbolicLink()) {
    throw new ReadIsolationConfigurationError(
      `Cannot create sandbox: the team temp directory ${JSON.stringify(base)} cannot be a symlink`,
    );
  }
  // Someone else's, or writable by others: they could rename this Cell's temp aside and put a
  // symlink in its place before bubblewrap binds it.
  const uid = process.geteuid?.();
  if (!st.isDirectory() || (uid !== undefined && st.uid !== uid) || (st.mode & 0o022) !== 0) {
    throw new ReadIsolationConfigurationError(
      `Cannot create sandbox: the team temp directory ${JSON.stringify(base)} must be a directory owned by this user and writable only by it: current owner uid ${st.uid}, mode ${(st.mode & 0o7777).toString(8)}`,
    );
  }
  if (dirname(realpathSync.native(base)) !== root) {
    throw new ReadIsolationConfigurationError(
      `Cannot create sandbox: the team temp directory ${JSON.stringify(base)} escapes protected data`,
    );
  }
  return realpathSync.native(mkdtempSync(join(base, "cellguard-kernel-")));
}

/**
 * The final team policy: the caller's roots plus the system temp (stale temps of other Cells
 * live there), the caller's exceptions plus this sandbox's own private temp, normalised again.
 */
export function finalTeamPolicy(
  isolation: KernelReadIsolation,
  workspace: string,
  tempDir: string,
  systemTemp: string = tmpdir(),
): TeamReadPolicy {
  const temp = canonicalPath(systemTemp);
  if (dirname(temp) === temp) {
    throw new ReadIsolationConfigurationError(
      `Cannot create sandbox: the system temp directory ${JSON.stringify(systemTemp)} resolves to a filesystem root; set TMPDIR to a directory`,
    );
  }
  return normalizeReadIsolation(
    {
      roots: [...isolation.roots, temp],
      allowedRoots: [...(isolation.allowedRoots ?? []), tempDir],
    },
    workspace,
  );
}

/**
 * The policy with its team part. A mask or rebuilt home inside a hidden root is dropped: the
 * root's tmpfs hides it already, and its mount point could not be made on the read-only tmpfs.
 * What lies in an exception (or holds one, so it is on the way to one) keeps its mask.
 */
export function withTeamIsolation(policy: SandboxPolicy, team: TeamReadPolicy): SandboxPolicy {
  const hidden = (path: string): boolean => hiddenByTeamRoots(policy, team, path);
  return Object.freeze({
    ...policy,
    readMasks: Object.freeze(policy.readMasks.filter((m) => !hidden(m.path))),
    hiddenDirectories: Object.freeze(
      (policy.hiddenDirectories ?? []).filter(
        (d) => !team.roots.some((root) => isSameOrInside(d.path, root)),
      ),
    ),
    readIsolation: team,
  });
}

/**
 * True when a team root's tmpfs hides `path` whatever the host does there: inside a protected
 * root, neither inside an exception nor on the way to one.
 */
export function hiddenByTeamRoots(
  policy: Pick<SandboxPolicy, "workspace" | "tempDir">,
  team: TeamReadPolicy,
  path: string,
): boolean {
  const exceptions = [policy.workspace, policy.tempDir, ...team.allowedRoots];
  return (
    team.roots.some((root) => isSameOrInside(path, root)) &&
    !exceptions.some((e) => isSameOrInside(path, e) || isSameOrInside(e, path))
  );
}
