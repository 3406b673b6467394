// Hiding credential stores by name is fragile: a mask is a mount on a name, and the kernel drops
// it when the host replaces the file by a rename (git's credential store, most editors); a file
// created after start was never masked at all. So each home directory that holds a denied path
// is rebuilt inside the sandbox: an empty tmpfs, with every entry that exists at start bound
// back read-only (small files copied in) except the denied ones, recursively along the way to
// each denied path. What the host adds or replaces later is simply not there.
import { lstatSync, readdirSync, readlinkSync, type Dirent } from "node:fs";
import { dirname, join } from "node:path";
import type { DenyEntry, HiddenDirectory, KeptEntry } from "../policy/sandbox-policy.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { SandboxUnavailableError } from "../errors.js";
import { canonicalPath } from "./deny-list.js";
import { copySmallFile, MAX_COPIED_FILES } from "./kept-file-copy.js";

/** A directory with more entries than this keeps per-name masks instead (argv size, start-up). */
export const MAX_KEPT_ENTRIES = 4096;

// Asked for the same few directories once per denied path: remembered for one computation.
const directoryCache = new Map<string, boolean>();

function isRealDirectory(path: string): boolean {
  const known = directoryCache.get(path);
  if (known !== undefined) return known;
  let answer: boolean;
  try {
    answer = lstatSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
  } catch {
    answer = false;
  }
  directoryCache.set(path, answer);
  return answer;
}

/** Directories from `home` down to (not including) `target`, shallowest first. */
function chain(home: string, target: string): string[] {
  const dirs: string[] = [];
  for (let dir = dirname(target); isSameOrInside(dir, home); dir = dirname(dir)) {
    dirs.unshift(dir);
    if (dir === home) break;
  }
  return dirs;
}

export function hiddenDirectories(
  denyRead: readonly DenyEntry[],
  homes: readonly string[],
): HiddenDirectory[] {
  directoryCache.clear();
  const out: HiddenDirectory[] = [];
  const copies = { left: MAX_COPIED_FILES };
  for (const home of new Set(homes.map(canonicalPath))) {
    if (home === "/" || !isRealDirectory(home)) continue;
    const denied = denyRead.filter(
      (entry) => entry.path !== home && isSameOrInside(entry.path, home),
    );
    if (denied.length === 0) continue;
    // A path inside a denied directory is absent with it; rebuilding that directory would
    // bring the rest of its contents back.
    const covered = (path: string): boolean =>
      denied.some((entry) => entry.kind === "subpath" && isSameOrInside(path, entry.path));
    const ancestors = new Set<string>();
    for (const entry of denied) {
      // An existing denied directory keeps its own tmpfs mask (cheaper than rebuilding its
      // parents, and a directory is rarely replaced by a rename); files, sidecar prefixes and
      // names that do not exist yet need their parent rebuilt.
      if (entry.kind === "subpath" && isRealDirectory(entry.path)) continue;
      // Inside another denied directory that exists: masked along with it.
      const inside = denied.some(
        (other) =>
          other !== entry &&
          other.kind === "subpath" &&
          isSameOrInside(entry.path, other.path) &&
          isRealDirectory(other.path),
      );
      if (inside) continue;
      // Stop at the first link, missing or denied directory: what lies below is not reachable
      // by name through this home, or is absent already.
      for (const dir of chain(home, entry.path)) {
        if (!isRealDirectory(dir) || covered(dir)) break;
        ancestors.add(dir);
      }
    }
    const built = buildHome([...ancestors].sort(byDepth), denied, copies);
    // Never fall back to masks by name: they are what a rename defeats.
    if (typeof built === "string") {
      throw new SandboxUnavailableError(`Cannot hide the credential stores of ${home}: ${built}`);
    }
    out.push(...built);
  }
  return out;
}

/** The rebuilt directories, or why they cannot be built. */
function buildHome(
  ancestors: string[],
  denied: readonly DenyEntry[],
  copies: { left: number },
): HiddenDirectory[] | string {
  const result: HiddenDirectory[] = [];
  for (const dir of ancestors) {
    let entries: Dirent[];
    try {
      // The entry types come with the listing (Node stats only the entries whose type the file
      // system leaves unknown): no lstat per entry, on every sandbox start.
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      return `${dir} cannot be listed (${error instanceof Error ? error.message : String(error)})`;
    }
    if (entries.length > MAX_KEPT_ENTRIES) {
      return `${dir} holds ${entries.length} entries, more than ${MAX_KEPT_ENTRIES}; move some into a subfolder`;
    }
    const keep: KeptEntry[] = [];
    for (const entry of entries.sort(byName)) {
      const { name } = entry;
      const path = join(dir, name);
      if (ancestors.includes(path)) continue;
      if (denied.some((denial) => matches(denial, path))) continue;
      if (!entry.isSymbolicLink()) {
        // Small regular files are copied in (kept-file-copy.ts), within a per-sandbox budget.
        const copy = entry.isFile() && copies.left > 0 ? copySmallFile(path) : null;
        if (copy === null) {
          keep.push({ name, kind: "bind" });
        } else {
          copies.left--;
          keep.push({ name, kind: "bind", copy });
        }
        continue;
      }
      try {
        keep.push({ name, kind: "symlink", target: readlinkSync(path) });
      } catch {
        // vanished while listing
      }
    }
    result.push({ path: dir, keep });
  }
  return result;
}

function matches(entry: DenyEntry, path: string): boolean {
  if (entry.kind === "prefix")
    return dirname(entry.path) === dirname(path) && path.startsWith(entry.path);
  return entry.path === path;
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function byDepth(a: string, b: string): number {
  const depth = (p: string): number => p.split("/").length;
  return depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Whether a path is still reachable inside the rebuilt directories: under the deepest rebuilt
 * directory above it, its first component must have been bound back.
 */
export function reachableAfterHiding(path: string, hidden: readonly HiddenDirectory[]): boolean {
  let deepest: HiddenDirectory | undefined;
  for (const dir of hidden) {
    if (dir.path !== path && isSameOrInside(path, dir.path)) {
      if (deepest === undefined || dir.path.length > deepest.path.length) deepest = dir;
    }
  }
  if (deepest === undefined) return true;
  const first = path.slice(deepest.path.length + 1).split("/")[0];
  return deepest.keep.some((entry) => entry.name === first);
}
