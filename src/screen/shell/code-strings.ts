// Commands hidden inside interpreter one-liners: `python -c "os.system('rm -rf /')"`,
// `perl -e 'system("…")'`, `awk '{system("…")}'`. The precheck does not parse these languages;
// when the code can run a shell at all, each string literal in it (and each run of adjacent
// literals in a list, the argv form of subprocess calls) is checked as a command. Code that
// never calls out to a shell is left alone, so printing the text of a command is not a hit.

// Lower-case fragments through which the common interpreters start a program.
const RUNS_PROGRAMS = [
  "system",
  "popen",
  "exec",
  "spawn",
  "subprocess",
  "shell",
  "passthru",
  "call(",
  "run(",
  "check_output",
  "`",
  "%x",
  "qx",
  "getline",
  '| "',
  '|"',
  "process.",
  "child_process",
];

// Fragments that delete a directory tree from inside a language.
const DELETES_TREES = [
  "rmtree",
  "rm_rf",
  "rm_r",
  "remove_tree",
  "rmsync",
  "rmdirsync",
  "recursive",
  "removedirs",
  "deletedirectory",
  "remove_dir_all",
  "unlink(",
  // Perl's list operator without parentheses: `unlink glob "/*"`.
  "unlink ",
];

// Ways to name the home directory inside code.
const HOME_EXPRESSIONS = [
  "path.home()",
  'expanduser("~")',
  "expanduser('~')",
  "homedir()",
  "environ['home']",
  'environ["home"]',
  "getenv('home')",
  'getenv("home")',
  "env['home']",
  'env["home"]',
  'sys.getenv("home")',
  "$env{home}",
  'path.expand("~")',
  // Ruby's Dir.home.
  "dir.home",
  "environ.get('home')",
  'environ.get("home")',
  "env.home",
  "env.get('home')",
  'env.get("home")',
  "fetch('home')",
  'fetch("home")',
];

// How the common interpreters read their command-line arguments, lower-cased: Python's
// sys.argv, Perl's @ARGV and bare shift, Node's and PHP's argv, Ruby's ARGV, Lua's arg[n],
// Deno.args, R's commandArgs(), Tcl's $argv.
const ARGUMENT_READS = ["argv", "shift", "arg[", "args", "commandargs", "$_[", "@_"];

export function readsArguments(lowerCode: string): boolean {
  return ARGUMENT_READS.some((fragment) => lowerCode.includes(fragment));
}

// Calls and flags through which code writes a file it names, lower-cased.
const WRITE_CALLS = [
  ...["writefile", "write_bytes", "write_text", "createwritestream", "openwrite", "o_wronly"],
  ...["o_rdwr", "file_put_contents", "io.open", "syswrite", "binwrite"],
];
// open() modes that write: Python, Ruby, PHP, C, Lua ("w", "wb+", "r+"), and Perl's ">", "+<".
const WRITE_MODE = /^(?:[wa]b?\+?|[wa]\+b|r\+b?|rb\+|\+?>{1,2}|\+<)$/;
// A Perl two-argument open names the mode in front of the path: ">/dev/sda", "+< /dev/sda".
const PERL_MODE_PREFIX = /^(?:\+?>{1,2}|\+<) {0,4}/;

/**
 * True when code opens one of its string literals for writing and that literal names a block
 * device: `open('/dev/sda', 'wb')`, `fs.writeFileSync('/dev/sda', …)`, `open(F, ">/dev/sda")`.
 */
export function writesDevice(
  lowerCode: string,
  literals: readonly string[],
  isDevice: (path: string) => boolean,
  argumentDevice: boolean,
): boolean {
  // A device given as an argument (`open(sys.argv[1], "wb")`) has no place in the code: any
  // write in it counts.
  if (argumentDevice && (literals.some((t) => WRITE_MODE.test(t)) || writeCallIn(lowerCode)))
    return true;
  for (let k = 0; k < literals.length; k++) {
    const text = literals[k] as string;
    const prefix = PERL_MODE_PREFIX.exec(text);
    if (prefix !== null && isDevice(text.slice(prefix[0].length))) return true;
    if (!isDevice(text)) continue;
    // The mode right after the path (`open(dev, 'wb')`) or right before it (Perl's
    // `open($f, '>', dev)`), or a write call next to the path: reading a disk into a file
    // (`open('out','wb').write(open('/dev/sda','rb').read())`) is not a write of the disk.
    if (WRITE_MODE.test(literals[k + 1] ?? "") || /^\+?>{1,2}$|^\+<$/.test(literals[k - 1] ?? ""))
      return true;
    const at = lowerCode.indexOf(text.toLowerCase());
    if (at >= 0 && writeCallIn(lowerCode.slice(Math.max(0, at - 24), at + text.length + 32)))
      return true;
  }
  return false;
}

