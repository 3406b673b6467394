// Spawning sandboxed processes: argument arrays only, a new session always (closes TIOCSTI
// injection and makes one process-group kill reach every child), extra descriptors fed from
// memory (a sealed file, or a pipe), and a group kill on timeout.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { closeSync } from "node:fs";
import type { Writable } from "node:stream";
import { openSealedCopy } from "./sealed-data.js";

/** A descriptor the child inherits, filled from memory (the seccomp program, say). */
export interface InheritedData {
  /** The descriptor number in the child: 3, 4, … in order. */
  readonly fd: number;
  readonly data: Uint8Array;
}

/** An open descriptor of this process the child gets as `fd` (a pinned bind source, say). */
export interface PassedDescriptor {
  /** The descriptor number in the child, above every inherited and extra pipe. */
  readonly fd: number;
  /** This process's descriptor. */
  readonly from: number;
}

/** A command ready to spawn: what the sandbox's wrap returns. */
export interface WrappedCommand {
  readonly file: string;
  readonly args: readonly string[];
  readonly inherited: readonly InheritedData[];
  readonly passed?: readonly PassedDescriptor[];
  /**
   * Open descriptors of this process the child gets first, as 3, 4, … (before the inherited
   * data): the supervised-execution channel of a protected session, say.
   */
  readonly leading?: readonly number[];
  /**
   * Data the child reads from fixed descriptors above every other one (bubblewrap's --file
   * sources), fed like the inherited data. A command carrying them must be spawned by
   * spawnWrapped: spawned any other way, bubblewrap refuses the missing descriptors.
   */
  readonly files?: readonly InheritedData[];
  /**
   * The first `count` arguments reach the program on descriptor `fd` instead of its argv, as
   * NUL-terminated strings after `--args FD` (bubblewrap's form). Node spawns by fork, and
   * every argument string it frees afterwards lands on a copy-on-write page: a sandbox's ~90
   * policy arguments cost about 2 ms per spawn in faults on the benchmark host, one descriptor
   * costs none. `args` stays the whole list, so a caller that spawns it any other way (or logs
   * it) still runs the same command.
   */
  readonly argsViaDescriptor?: { readonly fd: number; readonly count: number };
}

/** The first descriptor after the leading and inherited ones: where extra pipes start. */
export function firstFreeFd(command: WrappedCommand): number {
  return 3 + (command.leading?.length ?? 0) + command.inherited.length;
}

export type StdioSetting = "pipe" | "inherit" | "ignore";

export interface SpawnWrappedOptions {
  /**
   * More descriptors after the inherited ones, left open as pipes to this process: a gate the
   * child waits on until `openGate` writes to it, or a report it writes (see sandbox/fused-probe.ts).
   */
  readonly extraPipes?: number;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly stdin?: StdioSetting;
  readonly stdout?: StdioSetting;
  readonly stderr?: StdioSetting;
  /**
   * How inherited data reaches the child: "auto" (the default) seals it in a read-only file
   * when the host allows and uses a pipe otherwise; "pipe" always uses a pipe.
   */
  readonly inheritedVia?: "auto" | "pipe";
}

export function spawnWrapped(command: WrappedCommand, options: SpawnWrappedOptions): ChildProcess {
  const stdio: StdioOptions = [
    options.stdin ?? "pipe",
    options.stdout ?? "pipe",
    options.stderr ?? "pipe",
  ];
  for (const fd of command.leading ?? []) stdio.push(fd);
  const firstInherited = stdio.length;
  command.inherited.forEach((item, i) => {
    if (item.fd !== firstInherited + i) {
      throw new RangeError(
        `Cannot spawn: inherited descriptors must follow the leading ones in order (${firstInherited + i}, …): current value is ${item.fd}`,
      );
    }
  });
  const afterInherited = firstInherited + command.inherited.length;
  const extraEnd = afterInherited + (options.extraPipes ?? 0);
  for (const item of command.passed ?? []) {
    if (item.fd < extraEnd) {
      throw new RangeError(
        `Cannot spawn: a passed descriptor would overlap the pipes: current value is ${item.fd}, pipes end at ${extraEnd - 1}`,
      );
    }
  }
  const packed = packArguments(command);
  // Each inherited item as a sealed read-only file when the host allows (platform/sealed-data.ts),
  // else as a pipe filled after the spawn. Ours are closed once the child holds its copies.
  const sealed: number[] = [];
  const feed = (item: InheritedData): void => {
    const fd = options.inheritedVia === "pipe" ? null : openSealedCopy(item.data);
    if (fd !== null) sealed.push(fd);
    stdio.push(fd ?? "pipe");
  };
  let child: ChildProcess;
  try {
    for (const item of command.inherited) feed(item);
    for (let i = 0; i < (options.extraPipes ?? 0); i++) stdio.push("pipe");
    for (const item of command.passed ?? []) {
      while (stdio.length < item.fd) stdio.push("ignore");
      stdio.push(item.from);
    }
    for (const item of [...packed.items, ...(command.files ?? [])]) {
      if (item.fd < stdio.length) {
        throw new RangeError(
          `Cannot spawn: a file descriptor must follow every other one in order: current value is ${item.fd}, the last taken is ${stdio.length - 1}`,
        );
      }
      while (stdio.length < item.fd) stdio.push("ignore");
      feed(item);
    }
    child = spawn(command.file, packed.args, {
      cwd: options.cwd,
      env: { ...options.env },
      stdio,
      detached: true,
    });
  } finally {
    for (const fd of sealed) closeSync(fd);
  }
  for (const item of [...command.inherited, ...packed.items, ...(command.files ?? [])]) {
    const stream = child.stdio[item.fd] as Writable | null | undefined;
    if (stream === null || stream === undefined) continue;
    // The reader may exit before reading (a refused argv); that is reported by its exit status.
    stream.on("error", () => undefined);
    stream.end(Buffer.from(item.data));
  }
  return child;
}

