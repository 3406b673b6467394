// npm run bench (fourth part): the credential broker. The median `get` per backend available
// here (a private Secret Service, environment injection), beside `secret-tool lookup` run bare
// in the same run; how long a locked keyring and a dead bus take to fail closed; and the time to
// migrate 1,000 plaintext settings into the Secret Service. A
// benchmark, not a test: exit 1 only when a row that must run could not.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SecretBroker } from "../src/secrets/broker.js";
import { envInjectionBackend } from "../src/secrets/backends/env-injection.js";
import { migrateSettingsSecrets } from "../src/secrets/migration.js";
import { injectionVariable, storeNamespace } from "../src/secrets/refs.js";
import { Store } from "../src/store/store.js";
import { keyringSkipReason, startPrivateKeyring } from "../test/helpers/keyring.js";
import { align } from "./render.js";
import { summarize, type Summary } from "./stats.js";

const GETS = 50;
const ENV_GETS = 2_000;
const FAIL_CLOSED_RUNS = 10;
const SETTINGS = Number(process.env["BENCH_MIGRATE_SETTINGS"] ?? 1_000);

async function main(): Promise<number> {
  console.log("cellguard credential benchmark");
  const skip = keyringSkipReason();
  if (skip !== null) {
    console.log(`skipped: ${skip}`);
    return 1;
  }
  const keyring = await startPrivateKeyring();
  const root = mkdtempSync(join(tmpdir(), "cellguard-secrets-bench-"));
  try {
    const store = Store.open(join(root, "data"));
    console.log(`store   SQLite through ${store.driver}`);
    const broker = await SecretBroker.open({ store, env: keyring.env });
    const ref = await broker.put("bench", "api_key", "sk-bench-0123456789abcdef");
    const ns = storeNamespace(store.dbPath);

    const brokerGets: number[] = [];
    const bareLookups: number[] = [];
    for (let i = 0; i < GETS; i += 1) {
      // Interleaved, so both see the same machine.
      let t = performance.now();
      await broker.get(ref);
      brokerGets.push(performance.now() - t);
      t = performance.now();
      await lookupBare(keyring.env, ns);
      bareLookups.push(performance.now() - t);
    }

    const envVars = { [injectionVariable(ns, "bench", "api_key")]: "sk-env" };
    const envBroker = await SecretBroker.open({
      store,
      env: { ...envVars, CELLGUARD_SECRET_STORE: "env" },
      backends: [envInjectionBackend(envVars)],
    });
    const envGets: number[] = [];
    for (let i = 0; i < ENV_GETS; i += 1) {
      const t = performance.now();
      await envBroker.get(ref);
      envGets.push(performance.now() - t);
    }

    const settings: Record<string, string> = {};
    for (let i = 0; i < SETTINGS; i += 1) {
      const key = `bench_key_${i}`;
      settings[key] = "bench";
      store.setSetting(key, `sk-plain-${i}-0123456789abcdef`);
    }
    const t = performance.now();
    const report = await migrateSettingsSecrets(store, broker, { settings });
    const migrateMs = performance.now() - t;
    if (!report.ok || report.migrated.length !== SETTINGS) {
      throw new Error(
        `the migration did not complete: ${JSON.stringify(report.failed.slice(0, 3))}`,
      );
    }
    // Failing closed must not mean waiting out the helper's timeout: a locked collection is
    // detected by its Locked property, a missing bus by secret-tool's own error.
    const lockedReads: number[] = [];
    keyring.lock();
    try {
      for (let i = 0; i < FAIL_CLOSED_RUNS; i += 1) {
        const t0 = performance.now();
        const failed = await broker.get(ref).then(
          () => false,
          () => true,
        );
        lockedReads.push(performance.now() - t0);
        if (!failed) throw new Error("a read from the locked keyring did not fail");
      }
    } finally {
      await keyring.unlock();
    }
    const deadBus = { ...keyring.env, DBUS_SESSION_BUS_ADDRESS: "unix:path=/nonexistent/bus" };
    const noBusOpens: number[] = [];
    for (let i = 0; i < FAIL_CLOSED_RUNS; i += 1) {
      const t0 = performance.now();
      const refused = await SecretBroker.open({ store, env: deadBus }).then(
        () => false,
        () => true,
      );
      noBusOpens.push(performance.now() - t0);
      if (!refused) throw new Error("a broker opened without a session bus");
    }
    store.close();

    const ss = summarize(brokerGets);
    const bare = summarize(bareLookups);
    const env = summarize(envGets);
    const rows: [string, Summary, string][] = [
      [
        "broker.get, Secret Service",
        ss,
        `${(ss.medianMs / bare.medianMs).toFixed(2)}× bare lookup`,
      ],
      ["secret-tool lookup, bare spawn", bare, "anchor"],
      ["broker.get, environment injection", env, ""],
      ["broker.get, locked keyring (fails closed)", summarize(lockedReads), "helper timeout 10 s"],
      ["SecretBroker.open, dead bus (refuses)", summarize(noBusOpens), "helper timeout 10 s"],
    ];
    console.log("");
    for (const line of align(
      [
        ["", "n", "median ms", "p25–p75 ms", "vs anchor (same run)"],
        ...rows.map(([label, s, note]) => [
          `  ${label}`,
          String(s.n),
          s.medianMs.toFixed(3),
          `${s.p25Ms.toFixed(3)}–${s.p75Ms.toFixed(3)}`,
          note,
        ]),
      ],
      new Set([1, 2]),
    )) {
      console.log(line);
    }
    console.log(
      `\nmigrate ${SETTINGS} settings into the Secret Service (write, read back, replace, scrub): ${(migrateMs / 1000).toFixed(1)} s, ${(migrateMs / SETTINGS).toFixed(1)} ms per setting (${(migrateMs / SETTINGS / bare.medianMs).toFixed(2)}× one bare lookup)`,
    );
    console.log(
      JSON.stringify({
        secret_service_get_ms: ss.medianMs,
        secret_tool_lookup_ms: bare.medianMs,
        env_get_ms: env.medianMs,
        locked_read_fails_ms: summarize(lockedReads).medianMs,
        dead_bus_refuses_ms: summarize(noBusOpens).medianMs,
        migrate_settings: SETTINGS,
        migrate_ms: migrateMs,
      }),
    );
    return 0;
  } finally {
    keyring.stop();
    rmSync(root, { recursive: true, force: true });
  }
}

function lookupBare(env: NodeJS.ProcessEnv, ns: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "secret-tool",
      [
        "lookup",
        "service",
        "cellguard",
        "version",
        "v2",
        "namespace",
        ns,
        "scope",
        "bench",
        "name",
        "api_key",
      ],
      { env, stdio: ["ignore", "pipe", "ignore"] },
    );
    child.stdout.resume();
    child.once("error", reject);
    child.once("close", (code) =>
      code === 0 ? resolve() : reject(new Error(`secret-tool lookup exited ${String(code)}`)),
    );
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `credential benchmark failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
