// The OS boundary around the provider helper ("bring your own compute"): the helper calls a
// provider's API with a user credential, so it keeps the network but must not read any home, the
// keychain or other processes, and may write only its stage. The boundary is measured by a real
// self-test before it is claimed; the helper checks it again from inside (assert-confined.ts).
//
// How it fails: `enforce` refuses when no boundary can be built; `auto` runs the helper unconfined
// with a visible warning, but only when this host cannot build the boundary at all (no backend,
// an unsupported platform, namespaces refused by policy). A boundary that starts and does not
// hold is refused in every mode, as the kernel sandbox does: a failure someone can induce must
// not buy an unconfined run.
import {
  mkdtempSync,
  opendirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseSandboxMode, type SandboxMode } from "../config/sandbox-config.js";
import { SandboxUnavailableError } from "../errors.js";
import { buildKernelEnvironment, DEFAULT_PATH } from "../kernel/environment.js";
import { runWrapped, type WrappedCommand } from "../platform/launch.js";
import { randomHex } from "../platform/random.js";
import { removeTree } from "../platform/remove-tree.js";
import { hostPlatform, type HostPlatform } from "../platform/select.js";
import { trustedWhich, untrustedReason, whichTrusted } from "../platform/trusted-binary.js";
import { isExecutableFile, type Which } from "../platform/which.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { renderSeccompProgram } from "../render/seccomp.js";
import { isFacilityFailure } from "../sandbox/failure-cache.js";
import type { SelfTestRunner } from "../sandbox/self-test.js";
import {
  encodeHostAnchors,
  EXPECT_CONFINED_VARIABLE,
  HOST_ANCHORS_VARIABLE,
  identity,
  type HomeAnchor,
  type HostAnchors,
} from "./assert-confined.js";
import {
  buildHelperPolicy,
  canonicalHomes,
  checkAbsolutePath,
  type HelperPolicy,
  type HelperPolicyRequest,
  type PolicyFs,
} from "./policy.js";
import { renderHelperBwrapArgv } from "./render-bwrap.js";
import { renderHelperSeatbeltArgv } from "./render-seatbelt.js";
import { accountHomes } from "../platform/account-homes.js";

export const COMPUTE_CONFINEMENT_VARIABLE = "CELLGUARD_COMPUTE_CONFINEMENT";
export type ComputeConfinementMode = SandboxMode;

/**
 * Parses CELLGUARD_COMPUTE_CONFINEMENT: `auto` (unset or empty), `enforce` or `off`, trimmed and
 * case-insensitive.
 *
 * @throws {SandboxConfigurationError} any other value, naming the variable. Nothing runs.
 */
export function parseComputeConfinementMode(raw: string | undefined): ComputeConfinementMode {
  return parseSandboxMode(raw, COMPUTE_CONFINEMENT_VARIABLE);
}

export const SELF_TEST_TIMEOUT_MS = 30_000;
const MINIMAL_TIMEOUT_MS = 5000;
/** How many of a home's entries the host names (by identity only) for the helper's check. */
const ANCHOR_ENTRIES = 64;

export const HELPER_WARNING_PREFIX =
  "CELLGUARD SECURITY WARNING: the provider helper runs without an OS boundary; ";

const NETWORK_NOTE =
  "The network is NOT isolated: the helper must reach its provider, so what it can read it can send.";

// What the self-test measured, per backend, and what it did not: the posture claims no more.
const MEASURED: Readonly<Record<HelperBackendName, string>> = {
  bubblewrap:
    "measured from inside: each home is another mount and a canary planted in it is not visible, the stage and the private temp take writes and a directory outside them does not, the PID namespace is private, and a seccomp filter is loaded (it refuses Unix and vsock sockets; the refusal itself is not measured). /run, /tmp, /var/tmp and /dev/shm are hidden and the system secrets that exist are masked, not measured.",
  seatbelt:
    "measured from inside: no home can be listed, securityd (the keychain) does not answer, the stage takes writes and a path outside it does not. Other processes are not measured.",
};

const SCOPE_NOTE =
  "Out of scope: only this user's homes are hidden, so other users' homes and world-readable system files stay readable.";

export type HelperBackendName = "bubblewrap" | "seatbelt";

export interface BoundaryVerdict {
  readonly ok: boolean;
  /**
   * `holds`: measured from inside. `host_cannot`: this host cannot build the boundary (no trusted
   * backend, an unsupported platform, namespaces refused by policy); `auto` runs unconfined.
   * `failed`: the boundary started but did not hold, or could not be measured; refused in every mode.
   */
  readonly kind: "holds" | "host_cannot" | "failed";
  readonly backend: HelperBackendName | null;
  /** The absolute backend binary the verdict was measured with. */
  readonly executable: string | null;
  readonly detail: string;
}

