// The shell precheck: a small blocklist of commands that would wreck the machine, a disk or a
// home directory, checked on the argv each program would actually receive. One normalisation
// pass, one lexer, then literal rules per program, following wrappers (sudo, env, xargs,
// timeout…), shell strings (bash -c, eval, here-documents and pipes into a shell) and
// interpreter one-liners down to the program that runs. Quoted data is data: `echo 'rm -rf /'`
// and `git commit -m "rm -rf /"` never reach a rule, because echo and git are not rm.
//
// It is a screen, not a parser of every shell: anything it cannot evaluate (a variable set
// elsewhere, a file's contents) is treated as unknown and never matches.

import { foldConfusables, normalizeText } from "../text/normalize.js";
import { simpleCommands, type SimpleCommand } from "./commands.js";
import {
  codeStrings,
  deletesTrees,
  forksForever,
  namesHome,
  runsPrograms,
} from "./code-strings.js";
import { forkBombIn } from "./fork-bomb.js";
import { lexScript, MAX_DEPTH, plainText, type Script, type Token, type Word } from "./lexer.js";
import { firstOperand, longValue, permutedFlags, type OptionTable } from "./options.js";
import { catastrophicTarget, isBlockDevice } from "./targets.js";

export const REASONS = {
  delete: "recursive delete of '/', a home directory or a top-level system directory",
  permissions:
    "recursive permission or ownership change of '/', a home directory or a top-level system directory",
  chmodRoot: "chmod 777 on '/'",
  mkfs: "mkfs would format a filesystem",
  dd: "dd writing directly to a device",
  device: "overwrite of a raw block device, physical memory or the kernel's crash trigger",
  wipe: "wipe or secure erase of a disk",
  forkBomb: "shell fork bomb",
  download: "piping a downloaded script directly into a shell",
  move: "move of '/', a home directory or a top-level system directory",
  tooLong: "command is longer than the 128 KiB a shell accepts as one argument; refused unchecked",
  tooDeep: "command nests substitutions or shell strings too deeply to be checked",
} as const;

// Text we could not evaluate (a substitution whose output is unknown). It never equals a path.
const UNKNOWN = "\u{fffc}";
// Text that came from the network (curl, wget…). A shell or eval that runs it runs a download.
const DOWNLOADED = "\u{fffd}downloaded\u{fffd}";
const MAX_FAN_OUT = 64;
const MAX_PIPELINE_HOPS = 16;

type Data = { readonly text: string } | { readonly download: true } | null;

const SHELLS = new Set([
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "mksh",
  "ash",
  "yash",
  "fish",
  "csh",
  "tcsh",
  "rbash",
  "pdksh",
  "posh",
]);

const WRAPPERS: Readonly<Record<string, OptionTable & { readonly operandsBefore?: number }>> = {
  sudo: {
    shortWithValue: "ugpCDrtUTRh",
    longWithValue: [
      "user",
      "group",
      "prompt",
      "chdir",
      "role",
      "type",
      "other-user",
      "host",
      "close-from",
      "command-timeout",
    ],
  },
  doas: { shortWithValue: "uC" },
  nohup: {},
  command: {},
  builtin: {},
  exec: { shortWithValue: "a" },
  time: { shortWithValue: "of", longWithValue: ["output", "format"] },
  nice: { shortWithValue: "n", longWithValue: ["adjustment"] },
  ionice: { shortWithValue: "cnp", longWithValue: ["class", "classdata"] },
  timeout: { shortWithValue: "sk", longWithValue: ["signal", "kill-after"], operandsBefore: 1 },
  stdbuf: { shortWithValue: "ioe", longWithValue: ["input", "output", "error"] },
  setsid: {},
  chrt: { shortWithValue: "T", operandsBefore: 1 },
  taskset: { operandsBefore: 1 },
  unbuffer: {},
  eatmydata: {},
  fakeroot: { shortWithValue: "ils", longWithValue: ["lib", "faked"] },
  proxychains: { shortWithValue: "f" },
  proxychains4: { shortWithValue: "f" },
  torsocks: { shortWithValue: "uapP" },
  caffeinate: { shortWithValue: "tw" },
  chroot: { longWithValue: ["userspec", "groups"], operandsBefore: 1 },
  strace: { shortWithValue: "abeEIoOpPsSuX" },
  ltrace: { shortWithValue: "aeEnopsSuxXAD" },
  "systemd-run": {
    shortWithValue: "pEuMH",
    longWithValue: [
      "unit",
      "property",
      "setenv",
      "uid",
      "gid",
      "nice",
      "working-directory",
      "machine",
      "host",
      "description",
      "slice",
    ],
  },
  runuser: { shortWithValue: "ugGs", longWithValue: ["user", "group", "supp-group", "shell"] },
  busybox: {},
  firejail: {},
  "flatpak-spawn": {},
  watch: { shortWithValue: "nq", longWithValue: ["interval"] },
  unshare: { shortWithValue: "S", longWithValue: ["setuid", "setgid", "root", "wd"] },
  nsenter: { shortWithValue: "tSG", longWithValue: ["target", "setuid", "setgid", "root", "wd"] },
  sg: { operandsBefore: 1 },
  xvfb_run: {},
  "xvfb-run": { shortWithValue: "nsefwp" },
};

