// cellguard secrets: the credential broker from a terminal. A value goes in on standard input
// only, and comes out only with `get --reveal`; nothing else ever prints one. Exit: 0 done (for
// `get`, the secret is configured); 1 `get` found no secret; 2 usage or bad input; 125 no secure
// store could be proven (nothing was written).
import type { Readable } from "node:stream";
import { DATA_DIR_VARIABLE, defaultDataDir } from "../config/data-dir.js";
import { hostPlatform } from "../platform/select.js";
import { SecretBroker } from "../secrets/broker.js";
import { SecretBrokerError, SecretInputError, SecretStoreUnavailable } from "../secrets/errors.js";
import { migrateConnectorEnv, migrateSettingsSecrets } from "../secrets/migration.js";
import { posture as permissionPosture } from "../store/permissions.js";
import { Store } from "../store/store.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { EXIT_CANNOT_RUN, EXIT_FAILURE, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { InputError, readWholeInput } from "./input.js";
import type { CliIo } from "./io.js";
import { escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const SECRETS_USAGE = `usage: cellguard secrets put SCOPE NAME        (the value on standard input)
       cellguard secrets get REF [--reveal]
       cellguard secrets delete REF
       cellguard secrets describe REF [--json]
       cellguard secrets migrate [--json]
       cellguard secrets posture [--json]`;

const SPEC = { reveal: { type: "boolean" }, json: { type: "boolean" } } as const;
const ARITY: Readonly<Record<string, number>> = {
  put: 2,
  get: 1,
  delete: 1,
  describe: 1,
  migrate: 0,
  posture: 0,
};
/** Read at most this much; the broker refuses more than MAX_SECRET_BYTES of value. */
const MAX_INPUT_BYTES = 64 * 1024;

/** The data directory: CELLGUARD_DATA_DIR, else the platform default. */
export function dataDirFrom(env: NodeJS.ProcessEnv): string {
  const configured = env[DATA_DIR_VARIABLE];
  return configured !== undefined && configured.trim() !== ""
    ? configured
    : defaultDataDir(hostPlatform().os, env);
}

export async function secretsCommand(
  args: readonly string[],
  io: CliIo,
  stdin: Readable = process.stdin,
): Promise<number> {
  const [action, ...rest] = args;
  let options: Readonly<Record<string, string | boolean>>;
  let operands: readonly string[];
  try {
    if (action === undefined || !Object.hasOwn(ARITY, action)) {
      throw new UsageError(
        action === undefined ? "no action given" : `unknown action ${JSON.stringify(action)}`,
      );
    }
    const positional = rest.filter((a) => !a.startsWith("--"));
    ({ options } = parseLeadingOptions(
      rest.filter((a) => a.startsWith("--")),
      SPEC,
      { restIsPositional: false },
    ));
    operands = positional;
    if (operands.length !== ARITY[action]) {
      throw new UsageError(`${action} takes ${String(ARITY[action])} operand(s)`);
    }
    if (options["reveal"] === true && action !== "get") {
      throw new UsageError("--reveal applies to get only");
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard secrets: ${escapeOneLine(error.message)}\n${SECRETS_USAGE}\n`);
    return EXIT_USAGE;
  }

  let store: Store | null = null;
  try {
    const value = action === "put" ? await readSecret(stdin) : null;
    const dataDir = dataDirFrom(io.env);
    store = Store.open(dataDir);
    const broker = await SecretBroker.open({ store, env: io.env });
    const json = options["json"] === true;
    switch (action) {
      case "put": {
        const [scope = "", name = ""] = operands;
        const ref = await broker.put(scope, name, value ?? "");
        io.stdout(`${ref}\n`);
        return EXIT_OK;
      }
      case "get": {
        const secret = await broker.get(operands[0] ?? "");
        if (secret === null) {
          io.stderr("cellguard secrets: not configured\n");
          return EXIT_FAILURE;
        }
        io.stdout(options["reveal"] === true ? `${secret}\n` : "configured\n");
        return EXIT_OK;
      }
      case "delete":
        if (!(await broker.delete(operands[0] ?? ""))) {
          io.stderr(
            "cellguard secrets: nothing was deleted: the reference belongs to another database, or is a legacy slot another installation may use\n",
          );
          return EXIT_FAILURE;
        }
        return EXIT_OK;
      case "describe": {
        const d = await broker.describe(operands[0] ?? "");
        io.stdout(
          json
            ? `${terminalSafeJson({ ref: d.ref, scope: d.scope, name: d.name, configured: d.configured, backend: d.backend, reentry_required: d.reentryRequired })}\n`
            : `${escapeOneLine(d.ref)}\n  configured: ${d.configured ? "yes" : "no"}\n  backend:    ${d.backend}\n  re-entry:   ${d.reentryRequired ? "required" : "not required"}\n`,
        );
        return EXIT_OK;
      }
      case "migrate": {
        const settings = await migrateSettingsSecrets(store, broker);
        const connectors = await migrateConnectorEnv(store, broker);
        const ok = settings.ok && connectors.failed.length === 0 && connectors.scrubbed;
        io.stdout(
          json
            ? `${terminalSafeJson({ settings, connectors, ok })}\n`
            : `${settings.scrubbed && connectors.scrubbed ? "" : "WARNING: the database files could not be scrubbed (another process has the database open); old values may remain in them until you run migrate again\n"}settings: migrated ${list(settings.migrated)}; already ${list(settings.alreadyMigrated)}; re-entry required ${list(settings.reentryRequired)}; empty ${list(settings.empty)}; failed ${list(settings.failed.map((f) => `${f.setting} (${f.error})`))}\nconnectors: migrated ${list(connectors.migrated)}; re-entry required ${list(connectors.reentryRequired)}; failed ${list(connectors.failed.map((f) => `${f.connector} (${f.error})`))}\n`,
        );
        return ok ? EXIT_OK : EXIT_FAILURE;
      }
      default: {
        const secrets = broker.posture();
        const files = permissionPosture(dataDir, store.dbPath);
        io.stdout(
          json
            ? `${terminalSafeJson({ secret_store: secrets, permissions: files })}\n`
            : `${renderSecretPosture(secrets, files)}`,
        );
        return EXIT_OK;
      }
    }
  } catch (error) {
    if (error instanceof SecretStoreUnavailable) {
      io.stderr(`cellguard secrets: nothing was written: ${escapeOneLine(error.message)}\n`);
      return EXIT_CANNOT_RUN;
    }
    if (error instanceof SecretInputError || error instanceof InputError) {
      io.stderr(`cellguard secrets: ${escapeOneLine(error.message)}\n`);
      return EXIT_USAGE;
    }
    if (error instanceof SecretBrokerError) {
      io.stderr(`cellguard secrets: ${escapeOneLine(error.message)}\n`);
      return EXIT_FAILURE;
    }
    throw error;
  } finally {
    store?.close();
  }
}

/** One line from standard input; a single trailing line break is the terminator, not the value. */
async function readSecret(stdin: Readable): Promise<string> {
  if ((stdin as Readable & { isTTY?: boolean }).isTTY === true) {
    throw new InputError(
      "put reads the value from standard input, and a terminal would echo it: pipe it in (for example from a password manager)",
    );
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(
      await readWholeInput(undefined, stdin, MAX_INPUT_BYTES),
    );
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError("the value on standard input is not UTF-8 text; nothing was stored");
  }
  return text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
}

function list(items: readonly string[]): string {
  return items.length === 0 ? "none" : items.map((i) => escapeOneLine(i)).join(", ");
}

export function renderSecretPosture(
  secrets: ReturnType<SecretBroker["posture"]>,
  files: ReturnType<typeof permissionPosture>,
): string {
  return [
    "secret store",
    `  mode:        ${secrets.mode}`,
    `  backend:     ${secrets.backend} (${secrets.secure ? "secure" : "NOT SECURE: plaintext in the database"}, ${secrets.persistent ? "persistent" : "not persistent"})`,
    `  detail:      ${escapeOneLine(secrets.detail)}`,
    `  permissions: ${escapeOneLine(files.detail)}`,
    "",
  ].join("\n");
}
