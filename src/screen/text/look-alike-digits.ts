// Digits written for the letters they look like ("1gn0re", "r1c1n"), shared by the screens that
// read such spellings back: the injection phrases and the biosecurity respelling.
export const DIGIT_AS_LETTER: Readonly<Record<string, string>> = Object.freeze({
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
});
