// The SQLite adapter and the Store: the database and its sidecars are 0600 whatever the umask, a
// symlinked database is refused, overwritten values leave no plaintext in the files after
// scrub(), and stored rows that are not what was written are reported, never echoed.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { isBuiltin } from "node:module";
import { join } from "node:path";
import {
  driverAvailable,
  openDatabase,
  StoreError,
  type SqliteDriver,
} from "../../src/store/sqlite.js";
import { DB_FILE_NAME, Store } from "../../src/store/store.js";
import { withTempDir, underUmask022, modeOf } from "../helpers/temp.js";

const runtimeHasNodeSqlite = isBuiltin("node:sqlite") && driverAvailable("node:sqlite");
const drivers: readonly SqliteDriver[] = ["node:sqlite", "better-sqlite3"];

function skipUnless(driver: SqliteDriver): string | false {
  if (driverAvailable(driver)) return false;
  return driver === "node:sqlite"
    ? `node:sqlite is not built into Node ${process.version}`
    : "better-sqlite3 does not load here (not installed, or its addon was built for another Node)";
}

function storeError(code: string, message?: RegExp): (error: unknown) => boolean {
  return (error) =>
    error instanceof StoreError &&
    error.code === code &&
    (message === undefined || message.test(error.message));
}

// The raw bytes of the database and its WAL, as anyone who can read the files would see them.
function fileBytes(dbPath: string): Buffer {
  const parts = [dbPath, `${dbPath}-wal`]
    .filter((path) => existsSync(path))
    .map((path) => readFileSync(path));
  return Buffer.concat(parts);
}

test("the driver in use is node:sqlite when the runtime has it, else better-sqlite3", (t) => {
  withTempDir("sqlite", (dir) => {
    const db = openDatabase(join(dir, "x.db"));
    try {
      t.diagnostic(`driver: ${db.driver} on Node ${process.version}`);
      assert.equal(db.driver, runtimeHasNodeSqlite ? "node:sqlite" : "better-sqlite3");
    } finally {
      db.close();
    }
  });
});

const missingDriver = drivers.find((driver) => !driverAvailable(driver));

test(
  "pinning a driver that does not load fails with an error naming both options",
  { skip: missingDriver === undefined ? "both drivers load in this runtime" : false },
  (t) => {
    const driver = missingDriver ?? "node:sqlite";
    t.diagnostic(`pinned driver: ${driver}`);
    withTempDir("sqlite", (dir) => {
      assert.throws(
        () => openDatabase(join(dir, "x.db"), { driver }),
        storeError("ERR_STORE_NO_DRIVER", /node:sqlite.*better-sqlite3/),
      );
      assert.equal(existsSync(join(dir, "x.db")), false, "nothing was created");
    });
  },
);

