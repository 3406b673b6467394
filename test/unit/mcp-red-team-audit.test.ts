// Red-team of the audit log's redaction: credentials a command or URL carries in shapes the
// shared redactor does not know (URL user information, Authorization headers of any scheme,
// Cookie headers, `curl -u user:password`, a credential flag's next word) never reach the log.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { AuditLog, maskCommand, maskUrl, redactArguments } from "../../src/mcp/audit.js";
import { maskCommandCredentials } from "../../src/mcp/audit-credentials.js";
import { withTempDir } from "../helpers/temp.js";

const CANARY = "CANARYzq81xvQ";

describe("audit redaction red team", () => {
  test("credentials in a URL's user information are masked in commands and in fetch URLs", () => {
    for (const command of [
      `git clone https://oauth2:${CANARY}@gitlab.example/group/repo.git`,
      `git clone https://${CANARY}@github.com/o/r.git`,
      `psql postgres://app:${CANARY}@db.internal:5432/prod`,
      `pip install --index-url "https://user:${CANARY}@pypi.example/simple" pkg`,
      `git remote add origin 'https://x:${CANARY}@host/r.git'`,
      `curl http://a:b@h1/ https://c:${CANARY}@h2/`,
    ]) {
      const masked = maskCommand(command);
      assert.ok(!masked.includes(CANARY), masked);
      assert.match(masked, /:\/\/<redacted>@/, masked);
    }
    for (const url of [
      `https://bob:${CANARY}@example.com/x`,
      `https://bob:${CANARY}@[not-a-host/x`,
      `http://${CANARY}@host/`,
      `https://shop.example/cart;jsessionid=${CANARY}/view`,
    ]) {
      const masked = maskUrl(url);
      assert.ok(!masked.includes(CANARY), masked);
    }
  });

  test("an Authorization header of any scheme and a Cookie header are masked", () => {
    for (const command of [
      `curl -H "Authorization: Basic ${CANARY}" https://x.example/`,
      `curl -H 'Authorization: token ${CANARY}' https://api.example/`,
      `curl -H "authorization: Digest ${CANARY}" https://x.example/`,
      `curl -H "Proxy-Authorization: Basic ${CANARY}" https://x.example/`,
      `curl -H "Authorization: ${CANARY}" https://x.example/`,
      `curl -H "Authorization:${CANARY}" https://x.example/`,
      `curl -H "Cookie: session=${CANARY}; theme=dark" https://x.example/`,
      `curl -H "Cookie: theme=dark; session=${CANARY}" https://x.example/`,
      `curl --cookie "sid=${CANARY}" https://x.example/`,
    ]) {
      const masked = maskCommand(command);
      assert.ok(!masked.includes(CANARY), masked);
      assert.match(masked, /https:\/\/[a-z.]+\//, "the rest of the command stays readable");
    }
  });

  test("user:password arguments and a credential flag's next word are masked", () => {
    for (const command of [
      `curl -u admin:${CANARY} https://x.example/`,
      `curl --user admin:${CANARY} https://x.example/`,
      `curl -uadmin:${CANARY} https://x.example/`,
      `http -a admin:${CANARY} x.example`,
      `deploy --password ${CANARY}`,
      `deploy --password '${CANARY}'`,
      `tool --api-key ${CANARY} run`,
      `tool --token ${CANARY}`,
      `tool --client-secret ${CANARY}`,
    ]) {
      const masked = maskCommand(command);
      assert.ok(!masked.includes(CANARY), masked);
    }
    assert.equal(maskCommandCredentials("curl -u admin https://x/"), "curl -u admin https://x/");
    assert.equal(
      maskCommandCredentials("ls -la src\n  grep -r TODO ."),
      "ls -la src\n  grep -r TODO .",
      "ordinary commands (and their whitespace) are unchanged",
    );
  });

  test("a logged entry's arguments and detail carry none of these credentials", () => {
    withTempDir("rt-audit", (dir) => {
      const log = AuditLog.open(dir);
      log.record({
        tool: "bash",
        decision: "allow",
        outcome: "error",
        refusedBy: null,
        durationMs: 1,
        gateMs: 0,
        args: redactArguments(
          { command: `git clone https://u:${CANARY}@host/r.git && curl -u a:${CANARY} h` },
          null,
        ),
        detail: `Error: fatal: could not read from https://u:${CANARY}@host/r.git`,
      });
      log.record({
        tool: "fetch",
        decision: "allow",
        outcome: "ok",
        refusedBy: null,
        durationMs: 1,
        gateMs: 0,
        args: redactArguments(
          { url: `https://u:${CANARY}@host/p?token=${CANARY}#${CANARY}` },
          null,
        ),
      });
      log.close();
      const text = readFileSync(join(dir, "mcp-audit.jsonl"), "utf8");
      assert.equal(text.split("\n").filter(Boolean).length, 2);
      assert.ok(!text.includes(CANARY), text);
    });
  });

  test("the masking is linear: a megabyte of URL-ish and flag-ish text is masked quickly", () => {
    const hostile = `${"://@".repeat(100_000)} ${"--password ".repeat(50_000)}${"-u a:b ".repeat(30_000)}`;
    const started = Date.now();
    maskCommandCredentials(hostile);
    maskCommand(hostile);
    assert.ok(Date.now() - started < 2000, `took ${Date.now() - started} ms`);
  });
});
