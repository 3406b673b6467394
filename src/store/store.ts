// The embedded credential store: settings and connectors in one SQLite database inside an
// owner-only data directory. Rows hold references once migrated; until then they may hold
// plaintext, which is why the connection runs with secure_delete and `scrub()` exists.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DATABASE_FILE } from "../config/data-dir.js";
import { hardenDb } from "./permissions.js";
import {
  openDatabase,
  StoreError,
  type OpenDatabaseOptions,
  type SqliteDb,
  type SqliteDriver,
} from "./sqlite.js";
import type { ConnectorRow, CredentialStore } from "./types.js";

export { StoreError } from "./sqlite.js";

/** `cellguard.db`: the one name, shared with the sandbox's data-directory deny list. */
export const DB_FILE_NAME = DATABASE_FILE;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS connectors (name TEXT PRIMARY KEY, env TEXT NOT NULL);
`;

export class Store implements CredentialStore {
  readonly dbPath: string;
  readonly #db: SqliteDb;

  private constructor(dbPath: string, db: SqliteDb) {
    this.dbPath = dbPath;
    this.#db = db;
  }

  /**
   * Opens the store in `dataDir`, creating the directory (0700) and `cellguard.db` (0600) when
   * absent, and the tables when missing. `options.driver` pins the SQLite driver.
   *
   * @throws {StoreError} when the database cannot be opened safely (see `openDatabase`).
   * @example
   * ```ts
   * const store = Store.open("/home/me/.local/share/cellguard");
   * store.setSetting("model", "small");
   * store.getSetting("model"); // "small"
   * store.close();
   * ```
   */
  static open(dataDir: string, options: OpenDatabaseOptions = {}): Store {
    // mkdir's mode passes through the umask and leaves an existing directory as it was:
    // openDatabase checks who owns the directory, then makes it 0700.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const dbPath = join(dataDir, DB_FILE_NAME);
    const db = openDatabase(dbPath, options);
    try {
      db.exec(SCHEMA);
    } catch (error) {
      db.close();
      throw error;
    }
    // The schema write is what creates -wal and -shm on a new database.
    hardenDb(dbPath);
    return new Store(dbPath, db);
  }

  /** The SQLite driver in use. */
  get driver(): SqliteDriver {
    return this.#db.driver;
  }

  getSetting(key: string): string | null {
    const row = this.#db.get("SELECT value FROM settings WHERE key = ?", key);
    return row === undefined ? null : textColumn(row, "value", `setting "${key}"`);
  }

  setSetting(key: string, value: string): void {
    this.#db.run(
      "INSERT INTO settings (key, value) VALUES (?, ?) " +
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }

  listSettings(): readonly (readonly [string, string])[] {
    return this.#db.all("SELECT key, value FROM settings ORDER BY key").map((row) => {
      const key = textColumn(row, "key", "a setting");
      return [key, textColumn(row, "value", `setting "${key}"`)] as const;
    });
  }

  listConnectors(): readonly ConnectorRow[] {
    return this.#db.all("SELECT name, env FROM connectors ORDER BY name").map((row) => {
      const name = textColumn(row, "name", "a connector");
      return { name, env: parseEnv(textColumn(row, "env", `connector "${name}"`), name) };
    });
  }

  putConnector(row: ConnectorRow): void {
    for (const [variable, value] of Object.entries(row.env)) {
      if (typeof value !== "string") {
        throw new TypeError(
          `Cannot store connector "${row.name}": env values must be strings: ${variable} is ${typeof value}`,
        );
      }
    }
    this.#db.run(
      "INSERT INTO connectors (name, env) VALUES (?, ?) " +
        "ON CONFLICT (name) DO UPDATE SET env = excluded.env",
      row.name,
      JSON.stringify(row.env),
    );
  }

  scrub(): boolean {
    const first = this.#checkpoint();
    this.#db.exec("VACUUM");
    // VACUUM rewrites every page through the WAL: move them home and empty the WAL again.
    return this.#checkpoint() && first;
  }

  // False when another connection's read kept the checkpoint from finishing: old pages, and
  // whatever they held, stay in the files until it ends.
  #checkpoint(): boolean {
    const row = this.#db.get("PRAGMA wal_checkpoint(TRUNCATE)");
    return row === undefined || Number(row["busy"] ?? 0) === 0;
  }

  close(): void {
    this.#db.close();
  }
}

function textColumn(row: Readonly<Record<string, unknown>>, column: string, what: string): string {
  const value = row[column];
  if (typeof value !== "string") {
    throw new StoreError(
      `Cannot read ${what}: column ${column} must be text: current type is ${value === null ? "null" : typeof value}`,
      { code: "ERR_STORE_CORRUPT" },
    );
  }
  return value;
}

// The stored text is never echoed, nor JSON.parse's message, which quotes it: a connector's env
// may hold plaintext credentials.
function parseEnv(text: string, name: string): Readonly<Record<string, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw corruptEnv(name, "it is not valid JSON");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    const kind = parsed === null ? "null" : Array.isArray(parsed) ? "an array" : typeof parsed;
    throw corruptEnv(name, `it is ${kind}`);
  }
  const entries: [string, string][] = [];
  for (const [variable, value] of Object.entries(parsed)) {
    if (typeof value !== "string") {
      const kind = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
      throw corruptEnv(name, `the value of ${variable} is ${kind}`);
    }
    entries.push([variable, value]);
  }
  // fromEntries defines own properties, so a "__proto__" key stays an ordinary entry.
  return Object.fromEntries(entries);
}

function corruptEnv(name: string, state: string): StoreError {
  return new StoreError(
    `Cannot read connector "${name}": env must be a JSON object of strings: ${state}`,
    { code: "ERR_STORE_CORRUPT" },
  );
}
