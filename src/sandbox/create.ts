// createKernelSandbox: normalise options → detect the backend → allocate the private temp →
// build the policy → prove it with the self-test → publish the measured status.
import { randomHex } from "../platform/random.js";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ChildProcess } from "node:child_process";
import {
  parseSandboxMode,
  rawNetworkFromEnv,
  sandboxModeFromEnv,
  type SandboxMode,
} from "../config/sandbox-config.js";
import { dataDirCandidates } from "../config/data-dir.js";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import type { WrappedCommand } from "../platform/launch.js";
import { hostPlatform, type HostPlatform } from "../platform/select.js";
import { trustedWhich, untrustedReason, whichTrusted } from "../platform/trusted-binary.js";
import { isExecutableFile, type Which } from "../platform/which.js";
import { isSameOrInside, type SandboxPolicy } from "../policy/sandbox-policy.js";
import { bubblewrapBackend, seatbeltBackend, type SandboxBackend } from "./backends.js";
import { canonicalPath, defaultSecretReadDenials, probeReadMasks } from "./deny-list.js";
import { confirmFacilityFailure } from "./facility.js";
import { hiddenDirectories, reachableAfterHiding } from "./home-overlay.js";
import { cachedFailure, failureKey, firstWarning, rememberFailure } from "./failure-cache.js";
import { KernelSandbox } from "./kernel-sandbox.js";
import { defaultSelfTestRunner, runSelfTest, type SelfTestRunner } from "./self-test.js";
import { degradedStatus, type SandboxStatus } from "./status.js";
import { canonicalWorkspace, checkWorkspacePlacement } from "./workspace.js";

export { canonicalWorkspace } from "./workspace.js";

export interface KernelSandboxOptions {
  /** The writable workspace. Default: the current directory. */
  readonly workspace?: string;
  /** `auto` | `enforce` | `off`. Default: CELLGUARD_KERNEL_SANDBOX, else `auto`. */
  readonly mode?: string;
  /** Allow raw network. Default: CELLGUARD_KERNEL_ALLOW_RAW_NETWORK, else false. */
  readonly allowRawNetwork?: boolean;
  /** Where settings are read from. Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Called once per distinct warning text. Default: process.emitWarning. */
  readonly onWarning?: (message: string) => void;
  // Injectable host facts, so every path is testable on any machine.
  readonly platform?: HostPlatform;
  /** Finds security binaries. Default: PATH, accepting only root-owned, unwritable files. */
  readonly which?: Which;
  readonly runner?: SelfTestRunner;
  readonly home?: string;
  readonly uid?: number;
  /** Interpreter for the self-test probe. Default: the system python3. */
  readonly probePython?: string | null;
}

/** A sandbox whose policy is built but not yet proven. */
export interface UnprovenSandbox {
  readonly policy: SandboxPolicy;
  wrap(command: readonly string[]): WrappedCommand;
}

export interface CreateHooks {
  /**
   * Fuse the self-test with this command: the probe runs first in the command's own sandbox and
   * execs the command when the caller writes "go" on the gate descriptor handed to `onSpawn`,
   * after createKernelSandbox has resolved with an enabled sandbox. Ignored with a custom runner.
   */
  readonly fuse?: {
    readonly command: readonly string[];
    readonly env: (policy: SandboxPolicy) => Readonly<Record<string, string>>;
    readonly onSpawn: (child: ChildProcess, gateFd: number) => void;
  };
  /**
   * Called once the policy is built, just before the self-test. Whatever is started here must
   * wait for createKernelSandbox to resolve with an enabled sandbox before running anything
   * untrusted (see `cellguard exec`, which gates the command on a pipe).
   */
  readonly whileSelfTesting?: (sandbox: UnprovenSandbox) => void;
}

interface NormalizedOptions {
  readonly workspace: string;
  readonly mode: SandboxMode;
  readonly allowRawNetwork: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly onWarning: (message: string) => void;
  readonly platform: HostPlatform;
  readonly which: Which;
  readonly customWhich: boolean;
  readonly runner: SelfTestRunner;
  readonly customRunner: boolean;
  /** $HOME first, then the account's home from the password database when it differs. */
  readonly homes: readonly string[];
  readonly uid: number;
  readonly probePython: string | null | undefined;
}

