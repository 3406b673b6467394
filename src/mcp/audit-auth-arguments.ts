// Passwords given to code as the second of a user-and-password pair, masked for the audit log:
// `requests.get(url, auth=("ann", "…"))`, `HTTPBasicAuth(user, '…')`, `smtp.login(user, "…")`,
// `ftp.login("ann", "…")`. No name says the value is secret, so the assignment recogniser does not
// see it; the call or keyword does. Only a quoted literal is masked (a variable shows no secret).
// Each marker is found with indexOf and followed for a bounded distance: linear in the text.

import { skipBlanks } from "../screen/host/assignments.js";
import { isAsciiAlphanumeric } from "../screen/host/secret-shapes.js";

const MASK = "<redacted>";
const MARKERS = ["auth", ".login"];
/** How far past the first argument the second may start. */
const MAX_GAP = 16;
const MAX_FIRST_ARGUMENT = 256;
/** A password longer than this is not looked for (the bound keeps the scan linear). */
const MAX_SECRET = 4096;

// A letter, digit or underscore: a character of an identifier.
function isNameChar(char: string | undefined): boolean {
  return char !== undefined && (isAsciiAlphanumeric(char.charCodeAt(0)) || char === "_");
}

/** The index after a quoted literal that opens at `open`, or -1 when it does not close soon. */
function literalEnd(text: string, open: number, limit: number): number {
  const quote = text[open];
  for (let at = open + 1; at < text.length && at - open <= limit; at += 1) {
    const char = text[at];
    if (char === "\\") at += 1;
    else if (char === quote) return at + 1;
    else if (char === "\n") return -1;
  }
  return -1;
}

/** Where the first argument of a pair ends: a literal or a plain name (`user`, `self.user`). */
function firstArgumentEnd(text: string, start: number): number {
  const char = text[start];
  if (char === '"' || char === "'") return literalEnd(text, start, MAX_FIRST_ARGUMENT);
  let at = start;
  while (at - start < MAX_FIRST_ARGUMENT && (isNameChar(text[at]) || text[at] === ".")) at += 1;
  return at === start ? -1 : at;
}

/** The text with the second literal of every `auth=(user, "…")`-shaped pair masked. */
export function maskAuthArguments(text: string): string {
  const lower = text.toLowerCase();
  const spans: [number, number][] = [];
  for (const marker of MARKERS) {
    for (let found = lower.indexOf(marker); found >= 0; found = lower.indexOf(marker, found + 1)) {
      let at = found + marker.length;
      if (isNameChar(text[at])) continue; // `authority`, `.login_url`
      at = skipBlanks(text, at);
      if (text[at] === "=") at = skipBlanks(text, at + 1);
      if (text[at] !== "(" && text[at] !== "[") continue;
      const first = skipBlanks(text, at + 1);
      const firstEnd = firstArgumentEnd(text, first);
      if (firstEnd < 0) continue;
      const comma = skipBlanks(text, firstEnd);
      if (text[comma] !== ",") continue;
      const second = skipBlanks(text, comma + 1);
      if (second - comma > MAX_GAP || (text[second] !== '"' && text[second] !== "'")) continue;
      const end = literalEnd(text, second, MAX_SECRET);
      if (end > second + 2) spans.push([second + 1, end - 1]);
    }
  }
  if (spans.length === 0) return text;
  spans.sort((a, b) => a[0] - b[0]);
  let out = "";
  let from = 0;
  for (const [start, end] of spans) {
    if (start < from) continue;
    out += `${text.slice(from, start)}${MASK}`;
    from = end;
  }
  return out + text.slice(from);
}
