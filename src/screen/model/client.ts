// One chat-completions call to an OpenAI-compatible server over Node's global fetch. The screens
// that use it fail open, so this module's job is to fail *precisely*: every failure is a
// ModelCallError with a stable code and a message that says what failed, never the API key,
// never the prompt, and at most a short, control-free excerpt of what the server said.
import type { ModelConfig } from "../../config/screen-config.js";

export type ModelErrorCode =
  "ERR_MODEL_HTTP" | "ERR_MODEL_TIMEOUT" | "ERR_MODEL_RESPONSE" | "ERR_MODEL_NETWORK";

/** A model call that produced no usable answer. */
export class ModelCallError extends Error {
  readonly code: ModelErrorCode;

  constructor(code: ModelErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  override get name(): string {
    return "ModelCallError";
  }
}

export interface ChatRequest {
  readonly system: string;
  readonly user: string;
  readonly maxTokens: number;
  readonly temperature: number;
}

export interface ChatOptions {
  /** Replaces the global fetch (tests, proxies). */
  readonly fetch?: typeof fetch;
  /** Cancels the call early; the per-call timeout applies either way. */
  readonly signal?: AbortSignal;
}

/** Largest response body read; a hostile server cannot make the caller buffer more. */
export const MAX_RESPONSE_BYTES = 1024 * 1024;
const MAX_SERVER_TEXT = 200;

/**
 * Sends one system + user exchange and returns `choices[0].message.content`.
 *
 * @throws {ModelCallError} `ERR_MODEL_HTTP` (non-2xx status), `ERR_MODEL_TIMEOUT` (the whole
 * call, body included, exceeded `config.timeoutMs`), `ERR_MODEL_RESPONSE` (body too large, not
 * JSON, or without a string content), `ERR_MODEL_NETWORK` (connection failure or cancellation).
 */
export async function chatCompletion(
  config: ModelConfig,
  request: ChatRequest,
  options: ChatOptions = {},
): Promise<string> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.timeoutMs);
  // Rejects once the call is aborted, so a fetch implementation or a body stream that ignores
  // the signal still cannot hold the caller past the timeout.
  const aborted = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(abortError()), { once: true });
  });
  aborted.catch(() => undefined);
  const external = options.signal;
  const onExternalAbort = (): void => controller.abort();
  if (external !== undefined) {
    if (external.aborted) controller.abort();
    else external.addEventListener("abort", onExternalAbort, { once: true });
  }

  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
  };
  if (config.apiKey !== undefined && config.apiKey !== "") {
    headers["authorization"] = `Bearer ${config.apiKey}`;
  }
  const body = JSON.stringify({
    model: config.model,
    messages: [
      { role: "system", content: request.system },
      { role: "user", content: request.user },
    ],
    max_tokens: request.maxTokens,
    temperature: request.temperature,
  });

  try {
    let response: Response;
    try {
      response = await Promise.race([
        fetchImpl(`${trimTrailingSlashes(config.baseUrl)}/chat/completions`, {
          method: "POST",
          headers,
          body,
          signal: controller.signal,
          // A redirect would resend the prompt, and possibly the key, somewhere not configured.
          redirect: "error",
        }),
        aborted,
      ]);
    } catch (error) {
      throw transportError(error, { timedOut, timeoutMs: config.timeoutMs, config });
    }

    let text: string;
    try {
      text = await readCapped(response, aborted);
    } catch (error) {
      if (error instanceof ModelCallError) throw error;
      throw transportError(error, { timedOut, timeoutMs: config.timeoutMs, config });
    }

    if (!response.ok) {
      const detail = serverText(text, config);
      throw new ModelCallError(
        "ERR_MODEL_HTTP",
        `model server answered HTTP ${response.status}${detail === "" ? "" : `: ${detail}`}`,
      );
    }
    return contentOf(text);
  } finally {
    clearTimeout(timer);
    external?.removeEventListener("abort", onExternalAbort);
  }
}

/**
 * The loose JSON rule of the screens: the span from the first `{` to the last `}` (newlines
 * included) parsed as JSON, or undefined when there is no such span or it does not parse.
 * Linear: two index scans and one JSON.parse.
 */
export function extractJsonObject(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first < 0 || last < first) return undefined;
  try {
    return JSON.parse(text.slice(first, last + 1)) as unknown;
  } catch {
    return undefined;
  }
}

async function readCapped(response: Response, aborted: Promise<never>): Promise<string> {
  if (response.body === null) return "";
  // Node's lib types leave the chunk type open; fetch bodies are byte streams.
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let next: Awaited<ReturnType<typeof reader.read>>;
    try {
      next = await Promise.race([reader.read(), aborted]);
    } catch (error) {
      reader.cancel().catch(() => undefined);
      throw error;
    }
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > MAX_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new ModelCallError(
        "ERR_MODEL_RESPONSE",
        `model response body exceeds ${MAX_RESPONSE_BYTES} bytes`,
      );
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

function contentOf(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ModelCallError("ERR_MODEL_RESPONSE", "model response body is not JSON");
  }
  const choices = isRecord(parsed) ? parsed["choices"] : undefined;
  const first: unknown = Array.isArray(choices) ? choices[0] : undefined;
  const message = isRecord(first) ? first["message"] : undefined;
  const content = isRecord(message) ? message["content"] : undefined;
  if (typeof content !== "string") {
    throw new ModelCallError(
      "ERR_MODEL_RESPONSE",
      "model response has no string choices[0].message.content",
    );
  }
  return content;
}

function transportError(
  error: unknown,
  context: { timedOut: boolean; timeoutMs: number; config: ModelConfig },
): ModelCallError {
  if (context.timedOut) {
    return new ModelCallError(
      "ERR_MODEL_TIMEOUT",
      `model call timed out after ${context.timeoutMs} ms`,
    );
  }
  if (isAbort(error)) {
    return new ModelCallError("ERR_MODEL_NETWORK", "model call was cancelled by the caller");
  }
  return new ModelCallError(
    "ERR_MODEL_NETWORK",
    `model call failed: ${safeText(describeTransport(error), context.config)}`,
  );
}

// undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, the redirect refusal)
// in `cause`; neither ever includes request headers or body.
function describeTransport(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const cause: unknown = error.cause;
  if (cause instanceof Error && cause.message !== "") return `${error.message}: ${cause.message}`;
  return error.message;
}

function abortError(): Error {
  const error = new Error("the operation was aborted");
  error.name = "AbortError";
  return error;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

// Prefers the OpenAI-style `error.message`; otherwise the start of the raw body.
function serverText(text: string, config: ModelConfig): string {
  let detail = text;
  try {
    const parsed: unknown = JSON.parse(text);
    const error = isRecord(parsed) ? parsed["error"] : undefined;
    const message = isRecord(error) ? error["message"] : error;
    if (typeof message === "string") detail = message;
  } catch {
    // not JSON: the raw text, cut below
  }
  return safeText(detail, config);
}

/** Bounded, single-line, control- and bidi-free, with the API key redacted. */
export function safeText(text: string, config?: ModelConfig): string {
  let out = text.length > MAX_SERVER_TEXT * 4 ? text.slice(0, MAX_SERVER_TEXT * 4) : text;
  const key = config?.apiKey;
  if (key !== undefined && key.length >= 4) out = out.split(key).join("[redacted]");
  out = out.replace(CONTROL_OR_BIDI, " ").trim();
  return out.length > MAX_SERVER_TEXT ? `${out.slice(0, MAX_SERVER_TEXT)}…` : out;
}

const CONTROL_OR_BIDI =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 47) end -= 1;
  return value.slice(0, end);
}