function writeCallIn(lowerCode: string): boolean {
  return WRITE_CALLS.some((f) => lowerCode.includes(f));
}

export function runsPrograms(lowerCode: string): boolean {
  return RUNS_PROGRAMS.some((fragment) => lowerCode.includes(fragment));
}

export function deletesTrees(lowerCode: string): boolean {
  return DELETES_TREES.some((fragment) => lowerCode.includes(fragment));
}

/**
 * Whether the code names the home directory itself somewhere, not only a path under it: an
 * expression of HOME_EXPRESSIONS not joined onto (`join(home, '.cache')`, `Path.home() /
 * 'x'`, `home + '/x'`, `"${HOME}/x"`).
 */
export function namesHome(lowerCode: string): boolean {
  for (const fragment of HOME_EXPRESSIONS) {
    let at = lowerCode.indexOf(fragment);
    while (at >= 0) {
      if (!joinedOnto(lowerCode, at, at + fragment.length)) return true;
      at = lowerCode.indexOf(fragment, at + fragment.length);
    }
  }
  return false;
}

// Calls that build a path from parts: the home is only the first of them.
const PATH_BUILDERS = ["join(", "joinpath(", "file.path(", "resolve("];

function joinedOnto(code: string, start: number, end: number): boolean {
  let k = end;
  while (
    k < code.length &&
    (code[k] === " " || code[k] === ")" || code[k] === "'" || code[k] === '"')
  )
    k++;
  const next = code[k];
  if (next === "/" || next === "+" || next === ".") return true;
  if (next === "}" && code[k + 1] === "/") return true;
  if (next !== ",") return false;
  const before = code.slice(Math.max(0, start - 48), start);
  return PATH_BUILDERS.some((builder) => before.includes(builder));
}

/**
 * A string literal of code with the home directory written the interpreter's way inside it
 * (`"rm -rf $ENV{HOME}"`, `` `rm -rf ${process.env.HOME}` ``, `"#{Dir.home}"`) rewritten as
 * the shell writes it, so the literal reads as the command it runs.
 */
export function withShellHome(literal: string): string {
  if (!literal.includes("{")) return literal;
  return literal
    .replaceAll("$ENV{HOME}", "$HOME")
    .replaceAll("${process.env.HOME}", "$HOME")
    .replaceAll('#{ENV["HOME"]}', "$HOME")
    .replaceAll("#{Dir.home}", "$HOME");
}

export function forksForever(lowerCode: string): boolean {
  const forks = lowerCode.split("fork").length - 1;
  // Starting processes in a loop that never ends exhausts the process table as surely.
  if (forks === 0) return SPAWNS.some((s) => lowerCode.includes(s)) && loopsForever(lowerCode);
  // `fork for 1..64`, `64.times { fork }`, `[os.fork() for i in range(100)]`: every child runs
  // the rest of the loop too, so n turns make 2^n processes. A child that exits or execs is a
  // worker pool, and a handful of turns (`range(2)`) a handful of processes.
  const bounded = BOUNDED_LOOPS.some((l) => lowerCode.includes(l));
  if (bounded && !CHILD_LEAVES.some((l) => lowerCode.includes(l)) && loopTurns(lowerCode) >= 16)
    return true;
  if (forks >= 2 && lowerCode.includes("while")) return true; // fork while fork
  return loopsForever(lowerCode);
}

function loopsForever(lowerCode: string): boolean {
  if (
    ["while true", "while 1", "while(1)", "while (1)", "for(;;)", "for (;;)", "loop {"].some((f) =>
      lowerCode.includes(f),
    )
  )
    return true;
  // Spacing aside: `while True :`, `for _ in iter(int, 1)`, `itertools.count()`, `loop do`.
  const compact = lowerCode.replace(/[ \t\r\n]/g, "");
  return ENDLESS_LOOPS.some((f) => compact.includes(f));
}

// Calls that start a process.
const SPAWNS = ["spawn(", "popen(", "spawnsync(", "execfile(", "system(", "subprocess.run("];
// Loops with an end, in the interpreters' own spellings.
const BOUNDED_LOOPS = [" for ", "for(", "for (", ".times", " range(", "..", ".each", "foreach"];
const CHILD_LEAVES = ["exit", "exec", "wait", "kill", "join"];

