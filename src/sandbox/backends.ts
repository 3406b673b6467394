// One interface per sandbox backend, chosen once by createKernelSandbox. Each turns the policy
// into a spawnable command and names the self-test checks that must hold for it.
import type { WrappedCommand } from "../platform/launch.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import { keptFileCopies, renderBwrapArgv } from "../render/bwrap.js";
import { TEAM_PIN_FD_BASE, teamPinnedPaths } from "../render/bwrap-team.js";
import { SandboxUnavailableError } from "../errors.js";
import { renderSeatbeltArgv } from "../render/seatbelt.js";
import { renderSeccompProgram } from "../render/seccomp.js";
import type { SandboxBackendName } from "./status.js";
import { teamChecks } from "./team-probe.js";
import type { TeamPins } from "./team-pins.js";
import { WSL_CHECKS } from "./wsl-form.js";

export interface WrapOptions {
  /**
   * For callers that do not spawn in a new session themselves: bubblewrap then starts one.
   * The runtime spawns every sandbox in a new session and leaves this off.
   */
  readonly standalone: boolean;
  /** A team policy's pinned bind sources (see team-pins.ts); required for one on bubblewrap. */
  readonly pins?: TeamPins | null;
}

export interface SandboxBackend {
  readonly name: SandboxBackendName;
  readonly executable: string;
  /** Whether the Linux-only self-test checks (seccomp, PID namespace, capabilities) apply. */
  readonly linuxChecks: boolean;
  wrap(policy: SandboxPolicy, command: readonly string[], options: WrapOptions): WrappedCommand;
  requiredChecks(policy: SandboxPolicy): string[];
}

/**
 * Where the kept-file copies start: above the seccomp program, the probe's report and gate and
 * the team pins (from 10), so no descriptor a caller numbers itself moves.
 */
export const KEPT_COPY_FD_BASE = 64;
/** bubblewrap reads the policy's arguments here (--args), just below the copies. */
export const POLICY_ARGS_FD = KEPT_COPY_FD_BASE - 1;

const COMMON_CHECKS = [
  "workspace_write",
  "temp_write",
  "outside_write_blocked",
  "secret_read_blocked",
];

export const LINUX_CHECKS = [
  "host_environ_hidden",
  "unix_socket_blocked",
  "vsock_blocked",
  "socketpair_allowed",
  "unix_dgram_pair_blocked",
  "setid_blocked",
  "tiocsti_blocked",
  "no_new_privs",
  "seccomp_filtered",
  "no_capabilities",
  "private_pid",
  "proc_sys_readonly",
];

function networkChecks(policy: SandboxPolicy): string[] {
  return policy.allowRawNetwork ? [] : ["network_blocked"];
}

/** The seccomp program is rendered once here; an unknown architecture throws, never "no filter". */
export function bubblewrapBackend(executable: string, arch: string): SandboxBackend {
  const seccomp = renderSeccompProgram(arch);
  return {
    name: "bubblewrap",
    executable,
    linuxChecks: true,
    wrap(policy, command, options) {
      const argv = renderBwrapArgv(policy, {
        executable,
        command,
        seccompFd: 3,
        newSession: options.standalone,
        firstCopyFd: KEPT_COPY_FD_BASE,
      });
      const args = argv.slice(1);
      const policyArgs = args.length - command.length - 1;
      return {
        file: executable,
        args,
        inherited: [{ fd: 3, data: seccomp }],
        passed: pinnedDescriptors(policy, options.pins ?? null),
        files: keptFileCopies(policy).map((data, i) => ({ fd: KEPT_COPY_FD_BASE + i, data })),
        // Everything before the command's own "--" goes by descriptor.
        ...(args[policyArgs] === "--"
          ? { argsViaDescriptor: { fd: POLICY_ARGS_FD, count: policyArgs } }
          : {}),
      };
    },
    requiredChecks: (policy) => [
      ...COMMON_CHECKS,
      ...networkChecks(policy),
      ...LINUX_CHECKS,
      ...teamChecks(policy),
      // The WSL form (policy.wsl) adds its own three.
      ...(policy.wsl ? WSL_CHECKS : []),
    ],
  };
}

export function seatbeltBackend(executable: string): SandboxBackend {
  return {
    name: "seatbelt",
    executable,
    linuxChecks: false,
    wrap(policy, command) {
      const argv = renderSeatbeltArgv(policy, command);
      return { file: executable, args: argv.slice(1), inherited: [] };
    },
    requiredChecks: (policy) => [...COMMON_CHECKS, ...networkChecks(policy), ...teamChecks(policy)],
  };
}

/**
 * The team bind sources handed to bubblewrap by descriptor, checked again first: a directory
 * moved since it was pinned refuses. Without pins a team policy cannot be wrapped.
 */
function pinnedDescriptors(policy: SandboxPolicy, pins: TeamPins | null) {
  const paths = teamPinnedPaths(policy);
  if (paths.length === 0) return [];
  if (pins === null || pins.fds.length !== paths.length) {
    throw new SandboxUnavailableError(
      "Cannot wrap a command: a team policy binds its folders by pinned descriptor, and none were given",
    );
  }
  pins.verify();
  return pins.fds.map((from, i) => ({ fd: TEAM_PIN_FD_BASE + i, from }));
}
