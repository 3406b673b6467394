// In memory only, for tests: secure (never written anywhere) and gone with the process.
import type { SecretBackend } from "../backend.js";

export function memoryBackend(): SecretBackend {
  const items = new Map<string, string>();
  const key = (namespace: string, scope: string, name: string): string =>
    JSON.stringify([namespace, scope, name]);
  return {
    name: "memory",
    persistent: false,
    secure: true,
    readOnly: false,
    available: () => Promise.resolve(true),
    put(namespace, scope, name, secret) {
      items.set(key(namespace, scope, name), secret);
      return Promise.resolve();
    },
    get(namespace, scope, name) {
      return Promise.resolve(items.get(key(namespace, scope, name)) ?? null);
    },
    delete(namespace, scope, name) {
      items.delete(key(namespace, scope, name));
      return Promise.resolve();
    },
  };
}
