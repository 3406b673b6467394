// One normalisation pass shared by the screens. Attackers hide words from literal matching in
// three ways this undoes: compatibility forms (fullwidth ｒｍ, ligatures, circled letters) that
// NFKC folds; invisible characters (zero-width joiners, bidi controls, soft hyphens, variation
// selectors, Unicode tag characters) that split a word without showing; and lookalike letters
// from other scripts (Cyrillic "о" in "rm -rf /hоme") that only a confusables map folds.
//
// Every expression here is one character class with no quantifier: linear on any input.

// Zero-width and formatting characters, bidi controls, soft hyphen, combining grapheme joiner,
// Mongolian vowel separator, Hangul fillers, variation selectors (BMP and supplementary) and
// the tag block. None of them changes what a shell or a reader sees as the word.
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- each listed mark is removed on its own
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

const NON_ASCII = /[^\u0000-\u007f]/u; // eslint-disable-line no-control-regex -- ASCII range test

/** True when every code unit is ASCII, so no normalisation can change the text. */
export function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

/** Removes characters that are invisible or reorder text, without any other change. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, "");
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
