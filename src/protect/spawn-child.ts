// For a Node server inside a protected session: start a model-directed command through the
// supervisor. Node marks inherited descriptors close-on-exec at start, so the channel is handed
// to the client explicitly as its descriptor 3. spawnProtectedChild runs a command with its three
// standard descriptors; supervisedCommand prepares one with extra descriptors (a kernel worker's
// response pipe) for spawnWrapped.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import type { WrappedCommand } from "../platform/launch.js";
import { PROTECTED_CHANNEL_FD } from "./env.js";
import { ProtectedStoreError } from "./errors.js";
import { protectedChildPrefix } from "./pin.js";
import { FIRST_EXTRA_CHILD_FD, MAX_EXTRA_FDS } from "./supervisor-source.js";

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

/**
 * Linux: `command` as a supervised request, ready for spawnWrapped: the client with the channel
 * as its descriptor 3 and `extraFds` more descriptors after it (pipes spawnWrapped makes), which
 * the child gets under the same numbers (FIRST_EXTRA_CHILD_FD, …). Null outside a protected
 * session. @throws {ProtectedStoreError} the pin does not hold, or this is not Linux.
 */
export function supervisedCommand(
  command: readonly string[],
  options: { readonly extraFds: number },
): WrappedCommand | null {
  if (command.length === 0) throw new TypeError("Cannot spawn: the command is empty");
  if (
    !Number.isInteger(options.extraFds) ||
    options.extraFds < 0 ||
    options.extraFds > MAX_EXTRA_FDS
  )
    throw new RangeError(
      `Cannot spawn: extraFds must be an integer from 0 to ${MAX_EXTRA_FDS}: current value is ${options.extraFds}`,
    );
  const prefix = protectedChildPrefix();
  if (prefix === null) return null;
  const [file, ...args] = prefix;
  if (file === undefined || file.endsWith("sandbox-exec") || args.at(-1) !== "--")
    throw new ProtectedStoreError(
      "ERR_PROTECT_UNAVAILABLE",
      "supervised children with descriptors run on Linux only; nothing was run",
    );
  // spawnWrapped puts the leading channel at 3 and the extra pipes right after it: the client's
  // first extra descriptor is 4, the number the supervisor gives it in the child.
  const leading = [PROTECTED_CHANNEL_FD];
  if (3 + leading.length !== FIRST_EXTRA_CHILD_FD)
    throw new RangeError("Cannot spawn: the channel layout does not match the supervisor's");
  return {
    file,
    args: [...args.slice(0, -1), "--pass-fds", String(options.extraFds), "--", ...command],
    inherited: [],
    leading,
  };
}