const INTERPRETER_CODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  python: ["-c"],
  perl: ["-e", "-E"],
  ruby: ["-e"],
  node: ["-e", "--eval", "-p", "--print"],
  bun: ["-e", "--eval", "-p", "--print"],
  php: ["-r"],
  lua: ["-e"],
  rscript: ["-e"],
  r: ["-e"],
  osascript: ["-e"],
  pwsh: ["-c", "-command"],
  powershell: ["-c", "-command"],
};

const AWKS = new Set(["awk", "gawk", "mawk", "nawk", "busybox-awk"]);
const STDIN_READERS_LIST = [
  ...["xargs", "parallel", "source", ".", "sudo", "doas", "su", "env", "eval", "exec", "command"],
  ...["nohup", "timeout", "nice", "stdbuf", "setsid", "busybox", "runuser", "script"],
];

// Programs whose stdin can become code or arguments, directly or through a wrapper.
const STDIN_READERS: ReadonlySet<string> = new Set([
  ...SHELLS,
  ...Object.keys(INTERPRETER_CODE_FLAGS),
  ...AWKS,
  ...STDIN_READERS_LIST,
]);

const DOWNLOADERS = new Set([
  "curl",
  "wget",
  "fetch",
  "aria2c",
  "http",
  "https",
  "xh",
  "lynx",
  "links",
]);

/** The program name as it would be looked up: base name, folded to Latin lower case. */
const NAME_CACHE = new Map<string, string>();

function programName(word: string): string {
  const cached = NAME_CACHE.get(word);
  if (cached !== undefined) return cached;
  const name = computeProgramName(word);
  if (NAME_CACHE.size > 4096) NAME_CACHE.clear();
  if (word.length <= 64) NAME_CACHE.set(word, name);
  return name;
}

function computeProgramName(word: string): string {
  const slash = Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\"));
  let name = slash >= 0 ? word.slice(slash + 1) : word;
  if (name.toLowerCase().endsWith(".exe")) name = name.slice(0, -4);
  return normalizeCommandName(name);
}

// Variables that name the user's shell.
const SHELL_VARIABLES = new Set(["$shell", "${shell}", "$bash", "${bash}"]);

function normalizeCommandName(name: string): string {
  const folded = foldConfusables(name);
  if (SHELL_VARIABLES.has(folded)) return "bash";
  // python3.11, pip3 → python, pip: one rule per family.
  if (/^python[0-9.]{0,6}$/.test(folded)) return "python";
  if (/^perl[0-9.]{0,6}$/.test(folded)) return "perl";
  if (/^ruby[0-9.]{0,6}$/.test(folded)) return "ruby";
  if (folded === "nodejs") return "node";
  if (/^php[0-9.]{0,6}$/.test(folded)) return "php";
  if (/^lua(?:jit|[0-9.]{0,6})$/.test(folded)) return "lua";
  return folded;
}

function isAssignment(word: string): boolean {
  // Most words have no "=" at all; only those pay for the pattern.
  return word.includes("=") && /^[A-Za-z_][A-Za-z0-9_]{0,127}=/.test(word);
}

class BudgetExceeded extends Error {}

/** One run of the precheck over one command string and everything nested in it. */
class Checker {
  private budget: number;
  private readonly variables = new Map<string, string>();
  /** The working directory after a literal `cd`, when known; relative targets resolve on it. */
  private cwd: string | null = null;
  private readonly aliases = new Map<string, string>();
  /** Files this command line writes with knowable content (`echo … > x.sh`), by name. */
  private readonly files = new Map<string, string>();

  constructor(inputLength: number) {
    // Every nested string is a piece of the input, and nesting is bounded by MAX_DEPTH, so this
    // is never reached by an honest command; it caps the work a hostile one can cause.
    this.budget = 8 * inputLength + 65_536;
  }

  /** catastrophicTarget, with relative paths resolved on a known cwd and braces expanded. */
  private doomed(target: string): string | null {
    if (this.cwd === null && !target.includes("{")) return catastrophicTarget(target);
    for (const expanded of expandBraces(target)) {
      const path =
        this.cwd !== null && !/^[/~$]/.test(expanded) ? `${this.cwd}/${expanded}` : expanded;
      const reason = catastrophicTarget(path);
      if (reason !== null) return reason;
    }
    return null;
  }

  checkString(text: string, depth: number): string | null {
    if (depth >= MAX_DEPTH) return REASONS.tooDeep;
    if (text.includes(DOWNLOADED)) return REASONS.download;
    this.budget -= text.length;
    if (this.budget < 0) throw new BudgetExceeded();
    return this.checkScript(lexScript(text, depth), depth);
  }

  private checkScript(script: Script, depth: number): string | null {
    if (script.tooDeep) return REASONS.tooDeep;
    if (forkBombIn(script)) return REASONS.forkBomb;
    this.bindLoopVariables(script, depth);
    for (const command of simpleCommands(script)) {
      const nested = this.checkNested(command, depth);
      if (nested !== null) return nested;
      const reason = this.checkCommand(command, depth);
      if (reason !== null) return reason;
    }
    return null;
  }

  /**
   * `for d in / /etc; do rm -rf "$d"; done`: the loop variable takes each listed word; it is
   * bound to the most dangerous of them, so the body is judged by its worst iteration.
   */
  private bindLoopVariables(script: Script, depth: number): void {
    const tokens = script.tokens;
    for (let k = 0; k + 2 < tokens.length; k++) {
      const keyword = tokens[k];
      const name = tokens[k + 1];
      const inWord = tokens[k + 2];
      if (keyword?.kind !== "word" || name?.kind !== "word" || inWord?.kind !== "word") continue;
      if (!["for", "select"].includes(plainText(keyword)) || plainText(inWord) !== "in") continue;
      const values: string[] = [];
      for (let j = k + 3; j < tokens.length && values.length < MAX_FAN_OUT; j++) {
        const token = tokens[j] as Token;
        if (token.kind !== "word") break;
        values.push(this.value(token, depth));
      }
      const worst = values.find((v) => this.doomed(v) !== null) ?? values[0];
      if (worst !== undefined) this.variables.set(plainText(name), worst);
    }
  }