/** The argv to spawn and the descriptor data that carries the rest (see argsViaDescriptor). */
function packArguments(command: WrappedCommand): {
  args: string[];
  items: InheritedData[];
} {
  const via = command.argsViaDescriptor;
  if (via === undefined || via.count === 0) return { args: [...command.args], items: [] };
  if (!Number.isInteger(via.fd) || via.fd < 3 || !Number.isInteger(via.count) || via.count < 0) {
    throw new RangeError(
      `Cannot spawn: arguments by descriptor need a descriptor above 2 and a count: current values are ${via.fd} and ${via.count}`,
    );
  }
  if (via.count > command.args.length) {
    throw new RangeError(
      `Cannot spawn: ${via.count} arguments by descriptor, but the command has ${command.args.length}`,
    );
  }
  const head = command.args.slice(0, via.count);
  // A NUL would split one argument into two on the other side.
  if (head.some((arg) => arg.includes("\0"))) {
    throw new RangeError("Cannot spawn: an argument passed by descriptor contains NUL");
  }
  const data = Buffer.from(head.map((arg) => `${arg}\0`).join(""), "utf8");
  return {
    args: ["--args", String(via.fd), ...command.args.slice(via.count)],
    items: [{ fd: via.fd, data }],
  };
}

/**
 * Kills the child's whole process group (it leads a new session) while the leader is alive.
 * Once the leader has exited its id may be reused by another group, so this does nothing then;
 * the one kill that must follow the exit is `killGroupAtExit`.
 */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = "SIGKILL"): void {
  if (child.exitCode !== null || child.signalCode !== null) return;
  signalGroup(child, signal);
}

/**
 * From the child's "exit" handler only: the leader is reaped but its group id cannot have been
 * reused yet, and background members (a Cell's daemons) must not outlive it.
 */
export function killGroupAtExit(child: ChildProcess): void {
  signalGroup(child, "SIGKILL");
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: nothing left to kill.
  }
}

export interface RunResult {
  readonly exitCode: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface RunWrappedOptions extends SpawnWrappedOptions {
  readonly timeoutMs: number;
  /** Output kept per stream; the tail beyond it is dropped. */
  readonly maxOutputBytes?: number;
  /** Aborting kills the whole process group. */
  readonly signal?: AbortSignal;
}

/** Runs to completion with captured output; the process group is killed at the timeout. */
export function runWrapped(
  command: WrappedCommand,
  options: RunWrappedOptions,
): Promise<RunResult> {
  const limit = options.maxOutputBytes ?? 1024 * 1024;
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawnWrapped(command, { ...options, stdin: options.stdin ?? "ignore" });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    let errBytes = 0;
    child.stdout?.on("data", (chunk: Buffer) => {
      if (outBytes < limit) out.push(chunk.subarray(0, limit - outBytes));
      outBytes += chunk.length;
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      if (errBytes < limit) err.push(chunk.subarray(0, limit - errBytes));
      errBytes += chunk.length;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, options.timeoutMs);
    const abort = (): void => killGroup(child);
    options.signal?.addEventListener("abort", abort, { once: true });
    if (options.signal?.aborted === true) abort();
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // A Cell's background children must not outlive it, nor hold its output pipes open.
    child.once("exit", () => killGroupAtExit(child));
    child.once("close", (exitCode, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", abort);
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        timedOut,
      });
    });
  });
}

/** Lets a gated child proceed. */
export function openGate(child: ChildProcess, fd: number): void {
  const stream = child.stdio[fd] as Writable | null | undefined;
  if (stream === null || stream === undefined) return;
  stream.on("error", () => undefined);
  stream.end("go\n");
}