/** The largest count a loop of the code names (`range(100)`, `64.times`, `1..64`), or Infinity. */
function loopTurns(lowerCode: string): number {
  let most = -1;
  for (const match of lowerCode.matchAll(LOOP_COUNTS)) {
    most = Math.max(most, Number(match[1] ?? match[2] ?? match[3] ?? 0));
    if (most >= 16) break;
  }
  return most < 0 ? Infinity : most;
}
const LOOP_COUNTS = /range\(([0-9]{1,6})\)|([0-9]{1,6})\.times|\.\.([0-9]{1,6})/g;

// Loops and iterators that never end, written without blanks.
const ENDLESS_LOOPS = [
  ...["whiletrue:", "while1:", "while(true)", "iter(int,1)", "itertools.count(", "loopdo"],
  ...["repeat(none)", "whilenot0:", "until(false)"],
];

const QUOTE_LIKE_CLOSERS: Readonly<Record<string, string>> = {
  "(": ")",
  "{": "}",
  "[": "]",
  "<": ">",
  "|": "|",
  "/": "/",
  "!": "!",
};

const LIST_SEPARATORS = new Set([",", " ", "\t", "[", "]"]);

export interface CodeStrings {
  /** Each string literal's content. */
  readonly literals: readonly string[];
  /** Runs of two or more literals separated only by commas and blanks, joined by spaces. */
  readonly lists: readonly string[];
}

