// Environment injection: the operator puts each secret in the process environment (a systemd
// EnvironmentFile, a container secret). Read-only; nothing is ever written.
import type { SecretBackend } from "../backend.js";
import { SecretBrokerError } from "../errors.js";
import { injectionVariable } from "../refs.js";

export const SECRET_ENV_FLAG = "CELLGUARD_SECRET_ENV";
const PREFIX = "CELLGUARD_SECRET_";
/** Settings that share the prefix but never hold a secret. */
const NOT_SECRETS = new Set(["CELLGUARD_SECRET_STORE", SECRET_ENV_FLAG]);

export function envInjectionBackend(env: NodeJS.ProcessEnv): SecretBackend {
  const read = (variable: string): string | null => {
    const value = env[variable];
    return value === undefined || value === "" ? null : value;
  };
  return {
    name: "env-injection",
    persistent: false,
    secure: true,
    readOnly: true,
    available: () =>
      Promise.resolve(
        isTruthy(env[SECRET_ENV_FLAG]) ||
          Object.keys(env).some((k) => k.startsWith(PREFIX) && !NOT_SECRETS.has(k)),
      ),
    put(namespace, scope, name) {
      return Promise.reject(
        new SecretBrokerError(
          `secrets are injected through the environment here and cannot be stored: set ${injectionVariable(namespace, scope, name)} (a systemd EnvironmentFile or a container secret) and restart`,
        ),
      );
    },
    get(namespace, scope, name) {
      if (namespace !== "") {
        const own = read(injectionVariable(namespace, scope, name));
        if (own !== null) return Promise.resolve(own);
      }
      return Promise.resolve(read(injectionVariable("", scope, name)));
    },
    delete: () => Promise.resolve(),
  };
}

export function isTruthy(raw: string | undefined): boolean {
  return raw !== undefined && ["1", "true", "yes", "on"].includes(raw.trim().toLowerCase());
}
