// References, the broker's ownership rules and backend choice, environment injection and the
// plaintext opt-in: without any keychain (the memory backend and fakes stand in).
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { SecretBackend } from "../../src/secrets/backend.js";
import { envInjectionBackend } from "../../src/secrets/backends/env-injection.js";
import { memoryBackend } from "../../src/secrets/backends/memory.js";
import { parseSecretStoreMode, SecretBroker } from "../../src/secrets/broker.js";
import { SecretInputError, SecretStoreUnavailable } from "../../src/secrets/errors.js";
import {
  injectionVariable,
  isRef,
  makeRef,
  parseRef,
  storeNamespace,
} from "../../src/secrets/refs.js";
import { Store } from "../../src/store/store.js";

const CANARY = "sk-canary-漢$value-0123456789";
const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function freshStore(): Store {
  const root = mkdtempSync(join(tmpdir(), "cellguard-secrets-"));
  roots.push(root);
  return Store.open(join(root, "data"));
}

describe("references", () => {
  test("the namespace is the same through a symlinked alias and differs for a copy elsewhere", () => {
    const root = mkdtempSync(join(tmpdir(), "cellguard-ns-"));
    roots.push(root);
    symlinkSync(root, `${root}-alias`);
    roots.push(`${root}-alias`);
    const ns = storeNamespace(join(root, "cellguard.db"));
    assert.match(ns, /^[0-9a-f]{32}$/);
    assert.equal(storeNamespace(join(`${root}-alias`, "cellguard.db")), ns);
    assert.notEqual(storeNamespace(join(root, "copy", "cellguard.db")), ns);
  });

  test("makeRef, parseRef and isRef agree; the path never appears in a reference", () => {
    const ns = storeNamespace("/srv/data/cellguard.db");
    const ref = makeRef("llm", "api_key", ns);
    assert.equal(ref, `secret://v2/${ns}/llm/api_key`);
    assert.ok(!ref.includes("srv"));
    assert.deepEqual(parseRef(ref), { version: 2, namespace: ns, scope: "llm", name: "api_key" });
    assert.deepEqual(parseRef("secret://v1/llm/api_key"), {
      version: 1,
      namespace: null,
      scope: "llm",
      name: "api_key",
    });
    assert.equal(isRef(ref), true);
    assert.equal(isRef("sk-plain"), false);
  });

  test("malformed references, forbidden characters and bad namespaces are named errors that echo no value", () => {
    for (const bad of ["", "nope", "secret://", "secret://v1/onlyscope", "secret://v2/abc/x/y"]) {
      assert.throws(() => parseRef(bad), SecretInputError, bad);
    }
    assert.throws(
      () => parseRef(`secret://v1/${CANARY}`),
      (e: unknown) => {
        assert.ok(e instanceof SecretInputError);
        assert.ok(!e.message.includes(CANARY));
        return true;
      },
    );
    assert.throws(() => makeRef("my scope", "x"), /contains " "/);
    assert.throws(() => makeRef("llm", "a/b$c"), /contains "\$", "\/"/);
    assert.throws(() => makeRef("", "x"), /must not be empty/);
  });

  test("injected variable names collapse separators and upper-case", () => {
    assert.equal(injectionVariable("", "llm", "llm_api_key"), "CELLGUARD_SECRET_LLM_LLM_API_KEY");
    assert.equal(
      injectionVariable("", "connector_env", "lab.LAB_TOKEN"),
      "CELLGUARD_SECRET_CONNECTOR_ENV_LAB_LAB_TOKEN",
    );
    assert.equal(injectionVariable("", "a", "x..y"), injectionVariable("", "a", "x__y"));
    assert.equal(
      injectionVariable("0123456789abcdef0123456789abcdef", "llm", "key"),
      "CELLGUARD_SECRET_V2_0123456789ABCDEF0123456789ABCDEF_LLM_KEY",
    );
  });
});

