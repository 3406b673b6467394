// One normalisation pass shared by the screens. Attackers hide words from literal matching in
// three ways this undoes: compatibility forms (fullwidth ｒｍ, ligatures, circled letters) that
// NFKC folds; invisible characters (zero-width joiners, bidi controls, soft hyphens, variation
// selectors, Unicode tag characters) that split a word without showing; and lookalike letters
// from other scripts (Cyrillic "о" in "rm -rf /hоme") that only a confusables map folds.
//
// Every expression here is one character class with no quantifier: linear on any input.

// Zero-width and formatting characters, bidi controls, soft hyphen, combining grapheme joiner,
// Mongolian vowel separator, Hangul fillers, variation selectors (BMP and supplementary) and
// the tag block. None of them changes what a shell or a reader sees as the word. Inclusive
// ranges of code points; the BMP ones become a lookup table, the two supplementary ones (tags
// and variation selectors supplement, all behind the high surrogate U+DB40) are tested by hand.
const INVISIBLE_BMP_RANGES: readonly (readonly [number, number])[] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
];
/** Low surrogates after U+DB40 that are invisible: U+E0000–E007F and U+E0100–E01EF. */
const INVISIBLE_LOW_RANGES: readonly (readonly [number, number])[] = [
  [0xdc00, 0xdc7f],
  [0xdd00, 0xddef],
];

const INVISIBLE_BMP = new Uint8Array(0x10000);
for (const [from, to] of INVISIBLE_BMP_RANGES) INVISIBLE_BMP.fill(1, from, to + 1);
const INVISIBLE_AFTER_DB40 = new Uint8Array(0x10000);
for (const [from, to] of INVISIBLE_LOW_RANGES) INVISIBLE_AFTER_DB40.fill(1, from, to + 1);

const NON_ASCII = /[^\u0000-\u007f]/u; // eslint-disable-line no-control-regex -- ASCII range test

/** True when every code unit is ASCII, so no normalisation can change the text. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/**
 * Removes characters that are invisible or reorder text, without any other change. One pass of
 * charCodeAt and table lookups, copying the visible runs between removals: a megabyte made only
 * of invisible characters costs a loop, not a million regular-expression matches.
 */
export function stripInvisible(text: string): string {
  let out = "";
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    let width = 0;
    if (code === 0xdb40) {
      if (i + 1 < text.length && INVISIBLE_AFTER_DB40[text.charCodeAt(i + 1)] === 1) width = 2;
    } else if (INVISIBLE_BMP[code] === 1) width = 1;
    if (width === 0) continue;
    if (i > start) out += text.slice(start, i);
    start = i + width;
    i = start - 1;
  }
  return start === 0 ? text : out + text.slice(start);
}

/** NFKC, then invisible characters removed. ASCII text is returned unchanged without work. */
export function normalizeText(text: string): string {
  if (isAscii(text)) return text;
  return stripInvisible(text.normalize("NFKC"));
}

/** The printable ASCII text hidden in Unicode tag characters, or "" when there is none. */
export function decodeTagCharacters(text: string): string {
  // Every tag character is a surrogate pair starting with U+DB40; a native search rules most
  // text out without a regular-expression pass.
  if (!text.includes("\udb40")) return "";
  const hidden = new Uint8Array(text.length >> 1);
  let length = 0;
  for (let i = 0; i + 1 < text.length; i++) {
    if (text.charCodeAt(i) !== 0xdb40) continue;
    const low = text.charCodeAt(i + 1);
    // U+E0020..U+E007E is the low surrogate range DC20..DC7E.
    if (low >= 0xdc20 && low <= 0xdc7e) hidden[length++] = low - 0xdc00;
    i++;
  }
  return Buffer.from(hidden.buffer, 0, length).toString("latin1");
}

// Letters of Cyrillic, Greek and a few other blocks that render like Latin letters. NFKC leaves
// them alone because they are distinct letters, so a command name spelled with them would slip
// past a literal rule while still running a program of that look-alike name installed by the
// attacker, or while fooling a human reviewer.
const CONFUSABLES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  һ: "h",
  ӏ: "l",
  А: "a",
  В: "b",
  Е: "e",
  К: "k",
  М: "m",
  Н: "h",
  О: "o",
  Р: "p",
  С: "c",
  Т: "t",
  Х: "x",
  Ѕ: "s",
  І: "i",
  Ј: "j",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  Α: "a",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "i",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ο: "o",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
  ɑ: "a",
  ɡ: "g",
  ɩ: "i",
  ʀ: "r",
  ꞁ: "l",
};

/** The Latin letter a character imitates, or undefined. */
export function confusableFor(ch: string): string | undefined {
  return CONFUSABLES[ch];
}

const HAS_CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "gu");

/** Replaces look-alike letters of other scripts with Latin ones; nothing else changes. */
export function replaceConfusables(text: string): string {
  if (isAscii(text)) return text;
  return text.replace(HAS_CONFUSABLE, (ch) => CONFUSABLES[ch] ?? ch);
}

/** Lower-cases and folds look-alike letters of other scripts onto Latin. */
export function foldConfusables(text: string): string {
  return replaceConfusables(text).toLowerCase();
}
