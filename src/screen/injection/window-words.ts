// Word-bounded searches over a lower-cased window: "now" must not match inside "know", nor
// "all future" inside "all futures". A literal that starts or ends with punctuation ("ok,",
// "![") needs no boundary on that side. Native indexOf, a bounded number of times per word.

const MAX_TRIES = 64;

function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 65 && code <= 90);
}

/** Where `word` occurs in `text` at or after `from` as a whole word, or -1. */
export function findWord(text: string, word: string, from = 0): number {
  const checkStart = isWordCode(word.charCodeAt(0));
  const checkEnd = isWordCode(word.charCodeAt(word.length - 1));
  let at = text.indexOf(word, from);
  for (let n = 0; at !== -1 && n < MAX_TRIES; n++) {
    const before = at === 0 ? 32 : text.charCodeAt(at - 1);
    const after = at + word.length >= text.length ? 32 : text.charCodeAt(at + word.length);
    if ((!checkStart || !isWordCode(before)) && (!checkEnd || !isWordCode(after))) return at;
    at = text.indexOf(word, at + 1);
  }
  return -1;
}

/** Whether any of `words` occurs in `text` as a whole word. */
export function hasAnyWord(text: string, words: readonly string[]): boolean {
  for (const word of words) if (findWord(text, word) !== -1) return true;
  return false;
}