describe("SecretBroker", () => {
  test("an unknown CELLGUARD_SECRET_STORE is an error naming the variable and the values", () => {
    assert.throws(
      () => parseSecretStoreMode("vault"),
      /CELLGUARD_SECRET_STORE must be one of auto, keychain, env, plaintext: current value is "vault"/,
    );
    assert.equal(parseSecretStoreMode(" "), "auto");
  });

  test("put returns a v2 reference bound to this database; get and delete round-trip", async () => {
    const store = freshStore();
    const broker = await SecretBroker.open({ store, env: {}, backends: [memoryBackend()] });
    const ref = await broker.put("llm", "api_key", CANARY);
    assert.equal(ref, makeRef("llm", "api_key", storeNamespace(store.dbPath)));
    assert.equal(
      await broker.put("llm", "api_key", "other"),
      ref,
      "the same scope and name give the same ref",
    );
    assert.equal(await broker.get(ref), "other");
    await broker.delete(ref);
    assert.equal(await broker.get(ref), null);
    store.close();
  });

  test("a foreign namespace reads as null without calling the backend, and needs re-entry", async () => {
    const store = freshStore();
    const calls: string[] = [];
    const spy = spying(memoryBackend(), calls);
    const broker = await SecretBroker.open({ store, env: {}, backends: [spy] });
    calls.length = 0;
    const foreign = makeRef("llm", "api_key", "f".repeat(32));
    assert.equal(await broker.get(foreign), null);
    assert.equal(await broker.delete(foreign), false);
    assert.deepEqual(calls, []);
    assert.equal(broker.refRequiresReentry(foreign), true);
    store.close();
  });

  test("an ownerless v1 slot is never read or deleted from a system store", async () => {
    const store = freshStore();
    const calls: string[] = [];
    const broker = await SecretBroker.open({
      store,
      env: {},
      backends: [spying(memoryBackend(), calls)],
    });
    calls.length = 0;
    assert.equal(await broker.get("secret://v1/llm/api_key"), null);
    assert.equal(await broker.delete("secret://v1/llm/api_key"), false);
    assert.deepEqual(calls, []);
    assert.equal(broker.refRequiresReentry("secret://v1/llm/api_key"), true);
    store.close();
  });

  test("a secret with a newline is refused and nothing is written", async () => {
    const store = freshStore();
    const calls: string[] = [];
    const broker = await SecretBroker.open({
      store,
      env: {},
      backends: [spying(memoryBackend(), calls)],
    });
    calls.length = 0;
    await assert.rejects(
      () => broker.put("llm", "k", "line1\nline2"),
      (e: unknown) => {
        assert.ok(e instanceof SecretInputError);
        assert.ok(!e.message.includes("line1"));
        return true;
      },
    );
    assert.deepEqual(calls, []);
    store.close();
  });

  test("the backend is chosen by a round trip: one that loses what it stores is skipped, with the reason", async () => {
    const store = freshStore();
    const forgetful: SecretBackend = {
      ...memoryBackend(),
      name: "forgetful",
      get: () => Promise.resolve(null),
    };
    const broker = await SecretBroker.open({
      store,
      env: {},
      backends: [forgetful, memoryBackend()],
    });
    assert.equal(broker.backend, "memory");
    assert.match(broker.posture().detail, /memory verified by a round-trip self-test/);
    store.close();
  });

  test("auto with no usable backend refuses with guidance, writes nothing and never names a secret", async () => {
    const store = freshStore();
    const broken: SecretBackend = {
      ...memoryBackend(),
      name: "broken",
      put: () => Promise.reject(new Error("keyring is locked")),
    };
    await assert.rejects(
      () => SecretBroker.open({ store, env: {}, backends: [broken] }),
      (e: unknown) => {
        assert.ok(e instanceof SecretStoreUnavailable);
        assert.match(
          e.message,
          /refusing to handle credentials without a secure store \(broken present but unusable: keyring is locked\)/,
        );
        assert.match(e.message, /CELLGUARD_SECRET_V2_[0-9A-F]{32}_<SCOPE>_<NAME>/);
        assert.match(e.message, /CELLGUARD_SECRET_ENV=1/);
        assert.match(e.message, /CELLGUARD_SECRET_STORE=plaintext/);
        return true;
      },
    );
    assert.deepEqual(store.listSettings(), []);
    store.close();
  });

  test("plaintext is used only when named, and says it is not secure", async () => {
    const store = freshStore();
    const broker = await SecretBroker.open({ store, env: { CELLGUARD_SECRET_STORE: "plaintext" } });
    assert.deepEqual(
      { backend: broker.posture().backend, secure: broker.posture().secure },
      { backend: "plaintext-db", secure: false },
    );
    const ref = await broker.put("llm", "api_key", CANARY);
    assert.equal(await broker.get(ref), CANARY);
    store.close();
  });

  test("env mode reads the namespaced variable first, then the legacy one, and refuses to store", async () => {
    const store = freshStore();
    const ns = storeNamespace(store.dbPath);
    const env = {
      CELLGUARD_SECRET_STORE: "env",
      [injectionVariable(ns, "llm", "api_key")]: "from-v2",
      CELLGUARD_SECRET_SEARCH_KEY: "from-legacy",
    };
    const broker = await SecretBroker.open({
      store,
      env,
      backends: [memoryBackend(), envInjectionBackend(env)],
    });
    assert.equal(broker.backend, "env-injection");
    assert.equal(await broker.get(makeRef("llm", "api_key", ns)), "from-v2");
    assert.equal(await broker.get(makeRef("search", "key", ns)), "from-legacy");
    assert.equal(await broker.get("secret://v1/search/key"), "from-legacy");
    await assert.rejects(
      () => broker.put("llm", "api_key", "x"),
      new RegExp(injectionVariable(ns, "llm", "api_key")),
    );
    store.close();
  });

  test("keychain mode never accepts the environment, env mode never a writable store", async () => {
    const store = freshStore();
    const env = { CELLGUARD_SECRET_ENV: "1" };
    await assert.rejects(
      () =>
        SecretBroker.open({
          store,
          env: { ...env, CELLGUARD_SECRET_STORE: "keychain" },
          backends: [envInjectionBackend(env)],
        }),
      SecretStoreUnavailable,
    );
    await assert.rejects(
      () =>
        SecretBroker.open({
          store,
          env: { CELLGUARD_SECRET_STORE: "env" },
          backends: [memoryBackend()],
        }),
      SecretStoreUnavailable,
    );
    store.close();
  });

  test("there is no obfuscated-file backend among the defaults", async () => {
    const { defaultBackends } = await import("../../src/secrets/default-backends.js");
    const names = defaultBackends({}).map((b) => b.name);
    assert.deepEqual(names, ["macos-keychain", "secret-service", "windows-dpapi", "env-injection"]);
    for (const backend of defaultBackends({})) {
      assert.ok(backend.secure, `${backend.name} must not be an insecure default`);
    }
  });
});

function spying(backend: SecretBackend, calls: string[]): SecretBackend {
  return {
    ...backend,
    put: (...a) => (calls.push("put"), backend.put(...a)),
    get: (...a) => (calls.push("get"), backend.get(...a)),
    delete: (...a) => (calls.push("delete"), backend.delete(...a)),
  };
}
