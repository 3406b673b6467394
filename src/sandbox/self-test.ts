// The deny/allow self-test: the probe runs under exactly the argv the runtime uses, and the
// host decides from the checks it requires itself, never from the probe's own verdict.
import { randomHex } from "../platform/random.js";
import { existsSync, mkdtempSync, readFileSync, rm, rmdir, unlink } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  runWrapped,
  type RunResult,
  type RunWrappedOptions,
  type WrappedCommand,
} from "../platform/launch.js";
import { isSameOrInside, type SandboxPolicy } from "../policy/sandbox-policy.js";
import { DEFAULT_PATH } from "../kernel/environment.js";
import type { SandboxBackend } from "./backends.js";
import { probeDenyTargets } from "./deny-list.js";
import {
  firstKeptFd,
  FUSED_MARKER,
  fusedArgv,
  runFusedProbe,
  type FusedCommand,
} from "./fused-probe.js";
import { PROBE_SCRIPT, WSL_PROBE_FLAG } from "./probe-script.js";
import { prepareTeamProbe } from "./team-probe.js";
import type { TeamPins } from "./team-pins.js";
import { hiddenByWslForm } from "./wsl-form.js";

export type SelfTestRunner = (
  command: WrappedCommand,
  options: RunWrappedOptions,
) => Promise<RunResult>;

export const defaultSelfTestRunner: SelfTestRunner = runWrapped;

export const SELF_TEST_TIMEOUT_MS = 8000;

export interface SelfTestInputs {
  readonly backend: SandboxBackend;
  readonly policy: SandboxPolicy;
  /** Absolute path of the interpreter that runs the probe, or null when none was found. */
  readonly python: string | null;
  readonly runner: SelfTestRunner;
  readonly home: string;
  readonly env: NodeJS.ProcessEnv;
  /** Run the probe fused with this command, which it execs on "go" (see fused-probe.ts). */
  readonly fused?: FusedCommand;
  /** A team policy's pinned bind sources (see team-pins.ts). */
  readonly pins?: TeamPins | null;
}

export interface SelfTestOutcome {
  readonly passed: boolean;
  readonly detail: string;
  readonly checks: Readonly<Record<string, boolean>> | null;
  readonly durationMs: number;
}

export async function runSelfTest(inputs: SelfTestInputs): Promise<SelfTestOutcome> {
  const started = performance.now();
  const outcome = await selfTestOnce(inputs);
  return { ...outcome, durationMs: performance.now() - started };
}

