// Options through which a program runs a command line of the caller's: ssh's ProxyCommand,
// LocalCommand and KnownHostsCommand, rsync -e and --rsync-path, tar's checkpoint actions and
// filters, man's pager, zip's unzip command, socat's exec, gdb's shell and python, expect's
// spawn, tmux's command, less's `+!`, vim's ex commands (`!cmd`, `r !cmd`, `%!cmd`,
// `terminal cmd`, `call system(…)`, `lua os.execute(…)`, `py3 …`), emacs's `--eval` (shell-command,
// call-process, delete-directory), strace's `-o '|cmd'`, lldb's `platform shell` and
// Kakoune's `%sh{…}`, split's `--filter`. Code for an interpreter comes back as that interpreter's command line, so
// the precheck's code rules read it. Pure and linear in the argv.
import { singleQuoted } from "./argv-text.js";

const NO_VALUES: readonly string[] = Object.freeze([]);

/** Programs commandOptionValues reads. */
export const HOOKED_PROGRAMS: ReadonlySet<string> = new Set([
  ...["ssh", "scp", "sftp", "rsync", "tar", "man", "zip", "socat", "gdb", "expect", "tmux"],
  "byobu",
  ...["vim", "vi", "nvim", "ex", "view", "less", "more", "emacs", "emacsclient", "strace"],
  ...["ltrace", "lldb", "kak", "split"],
]);
const VIMS = new Set(["vim", "vi", "nvim", "ex", "view"]);

/**
 * Options through which a program runs a command line of the caller's: ssh's ProxyCommand and
 * LocalCommand, rsync -e, tar's checkpoint actions and filters, vim's `-c '!…'`.
 */
export function commandOptionValues(name: string, args: readonly string[]): readonly string[] {
  if (!HOOKED_PROGRAMS.has(name)) return NO_VALUES;
  const values: string[] = [];
  const optionValue = (k: number, option: string): string | null => {
    const arg = args[k] as string;
    if (arg === option) return args[k + 1] ?? null;
    return arg.startsWith(`${option}=`) ? arg.slice(option.length + 1) : null;
  };
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (name === "ssh" || name === "scp" || name === "sftp") {
      const option = arg === "-o" ? (args[k + 1] ?? "") : arg.startsWith("-o") ? arg.slice(2) : "";
      const match = /^(?:proxycommand|localcommand|knownhostscommand)[= ]/i.exec(option);
      if (match !== null) values.push(option.slice(match[0].length));
    } else if (name === "rsync") {
      const value = arg === "-e" ? (args[k + 1] ?? null) : optionValue(k, "--rsh");
      if (value !== null) values.push(value);
      // What the remote end runs instead of rsync, through its shell.
      const remote = optionValue(k, "--rsync-path");
      if (remote !== null) values.push(remote);
    } else if (name === "tar") {
      for (const option of [
        "--to-command",
        "--use-compress-program",
        "--info-script",
        "--new-volume-script",
      ]) {
        const value = optionValue(k, option);
        if (value !== null) values.push(value);
      }
      if (arg.startsWith("--checkpoint-action=exec=")) values.push(arg.slice(25));
      const action = arg === "--checkpoint-action" ? (args[k + 1] ?? "") : "";
      if (action.startsWith("exec=")) values.push(action.slice(5));
      if (arg === "-I" && args[k + 1] !== undefined) values.push(args[k + 1] as string);
    } else if (name === "man") {
      const value = arg === "-P" ? (args[k + 1] ?? null) : optionValue(k, "--pager");
      if (value !== null) values.push(value);
    } else if (name === "zip") {
      const value = arg === "-TT" ? (args[k + 1] ?? null) : optionValue(k, "--unzip-command");
      if (value !== null) values.push(value);
    } else if (name === "socat") {
      const match = /^(?:exec|system):/i.exec(arg);
      if (match !== null) values.push(arg.slice(match[0].length).split(",")[0] as string);
    } else if (name === "gdb") {
      const command = arg === "-ex" || arg === "--eval-command" ? (args[k + 1] ?? "") : "";
      const shell = /^(?:shell\s|!)/.exec(command);
      if (shell !== null) values.push(command.slice(shell[0].length));
      const python = /^(?:python|py|pi)\s/.exec(command);
      if (python !== null)
        values.push(`python3 -c ${singleQuoted(command.slice(python[0].length))}`);
    } else if (name === "expect") {
      const script = arg === "-c" ? (args[k + 1] ?? "") : "";
      const spawn = /(?:^|[;\n]\s{0,8})spawn\s/.exec(script);
      if (spawn !== null)
        values.push(script.slice(spawn.index + spawn[0].length).split(/[;\n]/)[0] as string);
    } else if (
      (name === "tmux" || name === "byobu") &&
      k === 0 &&
      ["new-session", "new", "new-window", "neww"].includes(arg)
    ) {
      // tmux new-session [options] [shell-command]: the last word is a command string.
      const last = args[args.length - 1] as string;
      if (args.length > 1 && !last.startsWith("-")) values.push(last);
    } else if ((name === "less" || name === "more") && arg.startsWith("+")) {
      // `less '+!CMD'`: a less command at start-up; `!` runs a shell command.
      const bang = /^\+:?\s{0,4}!/.exec(arg);
      if (bang !== null) values.push(arg.slice(bang[0].length));
    } else if (VIMS.has(name)) {
      const command =
        arg === "-c" || arg === "--cmd"
          ? (args[k + 1] ?? "")
          : arg.startsWith("+")
            ? arg.slice(1)
            : "";
      if (command !== "") values.push(...exCommandLines(command));
    } else if ((name === "emacs" || name === "emacsclient") && k + 1 <= args.length) {
      const expression =
        arg === "--eval" || arg === "-eval" || (name === "emacsclient" && arg === "-e")
          ? (args[k + 1] ?? "")
          : arg.startsWith("--eval=")
            ? arg.slice(7)
            : "";
      if (expression !== "") values.push(...elispCommandLines(expression));
    } else if ((name === "strace" || name === "ltrace") && (arg === "-o" || arg.startsWith("-o"))) {
      // `strace -o '|cmd'` or `-o '!cmd'` pipes the trace into a shell command.
      const file = arg === "-o" ? (args[k + 1] ?? "") : arg.slice(2);
      if (file.startsWith("|") || file.startsWith("!")) values.push(file.slice(1));
    } else if (name === "lldb" && (arg === "-o" || arg === "--one-line" || arg === "-O")) {
      const command = args[k + 1] ?? "";
      const shell = /^platform\s{1,8}shell\s/.exec(command);
      if (shell !== null) values.push(command.slice(shell[0].length));
    } else if (name === "split") {
      // `split --filter=CMD`: each piece is piped into CMD run by the shell.
      const filter = optionValue(k, "--filter");
      if (filter !== null) values.push(filter);
    } else if (name === "kak" && arg === "-e") {
      // Kakoune expands %sh{…} by running its body in a shell.
      const body = /%sh\{([^}]*)\}/.exec(args[k + 1] ?? "");
      if (body !== null) values.push(body[1] as string);
    }
  }
  return values;
}

