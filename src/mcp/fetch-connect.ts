// The fetch tool's own HTTP client: node:http and node:https with a `lookup` that judges every
// address a name resolves to before the socket may connect to any of them. The check therefore
// applies to the exact address connected to, in the same step as the resolution, so a name that
// rebinds between a check and the connect (DNS rebinding) has no window. node:fetch offers no such
// hook, which is why this client exists.
//
// The rule for a name with several addresses: if ANY of them is refused, the connect is refused.
// The socket may try each address in turn (happy eyeballs), and a round-robin answer can put the
// refused one first on the next query, so a name that is partly internal is treated as internal.
import { promises as dns, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { Readable, pipeline } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

/** Resolves a host name to every address it has; injectable so tests need no real DNS. */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.lookup(hostname, { all: true, verbatim: true });

/** A resolved address the fetch tool does not connect to. The message names no secret. */
export class InternalAddressError extends Error {
  readonly code = "CELLGUARD_FETCH_INTERNAL_ADDRESS";
  constructor(message: string) {
    super(message);
    this.name = "InternalAddressError";
  }
}

export interface GuardedFetchOptions {
  readonly resolve: Resolver;
  /** Why connecting to `address` (resolved for `name`) is refused, or null to allow it. */
  readonly refuse: (name: string, address: string) => string | null;
}

/** A lookup for net.connect that refuses when any resolved address is refused. */
export function guardedLookup(options: GuardedFetchOptions): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    const family = typeof lookupOptions.family === "number" ? lookupOptions.family : 0;
    options.resolve(hostname).then(
      (all) => {
        for (const entry of all) {
          const reason = options.refuse(hostname, entry.address);
          if (reason !== null) {
            callback(new InternalAddressError(reason), "", 0);
            return;
          }
        }
        const usable = all.filter((entry) => family === 0 || entry.family === family);
        const first = usable[0];
        if (first === undefined) {
          const missing = Object.assign(
            new Error(`no address found for ${hostname.slice(0, 100)}`),
            {
              code: "ENOTFOUND",
            },
          );
          callback(missing, "", 0);
          return;
        }
        if (lookupOptions.all === true) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [...usable]);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), "", 0),
    );
  };
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A fetch() for the fetch tool's use (GET, manual redirects, a signal, headers) over the guarded
 * lookup. The body is decompressed as node:fetch would (gzip, deflate, br) and streamed, so the
 * caller's byte bound holds on the decoded text.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  const lookup = guardedLookup(options);
  const doFetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
      const request = (url.protocol === "https:" ? httpsRequest : httpRequest)(
        url,
        {
          method: init?.method ?? "GET",
          headers: { ...headerRecord(init?.headers), "accept-encoding": "gzip, deflate, br" },
          lookup,
          ...(init?.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          try {
            resolve(toResponse(response));
          } catch (error) {
            response.destroy();
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
      );
      request.on("error", reject);
      request.end();
    });
  return doFetch;
}

function headerRecord(headers: RequestInit["headers"]): Record<string, string> {
  const record: Record<string, string> = {};
  new Headers(headers).forEach((value, key) => (record[key] = value));
  return record;
}

function toResponse(response: IncomingMessage): Response {
  const status = response.statusCode ?? 0;
  if (status < 200 || status > 599) {
    throw new Error(`the server answered with an invalid HTTP status (${status})`);
  }
  const headers = new Headers();
  for (const [key, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(key, one);
  }
  if (NULL_BODY_STATUSES.has(status)) {
    response.resume();
    return new Response(null, { status, headers });
  }
  const decoded = decoder(response);
  const body = Readable.toWeb(decoded) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

function decoder(response: IncomingMessage): Readable {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const inflate =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : null;
  if (inflate === null) return response;
  // pipeline destroys the socket when the reader stops early or the data is corrupt.
  return pipeline(response, inflate, () => undefined);
}
