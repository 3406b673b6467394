// cellguard mcp: the MCP server on stdio. Standard output carries only JSON-RPC; everything meant
// for a person goes to standard error. Exit: 0 after a clean shutdown (the client closed stdin,
// or a signal); 2 usage; 125 the server could not start (a bad rules file, an unusable audit
// log or workspace), with the reason on stderr.
import { existsSync, mkdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { packageDir } from "../sandbox/build-policy.js";
import { statusToJson } from "../sandbox/status.js";
import { AuditLog } from "../mcp/audit.js";
import { McpConfigurationError, RulesFileError, AuditLogError } from "../mcp/errors.js";
import { manifestMismatch, mcpLaunchManifest } from "../mcp/manifest.js";
import { SESSION_PROTECTION, sessionManifest } from "../mcp/protection.js";
import { ProtectedStoreError } from "../protect/errors.js";
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
      const script = realpathSync(process.argv[1] ?? "cellguard");
      const command = [realpathSync(process.execPath), script, "mcp", "--workspace", workspace];
      if (mode !== undefined) command.push("--mode", mode);
      const python = str("python");
      if (python !== undefined) command.push("--python", python);
      const manifest = mcpLaunchManifest({
        dataDir: preparedDataDir(dataDirFrom(io.env)),
        workspace,
        command,
        codePaths: serverCodePaths(script),
      });
      io.stdout(`${terminalSafeJson(manifest, 2)}\n`);
      return EXIT_OK;
    }
    const dataDir = checkProtectedLayout(dataDirFrom(io.env));
    running = await startMcpServer(
      {
        workspace,
        dataDir,
        env: io.env,
        protection: SESSION_PROTECTION,
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
      error instanceof McpConfigurationError ||
      error instanceof ProtectedStoreError
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

/**
 * The data directory made ready to be pinned: it exists (owner-only) and so does the audit log,
 * because under launch a missing rules file freezes the directory's names (a missing control
 * path cannot be created), and the server must still be able to append to its log.
 */
function preparedDataDir(path: string): string {
  try {
    mkdirSync(path, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new McpConfigurationError(
      `the data directory ${path} cannot be created (${(error as NodeJS.ErrnoException).code ?? "error"}); no manifest was printed`,
    );
  }
  AuditLog.open(path).close();
  return realpathSync(path);
}

/**
 * The package's own code the server runs, by real path: the package.json that decides how node
 * loads it, the Python worker, and the JavaScript of the entry the manifest's command starts.
 * The bundled entry (build/cellguard.cjs) is a dispatcher that requires its command's bundle from
 * build/cellguard-cli and nothing else of the package; an unbundled entry (build/src/cli/bin.js)
 * imports the compiled modules of build/src. A Cell able to rewrite any of it would run as the
 * server at its next start.
 * The rest of build/ (the compiled tests and benchmarks of a development tree) is not code the
 * server loads, and listing each of its files would spend the launch's bounded profile on them.
 * Two names in build/ stay guarded whether or not they exist: node consults a package.json there
 * for the module type of build/src, and a node_modules there answers build/src's bare imports
 * before the package's own. Guarding an absent name keeps it from being made.
 * Not node_modules: launch bounds control entries and refuses hardlinked files, and an npm tree
 * breaks both. The bundles require nothing from there at run time but better-sqlite3, which the
 * store does not load inside a protected session (src/store/sqlite.ts).
 */
function serverCodePaths(script: string): string[] {
  const root = packageDir();
  if (root === null)
    throw new McpConfigurationError(
      "the cellguard package root (a package.json above this program) was not found; no manifest was printed",
    );
  const real = (path: string): string => (existsSync(path) ? realpathSync(path) : path);
  const build = real(join(root, "build"));
  const bundledEntry = join(build, "cellguard.cjs");
  const code =
    script === real(bundledEntry)
      ? [bundledEntry, join(build, "cellguard-cli")]
      : [join(build, "src")];
  const present = [join(root, "package.json"), ...code, join(root, "python")]
    .filter((path) => existsSync(path))
    .map((path) => realpathSync(path));
  return [...present, join(build, "package.json"), join(build, "node_modules")];
}

/**
 * In a protected session the server starts only if the session's manifest protects the files it
 * relies on: its data directory a store, its rules file a control path. A different data
 * directory (CELLGUARD_DATA_DIR changed between --print-manifest and launch) would leave the
 * audit log and the rules open to what the server runs.
 * Returns the data directory the server must use: under a protected session, its real path.
 * @throws {McpConfigurationError} @throws {ProtectedStoreError} the pin does not hold.
 */
function checkProtectedLayout(dataDir: string): string {
  const manifest = sessionManifest();
  if (manifest === null) return dataDir;
  let real: string;
  try {
    real = realpathSync(dataDir);
  } catch (error) {
    throw new McpConfigurationError(
      `protected session: the data directory ${dataDir} cannot be resolved (${(error as NodeJS.ErrnoException).code ?? "error"}); print the manifest with cellguard mcp --print-manifest first`,
    );
  }
  const problem = manifestMismatch(manifest, real);
  if (problem !== null) throw new McpConfigurationError(`protected session: ${problem}`);
  // The server opens the path that was checked: a link on the way to the data directory (say
  // through the workspace) re-pointed after this check cannot move the audit log or the rules.
  return real;
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
  const session = mcpSessionPosture();
  const posture = JSON.parse(out) as Record<string, unknown>;
  // Under a composed session the workers' boundary is the template the launcher measured: that
  // is the sandbox a client must read. doctor's own self-test here ran nested inside the
  // server's confinement (as root it cannot even start) and says nothing about the workers.
  if (session.kernel_sandbox !== undefined)
    return JSON.stringify({
      ...posture,
      sandbox: { ...session.kernel_sandbox, measured_by: "cellguard launch, before the session" },
      server_nested_sandbox: posture["sandbox"],
      mcp_session: session,
    });
  return JSON.stringify({ ...posture, mcp_session: session });
}

/** How this server's python and bash run, as decided at start (not re-inferred per call). */
function mcpSessionPosture(): {
  protected: boolean;
  kernel: string;
  detail: string;
  kernel_sandbox?: Record<string, unknown>;
} {
  let manifest;
  let children;
  try {
    manifest = sessionManifest();
    children = manifest === null ? null : (SESSION_PROTECTION.childSandbox?.() ?? null);
  } catch (error) {
    return {
      protected: true,
      kernel: "refused",
      detail: `the session's pin does not hold: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  if (manifest === null)
    return {
      protected: false,
      kernel: "kernel sandbox",
      detail: "not a protected session: python and bash run in the kernel sandbox measured above",
    };
  if (children === null)
    return {
      protected: true,
      kernel: "refused",
      detail:
        "protected session (cellguard launch): the server's rules file and code are read-only and its data directory is masked from everything it starts; the session's manifest composes no kernel sandbox with its rules (no childSandbox), so python and bash are refused (fail closed)",
    };
  return {
    protected: true,
    kernel: "kernel sandbox composed with the session's control rules",
    detail:
      "protected session (cellguard launch): python and bash run in the kernel sandbox of the workspace composed with the session's control and store rules, one bubblewrap boundary per worker, started by the supervisor outside the server's confinement; the launcher self-tested that exact template (the kernel sandbox's checks, and every control path unwritable and the store unreadable) before anything started. The posture's sandbox section is that measurement; server_nested_sandbox is a self-test run from inside the server's own confinement, which describes no worker.",
    kernel_sandbox: {
      ...statusToJson(children.status),
      template_sha256: children.templateSha256,
    },
  };
}
