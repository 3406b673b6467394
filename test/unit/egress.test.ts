// The egress allowlist: mode parsing, host normalisation that cannot be fooled by userinfo,
// ports, trailing dots, IDN homoglyphs or parser differentials, suffix matching that does not
// accept `evil` + a listed domain, process-scoped grants, and URL extraction from shell strings
// that stays linear on megabyte inputs.
import { afterEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  blockedMessage,
  commandDomains,
  DEFAULT_EGRESS_GROUPS,
  domainMatches,
  EgressBlockedError,
  EgressPolicy,
  egressModeFromEnv,
  normalizeHost,
  parseEgressMode,
  scanCommand,
} from "../../src/screen/host/egress.js";

const allowlist = (): EgressPolicy => new EgressPolicy({ mode: "allowlist" });

describe("parseEgressMode and egressModeFromEnv", () => {
  test("allowlist, allow_list, on, 1 and enforce mean allowlist, in any case", () => {
    for (const value of ["allowlist", "allow_list", "on", "1", "enforce", " ENFORCE ", "On"]) {
      assert.equal(parseEgressMode(value), "allowlist", value);
    }
  });

  test("anything else, unset included, means off", () => {
    for (const value of [undefined, null, "", "off", "0", "true", "yes", "allowlst", 1]) {
      assert.equal(parseEgressMode(value), "off", String(value));
    }
  });

  test("egressModeFromEnv reads CELLGUARD_EGRESS", () => {
    assert.equal(egressModeFromEnv({ CELLGUARD_EGRESS: "allowlist" }), "allowlist");
    assert.equal(egressModeFromEnv({ OPENAI4S_EGRESS: "allowlist" }), "off");
    assert.equal(egressModeFromEnv({}), "off");
  });
});

describe("DEFAULT_EGRESS_GROUPS", () => {
  // A second copy on purpose: the spec's lists written out by hand, so an edit to the source
  // list that drops or adds a domain fails here.
  test("holds the spec's five groups exactly", () => {
    assert.deepEqual(DEFAULT_EGRESS_GROUPS, {
      scientificDatabases: [
        "ncbi.nlm.nih.gov",
        "ebi.ac.uk",
        "uniprot.org",
        "rcsb.org",
        "ensembl.org",
        "openalex.org",
        "crossref.org",
      ],
      literature: [
        "arxiv.org",
        "biorxiv.org",
        "pubmed.ncbi.nlm.nih.gov",
        "europepmc.org",
        "semanticscholar.org",
      ],
      packageIndexes: [
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
      ],
      dataRepositories: [
        "ftp.ncbi.nlm.nih.gov",
        "sra-download.ncbi.nlm.nih.gov",
        "trace.ncbi.nlm.nih.gov",
        "cellxgene.cziscience.com",
        "ftp.ebi.ac.uk",
      ],
      webSearch: ["duckduckgo.com", "html.duckduckgo.com", "lite.duckduckgo.com"],
    });
  });

  test("cannot be changed at run time", () => {
    assert.ok(Object.isFrozen(DEFAULT_EGRESS_GROUPS));
    assert.ok(Object.values(DEFAULT_EGRESS_GROUPS).every((group) => Object.isFrozen(group)));
  });
});

