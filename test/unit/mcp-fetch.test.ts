// The fetch tool against a loopback server: the egress policy is asked on every redirect hop
// (a redirect to a blocked host is refused before it is requested), and the size, time and
// redirect bounds hold.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { readScreenConfig } from "../../src/config/screen-config.js";
import { ToolRefusal } from "../../src/mcp/errors.js";
import { fetchPage } from "../../src/mcp/fetch-tool.js";
import { EgressPolicy } from "../../src/screen/host/egress.js";

describe("fetch tool", () => {
  let server: Server;
  let base: string;
  const requested: string[] = [];
  before(async () => {
    server = createServer((request, response) => {
      requested.push(request.url ?? "");
      const url = request.url ?? "/";
      if (url === "/to-blocked")
        response.writeHead(301, { location: "http://blocked.example/steal" }).end();
      else if (url.startsWith("/loop"))
        response.writeHead(302, { location: `/loop${url.length}` }).end();
      else if (url === "/big") response.end("b".repeat(100_000));
      else if (url === "/slow") setTimeout(() => response.end("late"), 2_000);
      else response.end("plain page");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const options = (limits = { maxBytes: 1_000_000, timeoutMs: 5_000, maxRedirects: 3 }) => ({
    egress: new EgressPolicy({ mode: "allowlist", groups: { test: ["127.0.0.1"] } }),
    screens: readScreenConfig({}),
    limits,
  });

  test("a redirect to a host off the allowlist is refused at that hop, before it is requested", async () => {
    await assert.rejects(fetchPage(`${base}/to-blocked`, options()), (error: unknown) => {
      assert.ok(error instanceof ToolRefusal);
      assert.equal(error.layer, "egress");
      assert.match(
        error.message,
        /^a redirect \(hop 1\) was refused: proxy 403: outbound network access to 'blocked\.example'/,
      );
      return true;
    });
  });

  test("too many redirects, too many bytes and too much time are each bounded", async () => {
    await assert.rejects(fetchPage(`${base}/loop`, options()), /more than 3 redirects/);
    const big = await fetchPage(
      `${base}/big`,
      options({ maxBytes: 1000, timeoutMs: 5_000, maxRedirects: 3 }),
    );
    assert.equal(big.truncated, true);
    assert.equal(big.text, "b".repeat(1000));
    await assert.rejects(
      fetchPage(`${base}/slow`, options({ maxBytes: 1000, timeoutMs: 300, maxRedirects: 3 })),
      /did not finish within 300 ms/,
    );
  });

  test("non-http schemes and URLs with credentials are refused unfetched", async () => {
    for (const url of ["file:///etc/passwd", "ftp://127.0.0.1/x", `http://user:pw@127.0.0.1/`]) {
      await assert.rejects(
        fetchPage(url, options()),
        (error: unknown) => error instanceof ToolRefusal && error.layer === "input",
      );
    }
  });

  test("a clean page comes back unchanged", async () => {
    const page = await fetchPage(`${base}/`, options());
    assert.equal(page.text, "plain page");
    assert.equal(page.injected, false);
  });
});
