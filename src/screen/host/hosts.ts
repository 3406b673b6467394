// Host names out of URLs and shell strings, for the egress allowlist. The danger is a parser
// differential: the allowlist reads one host while curl, requests or a browser connects to
// another (`https://ncbi.nlm.nih.gov\@evil.com/` is evil.com to an RFC 3986 parser and
// ncbi.nlm.nih.gov to a WHATWG one). So every authority is read twice, once per grammar, and a
// host counts only when both readings agree. Each reading is canonicalised by the WHATWG URL
// parser: lower case, IDNA to punycode (a Cyrillic `і` cannot pass for `i`), IPv4 in dotted
// decimal, IPv6 without brackets, and one trailing dot removed.

const WHITESPACE = new Set([" ", "\t", "\n", "\r", "\f", "\v"]);
// Where the spec says a URL in a shell string ends.
const URL_END = new Set([...WHITESPACE, "'", '"', "|", ";", ">", ")", "`"]);
// The spec looks for http and https; ftp and WebSocket URLs reach the network the same way.
// Longest first, so `https` is not read as `http` plus `s`.
const URL_SCHEMES = ["https", "http", "ftps", "ftp", "wss", "ws"];

function canonicalHost(hostname: string): string | null {
  let host = hostname;
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  if (host.endsWith(".")) host = host.slice(0, -1);
  return host === "" ? null : host;
}

/** The host as a WHATWG URL parser reads the authority that starts `rest`. */
function whatwgReading(rest: string): string | null {
  try {
    return canonicalHost(new URL(`http://${rest}`).hostname);
  } catch {
    return null;
  }
}

function isPlainHostChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2d ||
    code === 0x2e ||
    code === 0x5f ||
    code > 0x7f
  );
}

function isIpv6LiteralChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66) ||
    code === 0x3a ||
    code === 0x2e
  );
}

function every(text: string, test: (code: number) => boolean): boolean {
  for (let at = 0; at < text.length; at += 1) if (!test(text.charCodeAt(at))) return false;
  return true;
}

/**
 * The host as RFC 3986 reads the authority that starts `rest`: up to the first `/`, `?` or `#`,
 * after the last `@`, before the port. A host with characters outside names, IDNs and IPv6
 * literals (a backslash, `%`, `$VAR`) has no reading.
 */
function rfcReading(rest: string): string | null {
  let end = 0;
  while (end < rest.length && rest[end] !== "/" && rest[end] !== "?" && rest[end] !== "#") end += 1;
  const authority = rest.slice(0, end);
  const hostAndPort = authority.slice(authority.lastIndexOf("@") + 1);
  let host: string;
  if (hostAndPort.startsWith("[")) {
    const close = hostAndPort.indexOf("]");
    if (close < 0 || !every(hostAndPort.slice(1, close), isIpv6LiteralChar)) return null;
    host = hostAndPort.slice(0, close + 1);
  } else {
    const colon = hostAndPort.indexOf(":");
    host = colon < 0 ? hostAndPort : hostAndPort.slice(0, colon);
    if (!every(host, isPlainHostChar)) return null;
  }
  return host === "" ? null : whatwgReading(host);
}

/** The host as each grammar reads the authority that starts `rest`; null where one fails. */
export function hostReadings(rest: string): { whatwg: string | null; rfc: string | null } {
  return { whatwg: whatwgReading(rest), rfc: rfcReading(rest) };
}

function agreedHost(rest: string): string | null {
  const { whatwg, rfc } = hostReadings(rest);
  return whatwg !== null && whatwg === rfc ? whatwg : null;
}

function isSchemeChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e
  );
}

/** What follows `scheme://` when the target starts with a URL scheme; null otherwise. */
export function afterScheme(target: string): string | null {
  const marker = target.indexOf("://");
  if (marker <= 0) return null;
  const scheme = target.slice(0, marker);
  const first = scheme.charCodeAt(0);
  const startsWithLetter = (first >= 0x41 && first <= 0x5a) || (first >= 0x61 && first <= 0x7a);
  return startsWithLetter && every(scheme, isSchemeChar) ? target.slice(marker + 3) : null;
}

/**
 * The canonical host of a URL, a `host[:port]` netloc or a bare host name; null when it has none
 * or when the two URL grammars disagree about it (see the file comment).
 *
 * @example
 * ```ts
 * normalizeHost("HTTPS://NCBI.nlm.nih.gov:443/path"); // "ncbi.nlm.nih.gov"
 * normalizeHost("https://ncbi.nlm.nih.gov@evil.com/"); // "evil.com"
 * normalizeHost("[2001:db8::1]:8080"); // "2001:db8::1"
 * normalizeHost("https://ncbi.nlm.nih.gov\\@evil.com/"); // null: the grammars disagree
 * ```
 */
export function normalizeHost(target: string): string | null {
  if (typeof target !== "string") return null;
  const trimmed = target.trim();
  let rest = afterScheme(trimmed) ?? (trimmed.startsWith("//") ? trimmed.slice(2) : trimmed);
  // A bare IPv6 address (`::1`) has colons a netloc reading would take for a port.
  const colons = rest.split(":").length - 1;
  if (colons >= 2 && !rest.includes("[") && !rest.includes("/") && !rest.includes("@")) {
    rest = `[${rest}]`;
  }
  return agreedHost(rest);
}

/**
 * Whether a host is the entry or a subdomain of it. Case and one trailing dot are ignored.
 *
 * @example
 * ```ts
 * domainMatches("ftp.ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov"); // true
 * domainMatches("evilncbi.nlm.nih.gov", "ncbi.nlm.nih.gov"); // false
 * ```
 */
export function domainMatches(host: string, entry: string): boolean {
  const clean = (name: string): string => {
    const lower = name.toLowerCase();
    return lower.endsWith(".") ? lower.slice(0, -1) : lower;
  };
  const name = clean(host);
  const domain = clean(entry);
  if (name === "" || domain === "") return false;
  return name === domain || name.endsWith(`.${domain}`);
}

const MAX_SHOWN_AUTHORITY = 256;

/** The authority that starts `rest` as written, up to the first `/`, `?` or `#`, bounded. */
export function shownAuthority(rest: string): string {
  let end = 0;
  while (end < rest.length && end < MAX_SHOWN_AUTHORITY && !"/?#".includes(rest[end] as string)) {
    end += 1;
  }
  return rest.slice(0, end);
}

/**
 * URLs in a shell string, left to right, each as what follows its `scheme://`. A URL ends at whitespace, a quote, `|`, `;`, `>`, `)` or
 * a backtick; the scheme is matched in any case and also when letters precede it (`-Lhttp://`).
 * The search resumes where a URL ends, so the scan is linear; a URL nested inside another URL's
 * path or query is part of that URL, not one the command fetches.
 */
export function commandUrls(command: string): string[] {
  const urls: string[] = [];
  let from = 0;
  for (let marker = command.indexOf("://"); marker >= 0; marker = command.indexOf("://", from)) {
    from = marker + 3;
    const before = command.slice(Math.max(0, marker - 5), marker).toLowerCase();
    if (!URL_SCHEMES.some((scheme) => before.endsWith(scheme))) continue;
    let end = from;
    while (end < command.length && !URL_END.has(command[end] as string)) end += 1;
    urls.push(command.slice(from, end));
    from = end;
  }
  return urls;
}