describe("normalizeHost", () => {
  test("lower-cases and strips the scheme, port, path and one trailing dot", () => {
    assert.equal(normalizeHost("HTTPS://NCBI.nlm.nih.gov:443/path?q=1#f"), "ncbi.nlm.nih.gov");
    assert.equal(normalizeHost("ncbi.nlm.nih.gov."), "ncbi.nlm.nih.gov");
    assert.equal(normalizeHost("  PyPI.org:8080  "), "pypi.org");
  });

  test("parses a bare target as a netloc, userinfo included", () => {
    assert.equal(normalizeHost("user:pw@pypi.org:443"), "pypi.org");
    assert.equal(normalizeHost("//pypi.org/simple"), "pypi.org");
  });

  test("takes an IPv6 literal from inside its brackets, and accepts a bare one", () => {
    assert.equal(normalizeHost("[2001:DB8::1]:8080"), "2001:db8::1");
    assert.equal(normalizeHost("http://[::1]/x"), "::1");
    assert.equal(normalizeHost("::1"), "::1");
  });

  test("uses the real host of a URL with userinfo (`allowed@evil`)", () => {
    assert.equal(normalizeHost("https://ncbi.nlm.nih.gov@evil.com/"), "evil.com");
    assert.equal(normalizeHost("https://ncbi.nlm.nih.gov:443@evil.com/"), "evil.com");
    assert.equal(normalizeHost("https://a@b@evil.com/"), "evil.com");
  });

  test("converts Unicode hosts to punycode, so a homoglyph cannot pass for a listed host", () => {
    assert.equal(normalizeHost("https://b\u00fccher.de/"), "xn--bcher-kva.de");
    const cyrillic = normalizeHost("https://ncb\u0456.nlm.nih.gov/");
    assert.ok(cyrillic?.startsWith("xn--"), String(cyrillic));
    assert.equal(allowlist().domainAllowed("https://ncb\u0456.nlm.nih.gov/"), false);
  });

  test("canonicalises numeric IPv4 forms", () => {
    assert.equal(normalizeHost("http://2130706433/"), "127.0.0.1");
    assert.equal(normalizeHost("http://0x7f.1/"), "127.0.0.1");
  });

  test("gives null when the host is missing or the URL grammars disagree about it", () => {
    assert.equal(normalizeHost(""), null);
    assert.equal(normalizeHost("http:///path"), null);
    assert.equal(normalizeHost("https://ncbi.nlm.nih.gov\\@evil.com/"), null);
    assert.equal(normalizeHost("http://%65vil.com/"), null);
    assert.equal(normalizeHost("a b.com"), null);
    assert.equal(normalizeHost(42 as unknown as string), null);
  });
});

describe("domainMatches", () => {
  test("matches the entry itself and its subdomains only", () => {
    assert.equal(domainMatches("ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov"), true);
    assert.equal(domainMatches("eutils.ncbi.nlm.nih.gov", "ncbi.nlm.nih.gov"), true);
    assert.equal(domainMatches("evilncbi.nlm.nih.gov", "ncbi.nlm.nih.gov"), false);
    assert.equal(domainMatches("ncbi.nlm.nih.gov.evil.com", "ncbi.nlm.nih.gov"), false);
    assert.equal(domainMatches("nih.gov", "ncbi.nlm.nih.gov"), false);
  });

  test("ignores case and one trailing dot on either side", () => {
    assert.equal(domainMatches("PyPI.org.", "pypi.ORG"), true);
    assert.equal(domainMatches("pypi.org", "pypi.org."), true);
  });

  test("an empty host or entry matches nothing", () => {
    assert.equal(domainMatches("", "pypi.org"), false);
    assert.equal(domainMatches("pypi.org", ""), false);
    assert.equal(domainMatches("x.org", "."), false);
  });

  test("property: a match is always equality or a dot-separated suffix", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (host, entry) => {
        if (!domainMatches(host, entry)) return true;
        const h = host.toLowerCase().replace(/\.$/u, "");
        const e = entry.toLowerCase().replace(/\.$/u, "");
        return h === e || h.endsWith(`.${e}`);
      }),
    );
  });
});

