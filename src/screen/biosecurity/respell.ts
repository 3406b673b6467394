// Spellings that hide an agent's name from the word lists: digits and symbols for letters
// ("r1c1n", "s@rin") and letters spaced out ("s a r i n", "r.i.c.i.n"). The trigger matches the
// names once more on the text spelled back; ordinary text has neither shape and pays one pass.
// One pass over the text, each character looked at a bounded number of times: linear.

const LEET: Readonly<Record<string, string>> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};
const SPACERS = " .-_*";
/** Letters spaced out are joined only in runs of at least this many. */
const MIN_SPACED = 3;

function isLetter(c: string | undefined): boolean {
  return c !== undefined && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));
}

/** The text with look-alike digits in words and spaced-out letters undone, or null if neither. */
export function respell(text: string): string | null {
  let out = "";
  let changed = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const leet = LEET[c];
    if (leet !== undefined && (isLetter(text[i - 1]) || isLetter(text[i + 1]))) {
      out += leet;
      changed = true;
      i++;
      continue;
    }
    // A lone letter followed by spacer-letter pairs: "s a r i n".
    if (isLetter(c) && !isLetter(text[i - 1]) && !isLetter(text[i + 1])) {
      let end = i;
      let letters = 1;
      while (
        end + 2 < text.length &&
        SPACERS.includes(text[end + 1] as string) &&
        isLetter(text[end + 2]) &&
        !isLetter(text[end + 3])
      ) {
        end += 2;
        letters++;
      }
      if (letters >= MIN_SPACED) {
        for (let k = i; k <= end; k += 2) out += text[k] as string;
        changed = true;
        i = end + 1;
        continue;
      }
    }
    out += c;
    i++;
  }
  return changed ? out : null;
}
