// One small adapter over SQLite. Node's own `node:sqlite` (Node >= 22.5, unflagged from 22.13) is
// used when the runtime has it; otherwise the optional `better-sqlite3` dependency. Both are
// loaded lazily through createRequire, so Node 20 never fails on the missing built-in and a host
// that has neither fails only when a database is opened, with an error naming both options.
//
// Opening is where the file's protection is decided, because SQLite copies the database file's
// mode onto its -wal, -shm and -journal sidecars whatever the umask: the file is created 0600
// before SQLite sees it, inside a directory hardened to 0700, and never through a symlink.
import { processValue, PROTECTED_DIGEST_ENV, PROTECTED_ROOT_ENV } from "../protect/env.js";
import type BetterSqlite3 from "better-sqlite3";
import { closeSync, constants, fchmodSync, lstatSync, openSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { isAbsentError, lstatKind } from "./fsprobe.js";
import { FILE_MODE, hardenDb, hardenDir, SIDECAR_SUFFIXES } from "./permissions.js";

export type SqliteDriver = "node:sqlite" | "better-sqlite3";

/** A value bound to a `?` placeholder. Booleans are not accepted by either driver. */
export type SqlParam = string | number | bigint | Buffer | null;

/** A column value as read back (blobs are a Buffer or a Uint8Array depending on the driver). */
export type SqlValue = string | number | bigint | Uint8Array | null;

export type SqlRow = Readonly<Record<string, SqlValue>>;

export interface SqliteDb {
  /** The driver this connection runs on. */
  readonly driver: SqliteDriver;
  /** Runs one or more statements that take no parameters; rows are discarded. */
  exec(sql: string): void;
  /** Runs one statement; returns the number of rows it changed. */
  run(sql: string, ...params: SqlParam[]): number;
  /** The first row, or undefined when there is none. Only for statements that return rows. */
  get(sql: string, ...params: SqlParam[]): SqlRow | undefined;
  /** Every row. Only for statements that return rows. */
  all(sql: string, ...params: SqlParam[]): SqlRow[];
  close(): void;
}

export interface OpenDatabaseOptions {
  /**
   * Use only this driver (and fail if it cannot load) instead of the first one available.
   * @default node:sqlite when the runtime has it, else better-sqlite3
   */
  readonly driver?: SqliteDriver;
}

/** A database that could not be opened safely, or whose contents are not what was written. */
export class StoreError extends Error {
  readonly code: string;

  constructor(message: string, options: { code: string; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/**
 * Opens (creating when absent) the SQLite database at `path` with owner-only files, WAL,
 * `secure_delete=ON` and `foreign_keys=ON`.
 *
 * @throws {StoreError} `ERR_STORE_PATH` when the parent directory is missing or `path` is not a
 *   regular file, `ERR_STORE_SYMLINK` when `path` or a sidecar is a symlink, `ERR_STORE_NO_DRIVER`
 *   when no SQLite driver loads, `ERR_STORE_PRAGMA` when secure_delete cannot be turned on.
 * @throws {TypeError} for an empty path, `:memory:` or a `file:` URI.
 * @example
 * ```ts
 * const db = openDatabase("/home/me/.local/share/cellguard/cellguard.db");
 * db.exec("CREATE TABLE IF NOT EXISTS t (v TEXT)");
 * db.run("INSERT INTO t (v) VALUES (?)", "x");
 * db.get("SELECT count(*) AS n FROM t"); // { n: 1 }
 * db.close();
 * ```
 */
export function openDatabase(path: string, options: OpenDatabaseOptions = {}): SqliteDb {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) {
    throw new TypeError(
      `Cannot open the database: path must name a file on disk: current value is "${path}"`,
    );
  }
  const { driver, open } = loadDriver(options.driver);
  prepareFile(path);
  const db = new Connection(open(path), driver);
  try {
    db.exec("PRAGMA journal_mode=WAL");
    db.exec("PRAGMA secure_delete=ON");
    db.exec("PRAGMA foreign_keys=ON");
    // Overwritten credentials must not survive in free pages: refuse a build that ignores this.
    if (db.get("PRAGMA secure_delete")?.["secure_delete"] !== 1) {
      throw new StoreError(
        `Cannot open the database ${path}: secure_delete could not be turned on`,
        { code: "ERR_STORE_PRAGMA" },
      );
    }
  } catch (error) {
    db.close();
    throw error;
  }
  hardenDb(path);
  return db;
}

/** Whether `driver` can be loaded in this runtime (for `doctor` and tests). */
export function driverAvailable(driver: SqliteDriver): boolean {
  return loadOne(driver).open !== null;
}

interface NativeStatement {
  run(...params: SqlParam[]): { changes: number | bigint };
  get(...params: SqlParam[]): unknown;
  all(...params: SqlParam[]): unknown[];
}

interface NativeDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): NativeStatement;
  close(): unknown;
}

type OpenNative = (path: string) => NativeDatabase;

interface LoadResult {
  readonly open: OpenNative | null;
  /** Why it did not load, kept as the cause of the "no driver" error. */
  readonly failure: unknown;
}

class Connection implements SqliteDb {
  readonly driver: SqliteDriver;
  readonly #native: NativeDatabase;

  constructor(native: NativeDatabase, driver: SqliteDriver) {
    this.#native = native;
    this.driver = driver;
  }

  exec(sql: string): void {
    this.#native.exec(sql);
  }

  run(sql: string, ...params: SqlParam[]): number {
    return Number(this.#native.prepare(sql).run(...params).changes);
  }

  get(sql: string, ...params: SqlParam[]): SqlRow | undefined {
    return this.#native.prepare(sql).get(...params) as SqlRow | undefined;
  }

  all(sql: string, ...params: SqlParam[]): SqlRow[] {
    return this.#native.prepare(sql).all(...params) as SqlRow[];
  }

  close(): void {
    this.#native.close();
  }
}

const requireModule = createRequire(import.meta.url);
export const PROTECTED_SESSION_REFUSAL =
  "better-sqlite3 is not loaded in a protected session (cellguard launch): node_modules is not among the session's control paths";
const loaded = new Map<SqliteDriver, LoadResult>();

function loadDriver(only: SqliteDriver | undefined): {
  readonly driver: SqliteDriver;
  readonly open: OpenNative;
} {
  const order: readonly SqliteDriver[] =
    only === undefined ? ["node:sqlite", "better-sqlite3"] : [only];
  const failures: unknown[] = [];
  for (const driver of order) {
    const result = loadOne(driver);
    if (result.open !== null) return { driver, open: result.open };
    failures.push(result.failure);
  }
  const wanted = only === undefined ? "no SQLite driver loaded" : `the ${only} driver did not load`;
  throw new StoreError(
    `Cannot open the database: ${wanted}: run on Node.js 22.13 or newer (built-in node:sqlite) ` +
      `or install the optional dependency better-sqlite3 (npm install better-sqlite3@12)`,
    { code: "ERR_STORE_NO_DRIVER", cause: new AggregateError(failures, "driver load failures") },
  );
}

function loadOne(driver: SqliteDriver): LoadResult {
  let result = loaded.get(driver);
  if (result === undefined) {
    result = driver === "node:sqlite" ? loadNodeSqlite() : loadBetterSqlite3();
    loaded.set(driver, result);
  }
  return result;
}

function loadNodeSqlite(): LoadResult {
  let module: { readonly DatabaseSync?: unknown };
  try {
    module = requireModule("node:sqlite") as typeof module;
  } catch (error) {
    // Only "this runtime has no such built-in" (Node 20, or 22.5-22.12 without the flag) means
    // absent; anything else is a real failure and propagates.
    if (errorCode(error) === "ERR_UNKNOWN_BUILTIN_MODULE") return { open: null, failure: error };
    throw error;
  }
  if (typeof module.DatabaseSync !== "function") {
    return { open: null, failure: new Error("node:sqlite has no DatabaseSync export") };
  }
  const DatabaseSync = module.DatabaseSync as new (path: string) => NativeDatabase;
  return { open: (path) => new DatabaseSync(path), failure: null };
}

function loadBetterSqlite3(): LoadResult {
  // Under `cellguard launch`, node_modules is not among the session's control paths (an npm tree
  // holds hardlinks, and the addon's loader searches names that do not exist yet), so a process
  // the session runs may be able to plant code there, which this process would then load with
  // its own rights. In a session (even one only claimed) the store uses the runtime's built-in
  // node:sqlite or nothing: fail closed, with the reason.
  if (processValue(PROTECTED_ROOT_ENV) !== null || processValue(PROTECTED_DIGEST_ENV) !== null) {
    return { open: null, failure: new Error(PROTECTED_SESSION_REFUSAL) };
  }
  try {
    const Database = requireModule("better-sqlite3") as typeof BetterSqlite3;
    // The package loads its native addon on the first `new Database`, not on require: open an
    // in-memory database now so an addon built for another Node ABI counts as "did not load".
    new Database(":memory:").close();
    const open = (path: string): NativeDatabase => {
      const db = new Database(path);
      return {
        exec: (sql) => db.exec(sql),
        prepare: (sql) => db.prepare<SqlParam[]>(sql),
        close: () => db.close(),
      };
    };
    return { open, failure: null };
  } catch (error) {
    // Not installed, or its native addon does not load in this runtime: either way it is
    // reported as the cause of the "no driver" error, never silently.
    return { open: null, failure: error };
  }
}

// Creates the database file 0600 before SQLite opens it, so the sidecars SQLite creates next to
// it copy 0600, and refuses every path where that guarantee would not hold.
function prepareFile(path: string): void {
  const parent = dirname(path);
  let parentIsDir: boolean;
  try {
    parentIsDir = statSync(parent).isDirectory();
  } catch (error) {
    if (!isAbsentError(error)) throw error;
    parentIsDir = false;
  }
  if (!parentIsDir) {
    throw new StoreError(
      `Cannot open the database ${path}: the parent directory must exist: ${parent} is missing`,
      { code: "ERR_STORE_PATH" },
    );
  }
  refuseForeignDirectory(parent);
  if (!hardenDir(parent) && process.getuid !== undefined) {
    throw new StoreError(
      `Cannot open the database ${path}: its directory ${parent} could not be made owner-only (0700)`,
      { code: "ERR_STORE_PERMISSIONS" },
    );
  }
  refuseSymlinks(path);
  const kind = lstatKind(path);
  if (kind !== null && kind !== "file") {
    throw new StoreError(
      `Cannot open the database ${path}: path must be a regular file: current kind is ${kind}`,
      { code: "ERR_STORE_PATH" },
    );
  }
  refuseForeignFiles(path);
  // The flags of "a", plus O_NOFOLLOW so a symlink swapped in after the check above is refused
  // by the kernel too (fs.constants has no O_NOFOLLOW on Windows, where it ORs in as 0).
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW;
  let fd: number;
  try {
    fd = openSync(path, flags, FILE_MODE);
  } catch (error) {
    if (errorCode(error) === "ELOOP") throw symlinkRefused(path, error);
    throw error;
  }
  try {
    // An existing file keeps its old mode through open(): set it on the descriptor just opened.
    fchmodSync(fd, FILE_MODE);
  } finally {
    closeSync(fd);
  }
}

// A data directory someone else owns, or a shared one (sticky, or writable by anyone), is refused
// before anything in it is touched: hardening it would take it from its owner (as root, /tmp
// itself), and files another user planted there (a world-readable -wal) would take the secrets.
function refuseForeignDirectory(dir: string): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const st = statSync(dir);
  if (st.uid !== uid) {
    throw new StoreError(
      `Cannot open the database in ${dir}: the directory belongs to uid ${st.uid}, not to this user (uid ${uid}); use a private data directory`,
      { code: "ERR_STORE_PERMISSIONS" },
    );
  }
  if ((st.mode & 0o1000) !== 0) {
    throw new StoreError(
      `Cannot open the database in ${dir}: the directory is shared (sticky bit set); use a private data directory`,
      { code: "ERR_STORE_PERMISSIONS" },
    );
  }
}

function refuseForeignFiles(path: string): void {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  for (const candidate of [path, ...SIDECAR_SUFFIXES.map((suffix) => path + suffix)]) {
    let st;
    try {
      st = lstatSync(candidate);
    } catch (error) {
      if (isAbsentError(error)) continue;
      throw error;
    }
    if (!st.isFile() || st.uid !== uid) {
      throw new StoreError(
        `Cannot open the database: ${candidate} is ${st.isFile() ? `owned by uid ${st.uid}` : "not a regular file"}, not a file of this user (uid ${uid}); remove it`,
        { code: "ERR_STORE_PERMISSIONS" },
      );
    }
  }
}

function refuseSymlinks(path: string): void {
  for (const candidate of [path, ...SIDECAR_SUFFIXES.map((suffix) => path + suffix)]) {
    if (lstatKind(candidate) === "symlink") throw symlinkRefused(candidate);
  }
}

function symlinkRefused(path: string, cause?: unknown): StoreError {
  return new StoreError(
    `Cannot open the database: refusing to follow a symlink at ${path}: replace it with a regular file or remove it`,
    { code: "ERR_STORE_SYMLINK", cause },
  );
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
}
