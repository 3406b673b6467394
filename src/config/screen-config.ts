// Environment → typed settings of the screening layers (code classifier, prompt-injection scan,
// biosecurity screen) and of the optional model they may call. Read when called, never at
// import. Unlike the sandbox settings these never throw: the screens fail open by design, so a
// bad value falls back to the documented default and is reported in `warnings` for doctor.
// No warning ever contains the API key.

export const SAFETY_MODES = ["heuristic", "llm", "off"] as const;
export type SafetyMode = (typeof SAFETY_MODES)[number];

export const SAFETY_VARIABLE = "CELLGUARD_SAFETY";
export const AUDIT_HOOK_VARIABLE = "CELLGUARD_SAFETY_AUDIT_HOOK";
export const BIOSECURITY_VARIABLE = "CELLGUARD_BIOSECURITY";
export const INJECTION_SCAN_VARIABLE = "CELLGUARD_INJECTION_SCAN";
export const MODEL_BASE_URL_VARIABLE = "CELLGUARD_MODEL_BASE_URL";
export const MODEL_VARIABLE = "CELLGUARD_MODEL";
export const MODEL_API_KEY_VARIABLE = "CELLGUARD_MODEL_API_KEY";
export const MODEL_TIMEOUT_VARIABLE = "CELLGUARD_MODEL_TIMEOUT_MS";
export const OPENAI_BASE_URL_VARIABLE = "OPENAI_BASE_URL";
export const OPENAI_API_KEY_VARIABLE = "OPENAI_API_KEY";

export const DEFAULT_MODEL_BASE_URL = "https://api.openai.com/v1";
export const DEFAULT_MODEL_TIMEOUT_MS = 20_000;
// setTimeout turns anything above a signed 32-bit millisecond count into 1 ms.
const MAX_TIMEOUT_MS = 2_147_483_647;

const FALSE_WORDS = new Set(["0", "false", "no", "off", ""]);

/** An OpenAI-compatible chat-completions endpoint. */
export interface ModelConfig {
  /** `http:` or `https:` URL without a trailing slash, e.g. `https://api.openai.com/v1`. */
  readonly baseUrl: string;
  /** Model name sent as `model`. */
  readonly model: string;
  /** Sent as `Authorization: Bearer …` when present; local servers need none. */
  readonly apiKey?: string;
  /** Per-call limit covering connect, headers and body. */
  readonly timeoutMs: number;
}

export interface ScreenConfig {
  /** @default "heuristic" */
  readonly safetyMode: SafetyMode;
  /** @default true */
  readonly auditHook: boolean;
  /** @default true */
  readonly biosecurity: boolean;
  /** @default true */
  readonly injectionScan: boolean;
  /** `safetyMode !== "off"`. */
  readonly codeGateEnabled: boolean;
  /** `safetyMode === "llm"`. */
  readonly useLlmClassifier: boolean;
  /** Null when no model is configured, or when its configuration is invalid (see warnings). */
  readonly model: ModelConfig | null;
  /** One sentence per value that was ignored or replaced by its default. */
  readonly warnings: readonly string[];
}

/** What doctor may print about the model: never the key, never the full URL. */
export interface ModelDescription {
  configured: boolean;
  base_url_host?: string;
  model?: string;
}

/**
 * Reads the screening configuration from `env`.
 *
 * @example
 * ```ts
 * const config = readScreenConfig({ CELLGUARD_SAFETY: "llm", CELLGUARD_MODEL: "m",
 *   CELLGUARD_MODEL_BASE_URL: "http://127.0.0.1:11434/v1" });
 * assert.equal(config.useLlmClassifier, true);
 * assert.equal(config.model?.apiKey, undefined);
 * ```
 */
