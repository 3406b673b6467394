// Starting `cellguard mcp` the way an MCP client does: the SDK's own Client and
// StdioClientTransport spawning the bundled CLI, in a fixture home with a canary SSH key, on the
// real sandbox under `enforce` with the system python3.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeFixture, type Fixture } from "./fixture-home.js";
import { SYSTEM_PATH } from "./kernel.js";
import { cliPath } from "./paths.js";
import { systemPython } from "./host.js";

/** A data-dir rules file that allows every tool, for tests that are not about the gate. */
export const ALLOW_ALL = { rules: [{ tool: "*", pattern: "*", decision: "allow" }] };

export function writeUserRules(fx: Fixture, doc: unknown): void {
  mkdirSync(fx.dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(join(fx.dataDir, "mcp-rules.json"), JSON.stringify(doc), { mode: 0o600 });
}

export interface McpUnderTest {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** The server's process id. */
  readonly pid: number;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly capabilities?: ConstructorParameters<typeof Client>[1];
  readonly args?: readonly string[];
}

/** The argv (after node) that starts `cellguard mcp` on the fixture's workspace, enforced. */
export function mcpServerArgs(fx: Fixture, extra: readonly string[] = []): string[] {
  const python = systemPython ?? "python3";
  return [
    cliPath(),
    "mcp",
    "--workspace",
    fx.workspace,
    "--mode",
    "enforce",
    "--python",
    python,
    ...extra,
  ];
}

export async function startMcp(fx: Fixture, options: StartOptions = {}): Promise<McpUnderTest> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: mcpServerArgs(fx, options.args),
    env: { ...fx.env, PATH: SYSTEM_PATH, ...options.env },
    stderr: "pipe",
    cwd: fx.workspace,
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const client = new Client({ name: "cellguard-test", version: "1.0.0" }, options.capabilities);
  await client.connect(transport);
  const pid = transport.pid;
  if (pid === null) throw new Error("startMcp: the server has no pid");
  return {
    client,
    transport,
    pid,
    stderr: () => stderr,
    call: async (name, args = {}) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
      })) as CallToolResult,
    close: () => client.close(),
  };
}

/** The text of a tool result. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === "text" ? part.text : "")).join("");
}

/** The audit log's entries. */
export function auditEntries(fx: Fixture): Record<string, unknown>[] {
  const text = readFileSync(join(fx.dataDir, "mcp-audit.jsonl"), "utf8");
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Processes (other than ours) whose command line, working directory or root mentions `marker`
 * (a fixture's unique workspace path): the kernel's bubblewrap and its worker.
 */
export function processesMentioning(marker: string): number[] {
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const dir = join("/proc", name);
    const texts: string[] = [];
    try {
      texts.push(readFileSync(join(dir, "cmdline"), "latin1"));
    } catch {
      continue; // exited
    }
    for (const link of ["cwd", "root"]) {
      try {
        texts.push(readlinkSync(join(dir, link)));
      } catch {
        // another user's process, or gone
      }
    }
    if (texts.some((t) => t.includes(marker))) found.push(Number(name));
  }
  return found;
}

/** Resolves once `check` is true, polling; rejects after `ms`. */
export async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface FixtureServer {
  readonly fx: Fixture;
  readonly mcp: McpUnderTest;
  /** Closes the client (the server exits with it) and removes the fixture. */
  readonly stop: () => Promise<void>;
}

export interface FixtureServerOptions {
  /** The data-dir rules file. @default ALLOW_ALL */
  readonly rules?: unknown;
  /** Plants files in the fixture before the server starts. */
  readonly prepare?: (fx: Fixture) => void;
  readonly start?: StartOptions;
}

/**
 * The start-up the end-to-end suites share: a fresh fixture home, its rules file, whatever the
 * suite plants, then `cellguard mcp` on it. A failed start removes the fixture.
 */
export async function startFixtureServer(
  options: FixtureServerOptions = {},
): Promise<FixtureServer> {
  const fx = makeFixture();
  try {
    writeUserRules(fx, options.rules ?? ALLOW_ALL);
    options.prepare?.(fx);
    const mcp = await startMcp(fx, options.start);
    return {
      fx,
      mcp,
      stop: async () => {
        try {
          await mcp.close();
        } finally {
          fx.cleanup();
        }
      },
    };
  } catch (error) {
    fx.cleanup();
    throw error;
  }
}
