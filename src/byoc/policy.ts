// The provider helper's boundary as a plain, immutable value. Its shape is the kernel's turned
// inside out: the network stays open (the helper must reach its provider), while every home,
// the keychain and other processes are closed and only the stage is writable. Building the
// value is pure: the few file-system facts it needs (real paths, links, kinds) come through a
// PolicyFs the caller supplies, so the rules below run the same on every OS and in tests.
import { posix } from "node:path";
import { SandboxConfigurationError } from "../errors.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { HOME_SECRET_PATHS, SYSTEM_SECRET_PATHS } from "../sandbox/deny-list.js";

export interface HelperPolicy {
  /** Homes the helper must not see: $HOME and the account's home, canonical, existing. */
  readonly homes: readonly string[];
  /** The operation's stage, canonical: the only persistent writable root. */
  readonly stage: string;
  /** A fresh private temp directory, canonical, writable; the host removes it after the run. */
  readonly tempDir: string;
  /**
   * Read-only roots the helper needs (its runtime, its package), canonical, none inside another
   * or inside the stage or temp. Under a home they are bound back (bubblewrap) or re-allowed
   * (Seatbelt); elsewhere the host's read-only root already shows them.
   */
  readonly readPaths: readonly string[];
  /**
   * Paths under /run that /etc/resolv.conf reaches (its link hops and its real path), in walk
   * order. bubblewrap hides /run and binds these back read-only, so DNS keeps working.
   */
  readonly resolverRebinds: readonly string[];
  /**
   * Seatbelt only: every component under a home that the loader walks to reach the executable,
   * the read paths, the stage and the temp, including unresolved symlink hops, sorted. Allowed
   * as file-read-metadata literals (traversal without listing).
   */
  readonly traversal: readonly string[];
  /**
   * The shared temp directories that exist (canonical, de-duplicated): bubblewrap puts an empty
   * read-only tmpfs over each, so the Unix sockets other programs leave there are gone.
   */
  readonly hiddenTempDirs: readonly string[];
  /** The system secrets that exist (a root helper could read them), masked by bubblewrap. */
  readonly systemMasks: readonly SystemMask[];
  /** Started by root: no capabilities inside (they would let the helper unmount the home). */
  readonly dropCapabilities: boolean;
}

/** A system secret to mask: a file gets /dev/null bound over it, a directory an empty tmpfs. */
export interface SystemMask {
  readonly kind: "file" | "directory";
  readonly path: string;
}

/** The file-system facts building a policy needs. Each answers null on any error. */
export interface PolicyFs {
  /** The path with every link resolved, or null when it does not exist. */
  realpath(path: string): string | null;
  /** The target of the path when the path itself is a symlink, else null. */
  readlink(path: string): string | null;
  kind(path: string): "directory" | "file" | "other" | null;
}

export interface HelperPolicyRequest {
  /** Candidate homes; those that do not exist are dropped (nothing there to hide). */
  readonly homes: readonly string[];
  readonly stage: string;
  readonly tempDir: string;
  readonly readPaths: readonly string[];
  /** The program that runs inside (argv[0]), to seed the Seatbelt traversal; null for none. */
  readonly executable: string | null;
  readonly dropCapabilities: boolean;
}

/** The resolver configuration the helper's DNS depends on. */
export const RESOLV_CONF = "/etc/resolv.conf";

/** Runtime sockets live here (Docker, Podman, D-Bus, keyring, agents); hidden as a whole. */
export const HIDDEN_RUN_DIR = "/run";

/**
 * Keychain stores. A read path overlapping one is refused: on macOS the read allowance comes
 * after the keychain deny and would re-open it.
 */
export const KEYCHAIN_DIRS: readonly string[] = [
  "/Library/Keychains",
  "/Network/Library/Keychains",
  "/private/var/db/SystemKey",
];

/** Shared temp directories hidden by bubblewrap; the stage and the private temp are bound back. */
export const HIDDEN_TEMP_DIRS: readonly string[] = ["/tmp", "/var/tmp", "/dev/shm"];

/**
 * Kernel and device trees and runtime sockets: a stage, private temp or read path that is, holds
 * or lies inside one is refused (a stage of /proc would bind the host's /proc writable over the
 * private one; a read path of /run would re-open its sockets).
 */
export const SENSITIVE_ROOTS: readonly string[] = ["/proc", "/sys", "/dev", HIDDEN_RUN_DIR];

/** Symlink loops end the walk here; it still returns what it found. */
export const TRAVERSAL_MAX_POPS = 512;

const MAX_LINK_HOPS = 40;

