import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import type { OsFamily } from "../platform/select.js";

export const DATA_DIR_VARIABLE = "CELLGUARD_DATA_DIR";
export const DATABASE_FILE = "cellguard.db";

/** The platform data directory for cellguard when CELLGUARD_DATA_DIR is unset. */
export function defaultDataDir(
  os: OsFamily,
  env: NodeJS.ProcessEnv,
  home: string = homedir(),
): string {
  if (os === "darwin") return join(home, "Library", "Application Support", "cellguard");
  const xdg = env["XDG_DATA_HOME"];
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "cellguard");
  return join(home, ".local", "share", "cellguard");
}

/** Every data directory whose contents a Cell must not read: the configured one and the default. */
export function dataDirCandidates(
  os: OsFamily,
  env: NodeJS.ProcessEnv,
  home: string = homedir(),
): string[] {
  const dirs: string[] = [];
  const configured = env[DATA_DIR_VARIABLE];
  if (configured !== undefined && configured.trim() !== "") dirs.push(configured);
  dirs.push(defaultDataDir(os, env, home));
  return dirs;
}
