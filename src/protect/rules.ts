// The rule accumulator (spec §3.5): four sorted sets of paths and an entry budget. Control files
// and credentials are protected by `protect`, which walks directories and refuses what a path
// rule cannot hold (a second hard link, a socket); store roots by `denySubtree`, which covers
// every descendant without walking. The result is a plain immutable value: renderers are pure
// functions of it, and it serialises canonically for the pin.
import { lstatSync, readdirSync, type Stats } from "node:fs";
import { ProtectedStoreError } from "./errors.js";
import { ancestorsOf, checkedPath, isSameOrInside, joinPath, resolveMissing } from "./paths.js";

/** Limit on protect/deny calls per rule set, counting recursion and duplicates. */
export const MAX_ENTRIES = 4096;
/** Limit on a rendered profile, in bytes. */
export const MAX_PROFILE_BYTES = 128 * 1024;

/** What a rule set denies and reopens; every list sorted by code unit and free of duplicates. */
export interface ProtectRuleSet {
  /** Roots of subtrees denied for every write. */
  readonly writes: readonly string[];
  /** Roots of subtrees denied for every read. */
  readonly reads: readonly string[];
  /** Subtrees reopened for reading and writing (store work members). */
  readonly workPaths: readonly string[];
  /** Directories that must not be removed, renamed or replaced by a symlink. */
  readonly ancestors: readonly string[];
}

export interface ControlEntry {
  readonly path: string;
  /** Deny reads too: credentials and session homes. */
  readonly denyRead: boolean;
}

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? String(error);
}

export interface RuleAccumulatorOptions {
  /**
   * The uid the confined processes run as, without capabilities. When given, a file with a second
   * hard link is accepted if that uid can reach it through no name at all (see reachableByMode);
   * when absent, every second name refuses.
   */
  readonly confinedUid?: number;
}

/**
 * Whether a process of `uid` holding no capabilities can write the file (or, with `read`, read
 * it) through any of its names. Permissions belong to the file, not to a name, so this holds for
 * names no path rule knows of. The owner counts as able (it may chmod); so does any group or
 * other bit, since group membership is not known here (an ACL granting a named user shows in the
 * group bits as its mask). Root is never relaxed: under Seatbelt it keeps its override.
 */
export function reachableByMode(
  stats: Pick<Stats, "uid" | "mode">,
  uid: number,
  access: { readonly read: boolean },
): boolean {
  if (uid === 0 || stats.uid === uid) return true;
  return (stats.mode & (access.read ? 0o066 : 0o022)) !== 0;
}

export class RuleAccumulator {
  readonly #writes = new Set<string>();
  readonly #reads = new Set<string>();
  readonly #workPaths = new Set<string>();
  readonly #ancestors = new Set<string>();
  readonly #visited = new Set<string>();
  readonly #confinedUid: number | undefined;
  #entries = 0;

  constructor(options: RuleAccumulatorOptions = {}) {
    this.#confinedUid = options.confinedUid;
  }

  #count(what: string): void {
    this.#entries += 1;
    if (this.#entries > MAX_ENTRIES)
      throw new ProtectedStoreError(
        "ERR_PROTECT_LIMIT",
        `too many ${what} entries for a bounded protected launch: more than ${MAX_ENTRIES} (directories count every entry inside them)`,
      );
  }

