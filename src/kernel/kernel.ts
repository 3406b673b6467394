// The persistent Python kernel: one worker process inside the kernel sandbox, keeping its
// namespace across Cells, with bounded output, per-Cell timeouts that kill the whole process
// group, and interrupts that report whether they landed.
import { randomHex } from "../platform/random.js";
import { whichOnPath } from "../platform/which.js";
import type { ChildProcess } from "node:child_process";
import { killGroup, openGate } from "../platform/launch.js";
import { createKernelSandbox, type CreateHooks } from "../sandbox/create.js";
import { watchPolicyDenyList } from "../sandbox/deny-watch.js";
import { withPrivateTemp, type KernelSandbox } from "../sandbox/kernel-sandbox.js";
import type { SandboxStatus } from "../sandbox/status.js";
import { buildKernelEnvironment } from "./environment.js";
import { KernelClosedError, KernelStartError } from "./errors.js";
import {
  checkCell,
  normalizeKernelOptions,
  type CellLanguage,
  type ExecuteOptions,
  type KernelOptions,
  type NormalizedKernelOptions,
} from "./options.js";
import { WorkerProcess, workerArgv, type CellOutcome, type WorkerInfo } from "./worker.js";

export type CellStatus = "ok" | "error" | "interrupted" | "timeout" | "refused";

export interface CellError {
  readonly name: string;
  readonly message: string;
  readonly traceback: string;
}

export interface CellResult {
  readonly status: CellStatus;
  readonly stdout: string;
  readonly stderr: string;
  readonly error?: CellError;
  readonly durationMs: number;
  /** True when either stream was cut to its bound (the cut is marked in the text). */
  readonly truncated: boolean;
  /** A bash Cell's exit status. */
  readonly exitCode?: number;
}

export type InterruptTarget = "sandbox" | "local-process";

export interface InterruptDelivery {
  readonly delivered: boolean;
  readonly target: InterruptTarget;
  readonly reason?: string;
}

/** How long interrupt() waits for the worker to say it sent the signal. */
export const INTERRUPT_ANSWER_MS = 1_000;

/** The Cell being run: its worker is null while one is being started for it. */
interface ActiveCell {
  readonly id: number;
  worker: WorkerProcess | null;
}

export class Kernel {
  readonly #options: NormalizedKernelOptions;
  #sandbox: KernelSandbox;
  #stopWatch: () => void;
  #worker: WorkerProcess | null = null;
  #python: string;
  #queue: Promise<unknown> = Promise.resolve();
  #nextCellId = 0;
  #nextInterruptId = 0;
  /** Cells accepted by execute() and not yet begun, in order. */
  readonly #queued: number[] = [];
  #active: ActiveCell | null = null;
  /** Cells asked to stop before they reached the worker: they end without running. */
  readonly #stopBeforeRun = new Set<number>();
  #closing: Promise<string | null> | null = null;
  #gap: string | null = null;
  #gapSaid = false;
  #closed = false;
  /** Why the current worker is being killed, when the host kills it. */
  #killReason: "timeout" | "restart" | "breach" | "close" | null = null;
  /** A denied path changed on the host: the next worker needs a new sandbox and self-test. */
  #breach: string | null = null;
  /** A worker started with a renewed sandbox's self-test, not yet taken by #startWorker. */
  #fused: WorkerProcess | null = null;

  private constructor(fields: {
    options: NormalizedKernelOptions;
    sandbox: KernelSandbox;
    stopWatch: () => void;
    python: string;
  }) {
    this.#options = fields.options;
    this.#sandbox = fields.sandbox;
    this.#stopWatch = fields.stopWatch;
    this.#python = fields.python;
  }

