// The manifest `cellguard launch --manifest F` needs to run this server protected, in launch's
// own format (src/protect/manifest.ts). Pure: the caller supplies every path; nothing is read.
// - The data directory is the store: the server writes its audit log there, and nothing the
//   server starts may read or write it (the kernel sandbox masks it too; under launch the mask
//   is also the supervisor's child rules and the server's in-process store-path check).
// - The user's rules file and the server's own code are control paths: no process of the
//   session, the server included, may write them (launch adds the manifest itself, node,
//   bubblewrap and python3). A missing rules file cannot be created during the session either.
// - The workspace is the project root: Cells write there. Its rules file stays writable on
//   purpose: workspace rules can only tighten the user's.
import { join } from "node:path";
import { USER_RULES_FILE } from "./gate.js";

/** The environment names the server reads, passed through by name (values never in argv). */
export const MCP_PASS_ENV: readonly string[] = Object.freeze([
  "HOME",
  "PATH",
  "LANG",
  "LC_ALL",
  "TZ",
  "XDG_DATA_HOME",
  "CELLGUARD_DATA_DIR",
  "CELLGUARD_KERNEL_SANDBOX",
  "CELLGUARD_KERNEL_MODE",
  "CELLGUARD_EGRESS",
  "CELLGUARD_SAFETY",
  "CELLGUARD_INJECTION_SCAN",
  "CELLGUARD_BIOSECURITY",
  "CELLGUARD_GUARDS_OFF",
  "CELLGUARD_MODEL",
  "CELLGUARD_MODEL_BASE_URL",
  "CELLGUARD_MODEL_API_KEY",
  "CELLGUARD_MODEL_TIMEOUT_MS",
]);

/** Launch's manifest format, as JSON (src/protect/manifest.ts validates it). */
export interface McpLaunchManifest {
  readonly version: 1;
  readonly projectRoot: string;
  readonly controlPaths: readonly string[];
  readonly operatorCredentials: readonly string[];
  readonly stores: readonly { readonly root: string; readonly workMembers: readonly string[] }[];
  readonly sessionHomes: readonly string[];
  readonly server: {
    readonly command: readonly string[];
    readonly cwd: string;
    readonly passEnv: readonly string[];
  };
  /** The server's python and bash run in the kernel sandbox of the workspace, composed. */
  readonly childSandbox: { readonly kind: "kernel"; readonly workspace: string };
}

export interface McpManifestInputs {
  /** Canonical absolute data directory (rules file, audit log). */
  readonly dataDir: string;
  /** Canonical absolute workspace. */
  readonly workspace: string;
  /** Absolute node, absolute cellguard entry script, then `mcp` and its options. */
  readonly command: readonly string[];
  /**
   * Every file or directory holding code the server loads: the entry script alone is not
   * enough, since it is a dispatcher that requires its command's bundle from beside it.
   */
  readonly codePaths: readonly string[];
}

export function mcpLaunchManifest(inputs: McpManifestInputs): McpLaunchManifest {
  const script = inputs.command[1];
  if (inputs.command[0] === undefined || script === undefined)
    throw new TypeError("Cannot write the manifest: the server command needs node and its script");
  return {
    version: 1,
    projectRoot: inputs.workspace,
    controlPaths: [join(inputs.dataDir, USER_RULES_FILE), ...codeControlPaths(script, inputs)],
    operatorCredentials: [],
    stores: [{ root: inputs.dataDir, workMembers: [] }],
    sessionHomes: [],
    server: { command: [...inputs.command], cwd: inputs.workspace, passEnv: [...MCP_PASS_ENV] },
    childSandbox: { kind: "kernel", workspace: inputs.workspace },
  };
}

// The script, unless a code directory already holds it; each path once, in the given order.
function codeControlPaths(script: string, inputs: McpManifestInputs): string[] {
  const covered = inputs.codePaths.some((dir) => script === dir || script.startsWith(`${dir}/`));
  return [...new Set(covered ? inputs.codePaths : [script, ...inputs.codePaths])];
}

/**
 * The launch-format manifest's claims this server relies on, checked against the manifest the
 * session was launched with: its data directory is a store root and its rules file a control
 * path. Returns what is wrong, or null.
 */
export function manifestMismatch(
  pinned: {
    readonly controlPaths: readonly string[];
    readonly stores: readonly { readonly root: string }[];
  },
  dataDir: string,
): string | null {
  if (!pinned.stores.some((s) => s.root === dataDir))
    return `the data directory ${dataDir} is not a store root of the session's manifest (was CELLGUARD_DATA_DIR changed since --print-manifest?)`;
  const rules = join(dataDir, USER_RULES_FILE);
  if (!pinned.controlPaths.includes(rules))
    return `the rules file ${rules} is not a control path of the session's manifest`;
  return null;
}
