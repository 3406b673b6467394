// The team binds pinned by descriptor. bubblewrap resolves a bind source by path when it mounts,
// and a Cell writes the folders on the way to a later Cell's workspace (its own workspace holds
// the next one's): swapped for a symlink between our checks and that mount, `ws/sub` would bind
// a sibling's folder. An open descriptor names one directory whatever happens to the path, and
// bubblewrap's --bind-fd mounts exactly it (and closes it before the command starts).
import { closeSync, constants, openSync, readFileSync, readlinkSync } from "node:fs";
import { decodeOctalEscapes } from "../platform/wsl.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { SandboxUnavailableError } from "../errors.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import { teamPinnedPaths } from "../render/bwrap-team.js";

/** Open descriptors of this process for the team's bind sources, until close(). */
export interface TeamPins {
  /** This process's descriptor for each of teamPinnedPaths(policy), in that order. */
  readonly fds: readonly number[];
  /** Throws unless every descriptor is still the directory at its path. */
  verify(): void;
  /** Idempotent. */
  close(): void;
}

/**
 * Opens every bind source of a team policy (no symlink followed at the last step) and checks the
 * directory opened is the one at that path now, as the kernel names it: a swap before the open
 * shows as another path. Null for a single-user policy.
 *
 * @throws {SandboxUnavailableError} a path that cannot be opened or is not where it was checked.
 */
export function pinTeamBinds(policy: SandboxPolicy): TeamPins | null {
  const paths = teamPinnedPaths(policy);
  if (paths.length === 0) return null;
  const fds: number[] = [];
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    for (const fd of fds) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
    }
  };
  const verify = (): void => {
    refuseMountsInside(policy.workspace);
    paths.forEach((path, i) => {
      const fd = fds[i];
      let named: string;
      try {
        named = fd === undefined || closed ? "" : readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        named = "";
      }
      if (named !== path) {
        throw new SandboxUnavailableError(
          `Team read isolation refused: the bind source ${JSON.stringify(path)} changed while the sandbox was set up (the directory opened is now ${JSON.stringify(named)}); nothing was run`,
        );
      }
    });
  };
  try {
    for (const path of paths) {
      fds.push(openSync(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW));
    }
    verify();
  } catch (error) {
    close();
    if (error instanceof SandboxUnavailableError) throw error;
    const code = (error as { code?: unknown }).code;
    throw new SandboxUnavailableError(
      `Team read isolation refused: a bind source could not be opened as a directory (${typeof code === "string" ? code : String(error)}); nothing was run`,
    );
  }
  return { fds, verify, close };
}

/**
 * bubblewrap binds recursively: a mount inside the workspace comes along, and the hardlink
 * inventory cannot see what it carries (a bind of a sibling's folder adds no links). Any mount
 * point strictly inside the workspace refuses; so does a mount table that cannot be read. (An
 * allowed root is shown as the host made it, mounts and hardlinks included.)
 */
export function refuseMountsInside(
  workspace: string,
  mountinfo: () => string = () => readFileSync("/proc/self/mountinfo", "utf8"),
): void {
  let text: string;
  try {
    text = mountinfo();
  } catch (error) {
    throw new SandboxUnavailableError(
      `Team read isolation refused: the mount table could not be read (${String(error)}); nothing was run`,
    );
  }
  for (const line of text.split("\n")) {
    const field = line.split(" ")[4];
    if (field === undefined) continue;
    const mountPoint = decodeOctalEscapes(field);
    if (mountPoint !== workspace && isSameOrInside(mountPoint, workspace)) {
      throw new SandboxUnavailableError(
        `Team read isolation refused: ${JSON.stringify(mountPoint)} is a mount inside the workspace ${JSON.stringify(workspace)}, whose content the hardlink inventory cannot vouch for; unmount it (an input folder belongs outside the workspace, as an allowed root); nothing was run`,
      );
    }
  }
}