  /**
   * Creates the kernel sandbox (proven by its self-test), then starts the worker in it.
   *
   * @throws {SandboxConfigurationError} a bad workspace or sandbox setting; nothing was started.
   * @throws {SandboxUnavailableError} no boundary could be proven where one is required.
   * @throws {KernelConfigurationError} a bad kernel option.
   * @throws {KernelStartError} the worker did not start.
   */
  static async start(options: KernelOptions = {}): Promise<Kernel> {
    const opts = normalizeKernelOptions(options);
    // A missing interpreter is reported after the sandbox: "no boundary" is the graver news.
    let python: string | KernelStartError;
    try {
      python = findPython(opts.python, opts.env, opts.workspace ?? process.cwd());
    } catch (error) {
      if (!(error instanceof KernelStartError)) throw error;
      python = error;
    }
    let kernel: Kernel | null = null;
    const opened = await openSandbox(opts, opts.workspace, python, (path) => {
      if (kernel !== null) kernel.#onBreach(path);
    });
    try {
      if (python instanceof KernelStartError) throw python;
      kernel = new Kernel({ options: opts, ...opened, python });
      if (opened.worker !== null) kernel.#worker = opened.worker;
      else await kernel.#startWorker();
    } catch (error) {
      await opened.worker?.kill();
      opened.stopWatch();
      opened.sandbox.close();
      throw error;
    }
    return kernel;
  }

  /** The measured sandbox the worker runs in. */
  get sandboxStatus(): SandboxStatus {
    return this.#sandbox.status;
  }

  /** What the running worker reported at start: interpreter and whether the audit hook is armed. */
  get workerInfo(): WorkerInfo | null {
    return this.#worker?.info ?? null;
  }