/** The one description of the helper's boundary, for the runtime and for `doctor`. */
export interface HelperPosture {
  readonly mode: ComputeConfinementMode;
  /** `active`, not the kernel's `enabled`: the helper's boundary is a different shape. */
  readonly state: "active" | "disabled" | "unavailable";
  readonly enforced: boolean;
  readonly backend: HelperBackendName | null;
  /** Always false, asked on its own so "confined" is never read as "cannot phone home". */
  readonly networkIsolated: false;
  readonly detail: string;
  readonly warning: string | null;
}

/**
 * What wrap() returns: spawn it with spawnWrapped/runWrapped with `env` as the WHOLE environment
 * (an allowlist of the caller's, never its credentials), and give the helper its credential on
 * stdin.
 */
export interface ConfinedCommand extends WrappedCommand {
  readonly confined: boolean;
  /**
   * The helper's whole environment: the caller's filtered through the worker allowlist, plus the
   * confinement expectation, the identity anchors its self-check compares with, and
   * TMPDIR/TMP/TEMP when confined.
   */
  readonly env: Readonly<Record<string, string>>;
  /** The private temp directory (confined only); dispose() removes it. */
  readonly tempDir: string | null;
  readonly policy: HelperPolicy | null;
  /** Removes the private temp directory. Call it once the helper has exited. */
  dispose(): void;
}

export interface HelperBoundaryOptions {
  /** `auto` | `enforce` | `off`. Default: CELLGUARD_COMPUTE_CONFINEMENT, else `auto`. */
  readonly mode?: string;
  /** Where settings and PATH are read from. Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** A home to hide, in addition to $HOME and the account's home from the password database. */
  readonly home?: string;
  /** Called once per distinct warning text. Default: process.emitWarning. */
  readonly onWarning?: (message: string) => void;
  // Injectable host facts, so every path is testable on any machine.
  readonly platform?: HostPlatform;
  /** Finds bwrap and sandbox-exec. Default: PATH, accepting only root-owned, unwritable files. */
  readonly which?: Which;
  readonly runner?: SelfTestRunner;
  readonly uid?: number;
  /** The interpreter of the macOS self-test probe. Default: this Node binary. */
  readonly interpreter?: string;
}

export interface HelperBoundary {
  readonly mode: ComputeConfinementMode;
  /** Whether the boundary holds on this host: the (cached) self-test. Never throws. */
  available(): Promise<BoundaryVerdict>;
  /** Runs the self-test, or answers from the cache unless `force`. Never throws. */
  selfTest(options?: { readonly force?: boolean }): Promise<BoundaryVerdict>;
  /** The measured posture under `mode` (default: the boundary's own). */
  posture(mode?: string): Promise<HelperPosture>;
  /**
   * The helper's command, confined when the boundary holds.
   *
   * @throws {SandboxConfigurationError} bad argv, stage or read path. Nothing was started.
   * @throws {SandboxUnavailableError} `enforce` without a boundary, or a boundary that failed.
   */
  wrap(
    argv: readonly string[],
    stage: string,
    options?: { readonly readPaths?: readonly string[] },
  ): Promise<ConfinedCommand>;
}

interface Normalized {
  readonly mode: ComputeConfinementMode;
  readonly env: NodeJS.ProcessEnv;
  readonly homes: readonly string[];
  readonly onWarning: (message: string) => void;
  readonly platform: HostPlatform;
  readonly which: Which;
  readonly customWhich: boolean;
  readonly runner: SelfTestRunner;
  readonly customRunner: boolean;
  readonly uid: number;
  readonly interpreter: string;
}

const nodeFs: PolicyFs = {
  realpath(path) {
    try {
      return realpathSync.native(path);
    } catch {
      return null;
    }
  },
  readlink(path) {
    try {
      return readlinkSync(path);
    } catch {
      return null;
    }
  },
  kind(path) {
    try {
      const st = statSync(path);
      return st.isDirectory() ? "directory" : st.isFile() ? "file" : "other";
    } catch {
      return null;
    }
  },
};

/**
 * Creates the helper boundary. The mode and the home are checked here, before anything runs.
 *
 * @throws {SandboxConfigurationError} an invalid mode (naming CELLGUARD_COMPUTE_CONFINEMENT when
 *   it came from there), a home with NUL or a relative home, or a home of `/`.
 */