for (const driver of drivers) {
  describe(`openDatabase on ${driver}`, { skip: skipUnless(driver) }, () => {
    test("the database, -wal and -shm are 0600 and the directory 0700 under umask 022", () => {
      withTempDir("sqlite", (root) => {
        underUmask022(() => {
          const dir = join(root, "data");
          mkdirSync(dir, { mode: 0o755 });
          const path = join(dir, "x.db");
          const db = openDatabase(path, { driver });
          try {
            assert.equal(db.driver, driver);
            db.exec("CREATE TABLE t (v TEXT)");
            db.run("INSERT INTO t (v) VALUES (?)", "x");
            assert.equal(existsSync(`${path}-wal`), true, "WAL mode is on");
            assert.equal(existsSync(`${path}-shm`), true);
            assert.deepEqual(
              [path, `${path}-wal`, `${path}-shm`].map(modeOf),
              [0o600, 0o600, 0o600],
            );
            assert.equal(modeOf(dir), 0o700);
          } finally {
            db.close();
          }
        });
      });
    });

    test("an existing world-readable database file is narrowed to 0600 before SQLite opens it", () => {
      withTempDir("sqlite", (dir) => {
        const path = join(dir, "x.db");
        writeFileSync(path, "");
        chmodSync(path, 0o644);
        const db = openDatabase(path, { driver });
        try {
          db.exec("CREATE TABLE t (v TEXT)");
          assert.deepEqual([path, `${path}-wal`].map(modeOf), [0o600, 0o600]);
        } finally {
          db.close();
        }
      });
    });

    test("WAL, secure_delete and foreign_keys are on", () => {
      withTempDir("sqlite", (dir) => {
        const db = openDatabase(join(dir, "x.db"), { driver });
        try {
          assert.deepEqual(
            [
              db.get("PRAGMA journal_mode")?.["journal_mode"],
              db.get("PRAGMA secure_delete")?.["secure_delete"],
              db.get("PRAGMA foreign_keys")?.["foreign_keys"],
            ],
            ["wal", 1, 1],
          );
        } finally {
          db.close();
        }
      });
    });

    test("run, get and all bind parameters and read rows back", () => {
      withTempDir("sqlite", (dir) => {
        const db = openDatabase(join(dir, "x.db"), { driver });
        try {
          db.exec("CREATE TABLE t (k TEXT PRIMARY KEY, n INTEGER)");
          assert.equal(db.run("INSERT INTO t (k, n) VALUES (?, ?), (?, ?)", "a", 1, "b", 2), 2);
          assert.deepEqual({ ...db.get("SELECT n FROM t WHERE k = ?", "b") }, { n: 2 });
          assert.equal(db.get("SELECT n FROM t WHERE k = ?", "zz"), undefined);
          assert.deepEqual(
            db.all("SELECT k, n FROM t ORDER BY k").map((row) => ({ ...row })),
            [
              { k: "a", n: 1 },
              { k: "b", n: 2 },
            ],
          );
        } finally {
          db.close();
        }
      });
    });

    test("a symlinked database path is refused and its target left untouched", () => {
      withTempDir("sqlite", (dir) => {
        const target = join(dir, "elsewhere.db");
        writeFileSync(target, "");
        chmodSync(target, 0o644);
        symlinkSync(target, join(dir, "x.db"));
        assert.throws(
          () => openDatabase(join(dir, "x.db"), { driver }),
          storeError("ERR_STORE_SYMLINK", /symlink/),
        );
        assert.equal(modeOf(target), 0o644);
        assert.equal(statSync(target).size, 0);
      });
    });

    test("a dangling symlink at the database path is refused, and nothing is created at its target", () => {
      withTempDir("sqlite", (dir) => {
        symlinkSync(join(dir, "planted.db"), join(dir, "x.db"));
        assert.throws(
          () => openDatabase(join(dir, "x.db"), { driver }),
          storeError("ERR_STORE_SYMLINK"),
        );
        assert.equal(existsSync(join(dir, "planted.db")), false);
      });
    });

    test("a symlinked -wal sidecar is refused", () => {
      withTempDir("sqlite", (dir) => {
        symlinkSync(join(dir, "elsewhere"), join(dir, "x.db-wal"));
        assert.throws(
          () => openDatabase(join(dir, "x.db"), { driver }),
          storeError("ERR_STORE_SYMLINK", /x\.db-wal/),
        );
      });
    });

    test("a missing parent directory is refused, not created", () => {
      withTempDir("sqlite", (dir) => {
        assert.throws(
          () => openDatabase(join(dir, "missing", "x.db"), { driver }),
          storeError("ERR_STORE_PATH", /parent directory must exist/),
        );
        assert.equal(existsSync(join(dir, "missing")), false);
      });
    });

    test("a directory at the database path is refused", () => {
      withTempDir("sqlite", (dir) => {
        mkdirSync(join(dir, "x.db"));
        assert.throws(
          () => openDatabase(join(dir, "x.db"), { driver }),
          storeError("ERR_STORE_PATH", /regular file: current kind is dir/),
        );
      });
    });
  });

  describe(`Store on ${driver}`, { skip: skipUnless(driver) }, () => {
    test("after a value is overwritten and scrub() runs, neither the db nor the WAL holds the old bytes", () => {
      withTempDir("sqlite", (root) => {
        // 40 bytes, unique to this run, so a match can only come from this test's writes.
        const secret = `RESIDUE-${randomBytes(16).toString("hex")}`;
        assert.equal(Buffer.byteLength(secret), 40);
        const fragments = [secret, secret.slice(0, 20), secret.slice(20)];
        const store = Store.open(join(root, "data"), { driver });
        try {
          store.setSetting("api_key", secret);
          store.putConnector({ name: "github", env: { TOKEN: secret } });
          assert.equal(
            fileBytes(store.dbPath).includes(secret),
            true,
            "the plaintext is in the files before the overwrite (the search below can find it)",
          );
          store.setSetting("api_key", "secret://v2/settings/api_key");
          store.putConnector({ name: "github", env: { TOKEN: "secret://v2/connector/github" } });
          store.scrub();
          const bytes = fileBytes(store.dbPath);
          for (const fragment of fragments) {
            assert.equal(bytes.includes(fragment), false, `"${fragment}" left in the open files`);
          }
          assert.equal(store.getSetting("api_key"), "secret://v2/settings/api_key");
        } finally {
          store.close();
        }
        const after = fileBytes(join(root, "data", DB_FILE_NAME));
        for (const fragment of fragments) {
          assert.equal(after.includes(fragment), false, `"${fragment}" left after close`);
        }
      });
    });

    test("settings and connectors round-trip, replace in place and survive a reopen", () => {
      withTempDir("sqlite", (root) => {
        const dataDir = join(root, "data");
        const first = Store.open(dataDir, { driver });
        try {
          assert.equal(first.dbPath, join(dataDir, DB_FILE_NAME));
          assert.equal(first.driver, driver);
          assert.equal(first.getSetting("missing"), null);
          first.setSetting("b", "2");
          first.setSetting("a", "1");
          first.setSetting("b", "two");
          first.putConnector({ name: "slack", env: { TOKEN: "secret://v2/x", EMPTY: "" } });
          first.putConnector({ name: "github", env: { GH_TOKEN: "plain" } });
          first.putConnector({ name: "github", env: { GH_TOKEN: "secret://v2/y" } });
        } finally {
          first.close();
        }
        const second = Store.open(dataDir, { driver });
        try {
          assert.equal(second.getSetting("b"), "two");
          assert.deepEqual(second.listSettings(), [
            ["a", "1"],
            ["b", "two"],
          ]);
          assert.deepEqual(second.listConnectors(), [
            { name: "github", env: { GH_TOKEN: "secret://v2/y" } },
            { name: "slack", env: { TOKEN: "secret://v2/x", EMPTY: "" } },
          ]);
        } finally {
          second.close();
        }
      });
    });

    test("an env key named __proto__ stays an ordinary entry", () => {
      withTempDir("sqlite", (root) => {
        const store = Store.open(join(root, "data"), { driver });
        try {
          store.putConnector({ name: "odd", env: { ["__proto__"]: "v" } });
          const [row] = store.listConnectors();
          assert.deepEqual(Object.keys(row?.env ?? {}), ["__proto__"]);
          assert.equal(Object.getPrototypeOf(row?.env), Object.prototype);
        } finally {
          store.close();
        }
      });
    });

    test("Store.open creates the data directory 0700 and the database 0600 under umask 022", () => {
      withTempDir("sqlite", (root) => {
        underUmask022(() => {
          const dataDir = join(root, "nested", "data");
          const store = Store.open(dataDir, { driver });
          try {
            store.setSetting("k", "v");
            assert.equal(modeOf(dataDir), 0o700);
            assert.deepEqual(
              [store.dbPath, `${store.dbPath}-wal`, `${store.dbPath}-shm`].map(modeOf),
              [0o600, 0o600, 0o600],
            );
          } finally {
            store.close();
          }
        });
      });
    });

    // Each row is written through a raw connection, as a damaged or hand-edited file would be.
    const corrupt: readonly [string, string, RegExp][] = [
      ["not JSON", '{"TOKEN": "PLAINTEXT-MARKER"', /it is not valid JSON/],
      ["an array", '["PLAINTEXT-MARKER"]', /it is an array/],
      ["null", "null", /it is null/],
      ["a string", '"PLAINTEXT-MARKER"', /it is string/],
      ["a number value", '{"PORT": 8080}', /the value of PORT is number/],
      ["a nested object", '{"TOKEN": {"v": "PLAINTEXT-MARKER"}}', /the value of TOKEN is object/],
    ];
    for (const [label, text, state] of corrupt) {
      test(`a connector env that is ${label} is a clear error that does not echo the stored text`, () => {
        withTempDir("sqlite", (root) => {
          const dataDir = join(root, "data");
          Store.open(dataDir, { driver }).close();
          const raw = openDatabase(join(dataDir, DB_FILE_NAME), { driver });
          try {
            raw.run("INSERT INTO connectors (name, env) VALUES (?, ?)", "bad", text);
          } finally {
            raw.close();
          }
          const store = Store.open(dataDir, { driver });
          try {
            assert.throws(
              () => store.listConnectors(),
              (error: unknown) =>
                storeError("ERR_STORE_CORRUPT", state)(error) &&
                error instanceof Error &&
                /^Cannot read connector "bad": env must be a JSON object of strings: /.test(
                  error.message,
                ) &&
                !error.message.includes("PLAINTEXT-MARKER") &&
                error.cause === undefined,
            );
          } finally {
            store.close();
          }
        });
      });
    }

    test("a setting stored as a blob is a clear error, not a wrong value", () => {
      withTempDir("sqlite", (root) => {
        const dataDir = join(root, "data");
        Store.open(dataDir, { driver }).close();
        const raw = openDatabase(join(dataDir, DB_FILE_NAME), { driver });
        try {
          raw.exec("INSERT INTO settings (key, value) VALUES ('k', X'00ff')");
        } finally {
          raw.close();
        }
        const store = Store.open(dataDir, { driver });
        try {
          assert.throws(
            () => store.getSetting("k"),
            storeError("ERR_STORE_CORRUPT", /setting "k": column value must be text/),
          );
        } finally {
          store.close();
        }
      });
    });
  });
}