/**
 * Checks the request and builds the policy.
 *
 * @throws {SandboxConfigurationError} a path with NUL, a relative path, a missing stage or read
 *   path, a root that would expose a home (a read path or stage that is or contains one), a read
 *   path under /run or overlapping a keychain, a home that is `/`.
 */
export function buildHelperPolicy(request: HelperPolicyRequest, fs: PolicyFs): HelperPolicy {
  const homes = canonicalHomes(request.homes, fs);
  const stage = canonicalDirectory(request.stage, "stage", fs);
  const tempDir = canonicalDirectory(request.tempDir, "private temp", fs);
  for (const [root, what] of [
    [stage, "the stage"],
    [tempDir, "the private temp"],
  ] as const) {
    checkOverlap(root, what, homes);
  }
  const readPaths = canonicalReadPaths(request.readPaths, { homes, stage, tempDir }, fs);
  const seeds = [
    ...(request.executable === null ? [] : [request.executable]),
    ...request.readPaths,
    ...readPaths,
    request.stage,
    stage,
    request.tempDir,
    tempDir,
  ];
  return Object.freeze({
    homes: Object.freeze(homes),
    stage,
    tempDir,
    readPaths: Object.freeze(readPaths),
    resolverRebinds: Object.freeze(resolverRebinds(fs)),
    hiddenTempDirs: Object.freeze(existingDirectories(HIDDEN_TEMP_DIRS, fs)),
    systemMasks: Object.freeze(systemMasks(fs)),
    traversal: Object.freeze(
      traversalMetadataPaths(seeds, {
        homes: [...request.homes, ...homes],
        readlink: (path) => fs.readlink(path),
      }),
    ),
    dropCapabilities: request.dropCapabilities,
  });
}

/** Refuses a path the boundary cannot carry: not a string, NUL inside, or relative. */
export function checkAbsolutePath(path: unknown, what: string): string {
  if (typeof path !== "string" || path === "") {
    throw new SandboxConfigurationError(
      `Cannot confine the provider helper: the ${what} must be a non-empty string`,
    );
  }
  // Named, never echoed: the rest of a string with NUL in it is not meant for a terminal.
  if (path.includes("\0")) {
    throw new SandboxConfigurationError(
      `Cannot confine the provider helper: the ${what} contains a NUL character`,
    );
  }
  if (!posix.isAbsolute(path)) {
    refuse(`the ${what} must be an absolute path`, path);
  }
  return path;
}

/** The homes that exist, canonical and de-duplicated; `/` is refused (it cannot be hidden). */
export function canonicalHomes(candidates: readonly string[], fs: PolicyFs): string[] {
  const out: string[] = [];
  for (const candidate of candidates) {
    const real = fs.realpath(checkAbsolutePath(candidate, "home"));
    if (real === null || fs.kind(real) !== "directory") continue;
    if (real === "/") refuse("a home must not be /, which cannot be hidden", candidate);
    if (!out.includes(real)) out.push(real);
  }
  return out;
}

function canonicalDirectory(path: string, what: string, fs: PolicyFs): string {
  const real = fs.realpath(checkAbsolutePath(path, what));
  if (real === null || fs.kind(real) !== "directory") {
    refuse(`the ${what} must be an existing directory`, path);
  }
  if (real === "/") refuse(`the ${what} must not be /`, path);
  return real;
}

function canonicalReadPaths(
  paths: readonly string[],
  roots: { homes: readonly string[]; stage: string; tempDir: string },
  fs: PolicyFs,
): string[] {
  const real: string[] = [];
  for (const path of paths) {
    const resolved = fs.realpath(checkAbsolutePath(path, "read path"));
    if (resolved === null) refuse("a read path must exist", path);
    checkOverlap(resolved, "a read path", roots.homes);
    real.push(resolved);
  }
  // Minimal roots: a path inside another read path, the stage or the temp is already covered.
  const covering = [...real, roots.stage, roots.tempDir];
  return real.filter(
    (path, index) =>
      real.indexOf(path) === index &&
      !covering.some((other) => other !== path && isSameOrInside(path, other)),
  );
}

/**
 * The one overlap check for the stage, the private temp and every read path (all canonical):
 * refused when it is `/`, is or contains a home, or is, contains or lies inside a kernel or device
 * tree, /run, a keychain or a credential store under a home.
 */