export function readScreenConfig(env: NodeJS.ProcessEnv = process.env): ScreenConfig {
  const warnings: string[] = [];
  const safetyMode = parseSafetyMode(env[SAFETY_VARIABLE], warnings);
  return {
    safetyMode,
    auditHook: parseFlag(env[AUDIT_HOOK_VARIABLE]),
    biosecurity: parseFlag(env[BIOSECURITY_VARIABLE]),
    injectionScan: parseFlag(env[INJECTION_SCAN_VARIABLE]),
    codeGateEnabled: safetyMode !== "off",
    useLlmClassifier: safetyMode === "llm",
    model: readModelConfig(env, warnings),
    warnings,
  };
}

/**
 * One line per screen the environment switched off. Each is the operator's explicit choice and
 * lets work through unscreened, so doctor and the MCP server say so where it is seen.
 */
export function switchedOffScreens(config: ScreenConfig): string[] {
  const off: string[] = [];
  if (!config.codeGateEnabled)
    off.push(`${SAFETY_VARIABLE}=off: the code classifier is off; Cells run unscreened`);
  if (!config.injectionScan)
    off.push(
      `${INJECTION_SCAN_VARIABLE} is off: tool output reaches the model without the prompt-injection scan`,
    );
  if (!config.biosecurity)
    off.push(`${BIOSECURITY_VARIABLE} is off: no biosecurity screening of requests or Cells`);
  if (!config.auditHook)
    off.push(
      `${AUDIT_HOOK_VARIABLE} is off: the in-kernel guard against loading libraries from writable paths is off`,
    );
  return off;
}

/** Flag rule of the screens: unset → true; `0/false/no/off/""` (trimmed, any case) → false. */
export function parseFlag(raw: string | undefined): boolean {
  if (raw === undefined) return true;
  return !FALSE_WORDS.has(raw.trim().toLowerCase());
}

/** The model as doctor shows it; takes the model or the whole screen configuration. */
export function describeModel(config: ModelConfig | ScreenConfig | null): ModelDescription {
  const model = config !== null && "safetyMode" in config ? config.model : config;
  if (model === null) return { configured: false };
  let host: string;
  try {
    host = new URL(model.baseUrl).host;
  } catch {
    return { configured: false };
  }
  return { configured: true, base_url_host: host, model: model.model };
}

function parseSafetyMode(raw: string | undefined, warnings: string[]): SafetyMode {
  if (raw === undefined) return "heuristic";
  const value = raw.trim().toLowerCase();
  if (value === "") return "heuristic";
  if ((SAFETY_MODES as readonly string[]).includes(value)) return value as SafetyMode;
  warnings.push(
    `${SAFETY_VARIABLE} must be one of ${SAFETY_MODES.join(", ")}: current value is "${printable(raw)}"; using heuristic`,
  );
  return "heuristic";
}

