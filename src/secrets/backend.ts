// The contract every secret backend implements. An empty namespace means the legacy v1 slot.
// Secrets travel to a backend's helper program on stdin only: never in argv, the environment of
// a child, or any message.

export interface SecretBackend {
  readonly name: string;
  /** Survives a restart of the process. */
  readonly persistent: boolean;
  /** Not a plaintext file or database. */
  readonly secure: boolean;
  /** Cannot store (environment injection): accepted without a round-trip self-test. */
  readonly readOnly: boolean;
  /** Whether this backend can be tried here at all; a usable one still has to pass a round trip. */
  available(): Promise<boolean>;
  put(namespace: string, scope: string, name: string, secret: string): Promise<void>;
  /** The secret, or null when none is stored. Throws when the store cannot answer (locked, gone). */
  get(namespace: string, scope: string, name: string): Promise<string | null>;
  delete(namespace: string, scope: string, name: string): Promise<void>;
}

/** The item's account path inside a keychain: `v2/<ns>/<scope>/<name>`, or `<scope>/<name>` for v1. */
export function accountFor(namespace: string, scope: string, name: string): string {
  return namespace === "" ? `${scope}/${name}` : `v2/${namespace}/${scope}/${name}`;
}

/** The keychain service every item is filed under. */
export const KEYCHAIN_SERVICE = "cellguard";
