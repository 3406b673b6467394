// A mask is a mount on a name. When the host replaces a denied file by a rename (git's
// credential store, most editors) or creates one that did not exist when the sandbox started,
// the kernel drops or never had the mask, and a running Cell can read the new file. The host
// watches the directories that hold denied names and stops the sandbox when one changes.
import { existsSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";
import type { DenyEntry, SandboxPolicy } from "../policy/sandbox-policy.js";
import { reachableAfterHiding } from "./home-overlay.js";

interface WatchedName {
  readonly name: string;
  /** A prefix entry also matches its sidecars (name-wal, name-journal, …). */
  readonly prefix: boolean;
  readonly target: string;
}

/** For each deny entry, the nearest existing directory above it and the name to watch there. */
export function watchPlan(entries: readonly DenyEntry[]): Map<string, WatchedName[]> {
  const plan = new Map<string, WatchedName[]>();
  for (const entry of entries) {
    let dir = dirname(entry.path);
    while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
    const below = relative(dir, entry.path).split(sep)[0] ?? basename(entry.path);
    const direct = dirname(entry.path) === dir;
    const watched: WatchedName = {
      name: below,
      prefix: direct && entry.kind === "prefix",
      target: entry.path,
    };
    plan.set(dir, [...(plan.get(dir) ?? []), watched]);
  }
  return plan;
}

/**
 * Watches until the returned function is called; `onBreach` gets the changed path once.
 * Directories that cannot be watched are returned in `unwatched` so the caller can say so.
 */
export function watchDenyTargets(
  entries: readonly DenyEntry[],
  onBreach: (path: string) => void,
): { stop: () => void; unwatched: string[] } {
  const watchers: FSWatcher[] = [];
  const unwatched: string[] = [];
  let fired = false;
  for (const [dir, names] of watchPlan(entries)) {
    try {
      const watcher = watch(dir, { persistent: false }, (_event, filename) => {
        if (fired || filename === null) return;
        const name = filename.toString();
        const hit = names.find((n) => n.name === name || (n.prefix && name.startsWith(n.name)));
        if (hit === undefined) return;
        fired = true;
        onBreach(join(dir, name));
      });
      // A watch that breaks (inotify limits, the directory gone) can no longer vouch for the
      // masks: treat it as a change.
      watcher.on("error", () => {
        if (fired) return;
        fired = true;
        onBreach(dir);
      });
      watchers.push(watcher);
    } catch {
      unwatched.push(dir);
    }
  }
  return {
    stop: () => {
      for (const watcher of watchers) watcher.close();
    },
    unwatched,
  };
}

/**
 * Watches the denied names of a policy that a running sandbox masks by name (those left out of
 * a rebuilt home are absent whatever the host does). `unwatched` lists what could not be watched.
 */
export function watchPolicyDenyList(
  policy: SandboxPolicy,
  onBreach: (path: string) => void,
): { stop: () => void; unwatched: string[] } {
  const temp = policy.tempDir;
  const hidden = policy.hiddenDirectories ?? [];
  // The canary lives in the private temp, which the Cell itself writes: not a host change.
  const entries = policy.denyRead.filter(
    (entry) => !entry.path.startsWith(`${temp}/`) && reachableAfterHiding(entry.path, hidden),
  );
  return watchDenyTargets(entries, onBreach);
}
