// The cellguard command line: dispatch to one file per command.
import { EXIT_USAGE } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { escapeOneLine } from "./terminal-text.js";

const USAGE = `usage: cellguard <command> [options]

commands:
  doctor [--json]              measure and print the posture of every layer
  exec [options] -- CMD…       run one command inside the kernel sandbox
  run [options] FILE|-         run one Cell through every layer and the sandboxed kernel
  screen code|shell|output|bio [FILE|-] [--json|--jsonl]
                               run one screen over one input (see cellguard screen --help)
  secrets put|get|delete|describe|migrate|posture …
                               the credential broker (values on stdin; shown only with --reveal)
  launch --manifest FILE [-- CMD…]
                               run an MCP server as a protected session (control files immutable)
  mcp [--workspace D]          MCP server on stdio: guarded python, bash, files and fetch
`;

type Command = (args: readonly string[], io: CliIo) => Promise<number>;

// Each command is loaded only when it is the one asked for: `exec` runs on every sandboxed
// command, and compiling the MCP SDK, zod, the screens and the store it never uses cost it more
// than the sandbox itself. scripts/bundle.mjs turns each of these imports into its own bundle.
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  doctor: async () => (await import("./doctor.js")).doctorCommand,
  exec: async () => (await import("./exec.js")).execCommand,
  run: async () => (await import("./run.js")).runCommand,
  screen: async () => (await import("./screen.js")).screenCommand,
  secrets: async () => (await import("./secrets.js")).secretsCommand,
  launch: async () => (await import("./launch.js")).launchCommand,
  mcp: async () => (await import("./mcp.js")).mcpCommand,
};

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(USAGE);
    return name === undefined ? EXIT_USAGE : 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (load === undefined) {
    io.stderr(`cellguard: unknown command ${escapeOneLine(JSON.stringify(name))}\n${USAGE}`);
    return EXIT_USAGE;
  }
  const command = await load();
  return command(args, io);
}