describe("EgressPolicy", () => {
  const saved = process.env.CELLGUARD_EGRESS;
  afterEach(() => {
    if (saved === undefined) delete process.env.CELLGUARD_EGRESS;
    else process.env.CELLGUARD_EGRESS = saved;
  });

  test("off allows every host", () => {
    const policy = new EgressPolicy({ mode: "off" });
    assert.equal(policy.domainAllowed("evil.com"), true);
    assert.doesNotThrow(() => policy.checkUrl("https://evil.com/"));
  });

  test("allowlist allows listed domains and their subdomains and blocks the rest", () => {
    const policy = allowlist();
    assert.equal(policy.domainAllowed("pypi.org"), true);
    assert.equal(policy.domainAllowed("https://eutils.ncbi.nlm.nih.gov/entrez"), true);
    assert.equal(policy.domainAllowed("evil.com"), false);
    assert.equal(policy.domainAllowed("evilncbi.nlm.nih.gov"), false);
  });

  test("domainAllowed allows a host it cannot read, as the spec says", () => {
    assert.equal(allowlist().domainAllowed(""), true);
    assert.equal(allowlist().domainAllowed("https://ncbi.nlm.nih.gov\\@evil.com/"), true);
  });

  test("the default mode is read from CELLGUARD_EGRESS on every check", () => {
    const policy = new EgressPolicy();
    process.env.CELLGUARD_EGRESS = "off";
    assert.equal(policy.domainAllowed("evil.com"), true);
    process.env.CELLGUARD_EGRESS = "enforce";
    assert.equal(policy.domainAllowed("evil.com"), false);
  });

  test("a mode function is asked on every check", () => {
    let mode: "allowlist" | "off" = "off";
    const policy = new EgressPolicy({ mode: () => mode });
    assert.equal(policy.domainAllowed("evil.com"), true);
    mode = "allowlist";
    assert.equal(policy.domainAllowed("evil.com"), false);
  });

  test("custom groups replace the defaults", () => {
    const policy = new EgressPolicy({ mode: "allowlist", groups: { lab: ["lab.example"] } });
    assert.equal(policy.domainAllowed("data.lab.example"), true);
    assert.equal(policy.domainAllowed("pypi.org"), false);
  });

  test("grants allow a domain and its subdomains until revoked or reset", () => {
    const policy = allowlist();
    policy.grantDomain("HTTPS://Data.Example.org:443/");
    assert.deepEqual(policy.grantedDomains(), ["data.example.org"]);
    assert.equal(policy.domainAllowed("cdn.data.example.org"), true);
    assert.equal(policy.revokeDomain("data.example.org"), true);
    assert.equal(policy.revokeDomain("data.example.org"), false);
    assert.equal(policy.domainAllowed("data.example.org"), false);
    policy.grantDomain("a.example");
    policy.grantDomain("b.example");
    policy.resetGrants();
    assert.deepEqual(policy.grantedDomains(), []);
  });

  test("grants are held by the policy object only, never shared or persisted", () => {
    const first = allowlist();
    first.grantDomain("data.example.org");
    assert.equal(allowlist().domainAllowed("data.example.org"), false);
  });

  test("granting something that is not a host is a TypeError", () => {
    assert.throws(() => allowlist().grantDomain("http:///x"), {
      name: "TypeError",
      message: "Cannot grant egress: domain must be a host name: current value is 'http:///x'",
    });
  });

  test("checkUrl throws EgressBlockedError naming the blocked host", () => {
    const policy = allowlist();
    assert.doesNotThrow(() => policy.checkUrl("https://files.pythonhosted.org/x.whl"));
    assert.throws(() => policy.checkUrl("https://evil.com/x"), EgressBlockedError);
    try {
      policy.checkUrl("https://ncbi.nlm.nih.gov@evil.com/");
      assert.fail("expected a throw");
    } catch (caught) {
      assert.ok(caught instanceof EgressBlockedError && caught instanceof Error);
      assert.equal(caught.code, "ERR_EGRESS_BLOCKED");
      assert.equal(caught.domain, "evil.com");
      assert.equal(caught.name, "EgressBlockedError");
      assert.equal(caught.message, blockedMessage("evil.com"));
    }
  });

  test("checkUrl refuses a URL whose host it cannot read or that parsers read two ways", () => {
    const policy = allowlist();
    assert.throws(
      () => policy.checkUrl("https://ncbi.nlm.nih.gov\\@evil.com/"),
      EgressBlockedError,
    );
    assert.throws(
      () => policy.checkUrl("https://evil.com\\@ncbi.nlm.nih.gov/"),
      EgressBlockedError,
    );
    assert.throws(() => policy.checkUrl("http:///pypi.org/"), EgressBlockedError);
    assert.throws(() => policy.checkUrl("http://%70ypi.org/"), EgressBlockedError);
  });
});