  private checkNested(command: SimpleCommand, depth: number): string | null {
    const scripts: Script[] = [];
    const collect = (word: Word | null): void => {
      for (const part of word?.parts ?? []) if ("script" in part) scripts.push(part.script);
    };
    command.words.forEach(collect);
    for (const redirect of command.redirects) {
      collect(redirect.target);
      scripts.push(...(redirect.hereDocument?.scripts ?? []));
    }
    for (const script of scripts) {
      const reason = this.checkScript(script, depth + 1);
      if (reason !== null) return reason;
    }
    return null;
  }

  private checkCommand(command: SimpleCommand, depth: number): string | null {
    for (const redirect of command.redirects) {
      const writes = redirect.op.includes(">") && redirect.op !== ">&";
      if (writes && redirect.target !== null && isBlockDevice(this.value(redirect.target, depth))) {
        return REASONS.device;
      }
    }
    this.rememberWrittenFile(command, depth);
    const argv = this.fields(command.words, depth);
    if (argv.length > 0 && argv.every(isAssignment)) {
      for (const assignment of argv) {
        const eq = assignment.indexOf("=");
        this.variables.set(assignment.slice(0, eq), assignment.slice(eq + 1));
      }
      return null;
    }
    // Only programs that read their input as code or arguments need to know it.
    const reads = argv.slice(0, 8).some((word) => STDIN_READERS.has(programName(word)));
    return this.checkArgv(argv, reads ? this.stdinOf(command, depth) : null, depth);
  }

  /** `echo 'rm -rf /' > x.sh` followed by `bash x.sh`: remember what the file will hold. */
  private rememberWrittenFile(command: SimpleCommand, depth: number): void {
    for (const redirect of command.redirects) {
      if (
        (redirect.op !== ">" && redirect.op !== ">>" && redirect.op !== ">|") ||
        redirect.target === null
      )
        continue;
      const output = this.outputOf(command, depth);
      if (output === null) continue;
      const name = this.value(redirect.target, depth);
      const text = "text" in output ? output.text : DOWNLOADED;
      this.files.set(name, redirect.op === ">>" ? `${this.files.get(name) ?? ""}\n${text}` : text);
    }
  }

  /** The text a word expands to, with known variables substituted and unknown output marked. */
  /**
   * The argv the words become: an unquoted word whose value came from a substitution or a
   * variable is split on blanks, as the shell splits it, so `$(echo rm -rf /)` and `$cmd`
   * run the program their text names.
   */
  private fields(words: readonly Word[], depth: number): string[] {
    const argv: string[] = [];
    for (const word of words) {
      const text = this.value(word, depth);
      const expanded = word.parts.some((part) =>
        "script" in part ? part.process !== true : part.text.includes("$"),
      );
      // Assignment values are never split: `x=$(echo a b)` sets x to "a b".
      if (word.quoted || !expanded || isAssignment(text) || !/[ \t\n]/.test(text)) argv.push(text);
      else for (const field of text.split(/[ \t\n]/)) if (field !== "") argv.push(field);
    }
    return argv;
  }

  private value(word: Word, depth: number): string {
    let text = "";
    for (const part of word.parts) {
      if ("text" in part) text += part.text;
      else {
        const output = this.outputOfScript(part.script, depth + 1);
        text += output === null ? UNKNOWN : "text" in output ? output.text.trimEnd() : DOWNLOADED;
      }
    }
    return this.variables.size === 0 || !text.includes("$") ? text : this.expand(text);
  }

  private expand(text: string): string {
    let out = "";
    let i = 0;
    while (i < text.length) {
      if (text[i] !== "$") {
        out += text[i];
        i++;
        continue;
      }
      const braced = text[i + 1] === "{";
      let j = i + (braced ? 2 : 1);
      const start = j;
      while (j < text.length && /[A-Za-z0-9_]/.test(text[j] as string)) j++;
      const name = text.slice(start, j);
      const closes = !braced || text[j] === "}";
      const known = this.variables.get(name);
      if (name !== "" && closes && known !== undefined) {
        out += known;
        i = braced ? j + 1 : j;
      } else {
        out += "$";
        i++;
      }
    }
    return out;
  }

  private stdinOf(command: SimpleCommand, depth: number, hops = 0): Data {
    for (const redirect of command.redirects) {
      if (redirect.hereDocument !== null) return { text: redirect.hereDocument.body };
      if (redirect.op === "<<<" && redirect.target !== null) {
        return { text: this.value(redirect.target, depth) };
      }
    }
    // A pipeline is followed back a bounded number of stages: data passes through at most a
    // few filters on its way to a shell, and a hostile `cat | cat | …` must not recurse deeply.
    if (command.previous === null || hops >= MAX_PIPELINE_HOPS) return null;
    return this.outputOf(command.previous, depth, hops + 1);
  }

  private outputOfScript(script: Script, depth: number): Data {
    if (script.tooDeep || depth >= MAX_DEPTH) return null;
    const commands = simpleCommands(script);
    const last = commands[commands.length - 1];
    return last === undefined ? null : this.outputOf(last, depth);
  }

