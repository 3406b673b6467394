// The screening configuration never throws: a bad value falls back to its documented default
// and is reported as a warning naming the variable. The model is configured only when a model
// name and a usable base URL resolve, and the API key never appears in any output.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_MODEL_BASE_URL,
  DEFAULT_MODEL_TIMEOUT_MS,
  describeModel,
  parseFlag,
  readScreenConfig,
  switchedOffScreens,
} from "../../src/config/screen-config.js";

const KEY = "sk-test-SECRET-0123456789abcdef";

describe("readScreenConfig: modes and flags", () => {
  test("defaults: heuristic, audit hook, biosecurity and injection scan on, no model", () => {
    const config = readScreenConfig({});
    assert.deepEqual(config, {
      safetyMode: "heuristic",
      auditHook: true,
      biosecurity: true,
      injectionScan: true,
      codeGateEnabled: true,
      useLlmClassifier: false,
      model: null,
      warnings: [],
    });
  });

  test("CELLGUARD_SAFETY=off disables the code gate; llm enables the model classifier", () => {
    const off = readScreenConfig({ CELLGUARD_SAFETY: " OFF " });
    assert.equal(off.safetyMode, "off");
    assert.equal(off.codeGateEnabled, false);
    const llm = readScreenConfig({ CELLGUARD_SAFETY: "llm" });
    assert.equal(llm.useLlmClassifier, true);
    assert.equal(llm.codeGateEnabled, true);
  });

  test("an unknown safety mode falls back to heuristic with a warning naming variable and value", () => {
    const config = readScreenConfig({ CELLGUARD_SAFETY: "paranoid" });
    assert.equal(config.safetyMode, "heuristic");
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0] ?? "", /CELLGUARD_SAFETY/);
    assert.match(config.warnings[0] ?? "", /"paranoid"/);
  });

  test("a warning makes control characters in the bad value visible", () => {
    const config = readScreenConfig({ CELLGUARD_SAFETY: "x\u001b[2Jy" });
    assert.ok(!(config.warnings[0] ?? "").includes("\u001b"));
    assert.match(config.warnings[0] ?? "", /\\u001b/);
  });

  for (const value of ["0", "false", "NO", " off ", ""]) {
    test(`flag value ${JSON.stringify(value)} turns a layer off`, () => {
      const config = readScreenConfig({
        CELLGUARD_SAFETY_AUDIT_HOOK: value,
        CELLGUARD_BIOSECURITY: value,
        CELLGUARD_INJECTION_SCAN: value,
      });
      assert.equal(config.auditHook, false);
      assert.equal(config.biosecurity, false);
      assert.equal(config.injectionScan, false);
    });
  }

  for (const value of ["1", "true", "yes", "on", "enabled", "maybe"]) {
    test(`flag value ${JSON.stringify(value)} keeps a layer on`, () => {
      assert.equal(parseFlag(value), true);
    });
  }

  test("the environment is read when called, not when the module is imported", () => {
    const env: NodeJS.ProcessEnv = {};
    assert.equal(readScreenConfig(env).biosecurity, true);
    env["CELLGUARD_BIOSECURITY"] = "0";
    assert.equal(readScreenConfig(env).biosecurity, false);
  });
});

