// The policy value for one sandbox: deny list, masks, rebuilt homes, read-only control paths.
// This is the host-probing step; the renderers only ever see its result.
import { accessSync, constants, existsSync, lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dataDirCandidates } from "../config/data-dir.js";
import { SandboxConfigurationError } from "../errors.js";
import { randomHex } from "../platform/random.js";
import {
  isSameOrInside,
  type DenyEntry,
  type ReadMask,
  type SandboxPolicy,
} from "../policy/sandbox-policy.js";
import {
  canonicalPath,
  DENY_CANARY_NAME,
  defaultSecretReadDenials,
  probeReadMasks,
  SYSTEM_SECRET_PATHS,
} from "./deny-list.js";
import { hiddenDirectories, reachableAfterHiding } from "./home-overlay.js";
import type { NormalizedOptions } from "./options.js";
import { executedPathsInside } from "./workspace.js";
import { hiddenByWslForm, refuseNamesOnWindowsWorkspace, wslSandboxForm } from "./wsl-form.js";

export function buildPolicy(opts: NormalizedOptions, tempDir: string): SandboxPolicy {
  ensureDataDirs(opts);
  const defaults = defaultSecretReadDenials({
    workspace: opts.workspace,
    tempDir,
    env: opts.env,
    homes: opts.homes,
    os: opts.platform.os,
    packageDir: packageDir(),
  });
  const denyRead = [
    { kind: "literal" as const, path: plantDenyCanary(opts, tempDir, defaults) },
    ...defaults,
  ];
  // The WSL form, decided once here: everything below it that the WSL masks already hide is
  // left out (it could not be mounted on a read-only remounted mask anyway).
  const wsl =
    opts.platform.os === "linux"
      ? wslSandboxForm(opts.wslHost, { workspace: opts.workspace })
      : null;
  const exposed = { workspace: opts.workspace, tempDir };
  const hidden = (
    opts.platform.os === "linux" ? hiddenDirectories(denyRead, opts.homes) : []
  ).filter((dir) => !hiddenByWslForm(dir.path, wsl, exposed));
  for (const dir of hidden) {
    // A rebuilt directory is remounted read-only: inside the workspace it would take the
    // workspace's writes with it, or hide what the workspace holds.
    if (isSameOrInside(dir.path, opts.workspace)) {
      throw new SandboxConfigurationError(
        `Cannot create sandbox: workspace ${JSON.stringify(opts.workspace)} contains ${dir.path}, which holds credential stores cellguard hides; use a folder without them`,
      );
    }
  }
  // A denied path left out of a rebuilt directory is absent: no mask needed (or possible).
  const readMasks = probeReadMasks(denyRead).filter(
    (m) =>
      reachableAfterHiding(m.path, hidden) &&
      !unreadableHostSecret(m) &&
      !hiddenByWslForm(m.path, wsl, exposed),
  );
  const readOnlyPaths = [
    ...workspaceControlPaths(opts.workspace),
    ...executedPathsInside(opts.workspace, {
      homes: opts.homes,
      pathEntries: (opts.env["PATH"] ?? "").split(":"),
    }),
  ];
  refuseNamesOnWindowsWorkspace(wsl, opts.workspace, [
    ...readMasks.map((m) => m.path),
    ...readOnlyPaths,
  ]);
  return Object.freeze({
    workspace: opts.workspace,
    tempDir,
    allowRawNetwork: opts.allowRawNetwork,
    denyRead: Object.freeze(denyRead),
    readMasks: Object.freeze(readMasks),
    hiddenDirectories: Object.freeze(hidden),
    readOnlyPaths: Object.freeze(readOnlyPaths),
    dropCapabilities: opts.uid === 0,
    wsl,
  });
}

// A repository's .git is code the host runs later (hooks, core.fsmonitor, aliases): read-only
// inside the sandbox, as one mount so it cannot be renamed aside and replaced.
function workspaceControlPaths(workspace: string): string[] {
  const paths: string[] = [];
  const git = join(workspace, ".git");
  if (existsSync(git)) paths.push(canonicalPath(git));
  // cellguard itself (say node_modules/cellguard in a project): a Cell that rewrote it would run
  // on the host the next time cellguard starts.
  const pkg = packageDir();
  if (pkg !== null) paths.push(canonicalPath(pkg));
  return paths.filter((path) => path !== workspace && isSameOrInside(path, workspace));
}

/**
 * The self-test's canary: a file the policy denies, so the probe always reads and stats at least
 * one denied file. On Linux it sits in a data directory, which the policy already hides (left out
 * of a rebuilt home, or under its own tmpfs): proving it costs no mount of its own, where a mask
 * would cost one on every command. It is one fixed file, made once and kept. Elsewhere, or when
 * no data directory takes it, it goes in the private temp under its own mask, which also proves
 * a deny holds under a writable root.
 */
function plantDenyCanary(
  opts: NormalizedOptions,
  tempDir: string,
  denied: readonly DenyEntry[],
): string {
  if (opts.platform.os === "linux") {
    for (const home of opts.homes) {
      for (const dir of dataDirCandidates(opts.platform.os, opts.env, home)) {
        const path = canonicalPath(dir);
        const hidden = denied.some((entry) => entry.kind === "subpath" && entry.path === path);
        if (hidden && ownCanary(join(path, DENY_CANARY_NAME))) return join(path, DENY_CANARY_NAME);
      }
    }
  }
  const canary = join(tempDir, DENY_CANARY_NAME);
  writeFileSync(canary, randomHex(16), { mode: 0o600, flag: "wx" });
  return canary;
}

/** Creates the canary, or accepts the one an earlier sandbox made: a non-empty regular file. */
function ownCanary(path: string): boolean {
  try {
    writeFileSync(path, randomHex(16), { mode: 0o600, flag: "wx" });
    return true;
  } catch {
    try {
      const info = lstatSync(path);
      return info.isFile() && info.size > 0;
    } catch {
      return false;
    }
  }
}

// The data directory is masked only if it exists when the sandbox starts, so create it (owner
// only) rather than leave a database created later readable from a running Cell.
function ensureDataDirs(opts: NormalizedOptions): void {
  for (const home of opts.homes) {
    for (const dir of dataDirCandidates(opts.platform.os, opts.env, home)) {
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch {
        // Unwritable parent: nothing can create the database there either.
      }
    }
  }
}

// The package root: the nearest folder with a package.json above this module (the compiled
// tree or the bundle).
export function packageDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const SYSTEM_SECRETS = new Set(SYSTEM_SECRET_PATHS.map((entry) => entry.path));

// /etc/shadow and its kind are unreadable to an ordinary user anyway: a mask would only cost a
// mount per command. Root (and a member of the shadow or ssl-cert group) can read them, and gets
// the mask. A directory is left unmasked only if it can be neither listed nor traversed (0710
// root:ssl-cert lets a member open a key by name). access(2) answers for the real ids, so a
// process whose effective ids differ always masks. The self-test checks each target either way.
function unreadableHostSecret(mask: ReadMask): boolean {
  if (!SYSTEM_SECRETS.has(mask.path)) return false;
  if (process.geteuid?.() !== process.getuid?.() || process.getegid?.() !== process.getgid?.()) {
    return false;
  }
  const refused = (mode: number): boolean => {
    try {
      accessSync(mask.path, mode);
      return false;
    } catch {
      return true;
    }
  };
  if (mask.type === "directory") return refused(constants.R_OK) && refused(constants.X_OK);
  return refused(constants.R_OK);
}
