// Programs that start another program given on their command line, in a shape the wrapper table
// cannot describe: a debugger's `--args`, a profiler's subcommand, a terminal's `-e`, a
// toolbox container's `run`, the keys typed into a terminal multiplexer. Each returns what will
// run: an argv, or a command string a shell reads. Null when the program starts nothing.

import { firstOperand, type OptionTable } from "./options.js";

export type Launch = { readonly argv: readonly string[] } | { readonly text: string } | null;

const TERMINALS = new Set([
  ...["xterm", "uxterm", "urxvt", "rxvt", "konsole", "alacritty", "kitty", "foot", "st"],
  ...["gnome-terminal", "xfce4-terminal", "mate-terminal", "terminator", "tilix", "lxterminal"],
  ...["wezterm", "qterminal", "sakura", "terminology"],
]);

const PERF_RUNS = new Set(["stat", "record", "trace", "sched", "mem", "c2c", "kvm"]);

/**
 * Environment and version managers whose verb runs the rest of the line as a program inside the
 * environment they set up: `poetry run CMD`, `conda run -n ENV CMD`, `direnv exec DIR CMD`,
 * `aws-vault exec PROFILE -- CMD`. `operandsBefore` counts the words (a directory, a profile, a
 * version) between the options and the command; `dashes` means only what follows `--` runs.
 */
interface VerbRunner {
  readonly verbs: ReadonlySet<string>;
  readonly table: OptionTable;
  readonly operandsBefore?: number;
  readonly dashes?: true;
}

const RUN = new Set(["run"]);
const UV_OPTIONS = ["with", "python", "directory", "project", "package", "extra", "group"];
const EXEC = new Set(["exec"]);
const UVX_TABLE: OptionTable = {
  shortWithValue: "pw",
  longWithValue: [
    ...["from", "with", "with-editable", "with-requirements", "python", "index", "index-url"],
    ...["extra-index-url", "constraints", "overrides", "config-file", "directory", "env-file"],
  ],
};
const VERB_RUNNERS: Readonly<Record<string, VerbRunner>> = {
  uv: { verbs: RUN, table: { shortWithValue: "pw", longWithValue: [...UV_OPTIONS, "env-file"] } },
  poetry: { verbs: RUN, table: { shortWithValue: "PC", longWithValue: ["directory", "project"] } },
  pipenv: { verbs: RUN, table: {} },
  conda: { verbs: RUN, table: { shortWithValue: "npc", longWithValue: ["name", "prefix", "cwd"] } },
  mamba: { verbs: RUN, table: { shortWithValue: "npc", longWithValue: ["name", "prefix", "cwd"] } },
  micromamba: { verbs: RUN, table: { shortWithValue: "npa", longWithValue: ["name", "prefix"] } },
  bundle: { verbs: EXEC, table: { longWithValue: ["gemfile"] } },
  direnv: { verbs: EXEC, table: {}, operandsBefore: 1 },
  asdf: { verbs: EXEC, table: {} },
  rbenv: { verbs: EXEC, table: {} },
  pyenv: { verbs: EXEC, table: {} },
  nodenv: { verbs: EXEC, table: {} },
  nvm: { verbs: new Set(["exec", "run"]), table: {}, operandsBefore: 1 },
  devbox: { verbs: RUN, table: { shortWithValue: "c", longWithValue: ["config"] } },
  pixi: {
    verbs: RUN,
    table: { shortWithValue: "e", longWithValue: ["environment", "manifest-path"] },
  },
  rye: { verbs: RUN, table: {} },
  hatch: { verbs: RUN, table: {} },
  pdm: { verbs: RUN, table: { shortWithValue: "p", longWithValue: ["project"] } },
  op: { verbs: RUN, table: { longWithValue: ["env-file", "account"] }, dashes: true },
  doppler: {
    verbs: RUN,
    table: { shortWithValue: "pc", longWithValue: ["project", "config", "command"] },
  },
  "aws-vault": { verbs: EXEC, table: {}, operandsBefore: 1 },
  mise: { verbs: new Set(["exec", "x"]), table: {}, dashes: true },
  rtx: { verbs: new Set(["exec", "x"]), table: {}, dashes: true },
  tox: { verbs: EXEC, table: { shortWithValue: "e" }, dashes: true },
  dotenv: { verbs: RUN, table: { shortWithValue: "f", longWithValue: ["file"] } },
};

