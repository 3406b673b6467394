// Text → lower-case ASCII words, the form the biosecurity trigger matches on, and the word lists
// it matches them against, compiled once into one automaton.
//
// Spellings that hide a word from a literal match are undone first: compatibility forms and
// accents (NFKD, combining marks dropped), invisible and bidi characters (removed, so
// "sa\u200Brin" is "sarin"), and the Cyrillic and Greek letters that look like Latin ones.
// Separators are anything but a letter or digit, so "gain-of-function", "gain_of_function" and
// "gain of function" give the same words.
//
// Speed: a scan is one pass over the text that does a table look-up and a trie step per
// character and builds no string, so it is linear in the text, with no cap on its length. ASCII
// is read as it stands (upper case folded by the table). Any other character is normalised on its
// own, a page of 256 at a time the first time the page is met in the process, and remembered in
// tables of fixed size. That gives the same words as normalising the whole text: NFKD decomposes
// character by character and only reorders runs of combining marks, which are dropped or are
// separators anyway; lower-casing depends on context only for the Greek final sigma, a separator
// either way. Each word walks a trie of every pattern of every list, and the state it ends in
// fixes the lists it is in (worked out once, when the lists are compiled), so matching a word
// against all the lists costs nothing more. Only the words in some list are kept, with their
// positions, and every question (any word of a list, two lists within a gap, a phrase) is one
// walk over those.
import { isAscii, replaceConfusables, stripInvisible } from "../text/normalize.js";

// Invisible and bidi characters are removed by the table the screens share (stripInvisible).
const COMBINING = /[\u0300-\u036f]/g;

/** Lower-cased, de-obfuscated text. ASCII input is only lower-cased. */
export function normalizeForMatching(text: string): string {
  if (isAscii(text)) return text.toLowerCase();
  const out = stripInvisible(text.normalize("NFKD").replace(COMBINING, "")).toLowerCase();
  // The look-alike letters of other scripts, folded by the one table the screens share.
  return isAscii(out) ? out : replaceConfusables(out);
}

