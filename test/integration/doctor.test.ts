import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";

const skip = sandboxSkipReason();

describe("cellguard doctor", () => {
  const fx = useFixture();

  test(
    "--json reports the sandbox enabled, self-tested, with raw network blocked",
    { skip },
    async () => {
      const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], { env: fx.env });
      assert.equal(r.code, 0, r.stderr);
      const report = JSON.parse(r.stdout) as { sandbox: Record<string, unknown> };
      const s = report.sandbox;
      assert.equal(s["state"], "enabled");
      assert.equal(s["backend"], "bubblewrap");
      assert.equal(s["enforced"], true);
      assert.equal(s["self_test_passed"], true);
      assert.equal(s["network_policy"], "blocked");
      assert.equal(s["host_only_boundary_holds"], true);
      const checks = s["checks"] as Record<string, boolean>;
      for (const name of [
        "secret_read_blocked",
        "host_environ_hidden",
        "unix_socket_blocked",
        "private_pid",
      ]) {
        assert.equal(checks[name], true, name);
      }
    },
  );

  test("the text form lists every check", { skip }, async () => {
    const r = await runCli(["doctor", "--workspace", fx.workspace], { env: fx.env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /state:\s+enabled/);
    assert.match(r.stdout, /ok\s+secret_read_blocked/);
  });

  test("with no backend it reports unavailable with the warning, and still exits 0", async () => {
    const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], {
      env: { ...fx.env, PATH: "" },
    });
    assert.equal(r.code, 0, r.stderr);
    const s = (JSON.parse(r.stdout) as { sandbox: Record<string, unknown> }).sandbox;
    assert.equal(s["state"], "unavailable");
    assert.equal(s["self_test_passed"], null);
    assert.equal(s["network_policy"], "not_enforced");
    assert.match(String(s["warning"]), /SECURITY WARNING/);
  });

  test("under enforce with no backend it reports the failure rather than crashing", async () => {
    const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], {
      env: { ...fx.env, PATH: "", CELLGUARD_KERNEL_SANDBOX: "enforce" },
    });
    assert.equal(r.code, 0, r.stderr);
    const s = (JSON.parse(r.stdout) as { sandbox: Record<string, unknown> }).sandbox;
    assert.equal(s["mode"], "enforce");
    assert.equal(s["state"], "unavailable");
  });

  test("off is reported as disabled", async () => {
    const r = await runCli(["doctor", "--json", "--mode", "off", "--workspace", fx.workspace], {
      env: fx.env,
    });
    const s = (JSON.parse(r.stdout) as { sandbox: Record<string, unknown> }).sandbox;
    assert.equal(s["state"], "disabled");
    assert.equal(s["network_policy"], "not_enforced");
  });
});