  #addPath(path: string, denyRead: boolean): void {
    checkedPath(path);
    this.#writes.add(path);
    if (denyRead) this.#reads.add(path);
    // Lexical and resolved: replacing an ancestor symlink must not redirect a later load.
    for (const ancestor of ancestorsOf(path)) {
      this.#ancestors.add(ancestor);
      this.#ancestors.add(resolveMissing(ancestor));
    }
  }

  /** Write-denies a control path (and read-denies it with denyRead), walking directories. */
  protect(path: string, denyRead: boolean): void {
    this.#count("control-file");
    checkedPath(path);
    const resolved = resolveMissing(path);
    this.#addPath(path, denyRead);
    this.#addPath(resolved, denyRead);
    const key = `${denyRead ? "r" : "w"}\0${resolved}`;
    if (this.#visited.has(key)) return;
    this.#visited.add(key);
    let stats;
    try {
      stats = lstatSync(resolved);
    } catch (error) {
      if (errnoOf(error) === "ENOENT") return; // absent: protected by rules only
      throw new ProtectedStoreError(
        "ERR_PROTECT_RESOLVE",
        `cannot inspect ${JSON.stringify(resolved)}: ${errnoOf(error)}`,
        { cause: error },
      );
    }
    if (stats.isFile()) {
      // A path rule holds one name; another name of the same file is a way around it, unless
      // the confined uid can reach the file through no name (a root-owned system program seen by
      // an ordinary user, as ostree and Nix stores hardlink them).
      const harmless =
        this.#confinedUid !== undefined &&
        !reachableByMode(stats, this.#confinedUid, { read: denyRead });
      if (stats.nlink !== 1 && !harmless)
        throw new ProtectedStoreError(
          "ERR_PROTECT_HARDLINK",
          `${JSON.stringify(resolved)} is hardlinked (${stats.nlink} names), and ${this.#confinedUid === undefined ? "a confined process" : `the confined user (uid ${this.#confinedUid})`} could ${denyRead ? "read or write" : "write"} it through another name: a path rule cannot protect the other names of the same file; make it a regular file with one name (or a symlink to one) and restart`,
        );
      return;
    }
    if (stats.isDirectory()) {
      let names: string[];
      try {
        names = readdirSync(resolved);
      } catch (error) {
        throw new ProtectedStoreError(
          "ERR_PROTECT_RESOLVE",
          `cannot inspect directory ${JSON.stringify(resolved)}: ${errnoOf(error)}`,
          { cause: error },
        );
      }
      for (const name of names.sort(byCodeUnit)) this.protect(joinPath(resolved, name), denyRead);
      return;
    }
    throw new ProtectedStoreError(
      "ERR_PROTECT_FILE_TYPE",
      `${JSON.stringify(resolved)} is not a regular file or directory (a socket, FIFO or device cannot be a control path)`,
    );
  }

  /** Read- and write-denies a whole store root; no walk, no type check. */
  denySubtree(path: string): void {
    this.#count("store");
    checkedPath(path);
    this.#addPath(path, true);
    this.#addPath(resolveMissing(path), true);
  }

  /**
   * Denies every store root, then reopens its work members: a member redirected by a symlink, or
   * a member holding another store root, is refused (either would move the boundary).
   */
  denyStore(roots: readonly { readonly root: string; readonly workMembers: readonly string[] }[]) {
    for (const { root } of roots) this.denySubtree(root);
    for (const { root, workMembers } of roots) {
      const resolvedRoot = resolveMissing(root);
      for (const member of workMembers) {
        const lexical = joinPath(checkedPath(root), member);
        checkedPath(lexical);
        const resolved = resolveMissing(lexical);
        if (resolved !== joinPath(resolvedRoot, member))
          throw new ProtectedStoreError(
            "ERR_PROTECT_STORE_LAYOUT",
            `runtime build directories must not redirect the store boundary: ${JSON.stringify(lexical)} resolves to ${JSON.stringify(resolved)}, outside its store ${JSON.stringify(resolvedRoot)}`,
          );
        for (const denied of this.#reads) {
          if (isSameOrInside(denied, lexical) || isSameOrInside(denied, resolved))
            throw new ProtectedStoreError(
              "ERR_PROTECT_STORE_LAYOUT",
              `runtime store overlaps a build directory: ${JSON.stringify(denied)} lies inside the work member ${JSON.stringify(lexical)} and would be reopened`,
            );
        }
        for (const path of [lexical, resolved]) {
          this.#workPaths.add(path);
          this.#ancestors.add(path);
        }
      }
    }
  }

  /** Adds every rule of another set (composition: child rules plus the control denials). */
  merge(rules: ProtectRuleSet): void {
    for (const p of rules.writes) this.#writes.add(p);
    for (const p of rules.reads) this.#reads.add(p);
    for (const p of rules.workPaths) this.#workPaths.add(p);
    for (const p of rules.ancestors) this.#ancestors.add(p);
  }

  /** The immutable rule set; independent of the order entries were added in. */
  snapshot(): ProtectRuleSet {
    const sorted = (set: Set<string>): readonly string[] =>
      Object.freeze([...set].sort(byCodeUnit));
    return Object.freeze({
      writes: sorted(this.#writes),
      reads: sorted(this.#reads),
      workPaths: sorted(this.#workPaths),
      ancestors: sorted(this.#ancestors),
    });
  }
}

/** Union of rule sets, sorted: the composed child boundary. */
export function composeRules(...sets: readonly ProtectRuleSet[]): ProtectRuleSet {
  const acc = new RuleAccumulator();
  for (const set of sets) acc.merge(set);
  return acc.snapshot();
}
