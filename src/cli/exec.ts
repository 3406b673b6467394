// cellguard exec: one command inside the kernel sandbox. Exit: the command's own code; 125 when
// cellguard could not run it (bad configuration, or no boundary under `enforce`).
import type { ChildProcess } from "node:child_process";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { buildKernelEnvironment } from "../kernel/environment.js";
import {
  killGroup,
  killGroupAtExit,
  openGate,
  runWrapped,
  spawnWrapped,
} from "../platform/launch.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import { createKernelSandbox } from "../sandbox/create.js";
import { watchPolicyDenyList } from "../sandbox/deny-watch.js";
import { withPrivateTemp } from "../sandbox/kernel-sandbox.js";
import { statusToJson } from "../sandbox/status.js";
import { parseLeadingOptions, parseTimeoutOption, UsageError } from "./args.js";
import { TEAM_OPTION_SPEC, teamIsolationFromOptions } from "./team-options.js";
import type { KernelReadIsolation } from "../policy/team-roots.js";
import { EXIT_CANNOT_RUN, EXIT_USAGE, exitCodeForSignal } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { escapeForTerminal, escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const EXEC_USAGE =
  "usage: cellguard exec [--workspace DIR] [--mode auto|enforce|off] [--allow-network] [--timeout SECONDS] [--json] [--team-root DIR]… [--allowed-root DIR]… -- COMMAND [ARG…]";

const SPEC = {
  workspace: { type: "string" },
  mode: { type: "string" },
  "allow-network": { type: "boolean" },
  timeout: { type: "string" },
  json: { type: "boolean" },
  ...TEAM_OPTION_SPEC,
} as const;

const FORWARDED: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * What one `exec` holds while it runs: the child once there is one, a signal that arrived before
 * it, and the watch on denied names. Signals are handled from the start, so an interrupt during
 * the self-test still removes the private temp.
 */
class ExecRun {
  child: ChildProcess | null = null;
  gateFd: number | null = null;
  pendingSignal: NodeJS.Signals | null = null;
  breach: string | null = null;
  unwatched: string[] = [];
  readonly stopped = new AbortController();
  #stopWatching: (() => void) | null = null;
  readonly #onSignal = (signal: NodeJS.Signals): void => {
    if (this.child !== null && this.gateFd === null) {
      // Never after the group leader is gone: its id could belong to another group by now.
      if (this.child.exitCode === null && this.child.signalCode === null)
        killGroup(this.child, signal);
      return;
    }
    // Before the command runs (self-test, gate closed) or under --json: stop everything.
    this.pendingSignal ??= signal;
    if (this.child !== null) killGroup(this.child);
    this.stopped.abort();
  };

  constructor() {
    for (const signal of FORWARDED) process.on(signal, this.#onSignal);
  }

  /** Starts watching before anything sandboxed is spawned, so no rename falls in between. */
  watch(policy: SandboxPolicy): void {
    if (this.#stopWatching !== null) return;
    const watch = watchPolicyDenyList(policy, (path) => {
      this.breach = path;
      this.stopped.abort();
      if (this.child !== null) killGroup(this.child);
    });
    this.#stopWatching = watch.stop;
    this.unwatched = watch.unwatched;
  }

  end(): void {
    for (const signal of FORWARDED) process.off(signal, this.#onSignal);
    this.#stopWatching?.();
    if (this.gateFd !== null && this.child !== null) killGroup(this.child);
  }
}

export async function execCommand(args: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  let readIsolation;
  try {
    parsed = parseLeadingOptions(args, SPEC);
    if (parsed.rest.length === 0) throw new UsageError("no command given");
    readIsolation = teamIsolationFromOptions(parsed.lists, process.cwd());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard exec: ${escapeOneLine(error.message)}\n${EXEC_USAGE}\n`);
    return EXIT_USAGE;
  }
  const { options, rest: command } = parsed;
  const json = options["json"] === true;
  const timeoutMs = parseTimeoutOption(options["timeout"]);
  if (timeoutMs instanceof Error) {
    io.stderr(`cellguard exec: ${timeoutMs.message}\n`);
    return EXIT_CANNOT_RUN;
  }
  const run = new ExecRun();
  try {
    return await execute({ io, command, json, timeoutMs, options, run, readIsolation });
  } finally {
    run.end();
  }
}

interface ExecContext {
  readonly io: CliIo;
  readonly command: readonly string[];
  readonly json: boolean;
  readonly timeoutMs: number | null;
  readonly options: Readonly<Record<string, string | boolean>>;
  readonly run: ExecRun;
  readonly readIsolation: KernelReadIsolation | null;
}

async function execute(ctx: ExecContext): Promise<number> {
  const { io, command, json, options, run } = ctx;
  // Outside --json the self-test is fused with the command: the probe runs first in the
  // command's own sandbox and execs the command when the gate opens, after the host has judged
  // the report. The watch on denied names starts before that sandbox does.
  const fuse = {
    command,
    env: (policy: SandboxPolicy): Readonly<Record<string, string>> =>
      withPrivateTemp(
        buildKernelEnvironment(io.env, { cwd: policy.workspace, mode: "exec" }),
        policy.tempDir,
      ),
    onSpawn: (child: ChildProcess, gateFd: number): void => {
      child.once("error", () => undefined);
      run.child = child;
      run.gateFd = gateFd;
    },
  };
  const watchFirst = (policy: SandboxPolicy): void => run.watch(policy);

  let sandbox;
  try {
    sandbox = await createKernelSandbox(
      {
        ...(typeof options["workspace"] === "string" ? { workspace: options["workspace"] } : {}),
        ...(typeof options["mode"] === "string" ? { mode: options["mode"] } : {}),
        ...(options["allow-network"] === true ? { allowRawNetwork: true } : {}),
        readIsolation: ctx.readIsolation,
        env: io.env,
        onWarning: (message) => io.stderr(`cellguard: ${escapeForTerminal(message)}\n`),
      },
      json ? { whileSelfTesting: watchFirst } : { whileSelfTesting: watchFirst, fuse },
    );
  } catch (error) {
    if (error instanceof SandboxConfigurationError || error instanceof SandboxUnavailableError) {
      io.stderr(`cellguard exec: nothing was run: ${escapeForTerminal(error.message)}\n`);
      return EXIT_CANNOT_RUN;
    }
    throw error;
  }

  try {
    if (!sandbox.enforced && run.child !== null) {
      // A sandbox that did not come up enabled never opens the gate.
      killGroup(run.child);
      run.child = null;
      run.gateFd = null;
    }
    if (sandbox.policy !== null) run.watch(sandbox.policy);
    if (run.unwatched.length > 0) {
      io.stderr(
        `cellguard exec: nothing was run: cannot watch ${escapeForTerminal(run.unwatched.join(", "))} for changes to masked secrets (inotify limits?)\n`,
      );
      return EXIT_CANNOT_RUN;
    }
    if (run.pendingSignal !== null) {
      io.stderr(`cellguard exec: nothing was run: interrupted by ${run.pendingSignal}\n`);
      return exitCodeForSignal(run.pendingSignal);
    }
    return await runCommand(ctx, sandbox);
  } finally {
    const problem = sandbox.close();
    if (problem !== null) io.stderr(`cellguard exec: ${escapeForTerminal(problem)}\n`);
  }
}

async function runCommand(
  ctx: ExecContext,
  sandbox: Awaited<ReturnType<typeof createKernelSandbox>>,
): Promise<number> {
  const { io, command, json, timeoutMs, run } = ctx;
  const breachMessage = (): string =>
    `cellguard exec: stopped the command: the denied path ${escapeForTerminal(run.breach ?? "")} changed on the host while it ran, and a running sandbox cannot mask a file replaced or created after start\n`;
  const workspace = sandbox.status.workspace;
  const env = sandbox.applyEnvironment(
    buildKernelEnvironment(io.env, { cwd: workspace, mode: "exec" }),
  );
  if (json) {
    const result = await runWrapped(sandbox.wrap(command), {
      cwd: workspace,
      env,
      timeoutMs: timeoutMs ?? 2 ** 31 - 1,
      signal: run.stopped.signal,
    });
    const exitCode =
      run.pendingSignal !== null
        ? exitCodeForSignal(run.pendingSignal)
        : run.breach !== null
          ? EXIT_CANNOT_RUN
          : (result.exitCode ??
            (result.signal !== null ? exitCodeForSignal(result.signal) : EXIT_CANNOT_RUN));
    if (run.breach !== null) io.stderr(breachMessage());
    io.stdout(
      `${terminalSafeJson({
        exit_code: exitCode,
        timed_out: result.timedOut,
        stopped_for_changed_secret: run.breach,
        stdout: result.stdout,
        stderr: result.stderr,
        sandbox: statusToJson(sandbox.status),
      })}\n`,
    );
    return exitCode;
  }
  const fused = run.child;
  let child: ChildProcess;
  if (
    fused !== null &&
    run.gateFd !== null &&
    fused.exitCode === null &&
    fused.signalCode === null
  ) {
    openGate(fused, run.gateFd);
    child = fused;
  } else {
    // No fused process to release (--json, or it ended before its gate): spawn the command.
    child = spawnWrapped(sandbox.wrap(command), {
      cwd: workspace,
      env,
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
    });
  }
  run.gateFd = null;
  run.child = child;
  if (run.breach !== null) killGroup(child);
  const code = await waitForExit(child, timeoutMs, io);
  if (run.breach === null) return code;
  io.stderr(breachMessage());
  return EXIT_CANNOT_RUN;
}

// The child leads its own session, so a terminal's Ctrl-C does not reach it: ExecRun forwards
// the signals a user or supervisor sends to cellguard to the whole group.
function waitForExit(child: ChildProcess, timeoutMs: number | null, io: CliIo): Promise<number> {
  return new Promise((resolve) => {
    // A gated child started during the self-test may already be gone (its sandbox failed).
    if (child.pid === undefined) {
      resolve(EXIT_CANNOT_RUN);
      return;
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.exitCode ?? exitCodeForSignal(child.signalCode ?? "SIGKILL"));
      return;
    }
    const timer =
      timeoutMs === null
        ? null
        : setTimeout(() => {
            io.stderr(
              `cellguard exec: timed out after ${timeoutMs / 1000} s; the process group was killed\n`,
            );
            killGroup(child);
          }, timeoutMs);
    const finish = (code: number): void => {
      if (timer !== null) clearTimeout(timer);
      resolve(code);
    };
    child.once("error", (error) => {
      io.stderr(
        `cellguard exec: could not start the command: ${escapeForTerminal(error.message)}\n`,
      );
      finish(EXIT_CANNOT_RUN);
    });
    child.once("exit", (code, signal) => {
      killGroupAtExit(child);
      finish(code ?? (signal !== null ? exitCodeForSignal(signal) : EXIT_CANNOT_RUN));
    });
  });
}