  /** What a command prints, for the few programs whose output is knowable from their words. */
  private outputOf(command: SimpleCommand, depth: number, hops = 0): Data {
    const argv = this.fields(command.words, depth);
    const start = argv.findIndex((word) => !isAssignment(word));
    if (start < 0) return null;
    const name = programName(argv[start] as string);
    const args = argv.slice(start + 1);
    if (DOWNLOADERS.has(name)) return { download: true };
    if (name === "echo" || name === "printf") {
      let i = 0;
      while (name === "echo" && /^-[neE]{1,3}$/.test(args[i] ?? "")) i++;
      return { text: decodeEscapes(args.slice(i).join(" ")) };
    }
    const stdin = (): Data => this.stdinOf(command, depth, hops);
    if (name === "cat" || name === "tac" || name === "tee" || name === "head" || name === "tail") {
      return args.some((a) => !a.startsWith("-")) && name !== "tee" ? null : stdin();
    }
    if (name === "rev") {
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      return {
        text: data.text
          .split("\n")
          .map((line) => [...line].reverse().join(""))
          .join("\n"),
      };
    }
    if (
      (name === "base64" || name === "base32") &&
      args.some((a) => a === "-d" || a === "--decode" || a === "-D")
    ) {
      const data = stdin();
      if (data === null || !("text" in data) || name !== "base64") return data;
      return { text: Buffer.from(data.text.slice(0, 1 << 20), "base64").toString("utf8") };
    }
    if (name === "which" || name === "type" || (name === "command" && args.includes("-v"))) {
      const program = args.filter((a) => !a.startsWith("-")).pop();
      return program === undefined ? null : { text: program };
    }
    if (name === "find") {
      const paths = findStartPaths(args);
      return paths.length > 0 && !findFilters(args) ? { text: paths.join("\n") } : null;
    }
    return null;
  }

