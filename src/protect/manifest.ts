// The launch manifest: which paths are control files, credentials, stores and session homes for
// one MCP server, and how to start it. Read once by `cellguard launch`, validated field by field
// (a bad field is named with what was wrong, and nothing starts), and re-read by the protected
// server to regenerate its pinned child rules. It is itself a control file.
import { readFileSync } from "node:fs";
import { ProtectedStoreError } from "./errors.js";
import { checkedPath } from "./paths.js";

export interface StoreSpec {
  readonly root: string;
  /** Single names under the root that stay readable and writable (a build cache, say). */
  readonly workMembers: readonly string[];
}

export interface ServerSpec {
  /** Absolute program, then its arguments. */
  readonly command: readonly string[];
  readonly cwd: string;
  /** Environment variables forwarded by name from the launcher's environment. */
  readonly passEnv: readonly string[];
}

/**
 * How the server's model-directed children run: absent, under the session's child rules alone;
 * `kernel`, inside the kernel sandbox of `workspace` composed with those rules (a cellguard MCP
 * server, whose python and bash then run in both boundaries at once).
 */
export interface ChildSandboxSpec {
  readonly kind: "kernel";
  readonly workspace: string;
}

export interface ProtectManifest {
  readonly version: 1;
  /** Absolute path the manifest was read from (protected as a control file). */
  readonly manifestPath: string;
  readonly projectRoot: string;
  readonly controlPaths: readonly string[];
  readonly operatorCredentials: readonly string[];
  readonly stores: readonly StoreSpec[];
  readonly sessionHomes: readonly string[];
  readonly server: ServerSpec;
  readonly childSandbox: ChildSandboxSpec | null;
}

const TOP_KEYS = [
  "version",
  "projectRoot",
  "controlPaths",
  "operatorCredentials",
  "stores",
  "sessionHomes",
  "server",
  "childSandbox",
];
const CHILD_SANDBOX_KINDS: readonly string[] = ["kernel"];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// Names a pass-through list may not carry: loader hooks run code in whatever reads them, and the
// protected variables are set by the launcher alone.
const REFUSED_ENV =
  /^(LD_|CELLGUARD_PROTECTED_)|^(NODE_OPTIONS|PYTHONPATH|PYTHONSTARTUP|BASH_ENV|ENV)$/;

function fail(field: string, problem: string): never {
  throw new ProtectedStoreError("ERR_PROTECT_MANIFEST", `manifest field ${field}: ${problem}`);
}

function pathField(value: unknown, field: string): string {
  try {
    return checkedPath(value);
  } catch (error) {
    fail(field, error instanceof Error ? error.message : String(error));
  }
}

function pathList(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(field, "must be an array of absolute paths");
  return value.map((item, i) => pathField(item, `${field}[${i}]`));
}

function objectField(
  value: unknown,
  field: string,
  keys: readonly string[],
): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    fail(field, "must be a JSON object");
  for (const key of Object.keys(value))
    if (!keys.includes(key)) fail(`${field}.${key}`, `unknown field (known: ${keys.join(", ")})`);
  return value as Record<string, unknown>;
}

/** Validates a parsed manifest; `manifestPath` must be the absolute path it came from. */
export function parseManifest(raw: unknown, manifestPath: string): ProtectManifest {
  const top = objectField(raw, "(top level)", TOP_KEYS);
  if (top["version"] !== 1)
    fail("version", `must be 1: current value is ${JSON.stringify(top["version"])}`);
  const stores = top["stores"] ?? [];
  if (!Array.isArray(stores)) fail("stores", "must be an array of {root, workMembers}");
  const server = objectField(top["server"], "server", ["command", "cwd", "passEnv"]);
  const command = server["command"];
  if (
    !Array.isArray(command) ||
    command.length === 0 ||
    !command.every((w) => typeof w === "string")
  )
    fail("server.command", "must be a non-empty array of strings");
  pathField(command[0], "server.command[0]");
  const passEnv = server["passEnv"] ?? [];
  if (!Array.isArray(passEnv)) fail("server.passEnv", "must be an array of variable names");
  passEnv.forEach((name: unknown, i) => {
    if (typeof name !== "string" || !ENV_NAME.test(name))
      fail(
        `server.passEnv[${i}]`,
        `must be a variable name: current value is ${JSON.stringify(name)}`,
      );
    if (REFUSED_ENV.test(name))
      fail(
        `server.passEnv[${i}]`,
        `${name} cannot be passed through (loader hook or launcher-owned)`,
      );
  });
  return Object.freeze({
    version: 1,
    manifestPath: pathField(manifestPath, "(manifest location)"),
    projectRoot: pathField(top["projectRoot"], "projectRoot"),
    controlPaths: Object.freeze(pathList(top["controlPaths"], "controlPaths")),
    operatorCredentials: Object.freeze(pathList(top["operatorCredentials"], "operatorCredentials")),
    stores: Object.freeze(
      stores.map((item: unknown, i): StoreSpec => {
        const store = objectField(item, `stores[${i}]`, ["root", "workMembers"]);
        const members = store["workMembers"] ?? [];
        if (!Array.isArray(members)) fail(`stores[${i}].workMembers`, "must be an array of names");
        return Object.freeze({
          root: pathField(store["root"], `stores[${i}].root`),
          workMembers: Object.freeze(
            members.map((m: unknown, j) => {
              if (typeof m !== "string" || m === "" || m === "." || m === ".." || m.includes("/"))
                fail(
                  `stores[${i}].workMembers[${j}]`,
                  `must be one name inside the store (no "/", "." or ".."): current value is ${JSON.stringify(m)}`,
                );
              pathField(`/${m}`, `stores[${i}].workMembers[${j}]`);
              return m;
            }),
          ),
        });
      }),
    ),
    sessionHomes: Object.freeze(pathList(top["sessionHomes"], "sessionHomes")),
    server: Object.freeze({
      command: Object.freeze([...command]),
      cwd: pathField(server["cwd"], "server.cwd"),
      passEnv: Object.freeze([...(passEnv as string[])]),
    }),
    childSandbox: childSandboxField(top["childSandbox"]),
  });
}

function childSandboxField(value: unknown): ChildSandboxSpec | null {
  if (value === undefined) return null;
  const spec = objectField(value, "childSandbox", ["kind", "workspace"]);
  const kind = spec["kind"];
  if (typeof kind !== "string" || !CHILD_SANDBOX_KINDS.includes(kind))
    fail(
      "childSandbox.kind",
      `must be one of ${CHILD_SANDBOX_KINDS.join(", ")}: current value is ${JSON.stringify(kind)}`,
    );
  return Object.freeze({
    kind: "kernel",
    workspace: pathField(spec["workspace"], "childSandbox.workspace"),
  });
}

/** Reads and validates a manifest file. */
export function loadManifest(manifestPath: string): ProtectManifest {
  const path = pathField(manifestPath, "(manifest location)");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new ProtectedStoreError(
      "ERR_PROTECT_MANIFEST",
      `cannot read the manifest ${JSON.stringify(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      { cause: error },
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ProtectedStoreError(
      "ERR_PROTECT_MANIFEST",
      `the manifest ${JSON.stringify(path)} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseManifest(raw, path);
}
