// One running worker process: spawned under the kernel sandbox, fed its source, then driven one
// Cell at a time. It owns the pipes and the output tails; the Kernel above it owns the policy
// (timeouts, restarts, what a status means).
import type { ChildProcess } from "node:child_process";
import { Socket } from "node:net";
import type { Readable, Writable } from "node:stream";
import { firstFreeFd, killGroup, killGroupAtExit, spawnWrapped } from "../platform/launch.js";
import type { KernelSandbox } from "../sandbox/kernel-sandbox.js";
import { StreamTail, type CapturedText } from "./cell-output.js";
import { KernelStartError } from "./errors.js";
import { encodeFrame, encodeRequest, FrameDecoder } from "./frames.js";
import { WORKER_BOOTSTRAP, workerSource } from "./worker-source.js";

export interface WorkerInfo {
  readonly python: string;
  readonly executable: string;
  readonly auditHook: boolean;
}

export interface CellRequest {
  readonly id: number;
  readonly code: string;
  readonly language: "python" | "bash";
  /** Hex digits naming this Cell's end marker on the output pipes. */
  readonly marker: string;
}

export interface WorkerReply {
  readonly status: "ok" | "error" | "interrupted";
  readonly error?: { name: string; message: string; traceback: string };
  readonly exitCode?: number;
}

export type CellOutcome =
  | { kind: "done"; reply: WorkerReply; stdout: CapturedText; stderr: CapturedText }
  | { kind: "exited"; reason: string; stdout: CapturedText; stderr: CapturedText };

export interface InterruptAnswer {
  readonly delivered: boolean;
  readonly reason?: string;
  /** True when the worker answered; false when it could not be reached. */
  readonly answered: boolean;
}

export interface WorkerStartOptions {
  readonly python: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly outputLimit: number;
  readonly startTimeoutMs: number;
}

/** After the done frame, how long the end markers may lag behind on the output pipes. */
const MARKER_GRACE_MS = 2_000;

export class WorkerProcess {
  readonly info: WorkerInfo;
  readonly #child: ChildProcess;
  readonly #requests: Writable;
  readonly #responses: Readable | null;
  readonly #stdout: StreamTail;
  readonly #stderr: StreamTail;
  #exit: string | null = null;
  readonly #listeners = new Set<(frame: Record<string, unknown>) => void>();
  readonly #exitWaiters: (() => void)[] = [];

  private constructor(fields: {
    child: ChildProcess;
    info: WorkerInfo;
    stdout: StreamTail;
    stderr: StreamTail;
    responses: Readable | null;
  }) {
    this.#responses = fields.responses;
    this.#child = fields.child;
    this.info = fields.info;
    this.#requests = fields.child.stdin as Writable;
    this.#stdout = fields.stdout;
    this.#stderr = fields.stderr;
  }

  /** Spawns the worker inside `sandbox` and waits for its ready frame. */
  static start(sandbox: KernelSandbox, options: WorkerStartOptions): Promise<WorkerProcess> {
    // The response pipe follows the descriptors the sandbox feeds in (bubblewrap's seccomp
    // program; under a protected session, the supervised channel): its number is known only once
    // the command is wrapped, and goes last in argv.
    const wrapped = sandbox.wrap(workerArgv(options.python, "-"));
    const responseFd = firstFreeFd(wrapped);
    const command = { ...wrapped, args: [...wrapped.args.slice(0, -1), String(responseFd)] };
    let child: ChildProcess;
    try {
      child = spawnWrapped(command, {
        cwd: options.cwd,
        env: options.env,
        stdin: "pipe",
        stdout: "pipe",
        stderr: "pipe",
        extraPipes: 1,
      });
    } catch (error) {
      return Promise.reject(
        new KernelStartError(`Cannot start the kernel worker: ${messageOf(error)}`),
      );
    }
    return WorkerProcess.attach(child, responseFd, options);
  }

