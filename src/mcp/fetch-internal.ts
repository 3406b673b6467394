// Addresses the fetch tool refuses even with the egress allowlist off: the fetch runs on the
// host, outside the kernel sandbox's network rule, so without this a prompt-injected page (or
// its redirect) could make it read the cloud metadata service, which hands out the machine's
// credentials. Refused: the link-local ranges (169.254.0.0/16, where AWS, GCP, Azure and others
// answer, and fe80::/10), the unspecified addresses (0.0.0.0/8 and ::, which Linux connects to
// the local host), the metadata services at other addresses (AWS's fd00:ec2::254, Alibaba's
// 100.100.100.200) and by name (metadata.google.internal), in every spelling the URL parser
// accepts (decimal, octal and hex IPv4, IPv4-mapped, -compatible and NAT64 IPv6). An address the
// operator listed in the allowlist groups or granted is fetched as asked.
//
// Loopback and private ranges (127.0.0.0/8, 10/8, 172.16/12, 192.168/16, the 100.64/10 carrier
// range, ::1, fc00::/7, fec0::/10) are refused too unless the operator opts in with
// CELLGUARD_FETCH_PRIVATE=allow (or lists the address): a page the model was led to can otherwise
// make the host read unauthenticated local services (admin consoles, container APIs, notebook
// servers, the LAN's router), which the egress allowlist being off was never meant to allow.
//
// This file judges hosts as written in a URL and addresses as a resolver returns them; the
// connect-time check that applies the latter to the exact address a socket connects to (so a
// rebinding name cannot slip past) is in fetch-connect.ts.
import { isIP } from "node:net";
import { normalizeHost, type EgressPolicy } from "../screen/host/egress.js";

const METADATA_NAMES = new Set(["metadata.google.internal", "metadata.goog"]);

/** Why a URL's host is refused, or null when it is not an internal address. */
export function internalAddressReason(
  url: URL,
  egress: EgressPolicy,
  allowPrivate = false,
): string | null {
  let host = url.hostname.toLowerCase();
  while (host.endsWith(".")) host = host.slice(0, -1);
  const reason = hostReason(host, allowPrivate);
  if (reason === null) return null;
  const normal = normalizeHost(url.href);
  if (normal !== null && egress.listed(normal)) return null;
  return `Permission denied: ${url.host.slice(0, 100)} is ${reason}, which the fetch tool does not reach unless the operator lists it in the egress allowlist${privateHint(reason)}. Nothing was requested.`;
}

/**
 * Why a resolved address is refused, or null. `name` is the host name it was resolved for.
 * Listing an address opts it in; listing a metadata service name opts in what it resolves to.
 * Listing any other name (the built-in groups, a runtime grant) does not: what a name resolves
 * to is its DNS owner's choice, not the operator's, so a listed name cannot vouch for an
 * internal address.
 */
export function resolvedAddressReason(
  name: string,
  address: string,
  egress: EgressPolicy,
  allowPrivate = false,
): string | null {
  const reason = addressReason(address, allowPrivate);
  if (reason === null) return null;
  const host = bareName(name);
  if (METADATA_NAMES.has(host) && egress.listed(host)) return null;
  if (egress.listed(address.toLowerCase())) return null;
  return `Permission denied: ${host.slice(0, 100)} resolves to ${reason}, which the fetch tool does not reach unless the operator lists that address in the egress allowlist${privateHint(reason)}. Nothing was requested.`;
}

/** Why an address as a resolver writes it (dotted IPv4, IPv6 with an optional zone) is refused. */
export function addressReason(address: string, allowPrivate = false): string | null {
  const zoneless = address.split("%")[0] as string;
  const family = isIP(zoneless);
  if (family === 4) {
    const octets = ipv4Octets(zoneless);
    return octets === null ? "an unreadable address" : ipv4Reason(octets, allowPrivate);
  }
  if (family === 6) {
    const groups = ipv6Groups(zoneless.toLowerCase());
    return groups === null ? "an unreadable address" : ipv6Reason(groups, allowPrivate);
  }
  return "an unreadable address";
}

function bareName(name: string): string {
  let host = name.toLowerCase();
  while (host.endsWith(".")) host = host.slice(0, -1);
  return host;
}

