// HTML character references, as a fetched page or an escaped tool result carries markup:
// "&lt;system&gt;" is "<system>" once a browser or a model reads it. The injection scan reads the
// text a second time with them decoded, so an escaped pseudo-role tag or an order spelled with
// numeric references ("&#105;gnore") is found as written out.
//
// One walk from "&" to "&" reading at most a dozen characters at each, into a buffer no longer
// than the text: linear, with no regular expression and no string made per reference. A
// reference that decodes to another ("&amp;lt;") is decoded again, at most twice in all.

const MAX_HEX_DIGITS = 6;
const MAX_DECIMAL_DIGITS = 7;
const LONGEST_NAME = 4;
const SEMICOLON = 0x3b;
const AMPERSAND = 0x26;
const HASH = 0x23;

/** A short lower-case name as a number: each letter a..z in five bits. */
function nameKey(name: string): number {
  let key = 0;
  for (let i = 0; i < name.length; i += 1) key = key * 32 + (name.charCodeAt(i) - 0x60);
  return key;
}

const NAMED: ReadonlyMap<number, number> = new Map([
  [nameKey("lt"), 0x3c],
  [nameKey("gt"), 0x3e],
  [nameKey("amp"), 0x26],
  [nameKey("quot"), 0x22],
  [nameKey("apos"), 0x27],
  [nameKey("nbsp"), 0x20],
]);

const UTF16 = new TextDecoder("utf-16le");

/** The text with its character references decoded, or null when it has none. */
export function decodeHtmlReferences(text: string): string | null {
  const once = decodeOnce(text);
  if (once === null) return null;
  return decodeOnce(once) ?? once;
}

// What the reference read last stands for (set by referenceEnd).
let codePoint = 0;

function decodeOnce(text: string): string | null {
  let at = text.indexOf("&");
  if (at < 0) return null;
  let out: Uint16Array | null = null;
  let length = 0;
  let copiedTo = 0;
  while (at >= 0) {
    const end = referenceEnd(text, at);
    if (end < 0) {
      at = text.indexOf("&", at + 1);
      continue;
    }
    // A reference is never shorter than what it stands for: the buffer holds the whole result.
    out ??= new Uint16Array(text.length);
    for (let i = copiedTo; i < at; i += 1) out[length++] = text.charCodeAt(i);
    if (codePoint > 0xffff) {
      out[length++] = 0xd800 + ((codePoint - 0x10000) >> 10);
      out[length++] = 0xdc00 + ((codePoint - 0x10000) & 0x3ff);
    } else {
      out[length++] = codePoint;
    }
    copiedTo = end + 1;
    at = text.indexOf("&", copiedTo);
  }
  if (out === null) return null;
  for (let i = copiedTo; i < text.length; i += 1) out[length++] = text.charCodeAt(i);
  return UTF16.decode(out.subarray(0, length));
}

/**
 * The index of the ";" that closes a reference starting at `at` (an "&"), with what it stands
 * for in `codePoint`; -1 when none starts there.
 */
function referenceEnd(text: string, at: number): number {
  if (text.charCodeAt(at) !== AMPERSAND) return -1;
  const first = text.charCodeAt(at + 1);
  if (first === HASH) return numericEnd(text, at + 2);
  let key = 0;
  for (let i = at + 1; i <= at + 1 + LONGEST_NAME && i < text.length; i += 1) {
    const code = text.charCodeAt(i) | 0x20; // ASCII letters folded to lower case
    if (text.charCodeAt(i) === SEMICOLON) {
      const value = i > at + 1 ? NAMED.get(key) : undefined;
      if (value === undefined) return -1;
      codePoint = value;
      return i;
    }
    if (code < 0x61 || code > 0x7a) return -1;
    key = key * 32 + (code - 0x60);
  }
  return -1;
}

function numericEnd(text: string, from: number): number {
  const marker = text.charCodeAt(from) | 0x20;
  const hex = marker === 0x78; // "x" or "X"
  const start = hex ? from + 1 : from;
  const limit = start + (hex ? MAX_HEX_DIGITS : MAX_DECIMAL_DIGITS);
  let value = 0;
  for (let i = start; i <= limit && i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === SEMICOLON) {
      // NUL, surrogates and code points past Unicode stay as written.
      if (i === start || value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
        return -1;
      codePoint = value;
      return i;
    }
    const digit = digitValue(code, hex);
    if (digit < 0) return -1;
    value = value * (hex ? 16 : 10) + digit;
  }
  return -1;
}

function digitValue(code: number, hex: boolean): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (!hex) return -1;
  const lower = code | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
