// Running a keychain's helper program (secret-tool, security, powershell.exe): argv is fixed and
// holds no secret, the secret goes on stdin, output is captured with a bound, and every call has
// a hard timeout after which the child's whole process group is killed. A locked keyring with a
// prompter otherwise waits forever for a human.
import { spawn } from "node:child_process";

export interface HelperResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: Buffer;
  readonly stderr: string;
  readonly timedOut: boolean;
}

export interface HelperOptions {
  /** Written to the child's stdin, then stdin is closed. */
  readonly stdin?: string | Buffer;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly timeoutMs: number;
}

const MAX_OUTPUT = 1024 * 1024;

/** Resolves with the outcome; rejects only when the program could not be started at all. */
export function runHelper(
  file: string,
  args: readonly string[],
  options: HelperOptions,
): Promise<HelperResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.env))
      if (value !== undefined) env[key] = value;
    // A new session: no controlling terminal, so a password prompt cannot take over the user's
    // tty (macOS `security` then reads stdin), and one kill reaches the whole group.
    const child = spawn(file, [...args], { env, stdio: ["pipe", "pipe", "pipe"], detached: true });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (outBytes < MAX_OUTPUT) out.push(chunk);
      outBytes += chunk.length;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      if (err.length < 64 * 1024) err += chunk;
    });
    let timedOut = false;
    const kill = (): void => {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out), stderr: err, timedOut });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.stdin ?? "");
  });
}
