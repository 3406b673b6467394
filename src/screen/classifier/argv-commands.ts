// Commands handed to a process runner as an argv list (`subprocess.run(["iptables", "-F"])`,
// `os.execvp("pkill", ["pkill", "-f", "sshd"])`, R's `system2("rm", args = c("-rf", "/"))`),
// written out as the command lines they run, so the signatures that read command strings see
// them: a list spells the same command as the string, and must not hide it.
//
// Linear: each call site is read once, up to a bounded number of characters.
import { isIdentChar, type CodeContext, type Literal } from "./scan.js";

// Runners whose first argument is an argv list, by the name the call is written with (a module
// prefix such as `subprocess.` or `os.` is read off first). R's system2 takes the command, then
// its arguments.
const LIST_RUNNERS: ReadonlySet<string> = new Set([
  "run",
  "call",
  "popen",
  "check_call",
  "check_output",
  "execv",
  "execvp",
  "execve",
  "execvpe",
  "spawnv",
  "spawnvp",
  "create_subprocess_exec",
  "processx::run",
]);
const MAX_SITES = 64;
const MAX_SPAN = 600;
const MAX_ELEMENTS = 32;
const MAX_NAME = 40;

/** The command lines the Cell runs as argv lists, one per line (lower case), or "". */
export function argvCommandLines(ctx: CodeContext): string {
  const lower = ctx.lower;
  const lines: string[] = [];
  let sites = 0;
  // Every "[" that opens a call's first argument: the list literals are few, the calls many.
  for (
    let at = lower.indexOf("[");
    at !== -1 && sites < MAX_SITES;
    at = lower.indexOf("[", at + 1)
  ) {
    const open = openParenBefore(lower, at);
    if (open < 0 || !LIST_RUNNERS.has(calledName(lower, open))) continue;
    sites += 1;
    const line = commandAt(ctx, open);
    if (line !== null) lines.push(line);
  }
  for (
    let at = lower.indexOf("system2(");
    at !== -1 && sites < MAX_SITES;
    at = lower.indexOf("system2(", at + 8)
  ) {
    sites += 1;
    const line = commandAt(ctx, at + 7);
    if (line !== null) lines.push(line);
  }
  return lines.join("\n");
}

/**
 * The "(" of the call whose argument list `at` opens: just before it with only blanks between,
 * or before one string literal and a comma (`os.execvp("pkill", ["pkill", …])`); else -1.
 */
function openParenBefore(lower: string, at: number): number {
  let i = skipBlanksBack(lower, at - 1, at - 8);
  if (lower[i] === "(") return i;
  if (lower[i] !== ",") return -1;
  i = skipBlanksBack(lower, i - 1, i - 8);
  const quote = lower[i];
  if (quote !== '"' && quote !== "'") return -1;
  const opening = lower.lastIndexOf(quote, i - 1);
  if (opening < 0 || i - opening > 64) return -1;
  i = skipBlanksBack(lower, opening - 1, opening - 8);
  return lower[i] === "(" ? i : -1;
}

function skipBlanksBack(lower: string, from: number, limit: number): number {
  let i = from;
  while (i >= 0 && i > limit && (lower[i] === " " || lower[i] === "\n" || lower[i] === "\t"))
    i -= 1;
  return i;
}

/** The name a call is written with, less any `module.` prefix: `subprocess.run(` → "run". */
function calledName(lower: string, open: number): string {
  let i = open - 1;
  while (i >= 0 && open - i <= MAX_NAME && isNameChar(lower.charCodeAt(i))) i -= 1;
  const name = lower.slice(i + 1, open);
  const dot = name.lastIndexOf(".");
  return dot === -1 ? name : name.slice(dot + 1);
}

function isNameChar(code: number): boolean {
  return isIdentChar(code) || code === 0x2e || code === 0x3a; // ".", ":" (R's pkg::fn)
}

/**
 * The string literals of the call opening at `open`, in order, while only commas, brackets,
 * `c(`, `args =` and blanks stand between them: `(["rm", "-rf", "/"])` → "rm -rf /".
 */
function commandAt(ctx: CodeContext, open: number): string | null {
  const end = Math.min(ctx.code.length, open + MAX_SPAN);
  const words: string[] = [];
  let at = open + 1;
  const literals = ctx.literals;
  for (let k = firstLiteralFrom(literals, at); k < literals.length; k += 1) {
    const literal = literals[k] as Literal;
    if (literal.start >= end || words.length >= MAX_ELEMENTS) break;
    // The characters between the previous element and this literal's opening quote.
    const between = ctx.lower.slice(at, literal.start - 1);
    if (!isSeparator(between)) break;
    words.push(literal.text.toLowerCase());
    at = literal.start + literal.text.length + 1;
  }
  return words.length >= 2 ? words.join(" ") : null;
}

/** The index of the first literal starting at or after `at` (the literals are in order). */
function firstLiteralFrom(literals: readonly Literal[], at: number): number {
  let low = 0;
  let high = literals.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((literals[mid] as Literal).start < at) low = mid + 1;
    else high = mid;
  }
  return low;
}

// Between two argv elements: blanks, commas, list or vector openers and an `args =` keyword.
function isSeparator(text: string): boolean {
  if (text.length > 24) return false;
  const rest = text.replace(/args\s{0,4}=/g, "").replace(/c\(/g, "");
  for (let i = 0; i < rest.length; i += 1) {
    const ch = rest[i] as string;
    if (!" \t\n,[(".includes(ch) && ch !== "b" && ch !== "r") return false;
  }
  return true;
}
