// Linux Secret Service through `secret-tool` (libsecret). The secret goes on stdin; attributes
// and the label, which are visible in `ps`, hold only the namespace, scope and name.
//
// secret-tool answers "locked collection" and "not found" the same way (exit 1, nothing on
// stderr) for lookup and clear. So every such answer is checked against the default collection's
// Locked property over D-Bus, which never prompts: a locked keyring is reported as locked, never
// read as "no secret".
import type { SecretBackend } from "../backend.js";
import { KEYCHAIN_SERVICE } from "../backend.js";
import { SecretBrokerError } from "../errors.js";
import { runHelper, type HelperResult } from "../run-helper.js";

export interface SecretServiceOptions {
  /** Absolute path of secret-tool, or null when it is not installed. */
  readonly secretTool: string | null;
  /** Absolute path of dbus-send, used for the Locked check. */
  readonly dbusSend: string | null;
  readonly env: NodeJS.ProcessEnv;
  readonly isLinux: boolean;
  /** Per call. Default 10 s. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function secretServiceBackend(options: SecretServiceOptions): SecretBackend {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // The helpers see the session bus and nothing else of the caller's environment.
  const env = {
    PATH: options.env["PATH"] ?? "/usr/bin:/bin",
    HOME: options.env["HOME"],
    LANG: "C.UTF-8",
    DBUS_SESSION_BUS_ADDRESS: options.env["DBUS_SESSION_BUS_ADDRESS"],
    XDG_RUNTIME_DIR: options.env["XDG_RUNTIME_DIR"],
  };
  const tool = (): string => {
    if (options.secretTool === null) {
      throw new SecretBrokerError(
        "the Secret Service needs secret-tool (apt-get install libsecret-tools)",
      );
    }
    return options.secretTool;
  };
  const call = async (args: readonly string[], stdin?: string): Promise<HelperResult> => {
    let result: HelperResult;
    try {
      result = await runHelper(tool(), args, {
        env,
        timeoutMs,
        ...(stdin === undefined ? {} : { stdin }),
      });
    } catch (error) {
      throw new SecretBrokerError(`secret-tool could not be started (${codeOf(error)})`);
    }
    if (result.timedOut) {
      throw new SecretBrokerError(
        `the Secret Service did not answer within ${timeoutMs} ms (an unlock prompt waiting for a person?); the call was killed`,
      );
    }
    return result;
  };
  // exit 1 with nothing said: missing, or locked. Find out which.
  const explainSilentFailure = async (result: HelperResult, what: string): Promise<void> => {
    const said = result.stderr.trim();
    if (said !== "") throw new SecretBrokerError(`${what} failed: ${oneLine(said)}`);
    const locked = await collectionLocked(options.dbusSend, env, timeoutMs);
    if (locked) {
      throw new SecretBrokerError(
        `${what} failed: the keyring's default collection is locked; unlock it (log in to the desktop session, or gnome-keyring-daemon --unlock) and try again`,
      );
    }
  };
  return {
    name: "secret-service",
    persistent: true,
    secure: true,
    readOnly: false,
    available: () =>
      Promise.resolve(
        options.isLinux &&
          options.secretTool !== null &&
          (nonEmpty(options.env["DBUS_SESSION_BUS_ADDRESS"]) ||
            nonEmpty(options.env["XDG_RUNTIME_DIR"])),
      ),
    async put(namespace, scope, name, secret) {
      const label = `cellguard ${namespace === "" ? "" : `v2/${namespace}/`}${scope}/${name}`;
      const result = await call(
        ["store", `--label=${label}`, ...attributes(namespace, scope, name)],
        secret,
      );
      if (result.code !== 0) {
        await explainSilentFailure(result, "Secret Service write");
        throw new SecretBrokerError(`Secret Service write failed (exit ${String(result.code)})`);
      }
    },
    async get(namespace, scope, name) {
      const result = await call(["lookup", ...attributes(namespace, scope, name)]);
      if (result.code === 0) return result.stdout.toString("utf8");
      await explainSilentFailure(result, "Secret Service read");
      return null;
    },
    async delete(namespace, scope, name) {
      const result = await call(["clear", ...attributes(namespace, scope, name)]);
      if (result.code !== 0) await explainSilentFailure(result, "Secret Service delete");
    },
  };
}

function attributes(namespace: string, scope: string, name: string): string[] {
  return namespace === ""
    ? ["service", KEYCHAIN_SERVICE, "scope", scope, "name", name]
    : [
        "service",
        KEYCHAIN_SERVICE,
        "version",
        "v2",
        "namespace",
        namespace,
        "scope",
        scope,
        "name",
        name,
      ];
}

/**
 * Whether the default collection is locked, read as a D-Bus property (never prompts). A bus with
 * no Secret Service, or no default collection, is an error, not "unlocked".
 */
export async function collectionLocked(
  dbusSend: string | null,
  env: Readonly<Record<string, string | undefined>>,
  timeoutMs: number,
): Promise<boolean> {
  if (dbusSend === null) {
    throw new SecretBrokerError(
      "cannot tell whether the keyring is locked: dbus-send was not found (apt-get install dbus)",
    );
  }
  let result: HelperResult;
  try {
    result = await runHelper(
      dbusSend,
      [
        "--session",
        "--print-reply=literal",
        "--dest=org.freedesktop.secrets",
        "/org/freedesktop/secrets/aliases/default",
        "org.freedesktop.DBus.Properties.Get",
        "string:org.freedesktop.Secret.Collection",
        "string:Locked",
      ],
      { env, timeoutMs },
    );
  } catch (error) {
    throw new SecretBrokerError(`dbus-send could not be started (${codeOf(error)})`);
  }
  const out = result.stdout.toString("utf8");
  if (result.code !== 0 || result.timedOut) {
    throw new SecretBrokerError(
      `the Secret Service has no usable default collection: ${oneLine(result.stderr.trim() || `dbus-send exit ${String(result.code)}`)}`,
    );
  }
  if (/\bboolean\s+true\b/.test(out) || /\btrue\b/.test(out)) return true;
  if (/\bfalse\b/.test(out)) return false;
  throw new SecretBrokerError(
    "cannot tell whether the keyring is locked: unexpected answer from D-Bus",
  );
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value !== "";
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").slice(0, 300);
}

function codeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return typeof code === "string" ? code : "unknown error";
}
