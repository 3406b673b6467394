// The cellguard command line: dispatch to one file per command.
import { doctorCommand } from "./doctor.js";
import { execCommand } from "./exec.js";
import { EXIT_USAGE } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { launchCommand } from "./launch.js";
import { mcpCommand } from "./mcp.js";
import { runCommand } from "./run.js";
import { screenCommand } from "./screen.js";
import { secretsCommand } from "./secrets.js";
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

const COMMANDS: Readonly<Record<string, (args: readonly string[], io: CliIo) => Promise<number>>> =
  {
    doctor: doctorCommand,
    exec: execCommand,
    run: runCommand,
    screen: screenCommand,
    secrets: secretsCommand,
    launch: launchCommand,
    mcp: mcpCommand,
  };

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout(USAGE);
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (command === undefined) {
    io.stderr(`cellguard: unknown command ${escapeOneLine(JSON.stringify(name))}\n${USAGE}`);
    return EXIT_USAGE;
  }
  return command(args, io);
}
