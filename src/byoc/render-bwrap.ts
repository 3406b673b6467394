// Pure renderer: HelperPolicy → bubblewrap argv for the provider helper. Order matters (later
// mounts win). There is deliberately no --unshare-net: the helper must reach its provider, and
// the posture says so rather than letting "confined" read as "cannot phone home".
import { HIDDEN_RUN_DIR, type HelperPolicy } from "./policy.js";

export interface HelperBwrapOptions {
  /** Absolute path of the bubblewrap binary (a trusted lookup, never a bare name). */
  readonly executable: string;
  readonly command: readonly string[];
  /**
   * bubblewrap's own --new-session, for callers that do not spawn in a new session. The runtime
   * leaves it off and spawns bubblewrap in a new session, so one group kill reaches every child.
   */
  readonly newSession: boolean;
}

export function renderHelperBwrapArgv(policy: HelperPolicy, options: HelperBwrapOptions): string[] {
  if (options.command.length === 0) {
    throw new TypeError("Cannot wrap the provider helper: the command is empty");
  }
  const argv: string[] = [options.executable, "--die-with-parent"];
  if (options.newSession) argv.push("--new-session");
  // A private PID namespace: the helper cannot see, signal or read other processes (their
  // /proc/<pid>/environ holds the daemon's credentials).
  argv.push("--unshare-pid", "--unshare-ipc", "--unshare-uts");
  // Started by root, bubblewrap keeps every capability in its namespaces: the helper could
  // unmount the tmpfs over the home and read what is underneath.
  if (policy.dropCapabilities) argv.push("--cap-drop", "ALL");
  argv.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc");
  // Root's file modes let even a capability-less root write /proc/sys and /proc/sysrq-trigger.
  argv.push("--remount-ro", "/proc");
  // The invariant: every home is an empty tmpfs, so files created or renamed in later stay hidden.
  for (const home of policy.homes) argv.push("--tmpfs", home);
  // A read-only bind does not stop connect(2): hide the Docker, Podman, D-Bus, keyring and agent
  // sockets under /run, then bring back only what the resolver reads.
  argv.push("--tmpfs", HIDDEN_RUN_DIR);
  for (const path of policy.resolverRebinds) argv.push("--ro-bind-try", path, path);
  // Bind sources resolve through the host's root, so paths inside a hidden home still bind.
  for (const path of policy.readPaths) argv.push("--ro-bind", path, path);
  argv.push("--bind", policy.tempDir, policy.tempDir);
  argv.push("--bind", policy.stage, policy.stage);
  // Non-recursive: the hidden directories become read-only, what is bound into them keeps its mode.
  for (const home of policy.homes) argv.push("--remount-ro", home);
  argv.push("--remount-ro", HIDDEN_RUN_DIR);
  argv.push("--chdir", policy.stage, "--", ...options.command);
  return argv;
}
