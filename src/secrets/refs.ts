// Secret references: what a row stores instead of a value. `secret://v2/<ns>/<scope>/<name>` is
// what every write produces; `secret://v1/<scope>/<name>` is the legacy, ownerless form. The
// namespace binds a reference to one database: derived from the database's canonical path, so a
// symlinked alias of the same directory resolves the same secrets, a copied database at another
// path does not, and the path itself never appears in a reference.
import { createHash } from "node:crypto";
import { resolve } from "node:path";
import { canonicalPath } from "../platform/canonical-path.js";
import { SecretInputError } from "./errors.js";

export const REF_PREFIX_V1 = "secret://v1/";
export const REF_PREFIX_V2 = "secret://v2/";
const NAMESPACE_TAG = "cellguard-secret-store-v2";

export interface ParsedRef {
  readonly version: 1 | 2;
  /** null for v1. */
  readonly namespace: string | null;
  readonly scope: string;
  readonly name: string;
}

/** The namespace of the database at `dbPath`: 32 hex characters. */
export function storeNamespace(dbPath: string): string {
  // The database file may not exist yet: the namespace must not change when it is created.
  const canonical = canonicalPath(resolve(dbPath));
  return createHash("sha256")
    .update(NAMESPACE_TAG, "utf8")
    .update(Buffer.from([0]))
    .update(canonical, "utf8")
    .digest("hex")
    .slice(0, 32);
}

const ALLOWED = /^[A-Za-z0-9._-]+$/;

/** A scope or name: trimmed, non-empty, letters, digits, `-`, `_` and `.` only. */
export function sanitizePart(value: unknown, what: "scope" | "name"): string {
  if (typeof value !== "string") {
    throw new SecretInputError(
      `the secret ${what} must be a string: current type is ${typeof value}`,
    );
  }
  const trimmed = value.trim();
  if (trimmed === "") throw new SecretInputError(`the secret ${what} must not be empty`);
  if (!ALLOWED.test(trimmed)) {
    const bad = [...new Set([...trimmed].filter((ch) => !ALLOWED.test(ch)))].sort();
    throw new SecretInputError(
      `the secret ${what} may contain only letters, digits, '-', '_' and '.': it contains ${bad.map((ch) => JSON.stringify(ch)).join(", ")}`,
    );
  }
  return trimmed;
}

export function sanitizeNamespace(value: unknown): string {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  if (!/^[0-9a-f]{32}$/.test(text)) {
    throw new SecretInputError("a secret namespace must be exactly 32 hexadecimal characters");
  }
  return text;
}

/** secret-tool keeps at most this many bytes of a secret and drops the rest without a word. */
export const MAX_SECRET_BYTES = 8192;

/** The keychain tools read one line: a secret must not hold a line break. Never echoes it. */
export function checkSecretValue(secret: unknown): string {
  if (typeof secret !== "string") {
    throw new SecretInputError(`a secret must be a string: current type is ${typeof secret}`);
  }
  if (secret === "") throw new SecretInputError("a secret must not be empty");
  if (Buffer.byteLength(secret, "utf8") > MAX_SECRET_BYTES) {
    throw new SecretInputError(
      `a secret must be at most ${MAX_SECRET_BYTES} bytes (the Secret Service keeps no more): this one is ${Buffer.byteLength(secret, "utf8")}; the value was not stored`,
    );
  }
  if (secret.includes("\n") || secret.includes("\r")) {
    throw new SecretInputError(
      "a secret must not contain a newline or a carriage return (the keychain tools read one line); the value was not stored",
    );
  }
  return secret;
}

export function makeRef(scope: string, name: string, namespace?: string | null): string {
  const s = sanitizePart(scope, "scope");
  const n = sanitizePart(name, "name");
  if (namespace === undefined || namespace === null) return `${REF_PREFIX_V1}${s}/${n}`;
  return `${REF_PREFIX_V2}${sanitizeNamespace(namespace)}/${s}/${n}`;
}

export function isRef(value: unknown): value is string {
  return (
    typeof value === "string" &&
    (value.startsWith(REF_PREFIX_V1) || value.startsWith(REF_PREFIX_V2))
  );
}

/** @throws {SecretInputError} not a string, no known prefix, or the wrong number of parts. */
export function parseRef(ref: unknown): ParsedRef {
  if (typeof ref !== "string") {
    throw new SecretInputError(
      `a secret reference must be a string: current type is ${typeof ref}`,
    );
  }
  const v2 = ref.startsWith(REF_PREFIX_V2);
  if (!v2 && !ref.startsWith(REF_PREFIX_V1)) {
    throw new SecretInputError(
      "a secret reference must start with secret://v1/ or secret://v2/; this value does not (it was not echoed: it may be a secret)",
    );
  }
  const parts = ref.slice(v2 ? REF_PREFIX_V2.length : REF_PREFIX_V1.length).split("/");
  const expected = v2 ? 3 : 2;
  if (parts.length !== expected) {
    throw new SecretInputError(
      `a secret://v${v2 ? 2 : 1}/ reference must have ${expected} parts after the prefix: this one has ${parts.length}`,
    );
  }
  if (v2) {
    const [namespace, scope, name] = parts as [string, string, string];
    return {
      version: 2,
      namespace: sanitizeNamespace(namespace),
      scope: sanitizePart(scope, "scope"),
      name: sanitizePart(name, "name"),
    };
  }
  const [scope, name] = parts as [string, string];
  return {
    version: 1,
    namespace: null,
    scope: sanitizePart(scope, "scope"),
    name: sanitizePart(name, "name"),
  };
}

/** The environment variable that injects a secret: `CELLGUARD_SECRET_[V2_<NS>_]<SCOPE>_<NAME>`. */
export function injectionVariable(namespace: string, scope: string, name: string): string {
  const body = namespace === "" ? `${scope}_${name}` : `V2_${namespace}_${scope}_${name}`;
  const words = body
    .toUpperCase()
    .split(/[^A-Z0-9]/)
    .filter((w) => w !== "");
  return `CELLGUARD_SECRET_${words.join("_")}`;
}