function checkOverlap(path: string, what: string, homes: readonly string[]): void {
  if (path === "/") refuse(`${what} must not be /`, path);
  const home = homes.find((h) => isSameOrInside(h, path));
  if (home !== undefined) {
    refuse(`${what} must not be, or contain, a home (${home}), which it would expose`, path);
  }
  const overlaps = (other: string): boolean =>
    isSameOrInside(path, other) || isSameOrInside(other, path);
  const root = SENSITIVE_ROOTS.find(overlaps);
  if (root !== undefined) refuse(`${what} must not overlap ${root}`, path);
  // Inside /tmp is fine (bound back over the hidden /tmp); all of it would re-open its sockets.
  const temp = HIDDEN_TEMP_DIRS.find((t) => isSameOrInside(t, path));
  if (temp !== undefined) refuse(`${what} must not be, or contain, ${temp}`, path);
  const keychains = [...KEYCHAIN_DIRS, ...homes.map((h) => `${h}/Library/Keychains`)];
  if (keychains.some(overlaps)) refuse(`${what} must not overlap a keychain`, path);
  const secrets = homes.flatMap((h) => HOME_SECRET_PATHS.map((entry) => posix.join(h, entry.path)));
  const secret = secrets.find(overlaps);
  if (secret !== undefined) refuse(`${what} must not overlap a credential store (${secret})`, path);
}

function existingDirectories(paths: readonly string[], fs: PolicyFs): string[] {
  const out: string[] = [];
  for (const path of paths) {
    const real = fs.realpath(path);
    if (real !== null && real !== "/" && fs.kind(real) === "directory" && !out.includes(real)) {
      out.push(real);
    }
  }
  return out;
}

/** SYSTEM_SECRET_PATHS that exist, by kind; a linked one is masked at its real path. */
function systemMasks(fs: PolicyFs): SystemMask[] {
  const out: SystemMask[] = [];
  for (const entry of SYSTEM_SECRET_PATHS) {
    const real = fs.realpath(entry.path);
    if (real === null || out.some((m) => m.path === real)) continue;
    const kind = fs.kind(real);
    if (kind === "directory" || kind === "file") out.push({ kind, path: real });
  }
  return out;
}

/**
 * The paths under /run that resolving /etc/resolv.conf passes through: each link hop, then the
 * real path. Empty when the resolver lives elsewhere (then hiding /run cannot break DNS).
 */
export function resolverRebinds(fs: Pick<PolicyFs, "readlink" | "realpath">): string[] {
  const out: string[] = [];
  const add = (path: string): void => {
    if (path !== HIDDEN_RUN_DIR && isSameOrInside(path, HIDDEN_RUN_DIR) && !out.includes(path)) {
      out.push(path);
    }
  };
  let current = RESOLV_CONF;
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    const target = fs.readlink(current);
    if (target === null) break;
    current = posix.resolve(posix.dirname(current), target);
    add(current);
  }
  const real = fs.realpath(RESOLV_CONF);
  if (real !== null) add(real);
  return out;
}

/**
 * Every path component under a home that a process walks to reach the seeds, including link
 * hops that are never resolved for it (a venv's `bin/python` linking through an alias
 * directory). Bounded, so a symlink loop ends the walk; sorted, so profiles are byte-stable.
 */
export function traversalMetadataPaths(
  seeds: readonly string[],
  options: { homes: readonly string[]; readlink: (path: string) => string | null },
): string[] {
  const homes = options.homes.map((h) => posix.normalize(h));
  const stack = seeds.filter((s) => posix.isAbsolute(s)).reverse();
  const walked = new Set<string>();
  const found = new Set<string>();
  for (let pops = 0; pops < TRAVERSAL_MAX_POPS; pops++) {
    const next = stack.pop();
    if (next === undefined) break;
    const path = posix.normalize(next);
    if (walked.has(path)) continue;
    walked.add(path);
    const parts = path.split("/").filter((part) => part !== "");
    let component = "";
    for (const [index, part] of parts.entries()) {
      component = `${component}/${part}`;
      if (homes.some((home) => isSameOrInside(component, home))) found.add(component);
      const target = options.readlink(component);
      if (target === null) continue;
      // The rest of the path is walked again from the link's target.
      const base = posix.resolve(posix.dirname(component), target);
      stack.push(posix.join(base, ...parts.slice(index + 1)));
      break;
    }
  }
  return [...found].sort();
}

function refuse(reason: string, path: string): never {
  throw new SandboxConfigurationError(
    `Cannot confine the provider helper: ${reason}: current value is ${printablePath(path)}`,
  );
}

/**
 * A path quoted for a message: capped, with quotes, backslashes, control and bidi characters made
 * visible, so a hostile name cannot rewrite the terminal it is shown on.
 */
export function printablePath(path: string): string {
  const chars = Array.from(path);
  const cut = chars.length > 200 ? `${chars.slice(0, 200).join("")}…` : path;
  const escaped = cut.replace(
    /[\\"]|[\p{Cc}\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu,
    (ch) =>
      ch === "\\" || ch === '"'
        ? `\\${ch}`
        : `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  return `"${escaped}"`;
}
