// For a Node server inside a protected session: start a model-directed command through the
// supervisor. Node marks inherited descriptors close-on-exec at start, so the channel is handed
// to the client explicitly as its descriptor 3.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { PROTECTED_CHANNEL_FD } from "./env.js";
import { ProtectedStoreError } from "./errors.js";
import { protectedChildPrefix } from "./pin.js";

export interface ProtectedSpawnOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly stdio?: readonly [
    "pipe" | "inherit" | "ignore",
    "pipe" | "inherit" | "ignore",
    "pipe" | "inherit" | "ignore",
  ];
}

/**
 * Spawns `command` under the pinned child rules; null outside a protected session (the caller
 * then runs it its own way). Throws when the session is protected but inconsistent.
 */
export function spawnProtectedChild(
  command: readonly string[],
  options: ProtectedSpawnOptions,
): ChildProcess | null {
  if (command.length === 0) throw new TypeError("Cannot spawn: the command is empty");
  const prefix = protectedChildPrefix();
  if (prefix === null) return null;
  const [file, ...args] = prefix;
  if (file === undefined)
    throw new ProtectedStoreError("ERR_PROTECT_PIN", "the protected child prefix is empty");
  const stdio: StdioOptions = [...(options.stdio ?? ["pipe", "pipe", "pipe"])];
  if (!file.endsWith("sandbox-exec")) stdio.push(PROTECTED_CHANNEL_FD);
  return spawn(file, [...args, ...command], { cwd: options.cwd, env: { ...options.env }, stdio });
}