  /**
   * Runs one Cell. Cells run one at a time, in call order.
   *
   * @throws {CellInputError} not a string, a NUL character, an unknown language, a bad timeout.
   * @throws {KernelClosedError} after close().
   * @throws {KernelStartError} the worker had to be restarted and could not be.
   */
  execute(code: string, options?: ExecuteOptions): Promise<CellResult> {
    if (this.#closed) return Promise.reject(closedError());
    let cell;
    try {
      cell = checkCell(code, options, this.#options.timeoutMs);
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (cell.code.trim() === "") {
      return Promise.resolve({
        status: "ok",
        stdout: "",
        stderr: "",
        durationMs: 0,
        truncated: false,
      });
    }
    const id = ++this.#nextCellId;
    this.#queued.push(id);
    const run = this.#queue.then(() => this.#runCell(id, cell.code, cell.language, cell.timeoutMs));
    this.#queue = run.catch(() => undefined);
    const { signal } = cell;
    if (signal === undefined) return run;
    const stop = (): void => {
      if (!this.#closed) void this.#stopCell(id);
    };
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    return run.finally(() => signal.removeEventListener("abort", stop));
  }

  /**
   * Asks the worker to interrupt the running Cell. Nothing is signalled from the host: the
   * request goes down the worker's control pipe and the worker signals its own main thread (or
   * its bash Cell's process group). `delivered` is true only when the worker says it did.
   */
  async interrupt(): Promise<InterruptDelivery> {
    this.#gap = null;
    if (this.#closed)
      return { delivered: false, target: this.#target(), reason: "the kernel is closed" };
    const id = this.#active?.id ?? this.#queued[0];
    if (id === undefined)
      return { delivered: false, target: this.#target(), reason: "no Cell is running" };
    return this.#stopCell(id);
  }

  /**
   * Stops one Cell by its id, never another (interrupt() names the current one, an execute()
   * signal its own). Queued, or its worker still starting: it ends without running. Running:
   * the worker is asked to interrupt it.
   */
  async #stopCell(id: number): Promise<InterruptDelivery> {
    const target = this.#target();
    const active = this.#active;
    if (active === null || active.id !== id || active.worker === null) {
      if (active?.id !== id && !this.#queued.includes(id))
        return { delivered: false, target, reason: "the Cell had already finished" };
      this.#stopBeforeRun.add(id);
      return { delivered: true, target };
    }
    const answer = await active.worker.interrupt(++this.#nextInterruptId, id, INTERRUPT_ANSWER_MS);
    if (answer.delivered) return { delivered: true, target };
    const reason = answer.reason ?? "the worker did not say why";
    // A Cell that finished while the request travelled is not a gap.
    if (answer.answered && reason === "the Cell had already finished") {
      return { delivered: false, target, reason };
    }
    this.#gap = reason;
    if (!this.#gapSaid) {
      this.#gapSaid = true;
      this.#options.onWarning(
        `cell interrupt cannot reach the sandboxed worker (${reason}); the stop request is dropped and a stuck Cell is recovered by the per-Cell timeout instead`,
      );
    }
    return { delivered: false, target, reason };
  }

  #target(): InterruptTarget {
    return this.#sandbox.enforced ? "sandbox" : "local-process";
  }

  /** The last interrupt gap's reason, once; null when the last interrupt had none. */
  takeInterruptGap(): string | null {
    const gap = this.#gap;
    this.#gap = null;
    return gap;
  }

  /**
   * Kills the worker (a running Cell ends with an error) and starts a fresh one: the namespace
   * is empty afterwards.
   */
  async restart(): Promise<void> {
    if (this.#closed) throw closedError();
    await this.#kill("restart");
    const next = this.#queue.then(async () => {
      if (this.#worker === null || !this.#worker.alive) await this.#startWorker();
    });
    this.#queue = next.catch(() => undefined);
    await next;
  }

  /**
   * Idempotent. Kills the worker and its process group, and removes the sandbox's private temp.
   * Resolves with what could not be removed, or null.
   */
  close(): Promise<string | null> {
    this.#closed = true;
    this.#closing ??= (async () => {
      await this.#kill("close");
      this.#stopWatch();
      return this.#sandbox.close();
    })();
    return this.#closing;
  }

  async #runCell(
    id: number,
    code: string,
    language: CellLanguage,
    timeoutMs: number,
  ): Promise<CellResult> {
    const at = this.#queued.indexOf(id);
    if (at >= 0) this.#queued.splice(at, 1);
    const active: ActiveCell = { id, worker: null };
    this.#active = active;
    const started = performance.now();
    let outcome: CellOutcome;
    try {
      if (this.#closed) throw closedError();
      let worker = this.#worker;
      if (worker === null || !worker.alive) worker = await this.#startWorker();
      active.worker = worker;
      if (this.#stopBeforeRun.delete(id)) return stoppedBeforeRun(performance.now() - started);
      this.#killReason = null;
      const timer = setTimeout(() => void this.#kill("timeout"), timeoutMs);
      try {
        outcome = await worker.run({ id, code, language, marker: randomHex(16) });
      } finally {
        clearTimeout(timer);
      }
    } finally {
      this.#stopBeforeRun.delete(id);
      if (this.#active === active) this.#active = null;
    }
    const durationMs = performance.now() - started;
    const stdout = outcome.stdout.text;
    const stderr = outcome.stderr.text;
    const truncated = outcome.stdout.droppedBytes > 0 || outcome.stderr.droppedBytes > 0;
    if (outcome.kind === "done") {
      const { reply } = outcome;
      return {
        status: reply.status,
        stdout,
        stderr,
        ...(reply.error === undefined ? {} : { error: reply.error }),
        durationMs,
        truncated,
        ...(reply.exitCode === undefined ? {} : { exitCode: reply.exitCode }),
      };
    }
    const killed = this.#killReason;
    if (killed === "timeout") {
      let restarted = "a fresh worker was started";
      try {
        if (!this.#closed) await this.#startWorker();
      } catch (error) {
        restarted = `no fresh worker could be started (${messageOf(error)}); the next Cell tries again`;
      }
      return {
        status: "timeout",
        stdout,
        stderr,
        error: {
          name: "CellTimeout",
          message: `the Cell ran past its ${timeoutMs} ms limit: the worker's whole process group was killed, its variables are lost, and ${restarted}`,
          traceback: "",
        },
        durationMs,
        truncated,
      };
    }
    const why =
      killed === "breach"
        ? `a path the sandbox masks changed on the host (${this.#breach ?? "unknown"}), and a running sandbox cannot mask a file replaced after start; the worker was killed, and the next Cell starts in a new, self-tested sandbox`
        : killed === "restart"
          ? "the kernel was restarted while the Cell ran"
          : killed === "close"
            ? "the kernel was closed while the Cell ran"
            : `the worker ended while the Cell ran (${outcome.reason}); its variables are lost and the next Cell starts a fresh worker`;
    return {
      status: "error",
      stdout,
      stderr,
      error: {
        name: killed === "breach" ? "SandboxChanged" : "KernelDied",
        message: why,
        traceback: "",
      },
      durationMs,
      truncated,
    };
  }

  async #kill(reason: "timeout" | "restart" | "breach" | "close"): Promise<void> {
    const worker = this.#worker;
    if (worker === null || !worker.alive) return;
    this.#killReason ??= reason;
    await worker.kill();
  }

  async #startWorker(): Promise<WorkerProcess> {
    if (this.#breach !== null) await this.#renewSandbox();
    const opts = this.#options;
    const fused = this.#fused;
    this.#fused = null;
    const worker =
      fused ??
      (await launchWorker(this.#sandbox, {
        python: this.#python,
        env: opts.env,
        outputLimit: opts.outputLimitBytes,
        startTimeoutMs: opts.startTimeoutMs,
      }));
    if (this.#closed) {
      await worker.kill();
      throw closedError();
    }
    this.#worker = worker;
    return worker;
  }

  // After a breach the old policy's masks are stale: build and prove a new sandbox.
  async #renewSandbox(): Promise<void> {
    this.#stopWatch();
    const problem = this.#sandbox.close();
    if (problem !== null) this.#options.onWarning(problem);
    this.#breach = null;
    const { sandbox, stopWatch, worker } = await openSandbox(
      this.#options,
      this.#sandbox.status.workspace,
      this.#python,
      (path) => this.#onBreach(path),
    );
    if (this.#closed) {
      // close() ran while the new sandbox was being proven: it closed the old one only.
      await worker?.kill();
      stopWatch();
      sandbox.close();
      throw closedError();
    }
    this.#sandbox = sandbox;
    this.#stopWatch = stopWatch;
    // The fused worker is the caller's to keep: #startWorker takes it from here.
    this.#fused = worker;
  }

  /** Called by the deny-list watch: stop the worker now. */
  #onBreach(path: string): void {
    this.#breach ??= path;
    void this.#kill("breach");
  }
}

// The sandbox, proven by its self-test, and the watch on the host paths it masks: a masked file
// replaced or created while the worker runs is not masked inside, so the worker is stopped. The
// watch starts before the self-test does, so no change falls between policy and sandbox.
//
// The worker is fused with the self-test: the probe runs first inside the very sandbox the worker
// will use and execs the worker when the host, having judged the report, opens the gate. One
// sandbox start-up instead of two, and the boundary measured is the worker's own. Where no
// sandbox is enforced (off, or degraded under auto) the gate is never opened and the caller
// starts the worker itself.
async function openSandbox(
  opts: NormalizedKernelOptions,
  workspace: string | undefined,
  python: string | Error,
  onBreach: (path: string) => void,
): Promise<{ sandbox: KernelSandbox; stopWatch: () => void; worker: WorkerProcess | null }> {
  // Filled in by the hooks while the self-test runs.
  const during: {
    fused: { child: ChildProcess; gateFd: number } | null;
    responseFd: number;
    watch: { stop: () => void; unwatched: string[] } | null;
  } = { fused: null, responseFd: -1, watch: null };
  // Measured and watched by its owner: the worker is started the ordinary way.
  if (opts.preparedSandbox !== undefined)
    return { sandbox: opts.preparedSandbox, stopWatch: noop, worker: null };
  let sandbox: KernelSandbox;
  try {
    sandbox = await createKernelSandbox(
      {
        ...opts.sandbox,
        ...(workspace === undefined ? {} : { workspace }),
        env: opts.env,
        onWarning: opts.onWarning,
      },
      {
        whileSelfTesting: (policy) => {
          during.watch = watchPolicyDenyList(policy, onBreach);
        },
        ...(typeof python === "string" ? { fuse: fusedWorker(opts, python, during) } : {}),
      },
    );
  } catch (error) {
    stopFused(during.fused);
    during.watch?.stop();
    throw error;
  }
  const started = during.fused;
  const responseFd = during.responseFd;
  const stopWatch = during.watch?.stop ?? noop;
  const unwatched = during.watch?.unwatched ?? [];
  const refuse = (message: string): never => {
    stopFused(started);
    stopWatch();
    sandbox.close();
    throw new KernelStartError(`Cannot start the kernel: ${message}; nothing was started`);
  };
  if (unwatched.length > 0) {
    refuse(`cannot watch ${unwatched.join(", ")} for changes to masked secrets (inotify limits?)`);
  }
  if (!sandbox.enforced || started === null || responseFd < 0 || typeof python !== "string") {
    stopFused(started);
    return { sandbox, stopWatch, worker: null };
  }
  openGate(started.child, started.gateFd);
  try {
    const worker = await WorkerProcess.attach(started.child, responseFd, {
      python,
      outputLimit: opts.outputLimitBytes,
      startTimeoutMs: opts.startTimeoutMs,
    });
    return { sandbox, stopWatch, worker };
  } catch (error) {
    return refuse(messageOf(error));
  }
}

function fusedWorker(
  opts: NormalizedKernelOptions,
  python: string,
  during: { fused: { child: ChildProcess; gateFd: number } | null; responseFd: number },
): NonNullable<CreateHooks["fuse"]> {
  return {
    command: (keptFd) => {
      during.responseFd = keptFd;
      return workerArgv(python, String(keptFd));
    },
    env: (policy) =>
      withPrivateTemp(
        buildKernelEnvironment(opts.env, { cwd: policy.workspace, mode: "repl" }),
        policy.tempDir,
      ),
    onSpawn: (child, gateFd) => {
      child.once("error", () => undefined);
      during.fused = { child, gateFd };
    },
    stdio: "pipe",
    keepPipes: 1,
  };
}

function stopFused(fused: { child: ChildProcess } | null): void {
  if (fused !== null) killGroup(fused.child);
}

function noop(): void {}

/** Starts a worker in `sandbox` with the filtered environment of `env`. */
export function launchWorker(
  sandbox: KernelSandbox,
  options: { python: string; env: NodeJS.ProcessEnv; outputLimit: number; startTimeoutMs: number },
): Promise<WorkerProcess> {
  const workspace = sandbox.status.workspace;
  return WorkerProcess.start(sandbox, {
    python: options.python,
    cwd: workspace,
    env: sandbox.applyEnvironment(
      buildKernelEnvironment(options.env, { cwd: workspace, mode: "repl" }),
    ),
    outputLimit: options.outputLimit,
    startTimeoutMs: options.startTimeoutMs,
  });
}

/**
 * The interpreter a kernel uses: the one given, else `python3` on the worker's filtered PATH.
 * @throws {KernelStartError} none found.
 */
export function findPython(
  explicit: string | undefined,
  env: NodeJS.ProcessEnv,
  workspace: string,
): string {
  if (explicit !== undefined) return explicit;
  const found = whichOnPath("python3", buildKernelEnvironment(env, { cwd: workspace })["PATH"]);
  if (found === null) {
    throw new KernelStartError(
      "Cannot start the kernel: no python3 on the worker's PATH; install the python3 package or pass the python option",
    );
  }
  return found;
}

function stoppedBeforeRun(durationMs: number): CellResult {
  return {
    status: "interrupted",
    stdout: "",
    stderr: "",
    error: {
      name: "KeyboardInterrupt",
      message: "interrupted before it started; nothing ran",
      traceback: "",
    },
    durationMs,
    truncated: false,
  };
}

function closedError(): KernelClosedError {
  return new KernelClosedError("Cannot run the Cell: the kernel is closed");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
