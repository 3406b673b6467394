// cellguard run: one Cell through every layer (classifier, biosecurity screen, shell precheck,
// sandboxed kernel). Exit: 0 the Cell ran and succeeded; 1 it failed (error, interrupt,
// timeout) or the kernel could not start; 2 usage or bad input; 3 refused by a screen, nothing
// ran; 4 no boundary could be proven under `enforce`, nothing ran.
import type { Readable } from "node:stream";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { CellInputError, KernelConfigurationError, KernelStartError } from "../kernel/errors.js";
import { Kernel } from "../kernel/kernel.js";
import { checkCell, MAX_CELL_CHARS, type CellLanguage } from "../kernel/options.js";
import { runCell, type CellRun } from "../kernel/run-cell.js";
import { statusToJson } from "../sandbox/status.js";
import { parseLeadingOptions, parseTimeoutOption, UsageError } from "./args.js";
import {
  EXIT_FAILURE,
  EXIT_NO_BOUNDARY,
  EXIT_OK,
  EXIT_REFUSED,
  EXIT_USAGE,
  exitCodeForSignal,
} from "./exit-codes.js";
import { InputError, readWholeInput } from "./input.js";
import type { CliIo } from "./io.js";
import { escapeForTerminal, escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const RUN_USAGE =
  "usage: cellguard run [--workspace DIR] [--lang python|bash] [--mode auto|enforce|off] [--timeout SECONDS] [--json] FILE|-";

const SPEC = {
  workspace: { type: "string" },
  lang: { type: "string" },
  mode: { type: "string" },
  timeout: { type: "string" },
  json: { type: "boolean" },
} as const;

interface RunRequest {
  readonly path: string | undefined;
  readonly language: string;
  readonly workspace: string | undefined;
  readonly mode: string | undefined;
  readonly timeoutMs: number | undefined;
  readonly json: boolean;
}

export async function runCommand(
  args: readonly string[],
  io: CliIo,
  stdin: Readable = process.stdin,
): Promise<number> {
  let request: RunRequest;
  let code: string;
  try {
    request = parseRunArgs(args);
    const bytes = await readWholeInput(request.path, stdin, MAX_CELL_CHARS * 4);
    code = decodeUtf8(bytes, request.path);
    checkCell(code, { language: request.language as CellLanguage }, 1);
  } catch (error) {
    if (error instanceof UsageError || error instanceof InputError) {
      io.stderr(`cellguard run: ${escapeOneLine(error.message)}\n${RUN_USAGE}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof CellInputError) {
      io.stderr(`cellguard run: ${escapeOneLine(error.message)}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }

  const session = new RunSession(io);
  try {
    const run = await runCell(code, {
      language: request.language as CellLanguage,
      env: io.env,
      ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
      kernel: () => session.start(request),
    });
    return report(run, request, session, io);
  } catch (error) {
    return startFailure(error, io);
  } finally {
    await session.end();
  }
}

/** Holds the kernel while the Cell runs; Ctrl-C interrupts the Cell, a second one kills it. */
class RunSession {
  kernel: Kernel | null = null;
  #signals = 0;
  readonly #io: CliIo;
  #firstSignal: NodeJS.Signals | null = null;
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    this.#signals += 1;
    this.#firstSignal ??= signal;
    const kernel = this.kernel;
    if (kernel === null) return;
    if (signal === "SIGINT" && this.#signals === 1) {
      void kernel.interrupt().then((delivery) => {
        if (!delivery.delivered) {
          this.#io.stderr(
            `cellguard run: the interrupt did not reach the Cell (${escapeOneLine(delivery.reason ?? "no reason given")}); press Ctrl-C again to kill it\n`,
          );
        }
      });
      return;
    }
    void kernel.close();
  };

  constructor(io: CliIo) {
    this.#io = io;
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
      process.on(signal, this.#onSignal);
  }

  get signalled(): boolean {
    return this.#signals > 0;
  }

  async start(request: RunRequest): Promise<Kernel> {
    this.#checkSignals();
    this.kernel = await Kernel.start({
      ...(request.workspace === undefined ? {} : { workspace: request.workspace }),
      sandbox: request.mode === undefined ? {} : { mode: request.mode },
      ...(request.timeoutMs === undefined ? {} : { timeoutMs: request.timeoutMs }),
      env: this.#io.env,
      onWarning: (message) => this.#io.stderr(`cellguard: ${escapeForTerminal(message)}\n`),
    });
    // A signal during the screens or the self-test means the Cell must not run at all.
    this.#checkSignals();
    return this.kernel;
  }

  #checkSignals(): void {
    if (this.#firstSignal !== null) throw new StoppedBeforeRun(this.#firstSignal);
  }

  async end(): Promise<void> {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
      process.off(signal, this.#onSignal);
    const problem = (await this.kernel?.close()) ?? null;
    if (problem !== null) this.#io.stderr(`cellguard run: ${escapeForTerminal(problem)}\n`);
  }
}

function report(run: CellRun, request: RunRequest, session: RunSession, io: CliIo): number {
  const exit =
    run.status === "ok" ? EXIT_OK : run.status === "refused" ? EXIT_REFUSED : EXIT_FAILURE;
  if (request.json) {
    io.stdout(
      `${terminalSafeJson({
        status: run.status,
        stdout: run.stdout,
        stderr: run.stderr,
        error: run.error ?? null,
        duration_ms: Math.round(run.durationMs * 1000) / 1000,
        truncated: run.truncated,
        exit_code: run.exitCode ?? null,
        refused_by: run.refusedBy ?? null,
        advisory: run.advisory ?? null,
        observation: run.observation,
        sandbox: session.kernel === null ? null : statusToJson(session.kernel.sandboxStatus),
      })}\n`,
    );
    return exit;
  }
  if (run.status === "refused") {
    io.stderr(`${escapeForTerminal(run.observation)}\n`);
    return exit;
  }
  if (run.stdout !== "") io.stdout(escapeForTerminal(run.stdout));
  if (run.stderr !== "") io.stderr(escapeForTerminal(run.stderr));
  if (run.error !== undefined) {
    io.stderr(
      escapeForTerminal(
        run.error.traceback !== ""
          ? run.error.traceback
          : `${run.error.name}: ${run.error.message}\n`,
      ),
    );
  }
  if (run.advisory !== undefined) io.stderr(`cellguard run: ${escapeOneLine(run.advisory)}\n`);
  if (run.status === "interrupted" && session.signalled) return exitCodeForSignal("SIGINT");
  return exit;
}

/** A signal arrived before the Cell was handed to the kernel. */
class StoppedBeforeRun extends Error {
  readonly signal: NodeJS.Signals;

  constructor(signal: NodeJS.Signals) {
    super(`stopped by ${signal} before the Cell ran`);
    this.signal = signal;
  }
}

function startFailure(error: unknown, io: CliIo): number {
  const say = (message: string): void =>
    io.stderr(`cellguard run: nothing was run: ${escapeForTerminal(message)}\n`);
  if (error instanceof StoppedBeforeRun) {
    say(error.message);
    return exitCodeForSignal(error.signal);
  }
  if (error instanceof SandboxUnavailableError) {
    say(error.message);
    return EXIT_NO_BOUNDARY;
  }
  if (error instanceof SandboxConfigurationError || error instanceof KernelConfigurationError) {
    say(error.message);
    return EXIT_USAGE;
  }
  if (error instanceof KernelStartError) {
    say(error.message);
    return EXIT_FAILURE;
  }
  throw error;
}

function parseRunArgs(args: readonly string[]): RunRequest {
  const { options, rest } = parseLeadingOptions(args, SPEC);
  if (rest.length !== 1) {
    throw new UsageError(
      rest.length === 0 ? "no Cell given (a FILE, or - for standard input)" : "give one FILE",
    );
  }
  const str = (name: string): string | undefined =>
    typeof options[name] === "string" ? options[name] : undefined;
  const timeoutMs = parseTimeoutOption(options["timeout"]);
  if (timeoutMs instanceof RangeError) throw new UsageError(timeoutMs.message);
  const file = rest[0];
  return {
    path: file === "-" ? undefined : file,
    language: str("lang") ?? "python",
    workspace: str("workspace"),
    mode: str("mode"),
    timeoutMs: timeoutMs ?? undefined,
    json: options["json"] === true,
  };
}

function decodeUtf8(bytes: Buffer, path: string | undefined): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new InputError(
      `cannot read ${path === undefined ? "standard input" : JSON.stringify(path)}: it is not UTF-8 text`,
    );
  }
}
