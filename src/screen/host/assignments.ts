// Recogniser for a value assigned to a name that says it is secret: `API_KEY=…`,
// `export GITHUB_TOKEN=…`, `password: …` (YAML, HTTP headers), `"client_secret": "…"` (JSON, Python
// reprs), `--db-password=…`. The name and separator are kept; the value becomes `<redacted>`
// (inside its quotes when it was quoted, so JSON stays JSON).
//
// What counts as a secret name. The spec's rule is "the name contains KEY, TOKEN, SECRET,
// PASSWORD, PASSWD or CREDENTIAL". Taken literally it also hides `tokenizer=bert`,
// `keyboard=us` and `keyword: x`, which are common in the output of scientific code. Here the
// keyword must end a word part of the name: it is followed by nothing, by a non-letter
// (`API_KEY_ID`, `token2`), by an upper-case letter after a lower-case one (`apiKeyId`), or by a
// plural `s` that ends the part (`TOKENS`, `secrets.json`). What comes before it is not checked,
// so `APIKEY`, `accesstoken` and `mypassword` still count; so does `monkey`, the cost of that.
//
// Where the value ends, chosen by context so a value with spaces is not half shown:
// - a quoted value runs to its closing quote (a backslash escapes one character) or else to the
//   end of the line;
// - `name = value` with blanks around `=` (dotenv, INI, TOML; never a shell assignment) and
//   `name: value` at the start of a line (YAML, a header, a YAML list item) run to the end of the
//   line;
// - after a quoted name (JSON), the value stops at blanks, `,`, `}`, `]`, `)`, `;` or a quote;
// - after `name: ` in the middle of a line (a header inside `curl -H '…'`), at the end of the line
//   or a quote;
// - `NAME=value` stops where a shell ends the word: blanks, a quote, `&`, `;`, `|` or a backtick.
//   So `API_KEY=… python run.py` keeps its command, and a secret with an unquoted space in `env`
//   output shows what follows the space: the one case where stopping early was chosen over
//   hiding the command line of every `NAME=value cmd`.
import {
  isAsciiAlphanumeric,
  isAsciiLetter,
  redactTokenShapes,
  type Redaction,
} from "./secret-shapes.js";

const KEYWORDS = ["key", "token", "secret", "password", "passwd", "credential"];
const MAX_LINE_PREFIX = 32;

/** `[A-Za-z0-9_.-]`: characters of a variable, key, header or flag name. */
function isNameChar(code: number): boolean {
  return isAsciiAlphanumeric(code) || code === 0x5f || code === 0x2e || code === 0x2d;
}

function isUpper(code: number): boolean {
  return code >= 0x41 && code <= 0x5a;
}

function keywordEndsPart(name: string, end: number): boolean {
  const next = name.charCodeAt(end);
  if (end >= name.length || !isAsciiLetter(next)) return true;
  if (isUpper(next) && !isUpper(name.charCodeAt(end - 1))) return true;
  if (next === 0x73 || next === 0x53) {
    const after = name.charCodeAt(end + 1);
    return end + 1 >= name.length || !isAsciiLetter(after) || (isUpper(after) && next === 0x73);
  }
  return false;
}

/** Whether a name says its value is secret (see the file comment). */
export function nameIsSecret(name: string): boolean {
  const lower = name.toLowerCase();
  for (const keyword of KEYWORDS) {
    for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + 1)) {
      if (keywordEndsPart(name, at + keyword.length)) return true;
    }
  }
  return false;
}

/** The index of the first character at or after `from` that is not a space or a tab. */
export function skipBlanks(text: string, from: number): number {
  let at = from;
  while (text[at] === " " || text[at] === "\t") at += 1;
  return at;
}

const isLineEnd = (char: string | undefined): boolean =>
  char === undefined || char === "\n" || char === "\r";

/** Whether only blanks, or a YAML list dash, precede `at` on its line (looked at up to a bound). */
function startsLine(text: string, at: number): boolean {
  let lineStart = at;
  while (lineStart > 0 && !isLineEnd(text[lineStart - 1])) {
    if (at - lineStart >= MAX_LINE_PREFIX) return false;
    lineStart -= 1;
  }
  const lead = text.slice(lineStart, at).trim();
  return lead === "" || lead === "-";
}

