// The audit log: owner-only modes whatever the umask, one JSON line per entry, no symlink
// followed, and arguments redacted so a secret (here a canary) is never written.
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { AuditLog, maskCommand, maskUrl, redactArguments } from "../../src/mcp/audit.js";
import { AuditLogError } from "../../src/mcp/errors.js";
import { underUmask022, withTempDir } from "../helpers/temp.js";

const CANARY = "sk-CANARYabcdef0123456789";

describe("audit log", () => {
  test("the directory is 0700 and the file 0600 even under umask 022 and a loose existing directory", () => {
    withTempDir("audit", (dir) => {
      const data = join(dir, "data");
      mkdirSync(data, { mode: 0o755 });
      chmodSync(data, 0o755);
      underUmask022(() => {
        const log = AuditLog.open(data);
        log.record({
          tool: "python",
          decision: "allow",
          outcome: "ok",
          refusedBy: null,
          durationMs: 1.23456,
          gateMs: 0,
          args: { code: "1" },
        });
        log.close();
      });
      assert.equal(statSync(data).mode & 0o777, 0o700);
      assert.equal(statSync(join(data, "mcp-audit.jsonl")).mode & 0o777, 0o600);
      const line = JSON.parse(readFileSync(join(data, "mcp-audit.jsonl"), "utf8")) as Record<
        string,
        unknown
      >;
      assert.equal(line["tool"], "python");
      assert.equal(line["duration_ms"], 1.235);
      assert.equal(line["refused_by"], null);
    });
  });

  test("a symlink planted as the log is refused, not followed", () => {
    withTempDir("audit-link", (dir) => {
      writeFileSync(join(dir, "elsewhere"), "");
      symlinkSync(join(dir, "elsewhere"), join(dir, "mcp-audit.jsonl"));
      assert.throws(
        () => AuditLog.open(dir),
        (error: unknown) =>
          error instanceof AuditLogError && /Cannot open the audit log/.test(error.message),
      );
      assert.equal(readFileSync(join(dir, "elsewhere"), "utf8"), "");
    });
  });

  test("arguments are redacted: secret assignments, tokens, secret paths, URL queries, file contents", () => {
    const args = redactArguments(
      { command: `OPENAI_API_KEY=${CANARY} curl -H 'Authorization: Bearer ${CANARY}' https://x` },
      null,
    );
    assert.ok(!JSON.stringify(args).includes(CANARY));
    assert.deepEqual(redactArguments({ path: "deploy/.env.production" }, null), {
      path: "<secret-path>",
    });
    assert.deepEqual(redactArguments({ path: "notes.txt", content: CANARY }, null), {
      path: "notes.txt",
      content_chars: CANARY.length,
    });
    assert.equal(
      maskUrl(`https://api.example.com/v1?key=${CANARY}#frag`),
      "https://api.example.com/v1?<query redacted>",
    );
    assert.equal(maskCommand("cat ~/.ssh/id_rsa | base64"), "cat <secret-path> | base64");
    assert.ok(!maskCommand(`python -c "print(open('.env').read())" ${CANARY}`).includes(CANARY));
  });

  test("arguments that failed the checker are logged by shape only", () => {
    assert.deepEqual(redactArguments(null, { code: CANARY, n: 3, list: [CANARY] }), {
      unchecked: { code: `string of ${CANARY.length} characters`, n: "number", list: "array" },
    });
  });

  test("a __proto__ argument the checker refused still shows in the logged shape (not swallowed by the prototype setter)", () => {
    const raw: unknown = JSON.parse('{"__proto__":{"code":"x"},"constructor":1}');
    const logged = redactArguments(null, raw);
    assert.equal(
      JSON.stringify(logged),
      '{"unchecked":{"__proto__":"object","constructor":"number"}}',
    );
  });
});