/**
 * The shell command lines (and interpreter command lines) one vim ex command runs: `!cmd`,
 * `silent !cmd`, `r !cmd`, `%!cmd`, `w !cmd`, `terminal cmd`, `exe "!cmd"`, `call system("cmd")`,
 * `lua os.execute("cmd")`, `py3 code`, `perl code`, `ruby code`.
 */
export function exCommandLines(command: string): string[] {
  let ex = command.replace(/^[\s:]{0,8}/, "");
  const silent = /^silent!?\s{0,8}/.exec(ex);
  if (silent !== null) ex = ex.slice(silent[0].length);
  // `exe "!cmd"`, `execute '!cmd'`: the string is the ex command.
  const exe = /^exe(?:c|cu|cut|cute)?\s{1,8}(["'])/.exec(ex);
  if (exe !== null) {
    const end = ex.lastIndexOf(exe[1] as string);
    if (end > exe[0].length) return exCommandLines(ex.slice(exe[0].length, end));
  }
  const bang =
    /^(?:%|\.|'<,'>|\d{1,8}(?:,\d{1,8})?)?\s{0,4}(?:r(?:ead)?\s{0,4}|w(?:rite)?\s{1,4})?!/.exec(ex);
  if (bang !== null) return [ex.slice(bang[0].length)];
  const terminal = /^ter(?:m|mi|min|mina|minal)?!?\s{1,8}/.exec(ex);
  if (terminal !== null) return [ex.slice(terminal[0].length)];
  const code = /^(py3|python3|py|python|pyx|perl|ruby|lua)\s{1,8}/.exec(ex);
  if (code !== null) {
    const language = code[1] as string;
    const body = ex.slice(code[0].length);
    const interpreter = language.startsWith("py")
      ? "python3 -c"
      : language === "perl"
        ? "perl -e"
        : language === "ruby"
          ? "ruby -e"
          : "lua -e";
    return [`${interpreter} ${singleQuoted(body)}`];
  }
  return stringArguments(ex, /\bsystem(?:list)?\s{0,4}\(/g);
}

/**
 * Calls read per option: each looks ahead for its closing quote or paren, so a hostile value of
 * thousands of unclosed calls would otherwise cost quadratic time.
 */
const MAX_CALLS = 64;

/** The first string literal after each match of `call` in `text`: `system("cmd")` gives cmd. */
function stringArguments(text: string, call: RegExp): string[] {
  const found: string[] = [];
  let calls = 0;
  for (const match of text.matchAll(call)) {
    if (++calls > MAX_CALLS) break;
    const from = (match.index ?? 0) + match[0].length;
    const quote = /^\s{0,4}(["'])/.exec(text.slice(from, from + 8));
    if (quote === null) continue;
    const start = from + quote[0].length;
    const end = text.indexOf(quote[1] as string, start);
    if (end > start) found.push(text.slice(start, end));
  }
  return found;
}

/**
 * What an Emacs Lisp expression runs: `(shell-command "cmd")`, `(call-process "rm" nil nil nil
 * "-rf" "/")` as that argv, `(delete-directory "/" t)` as a recursive delete.
 */
export function elispCommandLines(expression: string): string[] {
  const lines = stringArguments(expression, /\((?:async-)?shell-command(?:-to-string)?\s/g);
  let calls = 0;
  for (const match of expression.matchAll(/\((call-process|delete-directory)\s/g)) {
    if (++calls > MAX_CALLS) break;
    const form = expression.slice(
      (match.index ?? 0) + match[0].length,
      expression.indexOf(")", match.index ?? 0),
    );
    const strings = [...form.matchAll(/"([^"]*)"/g)].map((m) => m[1] as string);
    if (match[1] === "delete-directory" && strings.length > 0) {
      lines.push(`rm -rf ${singleQuoted(strings[0] as string)}`);
    } else if (strings.length > 0) {
      lines.push(strings.map(singleQuoted).join(" "));
    }
  }
  return lines;
}
