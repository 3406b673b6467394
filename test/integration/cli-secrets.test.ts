// cellguard secrets without a keychain: bad input is a named error that changes nothing, a store
// that cannot be proven refuses with exit 125, the explicit plaintext opt-in works and says so,
// and no path prints a value except `get --reveal`.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";

const CANARY = "sk-canary-漢$value-0123456789";

describe("cellguard secrets (no keychain)", () => {
  const fx = useFixture();
  // No session bus and no injected secret: no secure store can be proven here.
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: fx.home,
    CELLGUARD_DATA_DIR: fx.dataDir,
    ...extra,
  });

  test("auto with no usable backend refuses with exit 125 and the guidance, and stores nothing", async () => {
    const r = await runCli(["secrets", "put", "llm", "api_key"], {
      env: env(),
      input: `${CANARY}\n`,
    });
    assert.equal(r.code, 125);
    assert.match(
      r.stderr,
      /nothing was written: refusing to handle credentials without a secure store/,
    );
    assert.match(r.stderr, /CELLGUARD_SECRET_STORE=plaintext/);
    assert.ok(!r.stderr.includes(CANARY) && !r.stdout.includes(CANARY));
    const plain = await runCli(["secrets", "posture", "--json"], {
      env: env({ CELLGUARD_SECRET_STORE: "plaintext" }),
    });
    assert.equal(plain.code, 0, plain.stderr);
  });

  test("bad input is named and changes nothing: scope, newline, mode, reference, usage", async () => {
    const cases: [string[], string, NodeJS.ProcessEnv, number, RegExp][] = [
      [
        ["put", "bad scope", "x"],
        "v\n",
        { CELLGUARD_SECRET_STORE: "plaintext" },
        2,
        /may contain only letters/,
      ],
      [
        ["put", "llm", "k"],
        "line1\nline2\n",
        { CELLGUARD_SECRET_STORE: "plaintext" },
        2,
        /must not contain a newline/,
      ],
      [
        ["posture"],
        "",
        { CELLGUARD_SECRET_STORE: "vault" },
        2,
        /CELLGUARD_SECRET_STORE must be one of auto, keychain, env, plaintext: current value is "vault"/,
      ],
      [
        ["get", `secret://v3/${CANARY}`],
        "",
        { CELLGUARD_SECRET_STORE: "plaintext" },
        2,
        /must start with secret:\/\/v1\/ or secret:\/\/v2\//,
      ],
      [["frobnicate"], "", {}, 2, /unknown action "frobnicate"/],
      [["put", "llm"], "v\n", {}, 2, /put takes 2 operand/],
      [["describe", "x", "--reveal"], "", {}, 2, /--reveal applies to get only/],
    ];
    for (const [args, input, extra, code, message] of cases) {
      const r = await runCli(["secrets", ...args], { env: env(extra), input });
      assert.equal(r.code, code, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message);
      assert.ok(!r.stderr.includes(CANARY) && !r.stderr.includes("line1"));
    }
    const posture = await runCli(["secrets", "posture", "--json"], {
      env: env({ CELLGUARD_SECRET_STORE: "plaintext" }),
    });
    assert.equal(posture.code, 0);
  });

  test("the plaintext opt-in stores and reads back, says it is not secure, and only --reveal prints the value", async () => {
    const e = env({ CELLGUARD_SECRET_STORE: "plaintext" });
    const put = await runCli(["secrets", "put", "llm", "api_key"], {
      env: e,
      input: `${CANARY}\n`,
    });
    assert.equal(put.code, 0, put.stderr);
    const ref = put.stdout.trim();
    const outputs: string[] = [];
    for (const args of [
      ["get", ref],
      ["describe", ref],
      ["describe", ref, "--json"],
      ["posture"],
    ]) {
      const r = await runCli(["secrets", ...args], { env: e });
      assert.equal(r.code, 0, r.stderr);
      outputs.push(r.stdout, r.stderr);
    }
    assert.ok(
      outputs.every((o) => !o.includes(CANARY)),
      "a value was printed without --reveal",
    );
    assert.match(outputs.join(""), /NOT SECURE/);
    const reveal = await runCli(["secrets", "get", ref, "--reveal"], { env: e });
    assert.equal(reveal.stdout, `${CANARY}\n`);
  });

  test("delete of another database's reference deletes nothing and says so", async () => {
    const e = env({ CELLGUARD_SECRET_STORE: "plaintext" });
    const r = await runCli(["secrets", "delete", `secret://v2/${"f".repeat(32)}/llm/api_key`], {
      env: e,
    });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /nothing was deleted/);
  });

  test("a value that is not UTF-8 is refused, not stored with replacement characters", async () => {
    const e = env({ CELLGUARD_SECRET_STORE: "plaintext" });
    const r = await runCli(["secrets", "put", "llm", "k"], {
      env: e,
      input: Buffer.from([0x66, 0xff, 0x66, 0x0a]),
    });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /not UTF-8/);
  });

  test("migrate moves plaintext settings behind references and reports by name only", async () => {
    const e = env({ CELLGUARD_SECRET_STORE: "plaintext" });
    const r = await runCli(["secrets", "migrate", "--json"], { env: e });
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { settings: { empty: string[] }; ok: boolean };
    assert.equal(report.ok, true);
    assert.deepEqual(report.settings.empty.sort(), [
      "agent_plan_key",
      "llm_api_key",
      "tavily_api_key",
    ]);
  });

  test("doctor reports the secret store it measured, and the permissions of the data directory", async () => {
    const none = await runCli(["doctor", "--json", "--mode", "off", "--workspace", fx.workspace], {
      env: env(),
    });
    const report = JSON.parse(none.stdout) as {
      secret_store: { usable: boolean; detail: string };
      permissions: { dataDirOwnerOnly: boolean; dbOwnerOnly: boolean };
    };
    assert.equal(report.secret_store.usable, false);
    assert.match(report.secret_store.detail, /refusing to handle credentials/);
    assert.equal(report.permissions.dataDirOwnerOnly, true);
    assert.equal(report.permissions.dbOwnerOnly, true);
    const text = await runCli(["doctor", "--mode", "off", "--workspace", fx.workspace], {
      env: env({ CELLGUARD_SECRET_STORE: "plaintext" }),
    });
    assert.match(
      text.stdout,
      /secret store\n {2}backend: {5}plaintext-db \(mode plaintext, NOT SECURE/,
    );
  });
});
