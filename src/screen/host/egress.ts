// The outbound domain allowlist stamped by the host: which domains a command or a fetch may
// reach when CELLGUARD_EGRESS is on. Off (the default) fails open, as the spec says; the kernel
// sandbox's network rule is a separate boundary and neither one authorises the other.
import {
  afterScheme,
  commandUrls,
  domainMatches,
  hostReadings,
  normalizeHost,
  shownAuthority,
} from "./hosts.js";

export { domainMatches, normalizeHost } from "./hosts.js";

/** `allowlist`: only listed and granted domains. `off`: everything. */
export type EgressMode = "allowlist" | "off";

/** The environment variable that turns the allowlist on. */
export const EGRESS_ENV = "CELLGUARD_EGRESS";

const ALLOWLIST_VALUES = new Set(["allowlist", "allow_list", "on", "1", "enforce"]);

/**
 * The mode a CELLGUARD_EGRESS value asks for: `allowlist`, `allow_list`, `on`, `1` or `enforce`
 * (any case, surrounding blanks ignored) mean allowlist; anything else, unset included, means off.
 *
 * @example
 * ```ts
 * parseEgressMode("enforce"); // "allowlist"
 * parseEgressMode(undefined); // "off"
 * ```
 */
export function parseEgressMode(value: unknown): EgressMode {
  if (typeof value !== "string") return "off";
  return ALLOWLIST_VALUES.has(value.trim().toLowerCase()) ? "allowlist" : "off";
}

/** The mode an environment asks for, read at the time of the call. */
export function egressModeFromEnv(env: Readonly<Record<string, string | undefined>>): EgressMode {
  return parseEgressMode(env[EGRESS_ENV]);
}

/** Names of the built-in domain groups. */
export type EgressGroupName =
  "scientificDatabases" | "literature" | "packageIndexes" | "dataRepositories" | "webSearch";

/** The built-in allowlist, all groups enabled. A domain allows its subdomains too. */
export const DEFAULT_EGRESS_GROUPS: Readonly<Record<EgressGroupName, readonly string[]>> =
  Object.freeze({
    scientificDatabases: Object.freeze([
      "ncbi.nlm.nih.gov",
      "ebi.ac.uk",
      "uniprot.org",
      "rcsb.org",
      "ensembl.org",
      "openalex.org",
      "crossref.org",
    ]),
    literature: Object.freeze([
      "arxiv.org",
      "biorxiv.org",
      "pubmed.ncbi.nlm.nih.gov",
      "europepmc.org",
      "semanticscholar.org",
    ]),
    packageIndexes: Object.freeze([
      "pypi.org",
      "files.pythonhosted.org",
      "anaconda.org",
      "repo.anaconda.com",
      "conda.anaconda.org",
      "conda-forge.org",
      "r-project.org",
      "bioconductor.org",
      "npmjs.org",
      "npmjs.com",
      "registry.npmjs.org",
      "github.com",
      "raw.githubusercontent.com",
      "codeload.github.com",
      "objects.githubusercontent.com",
    ]),
    dataRepositories: Object.freeze([
      "ftp.ncbi.nlm.nih.gov",
      "sra-download.ncbi.nlm.nih.gov",
      "trace.ncbi.nlm.nih.gov",
      "cellxgene.cziscience.com",
      "ftp.ebi.ac.uk",
    ]),
    webSearch: Object.freeze(["duckduckgo.com", "html.duckduckgo.com", "lite.duckduckgo.com"]),
  });

