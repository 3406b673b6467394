// Programs that start another program given on their command line, in a shape the wrapper table
// cannot describe: a debugger's `--args`, a profiler's subcommand, a terminal's `-e`, a
// toolbox container's `run`, the keys typed into a terminal multiplexer. Each returns what will
// run: an argv, or a command string a shell reads. Null when the program starts nothing.

import { firstOperand } from "./options.js";

export type Launch = { readonly argv: readonly string[] } | { readonly text: string } | null;

const TERMINALS = new Set([
  ...["xterm", "uxterm", "urxvt", "rxvt", "konsole", "alacritty", "kitty", "foot", "st"],
  ...["gnome-terminal", "xfce4-terminal", "mate-terminal", "terminator", "tilix", "lxterminal"],
  ...["wezterm", "qterminal", "sakura", "terminology"],
]);

const PERF_RUNS = new Set(["stat", "record", "trace", "sched", "mem", "c2c", "kvm"]);

export function launched(name: string, args: readonly string[]): Launch {
  if (TERMINALS.has(name)) {
    // `-e PROGRAM ARGS…` (xterm, konsole, alacritty), `-x` (xfce4), `--` (gnome-terminal).
    const at = args.findIndex((a) => a === "-e" || a === "-x" || a === "--" || a === "--command");
    if (at < 0) return null;
    const rest = args.slice(at + 1);
    // A lone word after -e is handed to a shell by most terminals.
    return rest.length === 1 ? { text: rest[0] as string } : { argv: rest };
  }
  if (name === "gdb" || name === "cgdb" || name === "lldb") {
    const at = args.findIndex((a) => a === "--args" || a === "--");
    return at < 0 ? null : { argv: args.slice(at + 1) };
  }
  if (name === "valgrind" || name === "catchsegv" || name === "heaptrack" || name === "rr") {
    const from = name === "rr" && args[0] === "record" ? 1 : 0;
    return { argv: args.slice(firstOperand(args, from, {})) };
  }
  if (name === "perf" && PERF_RUNS.has(args[0] ?? "")) {
    const at = firstOperand(args, 1, {
      shortWithValue: "eoptCrGIcFdmjkMbDu",
      longWithValue: ["event", "output", "pid", "tid", "cpu", "repeat", "cgroup", "call-graph"],
    });
    return { argv: args.slice(at) };
  }
  if (name === "distrobox-enter" || (name === "distrobox" && args[0] === "enter")) {
    const at = args.indexOf("--");
    return at < 0 ? null : { argv: args.slice(at + 1) };
  }
  if (name === "toolbox" && args[0] === "run") {
    const at = firstOperand(args, 1, {
      shortWithValue: "cdr",
      longWithValue: ["container", "distro", "release"],
    });
    return { argv: args.slice(at) };
  }
  if (name === "entr") {
    // entr [-acdnprsz] UTILITY [ARGS]; with -s the one argument is a shell command.
    const at = firstOperand(args, 0, {});
    const shell = args.slice(0, at).some((a) => /^-[a-z]{0,8}s/.test(a));
    return shell ? { text: args.slice(at).join(" ") } : { argv: args.slice(at) };
  }
  if (name === "watchexec") {
    // watchexec [options] -- COMMAND, or a lone command string after the options.
    const dashes = args.indexOf("--");
    if (dashes >= 0) return { argv: args.slice(dashes + 1) };
    const at = firstOperand(args, 0, {
      shortWithValue: "wefdsS",
      longWithValue: ["watch", "exts", "filter", "ignore", "signal", "shell", "debounce"],
    });
    return at < args.length ? { text: args.slice(at).join(" ") } : null;
  }
  if (name === "nodemon") {
    const exec = valueOf(args, "--exec") ?? valueOf(args, "-x");
    return exec === null ? null : { text: exec };
  }
  if (name === "dtach" || name === "abduco") {
    // dtach -A|-c|-n SOCKET [options] COMMAND…; abduco -c|-n NAME COMMAND…
    const mode = args[0] ?? "";
    if (!/^-[Acn]$/.test(mode) || args.length < 3) return null;
    return { argv: args.slice(firstOperand(args, 2, { shortWithValue: "erz" })) };
  }
  if ((name === "nc" || name === "ncat" || name === "netcat") && args.length > 0) {
    // `-c STRING` / `--sh-exec STRING` hand STRING to /bin/sh; `-e PROGRAM` runs it, split on
    // blanks by ncat.
    const command =
      valueOf(args, "-c") ??
      valueOf(args, "--sh-exec") ??
      valueOf(args, "-e") ??
      valueOf(args, "--exec");
    return command === null ? null : { text: command };
  }
  if (name === "coreutils") {
    // The multi-call binaries: uutils' `coreutils rm …`, GNU's `coreutils --coreutils-prog=rm …`.
    const first = args[0] ?? "";
    if (first.startsWith("--coreutils-prog="))
      return { argv: [first.slice("--coreutils-prog=".length), ...args.slice(1)] };
    return first === "" || first.startsWith("-") ? null : { argv: args };
  }
  if (name === "arch" && args.length > 0) {
    // macOS: `arch -x86_64 CMD`, `arch -arch arm64 -e VAR=1 CMD` runs CMD under that
    // architecture; Linux's arch takes no operands and starts nothing.
    let k = 0;
    while (k < args.length && (args[k] as string).startsWith("-"))
      k += ["-arch", "-e", "-d"].includes(args[k] as string) ? 2 : 1;
    return k > 0 && k < args.length ? { argv: args.slice(k) } : null;
  }
  if ((name === "tmux" || name === "byobu") && (args[0] === "send-keys" || args[0] === "send"))
    return typedKeys(args.slice(1));
  if (name === "screen") {
    // screen -X stuff STRING types STRING into the session.
    const at = args.indexOf("stuff");
    if (at < 0) return null;
    const typed = (args[at + 1] ?? "").replaceAll("^M", "\n").replaceAll("\\n", "\n");
    return completedLines(typed);
  }
  return null;
}

/** `tmux send-keys 'rm -rf /' Enter`: the keys typed, as far as the last Enter. */
function typedKeys(args: readonly string[]): Launch {
  let typed = "";
  let literal = false;
  let keys = false;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    // Options come first; from the first key on, every word is keys (`-rf` too).
    if (!keys && (arg === "-t" || arg === "-N")) {
      k++;
      continue;
    }
    if (!keys && arg === "-l") literal = true;
    if (!keys && arg.startsWith("-") && arg.length > 1) continue;
    keys = true;
    if (!literal && (arg === "Enter" || arg === "C-m" || arg === "KPEnter")) typed += "\n";
    else if (!literal && arg === "Space") typed += " ";
    else typed += arg;
  }
  return completedLines(typed);
}

function completedLines(typed: string): Launch {
  const end = typed.lastIndexOf("\n");
  return end < 0 ? null : { text: typed.slice(0, end) };
}

/** The word after `option`, or the part after `option=`; null when absent. */
function valueOf(args: readonly string[], option: string): string | null {
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg === option) return args[k + 1] ?? null;
    if (option.startsWith("--") && arg.startsWith(`${option}=`))
      return arg.slice(option.length + 1);
  }
  return null;
}
