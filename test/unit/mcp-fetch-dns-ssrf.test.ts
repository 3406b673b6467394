// Server-side request forgery through a DNS name: a name that resolves to the cloud metadata
// service, a link-local or an unspecified address is refused at connect time, on the address the
// socket would connect to, with the allowlist off. The resolver is injected, so no real DNS is
// asked; a name that reaches the loopback test server proves the injected answer decided the
// connect, and a name whose answer changes between connects (DNS rebinding) is judged each time.
import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { readScreenConfig } from "../../src/config/screen-config.js";
import type { Resolver } from "../../src/mcp/fetch-connect.js";
import { ToolRefusal } from "../../src/mcp/errors.js";
import { resolvedAddressReason } from "../../src/mcp/fetch-internal.js";
import { fetchPage } from "../../src/mcp/fetch-tool.js";
import { EgressPolicy } from "../../src/screen/host/egress.js";

const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 5_000, maxRedirects: 3 };

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

/** A resolver from a fixed table; an unknown name fails as DNS would. */
function tableResolver(table: Record<string, readonly LookupAddress[]>): Resolver {
  return (hostname) => {
    const answer = table[hostname];
    if (answer === undefined) {
      return Promise.reject(Object.assign(new Error("not found"), { code: "ENOTFOUND" }));
    }
    return Promise.resolve(answer);
  };
}

function refusedByEgress(pattern: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof ToolRefusal, String(error));
    assert.equal(error.layer, "egress", error.message);
    assert.match(error.message, pattern);
    return true;
  };
}

