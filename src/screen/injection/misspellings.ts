// Key words of the ignore and reveal families written so that literal matching misses them: a
// letter dropped, doubled, swapped or changed ("ignroe previus instrucitons"), or digits for
// letters ("1gn0r3 4ll 1n5truct10n5"). The anchor automaton finds the common slips of each key
// word as literals (`SLIP_VARIANTS`) and reads digits as the letters they look like, at no cost
// per character; only a text with such a hit pays for `repairKeyWords`, which restores the words
// so the phrase patterns can be matched against a copy. Each word is compared with the key words
// by an edit distance capped at one, a bounded amount of work per word: linear in the text.

// The words an instruction override or a request for the setup cannot do without. Short, common
// words ("all", "rules", "prior") are left out: one edit away from them lies half the dictionary.
const KEY_WORDS = `ignore disregard forget previous instructions instruction above prompt directions
  guidelines password system override bypass reveal earlier preceding restrictions secret`
  .split(/\s+/)
  .filter((w) => w !== "");

/** The key words backwards: a text written backwards holds them, no English word does. */
export const REVERSED_KEY_WORDS: readonly string[] = KEY_WORDS.filter((w) => w.length >= 6).map(
  (w) => [...w].reverse().join(""),
);

// Real words one edit from a key word, which a writer means as written.
const REAL_NEIGHBOURS = new Set(
  "forgot forge forged forger abode revel overrode pervious precious".split(" "),
);

// Digits read as the letters they look like.
const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
};

// The shortest key word has five letters: a five-letter key word only counts two neighbours
// swapped, too many real words lie one other change away.
const MIN_KEY = 5;
// The shortest word a key word can be misspelled as.
const MIN_SLIP = MIN_KEY - 1;
// Longer words are passed over by the repair.
const MAX_WORD = 16;
// A text that needs more repairs than this is not a short instruction in disguise; the first
// ones are enough to find one.
const MAX_REPAIRS = 256;

// Each ASCII character as the lower-case letter it reads as (digits as their look-alikes), or 0.
const FOLD = new Uint8Array(128);
for (let c = 65; c <= 90; c++) FOLD[c] = c | 32;
for (let c = 97; c <= 122; c++) FOLD[c] = c;
for (const [digit, letter] of Object.entries(LEET))
  FOLD[digit.charCodeAt(0)] = letter.charCodeAt(0);

/** Each digit that stands for a letter in leetspeak, with that letter. */
export const LEET_LETTERS: Readonly<Record<string, string>> = LEET;

const KEYS: readonly Uint8Array[] = KEY_WORDS.map((w) =>
  Uint8Array.from(w, (c) => c.charCodeAt(0)),
);

const VOWELS = "aeiou";

/**
 * The slips of each key word the anchor scan looks for: two neighbours swapped and, in words of
 * six letters or more, a letter dropped or doubled or a vowel changed. A final "s" dropped
 * gives the singular, a real word; real words and the key words themselves are left out.
 */
export const SLIP_VARIANTS: readonly string[] = (() => {
  const out = new Set<string>();
  for (const key of KEY_WORDS) {
    const n = key.length;
    for (let i = 0; i + 1 < n; i++) {
      if (key[i] !== key[i + 1]) out.add(key.slice(0, i) + key[i + 1] + key[i] + key.slice(i + 2));
    }
    if (n <= MIN_KEY) continue;
    for (let i = 0; i < n; i++) {
      if (!(i === n - 1 && key[i] === "s")) out.add(key.slice(0, i) + key.slice(i + 1));
      out.add(key.slice(0, i + 1) + key.slice(i));
      if (VOWELS.includes(key[i] as string)) {
        for (const v of VOWELS) if (v !== key[i]) out.add(key.slice(0, i) + v + key.slice(i + 1));
      }
    }
  }
  for (const word of [...KEY_WORDS, ...REAL_NEIGHBOURS]) out.delete(word);
  return [...out].filter((w) => w.length >= MIN_SLIP);
})();

// The key words a word of each length can be one edit from.
const KEYS_BY_LENGTH: readonly (readonly number[])[] = Array.from(
  { length: MAX_WORD + 2 },
  (_, n) => KEYS.flatMap((key, k) => (Math.abs(key.length - n) <= 1 ? [k] : [])),
);