// What may stand between two literals that are joined into one string: `+` (most languages),
// `.` (Perl, PHP), `..` (Lua); or that format the second into the first.
// `+`, `.`, `..`, or (Python's implicit concatenation, `'/et' 'c'`) nothing but blanks.
const CONCATENATION = /^[ \t]{0,8}(?:\+|\.{1,2})?[ \t]{0,8}$/;
const PERCENT_FORMAT = /^[ \t]{0,8}%[ \t]{0,8}\(?[ \t]{0,8}$/;
const DOT_FORMAT = /^\.format\([ \t]{0,8}$/;
const MAX_JOINED = 4096;

/** String literals of code in any of the usual quote styles, found in one pass. */
export function codeStrings(code: string): CodeStrings {
  const literals: string[] = [];
  const lists: string[] = [];
  let run: string[] = [];
  let afterLiteral = -1;
  let lastEnd = -1;
  let joined = "";
  let pieces = 0;
  let i = 0;
  const closeRun = (): void => {
    if (run.length >= 2) lists.push(run.join(" "));
    run = [];
  };
  while (i < code.length) {
    const quote = code[i] as string;
    // Perl's qx(...) and Ruby's %x(...) run their contents as a shell command.
    const closer = QUOTE_LIKE_CLOSERS[code[i + 2] ?? ""];
    if ((code.startsWith("qx", i) || code.startsWith("%x", i)) && closer !== undefined) {
      const end = code.indexOf(closer, i + 3);
      const stop = end === -1 ? code.length : end;
      literals.push(code.slice(i + 3, stop));
      i = stop + 1;
      continue;
    }
    if (quote !== "'" && quote !== '"' && quote !== "`") {
      // `spawn('rm', ['-rf', '/'])`: a bracket between literals still continues the argv.
      if (afterLiteral >= 0 && !LIST_SEPARATORS.has(quote)) {
        closeRun();
        afterLiteral = -1;
      }
      i++;
      continue;
    }
    let j = i + 1;
    let text = "";
    while (j < code.length && code[j] !== quote) {
      if (code[j] === "\\" && j + 1 < code.length) {
        const e = code[j + 1] as string;
        text += e === "n" ? "\n" : e === "t" ? "\t" : e;
        j += 2;
      } else {
        text += code[j];
        j++;
      }
    }
    literals.push(text);
    // `'rm -rf ' + '/'`, `"r" . "m -rf /"`, `'rm -rf %s' % '/'`, `'rm -rf {}'.format('/')`:
    // literals joined or formatted into one string make the command that string holds. The
    // whole run is kept once, when it ends, so a long chain costs its length, not its square.
    const gap = lastEnd >= 0 ? code.slice(lastEnd, i) : null;
    if (gap !== null && joined.length < MAX_JOINED && CONCATENATION.test(gap)) {
      joined += text;
      pieces++;
    } else if (gap !== null && joined.length < MAX_JOINED && PERCENT_FORMAT.test(gap)) {
      joined = joined.replace(/%[sd]/, () => text);
      pieces++;
    } else if (gap !== null && joined.length < MAX_JOINED && DOT_FORMAT.test(gap)) {
      joined = joined.replace(/\{[0-9]{0,2}\}/, () => text);
      pieces++;
    } else {
      if (pieces > 1) literals.push(joined);
      joined = text;
      pieces = 1;
    }
    lastEnd = j + 1;
    if (afterLiteral < 0) closeRun();
    run.push(text);
    afterLiteral = j + 1;
    i = j + 1;
  }
  closeRun();
  if (pieces > 1) literals.push(joined);
  return { literals, lists };
}

// Words a one-liner that only prints string literals is made of, besides the literals.
const PRINT_WORDS = new Set([
  ...["print", "puts", "say", "echo", "printf", "println", "writeln", "console.log", "BEGIN"],
  ...["process.stdout.write", "sys.stdout.write", "import", "sys", "use", "strict", "warnings"],
  ...["System.out.println", "io.write", "end", "flush", "True", "file"],
]);

/**
 * What a one-liner prints when it does nothing but print string literals
 * (`print("…")`, `console.log('…')`, `BEGIN { print "…" }`): the literals, one per line. Null
 * when the code does anything else, whose output the precheck cannot know.
 */
export function printedLiterals(code: string): string | null {
  const { literals } = codeStrings(code);
  if (literals.length === 0) return null;
  let rest = "";
  let i = 0;
  while (i < code.length) {
    const quote = code[i] as string;
    if (quote !== "'" && quote !== '"' && quote !== "`") {
      rest += quote;
      i++;
      continue;
    }
    let j = i + 1;
    while (j < code.length && code[j] !== quote) j += code[j] === "\\" ? 2 : 1;
    rest += " ";
    i = j + 1;
  }
  const words = rest.match(/[A-Za-z_][A-Za-z0-9_.]*/g) ?? [];
  return words.every((word) => PRINT_WORDS.has(word)) ? literals.join("\n") : null;
}

/**
 * The code with what spells a string without a literal written as one: `chr(47)` and
 * `String.fromCharCode(114, 109)` as the characters, `os.sep` as '/', and Perl's `qw(…)` and
 * Ruby's `%w(…)` word lists as lists of literals. codeStrings then finds, joins and lists them
 * as it does any literal. Each rewrite is one pass of native searches; the text only shrinks or
 * stays the same length up to a constant per rewrite.
 */
export function spelledOut(code: string): string {
  let out = code;
  if (out.includes("chr(")) out = out.replace(/chr\(([0-9]{1,3})\)/g, charLiteral);
  if (out.includes("fromCharCode("))
    out = out.replace(/fromCharCode\(([0-9, ]{1,512})\)/g, codesLiteral);
  if (out.includes("os.sep")) out = out.replaceAll("os.sep", "'/'");
  if (out.includes("qw") || out.includes("%w")) out = out.replace(WORD_LIST, wordsLiteral);
  return out;
}

const WORD_LIST = /(?:qw|%w)[([{]([^)\]}]{0,512})[)\]}]/g;

function charLiteral(_match: string, code: string): string {
  const c = String.fromCharCode(Number(code));
  return c === "'" || c === "\\" ? _match : `'${c}'`;
}

function codesLiteral(_match: string, codes: string): string {
  const text = codes
    .split(",")
    .map((n) => String.fromCharCode(Number(n.trim())))
    .join("");
  return text.includes("'") || text.includes("\\") ? _match : `('${text}')`;
}

function wordsLiteral(_match: string, words: string): string {
  const list = words.split(/[ \t\n]+/).filter((w) => w !== "" && !w.includes("'"));
  return `[${list.map((w) => `'${w}'`).join(", ")}]`;
}

// Calls that decode base64, in the usual interpreters.
const BASE64_DECODERS = ["b64decode", "'base64'", '"base64"', "atob(", "decode_base64", "unpack("];
const BASE64_TEXT = /^[A-Za-z0-9+/]{8,4096}={0,2}$/;

/** The literals a base64 decoder in the code would turn into text, decoded. */
export function decodedLiterals(lowerCode: string, literals: readonly string[]): string[] {
  if (!BASE64_DECODERS.some((d) => lowerCode.includes(d))) return [];
  return literals
    .filter((t) => t.length % 4 === 0 && BASE64_TEXT.test(t))
    .slice(0, 64)
    .map((t) => Buffer.from(t, "base64").toString("utf8"));
}
