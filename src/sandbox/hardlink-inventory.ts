// The workspace hardlink inventory (§7.9). A path sandbox cannot tell two names of one inode
// apart: a file hardlinked into the workspace before start would show a protected file through a
// writable, readable name. So before a team Cell starts, every regular file in the workspace with
// more than one link must have all of its links inside the workspace; anything the walk cannot
// settle refuses.
import { closeSync, constants, fstatSync, lstatSync, opendirSync, openSync } from "node:fs";
import { join } from "node:path";
import { SandboxUnavailableError } from "../errors.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";

export interface InventoryLimits {
  /** Directory entries read before the walk gives up. */
  readonly maxEntries: number;
  /** Milliseconds before the walk gives up. */
  readonly maxMs: number;
}

export const INVENTORY_LIMITS: InventoryLimits = Object.freeze({
  maxEntries: 100_000,
  maxMs: 5_000,
});

export interface InventoryOptions {
  readonly limits?: InventoryLimits;
  /** Milliseconds, monotonic. Injectable so the time bound is testable without waiting. */
  readonly now?: () => number;
  /** What refuses, for the message. Default: team read isolation. */
  readonly subject?: string;
}

interface Identity {
  readonly dev: bigint;
  readonly ino: bigint;
}

interface LinkedFile {
  readonly nlink: bigint;
  readonly first: string;
  seen: bigint;
}

const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/**
 * Walks `workspace` depth-first without following symlinks, one directory listing at a time
 * (each streamed, never held whole), and throws unless every multiply-linked regular file is
 * fully accounted for inside it.
 *
 * @throws {SandboxUnavailableError} the workspace holds a file hardlinked outside it, or the
 *   walk hit its entry or time limit, could not open or stat something, or saw it change.
 */
export function checkWorkspaceHardlinks(workspace: string, options: InventoryOptions = {}): void {
  const limits = options.limits ?? INVENTORY_LIMITS;
  const now = options.now ?? (() => performance.now());
  const started = now();
  const subject = options.subject ?? "Team read isolation";
  function refuse(why: string): never {
    throw new SandboxUnavailableError(
      `${subject} refused to start: the workspace ${JSON.stringify(workspace)} ${why}`,
    );
  }
  const rootStat = statOrRefuse(workspace, refuse);
  if (!rootStat.isDirectory()) refuse("cannot be safely scanned (it is not a directory)");
  const pending: { path: string; id: Identity }[] = [{ path: workspace, id: identityOf(rootStat) }];
  const linked = new Map<string, LinkedFile>();
  let entries = 0;
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { path, id } = next;
    let fd: number;
    try {
      fd = openSync(path, DIRECTORY_FLAGS);
    } catch (error) {
      refuse(`cannot be safely scanned (cannot open ${JSON.stringify(path)}: ${codeOf(error)})`);
    }
    try {
      const opened = fstatSync(fd, { bigint: true });
      if (opened.dev !== id.dev || opened.ino !== id.ino)
        refuse(`changed during hardlink scan (${JSON.stringify(path)} was replaced)`);
      let dir;
      try {
        dir = opendirSync(path);
      } catch (error) {
        refuse(`cannot be safely scanned (cannot list ${JSON.stringify(path)}: ${codeOf(error)})`);
      }
      try {
        for (;;) {
          let entry;
          try {
            entry = dir.readSync();
          } catch (error) {
            refuse(
              `cannot be safely scanned (cannot list ${JSON.stringify(path)}: ${codeOf(error)})`,
            );
          }
          if (entry === null) break;
          entries += 1;
          if (entries > limits.maxEntries)
            refuse(`exceeded its entry limit (${limits.maxEntries} entries) in the hardlink scan`);
          if (now() - started > limits.maxMs)
            refuse(`exceeded its time limit (${limits.maxMs} ms) in the hardlink scan`);
          const child = join(path, entry.name);
          const st = statOrRefuse(child, refuse);
          if (st.isDirectory()) {
            pending.push({ path: child, id: identityOf(st) });
          } else if (!st.isSymbolicLink() && st.nlink > 1n) {
            // Not only regular files: a sibling's FIFO linked in carries what its writer sends.
            const key = `${st.dev}:${st.ino}`;
            const known = linked.get(key);
            if (known === undefined) {
              linked.set(key, { nlink: st.nlink, first: child, seen: 1n });
            } else if (known.nlink !== st.nlink) {
              refuse(
                `changed during hardlink scan (the link count of ${JSON.stringify(child)} changed)`,
              );
            } else {
              known.seen += 1n;
            }
          }
        }
      } finally {
        dir.closeSync();
      }
      // Still the directory that was opened: a rename mid-walk would have listed another one.
      const after = statOrRefuse(path, refuse);
      if (after.dev !== id.dev || after.ino !== id.ino)
        refuse(`changed during hardlink scan (${JSON.stringify(path)} was replaced)`);
    } finally {
      closeSync(fd);
    }
  }
  for (const file of linked.values()) {
    if (file.seen > file.nlink)
      refuse(`changed during hardlink scan (${JSON.stringify(file.first)} gained names)`);
    if (file.seen < file.nlink) {
      refuse(
        `contains a file hardlinked outside the workspace: ${JSON.stringify(file.first)} (${file.nlink} links, ${file.seen} inside); remove the link or copy the file`,
      );
    }
  }
}

function statOrRefuse(path: string, refuse: (why: string) => never) {
  try {
    return lstatSync(path, { bigint: true });
  } catch (error) {
    if (codeOf(error) === "ENOENT")
      return refuse(`changed during hardlink scan (${JSON.stringify(path)} disappeared)`);
    return refuse(
      `cannot be safely scanned (cannot stat ${JSON.stringify(path)}: ${codeOf(error)})`,
    );
  }
}

function identityOf(st: { dev: bigint; ino: bigint }): Identity {
  return { dev: st.dev, ino: st.ino };
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : error instanceof Error ? error.message : String(error);
}

/**
 * The inventory a policy needs, as one walk: a team policy's workspace, or a workspace on a
 * Windows drive (§7.9: a file on the drive hardlinked into the workspace would be readable past
 * every mask). Run before the self-test, after it and before every command; nothing otherwise.
 */
export function inventoryPolicyWorkspace(policy: SandboxPolicy): void {
  const drive = policy.wsl?.workspaceWindowsMount ?? null;
  if (policy.readIsolation !== undefined) checkWorkspaceHardlinks(policy.workspace);
  else if (drive !== null) {
    checkWorkspaceHardlinks(policy.workspace, {
      subject: `The WSL sandbox (workspace on the Windows drive mounted at ${drive})`,
    });
  }
}
