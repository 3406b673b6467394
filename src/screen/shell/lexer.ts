// A shell lexer for screening, not for running. It reads a bash-like command string once, left
// to right, and produces words (with quotes removed and escapes applied, the way the shell would
// hand them to a program), operators, redirections with their targets, here-document bodies and
// the nested scripts of $(...), `...`, <(...) and >(...).
//
// Linear time: every character is visited a bounded number of times. Nesting is followed by
// recursion only MAX_DEPTH levels deep; deeper substitutions are skipped by a flat bracket counter
// and reported through `tooDeep`, so a hostile "$($($(…" can neither recurse the stack away nor
// make the scan quadratic. Backtick bodies are the one place a slice is lexed again, and they are
// bounded by the same depth.

export const MAX_DEPTH = 24;
/**
 * Substitutions lexed per script, nested ones included. Each costs the checker a fixed amount
 * of work however short it is, so a line of 40k `` `a` `` would cost far more than its length;
 * no honest command holds this many, and a script that does is refused as unscreenable.
 */
export const MAX_SUBSTITUTIONS = 2048;

/** A piece of a word: literal text, or the output of a nested script. */
export type WordPart =
  | { readonly text: string }
  /** `process` marks <(…) and >(…): the word is a file name, never split into words. */
  | { readonly script: Script; readonly process?: boolean };

export interface Word {
  readonly kind: "word";
  /**
   * The pieces of a word that holds a substitution. A word of literal text alone, by far the most
   * common, has null here and its text in `text`: one object per word, not three.
   */
  readonly parts: readonly WordPart[] | null;
  /** The literal text of a word without substitutions; "" when `parts` is set. */
  readonly text: string;
  /** Some part of the word was quoted (so `~` and globbing did not apply to it). */
  readonly quoted: boolean;
  /**
   * The word begins with a quoted or escaped `~` (`'~'`, `"~/x"`, `\~`): a file named `~`, which
   * the shell does not expand to the home directory. Absent otherwise.
   */
  readonly literalTilde?: true;
}

export type OperatorText = ";" | "&&" | "||" | "|" | "|&" | "&" | "\n" | "(" | ")" | ";;";

export interface Operator {
  readonly kind: "op";
  readonly op: OperatorText;
}

// Operator tokens carry no position or state, so one frozen token per operator serves every use.
const OPERATORS: Readonly<Record<OperatorText, Operator>> = Object.freeze(
  Object.fromEntries(
    ([";", "&&", "||", "|", "|&", "&", "\n", "(", ")", ";;"] as const).map((op) => [
      op,
      Object.freeze({ kind: "op", op }),
    ]),
  ) as Record<OperatorText, Operator>,
);

export interface HereDocument {
  readonly body: string;
  /** Unquoted delimiters expand $(...) and `...` inside the body. */
  readonly scripts: readonly Script[];
}

export interface Redirect {
  readonly kind: "redirect";
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `<>`, `<`, `<&`, `>&`, `<<`, `<<-`, `<<<`. */
  readonly op: string;
  target: Word | null;
  hereDocument: HereDocument | null;
}

export type Token = Word | Operator | Redirect;

export interface Script {
  readonly tokens: readonly Token[];
  /** Some substitution was nested deeper than MAX_DEPTH and was not lexed. */
  readonly tooDeep: boolean;
  /** Non-empty substitutions inside, at any depth (absent for none). */
  readonly substitutions?: number;
  /**
   * The text after a quote that is never closed (absent when every quote closes). bash runs
   * nothing of such a line, but the precheck judges it as if the quote were not there: a
   * missing quote is one keystroke from running what it holds.
   */
  readonly unclosed?: string;
}

interface AwaitingDelimiter {
  readonly redirect: Redirect;
  readonly stripTabs: boolean;
}

interface PendingHereDocument {
  readonly redirect: Redirect;
  readonly delimiter: string;
  readonly stripTabs: boolean;
  readonly expands: boolean;
}

