// The kernel sandbox policy: a plain, immutable, serialisable value. Renderers (bubblewrap argv,
// Seatbelt profile) are pure functions of it; probing the host happens before it is built.
import type { TeamReadPolicy } from "./team-roots.js";
import type { WslSandboxForm } from "./wsl-policy.js";

/**
 * How a read denial matches, in Seatbelt terms:
 * - `literal`: exactly this path;
 * - `prefix`: every path that starts with this string (a database and its `-wal`/`-shm`/`-journal`);
 * - `subpath`: this path and everything below it.
 */
export type DenyKind = "literal" | "prefix" | "subpath";

export interface DenyEntry {
  readonly kind: DenyKind;
  readonly path: string;
}

/**
 * A concrete mask for bubblewrap, from a deny entry whose target exists on the host. Linux masks
 * what exists: a directory gets an empty tmpfs, anything else is covered by /dev/null.
 */
export interface ReadMask {
  readonly path: string;
  readonly type: "directory" | "file";
}

/**
 * A small regular file's bytes and permission bits as the host held them at start: written into
 * the rebuilt directory from a descriptor instead of bound (a mount per file is most of what a
 * rebuilt home costs each command).
 */
export interface KeptFileCopy {
  readonly data: Uint8Array;
  /** Permission bits (mode & 0o7777 without set-id bits). */
  readonly mode: number;
}

/** An entry bound back into a hidden directory (or, for a small file, copied in: see KeptFileCopy). */
export type KeptEntry =
  | { readonly name: string; readonly kind: "bind"; readonly copy?: KeptFileCopy }
  | { readonly name: string; readonly kind: "symlink"; readonly target: string };

/**
 * A directory rebuilt inside the sandbox (bubblewrap): an empty tmpfs with `keep` bound back
 * read-only. Denied names are simply absent, and what the host adds or replaces after start
 * never appears, which a mask on a name cannot promise.
 */
export interface HiddenDirectory {
  readonly path: string;
  readonly keep: readonly KeptEntry[];
}

export interface SandboxPolicy {
  /** Canonical workspace: the only persistent writable root. */
  readonly workspace: string;
  /** The sandbox's private temp directory, writable, removed on close. */
  readonly tempDir: string;
  readonly allowRawNetwork: boolean;
  /** Read denials as entries (Seatbelt renders these). */
  readonly denyRead: readonly DenyEntry[];
  /** Read denials probed on the host (bubblewrap renders these). */
  readonly readMasks: readonly ReadMask[];
  /** Directories rebuilt without their denied entries, shallowest first (bubblewrap). */
  readonly hiddenDirectories?: readonly HiddenDirectory[];
  /**
   * Paths inside the workspace kept read-only (a repository's .git: hooks and config are code
   * the host runs later). Each is one mount, so it cannot be renamed aside and replaced.
   */
  readonly readOnlyPaths?: readonly string[];
  /** Started by root: run with no capabilities inside (bubblewrap keeps them otherwise). */
  readonly dropCapabilities: boolean;
  /**
   * Team read isolation: protected roots hidden from the Cell and the exact exceptions shown
   * again (validated and minimal; see team-roots.ts). Absent for a single-user sandbox.
   */
  readonly readIsolation?: TeamReadPolicy;
  /** The WSL parts, on a WSL host only (bubblewrap); absent or null elsewhere. */
  readonly wsl?: WslSandboxForm | null;
}

/** Paths Seatbelt must let any process write besides its roots. /dev/fd/3 is a worker's protocol fd. */
export const SEATBELT_WRITABLE_LITERALS: readonly string[] = [
  "/dev/null",
  "/dev/zero",
  "/dev/fd/3",
];

/** True when `child` is `parent` or lies below it (both canonical absolute POSIX paths). */
export function isSameOrInside(child: string, parent: string): boolean {
  if (child === parent) return true;
  const base = parent.endsWith("/") ? parent : `${parent}/`;
  return child.startsWith(base);
}
