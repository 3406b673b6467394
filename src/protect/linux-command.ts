// The composed bubblewrap command of a protected process on Linux: the host's filesystem with
// "/" and its system trees read-only (the rest as it is), the mounts of the rule set on top, a private PID and IPC namespace, every capability
// dropped, and the kernel sandbox's seccomp program (socket(AF_UNIX) refused, socketpair and
// inherited descriptors left alone; ptrace, io_uring and new user namespaces refused).
import type { WrappedCommand } from "../platform/launch.js";
import { renderSeccompProgram } from "../render/seccomp.js";
import { planLinuxMounts, renderMountArgs, type LinuxMountPlan } from "./linux-plan.js";
import type { ProtectRuleSet } from "./rules.js";

export interface ProtectedCommandOptions {
  /** Absolute path of a trusted bubblewrap. */
  readonly bwrap: string;
  /** An empty mode-000 file the launch owns, bound over read-denied files. */
  readonly deniedFile: string;
  readonly arch: string;
  readonly cwd: string;
  /** The whole environment of the command (bubblewrap itself runs with an empty one). */
  readonly env: Readonly<Record<string, string>>;
  readonly command: readonly string[];
}

/** Pure: bubblewrap arguments (after the program) for a plan; the seccomp program is on fd 3. */
export function renderProtectedBwrapArgs(
  plan: LinuxMountPlan,
  options: Omit<ProtectedCommandOptions, "bwrap" | "arch">,
): string[] {
  if (options.command.length === 0)
    throw new TypeError("Cannot wrap a command: the command is empty");
  const args = [
    "--die-with-parent",
    "--unshare-pid",
    "--unshare-ipc",
    "--cap-drop",
    "ALL",
    "--seccomp",
    "3",
    // "/" read-only, its non-system directories bound back writable (see LinuxMountPlan).
    "--ro-bind",
    "/",
    "/",
    ...plan.writableRoots.flatMap((path) => ["--bind", path, path]),
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--remount-ro",
    "/proc",
    ...renderMountArgs(plan, { deniedFile: options.deniedFile }),
    "--clearenv",
  ];
  for (const name of Object.keys(options.env).sort()) {
    const value = options.env[name];
    if (value !== undefined) args.push("--setenv", name, value);
  }
  args.push("--chdir", options.cwd, "--", ...options.command);
  return args;
}

/** Probes the host for the mounts, renders, and adds the seccomp program: ready to spawn. */
export function protectedCommand(
  rules: ProtectRuleSet,
  options: ProtectedCommandOptions,
): WrappedCommand {
  const plan = planLinuxMounts(rules);
  return {
    file: options.bwrap,
    args: renderProtectedBwrapArgs(plan, options),
    inherited: [{ fd: 3, data: renderSeccompProgram(options.arch) }],
  };
}
