// Timed child processes. Every row spawns through the library's own spawnWrapped (argument
// array, new session, piped output), so rows differ only in what is being measured, not in how
// Node starts the child.
import type { ChildProcess } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { killGroup, spawnWrapped, type WrappedCommand } from "../src/index.js";
import { elapsedMs } from "./stats.js";

/** A generous cap: a hung run must fail the row, not stall the whole benchmark. */
const RUN_TIMEOUT_MS = 30_000;
const STDERR_TAIL_CHARS = 2000;

export interface Launch {
  readonly command: WrappedCommand;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
}

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly timedOut: boolean;
  readonly stderrTail: string;
}

/** A plain argv as a command with no inherited descriptors. */
export function plainCommand(argv: readonly string[]): WrappedCommand {
  const [file, ...args] = argv;
  if (file === undefined) throw new TypeError("Cannot launch: the command is empty");
  return { file, args, inherited: [] };
}

/** process.env without its undefined holes, in the shape spawnWrapped takes. */
export function hostEnv(overrides: Readonly<Record<string, string>> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (value !== undefined) env[name] = value;
  return { ...env, ...overrides };
}

/**
 * Wall time from before prepare() (so a wrap's own cost counts) to the child's close. Rejects
 * unless the command exited 0. afterExit runs after the clock stops (cleanup is not measured).
 */
export async function timeRun(
  prepare: () => Launch,
  afterExit?: (pid: number | undefined) => void,
): Promise<number> {
  const started = process.hrtime.bigint();
  const launch = prepare();
  const child = spawnWrapped(launch.command, {
    cwd: launch.cwd,
    env: launch.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let exit: Exit;
  try {
    exit = await waitForClose(child);
  } finally {
    afterExit?.(child.pid);
  }
  const ms = elapsedMs(started);
  assertClean(launch.command, exit);
  return ms;
}

/**
 * Peak resident set size in KiB of a command, read from GNU time's %M. That is wait4's
 * ru_maxrss: the largest single process in the tree (Node, for cellguard exec), not a sum.
 */
export async function peakRssKib(
  gnuTime: string,
  launch: Launch,
  outFile: string,
): Promise<number> {
  const { file, args } = launch.command;
  const command = plainCommand([gnuTime, "-f", "%M", "-o", outFile, file, ...args]);
  const child = spawnWrapped(command, {
    cwd: launch.cwd,
    env: launch.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  assertClean(command, await waitForClose(child));
  try {
    const kib = Number.parseInt(readFileSync(outFile, "utf8").trim().split("\n").pop() ?? "", 10);
    if (!Number.isFinite(kib)) throw new Error(`GNU time wrote no %M figure to ${outFile}`);
    return kib;
  } finally {
    rmSync(outFile, { force: true });
  }
}

function waitForClose(child: ChildProcess): Promise<Exit> {
  return new Promise((resolve, reject) => {
    let stderrTail = "";
    let timedOut = false;
    child.stdout?.resume();
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, RUN_TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // As runWrapped does: stragglers left in the session must not hold the pipes open.
    child.once("exit", () => killGroup(child));
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, timedOut, stderrTail });
    });
  });
}

function assertClean(command: WrappedCommand, exit: Exit): void {
  if (exit.code === 0 && !exit.timedOut) return;
  const status = exit.timedOut
    ? `timed out after ${RUN_TIMEOUT_MS / 1000} s`
    : `exited ${exit.code ?? `on signal ${exit.signal ?? "?"}`}`;
  const stderr = exit.stderrTail.trim().replace(/\s+/g, " ").slice(-400);
  throw new Error(`${shortArgv(command)} ${status}${stderr === "" ? "" : `: ${stderr}`}`);
}

// A wrapped argv runs to hundreds of bind mounts; the head names the command well enough.
function shortArgv(command: WrappedCommand): string {
  const text = [command.file, ...command.args].join(" ");
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}
