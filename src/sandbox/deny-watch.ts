// A mask is a mount on a name. When the host replaces a denied file by a rename (git's
// credential store, most editors) or creates one that did not exist when the sandbox started,
// the kernel drops or never had the mask, and a running Cell can read the new file. The host
// watches the directories that hold denied names and stops the sandbox when one changes.
import { existsSync, watch, type FSWatcher } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { DenyEntry, SandboxPolicy } from "../policy/sandbox-policy.js";
import { DENY_CANARY_NAME } from "./deny-list.js";
import { reachableAfterHiding } from "./home-overlay.js";
import { hiddenByTeamRoots } from "./team-policy.js";

interface WatchedName {
  readonly name: string;
  /** A prefix entry also matches its sidecars (name-wal, name-journal, …). */
  readonly prefix: boolean;
}

/**
 * For each deny entry, every directory above it and the name to watch there: the next component
 * on the way down. A rename of any ancestor (the data directory's parent moved aside and
 * re-created, say) swaps what the masked path means, so each level is watched.
 */
export function watchPlan(entries: readonly DenyEntry[]): Map<string, WatchedName[]> {
  const plan = new Map<string, WatchedName[]>();
  const add = (dir: string, watched: WatchedName): void => {
    const list = plan.get(dir) ?? [];
    if (!list.some((w) => w.name === watched.name && w.prefix === watched.prefix))
      list.push(watched);
    plan.set(dir, list);
  };
  for (const entry of entries) {
    let below = entry.path;
    let dir = dirname(entry.path);
    let direct = true;
    for (;;) {
      if (existsSync(dir)) {
        add(dir, {
          name: basename(below),
          prefix: direct && entry.kind === "prefix",
        });
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      below = dir;
      dir = parent;
      direct = false;
    }
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
  // The self-test's canary is cellguard's own file (in the private temp, which the Cell itself
  // writes, or in a data directory, where another sandbox may create it): not a host change.
  const entries = policy.denyRead.filter(
    (entry) =>
      !entry.path.startsWith(`${temp}/`) &&
      !(entry.kind === "literal" && basename(entry.path) === DENY_CANARY_NAME) &&
      reachableAfterHiding(entry.path, hidden) &&
      // Under a team root's tmpfs a denied name is absent, as in a rebuilt home.
      (policy.readIsolation === undefined ||
        !hiddenByTeamRoots(policy, policy.readIsolation, entry.path)),
  );
  return watchDenyTargets(entries, onBreach);
}
