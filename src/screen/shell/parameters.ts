// Parameter expansion as bash performs it, over the variables the precheck knows: `$x`, `${x}`,
// `${a[1]}`, `${a[@]}`, and the operators that supply a value when a variable is unset or empty
// (`${x:-/}`, `${x-/}`, `${x:=/}`, `${x=/}`, `${x:+/}`). A variable the precheck does not know
// may be unset when the command runs, so its default is what the command would then act on:
// `rm -rf "${ROOT:-/}"` is judged as `rm -rf /`. Anything else that cannot be evaluated
// The operators that reshape a known value (`${x%/*}`, `${x:1}`, `${x//a/b}`, `${x,,}`) and
// indirection (`${!ref}`) are evaluated too. Anything else that cannot be evaluated (unknown
// plain variables, glob patterns) is left as written, and stays unknown.
//
// Linear: the braces of a text are matched in one pass, and an operator's word is expanded again
// at most MAX_NESTING levels deep; deeper nesting is reported to the scope (`tooDeep`), which
// refuses rather than leave the word unknown.

export interface ParameterScope {
  /** The value of a scalar (or of element 0 of an array), or undefined when not known. */
  readonly scalar: (name: string) => string | undefined;
  readonly array: (name: string) => readonly string[] | undefined;
  /** `${x:=word}` assigns the default to x as it expands it. */
  readonly assign: (name: string, value: string) => void;
  /** The element an unknown index would pick in the worst case. */
  readonly worst: (values: readonly string[]) => string | undefined;
  /**
   * Called when operators nest deeper than MAX_NESTING. Left as written, the word would be
   * unknown and pass; a caller that fails closed throws here.
   */
  readonly tooDeep: () => void;
}

const MAX_NESTING = 8;
// Set in every environment a command runs in: an unknown HOME is the home directory (which the
// target rules know by name), never its default.
const ALWAYS_SET = new Set(["HOME"]);
const ABSOLUTE = new Set(["HOME", "PWD", "OLDPWD", "PATH", "SHELL", "TMPDIR"]);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;
const DIGIT = /[0-9]/;

export function expandParameters(text: string, scope: ParameterScope, nesting = 0): string {
  // Without a `}` no `${` can close: the table is only built when one might.
  const closes = text.includes("${") && text.includes("}") ? closingBraces(text) : null;
  let out = "";
  let i = 0;
  while (i < text.length) {
    const dollar = text.indexOf("$", i);
    if (dollar < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, dollar);
    i = dollar;
    if (text[i + 1] === "{") {
      const close = closes === null ? -1 : (closes[i + 1] as number);
      if (close >= 0 && nesting >= MAX_NESTING) scope.tooDeep();
      const value =
        close < 0 || nesting >= MAX_NESTING
          ? null
          : braced(text.slice(i + 2, close), scope, nesting);
      if (value !== null) {
        out += value;
        i = close + 1;
      } else {
        // Left as written; a known variable inside (`${x:?$y}`) is still substituted.
        out += "$";
        i++;
      }
      continue;
    }
    let j = i + 1;
    if (text[j] === "@" || text[j] === "*") j++;
    else while (j < text.length && NAME_CHAR.test(text[j] as string)) j++;
    const known = j > i + 1 ? scope.scalar(text.slice(i + 1, j)) : undefined;
    if (known !== undefined) {
      out += known;
      i = j;
    } else {
      out += "$";
      i++;
    }
  }
  return out;
}

/** The value of the inside of one `${…}`, or null when it cannot be known. */
function braced(inner: string, scope: ParameterScope, nesting: number): string | null {
  let end = 0;
  if (inner[0] === "@" || inner[0] === "*") end = 1;
  else if (DIGIT.test(inner[0] ?? "")) while (DIGIT.test(inner[end] ?? "")) end++;
  else if (NAME_START.test(inner[0] ?? "")) while (NAME_CHAR.test(inner[end] ?? "")) end++;
  if (inner[0] === "!") return indirect(inner.slice(1), scope);
  if (end === 0) return null; // ${#x} and the like
  const name = inner.slice(0, end);
  let rest = inner.slice(end);
  let known: string | undefined;
  if (rest.startsWith("[")) {
    const close = rest.indexOf("]");
    if (close < 0) return null;
    known = element(scope, name, rest.slice(1, close));
    rest = rest.slice(close + 1);
  } else known = scope.scalar(name);
  if (rest === "") return known ?? null;
  if (known === undefined && ABSOLUTE.has(name)) {
    // Variables that always hold an absolute path: their first character is "/", and the
    // working directory with its last segment cut off is its parent.
    if (/^:0?:1$/.test(rest)) return "/";
    if (name === "PWD" && (rest === "%/*" || rest === "%/*/")) return "$PWD/..";
    if (rest === "%%/*") return "";
  }
  if (known !== undefined) {
    const operated = reshaped(known, rest);
    if (operated !== undefined) return operated;
  }
  const colon = rest[0] === ":" ? 1 : 0;
  const op = rest[colon];
  if (op !== "-" && op !== "=" && op !== "+") return null;
  const set = known !== undefined;
  const present = colon === 1 ? set && known !== "" : set;
  if (!set && ALWAYS_SET.has(name)) return null;
  const word = (): string => expandParameters(unquote(rest.slice(colon + 1)), scope, nesting + 1);
  if (op === "+") return present || !set ? word() : "";
  if (present) return known as string;
  const value = word();
  if (op === "=") scope.assign(name, value);
  return value;
}

