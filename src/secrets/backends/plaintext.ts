// Plaintext in the database's settings table: persistent and NOT secure. Only ever used when
// CELLGUARD_SECRET_STORE=plaintext names it; never chosen implicitly.
import type { CredentialStore } from "../../store/types.js";
import type { SecretBackend } from "../backend.js";

export function plaintextBackend(store: CredentialStore): SecretBackend {
  const key = (namespace: string, scope: string, name: string): string =>
    namespace === "" ? `secret::${scope}::${name}` : `secret::v2::${namespace}::${scope}::${name}`;
  return {
    name: "plaintext-db",
    persistent: true,
    secure: false,
    readOnly: false,
    available: () => Promise.resolve(true),
    put(namespace, scope, name, secret) {
      store.setSetting(key(namespace, scope, name), secret);
      return Promise.resolve();
    },
    get(namespace, scope, name) {
      const value = store.getSetting(key(namespace, scope, name));
      return Promise.resolve(value === null || value === "" ? null : value);
    },
    delete(namespace, scope, name) {
      store.setSetting(key(namespace, scope, name), "");
      return Promise.resolve();
    },
  };
}
