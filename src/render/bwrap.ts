// Pure renderer: SandboxPolicy → bubblewrap argv. Order matters (later mounts win); the numbered
// steps follow the spec's order (WSL steps before the team steps at each stage).
import { dirname } from "node:path";
import { isSameOrInside, type ReadMask, type SandboxPolicy } from "../policy/sandbox-policy.js";
import {
  teamExceptionBinds,
  teamRootMasks,
  teamRootRemounts,
  workspaceBind,
} from "./bwrap-team.js";
import { wslMaskArgv, wslMasksInsideArgv, wslRemountArgv } from "./bwrap-wsl.js";

export interface BwrapRenderOptions {
  /** Absolute path of the bubblewrap binary. */
  readonly executable: string;
  readonly command: readonly string[];
  /** The descriptor number, in the child, that carries the seccomp program. */
  readonly seccompFd: number;
  /** Descriptor for bubblewrap's JSON child-pid report, when the caller pins the worker. */
  readonly infoFd?: number;
  /**
   * bubblewrap's own --new-session. The runtime leaves it off and spawns bubblewrap in a new
   * session instead, so one process-group kill reaches the wrapper and every Cell child.
   */
  readonly newSession: boolean;
  /**
   * The descriptor of the first kept-file copy (see keptFileCopies); the others follow in order.
   * Without it every kept file is bound back, for a caller that cannot feed descriptors.
   */
  readonly firstCopyFd?: number;
  /**
   * Mounts composed in from another rule set (a protected session's control and store rules,
   * see protect/kernel-composition.ts), rendered by their owner: `afterWorkspace` right after
   * the workspace bind (mounts inside the workspace, before this policy's read-only paths and
   * masks are laid over them again), `last` after every mask of this policy.
   */
  readonly composed?: {
    readonly afterWorkspace: readonly string[];
    readonly last: readonly string[];
  };
}

export function renderBwrapArgv(policy: SandboxPolicy, options: BwrapRenderOptions): string[] {
  if (options.command.length === 0)
    throw new TypeError("Cannot wrap a command: the command is empty");
  const argv: string[] = [options.executable, "--die-with-parent"];
  if (options.newSession) argv.push("--new-session");
  argv.push("--unshare-ipc", "--unshare-uts");
  if (options.infoFd !== undefined) argv.push("--info-fd", descriptor(options.infoFd, "infoFd"));
  // Always a private PID namespace: in the host's, a Cell could signal or ptrace the user's
  // other processes and read their /proc entries.
  argv.push("--unshare-pid");
  argv.push("--seccomp", descriptor(options.seccompFd, "seccompFd"));
  if (!policy.allowRawNetwork) argv.push("--unshare-net");
  // Started by root, bubblewrap keeps every capability inside its namespaces: a Cell could
  // remount / read-write or change host sysctls.
  if (policy.dropCapabilities) argv.push("--cap-drop", "ALL");
  argv.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc");
  // /proc read-only: root owns /proc/sys and /proc/sysrq-trigger, and file modes alone let a
  // capability-less root write them (the host name, every sysctl, a reboot).
  argv.push("--remount-ro", "/proc");
  // WSL read masks, then the resolver rebind (render/bwrap-wsl.ts); nothing off WSL.
  argv.push(...wslMaskArgv(policy));
  // Home directories rebuilt without their credential stores, before the workspace bind so a
  // workspace inside a home stays writable. A rebuilt directory whose parent is rebuilt too is a
  // plain directory in the parent's tmpfs (read-only with it): one mount and one remount per
  // home instead of per directory, which bubblewrap pays on every start.
  const rebuiltRoots = rebuiltMountRoots(policy);
  let copyFd = options.firstCopyFd;
  if (copyFd !== undefined) descriptor(copyFd, "firstCopyFd");
  for (const dir of policy.hiddenDirectories ?? []) {
    argv.push(rebuiltRoots.has(dir.path) ? "--tmpfs" : "--dir", dir.path);
    for (const entry of dir.keep) {
      const path = `${dir.path}/${entry.name}`;
      if (entry.kind === "symlink") argv.push("--symlink", entry.target, path);
      // A copy is written into the tmpfs (read-only once it is remounted below): no mount.
      else if (entry.copy !== undefined && copyFd !== undefined) {
        argv.push("--perms", octal(entry.copy.mode), "--file", String(copyFd++), path);
      }
      // -try: an entry removed on the host since start must not stop every later command.
      else argv.push("--ro-bind-try", path, path);
    }
  }
  // A Windows mount inside a rebuilt home came back with the entry bound over it: mask it again.
  argv.push(
    ...wslMasksInsideArgv(
      policy,
      (policy.hiddenDirectories ?? []).map((d) => d.path),
    ),
  );
  // Team: protected roots hidden, after the rebuilt homes so a home that holds a root cannot
  // bind it back.
  argv.push(...teamRootMasks(policy));
  argv.push(...workspaceBind(policy));
  argv.push(...(options.composed?.afterWorkspace ?? []));
  for (const path of policy.readOnlyPaths ?? []) argv.push("--ro-bind", path, path);
  // Team read-only exceptions.
  argv.push(...teamExceptionBinds(policy));
  argv.push("--bind", policy.tempDir, policy.tempDir);
  // WSL masked directories read-only, except /tmp and /var/tmp (render/bwrap-wsl.ts).
  argv.push(...wslRemountArgv(policy));
  // Team: the protected roots' tmpfs read-only.
  argv.push(...teamRootRemounts(policy));
  // Non-recursive: the rebuilt directories become read-only, their bound entries keep their own.
  for (const path of rebuiltRoots) argv.push("--remount-ro", path);
  for (const mask of minimalMasks(policy.readMasks)) {
    if (mask.type === "directory") argv.push("--tmpfs", mask.path);
    else argv.push("--ro-bind", "/dev/null", mask.path);
  }
  argv.push(...(options.composed?.last ?? []));
  argv.push("--chdir", policy.workspace, "--", ...options.command);
  return argv;
}

