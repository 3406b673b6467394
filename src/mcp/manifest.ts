// The manifest `cellguard launch` needs to run this server protected: which of its files are
// control files (immutable to the server's Cells and, once launched, to the server itself),
// which are its store (written by the server, never readable or writable by its children), and
// which paths are work (the workspace Cells write in). The kernel sandbox already masks the data
// directory from Cells; under `cellguard launch` the same files are also protected from anything
// else the server starts, and from a server that was itself subverted.
import { join } from "node:path";
import { AUDIT_LOG_FILE } from "./audit.js";
import { USER_RULES_FILE, WORKSPACE_RULES_FILE } from "./gate.js";

export interface ManifestEntry {
  readonly path: string;
  readonly why: string;
}

export interface McpManifest {
  readonly version: 1;
  readonly server: "cellguard-mcp";
  /** The command `cellguard launch -- …` runs. */
  readonly command: readonly string[];
  /** Files no process of the session may write (the server only reads them). */
  readonly control: readonly ManifestEntry[];
  /** Written by the server; neither readable nor writable by anything the server starts. */
  readonly store: readonly ManifestEntry[];
  /** Writable by Cells. */
  readonly work: readonly ManifestEntry[];
}

export function mcpManifest(options: {
  readonly dataDir: string;
  readonly workspace: string;
  readonly command: readonly string[];
}): McpManifest {
  return {
    version: 1,
    server: "cellguard-mcp",
    command: [...options.command],
    control: [
      {
        path: join(options.dataDir, USER_RULES_FILE),
        why: "the user's permission rules: a Cell that could write them could allow itself anything",
      },
      {
        path: options.command[1] ?? options.command[0] ?? "",
        why: "the server's own code",
      },
    ],
    store: [
      {
        path: join(options.dataDir, AUDIT_LOG_FILE),
        why: "the audit log: appended by the server only; a Cell must neither read nor rewrite it",
      },
      {
        path: options.dataDir,
        why: "the data directory (credential database, rules, audit log)",
      },
    ],
    work: [
      {
        path: options.workspace,
        why: `the workspace; its ${WORKSPACE_RULES_FILE} is writable on purpose, because workspace rules can only tighten the user's`,
      },
    ],
  };
}
