// The fetch tool: an HTTP GET that follows redirects by hand so the egress policy sees every hop
// (a redirect to a blocked host is refused before it is requested), bounded in bytes and in time,
// with the injection annotator on what comes back. Fetched text is untrusted data, so it is
// screened even when it is small; the screen never drops content, it adds a banner.
import type { ReadableStreamDefaultReader } from "node:stream/web";
import type { ScreenConfig } from "../config/screen-config.js";
import { EgressBlockedError, type EgressPolicy } from "../screen/host/egress.js";
import { annotate } from "../screen/injection/annotate.js";
import { scanToolResult, scanToolResultStatic } from "../screen/injection/scan.js";
import { ToolRefusal } from "./errors.js";
import { decodeBody, hiddenReadings } from "./fetch-decode.js";
import {
  guardedFetch,
  InternalAddressError,
  systemResolver,
  type Resolver,
} from "./fetch-connect.js";
import { internalAddressReason, resolvedAddressReason } from "./fetch-internal.js";

export interface FetchLimits {
  /** Body bytes kept; the rest is not read. @default 2 MiB */
  readonly maxBytes: number;
  /** The whole fetch, every hop and the body. @default 30 s */
  readonly timeoutMs: number;
  /** @default 5 */
  readonly maxRedirects: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = Object.freeze({
  maxBytes: 2 * 1024 * 1024,
  timeoutMs: 30_000,
  maxRedirects: 5,
});

export interface FetchToolOptions {
  readonly egress: EgressPolicy;
  readonly screens: ScreenConfig;
  readonly limits?: FetchLimits;
  /**
   * Replaces the guarded HTTP client (tests only): a replacement skips the connect-time address
   * check, which only the default client makes.
   */
  readonly fetch?: typeof fetch;
  /**
   * Whether loopback and private addresses may be fetched (CELLGUARD_FETCH_PRIVATE=allow).
   * @default false
   */
  readonly allowPrivate?: boolean;
  /** The resolver the default client's connect-time check uses. @default the system's */
  readonly resolve?: Resolver;
  /**
   * Asked before each redirect hop is requested, after its egress checks; a rejection stops
   * the fetch with that error (the permission gate uses it).
   */
  readonly beforeRedirect?: (next: URL) => Promise<void>;
}

export interface FetchedPage {
  /** What the model reads: the body, with the warning banner in front when it looks injected. */
  readonly text: string;
  readonly status: number;
  readonly finalUrl: string;
  readonly bytes: number;
  readonly truncated: boolean;
  readonly injected: boolean;
  readonly hops: number;
}

/** @throws {ToolRefusal} a bad URL, a blocked hop, too many redirects, a timeout, a network error */
export async function fetchPage(url: string, options: FetchToolOptions): Promise<FetchedPage> {
  const limits = options.limits ?? DEFAULT_FETCH_LIMITS;
  const doFetch =
    options.fetch ??
    guardedFetch({
      resolve: options.resolve ?? systemResolver,
      refuse: (name, address) =>
        resolvedAddressReason(name, address, options.egress, options.allowPrivate === true),
    });
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let current = parseHttpUrl(url);
  for (let hops = 0; ; hops += 1) {
    egressChecks(current, options, hops);
    let response: Response;
    try {
      response = await doFetch(current.href, {
        method: "GET",
        redirect: "manual",
        signal,
        headers: {
          "user-agent": "cellguard-mcp",
          accept: "text/*, application/json;q=0.9, */*;q=0.5",
        },
      });
    } catch (error) {
      if (error instanceof InternalAddressError) {
        throw new ToolRefusal("egress", onHop(hops, error.message));
      }
      throw new ToolRefusal("fetch", failureText(error, limits, current, signal));
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location !== null) {
      await response.body?.cancel().catch(() => undefined);
      if (hops + 1 > limits.maxRedirects) {
        throw new ToolRefusal(
          "fetch",
          `more than ${limits.maxRedirects} redirects; stopped at ${current.origin}`,
        );
      }
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        throw new ToolRefusal(
          "fetch",
          `a redirect from ${current.origin} points at an unreadable URL`,
        );
      }
      current = checkScheme(next);
      if (options.beforeRedirect !== undefined) {
        egressChecks(current, options, hops + 1);
        await options.beforeRedirect(current);
      }
      continue;
    }
    const body = await readBounded(response, limits, current, signal);
    let text = decodeBody(body.data, response.headers.get("content-type"));
    let injected = false;
    if (options.screens.injectionScan) {
      // A reading that hides the instructions from the scanner (not from the model) is scanned
      // too; the model tier, when on, reads the text as the model does.
      const hidden = hiddenReadings(text)
        .map(scanToolResultStatic)
        .find((found) => found.injected);
      const verdict =
        hidden ??
        (await scanToolResult(text, {
          useModel: options.screens.safetyMode === "llm",
          model: options.screens.model,
        }));
      injected = verdict.injected;
      text = annotate(text, verdict);
    }
    return {
      text,
      status: response.status,
      finalUrl: current.href,
      bytes: body.total,
      truncated: body.truncated,
      injected,
      hops,
    };
  }
}

