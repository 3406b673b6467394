import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { runCli, type CliResult } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { SYSTEM_PATH } from "../helpers/kernel.js";
import { ModelServer } from "../helpers/model-server.js";

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

  test(
    "the kernel section is measured: a worker started in the sandbox reports its Python and the armed audit hook",
    { skip },
    async () => {
      const env = { ...fx.env, PATH: SYSTEM_PATH };
      const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], { env });
      assert.equal(r.code, 0, r.stderr);
      const k = (JSON.parse(r.stdout) as { kernel: Record<string, unknown> }).kernel;
      assert.equal(k["started"], true);
      assert.equal(k["audit_hook"], true);
      assert.match(String(k["python"]), /^3\.\d+\.\d+$/);
      assert.match(String(k["interpreter"]), /python3$/);
      const off = await runCli(["doctor", "--workspace", fx.workspace], {
        env: { ...env, CELLGUARD_SAFETY_AUDIT_HOOK: "0" },
      });
      assert.match(off.stdout, /audit hook: off \(not armed in the worker\)/);
    },
  );

  test("with no python3 on PATH the kernel is reported not started, with the reason", async () => {
    const r = await runCli(["doctor", "--json", "--mode", "off", "--workspace", fx.workspace], {
      env: { ...fx.env, PATH: "/nonexistent" },
    });
    assert.equal(r.code, 0, r.stderr);
    const k = (JSON.parse(r.stdout) as { kernel: Record<string, unknown> }).kernel;
    assert.equal(k["started"], false);
    assert.match(String(k["detail"]), /no python3 on the worker's PATH/);
  });

  test(
    "the provider helper's boundary is measured: active on bubblewrap, and never network-isolated",
    { skip },
    async () => {
      const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], { env: fx.env });
      assert.equal(r.code, 0, r.stderr);
      const h = (JSON.parse(r.stdout) as { provider_helper: Record<string, unknown> })
        .provider_helper;
      assert.equal(h["state"], "active");
      assert.equal(h["backend"], "bubblewrap");
      assert.equal(h["network_isolated"], false);
      assert.match(String(h["detail"]), /network is NOT isolated/i);
    },
  );

  test("off is reported as disabled", async () => {
    const r = await runCli(["doctor", "--json", "--mode", "off", "--workspace", fx.workspace], {
      env: fx.env,
    });
    const s = (JSON.parse(r.stdout) as { sandbox: Record<string, unknown> }).sandbox;
    assert.equal(s["state"], "disabled");
    assert.equal(s["network_policy"], "not_enforced");
  });
});

// The screens' posture needs no sandbox: these runs use --mode off, so they hold on any host.
describe("cellguard doctor: the screens' posture", () => {
  const fx = useFixture();
  const KEY = "sk-test-secret-value";

  const doctor = (args: readonly string[], env: NodeJS.ProcessEnv): Promise<CliResult> =>
    runCli(["doctor", "--mode", "off", "--workspace", fx.workspace, ...args], {
      env: { ...fx.env, ...env },
    });

  test("--json reports the defaults: heuristic, every flag on, no model, no warning", async () => {
    const r = await doctor(["--json"], {});
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { screens: unknown };
    assert.deepEqual(report.screens, {
      safety_mode: "heuristic",
      code_gate_enabled: true,
      llm_classifier: false,
      audit_hook: true,
      biosecurity: true,
      injection_scan: true,
      model: { configured: false },
      warnings: [],
    });
  });

  test("--json reports the flags that are off", async () => {
    const r = await doctor(["--json"], {
      CELLGUARD_SAFETY: "off",
      CELLGUARD_SAFETY_AUDIT_HOOK: "0",
      CELLGUARD_BIOSECURITY: "no",
      CELLGUARD_INJECTION_SCAN: "off",
    });
    assert.equal(r.code, 0, r.stderr);
    const screens = (JSON.parse(r.stdout) as { screens: Record<string, unknown> }).screens;
    assert.equal(screens["safety_mode"], "off");
    assert.equal(screens["code_gate_enabled"], false);
    assert.equal(screens["audit_hook"], false);
    assert.equal(screens["biosecurity"], false);
    assert.equal(screens["injection_scan"], false);
    // Each switched-off screen is also a warning: work now goes through unscreened.
    const warnings = screens["warnings"] as string[];
    assert.equal(warnings.length, 4, JSON.stringify(warnings));
    for (const name of [
      "CELLGUARD_SAFETY=off",
      "CELLGUARD_INJECTION_SCAN",
      "CELLGUARD_BIOSECURITY",
      "CELLGUARD_SAFETY_AUDIT_HOOK",
    ]) {
      assert.ok(
        warnings.some((w) => w.startsWith(name)),
        `${name}: ${JSON.stringify(warnings)}`,
      );
    }
  });

  test("a configured model is shown by host and name, and the API key appears nowhere", async () => {
    const server = await ModelServer.start();
    try {
      const env = {
        CELLGUARD_SAFETY: "llm",
        CELLGUARD_MODEL_BASE_URL: server.baseUrl,
        CELLGUARD_MODEL: "test-model",
        CELLGUARD_MODEL_API_KEY: KEY,
      };
      const json = await doctor(["--json"], env);
      assert.equal(json.code, 0, json.stderr);
      const screens = (JSON.parse(json.stdout) as { screens: Record<string, unknown> }).screens;
      assert.equal(screens["llm_classifier"], true);
      assert.deepEqual(screens["model"], {
        configured: true,
        base_url_host: new URL(server.baseUrl).host,
        model: "test-model",
      });
      assert.deepEqual(screens["warnings"], []);
      const text = await doctor([], env);
      assert.equal(text.code, 0, text.stderr);
      assert.match(text.stdout, /^ {2}safety: {5}llm /mu);
      assert.match(
        text.stdout,
        new RegExp(`^ {2}model: {6}test-model at ${new URL(server.baseUrl).host}$`, "mu"),
      );
      for (const r of [json, text]) {
        assert.ok(!r.stdout.includes(KEY), "the API key is on stdout");
        assert.ok(!r.stderr.includes(KEY), "the API key is on stderr");
      }
      assert.equal(server.requests.length, 0, "doctor never calls the model");
    } finally {
      await server.close();
    }
  });

  test("configuration warnings are reported, including llm mode without a model", async () => {
    const r = await doctor(["--json"], {
      CELLGUARD_SAFETY: "llm",
      CELLGUARD_MODEL_TIMEOUT_MS: "soon",
    });
    assert.equal(r.code, 0, r.stderr);
    const warnings = (JSON.parse(r.stdout) as { screens: { warnings: string[] } }).screens.warnings;
    assert.equal(warnings.length, 2, JSON.stringify(warnings));
    assert.match(warnings[0] ?? "", /CELLGUARD_MODEL_TIMEOUT_MS must be a positive integer/u);
    assert.match(warnings[1] ?? "", /CELLGUARD_SAFETY is llm but no model is configured/u);
    const text = await doctor([], { CELLGUARD_SAFETY: "sometimes" });
    assert.match(text.stdout, /^ {2}model: {6}not configured$/mu);
    assert.match(
      text.stdout,
      /^ {2}WARNING: CELLGUARD_SAFETY must be one of heuristic, llm, off/mu,
    );
  });

  test("the text form lists the screens after the sandbox, then the secret store", async () => {
    const r = await doctor([], {});
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      /\n\nscreens\n {2}safety: {5}heuristic \(static signatures\)\n {2}audit hook: on\n {2}bio screen: on\n {2}injection: {2}on\n {2}model: {6}not configured\n\nsecret store\n/u,
    );
  });
});
