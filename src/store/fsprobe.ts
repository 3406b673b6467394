// lstat probes that answer "absent" plainly and let every other error propagate. A guard written
// as `existsSync(p) ? … : refuse` stops refusing when the path is unreadable (EACCES, EIO, ELOOP):
// existsSync turns every error into false. Here only ENOENT and ENOTDIR mean absent.
import { lstatSync, type Stats } from "node:fs";

export type PathKind = "symlink" | "dir" | "file" | "other";

export interface LstatIsSymlinkOptions {
  /**
   * Whether an absent path (ENOENT, ENOTDIR) answers false instead of throwing.
   * @default true
   */
  readonly missingOk?: boolean;
}

/**
 * Whether `lstat` says `path` is a symbolic link (dangling or not). Never follows the link.
 *
 * @throws the lstat error when the path is absent and `missingOk` is false, and for every error
 *   other than ENOENT and ENOTDIR whatever `missingOk` says.
 */
export function lstatIsSymlink(path: string, options: LstatIsSymlinkOptions = {}): boolean {
  const { missingOk = true } = options;
  const st = lstatOrNull(path, missingOk);
  return st !== null && st.isSymbolicLink();
}

/**
 * What `lstat` says `path` is: `symlink` for any link, dangling or not; `other` for sockets,
 * FIFOs and devices; null when the path is absent (ENOENT or ENOTDIR).
 *
 * @throws every lstat error other than ENOENT and ENOTDIR (EACCES, ELOOP, ENAMETOOLONG, EIO…).
 */
export function lstatKind(path: string): PathKind | null {
  const st = lstatOrNull(path, true);
  if (st === null) return null;
  if (st.isSymbolicLink()) return "symlink";
  if (st.isDirectory()) return "dir";
  if (st.isFile()) return "file";
  return "other";
}

/** Whether an error from the file system means the path does not exist (ENOENT, ENOTDIR). */
export function isAbsentError(error: unknown): boolean {
  const code = error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
  return code === "ENOENT" || code === "ENOTDIR";
}

function lstatOrNull(path: string, missingOk: boolean): Stats | null {
  try {
    return lstatSync(path);
  } catch (error) {
    if (missingOk && isAbsentError(error)) return null;
    throw error;
  }
}
