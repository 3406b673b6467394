// `--team-root DIR` and `--allowed-root DIR` (each repeatable) for exec and doctor: the team read
// isolation policy from the command line. Relative paths are taken from the current directory.
import { resolve } from "node:path";
import type { KernelReadIsolation } from "../policy/team-roots.js";
import { UsageError } from "./args.js";

export const TEAM_OPTION_SPEC = {
  "team-root": { type: "string" },
  "allowed-root": { type: "string" },
} as const;

export const TEAM_USAGE = "[--team-root DIR]… [--allowed-root DIR]…";

/** The team policy the options ask for, null for none. */
export function teamIsolationFromOptions(
  lists: Readonly<Record<string, readonly string[]>>,
  cwd: string,
): KernelReadIsolation | null {
  const roots = lists["team-root"] ?? [];
  const allowed = lists["allowed-root"] ?? [];
  if (roots.length === 0) {
    if (allowed.length > 0)
      throw new UsageError("--allowed-root needs --team-root (the root it is an exception in)");
    return null;
  }
  const absolute = (path: string): string => (path === "" ? path : resolve(cwd, path));
  return { roots: roots.map(absolute), allowedRoots: allowed.map(absolute) };
}
