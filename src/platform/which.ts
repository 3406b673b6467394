import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join } from "node:path";

export type Which = (name: string) => string | null;

/**
 * Finds an executable on a PATH string. Relative PATH entries are skipped: a security binary
 * found through "." or "bin" would be chosen by whoever controls the current directory.
 */
export function whichOnPath(name: string, pathValue: string | undefined): string | null {
  if (name.includes("/")) return isExecutableFile(name) ? name : null;
  for (const dir of (pathValue ?? "").split(delimiter)) {
    if (dir === "" || !isAbsolute(dir)) continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return null;
}

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A Which bound to the current process PATH, read at call time. */
export const whichFromEnv: Which = (name) => whichOnPath(name, process.env["PATH"]);