  private checkArgv(argvIn: readonly string[], stdin: Data, depth: number): string | null {
    if (depth >= MAX_DEPTH) return REASONS.tooDeep;
    let start = 0;
    while (start < argvIn.length && isAssignment(argvIn[start] as string)) start++;
    const argv = argvIn.slice(start);
    if (argv.length === 0) return null;
    const name = programName(argv[0] as string);
    const args = argv.slice(1);
    const alias = this.aliases.get(argv[0] as string);
    if (alias !== undefined)
      return this.checkString([alias, ...args.map(singleQuoted)].join(" "), depth + 1);
    const written =
      this.files.get(argv[0] as string) ?? this.files.get((argv[0] as string).replace(/^\.\//, ""));
    if (written !== undefined) return this.checkString(written, depth + 1);
    if (name === "alias") {
      for (const definition of args.filter((a) => a.includes("="))) {
        const eq = definition.indexOf("=");
        this.aliases.set(definition.slice(0, eq), definition.slice(eq + 1));
      }
      return null;
    }

    const wrapper = WRAPPERS[name];
    if (wrapper !== undefined) return this.checkWrapper(name, args, stdin, depth);
    if (SHELLS.has(name)) return this.checkShell(args, stdin, depth);
    if (name === "eval") return this.checkString(args.join(" "), depth + 1);
    if (["export", "declare", "typeset", "local", "readonly"].includes(name)) {
      for (const assignment of args.filter(isAssignment)) {
        const eq = assignment.indexOf("=");
        this.variables.set(assignment.slice(0, eq), assignment.slice(eq + 1));
      }
      return null;
    }
    if (name === "cd" || name === "pushd") {
      this.cwd = changeDirectory(this.cwd, args.filter((a) => !a.startsWith("-"))[0]);
      return null;
    }
    if (name === "source" || name === ".") {
      if (args[0] === "/dev/stdin" || args[0] === "-") return this.checkShellInput(stdin, depth);
      return args[0]?.includes(DOWNLOADED) === true ? REASONS.download : null;
    }
    if (name === "env") return this.checkEnv(args, stdin, depth);
    if (name === "xargs") return this.checkXargs(args, stdin, depth);
    if (name === "parallel") return this.checkParallel(args, stdin, depth);
    if (name === "find") return this.checkFind(args, depth);
    const inContainer = this.containerCommand(name, args);
    if (inContainer !== null) return this.checkArgv(inContainer, stdin, depth + 1);
    if (name === "ssh") {
      // ssh HOST COMMAND…: the command runs on the remote machine, which is just as real.
      const at = firstOperand(args, 0, { shortWithValue: "bcDEeFIiJLlmOopQRSWw" });
      const remote = args.slice(at + 1);
      return remote.length === 0 ? null : this.checkString(remote.join(" "), depth + 1);
    }
    if (name === "su" || name === "script" || name === "flock") {
      const commandString = longValue(args, "command") ?? valueAfter(args, "-c");
      if (commandString !== null) return this.checkString(commandString, depth + 1);
      if (name === "flock")
        return this.checkArgv(
          args.slice(firstOperand(args, 0, { shortWithValue: "wEF" }) + 1),
          stdin,
          depth,
        );
      return null;
    }
    const interpreter = INTERPRETER_CODE_FLAGS[name];
    if (interpreter !== undefined) return this.checkInterpreter(args, interpreter, stdin, depth);
    if (AWKS.has(name)) {
      const at = firstOperand(args, 0, {
        shortWithValue: "Fvf",
        longWithValue: ["field-separator", "assign"],
      });
      const program = args.includes("-f") ? null : args[at];
      return program === undefined || program === null ? null : this.checkCode(program, depth);
    }
    if (name === "sed") return this.checkSed(args, depth);
    return this.checkRules(name, args);
  }

  /**
   * The command `kubectl exec … -- CMD` or `docker exec [options] CONTAINER CMD` runs inside a
   * container or pod: a real machine of the user's, so it is checked like a local one.
   */
  private containerCommand(name: string, args: readonly string[]): string[] | null {
    if (args[0] !== "exec") return null;
    if (name === "kubectl" || name === "oc" || name === "lxc") {
      const dashes = args.indexOf("--");
      return dashes < 0 ? null : args.slice(dashes + 1);
    }
    if (name === "docker" || name === "podman" || name === "nerdctl") {
      const container = firstOperand(args, 1, {
        shortWithValue: "euw",
        longWithValue: ["env", "env-file", "user", "workdir", "detach-keys"],
      });
      return args.slice(container + 1);
    }
    return null;
  }

  private checkWrapper(
    name: string,
    args: readonly string[],
    stdin: Data,
    depth: number,
  ): string | null {
    const table = WRAPPERS[name] ?? {};
    if (name === "command" && args.some((a) => a === "-v" || a === "-V")) return null;
    if (name === "runuser" || name === "sudo") {
      const commandString = valueAfter(args, "-c") ?? longValue(args, "command");
      if (name === "runuser" && commandString !== null)
        return this.checkString(commandString, depth + 1);
    }
    let at = firstOperand(args, 0, table);
    at += table.operandsBefore ?? 0;
    const inner = args.slice(at);
    if (name === "watch") return this.checkString(inner.join(" "), depth + 1);
    if (inner.length === 0) {
      // `sudo -s`, `sudo -i` and friends with no command start a shell reading stdin.
      return name === "sudo" || name === "doas" ? this.checkShellInput(stdin, depth) : null;
    }
    return this.checkArgv(inner, stdin, depth + 1);
  }

  private checkEnv(args: readonly string[], stdin: Data, depth: number): string | null {
    const splitAt = args.findIndex((a) => a === "-S" || a === "--split-string");
    const split = splitAt >= 0 ? (args[splitAt + 1] ?? "") : longValue(args, "split-string");
    if (split !== null) {
      // -S splits its one argument into words; the arguments after it follow unchanged.
      const rest = splitAt >= 0 ? args.slice(splitAt + 2) : [];
      return this.checkString([split, ...rest.map(singleQuoted)].join(" "), depth + 1);
    }
    let at = firstOperand(args, 0, { shortWithValue: "uC", longWithValue: ["unset", "chdir"] });
    while (at < args.length && (isAssignment(args[at] as string) || args[at] === "-")) at++;
    return this.checkArgv(args.slice(at), stdin, depth + 1);
  }

  private checkShell(args: readonly string[], stdin: Data, depth: number): string | null {
    let command = false;
    let readsStdin = false;
    let i = 0;
    for (; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === "--" || arg === "-") {
        i++;
        break;
      }
      if (!arg.startsWith("-") && !arg.startsWith("+")) break;
      if (!arg.startsWith("--") && arg.slice(1).includes("c")) command = true;
      if (!arg.startsWith("--") && arg.slice(1).includes("s")) readsStdin = true;
      if (!arg.startsWith("--") && /[oO]$/.test(arg)) i++;
      if (arg === "--rcfile" || arg === "--init-file") i++;
    }
    const operand = args[i];
    if (command && operand !== undefined) {
      // `bash -c 'rm -rf "$1"' _ /`: the words after the string are $0, $1, …
      args.slice(i + 1, i + 11).forEach((value, k) => this.variables.set(String(k), value));
      return this.checkString(operand, depth + 1);
    }
    if (command) return null;
    const written = operand === undefined ? undefined : this.files.get(operand);
    if (written !== undefined) return this.checkString(written, depth + 1);
    if (operand === undefined || operand === "/dev/stdin" || readsStdin)
      return this.checkShellInput(stdin, depth);
    // A script file that is a process substitution of a download: `sh <(curl …)`.
    return operand.includes(DOWNLOADED) ? REASONS.download : null;
  }

  /** A shell reading its commands from stdin: whatever feeds it is a script. */
  private checkShellInput(stdin: Data, depth: number): string | null {
    if (stdin === null) return null;
    if (!("text" in stdin)) return REASONS.download;
    return this.checkString(stdin.text, depth + 1);
  }

  private checkInterpreter(
    args: readonly string[],
    codeFlags: readonly string[],
    stdin: Data,
    depth: number,
  ): string | null {
    let code: string | null = null;
    let sawOperand = false;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      const lower = arg.toLowerCase();
      const flag = codeFlags.find(
        (f) => lower === f || (f.length === 2 && lower.startsWith(f) && !lower.startsWith("--")),
      );
      if (flag !== undefined) {
        const attached = arg.length > flag.length ? arg.slice(flag.length) : null;
        const next = attached ?? args[i + 1] ?? "";
        code = code === null ? next : `${code}\n${next}`;
        if (attached === null) i++;
        continue;
      }
      if (!arg.startsWith("-")) {
        sawOperand = true;
        break;
      }
      if (arg === "-") break;
    }
    if (code === null) {
      if (sawOperand || stdin === null) return null;
      if (!("text" in stdin)) return REASONS.download;
      code = stdin.text;
    }
    return this.checkCode(code, depth);
  }