describe("readScreenConfig: model", () => {
  test("a local server needs no API key", () => {
    const config = readScreenConfig({
      CELLGUARD_MODEL: "llama3",
      CELLGUARD_MODEL_BASE_URL: "http://127.0.0.1:11434/v1/",
    });
    assert.deepEqual(config.model, {
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama3",
      timeoutMs: DEFAULT_MODEL_TIMEOUT_MS,
    });
    assert.deepEqual(config.warnings, []);
  });

  test("an API key alone selects the default OpenAI base URL", () => {
    const config = readScreenConfig({ CELLGUARD_MODEL: "gpt-x", CELLGUARD_MODEL_API_KEY: KEY });
    assert.equal(config.model?.baseUrl, DEFAULT_MODEL_BASE_URL);
    assert.equal(config.model?.apiKey, KEY);
  });

  test("OPENAI_BASE_URL and OPENAI_API_KEY are the fallbacks", () => {
    const config = readScreenConfig({
      CELLGUARD_MODEL: "m",
      OPENAI_BASE_URL: "https://proxy.example/v1",
      OPENAI_API_KEY: KEY,
    });
    assert.equal(config.model?.baseUrl, "https://proxy.example/v1");
    assert.equal(config.model?.apiKey, KEY);
  });

  test("OPENAI_API_KEY is never sent to a server named by CELLGUARD_MODEL_BASE_URL", () => {
    const config = readScreenConfig({
      CELLGUARD_MODEL: "m",
      CELLGUARD_MODEL_BASE_URL: "http://10.0.0.9:8000/v1",
      OPENAI_API_KEY: KEY,
    });
    assert.equal(config.model?.baseUrl, "http://10.0.0.9:8000/v1");
    assert.equal(config.model?.apiKey, undefined);
  });

  test("no model name means no model, even with a key and base URL", () => {
    const config = readScreenConfig({ OPENAI_API_KEY: KEY, OPENAI_BASE_URL: "https://x/v1" });
    assert.equal(config.model, null);
  });

  test("a model name without any base URL or key is unconfigured, with a warning", () => {
    const config = readScreenConfig({ CELLGUARD_MODEL: "m" });
    assert.equal(config.model, null);
    assert.match(config.warnings.join("\n"), /no base URL resolves/);
  });

  for (const [label, url] of [
    ["a non-http scheme", "ftp://example.com/v1"],
    ["a string that is not a URL", "not a url"],
    ["credentials in the URL", "https://user:pw@example.com/v1"],
    ["a query string", "https://example.com/v1?key=abc"],
  ] as const) {
    test(`a base URL with ${label} leaves the model unconfigured and warns without the key`, () => {
      const config = readScreenConfig({
        CELLGUARD_MODEL: "m",
        CELLGUARD_MODEL_BASE_URL: url,
        CELLGUARD_MODEL_API_KEY: KEY,
      });
      assert.equal(config.model, null);
      assert.equal(config.warnings.length, 1);
      assert.match(config.warnings[0] ?? "", /CELLGUARD_MODEL_BASE_URL/);
      assert.ok(!config.warnings.join("\n").includes(KEY));
      assert.ok(!config.warnings.join("\n").includes("pw@"));
    });
  }

  test("CELLGUARD_MODEL_TIMEOUT_MS sets the per-call limit", () => {
    const config = readScreenConfig({
      CELLGUARD_MODEL: "m",
      CELLGUARD_MODEL_BASE_URL: "http://127.0.0.1:1/v1",
      CELLGUARD_MODEL_TIMEOUT_MS: " 1500 ",
    });
    assert.equal(config.model?.timeoutMs, 1500);
  });

  for (const bad of ["0", "-5", "1.5", "10s", "99999999999"]) {
    test(`timeout ${JSON.stringify(bad)} falls back to the default with a warning`, () => {
      const config = readScreenConfig({
        CELLGUARD_MODEL: "m",
        CELLGUARD_MODEL_BASE_URL: "http://127.0.0.1:1/v1",
        CELLGUARD_MODEL_TIMEOUT_MS: bad,
      });
      assert.equal(config.model?.timeoutMs, DEFAULT_MODEL_TIMEOUT_MS);
      assert.match(config.warnings.join("\n"), /CELLGUARD_MODEL_TIMEOUT_MS/);
    });
  }

  test("plain http to a remote host with a key is allowed but warned about", () => {
    const config = readScreenConfig({
      CELLGUARD_MODEL: "m",
      CELLGUARD_MODEL_BASE_URL: "http://models.example:8000/v1",
      CELLGUARD_MODEL_API_KEY: KEY,
    });
    assert.notEqual(config.model, null);
    assert.match(config.warnings.join("\n"), /unencrypted/);
    assert.ok(!config.warnings.join("\n").includes(KEY));
  });
});

describe("describeModel", () => {
  test("shows host and model, never the key or the path", () => {
    const config = readScreenConfig({
      CELLGUARD_MODEL: "gpt-x",
      CELLGUARD_MODEL_BASE_URL: "https://models.example:8443/secret-path/v1",
      CELLGUARD_MODEL_API_KEY: KEY,
    });
    const description = describeModel(config.model);
    assert.deepEqual(description, {
      configured: true,
      base_url_host: "models.example:8443",
      model: "gpt-x",
    });
    assert.ok(!JSON.stringify(description).includes(KEY));
    assert.deepEqual(describeModel(config), description, "the whole configuration works too");
  });

  test("an absent model is reported as unconfigured", () => {
    assert.deepEqual(describeModel(null), { configured: false });
  });
});

describe("switchedOffScreens", () => {
  test("nothing is said with every screen on", () => {
    assert.deepEqual(switchedOffScreens(readScreenConfig({})), []);
    assert.deepEqual(switchedOffScreens(readScreenConfig({ CELLGUARD_SAFETY: "llm" })), []);
  });

  test("each screen switched off is one line naming its variable", () => {
    const off = switchedOffScreens(
      readScreenConfig({ CELLGUARD_SAFETY: "off", CELLGUARD_INJECTION_SCAN: "false" }),
    );
    assert.equal(off.length, 2);
    assert.match(off[0] ?? "", /^CELLGUARD_SAFETY=off: the code classifier is off/);
    assert.match(off[1] ?? "", /^CELLGUARD_INJECTION_SCAN is off/);
  });
});
