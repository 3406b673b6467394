// Two rewrites that undo the cheapest ways of hiding a call from a lexical screen: string
// literals joined with `+` become one literal, so
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
  ...["codecs", "binascii", "zlib", "marshal", "pickle", "importlib", "builtins", "pexpect"],
]);
const MAX_ALIASES = 32;
// Import lines are short; a longer line is not read for aliases, so a hostile line full of
// " as " costs its length once.
const MAX_IMPORT_LINE = 400;
const MAX_JOINED = 4096;

/** The Cell with joined literals merged and watched aliases written out; `code` if neither. */
export function foldedCode(ctx: CodeContext): string {
  const joined = mayJoinLiterals(ctx.code) ? joinLiterals(ctx.code, ctx.literals) : ctx.code;
  return expandAliases(joined);
}

// Two quotes with only blanks and a `+` between them: a cheap native look for a place where
// literals are joined, so most Cells never have their literals listed. Literals written side by
// side with no `+` ('/e' 'tc') are not looked for: their telltale, quote blank quote, is also
// every `split(' ')`.
function mayJoinLiterals(code: string): boolean {
  for (let at = code.indexOf("+"); at !== -1; at = code.indexOf("+", at + 1)) {
    let left = at - 1;
    while (left >= 0 && (code[left] === " " || code[left] === "\t")) left--;
    let right = at + 1;
    while (right < code.length && (code[right] === " " || code[right] === "\t")) right++;
    const l = code[left];
    const r = code[right];
    if ((l === "'" || l === '"') && (r === "'" || r === '"')) return true;
  }
  return false;
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
  // Import lines are found by "mport " (V8 finds a word starting with a letter far faster than
  // " as ", which starts with the commonest character of code), then read whole.
  let from = 0;
  while (aliases.size < MAX_ALIASES) {
    const at = code.indexOf("mport ", from);
    if (at === -1) break;
    const lineEnd = code.indexOf("\n", at);
    const stop = lineEnd === -1 ? code.length : lineEnd;
    from = stop + 1;
    let lineStart = at;
    while (lineStart > 0 && at - lineStart <= MAX_IMPORT_LINE && code[lineStart - 1] !== "\n")
      lineStart--;
    if (stop - lineStart > MAX_IMPORT_LINE) continue;
    const line = code.slice(lineStart, stop).trim();
    if (!line.includes(" as ") || !(line.startsWith("import ") || line.startsWith("from ")))
      continue;
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
  const aliases = watchedAliases(code);
  if (aliases.size === 0) return code;
  // Each alias found with native searches; a use is a call or an attribute of the alias as a
  // whole word (not the import line's own words, not another object's attribute).
  const uses: [number, string, string][] = [];
  for (const [alias, dotted] of aliases) {
    for (let at = code.indexOf(alias); at !== -1; at = code.indexOf(alias, at + alias.length)) {
      const after = code[at + alias.length];
      if (after !== "(" && after !== ".") continue;
      const before = at === 0 ? 32 : code.charCodeAt(at - 1);
      if (before === 46 || isIdentChar(before)) continue;
      uses.push([at, alias, dotted]);
    }
  }
  if (uses.length === 0) return code;
  uses.sort((a, b) => a[0] - b[0]);
  let out = "";
  let copiedTo = 0;
  for (const [at, alias, dotted] of uses) {
    if (at < copiedTo) continue;
    out += code.slice(copiedTo, at) + dotted;
    copiedTo = at + alias.length;
  }
  return out + code.slice(copiedTo);
}

function isIdentifier(word: string): boolean {
  if (word.length === 0 || /^[0-9]/.test(word)) return false;
  for (let k = 0; k < word.length; k++) if (!isIdentChar(word.charCodeAt(k))) return false;
  return true;
}

// Blanks and one `+` between two literals (no newline: a line break ends the statement).
function joinsLiterals(code: string, from: number, to: number): boolean {
  let plus = 0;
  for (let i = from; i < to; i++) {
    const c = code[i];
    if (c === "+") plus += 1;
    else if (c !== " " && c !== "\t") return false;
  }
  return plus === 1;
}
