// cellguard mcp: the MCP server on stdio. Standard output carries only JSON-RPC; everything meant
// for a person goes to standard error. Exit: 0 after a clean shutdown (the client closed stdin,
// or a signal); 2 usage; 125 the server could not start (a bad rules file, an unusable audit
// log or workspace), with the reason on stderr.
import { realpathSync, statSync } from "node:fs";
import { McpConfigurationError, RulesFileError, AuditLogError } from "../mcp/errors.js";
import { mcpManifest } from "../mcp/manifest.js";
import { startMcpServer } from "../mcp/server.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { doctorCommand } from "./doctor.js";
import { EXIT_CANNOT_RUN, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { dataDirFrom } from "./secrets.js";
import { escapeForTerminal, escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const MCP_USAGE =
  "usage: cellguard mcp [--workspace DIR] [--mode auto|enforce|off] [--python PATH] [--print-manifest]";

const SPEC = {
  workspace: { type: "string" },
  mode: { type: "string" },
  python: { type: "string" },
  "print-manifest": { type: "boolean" },
} as const;

const VERSION = "0.1.0";

export async function mcpCommand(args: readonly string[], io: CliIo): Promise<number> {
  let options;
  try {
    options = parseLeadingOptions(args, SPEC, { restIsPositional: false }).options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard mcp: ${escapeOneLine(error.message)}\n${MCP_USAGE}\n`);
    return EXIT_USAGE;
  }
  const str = (name: string): string | undefined =>
    typeof options[name] === "string" ? options[name] : undefined;
  const warn = (message: string): void => io.stderr(`cellguard: ${escapeForTerminal(message)}\n`);
  let running;
  try {
    const workspace = checkedWorkspace(str("workspace") ?? process.cwd());
    const mode = str("mode");
    if (options["print-manifest"] === true) {
      const command = [
        process.execPath,
        process.argv[1] ?? "cellguard",
        "mcp",
        "--workspace",
        workspace,
      ];
      if (mode !== undefined) command.push("--mode", mode);
      const manifest = mcpManifest({ dataDir: dataDirFrom(io.env), workspace, command });
      io.stdout(`${terminalSafeJson(manifest, 2)}\n`);
      return EXIT_OK;
    }
    running = await startMcpServer(
      {
        workspace,
        dataDir: dataDirFrom(io.env),
        env: io.env,
        ...(mode === undefined ? {} : { sandboxMode: mode }),
        ...(str("python") === undefined ? {} : { python: str("python") as string }),
        version: VERSION,
        onWarning: warn,
        posture: () => measurePosture(workspace, mode, io.env),
      },
      { input: process.stdin, output: process.stdout },
    );
  } catch (error) {
    if (
      error instanceof RulesFileError ||
      error instanceof AuditLogError ||
      error instanceof McpConfigurationError
    ) {
      io.stderr(`cellguard mcp: not started: ${escapeOneLine(error.message)}\n`);
      return EXIT_CANNOT_RUN;
    }
    throw error;
  }
  const server = running;
  const onSignal = (signal: NodeJS.Signals): void => void server.shutdown(`signal ${signal}`);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);
  // A client that vanishes leaves stdout broken: a write error is a shutdown, not a crash.
  process.stdout.on("error", () => void server.shutdown("standard output closed"));
  await server.closed;
  process.stdin.destroy();
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.off(signal, onSignal);
  return EXIT_OK;
}

function checkedWorkspace(path: string): string {
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    throw new McpConfigurationError(
      `the workspace ${path} cannot be used (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  if (!statSync(real).isDirectory()) {
    throw new McpConfigurationError(`the workspace ${path} is not a directory`);
  }
  return real;
}

/** What `cellguard doctor --json` prints, for the same workspace and mode. */
async function measurePosture(
  workspace: string,
  mode: string | undefined,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  let out = "";
  let err = "";
  const code = await doctorCommand(
    ["--json", "--workspace", workspace, ...(mode === undefined ? [] : ["--mode", mode])],
    { env, stdout: (text) => (out += text), stderr: (text) => (err += text) },
  );
  if (code !== EXIT_OK) return JSON.stringify({ error: `doctor failed: ${err.trim()}` });
  return out;
}