export function createHelperBoundary(options: HelperBoundaryOptions = {}): HelperBoundary {
  const opts = normalize(options);
  const boundary: HelperBoundary = {
    mode: opts.mode,
    available: () => selfTest(opts, false),
    selfTest: (o) => selfTest(opts, o?.force === true),
    posture: async (mode) => {
      const m = mode === undefined ? opts.mode : parseSandboxMode(mode, "mode");
      return postureOf(m, m === "off" ? null : await selfTest(opts, false));
    },
    wrap: (argv, stage, o) => wrap(opts, { argv, stage, readPaths: o?.readPaths ?? [] }),
  };
  return Object.freeze(boundary);
}

function normalize(options: HelperBoundaryOptions): Normalized {
  const raw: HelperBoundaryOptions = Object.assign(Object.create(null) as object, options);
  const env = raw.env ?? process.env;
  // Validated even when an explicit mode overrides it: a typo in the environment is reported.
  const envMode = parseComputeConfinementMode(env[COMPUTE_CONFINEMENT_VARIABLE]);
  const mode = raw.mode === undefined ? envMode : parseSandboxMode(raw.mode, "mode");
  const candidates = raw.home !== undefined ? [raw.home, ...accountHomes()] : accountHomes();
  return {
    mode,
    env,
    homes: canonicalHomes(candidates, nodeFs),
    onWarning:
      raw.onWarning ?? ((message) => process.emitWarning(message, "CellguardSecurityWarning")),
    platform: raw.platform ?? hostPlatform(),
    which: raw.which ?? trustedWhich(env),
    customWhich: raw.which !== undefined,
    runner: raw.runner ?? runWrapped,
    customRunner: raw.runner !== undefined,
    uid: raw.uid ?? process.getuid?.() ?? -1,
    interpreter: raw.interpreter ?? process.execPath,
  };
}

/** The posture for a mode and a verdict (null under `off`, where nothing is measured). */
export function postureOf(
  mode: ComputeConfinementMode,
  verdict: BoundaryVerdict | null,
): HelperPosture {
  const base = { mode, networkIsolated: false, warning: null } as const;
  if (mode === "off" || verdict === null) {
    return {
      ...base,
      mode: "off",
      state: "disabled",
      enforced: false,
      backend: null,
      detail: `explicitly disabled by ${COMPUTE_CONFINEMENT_VARIABLE}=off: the provider helper runs with the user's full access. ${NETWORK_NOTE}`,
    };
  }
  if (verdict.ok) {
    return {
      ...base,
      state: "active",
      enforced: true,
      backend: verdict.backend,
      detail: `${verdict.detail}: ${verdict.backend === null ? "measured" : MEASURED[verdict.backend]} ${SCOPE_NOTE} ${NETWORK_NOTE}`,
    };
  }
  const unavailable = { ...base, state: "unavailable", enforced: false, backend: null } as const;
  if (verdict.kind === "failed") {
    return {
      ...unavailable,
      detail: `the OS boundary for the provider helper failed its self-test, so the helper does not run in any mode: ${verdict.detail}. ${NETWORK_NOTE}`,
    };
  }
  const detail = `no OS boundary can be established for the provider helper on this host: ${verdict.detail}. ${NETWORK_NOTE}`;
  if (mode === "enforce")
    return { ...unavailable, detail: `${detail} Under enforce it does not run.` };
  return { ...unavailable, detail, warning: HELPER_WARNING_PREFIX + verdict.detail };
}

/** The JSON form, with snake_case keys, as `doctor --json` prints it. */
export function postureToJson(posture: HelperPosture): Record<string, unknown> {
  return {
    mode: posture.mode,
    state: posture.state,
    enforced: posture.enforced,
    backend: posture.backend,
    network_isolated: posture.networkIsolated,
    detail: posture.detail,
    warning: posture.warning,
  };
}

/**
 * Read roots for a Node helper: the runtime's install prefix, plus `extra` (the helper's own
 * package directory, say). Missing entries are dropped; each is resolved; duplicates removed.
 */
export function runtimeReadPaths(
  extra: readonly string[] = [],
  executable: string = process.execPath,
): string[] {
  const out: string[] = [];
  const real = nodeFs.realpath(executable);
  const prefix = real === null ? null : dirname(dirname(real));
  for (const candidate of [prefix === "/" ? dirname(real ?? "/") : prefix, ...extra]) {
    if (candidate === null || candidate === "" || candidate.includes("\0")) continue;
    const resolved = nodeFs.realpath(candidate);
    if (resolved !== null && !out.includes(resolved)) out.push(resolved);
  }
  return out;
}

// ---- wrap

