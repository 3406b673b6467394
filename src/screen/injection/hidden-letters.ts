// Two ways to hide an instruction in letters a literal scan never sees together: Morse code
// (".. --. -. --- .-. ."), and an acrostic, the first letters of consecutive lines. Both are
// read in one pass; the caller scans what they spell.

const MORSE: Readonly<Record<string, string>> = {
  ".-": "a",
  "-...": "b",
  "-.-.": "c",
  "-..": "d",
  ".": "e",
  "..-.": "f",
  "--.": "g",
  "....": "h",
  "..": "i",
  ".---": "j",
  "-.-": "k",
  ".-..": "l",
  "--": "m",
  "-.": "n",
  "---": "o",
  ".--.": "p",
  "--.-": "q",
  ".-.": "r",
  "...": "s",
  "-": "t",
  "..-": "u",
  "...-": "v",
  ".--": "w",
  "-..-": "x",
  "-.--": "y",
  "--..": "z",
};

// A run shorter than this spells too little to hold an instruction.
const MIN_MORSE_RUN = 24;
// Decoding stops after this many characters of Morse: enough for any instruction.
const MAX_MORSE_CHARS = 65_536;

/** What the Morse runs of the text spell, words separated by spaces; null when there are none. */
export function decodeMorse(text: string): string | null {
  if (!text.includes(".-") && !text.includes("-.")) return null;
  const spelled: string[] = [];
  let read = 0;
  let start = -1;
  for (let i = 0; i <= text.length && read < MAX_MORSE_CHARS; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 0;
    // Dots, dashes, spaces and the slashes and bars that part words.
    if (code === 46 || code === 45 || code === 32 || code === 47 || code === 124) {
      if (start === -1) start = i;
      continue;
    }
    if (start !== -1 && i - start >= MIN_MORSE_RUN) {
      read += i - start;
      const decoded = decodeRun(text.slice(start, i));
      if (decoded !== null) spelled.push(decoded);
    }
    start = -1;
  }
  return spelled.length === 0 ? null : spelled.join("\n");
}

function decodeRun(run: string): string | null {
  // Letters are parted by a space, words by a slash, a bar or a run of three spaces.
  let spelled = "";
  let letters = 0;
  let blanks = 0;
  for (const symbol of run.replaceAll("/", " / ").replaceAll("|", " / ").split(" ")) {
    if (symbol === "") {
      if (++blanks === 2) spelled += " ";
      continue;
    }
    blanks = 0;
    if (symbol === "/") {
      spelled += " ";
      continue;
    }
    const letter = MORSE[symbol];
    // Anything but Morse (a rule of dashes, an ellipsis) ends the reading of this run.
    if (letter === undefined) break;
    spelled += letter;
    letters++;
  }
  return letters >= 8 ? spelled : null;
}

// Fewer lines than this spell no instruction.
const MIN_ACROSTIC_LINES = 6;

/** The first letters of the text's lines, lower-cased; null for a text of few lines. */
export function lineInitials(text: string): string | null {
  let initials = "";
  // Line by line with the native search for the newline; only a line's first few characters
  // are read here. A line that opens with a bullet, a number or blanks is read from its first
  // letter; a line with no letter among its first eight characters adds nothing.
  for (let at = 0; at < text.length;) {
    const limit = Math.min(text.length, at + 8);
    for (let i = at; i < limit; i++) {
      const code = text.charCodeAt(i);
      const lower = code | 32;
      if (lower >= 97 && lower <= 122) {
        initials += String.fromCharCode(lower);
        break;
      }
      if (code === 10) break;
    }
    const newline = text.indexOf("\n", at);
    if (newline === -1) break;
    at = newline + 1;
  }
  return initials.length >= MIN_ACROSTIC_LINES ? initials : null;
}
