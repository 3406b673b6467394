// The shell precheck: a small blocklist of commands that would wreck the machine, a disk or a
// home directory, checked on the argv each program would actually receive. One normalisation
// pass, one lexer, then literal rules per program, following wrappers (sudo, env, xargs,
// timeout…), shell strings (bash -c, eval, here-documents and pipes into a shell) and
// interpreter one-liners down to the program that runs. Quoted data is data: `echo 'rm -rf /'`
// and `git commit -m "rm -rf /"` never reach a rule, because echo and git are not rm.
//
// It is a screen, not a parser of every shell: anything it cannot evaluate (a variable set
// elsewhere, a file's contents) is treated as unknown and never matches.

import { arrayAt, simpleCommands, type ArrayAssignment, type SimpleCommand } from "./commands.js";
import {
  codeStrings,
  printedLiterals,
  deletesTrees,
  readsArguments,
  writesDevice,
  decodedLiterals,
  forksForever,
  spelledOut,
  withShellHome,
  namesHome,
  runsPrograms,
} from "./code-strings.js";
import { forkBombIn, spawnsItself } from "./fork-bomb.js";
import {
  lexScript,
  MAX_DEPTH,
  plainText,
  type Script,
  type Token,
  type Word,
  type WordPart,
} from "./lexer.js";
import { firstOperand, longValue, optionValue, type OptionTable } from "./options.js";
import { GIT_GLOBAL_WITH_VALUE, gitRuns, isGitCommandKey, isGitHook } from "./git-commands.js";
import { deviceWriteRule } from "./device-writes.js";
import { commandOptionValues, HOOKED_PROGRAMS } from "./hooked-options.js";
import {
  catastrophicTarget,
  isAccountDatabase,
  isEssentialFile,
  isBlockDevice,
} from "./targets.js";
import { REASONS } from "./reasons.js";
import {
  AWKS,
  DOWNLOADERS,
  INTERPRETER_CODE_FLAGS,
  INTERPRETER_PLAIN_FLAGS,
  isAssignment,
  isAssignmentLike,
  PARALLEL_OPTIONS,
  RUSH_OPTIONS,
  isStdinPath,
  programName,
  SHELLS,
  STDIN_READERS,
  WRAPPERS,
} from "./programs.js";
import {
  changeDirectory,
  decodeEscapes,
  expandBraces,
  extglobAsBraces,
  singleQuoted,
  translated,
  valueAfter,
} from "./argv-text.js";
import { findFilters, findStartPaths } from "./find.js";
import { cronCommands, deferredKind } from "./deferred.js";
import { catastrophicRule } from "./rules.js";
import { launched } from "./launchers.js";
import { functionDefinitions } from "./functions.js";
import { containerRun, hostPath, type Bind, type ContainerRun } from "./containers.js";
import { makeEvalTexts, makefileCommands, makeShellValues } from "./makefiles.js";
import { PARTITION_EDITORS, partitionScriptWipes, UNREAD } from "./partitions.js";
import { expandParameters, type ParameterScope } from "./parameters.js";
import { CommandMemo, Tally, TalliedMap, TalliedSet } from "./memo.js";
import { PRINTED_COMMAND_WORDS, printedCommandAt } from "./printed-commands.js";
import {
  combinations,
  fillParallelTokens,
  hasParallelToken,
  parallelReplacement,
} from "./parallel-inputs.js";

