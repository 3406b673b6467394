// `echo "safe" rm -rf /`: a command written out unquoted right after a quoted string. The shell
// only prints it, but the line is one misplaced quote or `;` away from running it, and it is how
// a quote-boundary confusion looks. So the printed words from such a command name on are judged
// as a command of their own. Quoted text stays data (`echo 'rm -rf /'`, `echo "run: rm -rf /"`),
// as do words printed with no quote before them (`echo rm -rf /`) and a word that only contains
// a command name (`echo "x" firm`).
import type { Word } from "./lexer.js";
import { isAssignment, programName } from "./programs.js";

/**
 * Words judged from the printed command on. A confused command is short; judging a whole
 * 100 KB printout a second time would double the precheck's worst case.
 */
export const PRINTED_COMMAND_WORDS = 32;

/** Programs whose arguments are only printed. */
const PRINTERS: ReadonlySet<string> = new Set(["echo", "printf"]);

/** The programs the precheck's own rules judge, and the wrappers that lead to them. */
const JUDGED: ReadonlySet<string> = new Set([
  "rm", "chmod", "chown", "chgrp", "dd", "wipefs", "shred", "hdparm", "blkdiscard", "mke2fs",
  "sudo", "doas",
]); // prettier-ignore

function judged(name: string): boolean {
  return JUDGED.has(name) || name === "mkfs" || name.startsWith("mkfs.");
}

/**
 * The index of the first unquoted, literal word naming a judged program that follows a quoted
 * argument of echo or printf, or -1. Leading assignments (`X=1 echo …`) are skipped.
 */
export function printedCommandAt(words: readonly Word[]): number {
  const start = words.findIndex((word) => word.parts !== null || !isAssignment(word.text));
  const program = words[start];
  if (program === undefined || program.parts !== null || program.quoted) return -1;
  if (!PRINTERS.has(programName(program.text))) return -1;
  // Only after a quoted argument: that closing quote is the confusion. `echo rm -rf /` is a
  // plain printout of words.
  let afterQuote = false;
  for (let k = start + 1; k < words.length; k++) {
    const word = words[k] as Word;
    if (afterQuote && word.parts === null && !word.quoted && judged(programName(word.text)))
      return k;
    if (word.quoted) afterQuote = true;
  }
  return -1;
}