  /** Interpreter code: every string that could reach a shell, and in-language tree deletes. */
  private checkCode(code: string, depth: number): string | null {
    const lower = code.toLowerCase();
    if (forksForever(lower)) return REASONS.forkBomb;
    const { literals, lists } = codeStrings(code);
    if (runsPrograms(lower)) {
      for (const text of [...literals, ...lists]) {
        const reason = this.checkString(text, depth + 1);
        if (reason !== null) return reason;
      }
    }
    if (deletesTrees(lower)) {
      if (namesHome(lower)) return REASONS.delete;
      if (literals.some((text) => this.doomed(text) !== null)) return REASONS.delete;
    }
    return null;
  }

  private checkSed(args: readonly string[], depth: number): string | null {
    const scripts: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === "-e" || arg === "--expression") scripts.push(args[++i] ?? "");
      else if (arg.startsWith("--expression=")) scripts.push(arg.slice(13));
    }
    if (scripts.length === 0) {
      const at = firstOperand(args, 0, {
        shortWithValue: "fl",
        longWithValue: ["file", "line-length"],
      });
      if (args[at] !== undefined) scripts.push(args[at]);
    }
    for (const script of scripts) {
      for (const piece of script.split(/[;\n]/)) {
        // The `e command` of GNU sed runs a shell command; skip the address in front of it.
        const body = piece
          .replace(/^[\s0-9$,~!]{0,64}/, "")
          .replace(/^\/[^/]{0,256}\/[\s,0-9$]{0,16}/, "");
        if (body.startsWith("e ")) {
          const reason = this.checkString(body.slice(2), depth + 1);
          if (reason !== null) return reason;
        }
      }
    }
    return null;
  }

  private checkXargs(args: readonly string[], stdin: Data, depth: number): string | null {
    let replace: string | null = null;
    let delimiter: "blank" | "nul" | "line" = "blank";
    let i = 0;
    const withValue = new Set(["-I", "-n", "-L", "-P", "-d", "-s", "-a", "-E"]);
    for (; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === "--") {
        i++;
        break;
      }
      if (!arg.startsWith("-")) break;
      if (arg === "-I") replace = args[i + 1] ?? "{}";
      else if (arg.startsWith("-I")) replace = arg.slice(2);
      else if (arg === "-i" || arg === "--replace") replace = "{}";
      else if (arg.startsWith("-i")) replace = arg.slice(2);
      else if (arg.startsWith("--replace=")) replace = arg.slice(10);
      if (arg === "-0" || arg === "--null") delimiter = "nul";
      if (arg === "-d" || arg.startsWith("--delimiter")) delimiter = "line";
      if (withValue.has(arg)) i++;
    }
    const command = args.slice(i);
    if (command.length === 0) return null; // the default command is echo
    const data = stdin !== null && "text" in stdin ? stdin.text : "";
    const lines = data.split(delimiter === "nul" ? "\0" : "\n").filter((l) => l.trim() !== "");
    if (lines.length === 0) return this.checkArgv(command, null, depth + 1);
    // `… | xargs sh -c`: the items become the shell's command string.
    if (
      SHELLS.has(programName(command[0] as string)) &&
      command.length <= 3 &&
      command.some((a) => /^-[a-z]*c/.test(a))
    ) {
      for (const line of lines.slice(0, MAX_FAN_OUT)) {
        const reason = this.checkString(line, depth + 1);
        if (reason !== null) return reason;
      }
    }
    if (replace !== null) {
      for (const line of lines.slice(0, MAX_FAN_OUT)) {
        const reason = this.checkArgv(
          command.map((a) => a.replaceAll(replace, line)),
          null,
          depth + 1,
        );
        if (reason !== null) return reason;
      }
      return null;
    }
    const items =
      delimiter === "blank"
        ? lines
            .join(" ")
            .split(/[ \t]/)
            .filter((w) => w !== "")
        : lines;
    return this.checkArgv([...command, ...items], null, depth + 1);
  }

  private checkParallel(args: readonly string[], stdin: Data, depth: number): string | null {
    const separator = args.findIndex((a) => a === ":::" || a === "::::" || a === ":::+");
    const head = separator < 0 ? args : args.slice(0, separator);
    const at = firstOperand(head, 0, {
      shortWithValue: "jSdIaE",
      longWithValue: ["jobs", "sshlogin", "delimiter", "arg-file", "results", "joblog", "timeout"],
    });
    const command = head.slice(at);
    // --pipe feeds the input itself to the command's stdin.
    if (head.includes("--pipe") || head.includes("--spreadstdin"))
      return this.checkArgv(command, stdin, depth + 1);
    let inputs: string[];
    if (separator >= 0) inputs = args.slice(separator + 1).filter((a) => a !== ":::");
    else
      inputs =
        stdin !== null && "text" in stdin
          ? stdin.text.split("\n").filter((l) => l.trim() !== "")
          : [];
    if (inputs.length === 0)
      return command.length === 0 ? null : this.checkString(command.join(" "), depth + 1);
    for (const input of inputs.slice(0, MAX_FAN_OUT)) {
      // parallel hands each input to a shell as one quoted argument of the command.
      const quoted = `'${input.replaceAll("'", "'\\''")}'`;
      const line =
        command.length === 0
          ? input
          : command.some((a) => a.includes("{}"))
            ? command.map((a) => a.replaceAll("{}", quoted)).join(" ")
            : `${command.join(" ")} ${quoted}`;
      const reason = this.checkString(line, depth + 1);
      if (reason !== null) return reason;
    }
    return null;
  }

  private checkFind(args: readonly string[], depth: number): string | null {
    const paths = findStartPaths(args);
    const filtered = findFilters(args);
    const doomed = paths.some((path) => this.doomed(path) !== null);
    if (doomed && !filtered && args.includes("-delete")) return REASONS.delete;
    const execs = ["-exec", "-execdir", "-ok", "-okdir"];
    const runs = args
      .filter((_a, k) => k > 0 && execs.includes(args[k - 1] as string))
      .map(programName);
    // Unlinking every file under a whole system tree is as final as a recursive delete.
    if (doomed && !filtered && runs.some((program) => ["rm", "unlink", "shred"].includes(program)))
      return REASONS.delete;
    for (let i = 0; i < args.length; i++) {
      if (!execs.includes(args[i] as string)) continue;
      let end = i + 1;
      while (end < args.length && args[end] !== ";" && args[end] !== "+") end++;
      const command = args.slice(i + 1, end);
      // What {} can stand for: the start paths when nothing narrows them, and each start path
      // joined with each -name pattern (`find /dev -name 'sd*' -exec dd of={}` reaches disks).
      const names = args.filter(
        (_a, k) => k > 0 && ["-name", "-iname"].includes(args[k - 1] as string),
      );
      const candidates = filtered
        ? paths.flatMap((path) => names.map((name) => `${path.replace(/\/$/, "")}/${name}`))
        : paths;
      for (const path of candidates.slice(0, MAX_FAN_OUT)) {
        const reason = this.checkArgv(
          command.map((a) => a.replaceAll("{}", path)),
          null,
          depth + 1,
        );
        if (reason !== null) return reason;
      }
      const reason = this.checkArgv(
        command.filter((a) => a !== "{}"),
        null,
        depth + 1,
      );
      if (reason !== null) return reason;
      i = end;
    }
    return null;
  }

  /** The literal rules, on the program that finally runs. */
  private checkRules(name: string, args: readonly string[]): string | null {
    if (name === "rm") {
      const flags = permutedFlags(args, 0);
      const recursive = /[rR]/.test(flags.short) || flags.long.includes("recursive");
      if (recursive && flags.operands.some((target) => this.doomed(target) !== null))
        return REASONS.delete;
      return null;
    }
    if (name === "mv") {
      const { operands } = permutedFlags(args, 0, {
        shortWithValue: "tS",
        longWithValue: ["target-directory", "suffix"],
      });
      const sources =
        longValue(args, "target-directory") === null ? operands.slice(0, -1) : operands;
      return sources.some((source) => this.doomed(source) !== null) ? REASONS.move : null;
    }
    if (name === "setfacl" || name === "chattr") {
      const flags = permutedFlags(args, 0, {
        shortWithValue: "mMxX",
        longWithValue: ["modify", "remove", "set", "set-file"],
      });
      const recursive = flags.short.includes("R") || flags.long.includes("recursive");
      return recursive && flags.operands.some((t) => this.doomed(t) !== null)
        ? REASONS.permissions
        : null;
    }
    if (name === "nvme") {
      const erases = args[0] === "format" || args[0] === "sanitize";
      return erases && args.some((a) => /^\/dev\/nvme[0-9]{1,3}/.test(a)) ? REASONS.wipe : null;
    }
    if (name === "chmod" || name === "chown" || name === "chgrp") {
      const flags = permutedFlags(args, 0, { longWithValue: ["reference", "from"] });
      const recursive = flags.short.includes("R") || flags.long.includes("recursive");
      const targets = flags.operands.slice(1);
      if (recursive && targets.some((target) => this.doomed(target) !== null))
        return REASONS.permissions;
      const mode = flags.operands[0] ?? "";
      const opensUp =
        (/^0{0,2}7{3}$|^[ugoa]{0,4}[+=]r?w?x?$/.test(mode) && mode.includes("7")) ||
        /^[ao]?\+rwx$|^[ao]?\+w$/.test(mode);
      if (
        name === "chmod" &&
        opensUp &&
        targets.some((t) => this.doomed(t) === "the root directory")
      ) {
        return REASONS.chmodRoot;
      }
      return null;
    }
    if (
      name.startsWith("mkfs") ||
      name === "mke2fs" ||
      name === "mkswap" ||
      name === "mkntfs" ||
      name === "mkdosfs" ||
      name === "newfs"
    ) {
      return args.some((a) => isBlockDevice(a)) ? REASONS.mkfs : null;
    }
    if (name === "dd" || name === "dcfldd" || name === "dc3dd") {
      return args.some((a) => a.startsWith("of=") && isBlockDevice(a.slice(3))) ? REASONS.dd : null;
    }
    const devices = args.filter((a) => isBlockDevice(a));
    if (devices.length === 0) return null;
    switch (name) {
      case "wipefs": {
        const flags = permutedFlags(args, 0, {
          shortWithValue: "otO",
          longWithValue: ["offset", "types", "output"],
        });
        const erases =
          /[ao]/.test(flags.short) || flags.long.some((l) => l === "all" || l.startsWith("offset"));
        const dryRun = flags.short.includes("n") || flags.long.includes("no-act");
        return erases && !dryRun ? REASONS.wipe : null;
      }
      case "shred":
      case "blkdiscard":
      case "sgdisk":
      case "sfdisk":
      case "cryptsetup":
        if (
          name === "sgdisk" &&
          !args.some((a) => /^-[a-zA-Z]{0,8}[Zzo]/.test(a) || a === "--zap-all" || a === "--clear")
        )
          return null;
        if (
          name === "sfdisk" &&
          !args.some((a) => a === "--delete" || a === "--wipe" || a === "-w")
        )
          return null;
        if (name === "cryptsetup" && !args.some((a) => /^luksformat$|^erase$|^luksErase$/i.test(a)))
          return null;
        return REASONS.wipe;
      case "hdparm":
        return args.some((a) => a.startsWith("--security-erase") || a.startsWith("--trim-sector"))
          ? REASONS.wipe
          : null;
      case "parted":
        return args.some((a) => a === "mklabel" || a === "mktable" || a === "rm")
          ? REASONS.wipe
          : null;
      case "cp":
      case "mv":
      case "install":
      case "ddrescue":
      case "pv":
        return isBlockDevice(args[args.length - 1] ?? "") ? REASONS.device : null;
      case "tee":
      case "truncate":
      case "fallocate":
        return REASONS.device;
      default:
        return null;
    }
  }
}

