// Parameter expansion as bash performs it, over the variables the precheck knows: `$x`, `${x}`,
// `${a[1]}`, `${a[@]}`, and the operators that supply a value when a variable is unset or empty
// (`${x:-/}`, `${x-/}`, `${x:=/}`, `${x=/}`, `${x:+/}`). A variable the precheck does not know
// may be unset when the command runs, so its default is what the command would then act on:
// `rm -rf "${ROOT:-/}"` is judged as `rm -rf /`. Anything else that cannot be evaluated
// (`${x#…}`, `${!x}`, unknown plain variables) is left as written, and stays unknown.
//
// Linear: the braces of a text are matched in one pass, and an operator's word is expanded again
// at most MAX_NESTING levels deep.

export interface ParameterScope {
  /** The value of a scalar (or of element 0 of an array), or undefined when not known. */
  readonly scalar: (name: string) => string | undefined;
  readonly array: (name: string) => readonly string[] | undefined;
  /** `${x:=word}` assigns the default to x as it expands it. */
  readonly assign: (name: string, value: string) => void;
  /** The element an unknown index would pick in the worst case. */
  readonly worst: (values: readonly string[]) => string | undefined;
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
  if (end === 0) return null; // ${#x}, ${!x} and the like
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