/**
 * `${!ref}`: the value of the variable whose name ref holds. A name every shell sets (HOME) is
 * returned as that variable, for the target rules to read.
 */
function indirect(name: string, scope: ParameterScope): string | null {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) return null;
  const target = scope.scalar(name);
  if (target === undefined || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(target)) return null;
  const value = scope.scalar(target);
  if (value !== undefined) return value;
  return ALWAYS_SET.has(target) || ABSOLUTE.has(target) ? `$${target}` : null;
}

/**
 * The operators that reshape a known value: `${x#p}` `${x##p}` `${x%p}` `${x%%p}` (with a
 * literal pattern, or one `*` at the far end), `${x:offset}` `${x:offset:length}`,
 * `${x/p/r}` `${x//p/r}` with a literal pattern, and the case operators. Undefined for any
 * other operator, which the caller reads on.
 */
function reshaped(value: string, rest: string): string | undefined {
  const op = rest[0];
  if (op === "#" || op === "%") {
    const longest = rest[1] === op;
    return trimmed(value, rest.slice(longest ? 2 : 1), op === "#", longest);
  }
  if (op === ":") {
    // `${x:1}`, `${x: -1}` (the blank tells it from the default operator `${x:-1}`).
    const slice = /^:(?: (-[0-9]{1,6})|([0-9]{1,6}))(?::([0-9]{1,6}))?$/.exec(rest);
    if (slice === null) return undefined;
    const from = Number(slice[1] ?? slice[2]);
    const start = from < 0 ? Math.max(0, value.length + from) : from;
    return slice[3] === undefined
      ? value.slice(start)
      : value.slice(start, start + Number(slice[3]));
  }
  if (op === "/") {
    const all = rest[1] === "/";
    const body = rest.slice(all ? 2 : 1);
    const slash = body.indexOf("/");
    const pattern = slash < 0 ? body : body.slice(0, slash);
    const replacement = slash < 0 ? "" : body.slice(slash + 1);
    if (pattern === "" || /[*?[]/.test(pattern)) return undefined;
    return all ? value.replaceAll(pattern, replacement) : value.replace(pattern, replacement);
  }
  if (rest === ",," || rest === ",") return value.toLowerCase();
  if (rest === "^^" || rest === "^") return value.toUpperCase();
  return undefined;
}

/** A prefix (`#`) or suffix (`%`) removed: a literal, or a literal with `*` at the far end. */
function trimmed(
  value: string,
  pattern: string,
  front: boolean,
  longest: boolean,
): string | undefined {
  if (pattern === "") return value;
  const star = front ? pattern.startsWith("*") : pattern.endsWith("*");
  const literal = star ? (front ? pattern.slice(1) : pattern.slice(0, -1)) : pattern;
  if (/[*?[]/.test(literal)) return undefined;
  if (!star) {
    if (front) return value.startsWith(literal) ? value.slice(literal.length) : value;
    return value.endsWith(literal) ? value.slice(0, value.length - literal.length) : value;
  }
  // `${x#*/}` drops up to the first "/" (the last with ##); `${x%/*}` from the last (the first
  // with %%).
  const at = front === longest ? value.lastIndexOf(literal) : value.indexOf(literal);
  if (at < 0) return value;
  return front ? value.slice(at + literal.length) : value.slice(0, at);
}

function element(scope: ParameterScope, name: string, index: string): string | undefined {
  const values = scope.array(name);
  if (values === undefined) return index === "0" ? scope.scalar(name) : undefined;
  if (index === "@" || index === "*") return values.join(" ");
  if (/^-?[0-9]{1,6}$/.test(index)) {
    const n = Number(index);
    return values[n < 0 ? values.length + n : n];
  }
  return scope.worst(values);
}

/** Quote removal inside an operator's word: `${x:-"/"}` supplies `/`. */
function unquote(word: string): string {
  return word.includes('"') || word.includes("'") ? word.replace(/["']/g, "") : word;
}

/**
 * For each `{` of the text, the index of the `}` that closes it (or -1), found in one pass with
 * a stack: looking each one up is constant time however deeply `${` nest or fail to close.
 */
function closingBraces(text: string): Int32Array {
  const closes = new Int32Array(text.length).fill(-1);
  const open: number[] = [];
  for (let j = 0; j < text.length; j++) {
    const c = text[j];
    if (c === "{") open.push(j);
    else if (c === "}" && open.length > 0) closes[open.pop() as number] = j;
  }
  return closes;
}
