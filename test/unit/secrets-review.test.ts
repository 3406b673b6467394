// Cases an adversarial review found: slots that two connector variables could share, a store that
// keeps a different value than it was given, a data directory someone else owns or shares, a
// scrub another reader blocks, and a macOS keychain that fails for another reason than absence.
import assert from "node:assert/strict";
import {
  chmodSync,
  chownSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { SecretBackend } from "../../src/secrets/backend.js";
import { macosKeychainBackend } from "../../src/secrets/backends/macos-keychain.js";
import { memoryBackend } from "../../src/secrets/backends/memory.js";
import { SecretBroker } from "../../src/secrets/broker.js";
import { SecretBrokerError, SecretInputError } from "../../src/secrets/errors.js";
import { migrateConnectorEnv, migrateSettingsSecrets } from "../../src/secrets/migration.js";
import { openDatabase } from "../../src/store/sqlite.js";
import { Store, StoreError } from "../../src/store/store.js";

const roots: string[] = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
const scratch = (): string => {
  const root = mkdtempSync(join(tmpdir(), "cellguard-review-"));
  roots.push(root);
  return root;
};
const isRoot = process.getuid?.() === 0;
const notRoot = isRoot ? false : "needs root to give a directory or file to another user";

describe("credential review cases", () => {
  test("two connector variables whose dotted names coincide keep separate secrets", async () => {
    const store = Store.open(join(scratch(), "data"));
    try {
      store.putConnector({ name: "a", env: { "b.C": "value-of-a" } });
      store.putConnector({ name: "a.b", env: { C: "value-of-a.b" } });
      const broker = await SecretBroker.open({ store, env: {}, backends: [memoryBackend()] });
      const report = await migrateConnectorEnv(store, broker);
      assert.deepEqual(report.failed, []);
      const byName = new Map(store.listConnectors().map((c) => [c.name, c.env]));
      assert.equal(await broker.get(byName.get("a")?.["b.C"] ?? ""), "value-of-a");
      assert.equal(await broker.get(byName.get("a.b")?.["C"] ?? ""), "value-of-a.b");
    } finally {
      store.close();
    }
  });

  test("a secret over 8 KiB is refused before any store sees it", async () => {
    const store = Store.open(join(scratch(), "data"));
    const calls: string[] = [];
    const inner = memoryBackend();
    const spy: SecretBackend = {
      ...inner,
      put: (...a) => (calls.push("put"), inner.put(...a)),
    };
    try {
      const broker = await SecretBroker.open({ store, env: {}, backends: [spy] });
      calls.length = 0;
      await assert.rejects(() => broker.put("llm", "k", "x".repeat(8193)), SecretInputError);
      assert.deepEqual(calls, []);
      assert.match(await broker.put("llm", "k", "x".repeat(8192)), /^secret:\/\/v2\//);
    } finally {
      store.close();
    }
  });

  test("a store that keeps a different value than it was given fails the put", async () => {
    const store = Store.open(join(scratch(), "data"));
    const inner = memoryBackend();
    let truncate = false;
    const cutting: SecretBackend = {
      ...inner,
      name: "cutting",
      put: (ns, scope, name, secret) =>
        inner.put(ns, scope, name, truncate ? secret.slice(0, 4) : secret),
    };
    try {
      const broker = await SecretBroker.open({ store, env: {}, backends: [cutting] });
      truncate = true;
      await assert.rejects(
        () => broker.put("llm", "k", "0123456789"),
        (e: unknown) => {
          assert.ok(e instanceof SecretBrokerError);
          assert.match(e.message, /did not keep the value/);
          assert.ok(!e.message.includes("0123"));
          return true;
        },
      );
    } finally {
      store.close();
    }
  });

  test("a shared (sticky) directory is refused and left exactly as it was", () => {
    const shared = join(scratch(), "shared");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    assert.throws(
      () => Store.open(shared),
      (e: unknown) => e instanceof StoreError && /shared/.test(e.message),
    );
    assert.equal(statSync(shared).mode & 0o7777, 0o1777);
  });

  test("a data directory another user owns is refused and not touched", { skip: notRoot }, () => {
    const foreign = join(scratch(), "foreign");
    mkdirSync(foreign, { mode: 0o777 });
    chmodSync(foreign, 0o777);
    chownSync(foreign, 65534, 65534);
    assert.throws(
      () => Store.open(foreign),
      (e: unknown) => e instanceof StoreError && /belongs to uid 65534/.test(e.message),
    );
    assert.equal(statSync(foreign).mode & 0o777, 0o777);
  });

  test(
    "a sidecar another user planted is refused before anything is written",
    { skip: notRoot },
    () => {
      const dir = join(scratch(), "data");
      mkdirSync(dir, { mode: 0o700 });
      const planted = join(dir, "cellguard.db-wal");
      writeFileSync(planted, "");
      chmodSync(planted, 0o666);
      chownSync(planted, 65534, 65534);
      assert.throws(
        () => Store.open(dir),
        (e: unknown) =>
          e instanceof StoreError && /cellguard\.db-wal is owned by uid 65534/.test(e.message),
      );
    },
  );

  test("a scrub that another reader blocks reports itself incomplete, and so does the migration", async () => {
    const dir = join(scratch(), "data");
    const store = Store.open(dir);
    const reader = openDatabase(join(dir, "cellguard.db"));
    try {
      store.setSetting("llm_api_key", "sk-blocked-0123456789");
      reader.exec("BEGIN");
      reader.get("SELECT count(*) AS n FROM settings");
      const broker = await SecretBroker.open({ store, env: {}, backends: [memoryBackend()] });
      const report = await migrateSettingsSecrets(store, broker);
      assert.equal(report.scrubbed, false);
      assert.equal(report.ok, false);
      reader.exec("COMMIT");
      assert.equal(store.scrub(), true);
    } finally {
      reader.close();
      store.close();
    }
  });

  test("a macOS keychain that fails for another reason than 'not found' is an error, not 'no secret'", async () => {
    const dir = scratch();
    const fake = join(dir, "security");
    // exit 36: errSecInteractionNotAllowed, a locked keychain; 44 would be "not found".
    writeFileSync(fake, "#!/bin/sh\ncat >/dev/null\nexit 36\n", { mode: 0o755 });
    const backend = macosKeychainBackend({
      security: fake,
      env: { PATH: "/usr/bin:/bin" },
      isDarwin: true,
    });
    await assert.rejects(() => backend.get("0".repeat(32), "llm", "k"), SecretBrokerError);
    await assert.rejects(() => backend.delete("0".repeat(32), "llm", "k"), SecretBrokerError);
    writeFileSync(fake, "#!/bin/sh\ncat >/dev/null\nexit 44\n", { mode: 0o755 });
    assert.equal(await backend.get("0".repeat(32), "llm", "k"), null);
    await backend.delete("0".repeat(32), "llm", "k");
  });
});
