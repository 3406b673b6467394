// How a fetched body becomes the text the model reads, and the other readings of it the injection
// screen is shown. A page can hide instructions from a scanner that reads its raw bytes as UTF-8
// while the model still reads them: a UTF-16 body (every letter followed by a NUL), character
// references (`&#73;gnore`), or markup inside a word (`Ig<b></b>nore`). So the body is decoded by
// its byte-order mark or declared charset, and the screen also scans the text with NULs dropped,
// references decoded and tags removed (once removed outright, once as a space, since a tag can
// sit inside a word or between two). Every pass is linear in the text.

/** The body as text: BOM first, then the Content-Type charset, then UTF-8. Never throws. */
export function decodeBody(data: Buffer, contentType: string | null): string {
  const label = bomLabel(data) ?? charsetOf(contentType) ?? "utf-8";
  try {
    return new TextDecoder(label).decode(data);
  } catch {
    return new TextDecoder("utf-8").decode(data);
  }
}

function bomLabel(data: Buffer): string | null {
  if (data.length >= 3 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return "utf-8";
  if (data.length >= 2 && data[0] === 0xff && data[1] === 0xfe) return "utf-16le";
  if (data.length >= 2 && data[0] === 0xfe && data[1] === 0xff) return "utf-16be";
  return null;
}

function charsetOf(contentType: string | null): string | null {
  if (contentType === null) return null;
  for (const part of contentType.slice(0, 512).split(";")) {
    const [name, value] = part.split("=", 2);
    if (name?.trim().toLowerCase() !== "charset" || value === undefined) continue;
    const label = value.trim().replace(/^"|"$/g, "");
    return label === "" ? null : label;
  }
  return null;
}

const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  tab: "\t",
  newline: "\n",
  sol: "/",
  period: ".",
  colon: ":",
};

/** Other readings of a text the screen should scan too; empty when there is nothing hidden. */
export function hiddenReadings(text: string): string[] {
  if (!text.includes("\0") && !text.includes("&") && !text.includes("<")) return [];
  const decoded = decodeReferences(text.split("\0").join(""));
  return [withoutTags(decoded, ""), withoutTags(decoded, " ")];
}

function decodeReferences(text: string): string {
  if (!text.includes("&")) return text;
  const out: string[] = [];
  let copied = 0;
  let at = text.indexOf("&");
  while (at >= 0) {
    const found = referenceAt(text, at);
    if (found !== null) {
      out.push(text.slice(copied, at), found.text);
      copied = found.end;
    }
    at = text.indexOf("&", found === null ? at + 1 : found.end);
  }
  out.push(text.slice(copied));
  return out.join("");
}

/** The character reference starting at `at` (`&#73;`, `&#x49;`, `&amp;`), or null. */
function referenceAt(text: string, at: number): { text: string; end: number } | null {
  let end = at + 1;
  if (text[end] === "#") {
    end += 1;
    const hex = text[end] === "x" || text[end] === "X";
    if (hex) end += 1;
    const start = end;
    while (end < text.length && end - start < 8 && isDigit(text.charCodeAt(end), hex)) end += 1;
    if (end === start) return null;
    const code = parseInt(text.slice(start, end), hex ? 16 : 10);
    if (text[end] === ";") end += 1;
    if (!(code > 0 && code <= 0x10ffff)) return null;
    return { text: String.fromCodePoint(code), end };
  }
  const start = end;
  while (end < text.length && end - start < 10 && isLetter(text.charCodeAt(end))) end += 1;
  if (text[end] !== ";") return null;
  const value = NAMED[text.slice(start, end).toLowerCase()];
  return value === undefined ? null : { text: value, end: end + 1 };
}

function isDigit(code: number, hex: boolean): boolean {
  if (code >= 0x30 && code <= 0x39) return true;
  return hex && ((code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66));
}

function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** The text with each `<tag …>` (a letter, `/`, `!` or `?` after the `<`) replaced. */
function withoutTags(text: string, replacement: string): string {
  const out: string[] = [];
  let copied = 0;
  let at = text.indexOf("<");
  while (at >= 0) {
    const next = text.charCodeAt(at + 1);
    const opensTag = isLetter(next) || next === 0x2f || next === 0x21 || next === 0x3f;
    const close = opensTag ? text.indexOf(">", at + 1) : -1;
    if (opensTag && close < 0) break; // no `>` anywhere later: no more tags
    if (close >= 0) {
      out.push(text.slice(copied, at), replacement);
      copied = close + 1;
    }
    at = text.indexOf("<", close >= 0 ? close + 1 : at + 1);
  }
  out.push(text.slice(copied));
  return out.join("");
}
