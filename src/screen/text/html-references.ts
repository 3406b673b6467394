// HTML character references, as a fetched page or an escaped tool result carries markup:
// "&lt;system&gt;" is "<system>" once a browser or a model reads it. The injection scan reads the
// text a second time with them decoded, so an escaped pseudo-role tag or an order spelled with
// numeric references ("&#105;gnore") is found as written out.
//
// One walk over the text's code units, reading at most a dozen units at each "&", into a buffer
// no longer than the text: linear, with no regular expression and no string made per reference.
// An escaped reference ("&amp;lt;") is decoded both levels in the same walk, and no further.

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

/** One reference read: the index of its ";" (or -1 when none starts there) and its value. */
interface Reference {
  end: number;
  codePoint: number;
}

/** The text with its character references decoded, or null when it has none. */
export function decodeHtmlReferences(text: string): string | null {
  // One stretch that reaches the whole text from any reference in it.
  return decodedStretches(text, text.length)?.[0] ?? null;
}

/**
 * The stretches of `text` around its character references, each decoded: every reference with
 * `reach` code units on either side, overlapping stretches merged; null when there is none. A
 * scan that reads no further than `reach` around what it finds sees in them all that the decoded
 * whole would show it, for the cost of the references' neighbourhoods only.
 */
export function decodedStretches(text: string, reach: number): string[] | null {
  if (!text.includes("&")) return null;
  const units = codeUnits(text);
  const ref: Reference = { end: -1, codePoint: 0 };
  const stretches: string[] = [];
  let from = -1;
  let to = -1;
  for (let i = 0; i < units.length; i += 1) {
    if (units[i] !== AMPERSAND || !readEscapedReference(units, i, ref)) continue;
    const start = Math.max(0, i - reach);
    const end = Math.min(units.length, ref.end + 1 + reach);
    if (from >= 0 && start <= to) {
      to = Math.max(to, end);
    } else {
      if (from >= 0) stretches.push(decodeRange(units, from, to));
      from = start;
      to = end;
    }
    i = ref.end;
  }
  if (from < 0) return null;
  stretches.push(decodeRange(units, from, to));
  return stretches;
}

/** The text's UTF-16 code units, copied natively. */
function codeUnits(text: string): Uint16Array {
  const bytes = Buffer.allocUnsafeSlow(text.length * 2); // its own memory, never the shared pool
  bytes.write(text, "utf16le");
  return new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
}

/** units[from, to) with every reference that starts there decoded. */
function decodeRange(units: Uint16Array, from: number, to: number): string {
  // A reference is never shorter than what it stands for; one that starts before `to` and ends
  // past it is read whole, so the buffer allows for its last units.
  const out = new Uint16Array(to - from + 2 + MAX_DECIMAL_DIGITS);
  const ref: Reference = { end: -1, codePoint: 0 };
  let length = 0;
  let i = from;
  while (i < to) {
    const unit = units[i] as number;
    if (unit !== AMPERSAND || !readEscapedReference(units, i, ref)) {
      out[length++] = unit;
      i += 1;
      continue;
    }
    const code = ref.codePoint;
    if (code > 0xffff) {
      out[length++] = 0xd800 + ((code - 0x10000) >> 10);
      out[length++] = 0xdc00 + ((code - 0x10000) & 0x3ff);
    } else {
      out[length++] = code;
    }
    i = ref.end + 1;
  }
  return UTF16.decode(out.subarray(0, length));
}

/**
 * Reads the reference at `at` (an "&") into `ref`, and when it is an escaped "&" ("&amp;lt;"),
 * the reference that "&" opens as well: "&lt;" once decoded, "<" once more.
 */
function readEscapedReference(units: Uint16Array, at: number, ref: Reference): boolean {
  if (!readReference(units, at, ref)) return false;
  if (ref.codePoint === AMPERSAND) readReference(units, ref.end, ref);
  return true;
}

/**
 * Reads the reference whose body follows `at` (an "&", or the ";" of an "&amp;" whose decoded
 * "&" may open a second one) into `ref`. False, and `ref` unchanged, when none is there.
 */
function readReference(units: Uint16Array, at: number, ref: Reference): boolean {
  if (units[at + 1] === HASH) return readNumeric(units, at + 2, ref);
  let key = 0;
  const last = Math.min(units.length - 1, at + 1 + LONGEST_NAME);
  for (let i = at + 1; i <= last; i += 1) {
    const unit = units[i] as number;
    if (unit === SEMICOLON) {
      const value = i > at + 1 ? NAMED.get(key) : undefined;
      if (value === undefined) return false;
      ref.end = i;
      ref.codePoint = value;
      return true;
    }
    const lower = unit | 0x20; // ASCII letters folded to lower case
    if (lower < 0x61 || lower > 0x7a) return false;
    key = key * 32 + (lower - 0x60);
  }
  return false;
}

function readNumeric(units: Uint16Array, from: number, ref: Reference): boolean {
  const hex = ((units[from] ?? 0) | 0x20) === 0x78; // "x" or "X"
  const start = hex ? from + 1 : from;
  const last = Math.min(units.length - 1, start + (hex ? MAX_HEX_DIGITS : MAX_DECIMAL_DIGITS));
  let value = 0;
  for (let i = start; i <= last; i += 1) {
    const unit = units[i] as number;
    if (unit === SEMICOLON) {
      // NUL, surrogates and code points past Unicode stay as written.
      if (i === start || value === 0 || value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff))
        return false;
      ref.end = i;
      ref.codePoint = value;
      return true;
    }
    const digit = digitValue(unit, hex);
    if (digit < 0) return false;
    value = value * (hex ? 16 : 10) + digit;
  }
  return false;
}

function digitValue(unit: number, hex: boolean): number {
  if (unit >= 0x30 && unit <= 0x39) return unit - 0x30;
  if (!hex) return -1;
  const lower = unit | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}