/** Escapes what could break out of the quotes of a message: quotes, backslashes, non-ASCII. */
function printable(domain: string): string {
  let out = "";
  for (let at = 0; at < domain.length; at += 1) {
    const code = domain.charCodeAt(at);
    const plain = code > 0x20 && code < 0x7f && code !== 0x27 && code !== 0x5c;
    out += plain ? domain[at] : `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return out;
}

/**
 * What the agent is told when a domain is blocked: a proxy-style 403 that names the way to ask
 * for access.
 */
export function blockedMessage(domain: string): string {
  const shown = printable(domain);
  return (
    `proxy 403: outbound network access to '${shown}' is blocked by the egress allowlist ` +
    `(${EGRESS_ENV}=allowlist). Request access with host.request_network_access(domain='${shown}') ` +
    `and retry once it is approved.`
  );
}

/** A URL's host is not on the egress allowlist. */
export class EgressBlockedError extends Error {
  readonly code = "ERR_EGRESS_BLOCKED";
  /** The blocked host, or the authority as written when it has no host that can be read. */
  readonly domain: string;

  constructor(domain: string) {
    super(blockedMessage(domain));
    this.domain = domain;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

export interface EgressPolicyOptions {
  /**
   * The mode, or a function asked on every check.
   * @default reads CELLGUARD_EGRESS from process.env on every check
   */
  readonly mode?: EgressMode | (() => EgressMode);
  /**
   * The allowed domains, by group.
   * @default DEFAULT_EGRESS_GROUPS
   */
  readonly groups?: Readonly<Record<string, readonly string[]>>;
}

/**
 * The allowlist plus runtime grants. Grants come from approved network-access requests; they live
 * in this object only (never persisted), so they end with the process. Checks and grants run
 * synchronously on one thread, so no lock is needed where the original took one.
 */
export class EgressPolicy {
  readonly #mode: () => EgressMode;
  readonly #allowed: readonly string[];
  readonly #grants = new Set<string>();

  constructor(options: EgressPolicyOptions = {}) {
    const mode = options.mode ?? (() => egressModeFromEnv(process.env));
    this.#mode = typeof mode === "function" ? mode : () => mode;
    this.#allowed = Object.values(options.groups ?? DEFAULT_EGRESS_GROUPS).flat();
  }

  /** The mode in force now. */
  mode(): EgressMode {
    return this.#mode();
  }

  /** Whether a canonical host (see normalizeHost) is listed or granted, whatever the mode. */
  listed(host: string): boolean {
    const matches = (entry: string): boolean => domainMatches(host, entry);
    return this.#allowed.some(matches) || [...this.#grants].some(matches);
  }

  /**
   * Whether a host may be reached. Always true when the mode is off. A host that cannot be read
   * is allowed here, as the spec says, because this answers "is this name listed"; checkUrl and
   * scanCommand, which see whole URLs, refuse such a host instead.
   */
  domainAllowed(host: string): boolean {
    if (this.mode() === "off") return true;
    const normal = normalizeHost(host);
    return normal === null || this.listed(normal);
  }

  /**
   * Allows a domain and its subdomains for the rest of the process.
   * @throws {TypeError} When the domain has no host that can be read.
   */
  grantDomain(domain: string): void {
    const normal = normalizeHost(domain);
    if (normal === null) {
      throw new TypeError(
        `Cannot grant egress: domain must be a host name: current value is '${printable(String(domain))}'`,
      );
    }
    this.#grants.add(normal);
  }

  /** Withdraws a grant; false when there was none. */
  revokeDomain(domain: string): boolean {
    const normal = normalizeHost(domain);
    return normal !== null && this.#grants.delete(normal);
  }

  /** Withdraws every grant. */
  resetGrants(): void {
    this.#grants.clear();
  }

  /** The granted domains, in the order they were granted. */
  grantedDomains(): string[] {
    return [...this.#grants];
  }

  /**
   * Throws when a URL (a request, or one redirect hop) leaves the allowlist. A URL whose host
   * cannot be read is refused under allowlist mode.
   * @throws {EgressBlockedError} With the blocked host as `domain`.
   */
  checkUrl(url: string): void {
    if (this.mode() === "off") return;
    const text = String(url).trim();
    const rest = afterScheme(text) ?? text;
    const blocked = blockedHost(this, rest);
    if (blocked !== null) throw new EgressBlockedError(blocked);
  }
}

/** The first reading of a URL's host that the policy does not list, or null. */
function blockedHost(policy: EgressPolicy, rest: string): string | null {
  const { whatwg, rfc } = hostReadings(rest);
  // Fail closed on the host side: a URL whose host cannot be read, or that two URL grammars read
  // differently, cannot be shown to stay on the allowlist.
  if (whatwg === null || rfc === null) {
    const authority = shownAuthority(rest);
    return authority === "" ? "(no host)" : authority;
  }
  if (!policy.listed(whatwg)) return whatwg;
  return policy.listed(rfc) ? null : rfc;
}

/**
 * The unique hosts of the URLs in a shell string, in order of appearance. When the two URL
 * grammars read a host differently both readings are listed; a host neither can read is left out.
 *
 * @example
 * ```ts
 * commandDomains("curl -sL HTTPS://PyPI.org/simple | grep x"); // ["pypi.org"]
 * ```
 */
export function commandDomains(command: string): string[] {
  if (typeof command !== "string") return [];
  const hosts = new Set<string>();
  for (const url of commandUrls(command)) {
    const { whatwg, rfc } = hostReadings(url);
    if (whatwg !== null) hosts.add(whatwg);
    if (rfc !== null) hosts.add(rfc);
  }
  return [...hosts];
}

/**
 * The first host a shell string would reach that the policy blocks, or null. Off mode blocks
 * nothing. Unlike domainAllowed, a URL whose host cannot be read (`http://$HOST/`,
 * `http:///path`) or is read two ways is reported, with its authority as written.
 *
 * @example
 * ```ts
 * const policy = new EgressPolicy({ mode: "allowlist" });
 * scanCommand("curl https://pypi.org/simple/ && curl https://evil.example/x", policy); // "evil.example"
 * ```
 */
export function scanCommand(command: string, policy: EgressPolicy): string | null {
  if (typeof command !== "string" || policy.mode() === "off") return null;
  for (const url of commandUrls(command)) {
    const blocked = blockedHost(policy, url);
    if (blocked !== null) return blocked;
  }
  return null;
}
