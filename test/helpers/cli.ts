// Runs the real CLI in a child process, the way a user does.
import { spawn } from "node:child_process";
import { cliPath } from "./paths.js";

export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly input?: string | Buffer;
  readonly timeoutMs?: number;
  /**
   * A host directory the CLI inherits as descriptor 200 without close-on-exec, as from a
   * launcher that leaks it (Node marks low descriptors close-on-exec at start, not high ones).
   */
  readonly inheritedDirectory?: string;
}

export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  if (options.inheritedDirectory !== undefined) {
    return runProcess(
      "/bin/bash",
      ["-c", 'exec "$0" "$@" 200<"$CELLGUARD_TEST_DIR"', process.execPath, cliPath(), ...args],
      {
        ...options,
        env: { ...(options.env ?? process.env), CELLGUARD_TEST_DIR: options.inheritedDirectory },
      },
    );
  }
  return runProcess(process.execPath, [cliPath(), ...args], options);
}

/** Runs the CLI under script(1), so it has a pseudo-terminal as its controlling terminal. */
export function runCliInTerminal(
  script: string,
  args: readonly string[],
  options: CliOptions = {},
): Promise<CliResult> {
  const line = [process.execPath, cliPath(), ...args].map(shellQuote).join(" ");
  return runProcess(script, ["-q", "-e", "-c", line, "/dev/null"], options);
}

// script(1) takes one shell command line; quote each word for sh.
function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function runProcess(
  file: string,
  args: readonly string[],
  options: CliOptions = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], {
      cwd: options.cwd ?? process.cwd(),
      env: options.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const { stdin, stdout: out, stderr: err } = child;
    if (stdin === null || out === null || err === null)
      throw new Error("runProcess: stdio pipes missing");
    let stdout = "";
    let stderr = "";
    out.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    err.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    // The child may exit without reading its input.
    stdin.on("error", () => undefined);
    stdin.end(options.input ?? "");
  });
}

/** `exec --mode enforce --workspace W --` and the command: the CLI words every attack uses. */
export function enforcedExec(workspace: string, ...command: string[]): string[] {
  return ["exec", "--mode", "enforce", "--workspace", workspace, "--", ...command];
}