async function wrap(
  opts: Normalized,
  request: { argv: readonly string[]; stage: string; readPaths: readonly string[] },
): Promise<ConfinedCommand> {
  const command = checkArgv(request.argv);
  if (!Array.isArray(request.readPaths)) {
    throw new TypeError("Cannot confine the provider helper: readPaths must be an array");
  }
  const policyRequest = {
    homes: opts.homes,
    stage: request.stage,
    readPaths: request.readPaths,
    executable: command[0],
    dropCapabilities: opts.uid === 0,
  };
  // Every input is checked before anything starts; the stage stands in for the temp not yet made.
  buildHelperPolicy({ ...policyRequest, tempDir: request.stage }, nodeFs);
  if (opts.mode === "off") return unconfined(opts, command, request.stage);
  const verdict = await selfTest(opts, false);
  if (verdict.ok && verdict.executable !== null && verdict.backend !== null) {
    const backend = { name: verdict.backend, executable: verdict.executable };
    return confined(opts, { ...policyRequest, command }, backend);
  }
  if (verdict.kind === "failed") {
    throw new SandboxUnavailableError(
      `The provider helper's OS boundary failed its self-test, so nothing runs in any mode (a failure that can be induced must not buy an unconfined run): ${verdict.detail}`,
    );
  }
  if (opts.mode === "enforce") {
    throw new SandboxUnavailableError(
      `The provider helper must run inside an OS boundary (${COMPUTE_CONFINEMENT_VARIABLE}=enforce), but none can be established on this host: ${verdict.detail}`,
    );
  }
  warnOnce(opts, HELPER_WARNING_PREFIX + verdict.detail);
  return unconfined(opts, command, request.stage);
}

function checkArgv(argv: readonly string[]): [string, ...string[]] {
  if (!Array.isArray(argv) || argv.length === 0) {
    throw new TypeError("Cannot wrap the provider helper: the command is empty");
  }
  for (const arg of argv) {
    if (typeof arg !== "string" || arg.includes("\0")) {
      throw new TypeError(
        "Cannot wrap the provider helper: every argument must be a string without NUL",
      );
    }
  }
  // The program is named by its absolute path: a bare name would be looked up on a PATH.
  const [program, ...rest] = argv as [string, ...string[]];
  return [checkAbsolutePath(program, "helper program"), ...rest];
}

// The helper's whole environment, from the same allowlist as a kernel worker's: credentials,
// proxies (their URLs often hold passwords), agent sockets and loader variables never reach it.
// The provider credential itself travels on the helper's stdin.
function helperEnvironment(opts: Normalized, stage: string): Record<string, string> {
  return buildKernelEnvironment(opts.env, { cwd: stage, mode: "helper" });
}

function unconfined(
  opts: Normalized,
  command: readonly [string, ...string[]],
  stage: string,
): ConfinedCommand {
  const [file, ...args] = command;
  return {
    file,
    args,
    inherited: [],
    confined: false,
    env: { ...helperEnvironment(opts, stage), [EXPECT_CONFINED_VARIABLE]: "0" },
    tempDir: null,
    policy: null,
    dispose: () => undefined,
  };
}

