// The logged-in Windows user's DPAPI store, reached from a WSL host through powershell.exe.
// Only JSON crosses the boundary, on stdin and stdout: a secret is never in argv, never in the
// environment (WSLENV is emptied so no Linux variable crosses into Windows), and never in an
// unencrypted file. Missing interop fails closed.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { SecretBackend } from "../backend.js";
import { SecretBrokerError } from "../errors.js";
import { runHelper, type HelperResult } from "../run-helper.js";
import { DPAPI_SCRIPT } from "./dpapi-script.js";

export type DpapiAction = "put" | "get" | "delete";

// What WSL interop needs to start a Windows program, and nothing else of the caller's
// environment (which may hold injected secrets). WSLENV emptied: no Linux variable crosses over.
const INTEROP_VARIABLES = ["PATH", "HOME", "LANG", "WSL_INTEROP", "WSL_DISTRO_NAME"];

function interopEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = { WSLENV: "" };
  for (const name of INTEROP_VARIABLES) out[name] = env[name];
  return out;
}

export interface DpapiRequestOptions {
  /** Path of powershell.exe through WSL interop, or null when interop is missing. */
  readonly powershell: string | null;
  /** Read for the interop variables only; powershell.exe gets WSLENV set to "". */
  readonly env: NodeJS.ProcessEnv;
  /** The WSL user's uid: part of the storage key. */
  readonly uid: number;
  /** The WSL installation's identity (machineIdentity()): part of the storage key. */
  readonly machineId: string;
  /** @default 20000 */
  readonly timeoutMs?: number;
}

export interface WindowsDpapiOptions {
  readonly powershell: string | null;
  readonly isWsl: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly uid: number;
  /** Reads a machine-id file; replaced in tests. */
  readonly readFile?: (path: string) => string;
}

const MACHINE_ID_FILES = ["/etc/machine-id", "/var/lib/dbus/machine-id"];
const DEFAULT_TIMEOUT_MS = 20_000;
const POWERSHELL_ARGS = ["-NoLogo", "-NoProfile", "-NonInteractive", "-Command", DPAPI_SCRIPT];
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * The WSL installation's identity: the first non-empty, trimmed, ASCII content of
 * /etc/machine-id, else of /var/lib/dbus/machine-id. A file that cannot be read or is not ASCII
 * is skipped.
 *
 * @throws {SecretBrokerError} when neither file gives an identity
 */
export function machineIdentity(read: (path: string) => string = readAscii): string {
  for (const path of MACHINE_ID_FILES) {
    let text: string;
    try {
      text = read(path);
    } catch {
      continue;
    }
    if (!isAscii(text)) continue;
    const id = text.trim();
    if (id !== "") return id;
  }
  throw new SecretBrokerError("Windows secure storage requires a persistent WSL machine identity");
}

/**
 * The DPAPI file name for one broker slot: the SHA-256 hex of the UTF-8 bytes of
 * `[machineId, uid, namespace, scope, name]` serialised exactly as Python's `json.dumps` does.
 * It binds the Windows login (the file lives in that user's profile), the WSL installation and
 * user, and the broker reference.
 *
 * @example
 * ```ts
 * storageKey("0123…", 1000, "", "llm", "llm_api_key"); // 64 lowercase hex characters
 * ```
 */
// eslint-disable-next-line max-params -- the five parts of the key, in the order they are hashed
export function storageKey(
  machineId: string,
  uid: number,
  namespace: string,
  scope: string,
  name: string,
): string {
  const serialised = pythonJsonDumps([machineId, uid, namespace, scope, name]);
  return createHash("sha256").update(serialised, "utf8").digest("hex");
}

/**
 * A list of strings and integers serialised byte for byte like Python's `json.dumps` with its
 * defaults: `", "` between items and every character outside printable ASCII escaped.
 */
export function pythonJsonDumps(items: readonly (string | number)[]): string {
  const parts = items.map((item) =>
    typeof item === "number" ? pythonInt(item) : pythonString(item),
  );
  return `[${parts.join(", ")}]`;
}