// The word being looked at, folded: reused, so the repair allocates nothing per word.
const folded = new Uint8Array(MAX_WORD);

/**
 * Fills `folded` with the word's letters; the number of digits among them, or -1 when the word
 * holds a character that is neither or has no letter at all.
 */
function foldInto(text: string, start: number, length: number): number {
  let digits = 0;
  for (let k = 0; k < length; k++) {
    const c = text.charCodeAt(start + k);
    const f = c < 128 ? (FOLD[c] as number) : 0;
    if (f === 0) return -1;
    if (c <= 57) digits++;
    folded[k] = f;
  }
  return digits === length ? -1 : digits;
}

/**
 * The index of the key word the folded word disguises, or -1: the word itself when written
 * with digits, a slip of it otherwise. An exact key word is no disguise, nor an inflection
 * ("ignored", "prompts"), nor a real word one edit away.
 */
function keyFor(text: string, start: number, length: number, digits: boolean): number {
  const near = KEYS_BY_LENGTH[length];
  if (near === undefined) return -1;
  for (const k of near) {
    const key = KEYS[k] as Uint8Array;
    if (length === key.length && same(key, 0, 0, length)) return digits ? k : -1;
  }
  for (const k of near) {
    const key = KEYS[k] as Uint8Array;
    // A slip keeps the first letter, or moves it one place.
    if (folded[0] !== key[0] && folded[0] !== key[1]) continue;
    // The key word and a letter after it is an inflection ("ignored", "prompts"), unless the
    // letter only doubles the last one ("forgett").
    const last = key[key.length - 1];
    if (length > key.length && same(key, 0, 0, key.length) && folded[key.length] !== last) continue;
    if (!oneEditFrom(key, length)) continue;
    if (!REAL_NEIGHBOURS.has(text.slice(start, start + length).toLowerCase())) return k;
  }
  return -1;
}

/** Whether folded[from..from+count) equals key[keyFrom..keyFrom+count). */
function same(key: Uint8Array, from: number, keyFrom: number, count: number): boolean {
  for (let k = 0; k < count; k++) if (folded[from + k] !== key[keyFrom + k]) return false;
  return true;
}

/**
 * Whether one deletion, insertion, substitution or swap of neighbours turns the folded word
 * (its first `length` letters) into `key`; for a five-letter key, a swap only.
 */
function oneEditFrom(key: Uint8Array, length: number): boolean {
  let i = 0;
  while (i < length && i < key.length && folded[i] === key[i]) i++;
  const long = key.length > MIN_KEY;
  if (length === key.length) {
    const swap =
      i + 1 < length &&
      folded[i] === key[i + 1] &&
      folded[i + 1] === key[i] &&
      same(key, i + 2, i + 2, length - i - 2);
    return swap || (long && same(key, i + 1, i + 1, length - i - 1));
  }
  if (!long) return false;
  // One letter more, or one fewer.
  return length > key.length
    ? same(key, i + 1, i, key.length - i)
    : same(key, i, i + 1, length - i);
}

/** The text with its misspelled and leetspeak key words restored; null when it has none. */
export function repairKeyWords(text: string): string | null {
  const pieces: string[] = [];
  let copiedUntil = 0;
  let repairs = 0;
  let keyRepairs = 0;
  let start = -1;
  for (let i = 0; i <= text.length && repairs < MAX_REPAIRS; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code < 128 && FOLD[code] !== 0) {
      if (start === -1) start = i;
      continue;
    }
    if (start === -1) continue;
    const length = i - start;
    const digits = length <= MAX_WORD ? foldInto(text, start, length) : -1;
    if (digits >= 0) {
      const key = length >= MIN_SLIP ? keyFor(text, start, length, digits > 0) : -1;
      // Every leetspeak word is restored ("4ll", "y0ur", "rul3s"), not only the key words.
      let restored: string | null = null;
      if (key !== -1) restored = KEY_WORDS[key] as string;
      else if (digits > 0) restored = String.fromCharCode(...folded.subarray(0, length));
      if (restored !== null) {
        pieces.push(text.slice(copiedUntil, start), restored);
        copiedUntil = i;
        repairs++;
        if (key !== -1) keyRepairs++;
      }
    }
    start = -1;
  }
  if (keyRepairs === 0) return null;
  pieces.push(text.slice(copiedUntil));
  return pieces.join("");
}
