// A path as the kernel sees it: symlinks resolved, and a missing path resolved through its nearest
// existing ancestor (the database, or a denied file, may not exist yet). libc's realpath (one
// call) rather than Node's JavaScript walk (an lstat per component): the deny list resolves some
// fifty paths before every sandboxed command, most of them missing. So the walk up to the
// nearest existing ancestor asks lstat, which answers "absent" without an exception: a thrown
// error costs a stack trace, and realpath failing on every missing level was a millisecond of
// each `cellguard exec`.
import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export function canonicalPath(path: string): string {
  const missing: string[] = [];
  let at = path;
  for (;;) {
    if (present(at)) {
      try {
        return join(realpathSync.native(at), ...missing);
      } catch {
        // present but unresolvable (a dangling link, a loop): resolved through its parent
      }
    }
    const parent = dirname(at);
    if (parent === at) return missing.length === 0 ? at : join(at, ...missing);
    missing.unshift(basename(at));
    at = parent;
  }
}

/** True when `path` names an entry (a link counts); false when absent or unexaminable. */
function present(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}