  /**
   * Takes over a worker process already spawned with piped stdio and a response pipe at
   * `responseFd` (the self-test's fused process, released at its gate): feeds it its source and
   * waits for its ready frame.
   */
  static attach(
    child: ChildProcess,
    responseFd: number,
    options: Pick<WorkerStartOptions, "python" | "outputLimit" | "startTimeoutMs">,
  ): Promise<WorkerProcess> {
    const source = workerSource();
    return new Promise((resolve, reject) => {
      const stdout = new StreamTail("stdout", options.outputLimit);
      const stderr = new StreamTail("stderr", options.outputLimit);
      const decoder = new FrameDecoder();
      let worker: WorkerProcess | null = null;
      let settled = false;
      const fail = (message: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        killGroup(child);
        const said = stderr.take().text.trim();
        reject(
          new KernelStartError(
            `Cannot start the kernel worker (${options.python}): ${message}${said === "" ? "" : `; it said: ${said.slice(-2000)}`}`,
          ),
        );
      };
      const timer = setTimeout(
        () => fail(`no ready signal within ${options.startTimeoutMs} ms`),
        options.startTimeoutMs,
      );
      child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
      child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
      const responses = child.stdio[responseFd] as Readable | null | undefined;
      responses?.on("error", () => undefined);
      child.stdin?.on("error", () => undefined);
      responses?.on("data", (chunk: Buffer) => {
        let frames: Record<string, unknown>[];
        try {
          frames = decoder.push(chunk);
        } catch (error) {
          if (worker !== null) worker.#protocolViolation(messageOf(error));
          else fail(messageOf(error));
          return;
        }
        for (const frame of frames) {
          if (worker !== null) {
            for (const listener of worker.#listeners) listener(frame);
            continue;
          }
          if (frame["op"] !== "ready") {
            fail("its first message was not the ready signal");
            return;
          }
          settled = true;
          clearTimeout(timer);
          worker = new WorkerProcess({
            child,
            stdout,
            stderr,
            responses: responses ?? null,
            info: {
              python: typeof frame["python"] === "string" ? frame["python"] : "unknown",
              executable: typeof frame["executable"] === "string" ? frame["executable"] : "",
              auditHook: frame["audit_hook"] === true,
            },
          });
          worker.#setActive(false);
          resolve(worker);
        }
      });
      child.once("error", (error) => fail(`spawn failed: ${error.message}`));
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        killGroupAtExit(child);
        const reason = describeExit(code, signal);
        if (worker === null) fail(`it exited during start-up (${reason})`);
        else worker.#exited(reason);
      };
      if (child.exitCode !== null || child.signalCode !== null) {
        onExit(child.exitCode, child.signalCode);
        return;
      }
      child.once("exit", onExit);
      child.stdin?.write(encodeFrame(Buffer.from(source.worker, "utf8")));
      child.stdin?.write(encodeFrame(Buffer.from(source.auditHook, "utf8")));
    });
  }

  get alive(): boolean {
    return this.#exit === null;
  }

  /** How the worker ended, or null while it runs. */
  get exitReason(): string | null {
    return this.#exit;
  }