export const PRIVATE_FETCH_ENV = "CELLGUARD_FETCH_PRIVATE";
const PRIVATE_REASON_PREFIX = "a loopback or private address";

/** Whether the environment opts the fetch tool into loopback and private addresses. */
export function privateFetchAllowed(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env[PRIVATE_FETCH_ENV] ?? "").trim().toLowerCase() === "allow";
}

function privateHint(reason: string): string {
  return reason.startsWith(PRIVATE_REASON_PREFIX) ? ` or sets ${PRIVATE_FETCH_ENV}=allow` : "";
}

function hostReason(host: string, allowPrivate: boolean): string | null {
  if (METADATA_NAMES.has(host)) return "a cloud metadata service name";
  if (host.startsWith("[") && host.endsWith("]")) {
    const groups = ipv6Groups(host.slice(1, -1));
    return groups === null ? null : ipv6Reason(groups, allowPrivate);
  }
  const v4 = ipv4Octets(host);
  return v4 === null ? null : ipv4Reason(v4, allowPrivate);
}

function ipv4Reason([a, b, c, d]: readonly number[], allowPrivate: boolean): string | null {
  if (a === 0) return "an unspecified address (0.0.0.0/8 reaches the local host)";
  if (a === 169 && b === 254) return "a link-local address (where cloud metadata services answer)";
  if (a === 100 && b === 100 && c === 100 && d === 200) return "a cloud metadata service address";
  if (allowPrivate) return null;
  const b0 = b as number;
  if (a === 127) return `${PRIVATE_REASON_PREFIX} (loopback: this host's own services)`;
  const isPrivate =
    a === 10 ||
    (a === 172 && b0 >= 16 && b0 <= 31) ||
    (a === 192 && b0 === 168) ||
    (a === 100 && b0 >= 64 && b0 <= 127);
  return isPrivate ? `${PRIVATE_REASON_PREFIX} (a private network)` : null;
}

function ipv6Reason(g: readonly number[], allowPrivate: boolean): string | null {
  if (g.every((group) => group === 0)) return "the unspecified address (::)";
  if (((g[0] as number) & 0xffc0) === 0xfe80)
    return "a link-local address (where cloud metadata services answer)";
  const isAwsMetadata =
    g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254;
  if (isAwsMetadata) return "a cloud metadata service address";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) {
    // ::1 would otherwise read as the compatible form of 0.0.0.1.
    return allowPrivate ? null : `${PRIVATE_REASON_PREFIX} (loopback: this host's own services)`;
  }
  // An IPv4 address carried in IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) or NAT64.
  const high = g.slice(0, 6);
  const mapped = high.slice(0, 5).every((x) => x === 0) && high[5] === 0xffff;
  const compatible = high.every((x) => x === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || compatible || nat64) {
    const [hi, lo] = [g[6] as number, g[7] as number];
    const carried = ipv4Reason([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff], allowPrivate);
    if (carried !== null || !compatible) return carried;
  }
  if (allowPrivate) return null;
  const first = g[0] as number;
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfec0) {
    return `${PRIVATE_REASON_PREFIX} (a private network)`;
  }
  return null;
}

/** The four octets of a dotted-decimal IPv4 host (the URL parser's canonical form), or null. */
function ipv4Octets(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length !== 4) return null;
  const octets: number[] = [];
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    octets.push(value);
  }
  return octets;
}

/**
 * The eight 16-bit groups of an IPv6 address (hex, `::`, and the dotted IPv4 tail a resolver may
 * write, as in ::ffff:169.254.169.254), or null.
 */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const lastColon = text.lastIndexOf(":");
  const tail4 = lastColon === -1 ? null : ipv4Octets(text.slice(lastColon + 1));
  if (tail4 !== null) {
    const [a, b, c, d] = tail4 as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (half: string): number[] | null => {
    if (half === "") return [];
    const groups: number[] = [];
    for (const piece of half.split(":")) {
      if (!/^[0-9a-f]{1,4}$/.test(piece)) return null;
      groups.push(parseInt(piece, 16));
    }
    return groups;
  };
  const head = parse(halves[0] as string);
  const tail = halves.length === 2 ? parse(halves[1] as string) : [];
  if (head === null || tail === null) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