// Text we could not evaluate (a substitution whose output is unknown). It never equals a path.
const UNKNOWN = "\u{fffc}";
// Text that came from the network (curl, wget…). A shell or eval that runs it runs a download.
const DOWNLOADED = "\u{fffd}downloaded\u{fffd}";
const MAX_FAN_OUT = 64;
// What setPositional sets: "$@", "$*" and "$1" to "$10".
const POSITIONAL_VARIABLES = ["@", "*", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const MAX_PIPELINE_HOPS = 16;
// Arguments of an interpreter one-liner that are read as values: argv[1] to argv[8].
const MAX_SCRIPT_ARGUMENTS = 8;
// Commands of more words than this are not remembered: long ones seldom recur.
const MAX_REMEMBERED_WORDS = 16;

// `walk` marks the output of a find(1) that lists whole trees: each line stands for everything
// under it, not just itself.
type Data = { readonly text: string; readonly walk?: true } | { readonly download: true } | null;
const EMPTY_OUTPUT: Data = Object.freeze({ text: "" });

export class BudgetExceeded extends Error {}

/** One run of the precheck over one command string and everything nested in it. */
export class Checker {
  private budget: number;
  /**
   * Every change to the state below is counted here (its maps and sets are tallied, its
   * scalars count in their setters), so that a recurring command is judged once (memo.ts).
   */
  private readonly tally = new Tally();
  private readonly memo = new CommandMemo(this.tally);
  /** The word list whose memo key was made last, and that key. */
  private lastKeyWords: readonly Word[] | null = null;
  private lastKey: string | null = null;
  private readonly variables = new TalliedMap<string, string>(this.tally);
  private cwdValue: string | null = null;
  private readonly aliases = new TalliedMap<string, string>(this.tally);
  private positionalValue: readonly string[] | null = null;
  /** Files this command line writes with knowable content (`echo … > x.sh`), by name. */
  private readonly files = new TalliedMap<string, string>(this.tally);
  /**
   * The same files by lexical path (`$PWD/a.sh`, `/tmp/../tmp/a.sh` → the name written), and
   * the git hooks among them: kept as files are written, so a lookup is one get, not a walk
   * over every file (a line of thousands of files and commands would be quadratic).
   */
  private readonly lexicalNames = new Map<string, string>();
  private readonly hooks = new Set<string>();
  /** Symbolic links made on this line: each name and where it points. */
  private readonly links = new TalliedMap<string, string>(this.tally);
  /** The working directory before the last literal cd, when known (`cd -`, `~-`, $OLDPWD). */
  private previousCwd: string | null = null;
  /** The file name each process substitution `<(…)` became. */
  private readonly processFiles = new TalliedMap<Script, string>(this.tally);
  /** The other way: the script behind each such name, for what is written into `>(…)`. */
  private readonly processScripts = new TalliedMap<string, Script>(this.tally);

  private bindsValue: readonly Bind[] | null = null;
  /** Shell functions defined on this command line, by name: the tokens of the body. */
  private readonly functions = new TalliedMap<string, readonly Token[]>(this.tally);
  /** Functions whose call is being checked now: a recursive function is followed once. */
  private readonly calling = new TalliedSet<string>(this.tally);
  /** Bash arrays set on this command line (`a=(/ /etc)`), by name. */
  private readonly arrays = new TalliedMap<string, readonly string[]>(this.tally);
  /** What parameter expansion reads and writes, made once. */
  private readonly scope: ParameterScope = {
    scalar: (name) => this.variables.get(name),
    array: (name) => this.arrays.get(name),
    assign: (name, value) => this.variables.set(name, value),
    worst: (values) => values.find((v) => this.doomed(v) !== null) ?? values[0],
    tooDeep: () => {
      throw new BudgetExceeded();
    },
  };

  /** doomed() as a function value, made once rather than once per command. */
  private readonly doomedTarget = (target: string): string | null => this.doomed(target);

  /** The working directory after a literal `cd`, when known; relative targets resolve on it. */
  private get cwd(): string | null {
    return this.cwdValue;
  }

  private set cwd(value: string | null) {
    this.tally.changes++;
    this.cwdValue = value;
  }

  /** "$1"… after a literal `set --` or `bash -c STRING _ ARGS`, when known. */
  private get positional(): readonly string[] | null {
    return this.positionalValue;
  }

  private set positional(value: readonly string[] | null) {
    this.tally.changes++;
    this.positionalValue = value;
  }

  /** Inside a container started here: the host paths bound into it; null on the host. */
  private get binds(): readonly Bind[] | null {
    return this.bindsValue;
  }

  private set binds(value: readonly Bind[] | null) {
    this.tally.changes++;
    this.bindsValue = value;
  }

  constructor(inputLength: number) {
    // Every nested string is a piece of the input, and nesting is bounded by MAX_DEPTH, so this
    // is never reached by an honest command; it caps the work a hostile one can cause.
    this.budget = 4 * inputLength + 65_536;
  }

  /** catastrophicTarget, with relative paths resolved on a known cwd and braces expanded. */
  private doomed(target: string, hops = 0): string | null {
    // Links and the previous directory are followed a few steps at most (`ln -s a a` loops).
    if (hops < 4) {
      const followed = this.links.size === 0 ? null : this.throughLink(target);
      if (followed !== null) {
        const reason = this.doomed(followed, hops + 1);
        if (reason !== null) return reason;
      }
      const before =
        this.previousCwd === null ? null : /^(?:~-|\$OLDPWD|\$\{OLDPWD\})(?=\/|$)/.exec(target);
      if (before !== null)
        return this.doomed(`${this.previousCwd}${target.slice(before[0].length)}`, hops + 1);
    }
    if (this.cwd === null && this.binds === null && !target.includes("{") && !target.includes("("))
      return catastrophicTarget(target);
    const variants = expandBraces(target.includes("(") ? extglobAsBraces(target) : target);
    if (variants === null) return REASONS.tooDeep;
    for (const braced of variants) {
      // `$PWD`, `${PWD}` and `~+` name the working directory a cd made known.
      const here = this.cwd === null ? null : /^(?:\$PWD|\$\{PWD\}|~\+)(?=\/|$)/.exec(braced);
      const expanded = here === null ? braced : `${this.cwd}${braced.slice(here[0].length)}`;
      const path =
        this.cwd !== null && !/^[/~$]/.test(expanded) ? `${this.cwd}/${expanded}` : expanded;
      // Inside a container only what is bound from the host can be the host's loss.
      const onHost = this.binds === null ? path : hostPath(path, this.binds);
      const reason = onHost === null ? null : catastrophicTarget(onHost);
      if (reason !== null) return reason;
    }
    return null;
  }

  /**
   * A path that goes through a link made on this line, as where the link points: `root/*` after
   * `ln -s / root`, and `h/` (the slash follows the link) after `ln -s ~ h`. The link itself,
   * with no slash after it, is only a link. Null when no link is on the path.
   */
  private throughLink(path: string): string | null {
    const bare = path.replace(/^\.\//, "");
    for (const [name, target] of this.links) {
      const link = name.replace(/^\.\//, "").replace(/\/+$/, "");
      if (bare.startsWith(`${link}/`))
        return `${target.replace(/\/+$/, "")}/${bare.slice(link.length + 1)}`;
    }
    return null;
  }

  /**
   * `docker run -v /:/host … rm -rf /host`, `bwrap --bind / / …`: the command is checked with
   * its paths mapped through the binds, from the container's working directory.
   */
  private checkContainerRun(run: ContainerRun, stdin: Data, depth: number): string | null {
    if (run.command.length === 0) return null;
    const saved = { binds: this.binds, cwd: this.cwd };
    this.binds = [...(saved.binds ?? []), ...run.binds];
    this.cwd = run.workdir;
    try {
      return this.checkArgv(run.command, stdin, depth + 1);
    } finally {
      this.binds = saved.binds;
      this.cwd = saved.cwd;
    }
  }

  /**
   * Every string lexed and every argv a wrapper hands on is paid for from one budget, so a
   * chain like `eval eval eval …` or `env env env …`, which re-reads the rest of the line at
   * each level, costs a bounded multiple of the input rather than its length times the depth.
   */
  private spend(units: number): void {
    this.budget -= units;
    if (this.budget < 0) throw new BudgetExceeded();
  }

  checkString(text: string, depth: number): string | null {
    if (depth >= MAX_DEPTH) return REASONS.tooDeep;
    if (text.includes(DOWNLOADED)) return REASONS.download;
    this.spend(text.length);
    return this.checkScript(lexScript(text, depth), depth);
  }

  /**
   * A script file written on this line, run as a program or by a shell. Inside it "$0" is the
   * file itself, so `$0 & $0` (or `"$0" | "$0" &`, or `$0 &` in a loop) is a fork bomb.
   */
  private checkScriptFile(file: string, text: string, depth: number): string | null {
    if (depth + 1 >= MAX_DEPTH) return REASONS.tooDeep;
    if (text.includes(DOWNLOADED)) return REASONS.download;
    this.spend(text.length);
    const script = lexScript(text, depth + 1);
    if (!script.tooDeep && spawnsItself(script.tokens, file, (units) => this.spend(units)))
      return REASONS.forkBomb;
    return this.checkScript(script, depth + 1);
  }

  private checkScript(script: Script, depth: number): string | null {
    if (script.tooDeep) return REASONS.tooDeep;
    // `echo 'rm -rf /`: the text after a quote that never closes is also read as commands.
    // Each such text is a suffix holding one kind of quote fewer, so this nests at most a
    // few levels; running out of depth there is no reason to refuse a line bash would not run.
    if (script.unclosed !== undefined) {
      const reason = this.checkString(script.unclosed, depth + 1);
      if (reason !== null && reason !== REASONS.tooDeep) return reason;
    }
    if (script.tokens.length === 0) return null;
    if (forkBombIn(script, (units) => this.spend(units))) return REASONS.forkBomb;
    // Arrays first, so that `for d in "${a[@]}"` sees their elements. Both arrays and function
    // definitions need a `(` (or the word `function`): one pass finds whether to look.
    const tokens = script.tokens;
    let defines = false;
    for (let k = 0; k < tokens.length; k++) {
      const token = tokens[k] as Token;
      if (token.kind === "op" && token.op === "(") {
        defines = true;
        const assignment = k > 0 ? arrayAt(tokens, k - 1) : null;
        if (assignment !== null) this.bindArray(assignment.array, depth);
      } else if (token.kind === "word" && token.parts === null && token.text === "function")
        defines = true;
    }
    this.bindLoopVariables(script, depth);
    if (defines)
      for (const [name, body] of functionDefinitions(tokens)) this.functions.set(name, body);
    const commands = simpleCommands(script);
    this.bindReadVariables(commands, depth);
    for (let k = 0; k < commands.length; k++) {
      const command = commands[k] as SimpleCommand;
      // Only a command without redirections or array assignments is remembered.
      let key: string | null = null;
      if (command.redirects.length === 0 && command.arrays.length === 0) {
        // A run of one shared command (`x | x | …`) shares its word list, and so its key.
        if (command.words !== this.lastKeyWords) {
          this.lastKeyWords = command.words;
          this.lastKey = memoKey(command.words);
        }
        key = this.lastKey;
      }
      if (key !== null) {
        const spent = this.memo.spentOnRepeat(key, depth);
        if (spent >= 0) {
          this.spend(spent);
          continue;
        }
      }
      const budget = this.budget;
      const changes = this.tally.changes;
      const nested = this.checkNested(command, depth);
      if (nested !== null) return nested;
      const reason = this.checkCommand(command, depth);
      if (reason !== null) return reason;
      if (key !== null && this.tally.changes === changes)
        this.memo.remember(key, depth, budget - this.budget);
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
        values.push(...this.fields([token], depth));
      }
      const worst = values.find((v) => this.doomed(v) !== null) ?? values[0];
      if (worst !== undefined) this.variables.set(plainText(name), worst);
    }
  }

  /**
   * `… | while read d; do rm -rf "$d"; done` and `while read d; do …; done <<< /`: `read` binds
   * its variable to a line of its input, the worst line when the input is knowable.
   */
  private bindReadVariables(commands: readonly SimpleCommand[], depth: number): void {
    for (let k = 0; k < commands.length; k++) {
      const command = commands[k] as SimpleCommand;
      // Only a command with a literal word `read` can be one; most pay nothing more.
      let hasRead = false;
      const words = command.words;
      for (let j = 0; j < words.length && !hasRead; j++) {
        const w = words[j] as Word;
        hasRead = w.parts === null && READERS.has(w.text);
      }
      if (!hasRead) continue;
      this.bindRead(commands, k, depth);
    }
  }

  private bindRead(commands: readonly SimpleCommand[], k: number, depth: number): void {
    const command = commands[k] as SimpleCommand;
    {
      const argv = this.fields(command.words, depth);
      const at = argv.findIndex((word) => !isAssignment(word));
      const reader = at < 0 ? "" : programName(argv[at] as string);
      if (!READERS.has(reader)) return;
      const args = argv.slice(at + 1);
      const names = args.slice(
        firstOperand(args, 0, { shortWithValue: reader === "read" ? "adinNptu" : "dnOsuCc" }),
      );
      let input = this.stdinOf(command, depth);
      // The loop's input is redirected on its `done`, which ends a later, word-less command.
      for (let j = k + 1; input === null && j < commands.length; j++) {
        const later = commands[j] as SimpleCommand;
        if (later.words.length === 0) input = this.stdinOf(later, depth);
      }
      if (input === null || !("text" in input)) return;
      const lines = input.text.split("\n").slice(0, MAX_FAN_OUT);
      if (reader !== "read") {
        // mapfile / readarray NAME: one element per line.
        this.setArray(names[names.length - 1] ?? "MAPFILE", lines);
        return;
      }
      if (names.length === 0) names.push("REPLY");
      const line = lines.find((l) => this.doomed(l.trim()) !== null) ?? lines[0] ?? "";
      // The last name takes the rest of the line, as read does.
      const words = line
        .trim()
        .split(/[ \t]/)
        .filter((w) => w !== "");
      names.forEach((name, n) => {
        const value = n === names.length - 1 ? words.slice(n).join(" ") : (words[n] ?? "");
        this.variables.set(name, value);
      });
      // read -a NAME: the words of the line become the array's elements.
      const arrayName = clusteredValue(args, "a");
      if (arrayName !== null) this.setArray(arrayName, words);
    }
  }

  // The per-command paths below use indexed loops: they run once per pipeline stage, and an
  // iterator object per loop per stage is most of what a 30k-stage line would allocate.
  private checkNested(command: SimpleCommand, depth: number): string | null {
    const words = command.words;
    for (let k = 0; k < words.length; k++) {
      const reason = this.checkParts(words[k] as Word, depth);
      if (reason !== null) return reason;
    }
    if (command.arrays.length === 0 && command.redirects.length === 0) return null;
    for (const array of command.arrays) {
      for (const word of array.words) {
        const reason = this.checkParts(word, depth);
        if (reason !== null) return reason;
      }
    }
    for (const redirect of command.redirects) {
      const reason = this.checkParts(redirect.target, depth);
      if (reason !== null) return reason;
      for (const script of redirect.hereDocument?.scripts ?? []) {
        const inDocument = this.checkScript(script, depth + 1);
        if (inDocument !== null) return inDocument;
      }
    }
    return null;
  }

  /** The substitutions inside one word, checked where they stand. */
  private checkParts(word: Word | null, depth: number): string | null {
    if (word === null || word.parts === null) return null;
    for (let k = 0; k < word.parts.length; k++) {
      const part = word.parts[k] as WordPart;
      if (!("script" in part)) continue;
      const reason = this.checkScript(part.script, depth + 1);
      if (reason !== null) return reason;
    }
    return null;
  }

  private checkCommand(command: SimpleCommand, depth: number): string | null {
    if (command.redirects.length > 0) {
      for (const redirect of command.redirects) {
        const writes = redirect.op.includes(">") && redirect.op !== ">&";
        const target = redirect.target;
        if (!writes || target === null) continue;
        const path = this.value(target, depth);
        if (isBlockDevice(path)) return REASONS.device;
        // `> /etc/passwd`, `echo x > /etc/shadow`: replacing an account database (appending
        // with >> adds a user and is not a hit).
        if (!redirect.op.includes(">>") && redirect.op !== "<>" && isAccountDatabase(path))
          return REASONS.accounts;
        if (!redirect.op.includes(">>") && redirect.op !== "<>" && isEssentialFile(path))
          return REASONS.essential;
      }
      const planted = this.rememberWrittenFile(command, depth);
      if (planted !== null) return planted;
    }
    if (command.arrays.length > 0) for (const array of command.arrays) this.bindArray(array, depth);
    const argv = this.fields(command.words, depth);
    if (argv.length > 0 && isAssignment(argv[0] as string) && argv.every(isAssignment)) {
      for (const assignment of argv) {
        const eq = assignment.indexOf("=");
        this.variables.set(assignment.slice(0, eq), assignment.slice(eq + 1));
        const reason = this.checkCommandVariable(assignment, eq, depth);
        if (reason !== null) return reason;
      }
      return null;
    }
    const printed = printedCommandAt(command.words);
    if (printed >= 0) {
      const words = command.words.slice(printed, printed + PRINTED_COMMAND_WORDS);
      const reason = this.checkArgv(this.fields(words, depth), null, depth + 1);
      if (reason !== null) return reason;
    }
    // Only programs that read their input as code or arguments need to know it.
    const stdin = readsStdin(argv) ? this.stdinOf(command, depth) : null;
    const reason = this.checkArgv(argv, stdin, depth);
    if (reason !== null || !argv.some(isAssignment)) return reason;
    return this.checkAsAssigned(command, argv, stdin, depth);
  }

  /**
   * `TMPDIR=/ rm -rf "$TMPDIR"`, `env TMPDIR=/ rm -rf $TMPDIR`: the shell expands the words
   * before TMPDIR is set for rm, so rm gets the old value; but the command was written to
   * delete the new one, and the precheck judges what a command was meant to do as well as what
   * the shell makes of it. When a word reads a variable that an assignment among the command's
   * words sets (in front of it, or handed to env or sudo), the words are expanded again with
   * those assignments in force.
   */
  private checkAsAssigned(
    command: SimpleCommand,
    argv: readonly string[],
    stdin: Data,
    depth: number,
  ): string | null {
    const assigned = argv.filter(isAssignment).slice(0, MAX_FAN_OUT);
    const read = assigned.some((assignment) => {
      const name = assignment.slice(0, assignment.indexOf("="));
      return command.words.some(
        (w) => w.text.includes(`$${name}`) || w.text.includes(`\${${name}`),
      );
    });
    if (!read) return null;
    return this.withVariables(assigned, () =>
      this.checkArgv(this.fields(command.words, depth), stdin, depth),
    );
  }

  /** `echo 'rm -rf /' > x.sh` followed by `bash x.sh`: remember what the file will hold. */
  private rememberWrittenFile(command: SimpleCommand, depth: number): string | null {
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
      this.recordFile(name, redirect.op === ">>" ? `${this.files.get(name) ?? ""}\n${text}` : text);
      const planted = this.checkDeferred(name, text, depth) ?? this.feedProcess(name, text, depth);
      if (planted !== null) return planted;
    }
    return null;
  }

  /**
   * Text written into `>(…)` is that command's input: `echo … > >(sh)`, `… | tee >(bash)`. Its
   * first command is checked reading it.
   */
  private feedProcess(file: string, text: string, depth: number): string | null {
    const script = this.processScripts.size === 0 ? undefined : this.processScripts.get(file);
    if (script === undefined) return null;
    const first = simpleCommands(script)[0];
    if (first === undefined) return null;
    return this.checkArgv(this.fields(first.words, depth + 1), { text }, depth + 1);
  }

  /** Text written into a file that a shell or cron runs later is checked as what will run. */
  private checkDeferred(file: string, text: string, depth: number): string | null {
    const kind = deferredKind(file);
    if (kind === null) return null;
    if (kind === "script") return this.checkString(text, depth + 1);
    for (const line of cronCommands(text, kind === "system-cron", MAX_FAN_OUT)) {
      const reason = this.checkString(line, depth + 1);
      if (reason !== null) return reason;
    }
    return null;
  }

  /**
   * `PROMPT_COMMAND='rm -rf ~'`, `export PAGER=…`: a variable whose value the shell or a program
   * runs as a command line, set for the commands that follow.
   */
  private checkCommandVariable(assignment: string, eq: number, depth: number): string | null {
    const name = assignment.slice(0, eq);
    if (EXPANDED_VARIABLES.has(name))
      return this.checkExpandedValue(assignment.slice(eq + 1), depth);
    if (!COMMAND_VARIABLES.has(name)) return null;
    return this.checkString(assignment.slice(eq + 1), depth + 1);
  }

  /**
   * `PS4='$(rm -rf ~)' bash -x`, `ENV='$(…)' sh -i`: a value the shell expands later, when the
   * substitutions quoted into it run. Read as a double-quoted word, so exactly those run.
   */
  private checkExpandedValue(value: string, depth: number): string | null {
    if (!value.includes("$(") && !value.includes("`")) return null;
    return this.checkString(`: "${value.replace(/[\\"]/g, "\\$&")}"`, depth + 1);
  }

  /** A file this command line wrote, by the name it was written or as `./name`. */
  private writtenFile(path: string | undefined): string | undefined {
    if (path === undefined || this.files.size === 0) return undefined;
    const direct = this.files.get(path) ?? this.files.get(path.replace(/^\.\//, ""));
    if (direct !== undefined) return direct;
    // `$PWD/a.sh`, `/tmp/../tmp/a.sh`: the same file by another lexical name.
    const wanted = lexicalPath(path);
    const name = this.lexicalNames.get(wanted);
    return name === undefined ? undefined : this.files.get(name);
  }

  /** Records a file this line wrote, under its name and its lexical path. */
  private recordFile(name: string, text: string): void {
    this.files.set(name, text);
    const lexical = lexicalPath(name);
    if (!this.lexicalNames.has(lexical)) this.lexicalNames.set(lexical, name);
    if (isGitHook(name)) this.hooks.add(name);
  }

  /** The text a word expands to, with known variables substituted and unknown output marked. */
  /**
   * The argv the words become: an unquoted word whose value came from a substitution or a
   * variable is split on blanks, as the shell splits it, so `$(echo rm -rf /)` and `$cmd`
   * run the program their text names.
   */
  private fields(words: readonly Word[], depth: number): readonly string[] {
    // Literal words with nothing to expand are their own fields: one mapped copy, and for a
    // one-word command (the lexer shares recurring words) one list per word.
    if (words.length === 1 && isLiteralField(words[0] as Word)) return loneField(words[0] as Word);
    if (words.every(isLiteralField)) return words.map((word) => word.text);
    const argv: string[] = [];
    for (const word of words) {
      // `rm -rf '~'` removes a directory named `~` here, not the home directory.
      if (word.literalTilde === true) {
        argv.push(`./${word.text}`);
        continue;
      }
      const text = this.value(word, depth);
      const expanded =
        word.parts === null
          ? word.text.includes("$")
          : word.parts.some((part) =>
              "script" in part ? part.process !== true : part.text.includes("$"),
            );
      // "$@" is one word per positional parameter.
      if (word.parts === null && (word.text === "$@" || word.text === "${@}") && this.positional) {
        argv.push(...this.positional);
        continue;
      }
      // "${a[@]}" is one word per element of the array.
      const elements = word.parts === null ? this.allElements(word.text) : undefined;
      if (elements !== undefined) {
        argv.push(...elements);
        continue;
      }
      // Bash expands `{rm,-rf,/}` into three words before anything runs.
      if (!word.quoted && text.includes("{") && text.includes(",")) {
        const variants = expandBraces(text);
        // Too deep to expand is too deep to judge: refused, like any input past the budget.
        if (variants === null) throw new BudgetExceeded();
        argv.push(...variants);
        continue;
      }
      // Assignment values are never split: `x=$(echo a b)` sets x to "a b".
      if (word.quoted || !expanded || isAssignment(text)) argv.push(text);
      else argv.push(...this.splitFields(text));
    }
    return argv;
  }

  /** The elements of a known array when `text` is exactly `${a[@]}`. */
  private allElements(text: string): readonly string[] | undefined {
    if (this.arrays.size === 0 || !text.startsWith("${") || !text.endsWith("[@]}"))
      return undefined;
    return this.arrays.get(text.slice(2, -4));
  }

  /** `a=(/ /etc)`, `a+=(…)`: the elements as the shell would expand them. */
  private bindArray(array: ArrayAssignment, depth: number): void {
    const values = this.fields(array.words, depth).slice(0, MAX_FAN_OUT);
    this.setArray(
      array.name,
      array.append ? (this.arrays.get(array.name) ?? []).concat(values) : values,
    );
  }

  private setArray(name: string, values: readonly string[]): void {
    this.arrays.set(name, values.slice(0, MAX_FAN_OUT));
    this.variables.set(name, values[0] ?? "");
  }

  /** Field splitting on IFS: blanks, or the characters a literal `IFS=…` set. */
  private splitFields(text: string): string[] {
    const ifs = this.variables.get("IFS") ?? " \t\n";
    // Most values hold no separator at all: one field, no per-character work.
    let separated = false;
    for (let k = 0; k < ifs.length && !separated; k++) separated = text.includes(ifs[k] as string);
    if (!separated) return text === "" ? [] : [text];
    const fields: string[] = [];
    let field = "";
    for (const ch of text) {
      if (ifs.includes(ch)) {
        if (field !== "") fields.push(field);
        field = "";
      } else field += ch;
    }
    if (field !== "") fields.push(field);
    return fields;
  }

  private value(word: Word, depth: number): string {
    let text = word.text;
    for (const part of word.parts ?? []) {
      if ("text" in part) text += part.text;
      else {
        const output = this.outputOfScript(part.script, depth + 1);
        const printed =
          output === null ? UNKNOWN : "text" in output ? output.text.trimEnd() : DOWNLOADED;
        text += part.process === true ? this.processFile(part.script, printed) : printed;
      }
    }
    if (!text.includes("$")) return text;
    // With no variable known, only an operator's default (`${x:-/}`) can change the text.
    if (this.variables.size === 0 && !HAS_OPERATOR.test(text)) return text;
    return expandParameters(text, this.scope);
  }

  /**
   * `<(…)` becomes a file name, as bash makes it (/dev/fd/N); what the file holds is the
   * script's output, so `bash <(…)`, `source <(…)` and `< <(…)` read that text.
   */
  private processFile(script: Script, printed: string): string {
    let name = this.processFiles.get(script);
    if (name === undefined) {
      name = `/dev/fd/${63 - (this.processFiles.size % 32)}\u{fffc}${this.processFiles.size}`;
      this.processFiles.set(script, name);
      this.processScripts.set(name, script);
    }
    this.recordFile(name, printed);
    return name;
  }

  private stdinOf(command: SimpleCommand, depth: number, hops = 0): Data {
    for (const redirect of command.redirects) {
      if (redirect.hereDocument !== null) return { text: redirect.hereDocument.body };
      if (redirect.op === "<<<" && redirect.target !== null) {
        return { text: this.value(redirect.target, depth) };
      }
      if (redirect.op === "<" && redirect.target !== null) {
        // `< <(printf '/')` reads a process substitution's output; `< x` a file written here.
        const written = this.files.get(this.value(redirect.target, depth));
        if (written !== undefined) return { text: written };
      }
    }
    // A pipeline is followed back a bounded number of stages: data passes through at most a
    // few filters on its way to a shell, and a hostile `cat | cat | …` must not recurse deeply.
    if (command.previous === null || hops >= MAX_PIPELINE_HOPS) return null;
    return this.outputOf(command.previous, depth, hops + 1);
  }

  private outputOfScript(script: Script, depth: number): Data {
    if (script.tooDeep || depth >= MAX_DEPTH) return null;
    // `$()` and an empty pair of backticks print nothing: `r$()m` is `rm`.
    if (script.tokens.length === 0) return EMPTY_OUTPUT;
    const commands = simpleCommands(script);
    const last = commands[commands.length - 1];
    return last === undefined ? null : this.outputOf(last, depth);
  }

  /** What a command prints, for the few programs whose output is knowable from their words. */
  private outputOf(command: SimpleCommand, depth: number, hops = 0): Data {
    const argv = this.fields(command.words, depth);
    let start = argv.findIndex((word) => !isAssignment(word));
    if (argv.length === 0) {
      // `$(< list.txt)` reads the file: one written here, or a process substitution.
      const read = command.redirects.find((r) => r.op === "<" && r.target !== null);
      return read?.target ? this.filesRead([this.value(read.target, depth)]) : null;
    }
    if (start < 0) return null;
    // `env cat`, `stdbuf -o0 cat`, `command cat`: what the wrapped program prints.
    for (let peeled = 0; peeled < 8; peeled++) {
      const wrapper = programName(argv[start] as string);
      const table = wrapper === "env" ? ENV_OPTIONS : WRAPPERS[wrapper];
      if (table === undefined || (wrapper === "command" && argv.includes("-v"))) break;
      const next = firstOperand(argv, start + 1, table) + (table.operandsBefore ?? 0);
      if (next >= argv.length) break;
      start = next;
      while (start < argv.length && isAssignment(argv[start] as string)) start++;
      if (start >= argv.length) return null;
    }
    const name = programName(argv[start] as string);
    const args = argv.slice(start + 1);
    if (DOWNLOADERS.has(name)) return { download: true };
    if (name === "true" || name === ":" || name === "false") return { text: "" };
    if (name === "printf") return { text: printfOutput(args) };
    if (name === "echo") {
      let i = 0;
      while (/^-[neE]{1,3}$/.test(args[i] ?? "")) i++;
      return { text: decodeEscapes(args.slice(i).join(" ")) };
    }
    // pwd prints the working directory: the one a literal cd chose, or an unknown one by name.
    if (name === "pwd") return { text: this.cwd ?? "$PWD" };
    if (name === "yes") return { text: args.length === 0 ? "y" : args.join(" ") };
    const stdin = (): Data => this.stdinOf(command, depth, hops);
    // Filters that reorder or deduplicate lines keep every dangerous line they are given.
    if ((name === "sort" || name === "uniq") && !args.some((a) => !a.startsWith("-")))
      return stdin();
    if (name === "head" || name === "tail") {
      // `head -n 1`, `tail -c 100`: the option's value is not a file.
      const at = firstOperand(args, 0, { shortWithValue: "nc", longWithValue: ["lines", "bytes"] });
      return at < args.length ? this.filesRead(args.slice(at)) : stdin();
    }
    if (name === "cat" || name === "tac" || name === "tee") {
      const files = args.filter((a) => !a.startsWith("-"));
      if (files.length === 0 || name === "tee") return stdin();
      // `cat a.sh | bash`, `$(cat list.txt)`: a file written earlier on this line.
      return this.filesRead(files);
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
    if (name === "tr") {
      // `tr a-z n-za-m` (ROT13) and `tr -d` hide a command's text from a literal rule.
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      const input = data.text.slice(0, 1 << 16);
      this.spend(input.length);
      const text = translated(input, args);
      return text === null ? null : { text };
    }
    // Compressing and decompressing give back the text: `… | gzip | gunzip | sh`. Each is
    // read as passing its input on, which is exact for the pair.
    if (COMPRESSORS.has(name) && !args.some((a) => !a.startsWith("-"))) return stdin();
    const decoder = base64Decoder(name, args);
    if (decoder !== null) {
      const data = stdin();
      // base32 is passed on undecoded: its text stays unknown, as before.
      if (data === null || !("text" in data) || decoder === "base32") return data;
      return { text: Buffer.from(data.text.slice(0, 1 << 20), "base64").toString("utf8") };
    }
    if (name === "which" || name === "type" || (name === "command" && args.includes("-v"))) {
      const program = args.filter((a) => !a.startsWith("-")).pop();
      if (program === undefined) return null;
      // which prints where the program lives: `$(dirname $(which ls))` is /usr/bin.
      return { text: name === "which" && !program.includes("/") ? `/usr/bin/${program}` : program };
    }
    // The home directory looked up at run time: `printenv HOME`, `getent passwd alice` (whose
    // sixth field `cut -d: -f6` takes), root's being /root.
    if (name === "printenv" && args.length === 1 && args[0] === "HOME") return { text: "~" };
    if (name === "getent" && args[0] === "passwd") {
      const user = args[1] ?? "user";
      const home = user === "root" || user === "0" ? "/root" : "~";
      return { text: `${user}:x:1000:1000::${home}:/bin/sh` };
    }
    if (name === "cut") {
      const fields = cutFields(args, stdin);
      if (fields !== undefined) return fields;
    }
    if (name === "ls" || name === "realpath" || name === "readlink") {
      // `ls -d /*` prints the paths it was given (a glob stands for what it matches).
      const flags = args.filter((a) => a.startsWith("-"));
      const lists = name === "ls" ? flags.some((f) => /^-[a-zA-Z1]{0,12}d/.test(f)) : true;
      const paths = args.filter((a) => !a.startsWith("-"));
      // A bare `ls` (or `ls -A`) prints the working directory's entries: for what it feeds to
      // xargs that is `*`, judged against the directory a cd chose.
      const names =
        name === "ls" && paths.length === 0 && flags.every((f) => /^-[1aA]{1,3}$/.test(f));
      if (names) return { text: "*" };
      // Device nodes are files, not directories: `ls /dev/sd*` prints their paths.
      const devices = paths.length > 0 && paths.every((p) => isBlockDevice(p));
      return (lists || devices) && paths.length > 0 ? { text: paths.join("\n") } : null;
    }
    // Tools that list disks print device paths: `$(lsblk -dno path)`, `findmnt -no SOURCE /`,
    // `blkid -o device`, `df --output=source /`. Which disk is unknown; that one is is enough.
    if (DISK_LISTERS.has(name) || (name === "df" && args.some((a) => a.includes("source"))))
      return { text: "/dev/sda" };
    if (name === "dirname") {
      // `rm -rf "$(dirname /etc)"` removes the root: the parent of each operand, as GNU prints it.
      const parents = args.filter((a) => !a.startsWith("-")).map(parentDirectory);
      return parents.length > 0 ? { text: parents.join("\n") } : null;
    }
    if (name === "find") {
      const paths = findStartPaths(args);
      return paths.length > 0 && !findFilters(args) ? { text: paths.join("\n"), walk: true } : null;
    }
    if (name === "basename") {
      // GNU basename prints "/" for the root itself.
      const operand = args.find((a) => !a.startsWith("-"));
      return operand === undefined ? null : { text: baseName(operand) };
    }
    if (name === "xxd" && args.some((a) => /^-[a-z]{0,4}r/.test(a))) {
      // `xxd -r -p` turns a plain hex dump back into the bytes it stands for.
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      if (!args.some((a) => /^-[a-z]{0,4}p/.test(a))) return null;
      const hex = data.text.slice(0, 1 << 20).replace(/[\s]/g, "");
      return { text: Buffer.from(hex, "hex").toString("utf8") };
    }
    const printed = this.printedOutput(name, args, stdin);
    if (printed !== undefined) return printed;
    return null;
  }

  /** What a file-reading filter prints: the files' text when each was written on this line. */
  private filesRead(files: readonly string[]): Data {
    const texts: string[] = [];
    for (const file of files) {
      const text = this.writtenFile(file);
      if (text === undefined) return null;
      texts.push(text);
    }
    return { text: texts.join("\n") };
  }

  /**
   * What filters that keep (or only lightly reshape) their input print, and what one-liners
   * that print string literals print: on the way into a shell, `grep`, `fold`, `awk '{print}'`,
   * `sed 's|x|/|'`, `python -c 'print("…")'` hand on a command's text as surely as cat does.
   * Undefined when this is not such a program.
   */
  private printedOutput(
    name: string,
    args: readonly string[],
    stdin: () => Data,
  ): Data | undefined {
    // A file operand is read instead of stdin.
    const operands = args.filter((a) => !a.startsWith("-"));
    const valued = PASS_THROUGH[name];
    if (valued !== undefined)
      return firstOperand(args, 0, { shortWithValue: valued }) >= args.length ? stdin() : null;
    if (name === "dd")
      return args.some((a) => a.startsWith("if=") || a.startsWith("of=")) ? null : stdin();
    if (name === "grep" || name === "egrep" || name === "fgrep") {
      // Options that print something other than the matching lines.
      if (args.some((a) => /^-[a-zA-Z]{0,6}[vclLqoZ]/.test(a) || a === "--invert-match"))
        return null;
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      if (operands.length > 1 || args.some((a) => a === "-e" || a === "-f")) return null;
      const pattern = operands[0];
      // A literal pattern keeps the lines holding it; anything else may keep every line.
      if (pattern === undefined || /[\\^$.*+?()[\]{}|]/.test(pattern)) return data;
      const lines = data.text.split("\n").filter((line) => line.includes(pattern));
      return { text: lines.join("\n") };
    }
    if (name === "paste" && args.some((a) => /^-[a-z]{0,3}s/.test(a) || a === "--serial")) {
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      return { text: data.text.split("\n").join(" ") };
    }
    if (name === "xargs") {
      // xargs with no command (or echo) prints its items on one line.
      const command = args.filter((a) => !a.startsWith("-"));
      if (command.length > 0 && command[0] !== "echo") return null;
      if (args.some((a) => /^-[a-zA-Z]{0,3}[IiaJ]/.test(a))) return null;
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      const words = data.text.split(/[ \t\n]/).filter((w) => w !== "");
      return { text: [...command.slice(1), ...words].join(" ") };
    }
    if (AWKS.has(name)) {
      if (args.includes("-f")) return null;
      const at = firstOperand(args, 0, {
        shortWithValue: "Fvf",
        longWithValue: ["field-separator", "assign"],
      });
      const program = (args[at] ?? "").replace(/[\s;]/g, "");
      if (["1", "{print}", "{print$0}", "//", "/./"].includes(program))
        return args.length > at + 1 ? null : stdin();
      if (!program.startsWith("BEGIN{")) return null;
      const text = printedLiterals(args[at] as string);
      return text === null ? null : { text };
    }
    if (name === "sed") {
      const data = stdin();
      if (data === null || !("text" in data)) return data;
      return this.sedOutput(args, data.text);
    }
    const flags = INTERPRETER_CODE_FLAGS[name];
    if (flags === undefined) return undefined;
    // The code option, or a cluster ending in it (`perl -pe`, `ruby -ne`).
    const at = args.findIndex((a) => flags.includes(a) || /^-[a-z]{1,3}e$/.test(a));
    if (at < 0) return null;
    const option = args[at] as string;
    const code = args[at + 1] ?? "";
    const lower = code.toLowerCase();
    // Code that echoes its input on: `print(sys.stdin.read())`, `perl -pe ''`.
    const loops = (name === "perl" || name === "ruby") && /^-[a-z]{0,3}p/.test(option);
    if (loops || READS_STDIN_CODE.test(lower)) return stdin();
    // `node -p EXPR` prints the expression's value: a literal's text.
    const text = printedLiterals(option === "-p" || option === "--print" ? `print(${code})` : code);
    return text === null ? null : { text };
  }

  /**
   * What sed prints for scripts made of `p`, `s` commands with a literal pattern (and `^` or `$`
   * anchors), and nothing else; null when the script does anything the precheck cannot follow.
   * Literal matching only: no pattern from the input is ever compiled as a regular expression.
   */
  private sedOutput(args: readonly string[], input: string): Data {
    const scripts: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === "-e" || arg === "--expression") scripts.push(args[++i] ?? "");
      else if (arg === "-n" || arg === "-E" || arg === "-r" || arg === "-u" || arg === "--posix")
        continue;
      else if (arg.startsWith("-")) return null;
      else if (scripts.length === 0) scripts.push(arg);
      else return null; // a file operand: sed reads it, not stdin
    }
    let text = input.slice(0, 1 << 16);
    for (const script of scripts) {
      for (const command of script.split(/[;\n]/)) {
        const trimmed = command.trim();
        if (trimmed === "" || trimmed === "p") continue;
        const substituted = literalSubstitution(trimmed, text);
        if (substituted === null) return null;
        text = substituted;
      }
    }
    return { text };
  }

  private checkArgv(argvIn: readonly string[], stdin: Data, depth: number): string | null {
    if (depth >= MAX_DEPTH) return REASONS.tooDeep;
    if (depth > 0) this.spend(argvIn.length);
    let start = 0;
    while (start < argvIn.length && isAssignmentLike(argvIn[start] as string)) start++;
    const argv = start === 0 ? argvIn : argvIn.slice(start);
    // `GIT_PAGER='…' git log`, `PAGER=… man x`: variables whose value a program runs as a command.
    for (let k = 0; k < start; k++) {
      const assignment = argvIn[k] as string;
      const eq = assignment.indexOf("=");
      if (argv.length > 0 && COMMAND_VARIABLES.has(assignment.slice(0, eq))) {
        const reason = this.checkString(assignment.slice(eq + 1), depth + 1);
        if (reason !== null) return reason;
      }
      if (argv.length > 0 && EXPANDED_VARIABLES.has(assignment.slice(0, eq))) {
        const reason = this.checkExpandedValue(assignment.slice(eq + 1), depth);
        if (reason !== null) return reason;
      }
      // `BASH_ENV=FILE bash …`: a non-interactive bash (and `sh -i` for ENV) sources FILE first.
      const startup = STARTUP_FILE_VARIABLES.has(assignment.slice(0, eq))
        ? this.writtenFile(assignment.slice(eq + 1))
        : undefined;
      if (argv.length > 0 && startup !== undefined) {
        const reason = this.checkString(startup, depth + 1);
        if (reason !== null) return reason;
      }
    }
    if (argv.length === 0) return null;
    if (start === 0 || !this.readsVariablesLater(argv, stdin))
      return this.checkProgram(argv, stdin, depth);
    // `X=/ bash -c 'rm -rf "$X"'`, `env X=/ sh -c …`: the program, and every shell it starts,
    // runs with these set; the shell running this line does not keep them.
    const assigned = argvIn.slice(0, start).filter(isAssignment);
    return this.withVariables(assigned, () => this.checkProgram(argv, stdin, depth));
  }

  /**
   * Whether checking this program may expand a variable again: code still to be read (a `$`
   * or a backquote left in its words or its input), or a function, alias or file of this line
   * it may run. Otherwise its assignments cannot change the verdict and are not set.
   */
  private readsVariablesLater(argv: readonly string[], stdin: Data): boolean {
    if (this.functions.size > 0 || this.aliases.size > 0 || this.files.size > 0) return true;
    // git reads its own variables: GIT_WORK_TREE, GIT_CONFIG_PARAMETERS, --config-env's names.
    if (programName(argv[0] as string) === "git") return true;
    if (stdin !== null && "text" in stdin && /[$`]/.test(stdin.text)) return true;
    return argv.some((word) => word.includes("$") || word.includes("`"));
  }

  /** checkArgv once the assignments in front of the program are read: the program itself. */
  private checkProgram(argv: readonly string[], stdin: Data, depth: number): string | null {
    const name = programName(argv[0] as string);
    const args = argv.length === 1 ? NO_VALUES : argv.slice(1);
    const alias = this.aliases.size === 0 ? undefined : this.aliases.get(argv[0] as string);
    if (alias !== undefined) {
      // Bash does not expand an alias again inside its own text: `alias rm='rm -i'` is rm.
      const word = argv[0] as string;
      this.aliases.delete(word);
      try {
        return this.checkString([alias, ...args.map(singleQuoted)].join(" "), depth + 1);
      } finally {
        this.aliases.set(word, alias);
      }
    }
    const written = this.writtenFile(argv[0]);
    if (written !== undefined) return this.checkScriptFile(argv[0] as string, written, depth);
    if (name === "alias") {
      for (const definition of args.filter((a) => a.includes("="))) {
        const eq = definition.indexOf("=");
        // An alias is defined to be typed: `alias ls='rm -rf ~'` is a trap for the next `ls`.
        const reason = this.checkString(definition.slice(eq + 1), depth + 1);
        if (reason !== null) return reason;
        this.aliases.set(definition.slice(0, eq), definition.slice(eq + 1));
      }
      return null;
    }
    if (name === "tee" && stdin !== null) {
      // tee writes its input into every file it names, as a redirect does: `… | tee -a
      // ~/.bashrc` plants a command, and `… | tee x.sh; bash x.sh` runs what x.sh now holds.
      const text = "text" in stdin ? stdin.text : DOWNLOADED;
      const appends = args.some((a) => a === "--append" || /^-[a-z]*a/.test(a));
      for (const file of args.filter((a) => !a.startsWith("-")).slice(0, MAX_FAN_OUT)) {
        this.recordFile(file, appends ? `${this.files.get(file) ?? ""}\n${text}` : text);
        const reason = this.checkDeferred(file, text, depth) ?? this.feedProcess(file, text, depth);
        if (reason !== null) return reason;
      }
    }

    if ((name === "cp" || name === "mv" || name === "install") && this.files.size > 0) {
      // `cp a.sh b.sh; bash b.sh`: the copy holds what the written file held.
      const operands = args.filter((a) => !a.startsWith("-"));
      const source = operands.length === 2 ? this.writtenFile(operands[0]) : undefined;
      if (source !== undefined) this.recordFile(operands[1] as string, source);
    }

    const body = this.functions.size === 0 ? undefined : this.functions.get(argv[0] as string);
    if (body !== undefined && args.length > 0)
      return this.checkCall(argv[0] as string, body, args, depth);
    const launch = launched(name, args);
    if (launch !== null) {
      const reason =
        "text" in launch
          ? this.checkString(launch.text, depth + 1)
          : this.checkArgv(launch.argv, stdin, depth + 1);
      if (reason !== null) return reason;
    }
    const wrapper = WRAPPERS[name];
    if (wrapper !== undefined) {
      // A wrapper may run a command of its own too: `strace -o '|CMD' ls`.
      for (const command of commandOptionValues(name, args)) {
        const reason = this.checkString(command, depth + 1);
        if (reason !== null) return reason;
      }
      return this.checkWrapper(name, args, stdin, depth);
    }
    if (SHELLS.has(name)) return this.checkShell(args, stdin, depth);
    if (name === "eval")
      return this.checkString((args[0] === "--" ? args.slice(1) : args).join(" "), depth + 1);
    if (name === "printf" && args[0]?.startsWith("-v") === true) {
      // `printf -v NAME FORMAT …` assigns what it would print to NAME.
      const variable = args[0] === "-v" ? args[1] : args[0].slice(2);
      const rest = args.slice(args[0] === "-v" ? 2 : 1);
      if (variable !== undefined) this.variables.set(variable, printfOutput(rest));
      return null;
    }
    if (DECLARATIONS.has(name)) {
      for (const assignment of args.filter(isAssignment)) {
        const eq = assignment.indexOf("=");
        this.variables.set(assignment.slice(0, eq), assignment.slice(eq + 1));
        const reason = this.checkCommandVariable(assignment, eq, depth);
        if (reason !== null) return reason;
      }
      return null;
    }
    if (name === "set") {
      // `set -- / /etc` (or `set / /etc`) sets the positional parameters "$1", "$@"…
      const dashes = args.indexOf("--");
      const values =
        dashes >= 0 ? args.slice(dashes + 1) : /^[-+]/.test(args[0] ?? "-") ? null : args;
      if (values !== null) this.setPositional(values);
      return null;
    }
    if (name === "cmd") {
      // cmd.exe /c STRING (or /k): the rest of the line is a command.
      const at = args.findIndex((a) => /^\/[ck]$/i.test(a));
      return at < 0 ? null : this.checkString(args.slice(at + 1).join(" "), depth + 1);
    }
    if (name === "pwsh" || name === "powershell") {
      const at = args.findIndex((a) => /^-(?:c|command)$/i.test(a));
      const reason = at < 0 ? null : this.checkString(args.slice(at + 1).join(" "), depth + 1);
      if (reason !== null) return reason;
      // -EncodedCommand (or any prefix PowerShell accepts, and -ec): base64 of UTF-16LE text.
      const encoded = args.findIndex((a) => {
        const lower = a.toLowerCase();
        return lower === "-ec" || (lower.length >= 2 && "-encodedcommand".startsWith(lower));
      });
      const payload = encoded < 0 ? undefined : args[encoded + 1];
      if (payload !== undefined) {
        const text = Buffer.from(payload.slice(0, 1 << 17), "base64").toString("utf16le");
        const decoded = this.checkString(text, depth + 1);
        if (decoded !== null) return decoded;
      }
    }
    if (name === "cd" || name === "pushd") {
      const target = args.filter((a) => !a.startsWith("-"))[0];
      const previous = this.cwd;
      // `cd -` returns to the directory before; `~-` and $OLDPWD name it meanwhile.
      this.cwd =
        args[0] === "-" && target === undefined
          ? this.previousCwd
          : changeDirectory(previous, target);
      this.previousCwd = previous;
      return null;
    }
    if (name === "ln" && args.some((a) => /^-[a-zA-Z]{0,6}s/.test(a) || a === "--symbolic")) {
      // `ln -s / root && rm -rf root/*`: a symbolic link made here leads where it points.
      const operands = args.filter((a) => !a.startsWith("-"));
      if (operands.length === 2) this.links.set(operands[1] as string, operands[0] as string);
    }
    // `mknod NAME b MAJOR MINOR` makes a block device node under any name.
    if (name === "mknod") {
      const operands = args.filter((a) => !a.startsWith("-"));
      if (operands[1] === "b") this.links.set(operands[0] as string, "/dev/sda");
    }
    if (name === "source" || name === ".") {
      if (isStdinPath(args[0] ?? "") || args[0] === "-") return this.checkShellInput(stdin, depth);
      const sourced = this.writtenFile(args[0]);
      if (sourced !== undefined) return this.checkString(sourced, depth + 1);
      return args[0]?.includes(DOWNLOADED) === true ? REASONS.download : null;
    }
    if (name === "env") return this.checkEnv(args, stdin, depth);
    if (name === "xargs") return this.checkXargs(args, stdin, depth);
    if (name === "parallel" || name === "sem")
      return this.checkParallel(args, stdin, depth, PARALLEL_OPTIONS);
    // rush reads its inputs from stdin, with parallel's `{}`, and runs each line in a shell.
    if (name === "rush") return this.checkParallel(args, stdin, depth, RUSH_OPTIONS);
    // parset NAMES [options] COMMAND ::: …: parallel whose outputs go into variables.
    if (name === "parset") return this.checkParallel(args.slice(1), stdin, depth, PARALLEL_OPTIONS);
    if (name === "find") return this.checkFind(args, depth);
    if (name === "fd" || name === "fdfind") return this.checkFd(args);
    const run = containerRun(name, args);
    if (run !== null) return this.checkContainerRun(run, stdin, depth);
    const inContainer = this.containerCommand(name, args);
    if (inContainer !== null) return this.checkArgv(inContainer, stdin, depth + 1);
    const trapped = name === "trap" ? (args[0] === "--" ? args[1] : args[0]) : undefined;
    if (trapped !== undefined && !trapped.startsWith("-")) {
      // trap [--] STRING SIGNAL…: the shell runs the string when the signal (or EXIT) comes.
      return this.checkString(trapped, depth + 1);
    }
    if (name === "crontab" && (args.length === 0 || args[args.length - 1] === "-")) {
      // A crontab read from stdin: each line after its five time fields (or @reboot…) is a
      // command cron will run.
      if (stdin === null || !("text" in stdin)) return null;
      for (const line of cronCommands(stdin.text, false, MAX_FAN_OUT)) {
        const reason = this.checkString(line, depth + 1);
        if (reason !== null) return reason;
      }
      return null;
    }
    if (name === "at" || name === "batch") {
      // at and batch read the commands to run later from stdin.
      // `-f FILE` reads them from FILE instead, which is stdin again when it is /dev/stdin.
      const file = valueAfter(args, "-f");
      if (args.includes("-l") || (file !== null && !isStdinPath(file))) return null;
      return this.checkShellInput(stdin, depth);
    }
    // newgrp starts a new shell in the group, reading its commands from stdin.
    if (name === "newgrp" && args.length <= 2) return this.checkShellInput(stdin, depth);
    const packageRunner = packageRunnerCommand(name, args);
    if (packageRunner !== null) {
      return typeof packageRunner === "string"
        ? this.checkString(packageRunner, depth + 1)
        : this.checkArgv(packageRunner, stdin, depth + 1);
    }
    if (name === "git") {
      // Settings, aliases, options and transports whose value git runs (git-commands.ts).
      const runs = gitRuns(args, (variable) => this.variables.get(variable));
      // A hook written earlier on the line runs now.
      for (const hook of this.hooks) {
        const reason = this.checkString(this.files.get(hook) ?? "", depth + 1);
        if (reason !== null) return reason;
      }
      for (const command of runs.commands) {
        const reason = this.checkString(command, depth + 1);
        if (reason !== null) return reason;
      }
      for (const program of runs.argvs) {
        const reason = this.checkArgv(program, null, depth + 1);
        if (reason !== null) return reason;
      }
      const sub = args.find((a) => !a.startsWith("-"));
      if (sub === "config") {
        // `git config alias.x '!CMD'`, `git config core.pager CMD`: stored for later runs.
        const operands = gitConfigOperands(args.slice(args.indexOf("config") + 1));
        const key = (operands[0] ?? "").toLowerCase();
        const value = operands[1] ?? "";
        if (isGitCommandKey(key, value)) {
          const reason = this.checkString(value.replace(/^!/, ""), depth + 1);
          if (reason !== null) return reason;
        }
      }
      if (sub === "bisect" && args.includes("run")) {
        const reason = this.checkArgv(args.slice(args.indexOf("run") + 1), null, depth + 1);
        if (reason !== null) return reason;
      }
      if (args.includes("clean") && this.cleansDoomedTree(args, runs.workTree)) {
        return REASONS.delete;
      }
      return null;
    }
    if (HOOKED_PROGRAMS.has(name)) {
      const hooked = commandOptionValues(name, args);
      for (const command of hooked) {
        const reason = this.checkString(command, depth + 1);
        if (reason !== null) return reason;
      }
    }
    if (name === "ssh") {
      // ssh HOST COMMAND…: the command runs on the remote machine, which is just as real.
      const table = { shortWithValue: "bcDEeFIiJLlmOopQRSWw" };
      const at = firstOperand(args, 0, table);
      // OpenSSH reads options after the destination too: `ssh HOST -t CMD`.
      const remote = args.slice(firstOperand(args, at + 1, table));
      // With no command, the remote login shell runs what ssh reads: `echo … | ssh host`.
      if (remote.length === 0) return at < args.length ? this.checkShellInput(stdin, depth) : null;
      const reason = this.checkString(remote.join(" "), depth + 1);
      if (reason !== null) return reason;
      // The remote command reads what ssh reads: `ssh host bash -s <<< …` is judged as that
      // argv with that input, so a shell's own options (-c, -s, -n) decide as they do here.
      return this.checkArgv(remote, stdin, depth + 1);
    }
    if ((name === "tclsh" || name === "wish") && !args.some((a) => !a.startsWith("-"))) {
      // Tcl read from stdin: `exec CMD …` runs a program, `file delete -force P` removes a tree.
      const text = stdin !== null && "text" in stdin ? stdin.text : "";
      for (const line of text.split(/[\n;]/).slice(0, MAX_FAN_OUT)) {
        const words = line.trim().split(/\s+/);
        if (words[0] === "exec") {
          const reason = this.checkArgv(words.slice(1), null, depth + 1);
          if (reason !== null) return reason;
        }
        if (words[0] === "file" && words[1] === "delete") {
          const paths = words.slice(2).filter((w) => !w.startsWith("-"));
          const reason = this.checkArgv(["rm", "-rf", ...paths], null, depth + 1);
          if (reason !== null) return reason;
        }
      }
    }
    if (name === "sg") {
      // sg [-] GROUP [-c] COMMAND: the command is one string, run by /bin/sh -c.
      let k = args[0] === "-" ? 2 : 1;
      if (args[k] === "-c") k++;
      const rest = args.slice(k);
      return rest.length === 0
        ? this.checkShellInput(stdin, depth)
        : this.checkString(rest.join(" "), depth + 1);
    }
    if (name === "capsh") {
      // capsh [options] -- ARGS: ARGS are handed to bash, so `-- -c STRING` runs STRING.
      const dashes = args.indexOf("--");
      return dashes < 0 ? null : this.checkShell(args.slice(dashes + 1), stdin, depth);
    }
    if (name === "su" || name === "script" || name === "flock")
      return this.checkCommandOption(name, args, stdin, depth);
    if (Object.hasOwn(INTERPRETER_CODE_FLAGS, name))
      return this.checkInterpreter(name, args, stdin, depth);
    if (AWKS.has(name)) {
      const at = firstOperand(args, 0, {
        shortWithValue: "Fvf",
        longWithValue: ["field-separator", "assign"],
      });
      const program = args.includes("-f") ? null : args[at];
      if (program === undefined || program === null) return null;
      // awk reads its input line by line: with no file operand, that input is stdin.
      const input = args.length > at + 1 ? null : stdin;
      // Its own `print > "/dev/sda"` too (device-writes.ts).
      return this.checkCode(program, depth, [], input) ?? deviceWriteRule(name, args);
    }
    if (name === "sed") {
      const reason = this.checkSed(args, stdin, depth);
      if (reason !== null) return reason;
    }
    if (name === "make" || name === "gmake") return this.checkMakefile(args, stdin, depth);
    if (name === "diskpart") {
      // diskpart's `clean` (and `clean all`) erases the selected disk's partition table: a
      // script read from stdin, or from a /s file written on this line.
      const file = args.findIndex((a) => a.toLowerCase() === "/s");
      const script =
        file >= 0
          ? this.writtenFile(args[file + 1])
          : stdin !== null && "text" in stdin
            ? stdin.text
            : undefined;
      if (script !== undefined && /(?:^|\n)[ \t]{0,8}clean\b/i.test(script)) return REASONS.wipe;
    }
    if (PARTITION_EDITORS.has(name)) {
      // With no input given here the editor reads the terminal or the agent's own stdin: what
      // it will be told to do is unknown, so it is judged like an unread file.
      const script = stdin !== null && "text" in stdin ? stdin.text : UNREAD;
      if (partitionScriptWipes(name, args, script)) return REASONS.wipe;
    }
    return catastrophicRule(
      name,
      this.onKnownDirectory(name, this.devicesThroughLinks(args)),
      this.doomedTarget,
    );
  }

  /**
   * Operands that name a link (or a node) made on this line to a block device, as that device:
   * `ln -s /dev/sda disk && dd of=disk`, `mknod disk b 8 0 && dd of=disk`.
   */
  private devicesThroughLinks(args: readonly string[]): readonly string[] {
    if (this.links.size === 0) return args;
    return args.map((arg) => {
      const eq = /^[a-z]{1,8}=/.exec(arg);
      const prefix = eq === null ? "" : eq[0];
      const target = this.links.get(arg.slice(prefix.length));
      return target !== undefined && isBlockDevice(target) ? `${prefix}${target}` : arg;
    });
  }

  /**
   * A remover's or copier's relative operands as paths under the directory a literal cd chose
   * (`cd /usr/bin && rm -f *` removes /usr/bin/*), for the rules that judge whole paths.
   */
  private onKnownDirectory(name: string, args: readonly string[]): readonly string[] {
    const cwd = this.cwd;
    if (cwd === null || !RESOLVED_OPERANDS.has(name)) return args;
    return args.map((a) => (a.startsWith("-") || /^[/~$]/.test(a) ? a : `${cwd}/${a}`));
  }

  /**
   * `git -C / clean -fdx`, `git --work-tree=/ clean -f`: a forced clean deletes every file git
   * does not track under the work tree, so one rooted at a whole system tree empties it.
   */
  private cleansDoomedTree(args: readonly string[], configured: string | null): boolean {
    const at = args.indexOf("clean");
    const options = args.slice(at + 1).filter((a) => a.startsWith("-"));
    const forced = options.some((a) => a === "--force" || /^-[a-zA-Z]{0,8}f/.test(a));
    const dryRun = options.some((a) => a === "--dry-run" || /^-[a-zA-Z]{0,8}n/.test(a));
    if (!forced || dryRun) return false;
    // -C options add up (`-C a -C b` is a/b); --work-tree, core.worktree and GIT_WORK_TREE
    // name the tree itself.
    let tree = configured ?? ".";
    let named = configured !== null;
    for (let k = 0; k < at; k++) {
      const arg = args[k] as string;
      const next = args[k + 1];
      // Only git's own options may stand before the subcommand (`git log clean` is not one).
      if (!arg.startsWith("-")) return false;
      if (GIT_GLOBAL_WITH_VALUE.has(arg)) k++;
      if (next === undefined) continue;
      if (arg === "-C") tree = /^[/~$]/.test(next) ? next : `${tree}/${next}`;
      else if (arg === "--work-tree") tree = next;
      else if (arg.startsWith("--work-tree=")) tree = arg.slice(12);
      else continue;
      named = true;
    }
    // Unnamed, the tree is the working directory: judged only when a cd made it a known place
    // (a repository's own parent, reached by `cd ..`, is often just the enclosing repository).
    if (!named && !/^[/~]/.test(this.cwd ?? "")) return false;
    return this.doomed(tree) !== null;
  }

  /** su, script and flock: `-c STRING` (or --command) is a command line for a shell. */
  private checkCommandOption(
    name: string,
    args: readonly string[],
    stdin: Data,
    depth: number,
  ): string | null {
    const commandString = longValue(args, "command") ?? clusteredValue(args, "c");
    // `su -` and `su -l` start the command in the user's home directory.
    const login = name === "su" && args.some((a) => a === "-" || a === "-l" || a === "--login");
    if (commandString !== null)
      return this.inDirectory(login ? "~" : null, () => this.checkString(commandString, depth + 1));
    // su without a command starts the user's shell, which reads its commands from stdin.
    if (name === "su") return this.checkShellInput(stdin, depth);
    if (name === "flock")
      return this.checkArgv(
        args.slice(firstOperand(args, 0, { shortWithValue: "wEF" }) + 1),
        stdin,
        depth,
      );
    return null;
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

  /** Runs `check` with each NAME=VALUE of `assignments` set, then restores what was set before. */
  private withVariables(assignments: readonly string[], check: () => string | null): string | null {
    const names = assignments.map((assignment) => assignment.slice(0, assignment.indexOf("=")));
    return this.keepingVariables(names, () => {
      for (const assignment of assignments) {
        const eq = assignment.indexOf("=");
        this.variables.set(assignment.slice(0, eq), assignment.slice(eq + 1));
      }
      return check();
    });
  }

  /** Runs `check`, then puts the variables `names` back as they were (set, or unset). */
  private keepingVariables<T>(names: readonly string[], check: () => T): T {
    const saved = new Map<string, string | undefined>();
    for (const name of names) if (!saved.has(name)) saved.set(name, this.variables.get(name));
    try {
      return check();
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) this.variables.delete(name);
        else this.variables.set(name, value);
      }
    }
  }

  /** A call of a function defined here: its body, with "$1"… set to the call's arguments. */
  private checkCall(
    name: string,
    body: readonly Token[],
    args: readonly string[],
    depth: number,
  ): string | null {
    if (this.calling.has(name)) return null;
    const positional = this.positional;
    return this.keepingVariables(POSITIONAL_VARIABLES, () => {
      this.calling.add(name);
      this.setPositional(args);
      try {
        return this.checkScript({ tokens: body, tooDeep: false }, depth + 1);
      } finally {
        this.calling.delete(name);
        this.positional = positional;
      }
    });
  }

  private setPositional(values: readonly string[]): void {
    this.positional = values.slice(0, MAX_FAN_OUT);
    values.slice(0, 10).forEach((value, k) => this.variables.set(String(k + 1), value));
    this.variables.set("@", values.join(" "));
    this.variables.set("*", values.join(" "));
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
    const directory = wrapperDirectory(name, args, at);
    at += table.operandsBefore ?? 0;
    const inner = args.slice(at);
    if (name === "watch") return this.checkString(inner.join(" "), depth + 1);
    if (inner.length === 0) {
      // `sudo -s`, `sudo -i` and friends with no command start a shell reading stdin.
      return name === "sudo" || name === "doas" ? this.checkShellInput(stdin, depth) : null;
    }
    return this.inDirectory(directory, () => this.checkArgv(inner, stdin, depth + 1));
  }

  /**
   * Runs a check with the working directory a wrapper sets for its command (`env -C /`,
   * `sudo -D /`, a login shell's home), then restores the one before.
   */
  private inDirectory(directory: string | null, check: () => string | null): string | null {
    if (directory === null) return check();
    const saved = this.cwd;
    this.cwd = changeDirectory(saved, directory);
    try {
      return check();
    } finally {
      this.cwd = saved;
    }
  }

  private checkEnv(args: readonly string[], stdin: Data, depth: number): string | null {
    // -S (also in a cluster, `-iS`) splits its one argument into words.
    const splitAt = args.findIndex(
      (a) => a === "--split-string" || (/^-[a-zA-Z0-9]{0,8}S$/.test(a) && a !== "--"),
    );
    // `-S'STRING'` (the value attached to the option) is the same split string.
    const attachedAt = args.findIndex(
      (a) => /^-[a-zA-RT-Z0-9]{0,8}S./.test(a) && !a.startsWith("--"),
    );
    const attached = args[attachedAt];
    const split =
      splitAt >= 0
        ? (args[splitAt + 1] ?? "")
        : (longValue(args, "split-string") ??
          (attached === undefined ? null : attached.slice(attached.indexOf("S") + 1)));
    if (split !== null) {
      // The arguments after the split string follow unchanged.
      const rest =
        splitAt >= 0
          ? args.slice(splitAt + 2)
          : attachedAt >= 0 && longValue(args, "split-string") === null
            ? args.slice(attachedAt + 1)
            : [];
      return this.checkString([split, ...rest.map(singleQuoted)].join(" "), depth + 1);
    }
    // -a (--argv0) names the program's argv[0]; BSD's -P is the path it is looked up in.
    const at = firstOperand(args, 0, {
      shortWithValue: "uCaP",
      longWithValue: ["unset", "chdir", "argv0"],
    });
    const directory = optionValue(args, at, "C", "chdir");
    // NAME=VALUE words stay in front of the command: checkArgv reads the ones a program runs
    // (`env PAGER='…' man ls`).
    const rest = args.slice(at).filter((a, k) => a !== "-" || k > 0);
    return this.inDirectory(directory, () => this.checkArgv(rest, stdin, depth + 1));
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
      // `sh -n`, `bash -nc …`, `-o noexec`: the shell reads the commands and runs none of them.
      if (arg.startsWith("-") && !arg.startsWith("--") && arg.slice(1).includes("n")) return null;
      if (/^-[a-zA-Z]{0,8}o$/.test(arg) && args[i + 1] === "noexec") return null;
      if (!arg.startsWith("--") && /[oO]$/.test(arg)) i++;
      if (arg === "--rcfile" || arg === "--init-file") i++;
    }
    const operand = args[i];
    if (command && operand !== undefined) {
      // `bash -c 'rm -rf "$1"' _ /`: the words after the string are $0, $1, …
      const positional = args.slice(i + 1, i + 11);
      this.variables.set("0", positional[0] ?? "bash");
      this.setPositional(positional.slice(1));
      return this.checkString(operand, depth + 1);
    }
    if (command) return null;
    const written = this.writtenFile(operand);
    if (written !== undefined) return this.checkScriptFile(operand as string, written, depth);
    if (operand === undefined || isStdinPath(operand) || readsStdin)
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
    name: string,
    args: readonly string[],
    stdin: Data,
    depth: number,
  ): string | null {
    const codeFlags = INTERPRETER_CODE_FLAGS[name] ?? [];
    const plainFlags = Object.hasOwn(INTERPRETER_PLAIN_FLAGS, name)
      ? (INTERPRETER_PLAIN_FLAGS[name] as string)
      : "";
    let code: string | null = null;
    let fromStdin = false;
    let sawOperand = false;
    // Where the script's own arguments (sys.argv[1:], @ARGV, process.argv…) begin.
    let argsFrom = args.length;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      const lower = arg.toLowerCase();
      // The code option alone (`-c`, `--eval`), with the code attached (`-cCODE`), or ending a
      // cluster of options that take no value (`python -Bc`, `perl -wle`, `node -pe`).
      const cluster = codeInCluster(arg, codeFlags, plainFlags);
      const flag =
        cluster ??
        codeFlags.find(
          (f) =>
            lower === f ||
            (f.length === 2 && lower.startsWith(f) && !lower.startsWith("--")) ||
            (f.startsWith("--") && lower.startsWith(`${f}=`)),
        );
      if (flag !== undefined) {
        // `--eval=CODE`: the code follows the `=`.
        const skip = arg[flag.length] === "=" && flag.startsWith("--") ? 1 : 0;
        const attached = arg.length > flag.length ? arg.slice(flag.length + skip) : null;
        const next = attached ?? args[i + 1] ?? "";
        code = code === null ? next : `${code}\n${next}`;
        if (attached === null) i++;
        continue;
      }
      if (!arg.startsWith("-") || arg === "--") {
        sawOperand = true;
        argsFrom = arg === "--" ? i + 1 : i;
        // A script the line wrote, or stdin by its device name: code the precheck can read.
        if (code !== null) break;
        const script = arg === "--" ? (args[i + 1] ?? "") : arg;
        const afterScript = Math.min(arg === "--" ? i + 2 : i + 1, args.length);
        if (script === "/dev/stdin" || script === "/dev/fd/0") {
          sawOperand = false;
          argsFrom = afterScript;
        } else {
          code = this.writtenFile(script) ?? null;
          if (code !== null) argsFrom = afterScript;
        }
        break;
      }
      if (arg === "-") {
        argsFrom = i + 1;
        break;
      }
    }
    if (code === null) {
      // An operand before any code is a script file, which the precheck cannot read.
      if (sawOperand || stdin === null) return null;
      if (!("text" in stdin)) return REASONS.download;
      code = stdin.text;
      fromStdin = true;
    }
    // Code given with -c/-e that reads its input (`sys.stdin`, `$_`, `<>`) reads stdin; code
    // read from stdin has none left.
    const input = fromStdin || !readsItsInput(code.toLowerCase()) ? null : stdin;
    const scriptArgs = args.slice(argsFrom, argsFrom + MAX_SCRIPT_ARGUMENTS);
    return this.checkCode(code, depth, scriptArgs, input);
  }

  /**
   * Interpreter code: every string that could reach a shell, and in-language tree deletes.
   * `scriptArgs` are the words the code receives as its arguments: code that reads them
   * (`shutil.rmtree(sys.argv[1])`, `unlink glob shift`, `"rm -rf " + process.argv[1]`) is
   * judged as if each argument were written where it is read.
   */
  private checkCode(
    code: string,
    depth: number,
    scriptArgs: readonly string[] = [],
    input: Data = null,
  ): string | null {
    if (depth >= MAX_DEPTH) return REASONS.tooDeep;
    const lower = code.toLowerCase();
    if (forksForever(lower)) return REASONS.forkBomb;
    const spelled = spelledOut(code);
    const found = codeStrings(spelled);
    // Each distinct text once: `chr(47)+chr(47)+…` spells the same literal thousands of times.
    const lists = [...new Set(found.lists)];
    const distinct = [...new Set(found.literals)];
    // Text a base64 decoder in the code turns its literals into is a literal of the code too.
    const literals = [...distinct, ...decodedLiterals(lower, distinct)];
    const readsArgs = scriptArgs.length > 0 && readsArguments(lower);
    const argumentDevice = readsArgs && scriptArgs.some(isBlockDevice);
    if (writesDevice(lower, literals, isBlockDevice, argumentDevice)) return REASONS.device;
    if (runsPrograms(lower)) {
      for (const text of [...literals, ...lists]) {
        const reason = this.checkString(withShellHome(text), depth + 1);
        if (reason !== null) return reason;
      }
      // `'rm -rf ' + os.environ['HOME']`, `"rm -rf " .. os.getenv("HOME")`, `'rm -rf %s' %
      // expanduser('~')`: a command the code completes with the home directory.
      if (namesHome(lower)) {
        const prefixes = [...literals.filter((t) => /[ \t]$/.test(t)), ...lists];
        for (const prefix of prefixes.slice(0, MAX_FAN_OUT)) {
          const reason = this.checkString(`${prefix.trimEnd()} ~`, depth + 1);
          if (reason !== null) return reason;
        }
        for (const text of literals.filter((t) => t.includes("%s")).slice(0, MAX_FAN_OUT)) {
          const reason = this.checkString(text.replace("%s", "~"), depth + 1);
          if (reason !== null) return reason;
        }
      }
      // Code inside a string of the code (`exec("os.system('rm -rf /')")`, `eval '…'`,
      // `node -e "… execSync(\"node -e '…'\")"`): each literal that itself runs programs or
      // deletes trees is judged as code one level down. Literals are pieces of the code, and
      // nesting is bounded by MAX_DEPTH, so the work stays linear in the code's length.
      for (const text of literals) {
        const inner = text.toLowerCase();
        if (!runsPrograms(inner) && !deletesTrees(inner)) continue;
        const reason = this.checkCode(text, depth + 1);
        if (reason !== null) return reason;
      }
      // Code that hands its input lines to a shell (`awk '{print | "sh"}'`,
      // `awk '{system($0)}'`, `perl -ne 'system $_'`): stdin is read as commands.
      if (input !== null && "text" in input) {
        const reason = this.checkString(input.text, depth + 1);
        if (reason !== null) return reason;
      }
      if (readsArgs) {
        // A command prefix the code completes with an argument: `'rm -rf ' + sys.argv[1]`,
        // `["rm", "-rf", $ARGV[0]]`; and an argument that is itself a whole command.
        // `subprocess.run(sys.argv[1:])`, `exec @ARGV`: the arguments are themselves an argv.
        const asArgv = this.checkArgv(scriptArgs, null, depth + 1);
        if (asArgv !== null) return asArgv;
        const prefixes = [...literals.filter((t) => /[ \t]$/.test(t)), ...lists];
        for (const arg of scriptArgs) {
          const reason = this.checkString(arg, depth + 1);
          if (reason !== null) return reason;
          for (const prefix of prefixes.slice(0, MAX_FAN_OUT)) {
            const line = `${prefix.trimEnd()} ${singleQuoted(arg)}`;
            const completed = this.checkString(line, depth + 1);
            if (completed !== null) return completed;
          }
        }
      }
    }
    if (deletesTrees(lower)) {
      if (namesHome(lower)) return REASONS.delete;
      // The "~" of `expanduser('~')` is judged with the expression, by namesHome, above.
      const expanded = lower.includes("expanduser(") || lower.includes("path.expand(");
      const targets = expanded ? literals.filter((text) => text !== "~") : literals;
      if (targets.some((text) => this.doomed(text) !== null)) return REASONS.delete;
      if (readsArgs && scriptArgs.some((arg) => this.doomed(arg) !== null)) return REASONS.delete;
    }
    return null;
  }

  /**
   * A makefile read from stdin (`make -f - <<EOF`) or written on this line: each recipe line
   * (a line starting with a tab) is a command make hands to the shell.
   */
  private checkMakefile(args: readonly string[], stdin: Data, depth: number): string | null {
    const file = valueAfter(args, "-f") ?? longValue(args, "file") ?? longValue(args, "makefile");
    let text: string | undefined;
    if (file === "-" || (file !== null && isStdinPath(file)))
      text = stdin !== null && "text" in stdin ? stdin.text : undefined;
    else
      text =
        this.files.get(file ?? "Makefile") ??
        (file === null ? this.files.get("makefile") : undefined);
    // `make SHELL='rm -rf /'`: every recipe line runs as `$(SHELL) -c LINE`, so the value is the
    // start of a command run once per recipe (and the makefile in the directory has recipes).
    for (const value of makeShellValues(args)) {
      const reason = this.checkString(`${value} -c :`, depth + 1);
      if (reason !== null) return reason;
    }
    // `make -E TEXT` / `--eval=TEXT` reads TEXT as a makefile of its own, before the others.
    const evaluated = makeEvalTexts(args);
    if (text !== undefined) evaluated.push(text);
    for (const makefile of evaluated) {
      for (const command of makefileCommands(makefile, 4 * MAX_FAN_OUT)) {
        const reason = this.checkString(command, depth + 1);
        if (reason !== null) return reason;
      }
    }
    return null;
  }

  private checkSed(args: readonly string[], stdin: Data, depth: number): string | null {
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
        // A bare `e` runs the pattern space: each input line, and what an `s` put there.
        if (body.trim() === "e") {
          const reason = this.checkShellInput(stdin, depth);
          if (reason !== null) return reason;
          for (const other of script.split(/[;\n]/)) {
            const replaced = sedSubstitutionFields(other.trim());
            if (replaced === null) continue;
            const made = this.checkString(replaced[1] ?? "", depth + 1);
            if (made !== null) return made;
          }
        }
        // `s/…/REPLACEMENT/e` runs the pattern space, once replaced, as a command.
        const replacement = executedReplacement(body);
        if (replacement !== null) {
          const reason = this.checkString(replacement, depth + 1);
          if (reason !== null) return reason;
        }
      }
    }
    return null;
  }

  private checkXargs(args: readonly string[], input: Data, depth: number): string | null {
    let stdin = input;
    let replace: string | null = null;
    let delimiter: "blank" | "nul" | "line" = "blank";
    let i = 0;
    const withValue = new Set([
      "-I",
      "-J",
      "-n",
      "-L",
      "-P",
      "-d",
      "-s",
      "-a",
      "-E",
      "--delimiter",
      "--arg-file",
      // GNU long options whose value may be the next word (`--max-args 1`).
      "--max-args",
      "--max-procs",
      "--max-chars",
      "--process-slot-var",
    ]);
    for (; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg === "--") {
        i++;
        break;
      }
      if (!arg.startsWith("-")) break;
      // -J is BSD xargs' spelling of -I.
      if (arg === "-I" || arg === "-J") replace = args[i + 1] ?? "{}";
      else if (arg.startsWith("-I") || arg.startsWith("-J")) replace = arg.slice(2);
      else if (arg === "-i" || arg === "--replace") replace = "{}";
      else if (arg.startsWith("-i")) replace = arg.slice(2);
      else if (arg.startsWith("--replace=")) replace = arg.slice(10) || "{}";
      // -a FILE reads the items from FILE: a file written here, or a process substitution's
      // output (which is what the word holds), instead of stdin.
      const argFile =
        arg === "-a" || arg === "--arg-file"
          ? args[i + 1]
          : arg.startsWith("--arg-file=")
            ? arg.slice(11)
            : arg.startsWith("-a")
              ? arg.slice(2)
              : null;
      // `-a /dev/stdin` reads the items from stdin after all (a here-string, a pipe).
      if (argFile !== null && argFile !== undefined && !isStdinPath(argFile))
        stdin = { text: this.files.get(argFile) ?? argFile };
      if (arg === "--null" || /^-[a-zA-Z]{0,6}0$/.test(arg)) delimiter = "nul";
      if (arg === "-d" || arg.startsWith("--delimiter")) delimiter = "line";
      if (withValue.has(arg)) i++;
    }
    const command = args.slice(i);
    if (command.length === 0) return null; // the default command is echo
    const data = stdin !== null && "text" in stdin ? stdin.text : "";
    const lines = data.split(delimiter === "nul" ? "\0" : "\n").filter((l) => l.trim() !== "");
    if (lines.length === 0) return this.checkArgv(command, null, depth + 1);
    const walked = stdin !== null && "text" in stdin && stdin.walk === true;
    if (walked && lines.some((line) => this.doomed(line) !== null)) {
      // `find / | xargs rm -f`: the items are every file under a whole system tree, so even a
      // plain rm (or chmod) of them is the recursive one.
      const program = wrappedProgram(command);
      if (WALK_DELETERS.has(program)) return REASONS.delete;
      if (PERMISSION_PROGRAMS.has(program)) return REASONS.permissions;
    }
    // `… | xargs sh -c`, `… | xargs sudo bash -c`: the items become the shell's command string.
    const shellAt = command.findIndex((a) => SHELLS.has(programName(a)));
    const shellOptions = shellAt < 0 ? [] : command.slice(shellAt + 1);
    const takesString =
      shellOptions.some((a) => /^-[a-z]{0,8}c/.test(a)) &&
      (shellOptions.length <= 2 || shellOptions.every((a) => a.startsWith("-")));
    if (takesString) {
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

  private checkParallel(
    args: readonly string[],
    stdin: Data,
    depth: number,
    options: OptionTable,
  ): string | null {
    const separator = args.findIndex((a) => a === ":::" || a === "::::" || a === ":::+");
    const head = separator < 0 ? args : args.slice(0, separator);
    const at = firstOperand(head, 0, options);
    const command = head.slice(at);
    const directory = optionValue(head, at, null, "workdir") ?? optionValue(head, at, null, "wd");
    return this.inDirectory(directory, () =>
      this.checkParallelRuns({ args, head, command, separator }, stdin, depth),
    );
  }

  private checkParallelRuns(call: ParallelCall, stdin: Data, depth: number): string | null {
    const { head, command } = call;
    // --dry-run prints the jobs instead of running them.
    if (head.includes("--dry-run") || head.includes("--dryrun")) return null;
    // --pipe feeds the input itself to the command's stdin.
    if (head.includes("--pipe") || head.includes("--spreadstdin"))
      return this.checkArgv(command, stdin, depth + 1);
    const sources = this.parallelSources(call, stdin);
    const rows = combinations(sources, MAX_FAN_OUT);
    if (rows.length === 0)
      return command.length === 0 ? null : this.checkString(command.join(" "), depth + 1);
    const several = this.checkParallelSeveral(call, sources, depth);
    if (several !== null) return several;
    const replace = parallelReplacement(head);
    const filled = command.some((a) => hasParallelToken(a, replace));
    for (const row of rows) {
      // parallel hands each input to a shell as one quoted argument of the command, after
      // joining the command's own words with blanks; -q and versions differ on quoting, so
      // both readings are checked.
      for (const value of [singleQuoted, (a: string): string => a]) {
        const values = row.map(value);
        for (const quote of [(a: string): string => a, singleQuoted]) {
          const line =
            command.length === 0
              ? row.join(" ")
              : filled
                ? command.map((a) => quote(fillParallelTokens(a, replace, values))).join(" ")
                : [...command.map(quote), ...values].join(" ");
          const reason = this.checkString(line, depth + 1);
          if (reason !== null) return reason;
        }
      }
    }
    return null;
  }

  /**
   * The inputs of a parallel command, one list per source: each `::: a b` lists its own, each
   * `:::: FILE` names a file of them (one written here, a process substitution, or stdin), and
   * with neither they come from -a FILE or stdin.
   */
  private parallelSources(call: ParallelCall, stdin: Data): string[][] {
    const { args, head, separator } = call;
    const lines = (data: Data): string[] =>
      data !== null && "text" in data
        ? data.text.split(/[\n\0]/).filter((l) => l.trim() !== "")
        : [];
    const fileLines = (file: string): string[] =>
      lines(isStdinPath(file) || file === "-" ? stdin : { text: this.files.get(file) ?? "" });
    if (separator < 0) {
      const argFile = valueAfter(head, "-a") ?? longValue(head, "arg-file");
      return [(argFile !== null ? fileLines(argFile) : lines(stdin)).slice(0, MAX_FAN_OUT)];
    }
    const sources: string[][] = [];
    let files = false;
    for (const arg of args.slice(separator)) {
      if (arg === ":::" || arg === ":::+" || arg === "::::" || arg === "::::+") {
        files = arg.startsWith("::::");
        sources.push([]);
      } else {
        const source = sources[sources.length - 1] as string[];
        if (source.length >= MAX_FAN_OUT) continue;
        source.push(...(files ? fileLines(arg).slice(0, MAX_FAN_OUT) : [arg]));
      }
    }
    return sources.filter((source) => source.length > 0);
  }

  /**
   * -X, -m, --xargs or -N/-n put several inputs on one command line, so an option can arrive
   * among them (`parallel -X rm ::: -rf /`).
   */
  private checkParallelSeveral(
    call: ParallelCall,
    sources: readonly (readonly string[])[],
    depth: number,
  ): string | null {
    const { head, command } = call;
    if (command.length === 0) return null;
    const several = head.some(
      (a) => ["-X", "-m", "--xargs"].includes(a) || /^-[Nn][0-9]{0,4}$|^--max-args/.test(a),
    );
    if (!several) return null;
    const all = sources.flat().slice(0, MAX_FAN_OUT);
    return this.checkString([...command, ...all].join(" "), depth + 1);
  }

  /**
   * fd [OPTIONS] [PATTERN] [PATH…] -x|-X CMD…: with a pattern that matches every name (`.`,
   * `^`, `''`) and nothing narrowing it, the command runs on every entry of the paths, like
   * `find PATH -exec`. The command itself is also checked with the paths as its operands.
   */
  private checkFd(args: readonly string[]): string | null {
    const at = args.findIndex((a) => FD_EXEC.has(a));
    if (at < 0) return null;
    const command = args.slice(at + 1);
    const positionals: string[] = [];
    const searched: string[] = [];
    let narrowed = false;
    for (let k = 0; k < at; k++) {
      const arg = args[k] as string;
      if (FD_NARROWING.has(arg)) {
        narrowed = true;
        k++;
      } else if (arg === "--search-path" || arg === "--base-directory") {
        searched.push(args[k + 1] ?? "");
        k++;
      } else if (FD_WITH_VALUE.has(arg)) k++;
      else if (arg.startsWith("--") && arg.includes("="))
        narrowed ||= !arg.startsWith("--max-depth");
      else if (!arg.startsWith("-")) positionals.push(arg);
    }
    const pattern = positionals[0];
    const paths = [...positionals.slice(1), ...searched];
    if (narrowed || pattern === undefined || !FD_MATCH_ALL.has(pattern)) return null;
    const doomed = paths.some((path) => this.doomed(path) !== null);
    if (!doomed) return null;
    const program = wrappedProgram(command);
    if (WALK_DELETERS.has(program)) return REASONS.delete;
    if (PERMISSION_PROGRAMS.has(program)) return REASONS.permissions;
    return null;
  }

  private checkFind(args: readonly string[], depth: number): string | null {
    // With no start path find walks ".": the working directory a cd may have made known.
    const named = findStartPaths(args);
    const paths = named.length > 0 || this.cwd === null ? named : ["."];
    const filtered = findFilters(args);
    const doomed = paths.some((path) => this.doomed(path) !== null);
    if (doomed && !filtered && args.includes("-delete")) return REASONS.delete;
    const execs = ["-exec", "-execdir", "-ok", "-okdir"];
    const runs = args
      .filter((_a, k) => k > 0 && execs.includes(args[k - 1] as string))
      .map(programName);
    // Unlinking every file under a whole system tree is as final as a recursive delete.
    if (doomed && !filtered && runs.some((program) => WALK_DELETERS.has(program)))
      return REASONS.delete;
    // Every file under a whole system tree re-permissioned is a recursive chmod of it.
    if (doomed && !filtered && runs.some((program) => PERMISSION_PROGRAMS.has(program)))
      return REASONS.permissions;
    if (doomed && !filtered && emptiesEachFile(args, execs)) return REASONS.delete;
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
}

/**
 * npx, bunx, `npm exec`, `pnpm dlx`, `yarn dlx` run a package's program: its argv, or the command
 * string of `npx -c`. Null when this is not such a call.
 */
function packageRunnerCommand(name: string, args: readonly string[]): string[] | string | null {
  let rest: readonly string[];
  if (name === "npx" || name === "bunx" || name === "pnpx") rest = args;
  else if (
    (name === "npm" || name === "pnpm" || name === "yarn" || name === "bun") &&
    (args[0] === "exec" || args[0] === "dlx" || args[0] === "x")
  )
    rest = args.slice(1);
  else return null;
  const command = valueAfter(rest, "-c") ?? valueAfter(rest, "--call") ?? longValue(rest, "call");
  if (command !== null) return command;
  const at = firstOperand(rest, 0, { shortWithValue: "p", longWithValue: ["package", "cache"] });
  return rest.slice(at);
}

/**
 * The working directory a wrapper gives the command it runs, from its options `args[0..end)`:
 * `sudo -D DIR`, `env -C DIR`, `systemd-run --working-directory=DIR`, `unshare --wd=DIR`; a
 * login (`sudo -i`) starts in the user's home, and chroot in the new root.
 */
function wrapperDirectory(name: string, args: readonly string[], end: number): string | null {
  switch (name) {
    case "sudo":
      return (
        optionValue(args, end, "D", "chdir") ??
        (args.slice(0, end).some((a) => a === "--login" || /^-[a-zA-Z]{0,8}i/.test(a)) ? "~" : null)
      );
    case "run0":
      return optionValue(args, end, "D", "chdir");
    case "systemd-run":
      return optionValue(args, end, null, "working-directory");
    case "unshare":
    case "nsenter":
      return optionValue(args, end, "w", "wd");
    case "chroot":
      return "/";
    case "daemonize":
      return optionValue(args, end, "c", null);
    case "chpst":
      return optionValue(args, end, "/", null) === null ? null : "/";
    default:
      return null;
  }
}

/** A parallel command line cut up: all its words, those before the inputs, and its command. */
interface ParallelCall {
  readonly args: readonly string[];
  readonly head: readonly string[];
  readonly command: readonly string[];
  /** Index of the first `:::` or `::::`, or -1. */
  readonly separator: number;
}

/**
 * The fields of a sed `s` command after its delimiter (pattern, replacement, flags, and an empty
 * fourth when another delimiter follows), with escaped delimiters unescaped; null when the
 * command is not an `s` command.
 */
function sedSubstitutionFields(command: string): string[] | null {
  if (command[0] !== "s" || command.length < 4) return null;
  const delimiter = command[1] as string;
  const parts: string[] = [""];
  for (let k = 2; k < command.length && parts.length <= 3; k++) {
    const c = command[k] as string;
    if (c === "\\" && k + 1 < command.length) {
      const next = command[k + 1] as string;
      parts[parts.length - 1] += next === delimiter ? next : c + next;
      k++;
    } else if (c === delimiter) parts.push("");
    else parts[parts.length - 1] += c;
  }
  return parts;
}

/** The replacement of a sed `s` command that carries the `e` flag, unescaped; else null. */
function executedReplacement(command: string): string | null {
  const parts = sedSubstitutionFields(command);
  if (parts === null) return null;
  return parts.length >= 3 && (parts[2] ?? "").includes("e") ? (parts[1] as string) : null;
}

// Filters whose output is their input, reshaped only in ways a shell reading it does not notice.
// Each with the short options that take a value.
const PASS_THROUGH: Readonly<Record<string, string>> = {
  fold: "w",
  column: "cstoNRWHJdl",
  iconv: "ftco",
  expand: "t",
  unexpand: "t",
  dos2unix: "",
  unix2dos: "",
  envsubst: "",
  pv: "LBsNiwHE",
  // Cut a column, refill paragraphs, list the printable strings: the text of a command line
  // survives each (cut keeps at most what it is given, which is judged whole).
  cut: "bcdf",
  fmt: "wpg",
  strings: "nte",
  buffer: "sbtpm",
  mbuffer: "sbmpPtiofl",
};
// Interpreter code that reads its standard input.
const READS_STDIN_CODE = /stdin|readlines|\binput\(|\bgets\b|\bcat\b/;

// Perl's current line and `<>`, Ruby's ARGF: code given with -c/-e that reads its input,
// besides READS_STDIN_CODE's calls (awk always reads its input and is not asked). Lower-cased.
const INPUT_READS = ["$_", "<>", "argf"];

/**
 * The option a cluster like `-Bc` or `-wle` ends in, as the prefix of `arg` up to and including
 * that code option's letter (so the rest of `arg` is code attached to it), or undefined when
 * `arg` is not such a cluster.
 */
function codeInCluster(
  arg: string,
  codeFlags: readonly string[],
  plainFlags: string,
): string | undefined {
  if (arg.length < 3 || arg[0] !== "-" || arg[1] === "-") return undefined;
  let k = 1;
  while (k < arg.length && plainFlags.includes(arg[k] as string)) k++;
  if (k === 1 || k >= arg.length || !codeFlags.includes(`-${arg[k]}`)) return undefined;
  return arg.slice(0, k + 1);
}

function readsItsInput(lowerCode: string): boolean {
  return READS_STDIN_CODE.test(lowerCode) || INPUT_READS.some((f) => lowerCode.includes(f));
}

/**
 * `-exec cp /dev/null {} \;`, `-exec dd if=/dev/zero of={} \;`, `-exec tee {} < /dev/null`:
 * each file find visits is overwritten with nothing, as final as deleting it.
 */
function emptiesEachFile(args: readonly string[], execs: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    if (!execs.includes(args[i] as string)) continue;
    const program = programName(args[i + 1] ?? "");
    const rest = args.slice(i + 2, i + 12);
    const end = rest.findIndex((a) => a === ";" || a === "+");
    const words = end < 0 ? rest : rest.slice(0, end);
    if (program === "cp" || program === "install") {
      const operands = words.filter((a) => !a.startsWith("-"));
      if (operands.some((a) => EMPTY_SOURCES.has(a)) && operands[operands.length - 1] === "{}")
        return true;
    }
    if (program === "dd" && words.includes("of={}")) return true;
  }
  return false;
}

const FD_EXEC = new Set(["-x", "-X", "--exec", "--exec-batch"]);
// fd options that narrow what is matched, and other options that take a value.
const FD_NARROWING = new Set([
  ...["-e", "--extension", "-g", "--glob", "-E", "--exclude", "-S", "--size"],
  ...["--changed-within", "--changed-before", "-o", "--owner"],
]);
const FD_WITH_VALUE = new Set([
  ...["-t", "--type", "-d", "--max-depth", "--min-depth", "--exact-depth", "-j", "--threads"],
  ...["--color", "-c", "--path-separator"],
]);
const FD_MATCH_ALL = new Set([".", "^", "", ".*", "^.*"]);
const EMPTY_SOURCES = new Set(["/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"]);

/** What basename prints for a path: its last segment, or "/" for the root. */
function baseName(path: string): string {
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const trimmed = path.slice(0, end);
  if (trimmed === "/") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/**
 * One sed `s` command applied to every line when its pattern is a literal (optionally anchored
 * with ^ or $): `s|X|/|`, `s/^/rm -rf /`. Null for anything else, which the caller treats as
 * unknown output. Plain string operations: the pattern is never compiled.
 */
function literalSubstitution(command: string, text: string): string | null {
  const parts = sedSubstitutionFields(command);
  if (parts === null || parts.length !== 3) return null;
  const [rawPattern = "", replacement = "", flags = ""] = parts;
  if (!/^[gp0-9]{0,4}$/.test(flags) || /[&\\]/.test(replacement)) return null;
  const start = rawPattern.startsWith("^");
  const end = rawPattern.endsWith("$") && rawPattern.length > (start ? 1 : 0);
  const pattern = rawPattern.slice(start ? 1 : 0, end ? -1 : undefined);
  if (/[\\.*[\]^$+?(){}|]/.test(pattern)) return null;
  const global = flags.includes("g") && !start && !end;
  return text
    .split("\n")
    .map((line) => {
      if (start && end) return line === pattern ? replacement : line;
      if (start) return line.startsWith(pattern) ? replacement + line.slice(pattern.length) : line;
      if (end)
        return line.endsWith(pattern)
          ? line.slice(0, line.length - pattern.length) + replacement
          : line;
      if (pattern === "") return line;
      return global
        ? line.split(pattern).join(replacement)
        : line.replace(pattern, () => replacement);
    })
    .join("\n");
}

/** What printf prints: the format with its conversions filled in, escapes decoded. */
function printfOutput(args: readonly string[]): string {
  const format = args[0] ?? "";
  if (!format.includes("%")) return decodeEscapes(args.join(" "));
  const rest = args.slice(1);
  // printf reuses its format until the arguments run out: `printf '%s\n' a b` prints two lines.
  let out = "";
  for (let pass = 0; pass < MAX_FAN_OUT && (pass === 0 || rest.length > 0); pass++) {
    const before = rest.length;
    out += format.replace(/%[-0-9]{0,4}[sdbcq]/g, () => rest.shift() ?? "");
    if (rest.length === before) break;
  }
  return decodeEscapes(out);
}

const LONE_FIELDS = new WeakMap<Word, readonly string[]>();

/** The argv of a command that is one literal word. */
function loneField(word: Word): readonly string[] {
  // Only the lexer's shared words (frozen) recur; any other word is met once.
  if (!Object.isFrozen(word)) return [word.text];
  let argv = LONE_FIELDS.get(word);
  if (argv === undefined) {
    argv = Object.freeze([word.text]);
    LONE_FIELDS.set(word, argv);
  }
  return argv;
}

/** Whether a program among the first words may read its input as code or arguments. */
function readsStdin(argv: readonly string[]): boolean {
  for (let k = 0; k < argv.length && k < 8; k++)
    if (STDIN_READERS.has(programName(argv[k] as string))) return true;
  return false;
}

/**
 * The key a command without redirections is remembered by (memo.ts), or null when it cannot be:
 * only literal words, and no program that reads its input, so that its verdict rests on its
 * words and the checker's state alone, not on the stage piping into it.
 */
function memoKey(words: readonly Word[]): string | null {
  if (words.length === 0 || words.length > MAX_REMEMBERED_WORDS) return null;
  // NUL separates the words of a key, so a word holding one has no unambiguous key.
  // One word, the common case, needs no list.
  if (words.length === 1) {
    const word = words[0] as Word;
    if (!isLiteralField(word) || word.text.includes("\0")) return null;
    return STDIN_READERS.has(programName(word.text)) ? null : word.text;
  }
  const texts: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const word = words[k] as Word;
    if (!isLiteralField(word) || word.text.includes("\0")) return null;
    texts.push(word.text);
  }
  if (readsStdin(texts)) return null;
  return texts.join("\0");
}

/** A word the shell passes on as it stands: no substitution, variable or brace list. */
function isLiteralField(word: Word): boolean {
  return (
    word.parts === null &&
    word.literalTilde !== true &&
    !word.text.includes("$") &&
    !word.text.includes("{")
  );
}

// `${NAME:-`, `${NAME=`, `${NAME+`, `${NAME[`: a parameter expansion that can supply a value.
const HAS_OPERATOR = /\$\{[A-Za-z0-9_@*]{1,64}(?::?[-=+]|\[|:0?:|%)/;
// Builtins that bind variables to lines of their input.
const READERS = new Set(["read", "mapfile", "readarray"]);
/** What dirname(1) prints for a path: "/usr/bin" → "/usr", "/etc" → "/", "name" → ".". */
function parentDirectory(path: string): string {
  // The home directory by name (`~`, `$HOME`, `${HOME}`): its parent is above it, not ".".
  if (/^(?:~|\$HOME|\$\{HOME\})\/{0,1}$/.test(path)) return `${path.replace(/\/$/, "")}/..`;
  // The working directory by name is an absolute path we do not know: its parent is "..".
  if (/^(?:\$PWD|\$\{PWD\}|~\+)\/{0,1}$/.test(path)) return `${path.replace(/\/$/, "")}/..`;
  let end = path.length;
  while (end > 1 && path[end - 1] === "/") end--;
  const slash = path.lastIndexOf("/", end - 1);
  if (slash < 0) return ".";
  let cut = slash;
  while (cut > 0 && path[cut - 1] === "/") cut--;
  return cut === 0 ? "/" : path.slice(0, cut);
}

/** The KEY and VALUE words of `git config [options] KEY VALUE`. */
function gitConfigOperands(args: readonly string[]): string[] {
  const withValue = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment"]);
  const operands: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (withValue.has(arg)) k++;
    else if (!arg.startsWith("-")) operands.push(arg);
  }
  return operands;
}

const DISK_LISTERS = new Set(["lsblk", "blkid", "findmnt"]);

/**
 * Which decoding a command does to its input: `base64 -d`, `base32 -d`, and base64 by other
 * decoders (`openssl base64 -d`, `openssl enc -d -base64`, `python3 -m base64 -d`); null for
 * any other command.
 */
function base64Decoder(name: string, args: readonly string[]): "base64" | "base32" | null {
  if (name === "base64" || name === "base32")
    return args.some((a) => a === "--decode" || /^-[a-zA-Z]{0,4}[dD]/.test(a)) ? name : null;
  if (!args.some((a) => a === "-d" || a === "--decode" || a === "-decode")) return null;
  if (name === "openssl" && args.some((a) => /^-?(?:base64|a)$/.test(a))) return "base64";
  return name === "python" && args[0] === "-m" && args[1] === "base64" ? "base64" : null;
}
const COMPRESSORS = new Set(["gzip", "gunzip", "zcat", "bzip2", "bunzip2", "xz", "unxz", "zstd"]);

// env's options that take a value, for reading past them to the program it runs.
const ENV_OPTIONS: OptionTable & { readonly operandsBefore?: number } = {
  shortWithValue: "uCS",
  longWithValue: ["unset", "chdir", "split-string"],
};

// Programs whose operands the essential-file rules read as paths.
const RESOLVED_OPERANDS = new Set(["rm", "srm", "unlink", "shred", "truncate", "cp", "mv", "ln"]);

// Programs that delete or destroy each file they are given.
// truncate empties each one, which for every file of a system tree is as final.
const WALK_DELETERS = new Set(["rm", "srm", "unlink", "shred", "rimraf", "truncate", "wipe"]);

/** The program a command runs once the wrappers in front of it (`sudo -u root`, `nice`) are read. */
function wrappedProgram(command: readonly string[]): string {
  let k = 0;
  for (let hops = 0; hops < 8 && k < command.length; hops++) {
    const name = programName(command[k] as string);
    const table = WRAPPERS[name];
    if (table === undefined) return name;
    k = firstOperand(command, k + 1, table) + (table.operandsBefore ?? 0);
  }
  return k < command.length ? programName(command[k] as string) : "";
}
const PERMISSION_PROGRAMS = new Set(["chmod", "chown", "chgrp", "setfacl", "chattr"]);
const DECLARATIONS = new Set(["export", "declare", "typeset", "local", "readonly"]);

/** The value of a short option letter, also inside a cluster: `-c CMD`, `-lc CMD`, `-cCMD`. */
function clusteredValue(args: readonly string[], letter: string): string | null {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--") return null;
    if (!arg.startsWith("-") || arg.startsWith("--")) continue;
    const at = arg.indexOf(letter, 1);
    if (at < 0) continue;
    return at === arg.length - 1 ? (args[i + 1] ?? null) : arg.slice(at + 1);
  }
  return null;
}

// Environment variables whose value a program runs as a command line.
const COMMAND_VARIABLES = new Set([
  "GIT_PAGER",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_SSH_COMMAND",
  "GIT_EXTERNAL_DIFF",
  "GIT_ASKPASS",
  "GIT_PROXY_COMMAND",
  "SSH_ASKPASS",
  "PAGER",
  "MANPAGER",
  "EDITOR",
  "VISUAL",
  "SYSTEMD_PAGER",
  "PROMPT_COMMAND",
  // less runs LESSOPEN (after a leading "|") and LESSCLOSE through the shell for each file.
  "LESSOPEN",
  "LESSCLOSE",
]);

const STARTUP_FILE_VARIABLES = new Set(["BASH_ENV", "ENV"]);
// Variables the shell expands before use (prompts, xtrace's prefix, sh's ENV), substitutions and
// all: a `$(…)` quoted into one runs when it is shown.
const EXPANDED_VARIABLES = new Set(["PS0", "PS1", "PS2", "PS4", "ENV"]);
// git's options (before the subcommand) that take the next word as their value.
const NO_VALUES: readonly string[] = Object.freeze([]);

/** A file name with `$PWD/`, `./`, `.` and `..` resolved lexically, for comparing two names. */
function lexicalPath(path: string): string {
  const here = /^(?:\$PWD|\$\{PWD\})\//.exec(path);
  const rest = here === null ? path : path.slice(here[0].length);
  const segments: string[] = [];
  for (const segment of rest.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === ".." && segments.length > 0 && segments[segments.length - 1] !== "..")
      segments.pop();
    else segments.push(segment);
  }
  return (rest.startsWith("/") ? "/" : "") + segments.join("/");
}

/**
 * What `cut -d X -f N` prints from known input: field N of each line. Undefined for other
 * forms (ranges, lists, files), which the filters' pass-through judges whole.
 */
function cutFields(args: readonly string[], stdin: () => Data): Data | undefined {
  const delimiter = optionValue(args, args.length, "d", "delimiter");
  const field = optionValue(args, args.length, "f", "fields");
  if (
    delimiter === null ||
    delimiter.length !== 1 ||
    field === null ||
    !/^[1-9][0-9]?$/.test(field)
  )
    return undefined;
  const data = stdin();
  if (data === null || !("text" in data)) return data;
  const n = Number(field) - 1;
  const lines = data.text.slice(0, 1 << 16).split("\n");
  return { text: lines.map((line) => line.split(delimiter)[n] ?? "").join("\n") };
}
