// createKernelSandbox: normalise options → detect the backend → allocate the private temp →
// build the policy → prove it with the self-test → publish the measured status.
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  parseSandboxMode,
  rawNetworkFromEnv,
  sandboxModeFromEnv,
  type SandboxMode,
} from "../config/sandbox-config.js";
import { dataDirCandidates } from "../config/data-dir.js";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { hostPlatform, type HostPlatform } from "../platform/select.js";
import { isExecutableFile, whichFromEnv, type Which } from "../platform/which.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import { bubblewrapBackend, seatbeltBackend, type SandboxBackend } from "./backends.js";
import { canonicalPath, defaultSecretReadDenials, probeReadMasks } from "./deny-list.js";
import {
  cachedFailure,
  failureKey,
  firstWarning,
  isFacilityFailure,
  rememberFailure,
} from "./failure-cache.js";
import { KernelSandbox } from "./kernel-sandbox.js";
import { defaultSelfTestRunner, runSelfTest, type SelfTestRunner } from "./self-test.js";
import { degradedStatus, type SandboxStatus } from "./status.js";

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
  readonly which?: Which;
  readonly runner?: SelfTestRunner;
  readonly home?: string;
  readonly uid?: number;
  /** Interpreter for the self-test probe. Default: the system python3. */
  readonly probePython?: string | null;
}

interface NormalizedOptions {
  readonly workspace: string;
  readonly mode: SandboxMode;
  readonly allowRawNetwork: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly onWarning: (message: string) => void;
  readonly platform: HostPlatform;
  readonly which: Which;
  readonly runner: SelfTestRunner;
  readonly customRunner: boolean;
  readonly home: string;
  readonly uid: number;
  readonly probePython: string | null | undefined;
}

const SYSTEM_PYTHONS = ["/usr/bin/python3", "/usr/local/bin/python3"];
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

/**
 * Creates the kernel sandbox for one workspace and proves it with a self-test.
 *
 * @throws {SandboxConfigurationError} bad mode, bad flag, bad workspace. Nothing was run.
 * @throws {SandboxUnavailableError} under `enforce`, when no boundary could be proven.
 */
export async function createKernelSandbox(
  options: KernelSandboxOptions = {},
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
  if (detected.backend === null) {
    return degrade(opts, { backend: detected.name, detail: detected.detail });
  }
  const backend = detected.backend;
  const cacheKey = failureKey(backend.name, backend.executable, opts.allowRawNetwork);
  const cached = opts.customRunner ? undefined : cachedFailure(cacheKey);
  if (cached !== undefined) return degrade(opts, { backend: backend.name, detail: cached });

  let tempDir: string;
  try {
    tempDir = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-kernel-")));
  } catch (error) {
    return degrade(opts, {
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
  const outcome = await runSelfTest({
    backend,
    policy,
    python: opts.probePython === undefined ? findProbePython(opts.which) : opts.probePython,
    runner: opts.runner,
    home: opts.home,
    env: opts.env,
  });
  if (!outcome.passed) {
    rmSync(tempDir, { recursive: true, force: true });
    const detail = `${detected.detail}; ${outcome.detail}`;
    if (!opts.customRunner && isFacilityFailure(outcome.detail)) rememberFailure(cacheKey, detail);
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
  return {
    workspace: canonicalWorkspace(raw.workspace ?? process.cwd()),
    mode,
    allowRawNetwork: raw.allowRawNetwork ?? envNetwork,
    env,
    onWarning:
      raw.onWarning ?? ((message) => process.emitWarning(message, "CellguardSecurityWarning")),
    platform: raw.platform ?? hostPlatform(),
    which: raw.which ?? whichFromEnv,
    runner: raw.runner ?? defaultSelfTestRunner,
    customRunner: raw.runner !== undefined,
    home: raw.home ?? homedir(),
    uid: raw.uid ?? process.getuid?.() ?? -1,
    probePython: raw.probePython,
  };
}

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
    real = realpathSync(workspace);
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
    // Binding / writable would make the whole host writable.
    throw new SandboxConfigurationError(
      "Cannot create sandbox: workspace cannot be the filesystem root",
    );
  }
  return real;
}

function detectBackend(opts: NormalizedOptions): {
  backend: SandboxBackend | null;
  name: SandboxBackend["name"] | null;
  detail: string;
} {
  const { platform } = opts;
  switch (platform.os) {
    case "darwin": {
      const exe = opts.which("sandbox-exec");
      if (exe === null)
        return { backend: null, name: null, detail: "macOS sandbox-exec was not found" };
      return { backend: seatbeltBackend(exe), name: "seatbelt", detail: "sandbox-exec detected" };
    }
    case "linux": {
      const exe = opts.which("bwrap");
      if (exe === null) {
        return {
          backend: null,
          name: null,
          detail: "Linux bubblewrap (bwrap) was not found on PATH; install the bubblewrap package",
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
  writeFileSync(canary, randomBytes(16).toString("hex"), { mode: 0o600, flag: "wx" });
  const denyRead = [
    { kind: "literal" as const, path: canary },
    ...defaultSecretReadDenials({
      workspace: opts.workspace,
      tempDir,
      env: opts.env,
      home: opts.home,
      os: opts.platform.os,
      packageDir: packageDir(),
    }),
  ];
  return Object.freeze({
    workspace: opts.workspace,
    tempDir,
    allowRawNetwork: opts.allowRawNetwork,
    denyRead: Object.freeze(denyRead),
    readMasks: Object.freeze(probeReadMasks(denyRead)),
    dropCapabilities: opts.uid === 0,
  });
}

// The data directory is masked only if it exists when the sandbox starts, so create it (owner
// only) rather than leave a database created later readable from a running Cell.
function ensureDataDirs(opts: NormalizedOptions): void {
  for (const dir of dataDirCandidates(opts.platform.os, opts.env, opts.home)) {
    const real = canonicalPath(dir);
    if (real === opts.workspace || opts.workspace.startsWith(`${real}/`)) continue;
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      // Unwritable parent: nothing can create the database there either.
    }
  }
}

function findProbePython(which: Which): string | null {
  for (const candidate of SYSTEM_PYTHONS) if (isExecutableFile(candidate)) return candidate;
  return which("python3");
}

function degrade(
  opts: NormalizedOptions,
  fields: {
    backend: SandboxBackend["name"] | null;
    detail: string;
    checks?: Readonly<Record<string, boolean>> | null;
  },
): KernelSandbox {
  const status = degradedStatus({ mode: opts.mode, workspace: opts.workspace, ...fields });
  const warning = status.warning ?? fields.detail;
  if (opts.mode === "enforce") {
    throw new SandboxUnavailableError(
      `OS kernel sandbox is required (mode enforce) but could not be proven: ${fields.detail}`,
      { status },
    );
  }
  if (firstWarning(warning)) opts.onWarning(warning);
  return new KernelSandbox({ status, policy: null, backend: null });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