function changeDirectory(cwd: string | null, target: string | undefined): string | null {
  if (target === undefined || target === "~") return "~";
  if (target === "-") return null;
  if (/^[/~]/.test(target) || target.startsWith("$HOME")) return target;
  return cwd === null ? null : `${cwd}/${target}`;
}

/** Brace expansion of one word, as bash does it before rm sees it; at most 64 words. */
function expandBraces(word: string): string[] {
  const open = word.indexOf("{");
  if (open === -1) return [word];
  let level = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < word.length && close === -1; i++) {
    if (word[i] === "{") level++;
    else if (word[i] === "}" && --level === 0) close = i;
    else if (word[i] === "," && level === 1) commas.push(i);
  }
  if (close === -1 || commas.length === 0) return [word];
  const cuts = [open, ...commas, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < cuts.length && out.length < 64; k++) {
    const variant =
      word.slice(0, open) +
      word.slice((cuts[k] as number) + 1, cuts[k + 1]) +
      word.slice(close + 1);
    out.push(...expandBraces(variant).slice(0, 64 - out.length));
  }
  return out;
}

function singleQuoted(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

function valueAfter(args: readonly string[], flag: string): string | null {
  const at = args.indexOf(flag);
  return at < 0 ? null : (args[at + 1] ?? null);
}

function findStartPaths(args: readonly string[]): string[] {
  const paths: string[] = [];
  for (const arg of args) {
    if (arg.startsWith("-") || arg === "(" || arg === "!" || arg === "\\(") break;
    paths.push(arg);
  }
  return paths;
}

// Primaries that do not narrow which files find visits or acts on.
const FIND_NEUTRAL = new Set([
  "-delete",
  "-depth",
  "-maxdepth",
  "-mindepth",
  "-xdev",
  "-mount",
  "-print",
  "-print0",
  "-type",
  "-exec",
  "-execdir",
  "-ok",
  "-okdir",
  "-ignore_readdir_race",
  "-noleaf",
  "-follow",
  "-H",
  "-L",
  "-P",
  "-d",
  "-x",
  "-true",
  "-o",
  "-or",
  "-a",
  "-and",
]);

// `-name '*'` narrows nothing.
const MATCHES_EVERY_NAME = new Set(["-name", "-iname", "-path", "-ipath", "-wholename"]);

function findFilters(args: readonly string[]): boolean {
  let inExec = false;
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (inExec) {
      if (arg === ";" || arg === "+") inExec = false;
      continue;
    }
    if (arg === "-exec" || arg === "-execdir" || arg === "-ok" || arg === "-okdir") inExec = true;
    else if (MATCHES_EVERY_NAME.has(arg) && /^[*]{1,4}$/.test(args[k + 1] ?? "")) k++;
    else if (arg.startsWith("-") && !FIND_NEUTRAL.has(arg)) return true;
  }
  return false;
}

