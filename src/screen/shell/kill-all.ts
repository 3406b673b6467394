// Signals sent to every process at once: `kill -9 -1` (pid -1 is "every process I may signal",
// which for root is the whole system), sysvinit's killall5, and pkill or killall with a pattern
// that matches every name. A signal to one process, a process group or a named program is not
// a hit.

// Regular expressions that match every process name.
const MATCHES_EVERYTHING = new Set([".", ".*", ".+", "^", "$", "^.*", "^.*$", "^.+"]);

export function killsEverything(name: string, args: readonly string[]): boolean {
  if (name === "killall5") return !args.includes("-l");
  if (name === "kill") return killTargetsEveryProcess(args);
  if (name === "pkill" || name === "killall") {
    if (killsEveryRootProcess(args)) return true;
    return patternKillsEverything(args, name === "killall");
  }
  return false;
}

// Options that select processes by user, with the value naming root.
const USER_OPTIONS = new Set(["-u", "-U", "--euid", "--uid", "--user"]);
const ROOT_NAMES = new Set(["root", "0"]);

/**
 * `pkill -u root`, `killall -u root`, `pkill -9 -U 0`: every process the root user runs (init,
 * the daemons, the shells) is signalled, with no name or pattern to narrow it.
 */
function killsEveryRootProcess(args: readonly string[]): boolean {
  let root = false;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    const eq = arg.indexOf("=");
    const option = eq > 0 ? arg.slice(0, eq) : arg;
    if (USER_OPTIONS.has(option)) {
      const value = eq > 0 ? arg.slice(eq + 1) : (args[++k] ?? "");
      if (!value.split(",").some((user) => ROOT_NAMES.has(user))) return false;
      root = true;
      continue;
    }
    if (arg === "--signal" || arg === "-s") {
      k++;
      continue;
    }
    // A signal (`-9`, `-KILL`) or a flag that does not narrow (`-e`, `-f`); anything else,
    // a pattern or a name included, narrows the selection.
    if (/^-[A-Za-z0-9+]{1,16}$/.test(arg) && !NARROWING.has(arg)) continue;
    return false;
  }
  return root;
}

/** kill [-s SIG | -n NUM | -SIG] [--] PID…, where a PID of -1 means every process. */
function killTargetsEveryProcess(args: readonly string[]): boolean {
  let k = 0;
  let signal = false;
  while (k < args.length) {
    const arg = args[k] as string;
    if (arg === "--") {
      k++;
      break;
    }
    if (arg === "-l" || arg === "-L" || arg === "--list" || arg === "--table") return false;
    if (arg === "-s" || arg === "-n" || arg === "--signal") {
      signal = true;
      k += 2;
      continue;
    }
    // The first "-WORD" is the signal (`-9`, `-KILL`, `-SIGTERM`, and `-1` itself, SIGHUP).
    if (!signal && /^-[A-Za-z0-9+]{1,16}$/.test(arg)) {
      signal = true;
      k++;
      continue;
    }
    break;
  }
  for (; k < args.length; k++) if (args[k] === "-1") return true;
  return false;
}

// Options of pkill and killall that narrow which processes are signalled, or only report.
const NARROWING = new Set([
  ...["-u", "-U", "-g", "-G", "-P", "-s", "-t", "-n", "-o", "-x", "-c", "-v", "-i", "-l"],
  ...["--euid", "--uid", "--pgroup", "--group", "--parent", "--session", "--terminal"],
  ...["--newest", "--oldest", "--exact", "--count", "--inverse", "--interactive"],
  ...["--ns", "--nslist", "--cgroup", "--older", "--younger", "--user", "--list"],
  ...["-y", "-Y", "-Z", "--context", "-q", "--quiet", "-w", "--wait", "-A", "--require-handler"],
  ...["-F", "--pidfile", "-L", "--logpidfile", "-r", "--regexp", "-e", "--exact"],
]);

/**
 * `pkill -9 .`, `pkill -f '.*'`, `killall -r .`: one pattern, matching every process, and no
 * option that narrows the selection (killall needs -r for the pattern to be a regex at all).
 */
function patternKillsEverything(args: readonly string[], killall: boolean): boolean {
  let regex = !killall;
  const patterns: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (killall && (arg === "-r" || arg === "--regexp")) {
      regex = true;
      continue;
    }
    if (arg === "--signal" || (killall && arg === "-s")) {
      k++;
      continue;
    }
    if (arg === "-f" || arg === "--full" || arg === "--echo" || (arg === "-e" && !killall))
      continue;
    if (NARROWING.has(arg) || (arg.startsWith("--") && arg.includes("="))) return false;
    // A signal: -9, -KILL, -SIGKILL, --signal=KILL.
    if (/^-[A-Za-z0-9+]{1,16}$/.test(arg)) continue;
    patterns.push(arg);
  }
  return regex && patterns.length === 1 && MATCHES_EVERYTHING.has(patterns[0] as string);
}