describe("blockedMessage", () => {
  test("is a proxy 403 that names the domain, the setting and the way to ask for access", () => {
    assert.equal(
      blockedMessage("evil.com"),
      "proxy 403: outbound network access to 'evil.com' is blocked by the egress allowlist " +
        "(CELLGUARD_EGRESS=allowlist). Request access with " +
        "host.request_network_access(domain='evil.com') and retry once it is approved.",
    );
  });

  test("escapes quotes, control and non-ASCII characters so the domain cannot break out", () => {
    const message = blockedMessage("a'b\nc\u202e");
    assert.ok(message.includes("'a\\u0027b\\u000ac\\u202e'"), message);
  });
});

describe("commandDomains", () => {
  test("lists the unique hosts of http(s) URLs in order, any scheme case", () => {
    assert.deepEqual(
      commandDomains(
        "curl -sL HTTPS://PyPI.org/simple | grep x && wget http://pypi.org/x hTTp://a.org",
      ),
      ["pypi.org", "a.org"],
    );
  });

  test("a URL ends at whitespace, quotes, |, ;, >, ) and a backtick", () => {
    const enders = [" ", "\t", "\n", "'", '"', "|", ";", ">", ")", "`"];
    for (const end of enders) {
      assert.deepEqual(
        commandDomains(`x https://a.org${end}b.evil`),
        ["a.org"],
        JSON.stringify(end),
      );
    }
    assert.deepEqual(commandDomains("echo $(curl https://a.org)"), ["a.org"]);
  });

  test("reads ports, userinfo, IPv6 and ftp or WebSocket URLs", () => {
    assert.deepEqual(commandDomains("curl https://u:p@a.org:8443/x"), ["a.org"]);
    assert.deepEqual(commandDomains("curl http://[::1]:80/"), ["::1"]);
    assert.deepEqual(commandDomains("wget ftp://ftp.ncbi.nlm.nih.gov/x wss://ws.example/"), [
      "ftp.ncbi.nlm.nih.gov",
      "ws.example",
    ]);
  });

  test("lists both readings when URL grammars disagree", () => {
    assert.deepEqual(commandDomains("curl https://ncbi.nlm.nih.gov\\@evil.com/"), [
      "ncbi.nlm.nih.gov",
      "evil.com",
    ]);
  });

  test("a URL nested in another URL's query is part of that URL", () => {
    assert.deepEqual(commandDomains("curl 'https://a.org/login?next=https://b.org/'"), ["a.org"]);
  });

  test("text without URLs has none", () => {
    assert.deepEqual(commandDomains("ls -la; echo http: //x ://y"), []);
    assert.deepEqual(commandDomains(undefined as unknown as string), []);
  });
});