const BLANK = new Set([" ", "\t", "\r"]);
// The shared empty lists a lexer starts with; each is replaced on first use, never pushed to.
const NO_PARTS: WordPart[] = [];
const NO_PENDING: PendingHereDocument[] = [];
const NO_DELIMITERS: AwaitingDelimiter[] = [];
// Characters that end a run of ordinary text, outside quotes and inside double quotes.
const SPECIAL_UNQUOTED = codeTable(" \t\r\n\\#;|&()<>'\"$`");
const SPECIAL_DOUBLE_QUOTED = codeTable('"\\$`');

/** A lookup by UTF-16 code unit for ASCII characters: the inner loops test a number, not a string. */
function codeTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let k = 0; k < chars.length; k++) table[chars.charCodeAt(k)] = 1;
  return table;
}

/** The end of the run of ordinary characters starting at `from`. */
function runEnd(src: string, from: number, special: Uint8Array): number {
  let j = from;
  for (; j < src.length; j++) {
    const code = src.charCodeAt(j);
    if (code < 128 && special[code] === 1) break;
  }
  return j;
}
// Literal words up to this length are shared between their occurrences, at most this many.
const MAX_SHARED_WORD = 32;
const MAX_SHARED_WORDS = 4096;
const SHARE_AFTER_TOKENS = 256;
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/** Lexes a whole command string. */
export function lexScript(source: string, depth = 0): Script {
  return new Lexer(source, depth).run("top").script;
}

class Lexer {
  private i = 0;
  private tooDeep = false;
  private substitutions = 0;
  private unclosed: string | undefined;
  private readonly tokens: Token[] = [];
  private parts: WordPart[] = NO_PARTS;
  private literal = "";
  private inWord = false;
  private quoted = false;
  /** The current word's first character came from quotes or a backslash. */
  private startsQuoted = false;
  private redirectAwaitingTarget: Redirect | null = null;
  // Allocated on first use: most scripts (and most of the thousands of tiny substitution
  // bodies a hostile line can hold) have no here-document and no substitution in a word.
  private pending: PendingHereDocument[] = NO_PENDING;
  private awaitingDelimiter: AwaitingDelimiter[] = NO_DELIMITERS;
  private parenLevel = 0;
  /**
   * `case` commands open and not yet closed by `esac`: inside one, the `)` after each pattern
   * does not close a `$(…)` (`$(case x in x) rm -rf /;; esac)` is one substitution).
   */
  private caseLevel = 0;
  /** Short literal words met so far, shared (see literalWord); made on the first word. */
  private words: Map<string, Word> | null = null;

  constructor(
    private readonly src: string,
    private readonly depth: number,
    start = 0,
  ) {
    this.i = start;
  }

