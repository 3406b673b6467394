// Text → lower-case ASCII words, the form the biosecurity trigger matches on. Spellings that
// hide a word from a literal match are undone first: compatibility forms and accents (NFKD,
// combining marks dropped), invisible and bidi characters (removed, so "sa\u200Brin" is
// "sarin"), and the Cyrillic and Greek letters that look like Latin ones. Separators are
// anything but a letter or digit, so "gain-of-function", "gain_of_function" and
// "gain of function" give the same words. Every pass is one linear scan.

// Zero-width, joiner, bidi, soft hyphen, word joiner, BOM, Mongolian vowel separator, tags.
// (The combining grapheme joiner U+034F goes with the combining marks below.)
const INVISIBLE =
  /[\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu;
const COMBINING = /[\u0300-\u036f]/g;

const LOOKALIKES: Readonly<Record<string, string>> = {
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ӏ: "l",
  к: "k",
  м: "m",
  н: "h",
  т: "t",
  в: "b",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ɡ: "g",
};

const MAX_WORDS = 20_000;

/** Lower-cased, de-obfuscated text. ASCII input is only lower-cased. */
export function normalizeForMatching(text: string): string {
  let out = text;
  if (!isAscii(out)) {
    out = out.normalize("NFKD").replace(COMBINING, "").replace(INVISIBLE, "");
  }
  out = out.toLowerCase();
  if (!isAscii(out)) {
    let folded = "";
    for (const ch of out) folded += LOOKALIKES[ch] ?? ch;
    out = folded;
  }
  return out;
}

/** The words of normalised text: maximal runs of a-z and 0-9. */
export function wordsOf(normalized: string): string[] {
  const words: string[] = [];
  const n = normalized.length;
  let i = 0;
  while (i < n && words.length < MAX_WORDS) {
    while (i < n && !isWordChar(normalized.charCodeAt(i))) i += 1;
    const start = i;
    while (i < n && isWordChar(normalized.charCodeAt(i))) i += 1;
    if (i > start) words.push(normalized.slice(start, i));
  }
  return words;
}

function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) > 127) return false;
  return true;
}

/**
 * A word pattern: "sarin" matches the word exactly, "transmiss*" matches any word starting with
 * "transmiss".
 */
export function matchesPattern(word: string, pattern: string): boolean {
  return pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

export function matchesAny(word: string, patterns: readonly string[]): boolean {
  for (const pattern of patterns) if (matchesPattern(word, pattern)) return true;
  return false;
}

/** True when `phrase` (one pattern per word) occurs as consecutive words. */
export function hasPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  const first = phrase[0];
  if (first === undefined) return false;
  for (let i = 0; i + phrase.length <= words.length; i += 1) {
    if (!matchesPattern(words[i] ?? "", first)) continue;
    let ok = true;
    for (let k = 1; k < phrase.length && ok; k += 1) {
      ok = matchesPattern(words[i + k] ?? "", phrase[k] ?? "");
    }
    if (ok) return true;
  }
  return false;
}

/** True when a word matching `first` is followed within `gap` words by one matching `second`. */
export function hasNear(
  words: readonly string[],
  first: readonly string[],
  second: readonly string[],
  gap: number,
): boolean {
  for (let i = 0; i < words.length; i += 1) {
    if (!matchesAny(words[i] ?? "", first)) continue;
    const end = Math.min(words.length, i + 1 + gap);
    for (let j = i + 1; j < end; j += 1) if (matchesAny(words[j] ?? "", second)) return true;
  }
  return false;
}

/** True when any word matches any pattern. */
export function hasAnyWord(words: readonly string[], patterns: readonly string[]): boolean {
  for (const word of words) if (matchesAny(word, patterns)) return true;
  return false;
}
