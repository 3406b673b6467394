// Spellings that hide an agent's name from the word lists: digits and symbols for letters
// ("r1c1n", "s@rin"), letters spaced out ("s a r i n", "r.i.c.i.n") and a name cut by one
// mark inside it ("ri.cin", "sa-rin", "an_thrax"). The trigger matches the
// names once more on the words spelled back. Only the words that change are returned, so the
// second match reads a few words, not the text again.
// One pass over the text, each character looked at a bounded number of times: linear.

import { DIGIT_AS_LETTER } from "../text/look-alike-digits.js";

// By character code below 128: 1 for a letter, 2 for a digit or symbol read as a letter.
const KIND = new Uint8Array(128);
// The letter a look-alike digit or symbol stands for.
const AS_LETTER = new Array<string>(128).fill("");
for (let c = 65; c <= 90; c++) KIND[c] = KIND[c + 32] = 1;
for (const [digit, letter] of Object.entries({ ...DIGIT_AS_LETTER, "@": "a", $: "s" })) {
  KIND[digit.charCodeAt(0)] = 2;
  AS_LETTER[digit.charCodeAt(0)] = letter;
}
const SPACERS = " .-_*";
// SPACERS by character code: a spaced-out run is walked a character at a time, and a table
// look-up there costs less than a one-character string and a search of SPACERS.
const IS_SPACER = new Uint8Array(128);
for (const mark of SPACERS) IS_SPACER[mark.charCodeAt(0)] = 1;
// Marks that cut a word without a blank; one of them between two runs of letters joins them.
// Not "_", which joins the words of a program's names ("SO_MAN").
const JOINERS = ".-*'";
const IS_JOINER = new Uint8Array(128);
for (const mark of JOINERS) IS_JOINER[mark.charCodeAt(0)] = 1;

function joinerAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return code < 128 && IS_JOINER[code] === 1;
}
/** A name cut by marks is joined only when it has at least this many letters ("v.x" is not). */
const MIN_JOINED = 5;
/** Letters spaced out are joined only in runs of at least this many. */
const MIN_SPACED = 3;
/** A respelled word longer than this is no agent's name. */
const MAX_WORD = 24;
/** At most this many respelled words are kept: the second match stays small on any input. */
const MAX_WORDS = 4096;

// Whether the letter at `last` is followed by a spacer and a lone letter ("s a", not "s ar"): one
// step of a spaced-out run. A run can be as long as the text, so each character is read straight
// from the text and a table; charCodeAt gives NaN past the end, which is not below 128.
function spacedLetterAfter(text: string, last: number): boolean {
  const spacer = text.charCodeAt(last + 1);
  if (!(spacer < 128 && IS_SPACER[spacer] === 1)) return false;
  const letter = text.charCodeAt(last + 2);
  if (!(letter < 128 && KIND[letter] === 1)) return false;
  const after = text.charCodeAt(last + 3);
  return !(after < 128) || KIND[after] === 0;
}

function kindAt(text: string, i: number): number {
  if (i < 0 || i >= text.length) return 0;
  const code = text.charCodeAt(i);
  return code < 128 ? (KIND[code] as number) : 0;
}

// Where a respelling could start: a look-alike digit inside a word, or three letters spaced
// out. A native search, so text without either shape skips the walk below.
const MAY_RESPELL =
  /[a-z][013457@$][a-z]|[a-z]{2}[013457@$]|[013457@$][a-z]{2}|[a-z][.*'-][a-z]|(?:^|[^a-z])[a-z][ .*_-][a-z][ .*_-][a-z](?:[^a-z]|$)/i;

/**
 * The first letters of the names a joined word is matched against (`respell`'s `nameStarts`):
 * "self.path" and "os.walk" begin no name, so no word is built for them.
 */
export function nameStartsOf(names: readonly string[]): ReadonlySet<string> {
  const starts = new Set<string>();
  for (const name of names) {
    const stem = name.replace(/\*$/, "");
    if (stem.length >= START_LETTERS) starts.add(stem.slice(0, START_LETTERS));
  }
  return starts;
}

const START_LETTERS = 3;

// Whether the run at `i` begins (marks skipped) with the first letters of a name.
function startsAName(text: string, i: number, starts: ReadonlySet<string>): boolean {
  let start = "";
  for (let k = i; k < text.length && start.length < START_LETTERS; k++) {
    const code = text.charCodeAt(k);
    if (code < 128 && KIND[code] === 1) start += String.fromCharCode(code | 0x20);
    else if (!joinerAt(text, k)) return false;
  }
  return starts.has(start);
}

/** The words of a text that change when spelled back, each kind separated by blanks. */
export interface Respelled {
  /** Digits and symbols read as letters, or letters spaced out: "r1c1n", "d i s e a s e". */
  readonly spelled: string;
  /** Runs of letters joined across one mark: "ri.cin", and as often "well-known". */
  readonly joined: string;
}

/**
 * The words of `text` that change when spelled back (digits and symbols between letters read as
 * letters, spaced-out letters joined, runs cut by one mark joined); null when no word changes.
 */
export function respell(text: string, nameStarts?: ReadonlySet<string>): Respelled | null {
  if (!MAY_RESPELL.test(text)) return null;
  const out: string[] = [];
  const joinedOut: string[] = [];
  let i = 0;
  const length = text.length;
  while (i < length) {
    if (kindAt(text, i) === 0) {
      i++;
      continue;
    }
    // A word of letters and look-alike digits ("r1c1n", "4nthr4x"), runs joined by single
    // marks included ("ri.cin", "sa-r1n").
    let end = i;
    let leet = 0;
    let marks = 0;
    let kind = kindAt(text, end);
    while (kind !== 0) {
      if (kind === 2) leet++;
      end++;
      kind = kindAt(text, end);
      if (kind === 0 && joinerAt(text, end) && kindAt(text, end + 1) !== 0) {
        marks++;
        end++;
        kind = kindAt(text, end);
      }
    }
    const letters = end - i - leet - marks;
    const joined =
      marks > 0 &&
      letters >= MIN_JOINED &&
      (nameStarts === undefined || startsAName(text, i, nameStarts));
    if ((leet > 0 || joined) && letters >= 2 && end - i <= MAX_WORD) {
      let word = "";
      for (let k = i; k < end; k++) {
        const code = text.charCodeAt(k);
        if (KIND[code] === 2) word += AS_LETTER[code] as string;
        else if (KIND[code] === 1) word += text[k] as string;
      }
      (leet > 0 ? out : joinedOut).push(word);
    } else if (letters === 1 && end - i === 1) {
      // A lone letter followed by spacer-letter pairs: "s a r i n".
      let last = i;
      let count = 1;
      while (count < MAX_WORD && spacedLetterAfter(text, last)) {
        last += 2;
        count++;
      }
      if (count >= MAX_WORD) {
        // Longer than any name: walk to the end of the run and keep nothing of it.
        while (spacedLetterAfter(text, last)) last += 2;
        end = last + 1;
      } else if (count >= MIN_SPACED) {
        let word = "";
        for (let k = i; k <= last; k += 2) word += text[k] as string;
        out.push(word);
        // "a d i s e a s e": the run may begin with the article or "I" before the name.
        if (count > MIN_SPACED && /^[aiAI]/.test(word)) out.push(word.slice(1));
        end = last + 1;
      }
    }
    i = end;
    if (out.length + joinedOut.length >= MAX_WORDS) break;
  }
  if (out.length === 0 && joinedOut.length === 0) return null;
  return { spelled: out.join(" "), joined: joinedOut.join(" ") };
}