  /** Runs one Cell; resolves when its result and all its output are in, or the worker is gone. */
  run(request: CellRequest): Promise<CellOutcome> {
    return new Promise((resolve) => {
      if (this.#exit !== null) {
        resolve({ kind: "exited", reason: this.#exit, ...this.#takeOutput() });
        return;
      }
      this.#setActive(true);
      let reply: WorkerReply | null = null;
      let pending = new Set<string>(["stdout", "stderr"]);
      let grace: NodeJS.Timeout | null = null;
      const finish = (outcome: CellOutcome): void => {
        if (grace !== null) clearTimeout(grace);
        this.#listeners.delete(onFrame);
        removeItem(this.#exitWaiters, onExit);
        this.#setActive(false);
        resolve(outcome);
      };
      const maybeDone = (): void => {
        if (reply !== null && pending.size === 0)
          finish({ kind: "done", reply, ...this.#takeOutput() });
      };
      const onExit = (): void =>
        finish({ kind: "exited", reason: this.#exit ?? "exited", ...this.#takeOutput() });
      this.#exitWaiters.push(onExit);
      const marker = endMarker(request.marker);
      this.#stdout.expect(marker, () => {
        pending.delete("stdout");
        maybeDone();
      });
      this.#stderr.expect(marker, () => {
        pending.delete("stderr");
        maybeDone();
      });
      const onFrame = (frame: Record<string, unknown>): void => {
        if (frame["op"] !== "done" || frame["id"] !== request.id) return;
        reply = parseReply(frame);
        // A stream the worker could not mark (a Cell closed it) is not waited for.
        const marked = Array.isArray(frame["marked"]) ? frame["marked"] : [];
        if (!marked.includes(1)) pending.delete("stdout");
        if (!marked.includes(2)) pending.delete("stderr");
        if (pending.size > 0) {
          grace = setTimeout(() => {
            pending = new Set();
            maybeDone();
          }, MARKER_GRACE_MS);
        }
        maybeDone();
      };
      this.#listeners.add(onFrame);
      this.#send(["execute", String(request.id), request.language, request.marker, request.code]);
    });
  }

  /**
   * Asks the worker to interrupt Cell `cell` (running, or about to: it then stops as it
   * starts); never signals anything from here.
   */
  interrupt(id: number, cell: number, timeoutMs: number): Promise<InterruptAnswer> {
    return new Promise((resolve) => {
      if (this.#exit !== null) {
        resolve({
          delivered: false,
          answered: false,
          reason: `the worker is not running (${this.#exit})`,
        });
        return;
      }
      let done = false;
      const finish = (answer: InterruptAnswer): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.#listeners.delete(listener);
        removeItem(this.#exitWaiters, onExit);
        resolve(answer);
      };
      const listener = (frame: Record<string, unknown>): void => {
        if (frame["op"] === "interrupt-ack" && frame["id"] === id) {
          const reason = typeof frame["reason"] === "string" ? frame["reason"] : undefined;
          finish({
            delivered: frame["delivered"] === true,
            answered: true,
            ...(reason === undefined ? {} : { reason }),
          });
        }
      };
      const onExit = (): void =>
        finish({
          delivered: false,
          answered: false,
          reason: `the worker exited before it answered (${this.#exit ?? "exited"})`,
        });
      const timer = setTimeout(
        () =>
          finish({
            delivered: false,
            answered: false,
            reason: `the worker did not answer within ${timeoutMs} ms (a Cell inside native code that holds the interpreter lock cannot be reached; the request may still land when it next runs Python code)`,
          }),
        timeoutMs,
      );
      this.#listeners.add(listener);
      this.#exitWaiters.push(onExit);
      this.#send(["interrupt", String(id), String(cell)]);
    });
  }

  /** Kills the worker's whole process group and waits until it has exited. */
  kill(): Promise<void> {
    if (this.#exit !== null) return Promise.resolve();
    return new Promise((resolve) => {
      // Referenced again: the host must stay up until the exit has been seen.
      this.#setActive(true);
      this.#exitWaiters.push(resolve);
      killGroup(this.#child);
    });
  }

  #send(fields: readonly string[]): void {
    try {
      this.#requests.write(encodeRequest(fields));
    } catch {
      // A closed pipe: the exit handler reports the worker as gone.
    }
  }

  #protocolViolation(message: string): void {
    this.#exit ??= `killed: it broke the protocol (${message})`;
    killGroup(this.#child);
  }

  #exited(reason: string): void {
    this.#exit ??= reason;
    this.#setActive(false);
    for (const waiter of this.#exitWaiters.splice(0)) waiter();
  }

  #takeOutput(): { stdout: CapturedText; stderr: CapturedText } {
    return { stdout: this.#stdout.take(), stderr: this.#stderr.take() };
  }

  // An idle kernel must not keep the host's event loop alive: a forgotten close() would hang a
  // script. bubblewrap's --die-with-parent ends the sandbox when the host exits.
  #setActive(active: boolean): void {
    const child = this.#child;
    const handles: ({ ref(): unknown; unref(): unknown } | null | undefined)[] = [
      child,
      child.stdin as unknown as Socket | null,
      child.stdout as unknown as Socket | null,
      child.stderr as unknown as Socket | null,
      this.#responses as unknown as Socket | null,
    ];
    for (const handle of handles) {
      if (handle === null || handle === undefined) continue;
      // A socket without a handle (closed) would queue a listener for a connect that never comes.
      if (handle instanceof Socket && handle.destroyed) continue;
      if (active) handle.ref();
      else handle.unref();
    }
  }
}

/** The worker's command line; the response descriptor goes last. */
export function workerArgv(python: string, responseFd: string): string[] {
  return [python, "-I", "-c", WORKER_BOOTSTRAP, responseFd];
}

/** The bytes the worker writes to both output pipes after a Cell (see the worker's main). */
export function endMarker(hex: string): string {
  return `\u0000cellguard:end:${hex}\u0000`;
}

function removeItem<T>(list: T[], item: T): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
}

function parseReply(frame: Record<string, unknown>): WorkerReply {
  const status =
    frame["status"] === "ok" || frame["status"] === "interrupted" ? frame["status"] : "error";
  const raw = frame["error"];
  const error =
    typeof raw === "object" && raw !== null
      ? {
          name: stringField(raw, "name", "Error"),
          message: stringField(raw, "message", ""),
          traceback: stringField(raw, "traceback", ""),
        }
      : undefined;
  const exitCode = typeof frame["exit_code"] === "number" ? frame["exit_code"] : undefined;
  return {
    status,
    ...(error === undefined ? {} : { error }),
    ...(exitCode === undefined ? {} : { exitCode }),
  };
}

function stringField(record: object, key: string, fallback: string): string {
  const value = (record as Record<string, unknown>)[key];
  return typeof value === "string" ? value : fallback;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  if (signal !== null) return `killed by ${signal}`;
  return `exit status ${code ?? "unknown"}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
