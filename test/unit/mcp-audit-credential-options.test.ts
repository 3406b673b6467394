// Credentials given as option values and URL parameters never reach the audit file: database
// clients' password flags (`mysql -pSECRET`, `--password=`), password variables (`PGPASSWORD=`,
// `MYSQL_PWD=`), `sshpass -p`, `redis-cli -a`, bot and webhook tokens in URL paths, and query
// parameters named like a credential. Each case is written through the real AuditLog and the
// file on disk is searched for the canary. Ordinary commands that use the same flags for other
// things stay as they were typed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { AuditLog, maskCommand, maskUrl, redactArguments } from "../../src/mcp/audit.js";
import { withTempDir } from "../helpers/temp.js";

const CANARY = "CANARYq7Wm2xPz";
// A bot token's secret half is long; a short one would not look like a token to anyone.
const BOT_SECRET = `AAH${CANARY}k3j5h7g9f1d`;

const COMMANDS = [
  `mysql -u root -p${CANARY} shop`,
  `mysql -uroot -p${CANARY} -h db.internal shop`,
  `/usr/bin/mysqldump -p${CANARY} shop > dump.sql`,
  `mysql --password=${CANARY} shop`,
  `mysql --password ${CANARY} shop`,
  `PGPASSWORD=${CANARY} psql -h db -U app`,
  `env PGPASSWORD='${CANARY}' psql -h db`,
  `MYSQL_PWD=${CANARY} mysql -u app`,
  `sshpass -p ${CANARY} ssh deploy@host`,
  `sshpass -p${CANARY} scp a host:`,
  `sudo sshpass -p '${CANARY}' ssh host`,
  `cd /srv && sshpass -p ${CANARY} ssh host`,
  `redis-cli -a ${CANARY} ping`,
  `curl -H "Authorization: Bearer ${CANARY}" https://api.example/v1`,
  `curl -H 'Authorization: Bearer ${CANARY}' https://api.example/v1`,
  `curl https://api.telegram.org/bot123456789:${BOT_SECRET}/sendMessage`,
  `curl "https://chat.example/api/webhooks/112233445566/${CANARY}"`,
  `curl "https://api.example/v1/items?access_token=${CANARY}&page=2"`,
  `curl "https://api.example/v1?api_key=${CANARY}"`,
  `curl https://api.example/v1?token=${CANARY}`,
  `curl "https://maps.example/geo?key=${CANARY}&sig=${CANARY}"`,
  `curl "https://bucket.example/o?X-Amz-Signature=${CANARY}&X-Amz-Credential=${CANARY}"`,
  `curl "https://login.example/cb?user=ann&password=${CANARY}"`,
  `curl "https://app.example/#access_token=${CANARY}&state=1"`,
];

const URLS = [
  `https://api.telegram.org/bot123456789:${BOT_SECRET}/getMe`,
  `https://chat.example/api/webhooks/112233445566/${CANARY}`,
];

describe("audit log: credential-shaped option values and URL parameters", () => {
  test("no canary reaches the audit file for any credential option or URL parameter shape", () => {
    withTempDir("audit-options", (dir) => {
      const log = AuditLog.open(dir);
      for (const command of COMMANDS) {
        log.record({
          tool: "bash",
          decision: "allow",
          outcome: "ok",
          refusedBy: null,
          durationMs: 1,
          gateMs: 0,
          args: redactArguments({ command }, null),
        });
      }
      for (const url of URLS) {
        log.record({
          tool: "fetch",
          decision: "allow",
          outcome: "ok",
          refusedBy: null,
          durationMs: 1,
          gateMs: 0,
          args: redactArguments({ url }, null),
        });
      }
      log.close();
      const text = readFileSync(join(dir, "mcp-audit.jsonl"), "utf8");
      assert.equal(text.split("\n").filter(Boolean).length, COMMANDS.length + URLS.length);
      for (const line of text.split("\n").filter(Boolean)) {
        assert.ok(!line.includes(CANARY), line);
      }
    });
  });

  test("each shape is masked on its own, and what is around the secret stays readable", () => {
    for (const command of COMMANDS) {
      const masked = maskCommand(command);
      assert.ok(!masked.includes(CANARY), masked);
      assert.match(masked, /<redacted>/, masked);
    }
    assert.equal(
      maskCommand(`mysql -uroot -p${CANARY} -h db.internal shop`),
      "mysql -uroot -p<redacted> -h db.internal shop",
    );
    assert.equal(
      maskUrl(`https://api.telegram.org/bot123456789:${BOT_SECRET}/getMe`),
      "https://api.telegram.org/bot<redacted>/getMe",
    );
    assert.equal(
      maskCommand(`curl "https://api.example/v1/items?access_token=${CANARY}&page=2"`),
      'curl "https://api.example/v1/items?access_token=<redacted>&page=2"',
    );
  });

  test("the same flags and parameters meaning something else are left as typed", () => {
    for (const ordinary of [
      "ssh -p 2222 deploy@host",
      "scp -P 2222 a host:",
      "git log -p -3",
      "grep -p pattern file && mkdir -p build/out",
      "mysql -p shop",
      "docker run -p 8080:80 -a stdout web",
      "curl https://api.example/search?q=cells&page=2",
      "curl https://example.org/docs/v1:latest/index.html",
      "PWD=/srv/app make test",
      "python -m http.server 8000",
    ]) {
      assert.equal(maskCommand(ordinary), ordinary);
    }
  });
});