describe("scanCommand", () => {
  test("off mode blocks nothing", () => {
    assert.equal(scanCommand("curl https://evil.com", new EgressPolicy({ mode: "off" })), null);
  });

  test("returns the first blocked domain, or null when every URL is allowed", () => {
    const policy = allowlist();
    assert.equal(scanCommand("pip download https://pypi.org/simple/x", policy), null);
    assert.equal(
      scanCommand("curl https://pypi.org/ && curl https://evil.example/ https://b.evil/", policy),
      "evil.example",
    );
  });

  test("the evilncbi suffix trick, userinfo, a trailing dot and a port are judged by real host", () => {
    const policy = allowlist();
    assert.equal(scanCommand("curl https://evilncbi.nlm.nih.gov/", policy), "evilncbi.nlm.nih.gov");
    assert.equal(scanCommand("curl https://ncbi.nlm.nih.gov@evil.com/", policy), "evil.com");
    assert.equal(scanCommand("curl https://ncbi.nlm.nih.gov.:443/", policy), null);
    assert.equal(
      scanCommand("curl https://ncb\u0456.nlm.nih.gov/", policy),
      "xn--ncb-lhd.nlm.nih.gov",
    );
  });

  test("fails closed on a host it cannot read or that parsers read two ways", () => {
    const policy = allowlist();
    assert.equal(scanCommand("curl http://$HOST/x", policy), "$HOST");
    assert.equal(scanCommand("curl http:///pypi.org", policy), "(no host)");
    assert.equal(scanCommand("curl https://ncbi.nlm.nih.gov\\@evil.com/", policy), "evil.com");
    // The other way round: a WHATWG client goes to evil.com, an RFC 3986 one to the listed host.
    assert.equal(scanCommand("curl https://evil.com\\@ncbi.nlm.nih.gov/", policy), "evil.com");
  });

  test("a granted domain passes", () => {
    const policy = allowlist();
    policy.grantDomain("data.example.org");
    assert.equal(scanCommand("curl https://data.example.org/x", policy), null);
  });

  test("property: an allowed domain as userinfo never lets another host through", () => {
    const label = fc.stringMatching(/^[a-z][a-z0-9]{2,10}$/u);
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(DEFAULT_EGRESS_GROUPS).flat()),
        label,
        (allowed, evil) => {
          const host = `${evil}.test`;
          return scanCommand(`curl https://${allowed}@${host}/x`, allowlist()) === host;
        },
      ),
    );
  });
});

describe("egress functions are total and linear", () => {
  test("property: no function throws on arbitrary strings (checkUrl only EgressBlockedError)", () => {
    const policy = allowlist();
    fc.assert(
      fc.property(fc.fullUnicodeString({ maxLength: 200 }), (text) => {
        normalizeHost(text);
        domainMatches(text, text);
        policy.domainAllowed(text);
        commandDomains(text);
        scanCommand(text, policy);
        parseEgressMode(text);
        blockedMessage(text);
        try {
          policy.checkUrl(text);
        } catch (error) {
          if (!(error instanceof EgressBlockedError)) throw error;
        }
      }),
      { numRuns: 500 },
    );
  });

  test("property: URL-shaped random commands never throw", () => {
    const piece = fc.constantFrom(
      "http://",
      "HTTPS://",
      "@",
      ":",
      "[",
      "]",
      "/",
      "\\",
      " ",
      "a",
      ".",
      "%",
      "'",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const text = parts.join("");
        return Array.isArray(commandDomains(text)) && scanCommand(text, allowlist()) !== undefined;
      }),
      { numRuns: 500 },
    );
  });

  const MB = 1_000_000;

  test("1 MB of http:// without a separator is one URL", () => {
    assert.deepEqual(commandDomains("http://".repeat(MB / 7)), ["http"]);
  });

  test("1 MB of :// with no scheme has no URL", () => {
    assert.deepEqual(commandDomains("://".repeat(MB / 3)), []);
  });

  test("1 MB of one repeated allowed URL gives one domain and no block", () => {
    const command = "https://pypi.org/x ".repeat(MB / 19);
    assert.deepEqual(commandDomains(command), ["pypi.org"]);
    assert.equal(scanCommand(command, allowlist()), null);
  });

  test("a URL after 1 MB of filler is still found", () => {
    const command = `${"a".repeat(MB)} https://evil.example/`;
    assert.deepEqual(commandDomains(command), ["evil.example"]);
    assert.equal(scanCommand(command, allowlist()), "evil.example");
  });

  test("a 1 MB host name is read without blowing up", () => {
    const command = `curl https://${"a".repeat(MB)}.org/`;
    const domains = commandDomains(command);
    assert.equal(domains.length, 1);
    assert.notEqual(scanCommand(command, allowlist()), null);
  });
});