type ValueContext = "json" | "line" | "header" | "argument";

const STOPS: Readonly<Record<ValueContext, ReadonlySet<string>>> = {
  json: new Set([" ", "\t", ",", "}", "]", ")", ";", '"', "'"]),
  line: new Set(),
  header: new Set(['"', "'"]),
  argument: new Set([" ", "\t", '"', "'", "&", ";", "|", "`"]),
};

function unquotedValueEnd(text: string, from: number, context: ValueContext): number {
  const stops = STOPS[context];
  let at = from;
  while (!isLineEnd(text[at]) && !stops.has(text[at] as string)) at += 1;
  return at;
}

/** The index after the closing quote, or the end of the line when the quote never closes. */
function quotedValueEnd(text: string, open: number): { end: number; closed: boolean } {
  const quote = text[open];
  let at = open + 1;
  while (!isLineEnd(text[at])) {
    if (text[at] === "\\") at += 2;
    else if (text[at] === quote) return { end: at + 1, closed: true };
    else at += 1;
  }
  return { end: Math.min(at, text.length), closed: false };
}

/**
 * A secret assignment starting at `at`, where `at` is the first character of a name (or the quote
 * before a quoted name). The name is never part of a longer name: the caller's position is
 * checked.
 */
export function matchAssignment(text: string, at: number): Redaction | null {
  const first = text[at];
  const quote = first === '"' || first === "'" ? first : null;
  const nameStart = quote === null ? at : at + 1;
  if (!isNameChar(text.charCodeAt(nameStart))) return null;
  if (quote === null && at > 0 && isNameChar(text.charCodeAt(at - 1))) return null;
  let nameEnd = nameStart;
  while (isNameChar(text.charCodeAt(nameEnd))) nameEnd += 1;
  let separator = nameEnd;
  if (quote !== null) {
    if (text[separator] !== quote) return null;
    separator += 1;
    // A subscript: `os.environ['API_KEY'] = …`, `config["token"]=…`.
    if (text[separator] === "]") separator += 1;
  }
  separator = skipBlanks(text, separator);
  const sign = text[separator];
  // A quoted name and a quoted value as two arguments: `os.putenv('API_TOKEN', '…')`,
  // `environ.setdefault("PASSWORD", "…")`.
  if (sign === "," && quote !== null) {
    const valueAt = skipBlanks(text, separator + 1);
    const valueQuote = text[valueAt];
    if (valueQuote !== '"' && valueQuote !== "'") return null;
    if (!nameIsSecret(text.slice(nameStart, nameEnd))) return null;
    const { end, closed } = quotedValueEnd(text, valueAt);
    const kept = redactTokenShapes(text.slice(at, valueAt));
    return { end, replacement: `${kept}${valueQuote}<redacted>${closed ? valueQuote : ""}` };
  }
  if (sign !== "=" && sign !== ":") return null;
  let afterSign = separator + 1;
  if (text[afterSign] === sign) return null; // `==`, `::`
  if (sign === "=" && text[afterSign] === ">") afterSign += 1; // `'key' => 'value'`
  if (sign === ":" && quote === null && text[afterSign] !== " " && text[afterSign] !== "\t") {
    return null; // `scheme:rest`, `host:port`: YAML and headers put a blank after the colon
  }
  if (!nameIsSecret(text.slice(nameStart, nameEnd))) return null;
  const valueStart = skipBlanks(text, afterSign);
  if (isLineEnd(text[valueStart])) return null;
  const kept = redactTokenShapes(text.slice(at, valueStart));
  const valueQuote = text[valueStart];
  if (valueQuote === '"' || valueQuote === "'") {
    const { end, closed } = quotedValueEnd(text, valueStart);
    const closing = closed ? valueQuote : "";
    return { end, replacement: `${kept}${valueQuote}<redacted>${closing}` };
  }
  let context: ValueContext;
  if (quote !== null) context = "json";
  else if (sign === "=")
    context = separator > nameEnd || valueStart > afterSign ? "line" : "argument";
  else context = startsLine(text, at) ? "line" : "header";
  const end = unquotedValueEnd(text, valueStart, context);
  if (end === valueStart) return null;
  return { end, replacement: `${kept}<redacted>` };
}