describe("fetch SSRF by DNS name, allowlist off", () => {
  let server: Server;
  let port: number;
  const requested: string[] = [];
  before(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? "/");
      const to = new URL(request.url ?? "/", "http://x").searchParams.get("to");
      if (to !== null) response.writeHead(302, { location: to }).end();
      else response.end("loopback page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  // The loopback test server is reachable only with private addresses allowed, as an operator
  // who serves local pages sets it (CELLGUARD_FETCH_PRIVATE=allow).
  const off = (resolve: Resolver, groups: Record<string, string[]> = {}, allowPrivate = true) => ({
    egress: new EgressPolicy({ mode: "off", groups }),
    screens: readScreenConfig({}),
    limits: LIMITS,
    resolve,
    allowPrivate,
  });

  test("the injected resolver decides the connect: a made-up name mapped to loopback is fetched", async () => {
    const page = await fetchPage(
      `http://app.invalid:${port}/`,
      off(tableResolver({ "app.invalid": [v4("127.0.0.1")] })),
    );
    assert.equal(page.status, 200);
    assert.match(page.text, /loopback page/);
  });

  test("a name resolving to a metadata, link-local or unspecified address is refused unrequested", async () => {
    const refusedAnswers: Record<string, LookupAddress> = {
      "aws-metadata": v4("169.254.169.254"),
      "link-local-v4": v4("169.254.10.20"),
      "link-local-v6": v6("fe80::1"),
      "link-local-v6-zoned": v6("fe80::a9fe:a9fe%eth0"),
      "unspecified-v4": v4("0.0.0.0"),
      "zero-net": v4("0.1.2.3"),
      "unspecified-v6": v6("::"),
      "mapped-metadata": v6("::ffff:169.254.169.254"),
      "mapped-metadata-hex": v6("::ffff:a9fe:a9fe"),
      "nat64-metadata": v6("64:ff9b::a9fe:a9fe"),
      "aws-metadata-v6": v6("fd00:ec2::254"),
      "alibaba-metadata": v4("100.100.100.200"),
    };
    for (const [label, answer] of Object.entries(refusedAnswers)) {
      const name = `${label}.rebind.invalid`;
      requested.length = 0;
      await assert.rejects(
        fetchPage(`http://${name}:${port}/`, off(tableResolver({ [name]: [answer] }))),
        refusedByEgress(/resolves to .*(metadata|link-local|unspecified)/),
        label,
      );
      assert.equal(requested.length, 0, `${label}: nothing was requested`);
    }
  });

  test("a name with several addresses is refused when any one of them is internal", async () => {
    const name = "mixed.rebind.invalid";
    requested.length = 0;
    await assert.rejects(
      fetchPage(
        `http://${name}:${port}/`,
        off(tableResolver({ [name]: [v4("127.0.0.1"), v4("169.254.169.254")] })),
      ),
      refusedByEgress(/link-local/),
    );
    assert.equal(requested.length, 0);
  });

  test("a rebinding name is judged on every connect: a redirect back to it after it rebinds is refused", async () => {
    const name = "flip.rebind.invalid";
    let calls = 0;
    const rebinding: Resolver = () => {
      calls += 1;
      return Promise.resolve(calls === 1 ? [v4("127.0.0.1")] : [v4("169.254.169.254")]);
    };
    requested.length = 0;
    const again = encodeURIComponent(`http://${name}:${port}/second`);
    await assert.rejects(
      fetchPage(`http://${name}:${port}/first?to=${again}`, off(rebinding)),
      refusedByEgress(/^a redirect \(hop 1\) was refused: .*resolves to/),
    );
    assert.deepEqual(requested, [`/first?to=${again}`], "the rebound hop was never requested");
    assert.equal(calls, 2);
  });

  test("a listed name does not vouch for an internal address; a listed address does", async () => {
    const name = "mirror.example.org";
    const resolve = tableResolver({ [name]: [v4("169.254.169.254")] });
    await assert.rejects(
      fetchPage(`http://${name}:${port}/`, off(resolve, { mirrors: ["example.org"] })),
      refusedByEgress(/resolves to/),
    );
    // Connecting to a real link-local address is not possible here, so the rule is asked directly.
    const listed = new EgressPolicy({ mode: "off", groups: { ops: ["169.254.169.254"] } });
    assert.equal(resolvedAddressReason("any.invalid", "169.254.169.254", listed), null);
    assert.notEqual(resolvedAddressReason("any.invalid", "169.254.169.253", listed), null);
  });

  test("by default a name resolving to loopback or a private network is refused unrequested", async () => {
    const answers: Record<string, LookupAddress> = {
      loopback: v4("127.0.0.1"),
      "loopback-other": v4("127.8.9.10"),
      "loopback-v6": v6("::1"),
      "mapped-loopback": v6("::ffff:127.0.0.1"),
      "ten-net": v4("10.1.2.3"),
      "one-seventy-two": v4("172.20.0.5"),
      "home-lan": v4("192.168.1.1"),
      "carrier-nat": v4("100.64.0.1"),
      "unique-local-v6": v6("fd12:3456::1"),
    };
    for (const [label, answer] of Object.entries(answers)) {
      const name = `${label}.private.invalid`;
      requested.length = 0;
      await assert.rejects(
        fetchPage(`http://${name}:${port}/`, off(tableResolver({ [name]: [answer] }), {}, false)),
        refusedByEgress(/resolves to a loopback or private address.*CELLGUARD_FETCH_PRIVATE=allow/),
        label,
      );
      assert.equal(requested.length, 0, `${label}: nothing was requested`);
    }
    await assert.rejects(
      fetchPage(`http://127.0.0.1:${port}/`, off(tableResolver({}), {}, false)),
      refusedByEgress(/is a loopback or private address/),
    );
    for (const publicAddress of ["93.184.216.34", "172.32.0.1", "2606:4700::1111"]) {
      assert.equal(resolvedAddressReason("x.invalid", publicAddress, new EgressPolicy()), null);
    }
  });

  test("a resolver failure is a fetch error, not a connect to anything", async () => {
    requested.length = 0;
    await assert.rejects(
      fetchPage(`http://missing.invalid:${port}/`, off(tableResolver({}))),
      (error: unknown) => error instanceof ToolRefusal && error.layer === "fetch",
    );
    assert.equal(requested.length, 0);
  });
});
