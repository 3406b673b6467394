// Environment → typed sandbox settings. Read when called, never at import; invalid values are
// errors that name the variable, never a silent downgrade.
import { SandboxConfigurationError } from "../errors.js";

export const SANDBOX_MODES = ["auto", "enforce", "off"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];

export const MODE_VARIABLE = "CELLGUARD_KERNEL_SANDBOX";
export const RAW_NETWORK_VARIABLE = "CELLGUARD_KERNEL_ALLOW_RAW_NETWORK";

const TRUE_WORDS = new Set(["1", "true", "yes", "on"]);
const FALSE_WORDS = new Set(["0", "false", "no", "off", ""]);

/** Parses a mode value. `source` names where it came from, for the message. */
export function parseSandboxMode(
  raw: string | undefined,
  source: string = MODE_VARIABLE,
): SandboxMode {
  if (raw === undefined) return "auto";
  const value = raw.trim().toLowerCase();
  if (value === "") return "auto";
  if ((SANDBOX_MODES as readonly string[]).includes(value)) return value as SandboxMode;
  throw new SandboxConfigurationError(
    `${source} must be one of ${SANDBOX_MODES.join(", ")}: current value is "${printable(raw)}"`,
  );
}

/** Strict boolean: 1/true/yes/on, 0/false/no/off, unset or empty; anything else is an error. */
export function parseStrictBoolean(raw: string | undefined, variable: string): boolean {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(value)) return true;
  if (FALSE_WORDS.has(value)) return false;
  throw new SandboxConfigurationError(
    `${variable} must be one of 1, true, yes, on, 0, false, no, off: current value is "${printable(raw)}"`,
  );
}

export function sandboxModeFromEnv(env: NodeJS.ProcessEnv): SandboxMode {
  return parseSandboxMode(env[MODE_VARIABLE]);
}

export function rawNetworkFromEnv(env: NodeJS.ProcessEnv): boolean {
  return parseStrictBoolean(env[RAW_NETWORK_VARIABLE], RAW_NETWORK_VARIABLE);
}

// A configuration value is echoed in the message so the user sees what was wrong; cap it and
// make quotes, backslashes, control and bidi characters visible, so a pasted token or an escape
// sequence cannot flood or rewrite a terminal.
function printable(raw: string): string {
  const chars = Array.from(raw);
  const cut = chars.length > 40 ? `${chars.slice(0, 40).join("")}…` : raw;
  return cut.replace(
    /[\\"]|[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (ch) =>
      ch === "\\" || ch === '"'
        ? `\\${ch}`
        : `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
