// Default secret read denials: concrete credential paths a Cell must not read, resolved on the
// host. A deny that is, or contains, the workspace or the private temp is dropped so the
// sandbox's own roots stay usable.
import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { DATABASE_FILE, dataDirCandidates } from "../config/data-dir.js";
import { canonicalPath } from "../platform/canonical-path.js";
import type { OsFamily } from "../platform/select.js";
import { isSameOrInside, type DenyEntry, type ReadMask } from "../policy/sandbox-policy.js";

export interface DenyListInputs {
  readonly workspace: string;
  readonly tempDir: string | null;
  readonly env: NodeJS.ProcessEnv;
  /** Every home the user may have: $HOME and the account's home from the password database. */
  readonly homes: readonly string[];
  readonly os: OsFamily;
  /** Where to start the walk up for a daemon `.env` file (the package directory). */
  readonly packageDir: string | null;
}

/**
 * Credential stores under a home directory, relative to it. Whole directories where a tool keeps
 * several secret files side by side (a file mask is lost when the host replaces the file by a
 * rename; a directory mask is not).
 */
export const HOME_SECRET_PATHS: readonly DenyEntry[] = [
  { kind: "subpath", path: ".ssh" },
  { kind: "subpath", path: ".gnupg" },
  { kind: "subpath", path: ".aws" },
  { kind: "subpath", path: ".azure" },
  { kind: "subpath", path: ".config/gcloud" },
  { kind: "subpath", path: ".config/gh" },
  { kind: "subpath", path: ".config/hub" },
  { kind: "subpath", path: ".config/rclone" },
  { kind: "subpath", path: ".config/op" },
  { kind: "subpath", path: ".docker" },
  { kind: "subpath", path: ".kube" },
  { kind: "subpath", path: ".password-store" },
  { kind: "subpath", path: ".local/share/keyrings" },
  { kind: "subpath", path: ".terraform.d" },
  { kind: "subpath", path: ".vault-token" },
  { kind: "subpath", path: ".mozilla" },
  { kind: "subpath", path: ".config/google-chrome" },
  { kind: "subpath", path: ".config/chromium" },
  { kind: "subpath", path: ".claude" },
  { kind: "subpath", path: ".codex" },
  { kind: "literal", path: ".netrc" },
  { kind: "literal", path: ".pgpass" },
  { kind: "literal", path: ".my.cnf" },
  { kind: "literal", path: ".git-credentials" },
  { kind: "literal", path: ".config/git/credentials" },
  { kind: "literal", path: ".npmrc" },
  { kind: "literal", path: ".pypirc" },
  { kind: "literal", path: ".cargo/credentials" },
  { kind: "literal", path: ".cargo/credentials.toml" },
  { kind: "literal", path: ".m2/settings.xml" },
  { kind: "literal", path: ".gradle/gradle.properties" },
  { kind: "literal", path: ".cache/huggingface/token" },
  { kind: "literal", path: ".huggingface/token" },
  // Shell and interpreter histories routinely hold pasted tokens.
  { kind: "literal", path: ".bash_history" },
  { kind: "literal", path: ".zsh_history" },
  { kind: "literal", path: ".python_history" },
  { kind: "literal", path: ".psql_history" },
  { kind: "literal", path: ".mysql_history" },
];

/**
 * Host secrets outside any home. Only root can read them, and a Cell started by root keeps
 * root's file ownership even without capabilities, so they are masked for everyone.
 */
export const SYSTEM_SECRET_PATHS: readonly DenyEntry[] = [
  { kind: "literal", path: "/etc/shadow" },
  { kind: "literal", path: "/etc/shadow-" },
  { kind: "literal", path: "/etc/gshadow" },
  { kind: "literal", path: "/etc/gshadow-" },
  { kind: "literal", path: "/etc/sudoers" },
  { kind: "subpath", path: "/etc/sudoers.d" },
  { kind: "subpath", path: "/etc/ssl/private" },
  { kind: "literal", path: "/etc/ssh/ssh_host_rsa_key" },
  { kind: "literal", path: "/etc/ssh/ssh_host_ecdsa_key" },
  { kind: "literal", path: "/etc/ssh/ssh_host_ed25519_key" },
  { kind: "literal", path: "/etc/ssh/ssh_host_dsa_key" },
];

/** The self-test's canary file (see build-policy.ts): a denied name no host tool writes. */
export const DENY_CANARY_NAME = ".cellguard-deny-canary";

export function defaultSecretReadDenials(inputs: DenyListInputs): DenyEntry[] {
  const raw: DenyEntry[] = [];
  for (const dir of inputs.homes.flatMap((home) =>
    dataDirCandidates(inputs.os, inputs.env, home),
  )) {
    // The whole data directory (database, sidecars, tokens, audit log), and the database prefix
    // so a renderer that matches prefixes catches its -wal/-shm/-journal by name as well.
    raw.push({ kind: "subpath", path: dir }, { kind: "prefix", path: join(dir, DATABASE_FILE) });
  }
  const dotenv = inputs.packageDir === null ? null : findDotEnv(inputs.packageDir);
  if (dotenv !== null) raw.push({ kind: "literal", path: dotenv });
  for (const home of inputs.homes) {
    for (const entry of HOME_SECRET_PATHS)
      raw.push({ kind: entry.kind, path: join(home, entry.path) });
  }
  raw.push(...SYSTEM_SECRET_PATHS);

  const seen = new Set<string>();
  const out: DenyEntry[] = [];
  for (const entry of raw) {
    const path = canonicalPath(entry.path);
    if (isSameOrInside(inputs.workspace, path)) continue;
    if (inputs.tempDir !== null && isSameOrInside(inputs.tempDir, path)) continue;
    const key = `${entry.kind}\0${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: entry.kind, path });
  }
  return out;
}

/** Resolves symlinks so the deny names the path the kernel sees (macOS matches /private/var). */
export { canonicalPath } from "../platform/canonical-path.js";

function findDotEnv(start: string): string | null {
  let dir = start;
  for (;;) {
    const candidate = join(dir, ".env");
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** A deny target that exists on the host, with its identity (bigint: inode numbers above 2^53). */
export interface DenyTarget extends ReadMask {
  readonly dev: bigint;
  readonly ino: bigint;
}

/**
 * Probes which deny targets exist, one stat each: a prefix expands to the path and its SQLite
 * sidecars; what does not exist (or cannot be examined) is left out.
 */
export function probeDenyTargets(entries: readonly DenyEntry[]): DenyTarget[] {
  const targets: DenyTarget[] = [];
  for (const entry of entries) {
    const candidates =
      entry.kind === "prefix"
        ? [entry.path, `${entry.path}-wal`, `${entry.path}-shm`, `${entry.path}-journal`]
        : [entry.path];
    for (const path of candidates) {
      try {
        // throwIfNoEntry: most candidates are absent, and an exception per miss is costly.
        const st = statSync(path, { bigint: true, throwIfNoEntry: false });
        if (st === undefined) continue;
        targets.push({
          path,
          type: st.isDirectory() ? "directory" : "file",
          dev: st.dev,
          ino: st.ino,
        });
      } catch {
        // absent or unexaminable: nothing to mount over
      }
    }
  }
  return targets;
}

/** The bubblewrap masks for what exists: a directory gets a tmpfs, anything else /dev/null. */
export function probeReadMasks(entries: readonly DenyEntry[]): ReadMask[] {
  return probeDenyTargets(entries).map(({ path, type }) => ({ path, type }));
}
