// Two rewrites that undo the cheapest ways of hiding a call from a lexical screen: string
// literals joined with `+` (or written side by side) become one literal, so
// `__import__('o'+'s').system('r'+'m -rf /')` reads as `__import__('os').system('rm -rf /')`;
// and a name imported under an alias from a module the signatures watch is written out, so
// `from shutil import rmtree as nuke; nuke('/var/lib')` reads as `shutil.rmtree('/var/lib')`.
// Both are single passes over the code; the caller scans the result once more, one level down.
import type { CodeContext, Literal } from "./scan.js";
import { isIdentChar } from "./scan.js";

// Modules whose functions the signatures look for by name. Aliases of other modules (numpy as
// np, pandas as pd) are left alone, so an ordinary Cell is not rewritten and scanned twice.
const WATCHED_MODULES = new Set([
  ...["os", "posix", "nt", "subprocess", "shutil", "socket", "pty", "ctypes", "pathlib", "glob"],
  ...["requests", "urllib", "http", "smtplib", "ftplib", "paramiko", "telnetlib", "base64"],
  ...["codecs", "binascii", "zlib", "marshal", "pickle", "importlib", "builtins", "signal"],
  ...["multiprocessing", "sys", "pexpect", "asyncio", "webbrowser", "tempfile", "io"],
]);
const MAX_ALIASES = 32;
// Import lines are short; a longer line is not read for aliases, so a hostile line full of
// " as " costs its length once.
const MAX_IMPORT_LINE = 400;
const MAX_JOINED = 4096;

/** The Cell with joined literals merged and watched aliases written out; `code` if neither. */
export function foldedCode(ctx: CodeContext): string {
  const joined = joinLiterals(ctx.code, ctx.literals);
  return expandAliases(joined);
}

// A literal's closing quote sits right after its text; an opening one right before its start
// (three of them for a triple-quoted literal, which is left alone here).
function joinLiterals(code: string, literals: readonly Literal[]): string {
  let out = "";
  let copiedTo = 0;
  let k = 0;
  while (k < literals.length) {
    const first = literals[k] as Literal;
    const quote = code[first.start - 1] ?? "";
    let end = first.start + first.text.length;
    let text = first.text;
    let m = k + 1;
    while (m < literals.length && text.length < MAX_JOINED) {
      const next = literals[m] as Literal;
      const nextQuote = code[next.start - 1] ?? "";
      if (code[end] !== quote || code[next.start - 2] === nextQuote) break; // triple quotes
      if (!joinsLiterals(code, end + 1, next.start - 1)) break;
      // A different quote may hold the first one's quote character unescaped.
      if (nextQuote !== quote && next.text.includes(quote)) break;
      text += next.text;
      end = next.start + next.text.length;
      m += 1;
    }
    if (m > k + 1) {
      out += `${code.slice(copiedTo, first.start)}${text}`;
      copiedTo = end;
    }
    k = m;
  }
  return copiedTo === 0 ? code : out + code.slice(copiedTo);
}

// `import os as o`, `import os.path as p`, `from shutil import rmtree as nuke`: alias → dotted
// name, for watched modules only.
function watchedAliases(code: string): Map<string, string> {
  const aliases = new Map<string, string>();
  let from = 0;
  while (aliases.size < MAX_ALIASES) {
    const at = code.indexOf(" as ", from);
    if (at === -1) break;
    const lineStart = code.lastIndexOf("\n", at) + 1;
    const lineEnd = code.indexOf("\n", at);
    const stop = lineEnd === -1 ? code.length : lineEnd;
    from = stop + 1;
    if (stop - lineStart > MAX_IMPORT_LINE) continue;
    const line = code.slice(lineStart, stop).trim();
    const words = line.split(/[ \t,]+/);
    for (let i = 0; i + 2 < words.length; i++) {
      if (words[i + 1] !== "as") continue;
      const name = words[i] as string;
      const alias = words[i + 2] as string;
      const dotted =
        words[0] === "from" && words[2] === "import" ? `${words[1] ?? ""}.${name}` : name;
      if (!WATCHED_MODULES.has(dotted.split(".")[0] ?? "") || !isIdentifier(alias)) continue;
      aliases.set(alias, dotted);
    }
  }
  return aliases;
}

function expandAliases(code: string): string {
  if (!code.includes(" as ")) return code;
  const aliases = watchedAliases(code);
  if (aliases.size === 0) return code;
  let out = "";
  let copiedTo = 0;
  let i = 0;
  while (i < code.length) {
    if (!isIdentChar(code.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < code.length && isIdentChar(code.charCodeAt(j))) j++;
    const dotted = aliases.get(code.slice(i, j));
    const before = i === 0 ? "" : code[i - 1];
    // A use of the alias (a call or an attribute), not the import line's own words.
    if (dotted !== undefined && before !== "." && (code[j] === "(" || code[j] === ".")) {
      out += code.slice(copiedTo, i) + dotted;
      copiedTo = j;
    }
    i = j;
  }
  return copiedTo === 0 ? code : out + code.slice(copiedTo);
}

function isIdentifier(word: string): boolean {
  if (word.length === 0 || /^[0-9]/.test(word)) return false;
  for (let k = 0; k < word.length; k++) if (!isIdentChar(word.charCodeAt(k))) return false;
  return true;
}

// Blanks and at most one `+` between two literals (no newline: a line break ends the statement).
function joinsLiterals(code: string, from: number, to: number): boolean {
  let plus = 0;
  for (let i = from; i < to; i++) {
    const c = code[i];
    if (c === "+") plus += 1;
    else if (c !== " " && c !== "\t") return false;
  }
  return plus <= 1;
}