function decodeEscapes(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(n|t|0|\\)/g, (_m, e: string) =>
    e === "n" ? "\n" : e === "t" ? "\t" : e === "0" ? "\0" : "\\",
  );
}

/**
 * The worker-side precheck: the reason a command is refused, or null. It never throws: its own
 * failure lets the command through (fail open), because the host checks again and refuses then.
 */
export function precheckCommand(command: unknown): string | null {
  try {
    return runPrecheck(command);
  } catch {
    return null;
  }
}

/**
 * The host-side precheck, run before a capability is issued: the same rules, but a precheck
 * that cannot run refuses (fail closed).
 */
export function hostPrecheckCommand(
  command: unknown,
  run: (c: string) => string | null = runPrecheck,
): string | null {
  if (typeof command !== "string") return "the command is not a string; refusing";
  try {
    return run(command);
  } catch {
    return "the static safety precheck could not run; refusing";
  }
}

/**
 * Linux passes one argument of at most MAX_ARG_STRLEN (32 pages, 128 KiB) to a program, so no
 * `bash -c` can receive a longer command. Longer input is refused without being read, which
 * also bounds the time a hostile input can cost.
 */
export const MAX_COMMAND_LENGTH = 128 * 1024;

function runPrecheck(command: unknown): string | null {
  if (typeof command !== "string" || command.trim() === "") return null;
  if (command.length > MAX_COMMAND_LENGTH) return REASONS.tooLong;
  const text = normalizeText(command);
  const checker = new Checker(text.length);
  try {
    return checker.checkString(text, 0);
  } catch (error) {
    if (error instanceof BudgetExceeded) return REASONS.tooDeep;
    throw error;
  }
}
