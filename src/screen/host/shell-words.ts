// Splits a shell command into words the way a POSIX shell reads quotes, lexically: no expansion,
// no aliases, no here-documents. Unquoted operator characters end a word, so `cat<.env` and
// `a;cat .env` yield `.env` as a word of its own. One pass over the command.

/** One word: its value after quote removal, and the text it was written as. */
export interface ShellWord {
  readonly value: string;
  readonly raw: string;
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r", "\f", "\v"]);
const OPERATORS = new Set([";", "&", "|", "<", ">", "(", ")", "`"]);
// Inside double quotes a backslash escapes only these; before anything else it is a literal.
const DOUBLE_QUOTE_ESCAPES = new Set(["$", "`", '"', "\\", "\n"]);

/**
 * The words of a command, or null when a quote or a trailing backslash is left open (a shell
 * would wait for more input).
 *
 * @example
 * ```ts
 * splitShellWords(`cat ".e"nv|wc`)?.map((word) => word.value); // ["cat", ".env", "wc"]
 * splitShellWords(`echo "open`); // null
 * ```
 */
export function splitShellWords(command: string): ShellWord[] | null {
  const words: ShellWord[] = [];
  let value = "";
  let start = -1;
  let at = 0;
  const finish = (end: number): void => {
    if (start >= 0) words.push({ value, raw: command.slice(start, end) });
    value = "";
    start = -1;
  };
  while (at < command.length) {
    const char = command[at] as string;
    if (WHITESPACE.has(char) || OPERATORS.has(char)) {
      finish(at);
      at += 1;
      continue;
    }
    if (start < 0) start = at;
    if (char === "\\") {
      const next = command[at + 1];
      if (next === undefined) return null;
      // Backslash-newline is a line continuation: both characters vanish.
      if (next !== "\n") value += next;
      at += 2;
    } else if (char === "'") {
      const close = command.indexOf("'", at + 1);
      if (close < 0) return null;
      value += command.slice(at + 1, close);
      at = close + 1;
    } else if (char === '"') {
      const end = readDoubleQuoted(command, at + 1);
      if (end === null) return null;
      value += end.value;
      at = end.next;
    } else {
      value += char;
      at += 1;
    }
  }
  finish(at);
  return words;
}

function readDoubleQuoted(command: string, from: number): { value: string; next: number } | null {
  let value = "";
  let at = from;
  while (at < command.length) {
    const char = command[at] as string;
    if (char === '"') return { value, next: at + 1 };
    const next = command[at + 1];
    if (char === "\\" && next !== undefined && DOUBLE_QUOTE_ESCAPES.has(next)) {
      if (next !== "\n") value += next;
      at += 2;
    } else {
      value += char;
      at += 1;
    }
  }
  return null;
}

/** Whitespace-separated words with quotes left in: the reading used when quotes do not balance. */
export function splitOnWhitespace(command: string): ShellWord[] {
  const words: ShellWord[] = [];
  let start = -1;
  for (let at = 0; at <= command.length; at += 1) {
    const char = command[at];
    const boundary = char === undefined || WHITESPACE.has(char);
    if (boundary && start >= 0) {
      const word = command.slice(start, at);
      words.push({ value: word, raw: word });
      start = -1;
    } else if (!boundary && start < 0) {
      start = at;
    }
  }
  return words;
}
