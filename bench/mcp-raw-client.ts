// A minimal MCP client for the benchmark: newline-delimited JSON-RPC over a child's stdio (the MCP
// stdio framing), requests matched to replies by id, no schema validation and no timers. It
// measures what `cellguard mcp` costs a client that does nothing else; the SDK's own client is
// measured beside it, never replaced by it. Not part of the package.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";

interface Reply {
  readonly id?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code: number; readonly message: string };
}

export class RawMcpClient {
  readonly #child: ChildProcessWithoutNullStreams;
  readonly #pending = new Map<number, (reply: Reply) => void>();
  #nextId = 0;
  #buffered = "";
  #exited: Promise<void>;

  private constructor(child: ChildProcessWithoutNullStreams) {
    this.#child = child;
    this.#exited = new Promise((resolve) =>
      child.once("exit", (code, signal) => {
        // A server that ends answers every open request with an error instead of a hang.
        for (const resolvePending of this.#pending.values()) {
          resolvePending({
            error: { code: -1, message: `the server exited (${signal ?? String(code)})` },
          });
        }
        this.#pending.clear();
        resolve();
      }),
    );
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => this.#onData(text));
    child.stderr.resume();
  }

  /** Spawns the server and completes the MCP handshake (initialize, then initialized). */
  static async start(
    command: string,
    args: readonly string[],
    env: Record<string, string>,
  ): Promise<RawMcpClient> {
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    const client = new RawMcpClient(child);
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", () => resolve());
      child.once("error", reject);
    });
    await client.request("initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "cellguard-bench-raw", version: "1" },
    });
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`,
    );
    return client;
  }

  /** One request; resolves with its result. @throws {Error} the reply was a JSON-RPC error */
  async request(method: string, params?: object): Promise<unknown> {
    const id = ++this.#nextId;
    const reply = await new Promise<Reply>((resolve) => {
      this.#pending.set(id, resolve);
      this.#child.stdin.write(
        `${JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) })}\n`,
      );
    });
    if (reply.error !== undefined)
      throw new Error(`${method} failed: ${reply.error.code} ${reply.error.message}`);
    return reply.result;
  }

  /** Closes stdin (the server's signal to shut down) and waits for the process to end. */
  async close(): Promise<void> {
    this.#child.stdin.end();
    const timer = setTimeout(() => this.#child.kill("SIGKILL"), 5000);
    await this.#exited;
    clearTimeout(timer);
  }

  #onData(text: string): void {
    this.#buffered += text;
    for (;;) {
      const newline = this.#buffered.indexOf("\n");
      if (newline === -1) return;
      const line = this.#buffered.slice(0, newline);
      this.#buffered = this.#buffered.slice(newline + 1);
      const reply = JSON.parse(line) as Reply;
      if (typeof reply.id !== "number") continue;
      const resolve = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      resolve?.(reply);
    }
  }
}
