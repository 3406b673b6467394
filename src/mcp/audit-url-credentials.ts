// Credentials that ride inside a URL rather than beside it, masked for the audit log: query
// parameters whose name says they are a credential (`access_token`, `api_key`, `sig`,
// `X-Amz-Signature`, `password`, …) and path segments shaped like a bot or webhook token (the
// `/bot<id>:<secret>/` form of chat-bot APIs, `<id>:<secret>` segments generally, and the segment
// after `/webhooks/<id>/`). The name and the rest of the URL stay readable. Each URL is walked
// once, character by character, so the cost is linear in the text.
import { nameIsSecret } from "../screen/host/assignments.js";

const MASK = "<redacted>";

/** Parameter names that carry a credential though nameIsSecret does not read them as one. */
const CREDENTIAL_PARAMS = new Set([
  "sig",
  "signature",
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
  "x-goog-signature",
  "x-goog-credential",
  "auth",
  "pwd",
  "pass",
  "passwd",
  "session",
  "sessionid",
  "jsessionid",
  "code",
]);

/** Where a URL ends: blanks, quotes and the shell's separators (`&` joins parameters, so not it). */
function endsUrl(char: string): boolean {
  return " \t\n\r\f\v'\"`|;<>()".includes(char);
}

function isTokenChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x5f
  );
}

function isDigits(text: string): boolean {
  if (text === "") return false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

/** `123456:AAH…` (optionally after `bot`): an id and a secret of at least 16 token characters. */
function isIdSecret(segment: string): number {
  const start = segment.toLowerCase().startsWith("bot") ? 3 : 0;
  const colon = segment.indexOf(":", start);
  if (colon < 0 || !isDigits(segment.slice(start, colon))) return -1;
  const secret = segment.slice(colon + 1);
  if (secret.length < 16) return -1;
  for (let i = 0; i < secret.length; i += 1) if (!isTokenChar(secret.charCodeAt(i))) return -1;
  return start;
}

export function paramIsCredential(name: string): boolean {
  const lower = name.toLowerCase();
  return CREDENTIAL_PARAMS.has(lower) || lower === "key" || nameIsSecret(name);
}

function maskPath(path: string): string {
  const segments = path.split("/");
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] as string;
    const idStart = isIdSecret(segment);
    if (idStart >= 0) {
      segments[i] = `${segment.slice(0, idStart)}${MASK}`;
    } else if (
      i >= 2 &&
      segments[i - 2]?.toLowerCase() === "webhooks" &&
      isDigits(segments[i - 1] as string) &&
      segment !== ""
    ) {
      segments[i] = MASK;
    }
  }
  return segments.join("/");
}

function maskQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals <= 0) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name);
      } catch {
        // an undecodable name is judged as written
      }
      return paramIsCredential(name) ? `${pair.slice(0, equals + 1)}${MASK}` : pair;
    })
    .join("&");
}

/** Every `scheme://…` URL in the text with its credential-shaped path segments and parameters masked. */
export function maskUrlCredentials(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const marker = text.indexOf("://", at);
    if (marker < 0) return out + text.slice(at);
    let end = marker + 3;
    while (end < text.length && !endsUrl(text[end] as string)) end += 1;
    const url = text.slice(marker + 3, end);
    const hash = url.indexOf("#");
    const beforeHash = hash < 0 ? url : url.slice(0, hash);
    const fragment = hash < 0 ? "" : url.slice(hash);
    const question = beforeHash.indexOf("?");
    const authorityAndPath = question < 0 ? beforeHash : beforeHash.slice(0, question);
    const query = question < 0 ? null : beforeHash.slice(question + 1);
    const slash = authorityAndPath.indexOf("/");
    const authority = slash < 0 ? authorityAndPath : authorityAndPath.slice(0, slash);
    const path = slash < 0 ? "" : maskPath(authorityAndPath.slice(slash));
    const maskedFragment = fragment === "" ? "" : `#${maskQuery(fragment.slice(1))}`;
    out += text.slice(at, marker + 3) + authority + path;
    out += query === null ? "" : `?${maskQuery(query)}`;
    out += maskedFragment;
    at = end;
  }
}