  /** Lexes until the end (top) or the `)` that closes a substitution (paren). */
  run(mode: "top" | "paren"): { script: Script; end: number } {
    const src = this.src;
    const n = src.length;
    while (this.i < n) {
      const c = src[this.i] as string;
      if (BLANK.has(c)) {
        this.endWord();
        this.i++;
      } else if (c === "\\") {
        this.backslash();
      } else if (c === "#" && !this.inWord) {
        while (this.i < n && src[this.i] !== "\n") this.i++;
      } else if (c === "\n") {
        this.endWord();
        this.pushOperator("\n");
        this.i++;
        this.readHereDocuments(mode);
      } else if (c === ";" || c === "|" || (c === "&" && src[this.i + 1] !== ">")) {
        this.endWord();
        this.operator(c);
      } else if (c === "(" && this.extglobEnd() > 0) {
        // `/!(tmp)`, `@(etc|usr)`: an extended glob is part of its word, not a subshell.
        const close = this.extglobEnd();
        this.literal += src.slice(this.i, close + 1);
        this.i = close + 1;
      } else if (c === "(") {
        this.endWord();
        this.parenLevel++;
        this.pushOperator("(");
        this.i++;
      } else if (c === ")") {
        this.endWord();
        this.i++;
        if (mode === "paren" && this.parenLevel === 0 && this.caseLevel === 0) return this.finish();
        this.parenLevel = Math.max(0, this.parenLevel - 1);
        this.pushOperator(")");
      } else if ((c === "<" || c === ">") && src[this.i + 1] === "(") {
        this.startWord();
        this.pushScript(this.nested(this.i + 2), true);
      } else if (c === "<" || c === ">" || c === "&") {
        this.redirect();
      } else if (c === "'") {
        this.singleQuoted();
      } else if (c === '"') {
        this.i++;
        this.doubleQuoted();
      } else if (c === "$") {
        this.dollar(false);
      } else if (c === "`") {
        this.startWord();
        this.pushScript(this.backtick());
      } else {
        this.startWord();
        // Take the whole run of ordinary characters at once.
        const j = runEnd(src, this.i + 1, SPECIAL_UNQUOTED);
        this.literal += src.slice(this.i, j);
        this.i = j;
      }
    }
    return this.finish();
  }

  private finish(): { script: Script; end: number } {
    this.endWord();
    let script: Script =
      this.substitutions === 0
        ? { tokens: this.tokens, tooDeep: this.tooDeep }
        : { tokens: this.tokens, tooDeep: this.tooDeep, substitutions: this.substitutions };
    if (this.unclosed !== undefined) script = { ...script, unclosed: this.unclosed };
    return { script, end: this.i };
  }

  private startWord(): void {
    this.inWord = true;
  }

