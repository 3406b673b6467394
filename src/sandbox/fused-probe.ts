// The self-test fused with the command it vouches for: the probe runs first inside the very
// sandbox the command will run in, reports on descriptor 4, and execs the command only when the
// host, having judged the report, writes "go" on descriptor 5. One sandbox start-up instead of
// two, and the boundary measured is the command's own.
import type { ChildProcess } from "node:child_process";
import type { Readable } from "node:stream";
import {
  firstFreeFd,
  killGroup,
  spawnWrapped,
  type RunResult,
  type WrappedCommand,
} from "../platform/launch.js";

/** What the caller fuses with the self-test. */
export interface FusedCommand {
  /**
   * The command, or a function of the first kept descriptor (see keepPipes) that returns it: the
   * number depends on how many descriptors the backend feeds in.
   */
  readonly command: readonly string[] | ((firstKeptFd: number) => readonly string[]);
  readonly env: Readonly<Record<string, string>>;
  /** Receives the running process; the caller opens its gate (descriptor 5) or kills it. */
  readonly onSpawn: (child: ChildProcess, gateFd: number) => void;
  /** Standard input, output and error: the caller's terminal (default) or pipes it reads. */
  readonly stdio?: "inherit" | "pipe";
  /** Pipes after the report and the gate that stay open into the command. Default 0. */
  readonly keepPipes?: number;
}

/** The first descriptor after the report and the gate, for a wrapped command. */
export function firstKeptFd(command: WrappedCommand): number {
  return firstFreeFd(command) + 2;
}

/** The fused command's argv, given the first kept descriptor. */
export function fusedArgv(fused: FusedCommand, keptFd: number): readonly string[] {
  return typeof fused.command === "function" ? fused.command(keptFd) : fused.command;
}

export const FUSED_MARKER = "--cellguard-then";

/**
 * Runs the fused probe until it has reported. A passing report resolves with exit code 0 while
 * the process waits at its gate; anything else resolves when it exits (or at the timeout).
 */
export function runFusedProbe(
  command: WrappedCommand,
  options: { cwd: string; fused: FusedCommand; timeoutMs: number },
): Promise<RunResult> {
  const reportFd = firstFreeFd(command);
  const gateFd = reportFd + 1;
  const kept = options.fused.keepPipes ?? 0;
  if (gateFd + kept > 9)
    return Promise.reject(new RangeError("Cannot fuse the probe: too many descriptors"));
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawnWrapped(command, {
        cwd: options.cwd,
        env: options.fused.env,
        stdin: options.fused.stdio ?? "inherit",
        stdout: options.fused.stdio ?? "inherit",
        stderr: options.fused.stdio ?? "inherit",
        extraPipes: 2 + kept,
      });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    options.fused.onSpawn(child, gateFd);
    let report = "";
    let settled = false;
    const settle = (result: RunResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      killGroup(child);
      settle({ exitCode: null, signal: "SIGKILL", stdout: report, stderr: "", timedOut: true });
    }, options.timeoutMs);
    const reportStream = child.stdio[reportFd] as Readable | null | undefined;
    reportStream?.setEncoding("utf8");
    reportStream?.on("data", (chunk: string) => {
      if (report.length < 64 * 1024) report += chunk;
    });
    reportStream?.on("error", () => undefined);
    reportStream?.once("end", () => {
      // The probe closed its report: a pass waits at the gate, a failure is on its way out.
      if (/"ok": true\}\s*$/.test(report)) {
        settle({ exitCode: 0, signal: null, stdout: report, stderr: "", timedOut: false });
      }
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      if (!settled) reject(error);
      settled = true;
    });
    child.once("exit", (exitCode, signal) => {
      settle({ exitCode, signal, stdout: report, stderr: "", timedOut: false });
    });
  });
}