const SYSTEM_PYTHONS = ["/usr/bin/python3", "/usr/local/bin/python3"];

/**
 * Creates the kernel sandbox for one workspace and proves it with a self-test.
 *
 * Under `auto`, only a host that cannot sandbox at all (no backend, an unsupported platform or
 * architecture, no interpreter for the probe, a kernel that refuses namespaces) degrades to an
 * unconfined run, visibly. A sandbox that starts but fails a check is refused in every mode: a
 * previous Cell can make a check fail on purpose (an unwritable workspace, say), and degrading
 * then would hand the next Cell the host.
 *
 * @throws {SandboxConfigurationError} bad mode, bad flag, bad workspace. Nothing was run.
 * @throws {SandboxUnavailableError} no boundary could be proven and none may be skipped.
 */
export async function createKernelSandbox(
  options: KernelSandboxOptions = {},
  hooks: CreateHooks = {},
): Promise<KernelSandbox> {
  const opts = normalizeOptions(options);
  const { mode, workspace } = opts;
  if (mode === "off") {
    return new KernelSandbox({
      status: {
        mode,
        state: "disabled",
        backend: null,
        enforced: false,
        selfTestPassed: null,
        networkPolicy: "not_enforced",
        workspace,
        tempDir: null,
        detail: "explicitly disabled by CELLGUARD_KERNEL_SANDBOX=off",
        warning: null,
        checks: null,
      },
      policy: null,
      backend: null,
    });
  }

  const detected = detectBackend(opts);
  if (detected.backend === null)
    return degrade(opts, { backend: detected.name, detail: detected.detail });
  const backend = detected.backend;
  const python = opts.probePython === undefined ? findProbePython(opts) : opts.probePython;
  if (python === null) {
    return degrade(opts, {
      backend: backend.name,
      detail: `${detected.detail}; no trusted python3 to run the self-test probe (install the python3 package)`,
    });
  }
  const cacheKey = failureKey(backend.name, backend.executable, opts.allowRawNetwork);
  const cached = opts.customRunner ? undefined : cachedFailure(cacheKey);
  if (cached !== undefined) return degrade(opts, { backend: backend.name, detail: cached });

  let tempDir: string;
  try {
    tempDir = realpathSync.native(mkdtempSync(join(tmpdir(), "cellguard-kernel-")));
  } catch (error) {
    return refuse(opts, {
      backend: backend.name,
      detail: `${detected.detail}; private temp could not be created: ${messageOf(error)}`,
    });
  }
  let policy: SandboxPolicy;
  try {
    policy = buildPolicy(opts, tempDir);
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  // The caller may start a command gated on the verdict, so its sandbox is set up while the
  // self-test runs; it must not let the command proceed before this function returns enabled.
  hooks.whileSelfTesting?.({
    policy,
    wrap: (command) => backend.wrap(policy, command, { standalone: false }),
  });
  const testInputs = {
    backend,
    policy,
    python,
    runner: opts.runner,
    home: opts.homes[0] ?? "/",
    env: opts.env,
  };
  const fuse = opts.customRunner ? undefined : hooks.fuse;
  let outcome = await runSelfTest(
    fuse === undefined
      ? testInputs
      : {
          ...testInputs,
          fused: { command: fuse.command, env: fuse.env(policy), onSpawn: fuse.onSpawn },
        },
  );
  if (fuse !== undefined && !outcome.passed && outcome.checks === null) {
    // The fused run gave no report (its sandbox never started, and what bubblewrap said went to
    // the user's terminal): measure again the standard way, for the diagnostic.
    outcome = await runSelfTest(testInputs);
  }
  if (!outcome.passed) {
    rmSync(tempDir, { recursive: true, force: true });
    const detail = `${detected.detail}; ${outcome.detail}`;
    const facility =
      outcome.checks === null &&
      (await confirmFacilityFailure(backend, {
        custom: opts.customRunner,
        detail: outcome.detail,
      }));
    if (!facility) return refuse(opts, { backend: backend.name, detail, checks: outcome.checks });
    if (!opts.customRunner) rememberFailure(cacheKey, detail);
    return degrade(opts, { backend: backend.name, detail, checks: outcome.checks });
  }
  const status: SandboxStatus = {
    mode,
    state: "enabled",
    backend: backend.name,
    enforced: true,
    selfTestPassed: true,
    networkPolicy: opts.allowRawNetwork ? "raw_allowed" : "blocked",
    workspace,
    tempDir,
    detail: `${detected.detail}; ${outcome.detail}`,
    warning: null,
    checks: outcome.checks,
  };
  return new KernelSandbox({ status, policy, backend });
}

function normalizeOptions(options: KernelSandboxOptions): NormalizedOptions {
  const raw: KernelSandboxOptions = Object.assign(Object.create(null) as object, options);
  const env = raw.env ?? process.env;
  const mode =
    raw.mode === undefined ? sandboxModeFromEnv(env) : parseSandboxMode(raw.mode, "mode");
  // Validated even when an explicit value overrides it: a typo in the environment is reported.
  const envNetwork = rawNetworkFromEnv(env);
  const platform = raw.platform ?? hostPlatform();
  const homes = raw.home !== undefined ? [raw.home] : accountHomes();
  const workspace = canonicalWorkspace(raw.workspace ?? process.cwd());
  checkWorkspacePlacement(workspace, {
    homes,
    dataDirs: homes.flatMap((home) => dataDirCandidates(platform.os, env, home)),
  });
  return {
    workspace,
    mode,
    allowRawNetwork: raw.allowRawNetwork ?? envNetwork,
    env,
    onWarning:
      raw.onWarning ?? ((message) => process.emitWarning(message, "CellguardSecurityWarning")),
    platform,
    which: raw.which ?? trustedWhich(env),
    customWhich: raw.which !== undefined,
    runner: raw.runner ?? defaultSelfTestRunner,
    customRunner: raw.runner !== undefined,
    homes,
    uid: raw.uid ?? process.getuid?.() ?? -1,
    probePython: raw.probePython,
  };
}

// $HOME can be pointed anywhere by whoever starts cellguard; the account's own home holds the
// same credentials, so both are masked.
function accountHomes(): string[] {
  const homes = [homedir()];
  try {
    const account = userInfo().homedir;
    if (account !== "" && !homes.includes(account)) homes.push(account);
  } catch {
    // no password-database entry for this uid
  }
  return homes;
}

function detectBackend(opts: NormalizedOptions): {
  backend: SandboxBackend | null;
  name: SandboxBackend["name"] | null;
  detail: string;
} {
  const { platform } = opts;
  const notFound = (name: string, what: string): string => {
    const refused = opts.customWhich ? [] : whichTrusted(name, opts.env["PATH"]).refused;
    return refused.length === 0
      ? what
      : `${what}; refused untrusted candidates: ${refused.join("; ")}`;
  };
  switch (platform.os) {
    case "darwin": {
      const exe = opts.which("sandbox-exec");
      if (exe === null)
        return {
          backend: null,
          name: null,
          detail: notFound("sandbox-exec", "macOS sandbox-exec was not found"),
        };
      return { backend: seatbeltBackend(exe), name: "seatbelt", detail: "sandbox-exec detected" };
    }
    case "linux": {
      const exe = opts.which("bwrap");
      if (exe === null) {
        return {
          backend: null,
          name: null,
          detail: notFound(
            "bwrap",
            "Linux bubblewrap (bwrap) was not found on PATH; install the bubblewrap package",
          ),
        };
      }
      try {
        return {
          backend: bubblewrapBackend(exe, platform.arch),
          name: "bubblewrap",
          detail: "bubblewrap detected",
        };
      } catch (error) {
        return {
          backend: null,
          name: "bubblewrap",
          detail: `bubblewrap detected; ${messageOf(error)}`,
        };
      }
    }
    case "other":
      return {
        backend: null,
        name: null,
        detail: `OS sandbox is unsupported on platform '${platform.name}'`,
      };
  }
}

function buildPolicy(opts: NormalizedOptions, tempDir: string): SandboxPolicy {
  ensureDataDirs(opts);
  // A canary inside the writable private temp, masked like any secret: the self-test proves
  // that a deny holds even under a writable root, with the runtime's exact argv.
  const canary = join(tempDir, ".cellguard-deny-canary");
  writeFileSync(canary, randomHex(16), { mode: 0o600, flag: "wx" });
  const denyRead = [
    { kind: "literal" as const, path: canary },
    ...defaultSecretReadDenials({
      workspace: opts.workspace,
      tempDir,
      env: opts.env,
      homes: opts.homes,
      os: opts.platform.os,
      packageDir: packageDir(),
    }),
  ];
  const hidden = opts.platform.os === "linux" ? hiddenDirectories(denyRead, opts.homes) : [];
  for (const dir of hidden) {
    // A rebuilt directory is remounted read-only: inside the workspace it would take the
    // workspace's writes with it, or hide what the workspace holds.
    if (isSameOrInside(dir.path, opts.workspace)) {
      throw new SandboxConfigurationError(
        `Cannot create sandbox: workspace ${JSON.stringify(opts.workspace)} contains ${dir.path}, which holds credential stores cellguard hides; use a folder without them`,
      );
    }
  }
  return Object.freeze({
    workspace: opts.workspace,
    tempDir,
    allowRawNetwork: opts.allowRawNetwork,
    denyRead: Object.freeze(denyRead),
    // A denied path left out of a rebuilt directory is absent: no mask needed (or possible).
    readMasks: Object.freeze(
      probeReadMasks(denyRead).filter((m) => reachableAfterHiding(m.path, hidden)),
    ),
    hiddenDirectories: Object.freeze(hidden),
    readOnlyPaths: Object.freeze(workspaceControlPaths(opts.workspace)),
    dropCapabilities: opts.uid === 0,
  });
}

// A repository's .git is code the host runs later (hooks, core.fsmonitor, aliases): read-only
// inside the sandbox, as one mount so it cannot be renamed aside and replaced.
function workspaceControlPaths(workspace: string): string[] {
  const git = join(workspace, ".git");
  if (!existsSync(git)) return [];
  const real = canonicalPath(git);
  return isSameOrInside(real, workspace) ? [real] : [];
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

function findProbePython(opts: NormalizedOptions): string | null {
  if (opts.customWhich) return opts.which("python3");
  for (const candidate of SYSTEM_PYTHONS) {
    if (isExecutableFile(candidate) && untrustedReason(candidate) === null) return candidate;
  }
  return opts.which("python3");
}

// The package root: the nearest folder with a package.json above this module (the compiled
// tree or the bundle).
function packageDir(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

type FailureFields = {
  backend: SandboxBackend["name"] | null;
  detail: string;
  checks?: Readonly<Record<string, boolean>> | null;
};

/** The host cannot sandbox: `enforce` refuses, `auto` runs unconfined with a visible warning. */
function degrade(opts: NormalizedOptions, fields: FailureFields): KernelSandbox {
  const status = degradedStatus({ mode: opts.mode, workspace: opts.workspace, ...fields });
  if (opts.mode === "enforce") {
    throw new SandboxUnavailableError(
      `OS kernel sandbox is required (mode enforce) but could not be proven: ${fields.detail}`,
      { status },
    );
  }
  const warning = status.warning ?? fields.detail;
  if (firstWarning(warning)) opts.onWarning(warning);
  return new KernelSandbox({ status, policy: null, backend: null });
}

/** The sandbox could start but did not hold: refused in every mode. */
function refuse(opts: NormalizedOptions, fields: FailureFields): never {
  const status = degradedStatus({ mode: opts.mode, workspace: opts.workspace, ...fields });
  throw new SandboxUnavailableError(
    `OS kernel sandbox failed its self-test, so nothing runs (a failing check can be induced by an earlier Cell, and running unconfined would reward it): ${fields.detail}`,
    { status },
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