// The OpenAI fallbacks travel as a pair: a key from OPENAI_API_KEY is only ever sent to the
// OpenAI base URL (OPENAI_BASE_URL or the default), never to a server named by
// CELLGUARD_MODEL_BASE_URL, which may be some local or third-party endpoint.
function readModelConfig(env: NodeJS.ProcessEnv, warnings: string[]): ModelConfig | null {
  const model = nonEmpty(env[MODEL_VARIABLE]);
  const ownBase = nonEmpty(env[MODEL_BASE_URL_VARIABLE]);
  const ownKey = nonEmpty(env[MODEL_API_KEY_VARIABLE]);
  const timeoutMs = parseTimeout(env[MODEL_TIMEOUT_VARIABLE], warnings);

  if (model === undefined) {
    if (ownBase !== undefined || ownKey !== undefined) {
      warnings.push(
        `${MODEL_VARIABLE} is not set, so the model tier is unconfigured although ${ownBase !== undefined ? MODEL_BASE_URL_VARIABLE : MODEL_API_KEY_VARIABLE} is set`,
      );
    }
    return null;
  }

  let baseVariable: string;
  let rawBase: string | undefined;
  let apiKey: string | undefined;
  if (ownBase !== undefined) {
    baseVariable = MODEL_BASE_URL_VARIABLE;
    rawBase = ownBase;
    apiKey = ownKey;
  } else {
    apiKey = ownKey ?? nonEmpty(env[OPENAI_API_KEY_VARIABLE]);
    baseVariable = OPENAI_BASE_URL_VARIABLE;
    rawBase = nonEmpty(env[OPENAI_BASE_URL_VARIABLE]);
    if (rawBase === undefined && apiKey !== undefined) {
      baseVariable = "the default base URL";
      rawBase = DEFAULT_MODEL_BASE_URL;
    }
  }
  if (rawBase === undefined) {
    warnings.push(
      `${MODEL_VARIABLE} is set but no base URL resolves: set ${MODEL_BASE_URL_VARIABLE}, or an API key for ${DEFAULT_MODEL_BASE_URL}; the model tier is unconfigured`,
    );
    return null;
  }

  const baseUrl = checkBaseUrl(rawBase, baseVariable, warnings);
  if (baseUrl === null) return null;
  if (apiKey !== undefined && new URL(baseUrl).protocol === "http:" && !isLoopback(baseUrl)) {
    warnings.push(
      `${baseVariable} uses plain http to a non-loopback host: the API key travels unencrypted`,
    );
  }
  return apiKey === undefined
    ? { baseUrl, model, timeoutMs }
    : { baseUrl, model, apiKey, timeoutMs };
}

// The value is not echoed: a mistyped variable could hold a key, and a URL may carry
// credentials. The message says what is wrong instead.
function checkBaseUrl(raw: string, variable: string, warnings: string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    warnings.push(`${variable} does not parse as a URL; the model tier is unconfigured`);
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    warnings.push(
      `${variable} must be an http or https URL: current scheme is "${printable(url.protocol)}"; the model tier is unconfigured`,
    );
    return null;
  }
  if (url.username !== "" || url.password !== "") {
    warnings.push(
      `${variable} must not carry credentials in the URL (use ${MODEL_API_KEY_VARIABLE}); the model tier is unconfigured`,
    );
    return null;
  }
  if (url.search !== "" || url.hash !== "") {
    warnings.push(`${variable} must not have a query or fragment; the model tier is unconfigured`);
    return null;
  }
  return trimTrailingSlashes(url.href);
}

function parseTimeout(raw: string | undefined, warnings: string[]): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_MODEL_TIMEOUT_MS;
  const value = raw.trim();
  const parsed = isDigits(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(parsed) && parsed > 0 && parsed <= MAX_TIMEOUT_MS) return parsed;
  warnings.push(
    `${MODEL_TIMEOUT_VARIABLE} must be a positive integer of milliseconds up to ${MAX_TIMEOUT_MS}: current value is "${printable(raw)}"; using ${DEFAULT_MODEL_TIMEOUT_MS}`,
  );
  return DEFAULT_MODEL_TIMEOUT_MS;
}

function isLoopback(baseUrl: string): boolean {
  const host = new URL(baseUrl).hostname;
  return host === "localhost" || host === "[::1]" || host.startsWith("127.");
}

function nonEmpty(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim();
  return value === "" ? undefined : value;
}

function isDigits(value: string): boolean {
  if (value.length === 0) return false;
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 47) end -= 1;
  return value.slice(0, end);
}

// A value echoed in a warning is cut to 40 characters, and quotes, backslashes, control, line
// separator and bidi characters are written as escapes: a pasted escape sequence cannot
// rewrite the terminal doctor prints to.
function printable(raw: string): string {
  const chars = Array.from(raw);
  let out = "";
  for (const ch of chars.slice(0, 40)) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || INVISIBLE_FORMAT.has(code)) {
      out += `\\u${code.toString(16).padStart(4, "0")}`;
    } else out += ch;
  }
  return chars.length > 40 ? `${out}…` : out;
}

const INVISIBLE_FORMAT = new Set([
  0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067,
  0x2068, 0x2069,
]);