/** The kept-file copies' bytes, in the order renderBwrapArgv numbers their descriptors. */
export function keptFileCopies(policy: SandboxPolicy): Uint8Array[] {
  return (policy.hiddenDirectories ?? []).flatMap((dir) =>
    dir.keep.flatMap((entry) =>
      entry.kind === "bind" && entry.copy !== undefined ? [entry.copy.data] : [],
    ),
  );
}

function octal(mode: number): string {
  if (!Number.isInteger(mode) || mode < 0 || mode > 0o777) {
    throw new RangeError(`Cannot render a kept-file copy: mode ${mode} is not permission bits`);
  }
  return mode.toString(8).padStart(4, "0");
}

/**
 * The rebuilt directories that get their own tmpfs, in order: each one whose parent was not
 * rebuilt before it. A child is made inside its parent's tmpfs only when that tmpfs is already
 * mounted; under a parent bound back from the host (never rebuilt), or one rebuilt later, it
 * keeps a tmpfs of its own, since nothing may be created inside a host directory.
 */
function rebuiltMountRoots(policy: SandboxPolicy): Set<string> {
  const rebuilt = new Set<string>();
  const roots = new Set<string>();
  for (const { path } of policy.hiddenDirectories ?? []) {
    if (!rebuilt.has(dirname(path))) roots.add(path);
    rebuilt.add(path);
  }
  return roots;
}

/**
 * Masks after the binds, so a deny wins inside the workspace too. Duplicates and masks inside a
 * masked directory are dropped: the directory's tmpfs already hides them.
 */
export function minimalMasks(masks: readonly ReadMask[]): ReadMask[] {
  const directories = masks.filter((m) => m.type === "directory").map((m) => m.path);
  const seen = new Set<string>();
  const out: ReadMask[] = [];
  for (const mask of masks) {
    if (seen.has(mask.path)) continue;
    const covered = directories.some((dir) => dir !== mask.path && isSameOrInside(mask.path, dir));
    if (covered) continue;
    seen.add(mask.path);
    out.push(mask);
  }
  return out;
}

function descriptor(fd: number, name: string): string {
  if (!Number.isInteger(fd) || fd < 0) {
    throw new RangeError(
      `Cannot render bubblewrap argv: ${name} must be a non-negative integer: current value is ${fd}`,
    );
  }
  return String(fd);
}