/** The words of normalised text: maximal runs of a-z and 0-9, however many there are. */
export function wordsOf(normalized: string): string[] {
  const words: string[] = [];
  const n = normalized.length;
  let i = 0;
  while (i < n) {
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

/**
 * A word pattern: "sarin" matches the word exactly, "transmiss*" matches any word starting with
 * "transmiss".
 */
export function matchesPattern(word: string, pattern: string): boolean {
  return pattern.endsWith("*") ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

// ---------------------------------------------------------------- characters

// What one character contributes to the word stream: a letter or digit (0-25 a-z, 26-35 0-9),
// a separator, nothing (it is removed), or several characters (SEVERAL_UNIT and SEVERAL_TEXT
// have them).
const SEPARATOR = -1;
const NOTHING = -2;
const SEVERAL = -3;
const UNKNOWN = -4; // not worked out yet
const SURROGATE = -5; // half of a code point above U+FFFF
const ALPHABET = 36;

// By UTF-16 unit. ASCII is fixed here; the rest is worked out a page (256 units) at a time, the
// first time a page is met, by normalising the whole page in one call.
const UNIT = new Int8Array(0x10000).fill(UNKNOWN);
for (let c = 0; c < 128; c += 1) UNIT[c] = SEPARATOR;
for (let c = 0; c < 26; c += 1) {
  UNIT[97 + c] = c;
  UNIT[65 + c] = c;
}
for (let c = 0; c < 10; c += 1) UNIT[48 + c] = 26 + c;
UNIT.fill(SURROGATE, 0xd800, 0xe000);
// Code points above U+FFFF, by page of 256 (at most 4,352 pages of 256 bytes).
const ASTRAL_PAGES = new Array<Int8Array | undefined>(0x1100).fill(undefined);
// The normal form of every character that is SEVERAL (a set fixed by Unicode, so bounded): below
// U+10000 by UTF-16 unit, above it by code point.
const SEVERAL_UNIT = new Array<string>(0x10000).fill("");
const SEVERAL_TEXT = new Map<number, string>();

function symbolOf(code: number): number {
  return code < 128 ? (UNIT[code] as number) : SEPARATOR;
}

function unitEffect(code: number): number {
  const unknown: number[] = [];
  for (let c = code & ~0xff; c < (code | 0xff) + 1; c += 1) {
    if (UNIT[c] === UNKNOWN) unknown.push(c);
  }
  const effects = unchanged(String.fromCharCode(...unknown), false) ? null : effectsOf(unknown);
  unknown.forEach((c, k) => {
    UNIT[c] = effects?.[k] ?? SEPARATOR;
  });
  return UNIT[code] as number;
}

const SEPARATORS = new Int8Array(256).fill(SEPARATOR);
const PAGE_UNITS = new Array<number>(512).fill(0); // reused: a page of surrogate pairs

function astralEffect(codePoint: number): number {
  let page = ASTRAL_PAGES[codePoint >>> 8];
  if (page === undefined) {
    const first = codePoint & ~0xff;
    for (let k = 0; k < 256; k += 1) {
      PAGE_UNITS[2 * k] = 0xd7c0 + ((first + k) >>> 10);
      PAGE_UNITS[2 * k + 1] = 0xdc00 + ((first + k) & 0x3ff);
    }
    const text = String.fromCharCode(...PAGE_UNITS);
    page = unchanged(text, true)
      ? SEPARATORS
      : effectsOf(Array.from({ length: 256 }, (_, k) => first + k));
    ASTRAL_PAGES[codePoint >>> 8] = page;
  }
  return page[codePoint & 0xff] as number;
}

// Whether every step of normalizeForMatching leaves `text` (characters outside ASCII) as it is,
// and so leaves each of its characters as it is: each is its own normal form, a separator.
// COMBINING and the look-alike table hold characters below U+10000 only, which a text of
// surrogate pairs has none of.
function unchanged(text: string, astral: boolean): boolean {
  return (
    text.normalize("NFKD") === text &&
    text.toLowerCase() === text &&
    stripInvisible(text) === text &&
    (astral || (text.search(COMBINING) === -1 && replaceConfusables(text) === text))
  );
}

// The effect of the normal form of each code point (outside ASCII). The code points are
// normalised together, joined by U+0000, which every step leaves alone and which stops combining
// marks from reordering across it and the final sigma from seeing its neighbours.
function effectsOf(codePoints: readonly number[]): Int8Array {
  const joined = codePoints.map((codePoint) => String.fromCodePoint(codePoint)).join("\0");
  let forms = normalizeForMatching(joined).split("\0");
  if (forms.length !== codePoints.length) {
    forms = codePoints.map((codePoint) => normalizeForMatching(String.fromCodePoint(codePoint)));
  }
  return Int8Array.from(forms, (form, k) => {
    if (form === "") return NOTHING;
    let letters = 0;
    for (let i = 0; i < form.length; i += 1) if (symbolOf(form.charCodeAt(i)) >= 0) letters += 1;
    if (letters === 0) return SEPARATOR;
    if (form.length === 1) return symbolOf(form.charCodeAt(0));
    const codePoint = codePoints[k] as number;
    if (codePoint < 0x10000) SEVERAL_UNIT[codePoint] = form;
    else SEVERAL_TEXT.set(codePoint, form);
    return SEVERAL;
  });
}

// ---------------------------------------------------------------- compiled lists

/** A list registered with a TermIndex: its bit in every word's mask. */
export type ListId = number;
/** A phrase group registered with a TermIndex. */
export type PhraseGroupId = number;

interface Phrase {
  readonly group: number;
  readonly elements: readonly ListId[];
}

interface Compiled {
  // Transitions by row: step[row + symbol] is the row of the next state, a row being state ×
  // ALPHABET, so a step is one look-up.
  readonly step: Int32Array;
  readonly keepRow: Uint8Array; // by row: 1 when a word ending in that state is in some list
  readonly stride: number; // 32-bit words per mask
  readonly masks: Uint32Array; // by state: the lists a word ending in that state is in
  readonly phraseStarts: readonly (readonly Phrase[] | undefined)[]; // by state
  readonly groupStarts: readonly ListId[]; // by phrase group: the list of its first words
  readonly seen: Uint32Array; // by state: the scan that last saw it
  // By state, for one phrase walk: the phrases the state starts whose every word occurs in that
  // text (`liveSeen` holds the walk they were worked out for).
  readonly live: (readonly Phrase[] | undefined)[];
  readonly liveSeen: Uint32Array;
}

// Phrase groups found in one text are kept as bits in a few 32-bit words.
const MAX_PHRASE_GROUPS = 128;
const PHRASE_WORDS = MAX_PHRASE_GROUPS / 32;

// Numbers the phrase walks (`Words.findPhrases`, each run once and to its end), for `liveSeen`.
let phraseWalks = 0;

/**
 * Word lists (patterns as in `matchesPattern`) and phrase groups, compiled on first use into a
 * trie whose states carry, per list, whether a word ending there is in the list.
 */
export class TermIndex {
  private readonly lists: (readonly string[])[] = [];
  private readonly listKeys = new Map<string, ListId>();
  private readonly phrases: Phrase[] = [];
  private readonly groupStarts: ListId[] = [];
  private compiled: Compiled | undefined;
  private scans = 0;

  /** Registers a list of patterns (the same list twice gives the same id). */
  list(patterns: readonly string[]): ListId {
    if (this.compiled !== undefined) throw new Error("TermIndex: lists are fixed once used");
    const key = patterns.join("\n");
    const known = this.listKeys.get(key);
    if (known !== undefined) return known;
    const id = this.lists.length;
    this.lists.push([...patterns]);
    this.listKeys.set(key, id);
    return id;
  }

  /** Registers phrases (one pattern per word); `Words.phrase` says whether any occurs. */
  phraseGroup(phrases: readonly (readonly string[])[]): PhraseGroupId {
    const group = this.groupStarts.length;
    if (group >= MAX_PHRASE_GROUPS) {
      throw new Error(`TermIndex: at most ${MAX_PHRASE_GROUPS} phrase groups`);
    }
    const firsts: string[] = [];
    for (const phrase of phrases) {
      if (phrase.length === 0) continue;
      firsts.push(phrase[0] as string);
      this.phrases.push({ group, elements: phrase.map((pattern) => this.list([pattern])) });
    }
    this.groupStarts.push(this.list(firsts));
    return group;
  }

  /** The words of `text`, normalised as `normalizeForMatching` and split as `wordsOf`. */
  scan(text: string): Words {
    const c = (this.compiled ??= this.compile());
    this.scans = (this.scans + 1) >>> 0;
    if (this.scans === 0) {
      c.seen.fill(0);
      this.scans = 1;
    }
    const stamp = this.scans;
    const { step, keepRow, seen, masks, stride } = c;
    const kept = new Kept();
    let row = 0; // the row of the word's state so far; 0 is the trie's root
    let inWord = false;
    let count = 0;
    const n = text.length;
    for (let i = 0; i < n; i += 1) {
      const code = text.charCodeAt(i);
      let symbol = UNIT[code] as number;
      if (symbol < SEPARATOR) {
        // Outside ASCII: the effect of the character's normal form.
        if (symbol === UNKNOWN) symbol = unitEffect(code);
        let codePoint = code;
        if (symbol === SURROGATE) {
          const low = i + 1 < n ? text.charCodeAt(i + 1) : 0;
          if (code < 0xdc00 && low >= 0xdc00 && low < 0xe000) {
            codePoint = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
            symbol = astralEffect(codePoint);
            i += 1;
          } else {
            symbol = SEPARATOR; // a lone surrogate
          }
        }
        if (symbol === NOTHING) continue;
        if (symbol === SEVERAL) {
          const form =
            codePoint < 0x10000
              ? (SEVERAL_UNIT[codePoint] as string)
              : (SEVERAL_TEXT.get(codePoint) ?? "");
          for (let k = 0; k < form.length; k += 1) {
            const sub = symbolOf(form.charCodeAt(k));
            if (sub >= 0) {
              inWord = true;
              row = step[row + sub] as number;
            } else if (inWord) {
              if (keepRow[row] === 1) kept.push(count, row / ALPHABET);
              count += 1;
              row = 0;
              inWord = false;
            }
          }
          continue;
        }
      }
      if (symbol >= 0) {
        inWord = true;
        row = step[row + symbol] as number;
      } else if (inWord) {
        if (keepRow[row] === 1) kept.push(count, row / ALPHABET);
        count += 1;
        row = 0;
        inWord = false;
      }
    }
    if (inWord) {
      if (keepRow[row] === 1) kept.push(count, row / ALPHABET);
      count += 1;
    }
    // The lists that occur at all: each distinct state's mask once.
    const union = new Uint32Array(stride);
    for (let k = 0; k < kept.size; k += 1) {
      const kind = kept.states[k] as number;
      if (seen[kind] === stamp) continue;
      seen[kind] = stamp;
      for (let b = 0; b < stride; b += 1) {
        union[b] = (union[b] as number) | (masks[kind * stride + b] as number);
      }
    }
    return new Words(c, count, kept, union);
  }

  private compile(): Compiled {
    // The trie of every pattern's stem: exact and prefix lists per node.
    const children: number[][] = [[]];
    const parent: number[] = [-1];
    const exact: ListId[][] = [[]];
    const prefix: ListId[][] = [[]];
    this.lists.forEach((patterns, id) => {
      for (const pattern of patterns) {
        const isPrefix = pattern.endsWith("*");
        const stem = isPrefix ? pattern.slice(0, -1) : pattern;
        let node = 0;
        for (let i = 0; i < stem.length; i += 1) {
          const code = stem.charCodeAt(i);
          if (!isWordChar(code)) {
            throw new Error(`TermIndex: pattern ${JSON.stringify(pattern)} is not a-z0-9`);
          }
          const symbol = symbolOf(code);
          const row = children[node] as number[];
          let child = row[symbol];
          if (child === undefined) {
            child = children.length;
            row[symbol] = child;
            children.push([]);
            parent.push(node);
            exact.push([]);
            prefix.push([]);
          }
          node = child;
        }
        (isPrefix ? (prefix[node] as ListId[]) : (exact[node] as ListId[])).push(id);
      }
    });
    const nodes = children.length;
    // A word that ends at trie node s is in the lists of the prefix patterns along the path to s
    // and of the exact patterns at s. A word that leaves the trie after node s is in the prefix
    // lists only: that state is the parent's unless s adds prefix patterns of its own.
    const stride = Math.max(1, Math.ceil(this.lists.length / 32));
    const leftMasks: Uint32Array[] = [];
    const leftState = new Int32Array(nodes);
    for (let node = 0; node < nodes; node += 1) {
      const up = parent[node] as number;
      const own = prefix[node] as ListId[];
      if (up >= 0 && own.length === 0) {
        leftState[node] = leftState[up] as number;
        continue;
      }
      const mask = up >= 0 ? (leftMasks[(leftState[up] as number) - nodes] as Uint32Array) : null;
      const left = mask === null ? new Uint32Array(stride) : mask.slice();
      for (const id of own) setBit(left, id, 0);
      leftState[node] = nodes + leftMasks.length;
      leftMasks.push(left);
    }
    const states = nodes + leftMasks.length;
    const masks = new Uint32Array(states * stride);
    leftMasks.forEach((mask, k) => masks.set(mask, (nodes + k) * stride));
    for (let node = 0; node < nodes; node += 1) {
      masks.copyWithin(
        node * stride,
        (leftState[node] as number) * stride,
        ((leftState[node] as number) + 1) * stride,
      );
      for (const id of exact[node] as ListId[]) setBit(masks, id, node * stride);
    }
    const step = new Int32Array(states * ALPHABET);
    for (let state = 0; state < states; state += 1) {
      const left = state < nodes ? (leftState[state] as number) : state;
      step.fill(left * ALPHABET, state * ALPHABET, (state + 1) * ALPHABET);
    }
    children.forEach((row, node) => {
      row.forEach((child, symbol) => {
        step[node * ALPHABET + symbol] = child * ALPHABET;
      });
    });
    // Which phrases a word in each state can start (only groups whose first words include it).
    const keepRow = new Uint8Array(states * ALPHABET);
    const phraseStarts: (Phrase[] | undefined)[] = [];
    for (let state = 0; state < states; state += 1) {
      let any = 0;
      for (let k = 0; k < stride; k += 1) any |= masks[state * stride + k] as number;
      keepRow[state * ALPHABET] = any === 0 ? 0 : 1;
      let starts: Phrase[] | undefined;
      this.groupStarts.forEach((first, group) => {
        if (!hasBit(masks, state * stride, first)) return;
        for (const phrase of this.phrases) {
          if (
            phrase.group === group &&
            hasBit(masks, state * stride, phrase.elements[0] as ListId)
          ) {
            (starts ??= []).push(phrase);
          }
        }
      });
      phraseStarts.push(starts);
    }
    return {
      step,
      keepRow,
      stride,
      masks,
      phraseStarts,
      groupStarts: [...this.groupStarts],
      seen: new Uint32Array(states),
      live: new Array<readonly Phrase[] | undefined>(states).fill(undefined),
      liveSeen: new Uint32Array(states),
    };
  }
}

function setBit(masks: Uint32Array, id: ListId, base: number): void {
  const at = base + (id >>> 5);
  masks[at] = (masks[at] as number) | (1 << (id & 31));
}

function hasBit(masks: Uint32Array, base: number, id: ListId): boolean {
  return (((masks[base + (id >>> 5)] as number) >>> (id & 31)) & 1) === 1;
}

/** The kept words of a scan: word positions and trie states, in text order. */
class Kept {
  size = 0;
  positions = new Int32Array(64);
  states = new Int32Array(64);

  push(position: number, state: number): void {
    if (this.size === this.positions.length) {
      const positions = new Int32Array(this.size * 2);
      const states = new Int32Array(this.size * 2);
      positions.set(this.positions);
      states.set(this.states);
      this.positions = positions;
      this.states = states;
    }
    this.positions[this.size] = position;
    this.states[this.size] = state;
    this.size += 1;
  }
}

/**
 * The words of one text, as far as the lists of a TermIndex go: which lists occur, where, and
 * whether phrases occur. Every question is answered in time linear in the kept words.
 */
export class Words {
  private phrasesFound: Uint32Array | undefined;

  constructor(
    private readonly compiled: Compiled,
    /** The number of words in the text. */
    readonly count: number,
    private readonly kept: Kept,
    private readonly union: Uint32Array,
  ) {}

  /** How many words are in at least one list (the ones `position` and `in` index). */
  get size(): number {
    return this.kept.size;
  }

  /** The position in the text (in words) of kept word `k`. */
  position(k: number): number {
    return this.kept.positions[k] as number;
  }

  /** Whether kept word `k` is in `list`. */
  in(k: number, list: ListId): boolean {
    return hasBit(
      this.compiled.masks,
      (this.kept.states[k] as number) * this.compiled.stride,
      list,
    );
  }

  /** Whether any word is in `list`. */
  any(list: ListId): boolean {
    return hasBit(this.union, 0, list);
  }

  /** Whether a word in `first` is followed within `gap` words by one in `second`. */
  near(first: ListId, second: ListId, gap: number): boolean {
    if (!this.any(first) || !this.any(second)) return false;
    let last = -Infinity;
    for (let k = 0; k < this.kept.size; k += 1) {
      const at = this.position(k);
      if (at - last <= gap && this.in(k, second)) return true;
      if (this.in(k, first)) last = at;
    }
    return false;
  }

  /** Whether any phrase of `group` occurs as consecutive words. */
  phrase(group: PhraseGroupId): boolean {
    const starts = this.compiled.groupStarts[group];
    if (starts === undefined || !this.any(starts)) return false;
    this.phrasesFound ??= this.findPhrases();
    return hasBit(this.phrasesFound, 0, group);
  }

  /** The positions of the words in `list` (for tests and diagnostics). */
  positionsIn(list: ListId): number[] {
    const out: number[] = [];
    for (let k = 0; k < this.kept.size; k += 1) if (this.in(k, list)) out.push(this.position(k));
    return out;
  }

  // One walk: at each word that can start a phrase, try those phrases. A phrase's words are all
  // kept (each is in its one-pattern list), so they are consecutive kept words.
  private findPhrases(): Uint32Array {
    const found = new Uint32Array(PHRASE_WORDS);
    phraseWalks = (phraseWalks + 1) >>> 0;
    if (phraseWalks === 0) {
      this.compiled.liveSeen.fill(0);
      phraseWalks = 1;
    }
    const walk = phraseWalks;
    const { size, positions, states } = this.kept;
    for (let k = 0; k < size; k += 1) {
      const starts = this.liveStarts(states[k] as number, walk);
      if (starts === undefined) continue;
      for (const { group, elements } of starts) {
        if (hasBit(found, 0, group)) continue;
        let ok = k + elements.length <= size;
        for (let e = 1; e < elements.length && ok; e += 1) {
          ok =
            positions[k + e] === (positions[k] as number) + e &&
            this.in(k + e, elements[e] as ListId);
        }
        if (ok) setBit(found, group, 0);
      }
    }
    return found;
  }

  // The phrases `state` starts that can occur in this text: those whose every word does. Worked
  // out once per state and walk, so a word repeated throughout a text ("a a a …", where "a"
  // starts a phrase whose next word never occurs) does not try its phrases at every occurrence.
  private liveStarts(state: number, walk: number): readonly Phrase[] | undefined {
    const { phraseStarts, live, liveSeen } = this.compiled;
    if (liveSeen[state] === walk) return live[state];
    const starts = phraseStarts[state]?.filter((phrase) =>
      phrase.elements.every((list) => this.any(list)),
    );
    const kept = starts === undefined || starts.length === 0 ? undefined : starts;
    live[state] = kept;
    liveSeen[state] = walk;
    return kept;
  }
}