// Verbs after which a command string (not an argv) is what runs.
function commandStringOf(name: string, args: readonly string[]): string | null {
  if (name === "nix-shell") return valueOf(args, "--run") ?? valueOf(args, "--command");
  if (name === "doppler" && args[0] === "run") return valueOf(args, "--command");
  if (name === "vagrant" && args[0] === "ssh")
    return valueOf(args, "-c") ?? valueOf(args, "--command");
  if (name === "kdesu" || name === "gksu" || name === "gksudo")
    return valueOf(args, "-c") ?? (name === "gksu" ? (args[args.length - 1] ?? null) : null);
  if (name === "ansible") return valueOf(args, "-a") ?? valueOf(args, "--args");
  if (name === "scl" && (args[0] === "enable" || args[0] === "run")) return lastOperand(args);
  if (REMOTE_SHELLS.has(name)) return lastOperand(args);
  // salt TARGET cmd.run 'CMD'; fabric's `fab -H HOST -- CMD` runs CMD on each host.
  if (name === "salt") {
    const at = args.findIndex((a) => a === "cmd.run" || a === "cmd.shell");
    return at < 0 ? null : (args[at + 1] ?? null);
  }
  if (name === "fab") {
    const dashes = args.indexOf("--");
    return dashes < 0 ? null : args.slice(dashes + 1).join(" ");
  }
  // Database shells' escapes to the system shell: sqlite3's `.shell`/`.system`, psql's `\!`,
  // mysql's `system` and `\!`.
  if (name === "sqlite3" || name === "sqlite") {
    const escape = args.find((a) => /^\.(?:shell|system)\s/.test(a));
    return escape === undefined ? null : escape.slice(escape.search(/\s/) + 1);
  }
  if (name === "psql") {
    const command = valueOf(args, "-c") ?? valueOf(args, "--command") ?? "";
    return command.startsWith("\\!") ? command.slice(2) : null;
  }
  if (name === "mysql" || name === "mariadb") {
    const command = valueOf(args, "-e") ?? valueOf(args, "--execute") ?? "";
    const escape = /^(?:system|\\!)\s/.exec(command);
    return escape === null ? null : command.slice(escape[0].length);
  }
  // hyperfine times each command string it is given, running it at least once.
  if (name === "hyperfine") return args.filter((a) => !a.startsWith("-")).join("\n") || null;
  return null;
}

const REMOTE_SHELLS = new Set(["pssh", "parallel-ssh", "pdsh", "clush"]);

function lastOperand(args: readonly string[]): string | null {
  const last = args[args.length - 1];
  return last === undefined || last.startsWith("-") || args.length < 2 ? null : last;
}

export function launched(name: string, args: readonly string[]): Launch {
  const runner = VERB_RUNNERS[name];
  if (runner !== undefined && runner.verbs.has(args[0] ?? "")) {
    if (name === "dotenv" || name === "doppler") {
      const string = commandStringOf(name, args);
      if (string !== null) return { text: string };
    }
    const dashes = args.indexOf("--");
    if (runner.dashes === true) return dashes < 0 ? null : { argv: args.slice(dashes + 1) };
    let at = firstOperand(args, 1, runner.table) + (runner.operandsBefore ?? 0);
    if (args[at] === "--") at++;
    return at < args.length ? { argv: args.slice(at) } : null;
  }
  if (name === "uvx" || (name === "uv" && args[0] === "tool" && args[1] === "run")) {
    // `uvx [--from PKG] CMD ARGS`: uv's tool runner starts CMD from the package's environment.
    const from = name === "uvx" ? 0 : 2;
    const at = firstOperand(args, from, UVX_TABLE);
    return at < args.length ? { argv: args.slice(at) } : null;
  }
  if (name === "dotenv" && args[0] !== "run") {
    // The Node dotenv-cli: `dotenv [-e FILE] -- CMD`.
    const dashes = args.indexOf("--");
    return dashes < 0 ? null : { argv: args.slice(dashes + 1) };
  }
  if (name === "nix" && (args[0] === "develop" || args[0] === "shell")) {
    const at = args.findIndex((a) => a === "-c" || a === "--command");
    return at < 0 ? null : { argv: args.slice(at + 1) };
  }
  if (name === "start-stop-daemon") {
    // --exec PROGRAM (or -x, or --startas / -a) and the arguments after `--`.
    const program =
      valueOf(args, "--exec") ??
      valueOf(args, "-x") ??
      valueOf(args, "--startas") ??
      valueOf(args, "-a");
    const dashes = args.indexOf("--");
    if (program === null) return null;
    return { argv: [program, ...(dashes < 0 ? [] : args.slice(dashes + 1))] };
  }
  const string = commandStringOf(name, args);
  if (string !== null) return { text: string };
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
