// SecretBroker: rows hold references, secrets live in a system store. The backend is chosen once,
// by a round trip (put, get, delete of a canary under a random namespace), never by the mere
// presence of a tool. Nothing usable is a refusal with guidance, never a silent downgrade: the
// plaintext store is used only when CELLGUARD_SECRET_STORE=plaintext names it.
import { randomBytes } from "node:crypto";
import type { CredentialStore } from "../store/types.js";
import type { SecretBackend } from "./backend.js";
import { defaultBackends } from "./default-backends.js";
import { SecretBrokerError, SecretInputError, SecretStoreUnavailable } from "./errors.js";
import { plaintextBackend } from "./backends/plaintext.js";
import {
  checkSecretValue,
  makeRef,
  parseRef,
  sanitizePart,
  storeNamespace,
  type ParsedRef,
} from "./refs.js";

export const SECRET_STORE_VARIABLE = "CELLGUARD_SECRET_STORE";
export const SECRET_STORE_MODES = ["auto", "keychain", "env", "plaintext"] as const;
export type SecretStoreMode = (typeof SECRET_STORE_MODES)[number];

const SELF_TEST = { scope: "__selftest__", name: "probe", value: "cellguard-selftest-value" };

export function parseSecretStoreMode(raw: string | undefined): SecretStoreMode {
  const value = (raw ?? "").trim().toLowerCase();
  if (value === "") return "auto";
  if ((SECRET_STORE_MODES as readonly string[]).includes(value)) return value as SecretStoreMode;
  throw new SecretInputError(
    `${SECRET_STORE_VARIABLE} must be one of ${SECRET_STORE_MODES.join(", ")}: current value is ${JSON.stringify((raw ?? "").slice(0, 40))}`,
  );
}

export interface SecretBrokerOptions {
  /** The database the references belong to; without one nothing can be written. */
  readonly store?: CredentialStore | null;
  /** Default: CELLGUARD_SECRET_STORE from `env`, else auto. */
  readonly mode?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Candidates in order; default: macOS keychain, Secret Service, Windows DPAPI, environment. */
  readonly backends?: readonly SecretBackend[];
}

export interface SecretPosture {
  readonly mode: SecretStoreMode;
  readonly backend: string;
  readonly secure: boolean;
  readonly persistent: boolean;
  readonly detail: string;
}

export interface SecretDescription {
  readonly ref: string;
  readonly scope: string;
  readonly name: string;
  readonly configured: boolean;
  readonly backend: string;
  readonly reentryRequired: boolean;
}

export class SecretBroker {
  readonly mode: SecretStoreMode;
  /** This database's namespace, or null without a store. */
  readonly namespace: string | null;
  readonly #backend: SecretBackend;
  readonly #detail: string;
  #writes: Promise<unknown> = Promise.resolve();

  private constructor(fields: {
    mode: SecretStoreMode;
    namespace: string | null;
    backend: SecretBackend;
    detail: string;
  }) {
    this.mode = fields.mode;
    this.namespace = fields.namespace;
    this.#backend = fields.backend;
    this.#detail = fields.detail;
  }

  /**
   * Chooses the backend.
   * @throws {SecretInputError} an unknown mode.
   * @throws {SecretStoreUnavailable} no usable backend for the mode; nothing was written.
   */
  static async open(options: SecretBrokerOptions = {}): Promise<SecretBroker> {
    const env = options.env ?? process.env;
    const mode = parseSecretStoreMode(options.mode ?? env[SECRET_STORE_VARIABLE]);
    const store = options.store ?? null;
    const namespace = store === null ? null : storeNamespace(store.dbPath);
    if (mode === "plaintext") {
      if (store === null) {
        throw new SecretStoreUnavailable(
          `${SECRET_STORE_VARIABLE}=plaintext stores secrets in the database, and there is no database here`,
        );
      }
      return new SecretBroker({
        mode,
        namespace,
        backend: plaintextBackend(store),
        detail: `explicitly selected by ${SECRET_STORE_VARIABLE}=plaintext`,
      });
    }
    const candidates = (options.backends ?? defaultBackends(env)).filter((b) =>
      mode === "keychain" ? !b.readOnly : mode === "env" ? b.readOnly : true,
    );
    const tried: string[] = [];
    for (const backend of candidates) {
      if (!(await backend.available())) continue;
      if (backend.readOnly) {
        return new SecretBroker({
          mode,
          namespace,
          backend,
          detail: `${backend.name} supplied by the environment`,
        });
      }
      const problem = await roundTrip(backend);
      if (problem === null) {
        return new SecretBroker({
          mode,
          namespace,
          backend,
          detail: `${backend.name} verified by a round-trip self-test`,
        });
      }
      tried.push(`${backend.name} present but unusable: ${problem}`);
    }
    throw new SecretStoreUnavailable(unavailableMessage(mode, tried, namespace));
  }

  get backend(): string {
    return this.#backend.name;
  }