async function selfTestOnce(inputs: SelfTestInputs): Promise<Omit<SelfTestOutcome, "durationMs">> {
  const { policy, backend } = inputs;
  if (inputs.python === null) {
    return failed("self-test could not start: no python3 interpreter was found to run the probe");
  }
  const token = `${process.pid}-${randomHex(6)}`;
  const outsideDir = allocateOutsideDir(policy, inputs.home);
  if (outsideDir === null) return failed("self-test could not allocate deny probe");
  const outsideFile = join(outsideDir, "must-not-write");
  const files = {
    workspace: join(policy.workspace, `.cellguard-sandbox-test-${token}`),
    temp: join(policy.tempDir, `self-test-${token}`),
  };
  const team = prepareTeamProbe(policy, token, files.workspace);
  if (typeof team === "string") {
    removeOutsideDir(outsideDir, outsideFile);
    return failed(team);
  }
  const probeArgs = [
    // The WSL checks run only in the WSL form (see wsl-probe.ts).
    ...(policy.wsl ? [WSL_PROBE_FLAG] : []),
    files.workspace,
    files.temp,
    outsideFile,
    policy.allowRawNetwork ? "0" : "1",
    backend.linuxChecks ? "1" : "0",
    String(process.pid),
    backend.linuxChecks ? ownStartTime() : "",
    // Every denied target that exists, whether masked or left out of a rebuilt home.
    ...probeDenyTargets(policy.denyRead).flatMap((p) => [
      p.path,
      p.type,
      String(p.dev),
      String(p.ino),
    ]),
    ...(team?.args ?? []),
  ];
  try {
    const fused = inputs.fused;
    // The kept descriptors follow what the backend feeds in: known once a command is wrapped.
    const then =
      fused === undefined
        ? []
        : [
            FUSED_MARKER,
            ...fusedArgv(
              fused,
              firstKeptFd(
                backend.wrap(policy, [inputs.python], {
                  standalone: false,
                  pins: inputs.pins ?? null,
                }),
              ),
            ),
          ];
    const wrapped = backend.wrap(
      policy,
      [inputs.python, "-I", "-S", "-c", PROBE_SCRIPT, ...probeArgs, ...then],
      { standalone: false, pins: inputs.pins ?? null },
    );
    let result: RunResult;
    try {
      result =
        fused !== undefined
          ? await runFusedProbe(wrapped, {
              cwd: policy.workspace,
              fused,
              timeoutMs: SELF_TEST_TIMEOUT_MS,
            })
          : await inputs.runner(wrapped, {
              cwd: policy.workspace,
              env: {
                PATH: DEFAULT_PATH,
                LANG: inputs.env["LANG"] ?? "C.UTF-8",
                TMPDIR: policy.tempDir,
                TMP: policy.tempDir,
                TEMP: policy.tempDir,
              },
              timeoutMs: SELF_TEST_TIMEOUT_MS,
              maxOutputBytes: 64 * 1024,
            });
    } catch (error) {
      return failed(
        `self-test could not start: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    // Measured from outside as well: the probe's word that the write failed is not enough.
    const leaked = existsSync(outsideFile);
    return judge(result, backend.requiredChecks(policy), leaked);
  } finally {
    // In the background: a fused command waits at its gate for this function to return. The
    // pending removals keep the process alive until they are done. Only the host-made outside
    // directory is removed recursively: the probe's own files sit where sandboxed processes
    // write, and a recursive delete by path there can be steered through a symlink swapped in
    // mid-way. A plain unlink removes a planted link or fails on a directory, harmlessly (the
    // probe unlinked its files already).
    removeOutsideDir(outsideDir, outsideFile);
    for (const path of [files.workspace, files.temp]) unlink(path, ignore);
    team?.cleanup();
  }
}

export function judge(
  result: RunResult,
  required: readonly string[],
  outsideWriteLeaked: boolean,
): Omit<SelfTestOutcome, "durationMs"> {
  const report = lastJsonObject(result.stdout);
  const checks = report !== null && isCheckMap(report["checks"]) ? report["checks"] : null;
  const missing = required.filter((name) => checks?.[name] !== true);
  if (outsideWriteLeaked) missing.push("outside_write_blocked (file appeared on the host)");
  const passed =
    result.exitCode === 0 &&
    !result.timedOut &&
    report?.["ok"] === true &&
    checks !== null &&
    missing.length === 0;
  if (passed) return { passed, detail: `self-test passed: ${sortedJson(checks)}`, checks };
  const exit = result.timedOut ? "timeout" : (result.exitCode ?? `signal ${result.signal ?? "?"}`);
  const diagnostic =
    missing.length > 0 && (checks !== null || outsideWriteLeaked)
      ? `failed checks: ${missing.join(", ")}`
      : diagnosticOf(result);
  return { passed: false, detail: `self-test failed (exit ${exit}): ${diagnostic}`, checks };
}

// The outside directory is empty unless the probe's write leaked. An unlink and an rmdir spare
// the common case Node's recursive remover, which is compiled on its first use (about 2 ms of
// every `cellguard exec`); anything else left there goes the recursive way.
function removeOutsideDir(dir: string, file: string): void {
  unlink(file, () =>
    rmdir(dir, (error) => {
      if (error !== null) rm(dir, { recursive: true, force: true }, ignore);
    }),
  );
}

function failed(detail: string): Omit<SelfTestOutcome, "durationMs"> {
  return { passed: false, detail, checks: null };
}

function allocateOutsideDir(policy: SandboxPolicy, home: string): string | null {
  for (const candidate of preferVisible(policy, [tmpdir(), dirname(policy.workspace), home])) {
    if (isSameOrInside(candidate, policy.workspace) || isSameOrInside(candidate, policy.tempDir))
      continue;
    try {
      return mkdtempSync(join(candidate, "cellguard-sandbox-deny-"));
    } catch {
      // try the next candidate
    }
  }
  return null;
}

// In the WSL form /tmp is a fresh tmpfs inside: a probe there cannot fail to be "blocked". A
// place the Cell does see (read-only) is tried first, so the check measures the boundary.
function preferVisible(policy: SandboxPolicy, candidates: readonly string[]): string[] {
  const exposed = { workspace: policy.workspace, tempDir: policy.tempDir };
  const hidden = (path: string): boolean => hiddenByWslForm(path, policy.wsl ?? null, exposed);
  return [...candidates.filter((c) => !hidden(c)), ...candidates.filter(hidden)];
}

/** Field 22 of /proc/self/stat: this process's start time, to tell it from a namesake pid. */
function ownStartTime(): string {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    return (
      stat
        .slice(stat.lastIndexOf(")") + 1)
        .trim()
        .split(/\s+/)[19] ?? ""
    );
  } catch {
    return "";
  }
}

function lastJsonObject(stdout: string): Record<string, unknown> | null {
  const lines = stdout.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]?.trim() ?? "";
    if (!line.startsWith("{")) continue;
    try {
      const value: unknown = JSON.parse(line);
      if (value !== null && typeof value === "object" && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // not JSON: keep looking
    }
  }
  return null;
}

function isCheckMap(value: unknown): value is Record<string, boolean> {
  return (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === "boolean")
  );
}

function sortedJson(checks: Readonly<Record<string, boolean>>): string {
  const sorted = Object.fromEntries(
    Object.entries(checks).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return JSON.stringify(sorted);
}

function diagnosticOf(result: RunResult): string {
  const exit = result.exitCode ?? -1;
  const text = (result.stderr.trim() || result.stdout.trim() || `exit ${exit}`).replace(
    /\s+/g,
    " ",
  );
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

// The callback forms, not node:fs/promises: that module (and the readline code it pulls in) is
// otherwise loaded by every `cellguard exec` for these two calls alone.
function ignore(): void {}
