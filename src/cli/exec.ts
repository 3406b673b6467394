// cellguard exec: one command inside the kernel sandbox. Exit: the command's own code; 125 when
// cellguard could not run it (bad configuration, or no boundary under `enforce`).
import type { ChildProcess } from "node:child_process";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { buildKernelEnvironment } from "../kernel/environment.js";
import { gatedCommand, killGroup, openGate, runWrapped, spawnWrapped } from "../platform/launch.js";
import { createKernelSandbox, type UnprovenSandbox } from "../sandbox/create.js";
import { withPrivateTemp } from "../sandbox/kernel-sandbox.js";
import { statusToJson } from "../sandbox/status.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { EXIT_CANNOT_RUN, EXIT_USAGE, exitCodeForSignal } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { escapeForTerminal, escapeOneLine } from "./terminal-text.js";

export const EXEC_USAGE =
  "usage: cellguard exec [--workspace DIR] [--mode auto|enforce|off] [--allow-network] [--timeout SECONDS] [--json] -- COMMAND [ARG…]";

const SPEC = {
  workspace: { type: "string" },
  mode: { type: "string" },
  "allow-network": { type: "boolean" },
  timeout: { type: "string" },
  json: { type: "boolean" },
} as const;

export async function execCommand(args: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseLeadingOptions(args, SPEC);
    if (parsed.rest.length === 0) throw new UsageError("no command given");
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard exec: ${escapeOneLine(error.message)}\n${EXEC_USAGE}\n`);
    return EXIT_USAGE;
  }
  const { options, rest: command } = parsed;
  const json = options["json"] === true;
  const timeoutMs = parseTimeout(options["timeout"]);
  if (timeoutMs instanceof Error) {
    io.stderr(`cellguard exec: ${timeoutMs.message}\n`);
    return EXIT_CANNOT_RUN;
  }

  // Outside --json the command's sandbox is set up while the self-test runs, behind a gate that
  // opens only once the self-test has passed: the same guarantee, one bubblewrap start-up less.
  let gated: { child: ChildProcess; fd: number } | null = null;
  const startGated = (unproven: UnprovenSandbox): void => {
    const fd = 3 + unproven.wrap(["/bin/true"]).inherited.length;
    const workspace = unproven.policy.workspace;
    const env = withPrivateTemp(
      buildKernelEnvironment(io.env, { cwd: workspace, mode: "exec" }),
      unproven.policy.tempDir,
    );
    const child = spawnWrapped(unproven.wrap(gatedCommand(fd, command)), {
      cwd: workspace,
      env,
      stdin: "inherit",
      stdout: "inherit",
      stderr: "inherit",
      gate: true,
    });
    child.once("error", () => undefined);
    gated = { child, fd };
  };
  const closeGate = (): void => {
    if (gated !== null) killGroup(gated.child);
    gated = null;
  };

  let sandbox;
  try {
    sandbox = await createKernelSandbox(
      {
        ...(typeof options["workspace"] === "string" ? { workspace: options["workspace"] } : {}),
        ...(typeof options["mode"] === "string" ? { mode: options["mode"] } : {}),
        ...(options["allow-network"] === true ? { allowRawNetwork: true } : {}),
        env: io.env,
        onWarning: (message) => io.stderr(`cellguard: ${escapeForTerminal(message)}\n`),
      },
      json ? {} : { whileSelfTesting: startGated },
    );
  } catch (error) {
    closeGate();
    if (error instanceof SandboxConfigurationError || error instanceof SandboxUnavailableError) {
      io.stderr(`cellguard exec: nothing was run: ${escapeForTerminal(error.message)}\n`);
      return EXIT_CANNOT_RUN;
    }
    throw error;
  }
  // A sandbox that did not come up enabled never opens the gate.
  if (!sandbox.status.enforced) closeGate();

  let breach: string | null = null;
  const stopped = new AbortController();
  const stopWatching = sandbox.watchDenyList((path) => {
    breach = path;
    stopped.abort();
  });
  const breachMessage = (): string =>
    `cellguard exec: stopped the command: the denied path ${escapeForTerminal(breach ?? "")} changed on the host while it ran, and a running sandbox cannot mask a file replaced or created after start\n`;
  try {
    const workspace = sandbox.status.workspace;
    const env = sandbox.applyEnvironment(
      buildKernelEnvironment(io.env, { cwd: workspace, mode: "exec" }),
    );
    const wrapped = sandbox.wrap(command);
    if (json) {
      const result = await runWrapped(wrapped, {
        cwd: workspace,
        env,
        timeoutMs: timeoutMs ?? 2 ** 31 - 1,
        signal: stopped.signal,
      });
      const exitCode =
        breach !== null
          ? EXIT_CANNOT_RUN
          : (result.exitCode ??
            (result.signal !== null ? exitCodeForSignal(result.signal) : EXIT_CANNOT_RUN));
      if (breach !== null) io.stderr(breachMessage());
      io.stdout(
        `${JSON.stringify({
          exit_code: exitCode,
          timed_out: result.timedOut,
          stopped_for_changed_secret: breach,
          stdout: result.stdout,
          stderr: result.stderr,
          sandbox: statusToJson(sandbox.status),
        })}\n`,
      );
      return exitCode;
    }
    let child: ChildProcess;
    const early = gated as { child: ChildProcess; fd: number } | null;
    if (early !== null) {
      child = early.child;
      openGate(child, early.fd);
    } else {
      child = spawnWrapped(wrapped, {
        cwd: workspace,
        env,
        stdin: "inherit",
        stdout: "inherit",
        stderr: "inherit",
      });
    }
    stopped.signal.addEventListener("abort", () => killGroup(child), { once: true });
    const code = await waitForwardingSignals(child, timeoutMs, io);
    if (breach === null) return code;
    io.stderr(breachMessage());
    return EXIT_CANNOT_RUN;
  } finally {
    stopWatching();
    const problem = sandbox.close();
    if (problem !== null) io.stderr(`cellguard exec: ${escapeForTerminal(problem)}\n`);
  }
}

function parseTimeout(raw: string | boolean | undefined): number | null | Error {
  if (typeof raw !== "string") return null;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 2_000_000) {
    return new RangeError(
      `--timeout must be a number of seconds above 0: current value is ${JSON.stringify(raw)}`,
    );
  }
  return Math.ceil(seconds * 1000);
}

// The child leads its own session, so a terminal's Ctrl-C does not reach it: forward the signals
// a user or supervisor sends to cellguard to the whole group.
function waitForwardingSignals(
  child: ChildProcess,
  timeoutMs: number | null,
  io: CliIo,
): Promise<number> {
  const forwarded: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  const forward = (signal: NodeJS.Signals): void => killGroup(child, signal);
  for (const signal of forwarded) process.on(signal, forward);
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
      for (const signal of forwarded) process.off(signal, forward);
      resolve(code);
    };
    child.once("error", (error) => {
      io.stderr(
        `cellguard exec: could not start the command: ${escapeForTerminal(error.message)}\n`,
      );
      finish(EXIT_CANNOT_RUN);
    });
    child.once("exit", (code, signal) => {
      killGroup(child);
      finish(code ?? (signal !== null ? exitCodeForSignal(signal) : EXIT_CANNOT_RUN));
    });
  });
}
