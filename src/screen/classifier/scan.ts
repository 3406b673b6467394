// The scanning context the static signatures share, and the literal and word scanners. Every
// helper is a linear scan (indexOf, charCodeAt loops, one-character-class searches). String
// literals are extracted once per Cell, on first use.

/** A string literal of the Cell (Python or R), its content without the quotes. */
export interface Literal {
  /** Index of the first content character in the code. */
  readonly start: number;
  readonly text: string;
}

const MAX_LITERALS = 20_000;

// The scanner jumps between the characters that matter with a one-character-class search (the
// regex engine's native loop, several times cheaper per character than a charCodeAt loop in
// JavaScript on code that is mostly neither quote nor comment). One class, no quantifier: each
// search is linear from lastIndex, and every search starts past the previous one. lastIndex is
// set before each exec, so sharing the objects is safe: the scan is synchronous.
const LITERAL_OR_COMMENT = /["'#]/g;
const DOUBLE_END = /["\\]/g;
const SINGLE_END = /['\\]/g;

export class CodeContext {
  readonly code: string;
  readonly lower: string;
  /** 0 for a Cell; 1 for a payload decoded out of one (decoding stops there). */
  readonly depth: number;
  #literals: Literal[] | undefined;

  constructor(code: string, depth = 0) {
    this.code = code;
    this.lower = lowerSameLength(code);
    this.depth = depth;
  }

  /** Case-insensitive substring test; `token` must already be lower-case. */
  has(token: string): boolean {
    return this.lower.includes(token);
  }

  hasAny(tokens: readonly string[]): boolean {
    for (const token of tokens) if (this.lower.includes(token)) return true;
    return false;
  }

  get literals(): readonly Literal[] {
    this.#literals ??= scanLiterals(this.code);
    return this.#literals;
  }
}

// Indexes into `lower` must stay valid for `code`; full Unicode lower-casing can change the
// length (U+0130 becomes two code units), so then only ASCII letters are folded.
function lowerSameLength(code: string): string {
  const lower = code.toLowerCase();
  if (lower.length === code.length) return lower;
  return code.replace(/[A-Z]/g, (ch) => ch.toLowerCase());
}

/** True when `token` occurs in `text`. */
export function containsAny(text: string, tokens: readonly string[]): boolean {
  for (const token of tokens) if (text.includes(token)) return true;
  return false;
}

/** True when `word` (lower-case) occurs in `lower` with no identifier character either side. */
export function hasWord(lower: string, word: string): boolean {
  let from = 0;
  for (;;) {
    const at = lower.indexOf(word, from);
    if (at === -1) return false;
    from = at + word.length;
    const before = at === 0 ? 32 : lower.charCodeAt(at - 1);
    const after = from >= lower.length ? 32 : lower.charCodeAt(from);
    if (!isIdentChar(before) && !isIdentChar(after)) return true;
  }
}

/** ASCII letters, digits and `_`. */
export function isIdentChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95
  );
}

/** `text` without ASCII whitespace. */
export function squeeze(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch !== 32 && ch !== 9 && ch !== 10 && ch !== 13) out += text[i];
  }
  return out;
}

/**
 * String literals of Python or R source: '…', "…", '''…''', """…""" (prefixes such as r, b and
 * f need no handling: the quote starts the literal either way). `#` outside a literal starts a
 * comment to the end of the line. Backslash escapes are skipped, not decoded.
 */
export function scanLiterals(code: string): Literal[] {
  const out: Literal[] = [];
  const n = code.length;
  let i = 0;
  while (i < n && out.length < MAX_LITERALS) {
    LITERAL_OR_COMMENT.lastIndex = i;
    const next = LITERAL_OR_COMMENT.exec(code);
    if (next === null) break;
    i = next.index;
    const ch = code.charCodeAt(i);
    if (ch === 35) {
      const eol = code.indexOf("\n", i);
      i = eol === -1 ? n : eol + 1;
      continue;
    }
    const quote = code[i] ?? "";
    const triple = quote + quote + quote;
    if (code.startsWith(triple, i)) {
      const close = code.indexOf(triple, i + 3);
      const end = close === -1 ? n : close;
      out.push({ start: i + 3, text: code.slice(i + 3, end) });
      i = close === -1 ? n : close + 3;
      continue;
    }
    // The closing quote, skipping each backslash and the character after it.
    const closer = ch === 34 ? DOUBLE_END : SINGLE_END;
    let j = i + 1;
    for (;;) {
      closer.lastIndex = j;
      const stop = j < n ? closer.exec(code) : null;
      if (stop === null) {
        j = n;
        break;
      }
      j = stop.index;
      if (code.charCodeAt(j) !== 92) break;
      j += 2;
    }
    const end = Math.min(j, n);
    out.push({ start: i + 1, text: code.slice(i + 1, end) });
    i = end + 1;
  }
  return out;
}

/** Characters that end a word inside a literal (shell words, paths, key=value pairs). */
function isWordBreak(code: number): boolean {
  return (
    code <= 32 ||
    code === 34 || // "
    code === 39 || // '
    code === 96 || // `
    code === 61 || // =
    code === 44 || // ,
    code === 59 || // ;
    code === 40 || // (
    code === 41 || // )
    code === 91 || // [
    code === 93 || // ]
    code === 123 || // {
    code === 125 || // }
    code === 124 || // |
    code === 38 || // &
    code === 60 || // <
    code === 62 || // >
    code === 92 // backslash
  );
}

/** Calls `visit(word, offset)` for each word of `text`; stops when it returns true. */
export function someWord(text: string, visit: (word: string, offset: number) => boolean): boolean {
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isWordBreak(text.charCodeAt(i))) i += 1;
    const start = i;
    while (i < n && !isWordBreak(text.charCodeAt(i))) i += 1;
    if (i > start && visit(text.slice(start, i), start)) return true;
  }
  return false;
}

/** The whitespace-separated words of `text` (quotes and punctuation kept). */
export function shellWords(text: string, limit = 64): string[] {
  const words: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n && words.length < limit) {
    while (i < n && text.charCodeAt(i) <= 32) i += 1;
    const start = i;
    while (i < n && text.charCodeAt(i) > 32) i += 1;
    if (i > start) words.push(text.slice(start, i));
  }
  return words;
}
