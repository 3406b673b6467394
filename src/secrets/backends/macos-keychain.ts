// The macOS login keychain through the `security` tool. The tool has no flag that reads a
// password from stdin; a bare trailing `-w` makes it prompt twice (enter, retype) and, with no
// controlling terminal (runHelper starts a new session), read both answers from stdin. So the
// value is piped twice and never appears in argv, where `ps` would show it.
import { accountFor, KEYCHAIN_SERVICE, type SecretBackend } from "../backend.js";
import { SecretBrokerError, SecretInputError } from "../errors.js";
import { runHelper, type HelperResult } from "../run-helper.js";

export interface MacosKeychainOptions {
  /** Absolute path of the `security` tool, or null when it was not found. */
  readonly security: string | null;
  /** The caller's environment: only PATH, HOME, USER and LANG are passed on to the tool. */
  readonly env: NodeJS.ProcessEnv;
  readonly isDarwin: boolean;
  /**
   * How long one call may take before the tool's process group is killed.
   * @default 10000
   */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const ITEM_DESCRIPTION = "cellguard credential";
const CHILD_ENV_KEYS = ["PATH", "HOME", "USER", "LANG"] as const;

/**
 * The `macos-keychain` backend: generic-password items of service "cellguard", one account per
 * broker reference.
 *
 * @example Selecting it on a Mac
 * ```ts
 * const backend = macosKeychainBackend({ security: "/usr/bin/security", env: process.env, isDarwin: true });
 * await backend.put(namespace, "llm", "llm_api_key", "sk-…");
 * ```
 */
export function macosKeychainBackend(options: MacosKeychainOptions): SecretBackend {
  const { security, isDarwin } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const env = minimalEnv(options.env);

  const run = async (args: readonly string[], stdin?: string): Promise<HelperResult> => {
    if (security === null)
      throw new SecretBrokerError("Cannot use the macOS keychain: the security tool was not found");
    let result: HelperResult;
    try {
      result = await runHelper(security, args, {
        env,
        timeoutMs,
        ...(stdin === undefined ? {} : { stdin }),
      });
    } catch (error) {
      throw new SecretBrokerError("Cannot start the macOS security tool", { cause: error });
    }
    if (result.timedOut)
      throw new SecretBrokerError(
        `The macOS keychain did not answer within ${String(timeoutMs)} ms; it may be waiting for an unlock prompt`,
      );
    return result;
  };

  return {
    name: "macos-keychain",
    persistent: true,
    secure: true,
    readOnly: false,
    available: () => Promise.resolve(isDarwin && security !== null),

    async put(namespace, scope, name, secret) {
      // The tool reads one line per prompt: a line break would split the value, and what
      // follows it would become the confirmation.
      if (secret.includes("\n") || secret.includes("\r"))
        throw new SecretInputError(
          "Cannot store a secret that contains a newline or carriage return in the macOS keychain",
        );
      const result = await run(
        [
          "add-generic-password",
          "-U",
          "-a",
          accountFor(namespace, scope, name),
          "-s",
          KEYCHAIN_SERVICE,
          "-D",
          ITEM_DESCRIPTION,
          "-w",
        ],
        `${secret}\n${secret}\n`,
      );
      if (result.code !== 0)
        throw new SecretBrokerError(
          `keychain write failed: ${withoutSecret(describeFailure(result), secret)}`,
        );
    },

    async get(namespace, scope, name) {
      const result = await run([
        "find-generic-password",
        "-a",
        accountFor(namespace, scope, name),
        "-s",
        KEYCHAIN_SERVICE,
        "-w",
      ]);
      // Only "the item could not be found" is absence; a locked or unreachable keychain is an
      // error, never "no secret".
      if (result.code === ITEM_NOT_FOUND) return null;
      if (result.code !== 0) {
        throw new SecretBrokerError(
          `keychain read failed (security exit ${String(result.code)}; is the keychain locked?)`,
        );
      }
      const out = result.stdout.toString("utf8");
      return out.endsWith("\n") ? out.slice(0, -1) : out;
    },

    async delete(namespace, scope, name) {
      // An item that is not there is already deleted; any other failure leaves it in place.
      const result = await run([
        "delete-generic-password",
        "-a",
        accountFor(namespace, scope, name),
        "-s",
        KEYCHAIN_SERVICE,
      ]);
      if (result.code !== 0 && result.code !== ITEM_NOT_FOUND) {
        throw new SecretBrokerError(
          `keychain delete failed (security exit ${String(result.code)}; is the keychain locked?)`,
        );
      }
    },
  };
}

/** `security`'s exit status for errSecItemNotFound. */
const ITEM_NOT_FOUND = 44;

function minimalEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of CHILD_ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function describeFailure(result: HelperResult): string {
  const stderr = result.stderr.trim();
  if (stderr !== "") return stderr;
  return result.code === null
    ? `killed by signal ${result.signal ?? "unknown"}`
    : `exit code ${String(result.code)}`;
}

// The tool has no reason to print the value, but a message must never carry it, whatever the
// tool does.
function withoutSecret(text: string, secret: string): string {
  return secret === "" ? text : text.replaceAll(secret, "[redacted]");
}
