// Removes a directory tree that a sandboxed process may have made hard to remove: a Cell can
// chmod 000 a directory in its private temp, and a plain recursive remove then fails with
// EACCES and leaves the tree (and whatever it holds) behind in the host's /tmp.
import { chmodSync, lstatSync, readdirSync, rmdirSync, rmSync, unlinkSync } from "node:fs";
import { join } from "node:path";

/** Best effort: returns the error message when something could not be removed, else null. */
export function removeTree(root: string): string | null {
  if (removeFlat(root)) return null;
  try {
    rmSync(root, { recursive: true, force: true });
    return null;
  } catch {
    // fall through: open up the directories, then try again
  }
  restoreOwnerAccess(root);
  try {
    rmSync(root, { recursive: true, force: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

// The common case, a private temp holding a few files and no directory, without rmSync's
// recursive walker: Node compiles that module on first use, which cost each `cellguard exec`
// about 2 ms. unlink removes a link itself, never its target. Anything else (a subdirectory, an
// error): false, and the general path runs.
function removeFlat(root: string): boolean {
  try {
    const entries = readdirSync(root, { withFileTypes: true });
    if (entries.some((entry) => entry.isDirectory())) return false;
    for (const entry of entries) unlinkSync(join(root, entry.name));
    rmdirSync(root);
    return true;
  } catch {
    return false;
  }
}

function restoreOwnerAccess(dir: string): void {
  let st;
  try {
    st = lstatSync(dir);
  } catch {
    return;
  }
  // Never follow a link: only directories this tree itself holds are opened up.
  if (!st.isDirectory()) return;
  try {
    chmodSync(dir, 0o700);
  } catch {
    return;
  }
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) restoreOwnerAccess(join(dir, name));
}
