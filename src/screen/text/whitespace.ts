// The characters a regular expression's \s matches, tested on a UTF-16 code unit. Hot loops
// that step back over blanks one character at a time use this instead of /\s/.test(text[i]),
// which builds a one-character string and runs a regular expression per step.

/** Whether `code` is a character that /\s/ matches (any NaN or out-of-range value is not). */
export function isJsWhitespace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

const NOT_BLANK = /\S/;

/**
 * Whether the text is empty or blank, the same test as `text.trim() === ""` (trim strips exactly
 * the characters \s matches) without copying a text that has blanks at either end.
 */
export function isBlank(text: string): boolean {
  return !NOT_BLANK.test(text);
}