/** The measured backend wraps the helper; the private temp is made here and bound in. */
function confined(
  opts: Normalized,
  request: Omit<HelperPolicyRequest, "tempDir"> & { readonly command: readonly string[] },
  backend: Backend,
): ConfinedCommand {
  const tempDir = realpathSync.native(mkdtempSync(join(tmpdir(), "cellguard-helper-")));
  try {
    const policy = buildHelperPolicy({ ...request, tempDir }, nodeFs);
    const argv = renderFor(backend.name, {
      policy,
      executable: backend.executable,
      command: request.command,
    });
    const anchors = measureHostAnchors(policy, opts.platform);
    return {
      file: backend.executable,
      args: argv.slice(1),
      inherited: inheritedFor(backend.name, opts.platform),
      confined: true,
      env: {
        ...helperEnvironment(opts, request.stage),
        [EXPECT_CONFINED_VARIABLE]: "1",
        [HOST_ANCHORS_VARIABLE]: encodeHostAnchors(anchors),
        TMPDIR: tempDir,
        TMP: tempDir,
        TEMP: tempDir,
      },
      tempDir,
      policy,
      dispose: () => void removeTree(tempDir),
    };
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** bubblewrap reads the seccomp program on descriptor 3; an unknown architecture throws. */
const SECCOMP_FD = 3;

function inheritedFor(
  backend: HelperBackendName,
  platform: HostPlatform,
): WrappedCommand["inherited"] {
  if (backend !== "bubblewrap") return [];
  return [{ fd: SECCOMP_FD, data: renderSeccompProgram(platform.arch) }];
}

function renderFor(
  backend: HelperBackendName,
  input: { policy: HelperPolicy; executable: string; command: readonly string[] },
): string[] {
  switch (backend) {
    case "bubblewrap":
      return renderHelperBwrapArgv(input.policy, { ...input, seccompFd: SECCOMP_FD });
    case "seatbelt":
      return renderHelperSeatbeltArgv(input.policy, input);
  }
}

/**
 * What the helper's self-check compares with: each home's identity, and the identities of some
 * of its entries that must not be visible inside (names are not sent: they are home contents).
 */
function measureHostAnchors(policy: HelperPolicy, platform: HostPlatform): HostAnchors {
  const visible = new Set([...policy.readPaths, policy.stage, policy.tempDir]);
  const homes: HomeAnchor[] = [];
  for (const home of policy.homes) {
    const id = identity(home, "follow");
    if (id === null) continue;
    homes.push({ path: home, id, entries: entryIdentities(home, visible) });
  }
  const pid = platform.os === "linux" ? identity("/proc/self/ns/pid", "follow") : null;
  return { homes, pidNamespace: pid?.split(":")[1] ?? null };
}

function entryIdentities(home: string, visible: ReadonlySet<string>): string[] {
  const out: string[] = [];
  let dir;
  try {
    dir = opendirSync(home);
  } catch {
    return out;
  }
  try {
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      const path = join(home, entry.name);
      if (visible.has(path)) continue;
      const id = identity(path, "nofollow");
      if (id !== null) out.push(id);
      if (out.length >= ANCHOR_ENTRIES) break;
    }
  } catch {
    // a partial list still anchors what it holds
  } finally {
    dir.closeSync();
  }
  return out;
}

function warnOnce(opts: Normalized, message: string): void {
  if (warned.has(message)) return;
  warned.add(message);
  opts.onWarning(message);
}

// ---- the self-test and its cache

// Verdicts are cached per (platform, backend binary, its mtime, homes). Only `holds` is kept: a
// `failed` or a `host_cannot` that came from running the probe is measured again next time, so
// a failure another process induced does not outlive its cause (and never buys unconfined runs
// for the life of the process). No backend at all is decided before the cache. Each injected
// runner gets its own cache.
let defaultCache = new Map<string, Promise<BoundaryVerdict>>();
let runnerCaches = new WeakMap<SelfTestRunner, Map<string, Promise<BoundaryVerdict>>>();
const warned = new Set<string>();

/** Forgets every cached verdict and shown warning (tests; a host whose settings changed). */
export function resetSelfTestCache(): void {
  defaultCache = new Map();
  runnerCaches = new WeakMap();
  warned.clear();
}

function cacheFor(opts: Normalized): Map<string, Promise<BoundaryVerdict>> {
  if (!opts.customRunner) return defaultCache;
  let cache = runnerCaches.get(opts.runner);
  if (cache === undefined) {
    cache = new Map();
    runnerCaches.set(opts.runner, cache);
  }
  return cache;
}

interface Backend {
  readonly name: HelperBackendName;
  readonly executable: string;
}

async function selfTest(opts: Normalized, force: boolean): Promise<BoundaryVerdict> {
  const found = findBackend(opts);
  if (!("executable" in found)) return found.verdict;
  const key = JSON.stringify([
    opts.platform.name,
    found.executable,
    mtimeOf(found.executable),
    opts.homes,
  ]);
  const cache = cacheFor(opts);
  const hit = force ? undefined : cache.get(key);
  if (hit !== undefined) return hit;
  const pending = measure(opts, found);
  cache.set(key, pending);
  const verdict = await pending;
  if (verdict.kind !== "holds" && cache.get(key) === pending) cache.delete(key);
  return verdict;
}

function findBackend(opts: Normalized): Backend | { verdict: BoundaryVerdict } {
  const cannot = (detail: string): { verdict: BoundaryVerdict } => ({
    verdict: { ok: false, kind: "host_cannot", backend: null, executable: null, detail },
  });
  const lookup = (name: string): { path: string | null; refused: string } => {
    const path = opts.which(name);
    const refused = opts.customWhich ? [] : whichTrusted(name, opts.env["PATH"]).refused;
    return {
      path,
      refused: refused.length === 0 ? "" : `; refused untrusted candidates: ${refused.join("; ")}`,
    };
  };
  const missing = (name: string, refused: string): string =>
    `${name} is not on PATH, so no OS boundary can be built for the provider helper on this host; install it, or accept the degradation that ${COMPUTE_CONFINEMENT_VARIABLE}=auto reports${refused}`;
  switch (opts.platform.os) {
    case "linux": {
      const { path, refused } = lookup("bwrap");
      if (path === null) return cannot(missing("bwrap", refused));
      return { name: "bubblewrap", executable: path };
    }
    case "darwin": {
      const { path, refused } = lookup("sandbox-exec");
      if (path === null) return cannot(missing("sandbox-exec", refused));
      return { name: "seatbelt", executable: path };
    }
    case "other":
      return cannot(`no confinement backend for platform '${opts.platform.name}'`);
  }
}

function mtimeOf(path: string): string {
  try {
    return String(statSync(path, { bigint: true }).mtimeNs);
  } catch {
    return "0";
  }
}

const BACKEND_LABEL: Readonly<Record<HelperBackendName, string>> = {
  bubblewrap: "Linux bubblewrap",
  seatbelt: "macOS Seatbelt",
};

interface Scratch {
  readonly stage: string;
  readonly tempDir: string;
  readonly outsideDir: string;
  readonly canaries: readonly string[];
}

async function measure(opts: Normalized, backend: Backend): Promise<BoundaryVerdict> {
  const label = BACKEND_LABEL[backend.name];
  const verdict = (kind: BoundaryVerdict["kind"], detail: string): BoundaryVerdict => ({
    ok: kind === "holds",
    kind,
    backend: backend.name,
    executable: backend.executable,
    detail,
  });
  let scratch: Scratch | null = null;
  try {
    scratch = allocateScratch(opts.homes);
    if (scratch === null) return verdict("failed", `${label}: self-test could not allocate probe`);
    const probe =
      backend.name === "bubblewrap" ? linuxProbe(opts, scratch) : darwinProbe(opts, scratch);
    if (probe === null) {
      return verdict("host_cannot", `${label}: no trusted stat utility to run the self-test probe`);
    }
    const policy = buildHelperPolicy(
      {
        homes: opts.homes,
        stage: scratch.stage,
        tempDir: scratch.tempDir,
        readPaths: probe.readPaths,
        executable: probe.command[0] ?? null,
        dropCapabilities: opts.uid === 0,
      },
      nodeFs,
    );
    // Exactly the runtime's argv, flag for flag: the same renderer with the same options.
    const argv = renderFor(backend.name, {
      policy,
      executable: backend.executable,
      command: probe.command,
    });
    const result = await opts.runner(
      {
        file: backend.executable,
        args: argv.slice(1),
        inherited: inheritedFor(backend.name, opts.platform),
      },
      {
        cwd: policy.stage,
        env: {
          PATH: DEFAULT_PATH,
          LANG: opts.env["LANG"] ?? "C.UTF-8",
          TMPDIR: policy.tempDir,
          TMP: policy.tempDir,
          TEMP: policy.tempDir,
        },
        timeoutMs: SELF_TEST_TIMEOUT_MS,
        maxOutputBytes: 64 * 1024,
      },
    );
    if (result.timedOut) {
      return verdict("failed", `${label} did not answer its boundary self-test within 30s`);
    }
    const failures = probe.judge(result);
    if (failures === null) {
      const stderr = oneLine(result.stderr) || `exit ${String(result.exitCode ?? result.signal)}`;
      if (result.exitCode !== 0 && (await facilityRefused(opts, backend, result.stderr))) {
        return verdict("host_cannot", `${label} cannot create its namespaces here: ${stderr}`);
      }
      if (backend.name === "seatbelt" && result.stderr.includes("execvp")) {
        return verdict(
          "failed",
          `${label} applied a profile that denies the interpreter itself (${opts.interpreter}): ${stderr}`,
        );
      }
      return verdict(
        "failed",
        `${label} is installed but did not establish a filesystem boundary here: ${stderr}`,
      );
    }
    if (failures.length > 0) {
      return verdict(
        "failed",
        `${label} ran, but the boundary it established does not hold here: ${failures.join(", ")}`,
      );
    }
    return verdict("holds", label);
  } catch (error) {
    const name = error instanceof Error ? error.name : "Error";
    const message = error instanceof Error ? error.message : String(error);
    return verdict("failed", `${label} could not be started: ${name}: ${message}`);
  } finally {
    if (scratch !== null) releaseScratch(scratch);
  }
}

interface Probe {
  readonly command: readonly string[];
  readonly readPaths: readonly string[];
  /** The failed checks (empty when all hold), or null when the probe gave no usable report. */
  judge(result: { exitCode: number | null; stdout: string; stderr: string }): string[] | null;
}

// Writes are attempted in subshells: a failed redirection on `:` would end dash itself. Each
// identity is `<st_dev>:<st_ino>`, or `none` when the path cannot be examined.
const LINUX_PROBE = [
  "stat_bin=$1; shift",
  'seccomp=none; while read -r key value; do [ "$key" = "Seccomp:" ] && seccomp=$value; done < /proc/self/status',
  'echo "seccomp $seccomp"',
  "for key in stage_write temp_write outside_write; do",
  '  if (: > "$1") 2>/dev/null; then echo "$key 1"; else echo "$key 0"; fi',
  "  shift",
  "done",
  'for p in "$@"; do',
  '  echo "id $("$stat_bin" -L -c %d:%i -- "$p" 2>/dev/null || echo none)"',
  "done",
  "echo end",
].join("\n");

const STAT_CANDIDATES = ["/usr/bin/stat", "/bin/stat"];

function linuxProbe(opts: Normalized, scratch: Scratch): Probe | null {
  const statBin = opts.customWhich
    ? opts.which("stat")
    : (STAT_CANDIDATES.find((p) => isExecutableFile(p) && untrustedReason(p) === null) ?? null);
  if (statBin === null) return null;
  const files = probeFiles(scratch);
  // Measured now, outside, to compare with what the probe sees inside.
  const targets = [
    ...opts.homes.map((path) => ({
      check: `home_hidden (${path})`,
      path,
      host: identity(path, "follow"),
    })),
    ...scratch.canaries.map((path) => ({
      check: `canary_hidden (${path})`,
      path,
      host: identity(path, "nofollow"),
    })),
    {
      check: "private_pid",
      path: "/proc/self/ns/pid",
      host: identity("/proc/self/ns/pid", "follow"),
    },
  ];
  const writes = [files.stage, files.temp, files.outside];
  return {
    command: [
      "/bin/sh",
      "-c",
      LINUX_PROBE,
      "cellguard-probe",
      statBin,
      ...writes,
      ...targets.map((t) => t.path),
    ],
    readPaths: [],
    judge(result) {
      const lines = result.stdout.split("\n").map((l) => l.trim());
      const ids = lines.filter((l) => l.startsWith("id ")).map((l) => l.slice(3));
      if (result.exitCode !== 0 || !lines.includes("end") || ids.length !== targets.length) {
        return null;
      }
      const failed: string[] = [];
      const wrote = (key: string): boolean => lines.includes(`${key} 1`);
      if (!lines.includes("seccomp 2")) failed.push("seccomp_filtered");
      if (!wrote("stage_write")) failed.push("stage_writable");
      if (!wrote("temp_write")) failed.push("temp_writable");
      // The host looks as well: the probe's word that the write failed is not enough.
      if (wrote("outside_write") || nodeFs.kind(files.outside) !== null) {
        failed.push("outside_write_blocked");
      }
      targets.forEach((target, i) => {
        const inside = ids[i] ?? "none";
        if (target.check === "private_pid" || target.check.startsWith("home_hidden")) {
          // Mount identity, not emptiness: read paths bound back make the home non-empty. A
          // home must be another device inside; the PID namespace another inode.
          const hostPart = target.check === "private_pid" ? target.host : deviceOf(target.host);
          const insidePart = target.check === "private_pid" ? inside : deviceOf(inside);
          if (inside === "none" || insidePart === hostPart) failed.push(target.check);
        } else if (inside !== "none" && inside === target.host) {
          failed.push(target.check);
        }
      });
      return failed;
    },
  };
}

function deviceOf(id: string | null): string | null {
  return id === null ? null : (id.split(":")[0] ?? null);
}

// macOS: the real interpreter runs under the profile (a profile that denies the interpreter's
// own path fails here, not in production). 81: a home can be listed; 82: securityd answers;
// 83: the stage is not writable; 84: a path outside the stage can be written.
const DARWIN_PROBE = [
  'const fs = require("node:fs");',
  "const [stageFile, outsideFile, ...homes] = process.argv.slice(1);",
  "for (const home of homes) { try { fs.readdirSync(home); process.exit(81); } catch {} }",
  'const k = require("node:child_process").spawnSync("/usr/bin/security", ["list-keychains"], { stdio: "ignore" });',
  "if (k.status === 0) process.exit(82);",
  'try { fs.writeFileSync(stageFile, ""); } catch { process.exit(83); }',
  'try { fs.writeFileSync(outsideFile, ""); process.exit(84); } catch {}',
  "process.exit(0);",
].join("\n");

const DARWIN_FAILURES: Readonly<Record<number, string>> = {
  81: "a home directory can be listed",
  82: "securityd answers, so the keychain is reachable",
  83: "the stage is not writable",
  84: "a path outside the stage can be written",
};

function darwinProbe(opts: Normalized, scratch: Scratch): Probe {
  const files = probeFiles(scratch);
  // The interpreter's install must stay readable, unless it would re-open a home.
  const readPaths = runtimeReadPaths([], opts.interpreter).filter(
    (p) => !opts.homes.some((home) => isSameOrInside(home, p)),
  );
  return {
    command: [opts.interpreter, "-e", DARWIN_PROBE, files.stage, files.outside, ...opts.homes],
    readPaths,
    judge(result) {
      if (result.exitCode === 0) {
        return nodeFs.kind(files.outside) === null ? [] : ["outside_write_blocked"];
      }
      const named = result.exitCode === null ? undefined : DARWIN_FAILURES[result.exitCode];
      return named === undefined ? null : [named];
    },
  };
}

function probeFiles(scratch: Scratch): { stage: string; temp: string; outside: string } {
  const token = `${process.pid}-${randomHex(6)}`;
  return {
    stage: join(scratch.stage, `.cellguard-confine-test-${token}`),
    temp: join(scratch.tempDir, `self-test-${token}`),
    outside: join(scratch.outsideDir, "must-not-write"),
  };
}

/**
 * A fresh stage and temp, a fresh directory outside both (and outside every home, so a blocked
 * write there is the boundary's doing, not a hidden path's), and a canary planted in each home
 * that takes one. Null when no outside directory can be made.
 */
function allocateScratch(homes: readonly string[]): Scratch | null {
  const base = realpathSync.native(tmpdir());
  const stage = mkdtempSync(join(base, "cellguard-confine-selftest-"));
  const tempDir = mkdtempSync(join(base, "cellguard-confine-selftest-tmp-"));
  const roots = [stage, tempDir, ...homes];
  let outsideDir: string | null = null;
  for (const candidate of [base, "/var/tmp", "/dev/shm"]) {
    if (roots.some((root) => isSameOrInside(candidate, root))) continue;
    try {
      outsideDir = mkdtempSync(join(candidate, "cellguard-confine-deny-"));
      break;
    } catch {
      // try the next candidate
    }
  }
  if (outsideDir === null) {
    rmSync(stage, { recursive: true, force: true });
    rmSync(tempDir, { recursive: true, force: true });
    return null;
  }
  const canaries: string[] = [];
  for (const home of homes) {
    const canary = join(home, `.cellguard-confine-canary-${randomHex(6)}`);
    try {
      writeFileSync(canary, "cellguard-confine-canary", { flag: "wx", mode: 0o600 });
      canaries.push(canary);
    } catch {
      // a read-only home: its mount identity is still checked
    }
  }
  return { stage, tempDir, outsideDir, canaries };
}

function releaseScratch(scratch: Scratch): void {
  for (const dir of [scratch.stage, scratch.tempDir, scratch.outsideDir]) removeTree(dir);
  for (const canary of scratch.canaries) rmSync(canary, { force: true });
}

/**
 * "This host cannot" only when the backend says namespaces are refused by policy AND a minimal
 * invocation, which depends on nothing the helper or a Cell can touch, fails the same way.
 * Exhaustion never counts (see failure-cache.ts), nor does ENOSPC from a full namespace quota.
 */
async function facilityRefused(
  opts: Normalized,
  backend: Backend,
  stderr: string,
): Promise<boolean> {
  if (!isFacilityFailure(stderr) || isNamespaceExhaustion(stderr)) return false;
  const args =
    backend.name === "seatbelt"
      ? ["-p", "(version 1)(allow default)", "/usr/bin/true"]
      : ["--unshare-pid", "--ro-bind", "/", "/", "--", "/bin/true"];
  try {
    const minimal = await opts.runner(
      { file: backend.executable, args, inherited: [] },
      { cwd: "/", env: { PATH: DEFAULT_PATH }, timeoutMs: MINIMAL_TIMEOUT_MS },
    );
    return minimal.exitCode !== 0 && isFacilityFailure(minimal.stderr);
  } catch {
    return false;
  }
}

// ENOSPC from creating a namespace is what a full max_user_namespaces looks like, and any process
// of the same user can fill it on purpose: a failure, never "this host cannot".
function isNamespaceExhaustion(stderr: string): boolean {
  return stderr.toLowerCase().includes("no space left on device");
}

function oneLine(text: string): string {
  const flat = text.trim().replace(/\s+/g, " ");
  return flat.length > 600 ? `${flat.slice(0, 600)}…` : flat;
}
