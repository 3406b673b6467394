// Owner-only modes for the data directory, the credential database and its SQLite sidecars.
// Best effort: every function answers with a boolean and never throws. A file mode is not
// encryption; it keeps other local users out, nothing more. Modes mean nothing on Windows, where
// the directory needs an ACL instead, so there every hardening call answers false without trying.
import { chmodSync, closeSync, constants, fsyncSync, openSync, statSync } from "node:fs";
import { hostPlatform, type HostPlatform } from "../platform/select.js";
import { lstatKind } from "./fsprobe.js";

export const DIR_MODE = 0o700;
export const FILE_MODE = 0o600;

/** The files SQLite creates next to a database, in the order they are hardened. */
export const SIDECAR_SUFFIXES = ["-wal", "-shm", "-journal"] as const;

export interface PermissionPosture {
  /** Whether file modes can restrict access on this platform at all (POSIX). */
  readonly supported: boolean;
  /** The platform name (`linux`, `darwin`, `win32`, …). */
  readonly platform: string;
  readonly dataDirOwnerOnly: boolean;
  /** The database file and every sidecar that exists have no group or other bits. */
  readonly dbOwnerOnly: boolean;
  /** One sentence for `doctor`: what holds, or what to do. */
  readonly detail: string;
}

/** chmod `path` to 0700, then verify the exact bits. */
export function hardenDir(path: string, platform: HostPlatform = hostPlatform()): boolean {
  return chmodVerified(path, DIR_MODE, platform);
}

/** chmod `path` to 0600, then verify the exact bits. */
export function hardenFile(path: string, platform: HostPlatform = hostPlatform()): boolean {
  return chmodVerified(path, FILE_MODE, platform);
}

/**
 * chmod the database and each of its sidecars that exists (`-wal`, `-shm`, `-journal`) to 0600.
 * True only when every one verified. A database or sidecar that is a symlink, or anything but a
 * regular file, is never chmodded through and makes the answer false.
 */
export function hardenDb(dbPath: string, platform: HostPlatform = hostPlatform()): boolean {
  if (!isPosix(platform)) return false;
  let allVerified = hardenRegularFile(dbPath, { missingOk: false }, platform);
  for (const suffix of SIDECAR_SUFFIXES) {
    // Every sidecar is attempted, even after a failure, so one bad file leaves no other behind.
    const sidecarVerified = hardenRegularFile(dbPath + suffix, { missingOk: true }, platform);
    allVerified = sidecarVerified && allVerified;
  }
  return allVerified;
}

/** Whether the permission bits of `path` (setuid, setgid and sticky included) equal `mode`. */
export function verify(path: string, mode: number): boolean {
  const bits = modeBits(path);
  return bits !== null && bits === mode;
}

/** Whether `path` has no group or other permission bits. Looser than `verify`. */
export function isOwnerOnly(path: string): boolean {
  const bits = modeBits(path);
  return bits !== null && (bits & 0o077) === 0;
}

/** The measured owner-only posture of the data directory and the database, for `doctor`. */
export function posture(
  dataDir: string,
  dbPath: string,
  platform: HostPlatform = hostPlatform(),
): PermissionPosture {
  if (!isPosix(platform)) {
    return {
      supported: false,
      platform: platform.name,
      dataDirOwnerOnly: false,
      dbOwnerOnly: false,
      detail:
        `file modes do not restrict access on ${platform.name}: restrict the data directory ` +
        `${dataDir} with an ACL that grants only the current user`,
    };
  }
  const dataDirOwnerOnly = isOwnerOnly(dataDir);
  const dbOwnerOnly = dbFilesOwnerOnly(dbPath);
  const problems: string[] = [];
  if (!dataDirOwnerOnly) problems.push(`the data directory ${dataDir} is not owner-only (0700)`);
  if (!dbOwnerOnly) problems.push(`the database ${dbPath} or a sidecar is not owner-only (0600)`);
  return {
    supported: true,
    platform: platform.name,
    dataDirOwnerOnly,
    dbOwnerOnly,
    detail:
      problems.length === 0
        ? "the data directory and the database are owner-only"
        : `${problems.join("; ")}: other local users may read them`,
  };
}

/** fsync a directory so that a create or rename inside it is durable. False where unsupported. */
export function fsyncDir(path: string, platform: HostPlatform = hostPlatform()): boolean {
  // Windows cannot open a directory as a file descriptor.
  if (!isPosix(platform)) return false;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY);
  } catch {
    return false;
  }
  try {
    fsyncSync(fd);
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

function isPosix(platform: HostPlatform): boolean {
  return platform.name !== "win32";
}

function chmodVerified(path: string, mode: number, platform: HostPlatform): boolean {
  if (!isPosix(platform)) return false;
  try {
    chmodSync(path, mode);
  } catch {
    return false;
  }
  return verify(path, mode);
}

function hardenRegularFile(
  path: string,
  options: { readonly missingOk: boolean },
  platform: HostPlatform,
): boolean {
  let kind;
  try {
    kind = lstatKind(path);
  } catch {
    return false;
  }
  if (kind === null) return options.missingOk;
  if (kind !== "file") return false;
  return chmodVerified(path, FILE_MODE, platform);
}

function dbFilesOwnerOnly(dbPath: string): boolean {
  if (!isOwnerOnly(dbPath)) return false;
  for (const suffix of SIDECAR_SUFFIXES) {
    const sidecar = dbPath + suffix;
    let kind;
    try {
      kind = lstatKind(sidecar);
    } catch {
      return false;
    }
    if (kind === null) continue;
    if (kind !== "file" || !isOwnerOnly(sidecar)) return false;
  }
  return true;
}

function modeBits(path: string): number | null {
  try {
    return statSync(path).mode & 0o7777;
  } catch {
    return null;
  }
}
