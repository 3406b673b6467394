// Path rules of the protected store (spec §3.2–§3.3): a control path is taken as written or not
// at all, and a path that does not exist yet is resolved through its nearest existing ancestor.
// Only ENOENT means absent: a dangling link, a permission failure or a file where a directory
// should be is an error, because treating it as "absent" would leave a path unprotected.
import { lstatSync, realpathSync } from "node:fs";
import { ProtectedStoreError } from "./errors.js";

/* eslint-disable no-control-regex -- refusing control characters is the point */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/* eslint-enable no-control-regex */
// In a `u` regex a well-formed pair is one code point, so this class matches lone halves only.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

const PATH_RULE = "control paths must be absolute, without dot components or control characters";

/**
 * The path unchanged when it is absolute, valid Unicode, free of control characters and has no
 * `.`, `..` or empty segment (a trailing or doubled `/` counts as an empty one); `/` itself passes.
 */
export function checkedPath(path: unknown): string {
  if (typeof path !== "string")
    throw new ProtectedStoreError("ERR_PROTECT_PATH", `${PATH_RULE}: a path must be a string`);
  if (LONE_SURROGATE.test(path))
    throw new ProtectedStoreError("ERR_PROTECT_PATH", `${PATH_RULE}: the path is not Unicode`);
  if (CONTROL.test(path))
    throw new ProtectedStoreError(
      "ERR_PROTECT_PATH",
      `${PATH_RULE}: ${JSON.stringify(path)} contains a control character`,
    );
  if (!path.startsWith("/"))
    throw new ProtectedStoreError(
      "ERR_PROTECT_PATH",
      `${PATH_RULE}: ${JSON.stringify(path)} is not absolute`,
    );
  if (path === "/") return path;
  for (const segment of path.slice(1).split("/")) {
    if (segment === "" || segment === "." || segment === "..")
      throw new ProtectedStoreError(
        "ERR_PROTECT_PATH",
        `${PATH_RULE}: ${JSON.stringify(path)} has a ${segment === "" ? "empty" : JSON.stringify(segment)} segment`,
      );
  }
  return path;
}

/** The parent of a checked path ("/" for "/x"), or null for "/". */
export function parentOf(path: string): string | null {
  if (path === "/") return null;
  const cut = path.lastIndexOf("/");
  return cut === 0 ? "/" : path.slice(0, cut);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export function joinPath(dir: string, name: string): string {
  return dir === "/" ? `/${name}` : `${dir}/${name}`;
}

/** Every proper ancestor of a checked path, nearest first, ending with "/". */
export function ancestorsOf(path: string): string[] {
  const out: string[] = [];
  for (let p = parentOf(path); p !== null; p = parentOf(p)) out.push(p);
  return out;
}

/** Whole-component containment: `/a/b/c` and `/a/b` are inside `/a/b`; `/a/bc` is not. */
export function isSameOrInside(path: string, root: string): boolean {
  if (path === root) return true;
  if (root === "/") return path.startsWith("/");
  return path.startsWith(root) && path.charCodeAt(root.length) === 0x2f;
}

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | null)?.code;
}

/**
 * The canonical form of a path that may not exist: realpath of the path when it exists (a
 * dangling link is an error, never absence), else the canonical parent plus the missing name.
 */
export function resolveMissing(path: string): string {
  checkedPath(path);
  try {
    lstatSync(path);
  } catch (error) {
    if (errnoOf(error) !== "ENOENT")
      throw new ProtectedStoreError(
        "ERR_PROTECT_RESOLVE",
        `cannot inspect ${JSON.stringify(path)}: ${errnoOf(error) ?? String(error)}; a path that cannot be examined is never treated as absent`,
        { cause: error },
      );
    const parent = parentOf(path);
    if (parent === null)
      throw new ProtectedStoreError(
        "ERR_PROTECT_RESOLVE",
        `cannot resolve ${JSON.stringify(path)}: it has no parent`,
      );
    return joinPath(resolveMissing(parent), baseName(path));
  }
  try {
    return realpathSync.native(path);
  } catch (error) {
    throw new ProtectedStoreError(
      "ERR_PROTECT_RESOLVE",
      `cannot resolve ${JSON.stringify(path)}: ${errnoOf(error) ?? String(error)} (a dangling or looping link, or no permission); it is never treated as absent`,
      { cause: error },
    );
  }
}