  /**
   * Where the extended glob opened by the `(` at the cursor closes, or -1: it follows
   * `@ ? + * !` in a word of plain text and closes within 256 characters, with no `(`, blank or
   * newline before that. Only those 256 are read, so a line of unclosed `!(` stays linear.
   */
  private extglobEnd(): number {
    if (!this.inWord || this.parts.length > 0 || !/[@?+*!]$/.test(this.literal)) return -1;
    const window = this.src.slice(this.i + 1, this.i + 257);
    const close = window.indexOf(")");
    if (close < 0 || /[(\s]/.test(window.slice(0, close))) return -1;
    return this.i + 1 + close;
  }

  /** Notes, before quoted text is added, whether it is the word's first character. */
  private quoteStarts(): void {
    if (!this.inWord || (this.literal === "" && this.parts.length === 0)) this.startsQuoted = true;
  }

  /** A nested script's output joins the word after the literal text that came before it. */
  private pushScript(script: Script, process = false): void {
    // `$()` and an empty pair of backticks print nothing, so they add nothing to the word:
    // `r$()m` is the word `rm`. (An empty `<(…)` is still a file name.)
    if (script === EMPTY_SCRIPT && !process) return;
    this.flushLiteral();
    if (this.parts === NO_PARTS) this.parts = [];
    this.parts.push(process ? { script, process } : { script });
  }

  private flushLiteral(): void {
    if (this.literal !== "") {
      if (this.parts === NO_PARTS) this.parts = [];
      this.parts.push({ text: this.literal });
      this.literal = "";
    }
  }

  /** `case` in command position opens a case command; `esac` closes the innermost one. */
  private trackCase(text: string): void {
    if (text === "esac") {
      if (this.caseLevel > 0) this.caseLevel--;
      return;
    }
    if (text !== "case") return;
    const last = this.tokens[this.tokens.length - 1];
    if (last === undefined || last.kind === "op") this.caseLevel++;
  }

  private endWord(): void {
    if (!this.inWord) return;
    let word: Word;
    if (this.parts.length === 0) {
      if (!this.quoted && this.redirectAwaitingTarget === null) this.trackCase(this.literal);
      const literalTilde = this.startsQuoted && this.literal.startsWith("~");
      word = literalTilde
        ? { kind: "word", parts: null, text: this.literal, quoted: true, literalTilde }
        : this.literalWord(this.literal, this.quoted);
      this.literal = "";
    } else {
      this.flushLiteral();
      word = { kind: "word", parts: this.parts, text: "", quoted: this.quoted };
      this.parts = NO_PARTS;
    }
    this.inWord = false;
    this.quoted = false;
    this.startsQuoted = false;
    const redirect = this.redirectAwaitingTarget;
    if (redirect !== null) {
      redirect.target = word;
      this.redirectAwaitingTarget = null;
      const waiting = this.awaitingDelimiter.shift();
      if (waiting !== undefined) {
        if (this.pending === NO_PENDING) this.pending = [];
        this.pending.push({
          redirect: waiting.redirect,
          delimiter: plainText(word),
          stripTabs: waiting.stripTabs,
          expands: !word.quoted,
        });
      }
      return;
    }
    this.tokens.push(word);
  }

  /**
   * A word of plain text. Words are immutable, so a short one that recurs (`x | x | x …`, the
   * same flag or name again and again) is one shared object: a hostile line of 30k stages then
   * keeps 30k references alive, not 30k objects for the collector to copy.
   */
  private literalWord(text: string, quoted: boolean): Word {
    // An ordinary command is short: sharing pays only on long lines.
    if (text.length > MAX_SHARED_WORD || this.tokens.length < SHARE_AFTER_TOKENS)
      return { kind: "word", parts: null, text, quoted };
    const key = quoted ? `'${text}` : text;
    if (this.words === null) this.words = new Map();
    let word = this.words.get(key);
    if (word === undefined) {
      word = Object.freeze({ kind: "word", parts: null, text, quoted });
      if (this.words.size < MAX_SHARED_WORDS) this.words.set(key, word);
    }
    return word;
  }

  private pushOperator(op: OperatorText): void {
    this.tokens.push(OPERATORS[op]);
  }

  private operator(c: string): void {
    const next = this.src[this.i + 1];
    if (c === ";") {
      this.i += next === ";" || next === "&" ? 2 : 1;
      this.pushOperator(next === ";" ? ";;" : ";");
    } else if (c === "|") {
      this.i += next === "|" || next === "&" ? 2 : 1;
      this.pushOperator(next === "|" ? "||" : next === "&" ? "|&" : "|");
    } else {
      this.i += next === "&" ? 2 : 1;
      this.pushOperator(next === "&" ? "&&" : "&");
    }
  }

  private backslash(): void {
    const next = this.src[this.i + 1];
    if (next === "\n") {
      this.i += 2; // line continuation: the two characters vanish
      return;
    }
    this.quoteStarts();
    this.startWord();
    this.quoted = true;
    if (next !== undefined) this.literal += next;
    this.i += 2;
  }

  private redirect(): void {
    // A word made only of digits just before < or > names a file descriptor, not an argument.
    if (this.inWord && this.parts.length === 0 && /^[0-9]+$/.test(this.literal)) {
      this.literal = "";
      this.inWord = false;
      this.quoted = false;
    } else {
      this.endWord();
    }
    const src = this.src;
    let op = "";
    for (const candidate of [
      "&>>",
      "<<<",
      "<<-",
      "&>",
      ">>",
      ">|",
      ">&",
      "<<",
      "<>",
      "<&",
      ">",
      "<",
    ]) {
      if (src.startsWith(candidate, this.i)) {
        op = candidate;
        break;
      }
    }
    this.i += op.length;
    const redirect: Redirect = { kind: "redirect", op, target: null, hereDocument: null };
    this.tokens.push(redirect);
    this.redirectAwaitingTarget = redirect;
    if (op === "<<" || op === "<<-") {
      if (this.awaitingDelimiter === NO_DELIMITERS) this.awaitingDelimiter = [];
      this.awaitingDelimiter.push({ redirect, stripTabs: op === "<<-" });
    }
  }

  private singleQuoted(): void {
    this.quoteStarts();
    this.startWord();
    this.quoted = true;
    const close = this.src.indexOf("'", this.i + 1);
    const end = close === -1 ? this.src.length : close;
    if (close === -1) this.unclosed ??= this.src.slice(this.i + 1);
    this.literal += this.src.slice(this.i + 1, end);
    this.i = end + 1;
  }

  private doubleQuoted(): void {
    this.quoteStarts();
    this.startWord();
    this.quoted = true;
    const src = this.src;
    const opened = this.i;
    while (this.i < src.length) {
      const c = src[this.i] as string;
      if (c === '"') {
        this.i++;
        return;
      }
      if (c === "\\") {
        const next = src[this.i + 1];
        if (next === "\n") this.i += 2;
        else if (next === "$" || next === "`" || next === '"' || next === "\\") {
          this.literal += next;
          this.i += 2;
        } else {
          this.literal += c;
          this.i++;
        }
      } else if (c === "$") {
        this.dollar(true);
      } else if (c === "`") {
        this.pushScript(this.backtick());
      } else {
        const j = runEnd(src, this.i + 1, SPECIAL_DOUBLE_QUOTED);
        this.literal += src.slice(this.i, j);
        this.i = j;
      }
    }
    this.unclosed ??= src.slice(opened);
  }

  private dollar(inDoubleQuotes: boolean): void {
    const src = this.src;
    const next = src[this.i + 1];
    if (next === "(") {
      this.startWord();
      this.pushScript(this.nested(this.i + 2));
    } else if (next === "'" && !inDoubleQuotes) {
      this.quoteStarts();
      this.startWord();
      this.quoted = true;
      this.ansiC();
    } else if (next === '"' && !inDoubleQuotes) {
      this.i += 2;
      this.doubleQuoted();
    } else if (next === "{") {
      const close = braceEnd(src, this.i + 2);
      const inner = src.slice(this.i + 2, close);
      this.i = Math.min(src.length, close + 1);
      if (!inDoubleQuotes && inner.startsWith("IFS")) {
        this.endWord(); // unquoted ${IFS} splits words like a blank
        return;
      }
      this.startWord();
      // bash 5.3 runs `${ cmd; }` and `${| cmd; }` in the current shell and substitutes what
      // they print (or REPLY): a command substitution by another spelling.
      const funsub = /^[ \t\n|]/.test(inner);
      if (funsub || inner.includes("$(") || inner.includes("`")) {
        // `${x:-$(cmd)}` runs cmd when x is unset: the operand is lexed as a nested script so
        // that the substitutions inside it are screened (its value stays unknown).
        if (!funsub) this.literal += "${";
        if (this.depth + 1 >= MAX_DEPTH || this.substitutions >= MAX_SUBSTITUTIONS)
          this.tooDeep = true;
        else {
          const script = lexScript(inner.replace(/^\|/, ""), this.depth + 1);
          this.count(script);
          this.pushScript(script);
        }
        if (!funsub) this.literal += "}";
        return;
      }
      this.literal += "${" + inner + "}";
    } else if (
      !inDoubleQuotes &&
      src.startsWith("IFS", this.i + 1) &&
      !isNameChar(src[this.i + 4])
    ) {
      this.i += 4;
      this.endWord();
    } else {
      this.startWord();
      let j = this.i + 1;
      if (j < src.length && NAME_START.test(src[j] as string)) {
        while (j < src.length && NAME_CHAR.test(src[j] as string)) j++;
        // Quote removal must not join the name to the text after it: `$a"m"` names `a`, so
        // the word is kept as `${a}m`, not `$am`.
        const after = src[j];
        if (after === '"' || after === "'" || after === "\\") {
          this.literal += `\${${src.slice(this.i + 1, j)}}`;
          this.i = j;
          return;
        }
      } else if (j < src.length && /[0-9@*#?$!-]/.test(src[j] as string)) {
        j++;
      }
      this.literal += src.slice(this.i, j);
      this.i = j;
    }
  }

  /** $'…' with C escapes decoded, as bash does before the program sees the word. */
  private ansiC(): void {
    const src = this.src;
    let j = this.i + 2;
    let out = "";
    while (j < src.length && src[j] !== "'") {
      const c = src[j] as string;
      if (c !== "\\" || j + 1 >= src.length) {
        out += c;
        j++;
        continue;
      }
      const e = src[j + 1] as string;
      j += 2;
      const simple: Record<string, string> = {
        n: "\n",
        t: "\t",
        r: "\r",
        a: "\x07",
        b: "\b",
        e: "\x1b",
        E: "\x1b",
        f: "\f",
        v: "\v",
        "\\": "\\",
        "'": "'",
        '"': '"',
        "?": "?",
      };
      if (simple[e] !== undefined) {
        out += simple[e];
      } else if (e === "x" || e === "u" || e === "U") {
        const max = e === "x" ? 2 : e === "u" ? 4 : 8;
        let k = 0;
        while (k < max && /[0-9A-Fa-f]/.test(src[j + k] ?? "")) k++;
        const code = k === 0 ? NaN : parseInt(src.slice(j, j + k), 16);
        out += Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : "";
        j += k;
      } else if (/[0-7]/.test(e)) {
        let k = 0;
        while (k < 2 && /[0-7]/.test(src[j + k] ?? "")) k++;
        out += String.fromCharCode(parseInt(e + src.slice(j, j + k), 8) & 0xff);
        j += k;
      } else {
        out += "\\" + e;
      }
    }
    // The string is a C string: a NUL ends it (`$'/\0etc'` is "/").
    const nul = out.indexOf("\0");
    this.literal += nul < 0 ? out : out.slice(0, nul);
    this.i = j + 1;
  }

  /** A $(…), <(…) or >(…) body starting at `start`; leaves `i` after its closing `)`. */
  private nested(start: number): Script {
    if (this.src[start] === ")") {
      this.i = start + 1;
      return EMPTY_SCRIPT;
    }
    if (this.depth + 1 >= MAX_DEPTH || this.substitutions >= MAX_SUBSTITUTIONS) {
      this.tooDeep = true;
      this.i = skipBalanced(this.src, start);
      return UNSCREENABLE;
    }
    const inner = new Lexer(this.src, this.depth + 1, start);
    const { script, end } = inner.run("paren");
    this.count(script);
    this.i = end;
    return script;
  }

  private backtick(): Script {
    const src = this.src;
    let j = this.i + 1;
    // The body is copied in runs between escapes, not a character at a time: a 128 KiB run of
    // backticks is 64k bodies, and per-character concatenation made each one cost far more
    // than the characters it holds.
    let body = "";
    let runStart = j;
    while (j < src.length && src[j] !== "`") {
      if (src[j] === "\\" && (src[j + 1] === "`" || src[j + 1] === "\\" || src[j + 1] === "$")) {
        body += src.slice(runStart, j) + (src[j + 1] as string);
        j += 2;
        runStart = j;
      } else j++;
    }
    body += src.slice(runStart, j);
    this.i = j + 1;
    // An empty body prints nothing: one shared script, no lexer.
    if (isBlankText(body)) return EMPTY_SCRIPT;
    if (this.depth + 1 >= MAX_DEPTH || this.substitutions >= MAX_SUBSTITUTIONS) {
      this.tooDeep = true;
      return UNSCREENABLE;
    }
    const script = lexScript(body, this.depth + 1);
    this.count(script);
    return script;
  }

  /** A nested script's depth and substitution count carry up to the script holding it. */
  private count(script: Script): void {
    if (script.tooDeep) this.tooDeep = true;
    this.substitutions += 1 + (script.substitutions ?? 0);
    if (this.substitutions > MAX_SUBSTITUTIONS) this.tooDeep = true;
  }

  private readHereDocuments(mode: "top" | "paren"): void {
    const src = this.src;
    while (this.pending.length > 0) {
      const doc = this.pending.shift() as PendingHereDocument;
      const lines: string[] = [];
      for (;;) {
        if (this.i >= src.length) break;
        const eol = src.indexOf("\n", this.i);
        const lineEnd = eol === -1 ? src.length : eol;
        let line = src.slice(this.i, lineEnd);
        if (doc.stripTabs) line = line.replace(/^\t+/, "");
        if (line === doc.delimiter) {
          this.i = lineEnd + (eol === -1 ? 0 : 1);
          break;
        }
        // Inside $( ), the delimiter may be followed directly by the closing parenthesis.
        if (mode === "paren" && line.startsWith(doc.delimiter + ")")) {
          this.i = lineEnd - line.length + doc.delimiter.length;
          break;
        }
        lines.push(line);
        this.i = lineEnd + (eol === -1 ? 0 : 1);
      }
      const body = lines.join("\n");
      doc.redirect.hereDocument = {
        body,
        scripts: doc.expands ? expansionsIn(body, this.depth + 1) : [],
      };
      if (doc.expands && this.depth + 1 >= MAX_DEPTH && /\$\(|`/.test(body)) this.tooDeep = true;
    }
  }
}

/** The script of an empty substitution (`` ` ` `` or `$()`): no commands, empty output. */
export const EMPTY_SCRIPT: Script = Object.freeze({ tokens: Object.freeze([]), tooDeep: false });
/** The stand-in for a substitution too deep, or one too many, to be lexed. */
const UNSCREENABLE: Script = Object.freeze({ tokens: Object.freeze([]), tooDeep: true });

function isBlankText(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return false;
  }
  return true;
}

/** The literal text of a word, with nested scripts contributing nothing. */
export function plainText(word: Word): string {
  if (word.parts === null) return word.text;
  let out = "";
  for (const part of word.parts) if ("text" in part) out += part.text;
  return out;
}

/** The nested scripts that $(…) and `…` in a here-document body or other expanding text run. */
export function expansionsIn(text: string, depth: number): Script[] {
  if (depth >= MAX_DEPTH) return [];
  const scripts: Script[] = [];
  let i = 0;
  while (i < text.length) {
    if (scripts.length >= MAX_SUBSTITUTIONS) {
      scripts.push(UNSCREENABLE);
      break;
    }
    const c = text[i];
    if (c === "\\") {
      i += 2;
    } else if (c === "$" && text[i + 1] === "(") {
      const { script, end } = new Lexer(text, depth, i + 2).run("paren");
      scripts.push(script);
      i = end;
    } else if (c === "`") {
      const close = text.indexOf("`", i + 1);
      const end = close === -1 ? text.length : close;
      scripts.push(lexScript(text.slice(i + 1, end), depth));
      i = end + 1;
    } else {
      i++;
    }
  }
  return scripts;
}

function isNameChar(c: string | undefined): boolean {
  return c !== undefined && NAME_CHAR.test(c);
}

/** Index of the `}` closing a ${…} that starts at `start`, counting nested braces. */
function braceEnd(src: string, start: number): number {
  let level = 0;
  for (let j = start; j < src.length; j++) {
    const c = src[j];
    if (c === "{") level++;
    else if (c === "}") {
      if (level === 0) return j;
      level--;
    }
  }
  return src.length;
}

/** Index after the `)` balancing an already-open `(`, by counting alone: the too-deep path. */
function skipBalanced(src: string, start: number): number {
  let level = 0;
  for (let j = start; j < src.length; j++) {
    const c = src[j];
    if (c === "(") level++;
    else if (c === ")") {
      if (level === 0) return j + 1;
      level--;
    }
  }
  return src.length;
}
