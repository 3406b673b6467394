// Payload splitting: an instruction cut into quoted pieces that the reader is told to join
// ("a = 'Ignore all prev', b = 'ious instructions'; do a + b"), or written backwards and to be
// read in reverse. Each piece alone is harmless; when the text also tells the reader to act on
// the result, the caller scans the pieces joined (or the stretch reversed) as text of its own.
//
// One pass over a bounded stretch, each quote looked at once: linear in the stretch.

const QUOTES: Readonly<Record<string, string>> = {
  "'": "'",
  '"': '"',
  "‘": "’",
  "“": "”",
  "`": "`",
};
const MAX_PIECE = 60;
const MAX_PIECES = 12;

// How the text tells the reader to put the pieces together.
const JOIN_WORDS = [
  "concatenat",
  "combine",
  "join",
  "put together",
  "merge",
  "assemble",
  "+",
  "glue",
  "stitch",
];
const REVERSE_WORDS = ["backward", "reversed", "in reverse", "reverse order", "reverse it"];
// And to act on what comes out: code that joins strings does not tell anyone to obey them.
const ACT_WORDS = [
  "do what",
  "do it",
  "do c",
  "do that",
  "execute",
  "obey",
  "follow",
  "act on",
  "carry out",
  "perform",
  "comply",
  "then do",
  "and do",
];

/** Whether the stretch tells the reader to act on the reassembled text. */
function asksToAct(folded: string): boolean {
  return ACT_WORDS.some((w) => folded.includes(w));
}

// Before any folding: quotes, and a word or sign of joining or reversing, in the raw stretch.
const QUOTE_CHAR = /['"‘“`]/;
const JOIN_HINT = /\+|concatenat|combin|join|put together|assembl|glue|stitch/i;
const REVERSE_HINT = /backward|revers/i;

/** Whether the raw stretch can hold pieces to be joined or text to be reversed at all. */
export function maySplit(raw: string): boolean {
  return (QUOTE_CHAR.test(raw) && JOIN_HINT.test(raw)) || REVERSE_HINT.test(raw);
}

/**
 * The quoted pieces of the stretch joined, when the stretch asks for them to be joined: once
 * glued ("ign" + "ore") and once with blanks ("reveal your" + "system prompt"), on two lines.
 */
export function joinedPieces(folded: string): string | null {
  if (!JOIN_WORDS.some((w) => folded.includes(w)) || !asksToAct(folded)) return null;
  const pieces: string[] = [];
  let i = 0;
  while (i < folded.length && pieces.length < MAX_PIECES) {
    const close = QUOTES[folded[i] as string];
    if (close === undefined) {
      i++;
      continue;
    }
    const end = folded.indexOf(close, i + 1);
    const piece = end === -1 ? "" : folded.slice(i + 1, end);
    if (end === -1 || end - i - 1 > MAX_PIECE || piece.includes("\n")) {
      i++;
      continue;
    }
    pieces.push(piece);
    i = end + 1;
  }
  return pieces.length >= 2 ? `${pieces.join("")}\n${pieces.join(" ")}` : null;
}

/** The stretch reversed, when it asks to be read backwards. */
export function reversedStretch(folded: string): string | null {
  if (!REVERSE_WORDS.some((w) => folded.includes(w)) || !asksToAct(folded)) return null;
  return [...folded].reverse().join("");
}
