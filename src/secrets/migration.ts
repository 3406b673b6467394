// Moving plaintext credentials out of the database, in an order where every prefix can be
// interrupted safely: (1) write to the broker, which (2) reads it back and compares, (3) replace
// the row with the reference, which also removes the plaintext; then scrub the files (the
// connection runs with secure_delete=ON; a WAL checkpoint and VACUUM leave no fragment behind). A run killed at any
// point is completed by the next one. Nothing is reported but setting names, references and
// 12-hex fingerprints; a failure reports its error's type name only, never its message.
import { createHash } from "node:crypto";
import type { CredentialStore } from "../store/types.js";
import type { SecretBroker } from "./broker.js";
import { SecretBrokerError } from "./errors.js";
import { isRef } from "./refs.js";

/** Setting key → secret scope. */
export const SETTINGS_SECRETS: Readonly<Record<string, string>> = Object.freeze({
  llm_api_key: "llm",
  tavily_api_key: "search",
  agent_plan_key: "agent_plan",
});

export const CONNECTOR_SCOPE = "connector_env";

/** `written` is after the value was stored and read back unchanged. */
export type MigrationStep = "written" | "replaced" | "scrubbed";

export interface MigrationOptions {
  /** Called after each step (tests kill the process here to prove crash safety). */
  readonly onStep?: (step: MigrationStep, key: string) => void;
  /** Setting key → scope of the settings that hold credentials. Default: SETTINGS_SECRETS. */
  readonly settings?: Readonly<Record<string, string>>;
}

export interface MigrationReport {
  /** False when the files could not be scrubbed (another connection was reading): rerun. */
  readonly scrubbed: boolean;
  readonly migrated: string[];
  readonly alreadyMigrated: string[];
  readonly reentryRequired: string[];
  readonly empty: string[];
  readonly failed: { setting: string; error: string }[];
  readonly ok: boolean;
}

export interface ConnectorMigrationReport {
  readonly scrubbed: boolean;
  readonly migrated: string[];
  readonly reentryRequired: string[];
  readonly failed: { connector: string; error: string }[];
}

/**
 * The secret's name for one connector variable. The connector name's length goes first, so
 * connector `a` with variable `b.C` and connector `a.b` with variable `C` never share a slot.
 */
export function connectorSecretName(connector: string, variable: string): string {
  return `${connector.length}.${connector}.${variable}`;
}

export function fingerprint(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex").slice(0, 12);
}

export function scopeForSetting(key: string): string {
  return Object.hasOwn(SETTINGS_SECRETS, key) ? (SETTINGS_SECRETS[key] ?? "") : "";
}

export async function migrateSettingsSecrets(
  store: CredentialStore,
  broker: SecretBroker,
  options: MigrationOptions = {},
): Promise<MigrationReport> {
  const report = {
    migrated: [] as string[],
    alreadyMigrated: [] as string[],
    reentryRequired: [] as string[],
    empty: [] as string[],
    failed: [] as { setting: string; error: string }[],
  };
  for (const [key, scope] of Object.entries(options.settings ?? SETTINGS_SECRETS)) {
    try {
      const value = store.getSetting(key) ?? "";
      if (value === "") {
        report.empty.push(key);
      } else if (isRef(value)) {
        const described = await broker.describe(value);
        if (described.reentryRequired || !described.configured) report.reentryRequired.push(key);
        else report.alreadyMigrated.push(key);
      } else {
        const ref = await writeVerified(broker, { key, scope, name: key, value }, options);
        store.setSetting(key, ref);
        options.onStep?.("replaced", key);
        report.migrated.push(key);
      }
    } catch (error) {
      report.failed.push({ setting: key, error: typeName(error) });
    }
  }
  // Also after a run that found nothing to do: an earlier run may have died before its scrub.
  const scrubbed = store.scrub();
  options.onStep?.("scrubbed", "");
  return { ...report, scrubbed, ok: report.failed.length === 0 && scrubbed };
}

export async function migrateConnectorEnv(
  store: CredentialStore,
  broker: SecretBroker,
  options: MigrationOptions = {},
): Promise<ConnectorMigrationReport> {
  const report = {
    migrated: [] as string[],
    reentryRequired: [] as string[],
    failed: [] as { connector: string; error: string }[],
  };
  for (const row of store.listConnectors()) {
    try {
      const entries = Object.entries(row.env);
      let needsReentry = false;
      for (const [, value] of entries) {
        if (!isRef(value)) continue;
        const described = await broker.describe(value);
        if (described.reentryRequired || !described.configured) needsReentry = true;
      }
      if (needsReentry) {
        report.reentryRequired.push(row.name);
        continue;
      }
      if (entries.every(([, value]) => value === "" || isRef(value))) continue;
      // Every value, not only credential-shaped ones: what a connector needs is not guessable.
      const env: Record<string, string> = {};
      for (const [variable, value] of entries) {
        env[variable] =
          value === "" || isRef(value)
            ? value
            : await writeVerified(
                broker,
                {
                  key: `${row.name}.${variable}`,
                  scope: CONNECTOR_SCOPE,
                  name: connectorSecretName(row.name, variable),
                  value,
                },
                options,
              );
      }
      store.putConnector({ name: row.name, env });
      options.onStep?.("replaced", row.name);
      report.migrated.push(row.name);
    } catch (error) {
      report.failed.push({ connector: row.name, error: typeName(error) });
    }
  }
  const scrubbed = store.scrub();
  options.onStep?.("scrubbed", "");
  return { ...report, scrubbed };
}

/**
 * A setting's value for use: an empty row reads an injected secret (environment backends only),
 * a plaintext row is returned as is, a reference is resolved. Missing reads as "", never as the
 * reference string.
 */
export async function resolveSetting(
  store: CredentialStore,
  broker: SecretBroker,
  key: string,
  scope?: string,
): Promise<string> {
  const value = store.getSetting(key) ?? "";
  if (value === "") return injected(broker, key, scope ?? scopeForSetting(key));
  if (!isRef(value)) return value;
  return (await broker.get(value)) ?? "";
}

// Only a read-only (environment) backend injects: with a writable one, a credential revoked by
// clearing its row must not come back.
async function injected(broker: SecretBroker, key: string, scope: string): Promise<string> {
  if (!broker.readOnly || scope === "" || broker.namespace === null) return "";
  try {
    const ref = `secret://v2/${broker.namespace}/${scope}/${key}`;
    return (await broker.get(ref)) ?? "";
  } catch (error) {
    if (error instanceof SecretBrokerError) return "";
    throw error;
  }
}

interface Moving {
  readonly key: string;
  readonly scope: string;
  readonly name: string;
  readonly value: string;
}

// broker.put reads the value back and compares it before it answers (a store that keeps anything
// else fails the put), so the row is replaced only once the value is known to be stored.
async function writeVerified(
  broker: SecretBroker,
  item: Moving,
  options: MigrationOptions,
): Promise<string> {
  const ref = await broker.put(item.scope, item.name, item.value);
  options.onStep?.("written", item.key);
  return ref;
}

function typeName(error: unknown): string {
  if (error instanceof Error) return error.name;
  return typeof error;
}