  get readOnly(): boolean {
    return this.#backend.readOnly;
  }

  posture(): SecretPosture {
    return {
      mode: this.mode,
      backend: this.#backend.name,
      secure: this.#backend.secure,
      persistent: this.#backend.persistent,
      detail: this.#detail,
    };
  }

  /** Stores the secret and returns its v2 reference (the same for the same scope and name). */
  async put(scope: string, name: string, secret: string): Promise<string> {
    const s = sanitizePart(scope, "scope");
    const n = sanitizePart(name, "name");
    const value = checkSecretValue(secret);
    const namespace = this.namespace;
    if (namespace === null) throw new SecretBrokerError("a database is required to write a secret");
    const write = this.#writes.then(async () => {
      await this.#backend.put(namespace, s, n, value);
      // A store that keeps something else (cut short, re-encoded) must not pass as a success.
      if ((await this.#backend.get(namespace, s, n)) !== value) {
        throw new SecretBrokerError(
          `the ${this.#backend.name} store did not keep the value it was given (it read back different or missing); check it with cellguard secrets describe`,
        );
      }
      return makeRef(s, n, namespace);
    });
    this.#writes = write.catch(() => undefined);
    return await write;
  }

  /** The secret, or null: a foreign namespace, an ownerless v1 system slot, or nothing stored. */
  async get(ref: string): Promise<string | null> {
    const parsed = parseRef(ref);
    const slot = this.#slot(parsed);
    if (slot === null) return null;
    return this.#backend.get(slot, parsed.scope, parsed.name);
  }

  /**
   * Deletes under the same ownership rules: another database's reference and a v1 system slot
   * are never deleted. Resolves false when the reference was not this broker's to delete.
   */
  async delete(ref: string): Promise<boolean> {
    const parsed = parseRef(ref);
    const slot = this.#slot(parsed);
    if (slot === null) return false;
    const done = this.#writes.then(() => this.#backend.delete(slot, parsed.scope, parsed.name));
    this.#writes = done.catch(() => undefined);
    await done;
    return true;
  }

  /** Never includes the value. */
  async describe(ref: string): Promise<SecretDescription> {
    const parsed = parseRef(ref);
    return {
      ref,
      scope: parsed.scope,
      name: parsed.name,
      configured: (await this.get(ref)) !== null,
      backend: this.#backend.name,
      reentryRequired: this.refRequiresReentry(ref),
    };
  }

  /** v2: another database's reference; v1: any backend but plaintext and the environment. */
  refRequiresReentry(ref: string): boolean {
    const parsed = parseRef(ref);
    if (parsed.version === 2) return parsed.namespace !== this.namespace;
    return !this.#legacyReadable();
  }

  // The namespace to ask the backend under, or null when this broker must not ask at all.
  #slot(parsed: ParsedRef): string | null {
    if (parsed.version === 2) return parsed.namespace === this.namespace ? parsed.namespace : null;
    return this.#legacyReadable() ? "" : null;
  }

  #legacyReadable(): boolean {
    return this.#backend.name === "plaintext-db" || this.#backend.name === "env-injection";
  }
}

// put, get and delete of a canary under a random namespace, so no real item is touched.
async function roundTrip(backend: SecretBackend): Promise<string | null> {
  const namespace = randomBytes(16).toString("hex");
  try {
    await backend.put(namespace, SELF_TEST.scope, SELF_TEST.name, SELF_TEST.value);
    const back = await backend.get(namespace, SELF_TEST.scope, SELF_TEST.name);
    if (back !== SELF_TEST.value) {
      return back === null
        ? "the canary it stored read back as missing"
        : "the canary read back changed";
    }
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    try {
      await backend.delete(namespace, SELF_TEST.scope, SELF_TEST.name);
    } catch {
      // the failure above is the one worth reporting
    }
  }
}

function unavailableMessage(
  mode: SecretStoreMode,
  tried: string[],
  namespace: string | null,
): string {
  const detail =
    tried.length > 0
      ? tried.join("; ")
      : mode === "env"
        ? "no secret is injected through the environment"
        : "no OS keychain was found";
  const ns = namespace ?? "<NAMESPACE>";
  return [
    `refusing to handle credentials without a secure store (${detail}).`,
    "On a desktop: use your OS keychain (the Secret Service of GNOME Keyring or KWallet, unlocked, with secret-tool installed; the macOS Keychain; Windows from WSL).",
    `On a server: inject each secret as CELLGUARD_SECRET_V2_${ns.toUpperCase()}_<SCOPE>_<NAME> (or the legacy CELLGUARD_SECRET_<SCOPE>_<NAME>) through a systemd EnvironmentFile or a container secret, and set CELLGUARD_SECRET_ENV=1.`,
    `To keep secrets unencrypted in the database instead, set ${SECRET_STORE_VARIABLE}=plaintext explicitly.`,
  ].join(" ");
}
