// Pure renderer: HelperPolicy → bubblewrap argv for the provider helper. Order matters (later
// mounts win). There is deliberately no --unshare-net: the helper must reach its provider, and
// the posture says so rather than letting "confined" read as "cannot phone home".
import { HIDDEN_RUN_DIR, type HelperPolicy } from "./policy.js";

export interface HelperBwrapOptions {
  /** Absolute path of the bubblewrap binary (a trusted lookup, never a bare name). */
  readonly executable: string;
  readonly command: readonly string[];
  /**
   * The descriptor, in bubblewrap, that carries the seccomp program (the kernel sandbox's: no
   * Unix or vsock sockets, io_uring, keyring or ptrace; TCP and UDP stay allowed).
   */
  readonly seccompFd: number;
}

export function renderHelperBwrapArgv(policy: HelperPolicy, options: HelperBwrapOptions): string[] {
  if (options.command.length === 0) {
    throw new TypeError("Cannot wrap the provider helper: the command is empty");
  }
  if (!Number.isInteger(options.seccompFd) || options.seccompFd < 0) {
    throw new RangeError(
      `Cannot wrap the provider helper: seccompFd must be a non-negative integer: current value is ${options.seccompFd}`,
    );
  }
  // Always a new session: a caller that spawns without one would leave the terminal open to
  // TIOCSTI input injection.
  const argv: string[] = [options.executable, "--die-with-parent", "--new-session"];
  // A private PID namespace: the helper cannot see, signal or read other processes (their
  // /proc/<pid>/environ holds the daemon's credentials).
  argv.push("--unshare-pid", "--unshare-ipc", "--unshare-uts");
  // Started by root, bubblewrap keeps every capability in its namespaces: the helper could
  // unmount the tmpfs over the home and read what is underneath.
  if (policy.dropCapabilities) argv.push("--cap-drop", "ALL");
  argv.push("--seccomp", String(options.seccompFd));
  argv.push("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc");
  // Root's file modes let even a capability-less root write /proc/sys and /proc/sysrq-trigger.
  argv.push("--remount-ro", "/proc");
  // The invariant: every home is an empty tmpfs, so files created or renamed in later stay hidden.
  // The shared temp directories, which hold other programs' Unix sockets (tmux, ssh-agent, X11),
  // are hidden the same way. Outer first: a home under /tmp (or inside another home) is mounted
  // on top of the tmpfs that hides its parent, not covered by it.
  const hidden = hiddenDirectories(policy);
  for (const dir of hidden) argv.push("--tmpfs", dir);
  // A read-only bind does not stop connect(2): hide the Docker, Podman, D-Bus, keyring and agent
  // sockets under /run, then bring back only what the resolver reads.
  argv.push("--tmpfs", HIDDEN_RUN_DIR);
  for (const path of policy.resolverRebinds) argv.push("--ro-bind-try", path, path);
  // Bind sources resolve through the host's root, so paths inside a hidden home still bind.
  for (const path of policy.readPaths) argv.push("--ro-bind", path, path);
  argv.push("--bind", policy.tempDir, policy.tempDir);
  argv.push("--bind", policy.stage, policy.stage);
  // Last, so no bind re-opens them: what a root helper could read of the host's secrets.
  for (const mask of policy.systemMasks) {
    if (mask.kind === "file") argv.push("--ro-bind", "/dev/null", mask.path);
    else argv.push("--tmpfs", mask.path);
  }
  // Non-recursive: the hidden directories become read-only, what is bound into them keeps its mode.
  for (const dir of hidden) argv.push("--remount-ro", dir);
  argv.push("--remount-ro", HIDDEN_RUN_DIR);
  for (const mask of policy.systemMasks) {
    if (mask.kind === "directory") argv.push("--remount-ro", mask.path);
  }
  argv.push("--chdir", policy.stage, "--", ...options.command);
  return argv;
}

/** The homes and the shared temp directories, de-duplicated, each after any that contains it. */
function hiddenDirectories(policy: HelperPolicy): string[] {
  const unique = [...new Set([...policy.hiddenTempDirs, ...policy.homes])];
  const depth = (path: string): number => path.split("/").filter((part) => part !== "").length;
  // Stable: equal depths keep their order, and a containing path is always shallower.
  return unique.sort((a, b) => depth(a) - depth(b));
}