/** The allowlist and the internal-address refusal for one hop. @throws {ToolRefusal} */
function egressChecks(url: URL, options: FetchToolOptions, hops: number): void {
  const egress = options.egress;
  try {
    egress.checkUrl(url.href);
  } catch (error) {
    if (error instanceof EgressBlockedError) {
      throw new ToolRefusal("egress", onHop(hops, error.message));
    }
    throw new ToolRefusal("egress", "the egress check could not run; refusing");
  }
  const internal = internalAddressReason(url, egress, options.allowPrivate === true);
  if (internal !== null) throw new ToolRefusal("egress", onHop(hops, internal));
}

function onHop(hops: number, message: string): string {
  return hops === 0 ? message : `a redirect (hop ${hops}) was refused: ${message}`;
}

function parseHttpUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new ToolRefusal("input", "url is not a valid absolute URL; nothing was fetched");
  }
  return checkScheme(parsed);
}

function checkScheme(url: URL): URL {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ToolRefusal(
      "input",
      `only http and https URLs can be fetched, not ${url.protocol.slice(0, 20)}`,
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw new ToolRefusal("input", "URLs with credentials in them are not fetched");
  }
  return url;
}

async function readBounded(
  response: Response,
  limits: FetchLimits,
  url: URL,
  signal: AbortSignal,
): Promise<{ data: Buffer; total: number; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let kept = 0;
  let truncated = false;
  const reader = response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array> | undefined;
  if (reader === undefined) return { data: Buffer.alloc(0), total: 0, truncated };
  try {
    for (;;) {
      const step = await reader.read();
      if (step.done) break;
      const value = step.value;
      const room = limits.maxBytes - kept;
      if (value.length > room) {
        chunks.push(Buffer.from(value.subarray(0, room)));
        kept += room;
        truncated = true;
        break;
      }
      chunks.push(Buffer.from(value));
      kept += value.length;
    }
  } catch (error) {
    throw new ToolRefusal("fetch", failureText(error, limits, url, signal));
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return { data: Buffer.concat(chunks), total: kept, truncated };
}

function failureText(error: unknown, limits: FetchLimits, url: URL, signal: AbortSignal): string {
  const name = error instanceof Error ? error.name : "";
  // node:http reports a body cut by the time bound as a reset socket, not as the signal's error.
  if (name === "TimeoutError" || name === "AbortError" || signal.aborted) {
    return `the fetch of ${url.origin} did not finish within ${limits.timeoutMs} ms`;
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  return `the fetch of ${url.origin} failed${cause === "" ? "" : ` (${cause.slice(0, 200)})`}`;
}