function pythonInt(value: number): string {
  if (!Number.isSafeInteger(value))
    throw new RangeError(
      `Cannot serialise a storage key part: expected an integer, current value is ${String(value)}`,
    );
  return String(value);
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

// Python's ensure_ascii encoder: `"` and `\` and the short control escapes, then \uXXXX
// (lowercase hex) for anything outside space..tilde. Walking UTF-16 code units writes a
// character above U+FFFF as its surrogate pair, as Python does.
function pythonString(value: string): string {
  let out = '"';
  for (let i = 0; i < value.length; i += 1) {
    const unit = value.charCodeAt(i);
    const char = value.charAt(i);
    const short = SHORT_ESCAPES[char];
    if (short !== undefined) out += short;
    else if (unit >= 0x20 && unit <= 0x7e) out += char;
    else out += `\\u${unit.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

/**
 * One operation on the Windows store: runs the fixed script with
 * `{"action", "key", "value"}` on stdin and returns the `value` it answers.
 *
 * @throws {SecretBrokerError} "Windows secure storage requires WSL interoperability" without
 * powershell.exe; "… could not be reached" when it cannot start or times out; "… operation
 * failed" on a non-zero exit (its output is never echoed); "… returned an invalid response" or
 * "… returned an invalid value" for a malformed answer
 */
// eslint-disable-next-line max-params -- one broker slot (namespace, scope, name) plus the request
export async function requestDpapi(
  action: DpapiAction,
  namespace: string,
  scope: string,
  name: string,
  value: string | null,
  options: DpapiRequestOptions,
): Promise<string | null> {
  const { powershell } = options;
  if (powershell === null)
    throw new SecretBrokerError("Windows secure storage requires WSL interoperability");
  const key = storageKey(options.machineId, options.uid, namespace, scope, name);
  const stdin = Buffer.from(JSON.stringify({ action, key, value }), "utf8");
  let result: HelperResult;
  try {
    result = await runHelper(powershell, POWERSHELL_ARGS, {
      stdin,
      env: interopEnv(options.env),
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    });
  } catch (error) {
    throw new SecretBrokerError("Windows secure storage could not be reached", { cause: error });
  }
  if (result.timedOut) throw new SecretBrokerError("Windows secure storage could not be reached");
  if (result.code !== 0) throw new SecretBrokerError("Windows secure storage operation failed");
  return parseAnswer(result.stdout);
}

function parseAnswer(stdout: Buffer): string | null {
  const body = stdout.subarray(0, 3).equals(UTF8_BOM) ? stdout.subarray(3) : stdout;
  let answer: unknown;
  try {
    answer = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body));
  } catch {
    throw new SecretBrokerError("Windows secure storage returned an invalid response");
  }
  if (
    typeof answer !== "object" ||
    answer === null ||
    Array.isArray(answer) ||
    !("value" in answer)
  )
    throw new SecretBrokerError("Windows secure storage returned an invalid response");
  const { value } = answer;
  if (value !== null && typeof value !== "string")
    throw new SecretBrokerError("Windows secure storage returned an invalid value");
  return value;
}

/**
 * The `windows-dpapi` backend: available on WSL when powershell.exe is reachable and the
 * installation has a machine identity.
 *
 * @example
 * ```ts
 * const backend = windowsDpapiBackend({ powershell, isWsl: true, env: process.env, uid: process.getuid() });
 * if (await backend.available()) await backend.put(namespace, "llm", "llm_api_key", "sk-…");
 * ```
 */
export function windowsDpapiBackend(options: WindowsDpapiOptions): SecretBackend {
  const { powershell, isWsl, env, uid, readFile } = options;
  // Read at each call, as the Python bridge does: an identity that disappears fails the call.
  const requestOptions = (): DpapiRequestOptions => ({
    powershell,
    env,
    uid,
    machineId: machineIdentity(readFile),
  });

  return {
    name: "windows-dpapi",
    persistent: true,
    secure: true,
    readOnly: false,
    available: () => Promise.resolve(isWsl && powershell !== null && hasMachineIdentity(readFile)),
    async put(namespace, scope, name, secret) {
      await requestDpapi("put", namespace, scope, name, secret, requestOptions());
    },
    async get(namespace, scope, name) {
      return await requestDpapi("get", namespace, scope, name, null, requestOptions());
    },
    async delete(namespace, scope, name) {
      await requestDpapi("delete", namespace, scope, name, null, requestOptions());
    },
  };
}

function hasMachineIdentity(read: ((path: string) => string) | undefined): boolean {
  try {
    machineIdentity(read);
    return true;
  } catch {
    return false;
  }
}

function readAscii(path: string): string {
  const bytes = readFileSync(path);
  if (bytes.some((byte) => byte > 0x7f)) throw new RangeError(`${path} is not ASCII text`);
  return bytes.toString("latin1");
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}
