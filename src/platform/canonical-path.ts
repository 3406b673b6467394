// A path as the kernel sees it: symlinks resolved, and a missing path resolved through its nearest
// existing ancestor (the database, or a denied file, may not exist yet). libc's realpath (one
// call) rather than Node's JavaScript walk (an lstat per component): the deny list resolves some
// fifty paths before every sandboxed command.
import { realpathSync } from "node:fs";
import { basename, dirname, join } from "node:path";

export function canonicalPath(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    if (parent === path) return path;
    return join(canonicalPath(parent), basename(path));
  }
}
