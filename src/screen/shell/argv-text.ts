// Small transformations of words as the shell would make them: cd, brace expansion, quoting,
// printf escapes, and the value of an option.
import { ifPrefixEmpty } from "./targets.js";

export function changeDirectory(cwd: string | null, target: string | undefined): string | null {
  if (target === undefined || target === "~") return "~";
  if (target === "-") return null;
  // `cd "$PWD"/..`, `cd ~+/..`: the working directory by name.
  const here = /^(?:\$PWD|\$\{PWD\}|~\+)(?=\/|$)/.exec(target);
  if (here !== null) return normalDirectory(`${cwd ?? "."}${target.slice(here[0].length)}`);
  if (/^[/~]/.test(target) || target.startsWith("$HOME")) return normalDirectory(target);
  // `cd ${HOME}`, `cd "${HOME}/"`: the braced spelling of the same place.
  if (/^\$\{HOME\}(?=\/|$)/.test(target)) return normalDirectory(`~${target.slice(7)}`);
  // `cd "$DIR"/` with DIR empty or unset goes to the root: the worst place it can lead.
  const emptied = ifPrefixEmpty(target);
  if (emptied !== null) return normalDirectory(emptied);
  // From an unknown directory the way there is still known: `cd ..` leads to its parent.
  return normalDirectory(`${cwd ?? "."}/${target}`);
}

// Deeper than this, a working directory is just somewhere unknown: keeping every segment of a
// chain of thousands of cds would make each later path cost the chain's length.
const MAX_DIRECTORY_SEGMENTS = 32;

/**
 * The directory with `.`, `//` and `name/..` resolved (`..` stays where it climbs out of an
 * unknown or home-relative start), or null when it is too deep to keep.
 */
function normalDirectory(path: string): string | null {
  const parts = path.split("/");
  const absolute = parts[0] === "";
  const kept: string[] = [];
  for (let k = 1; k < parts.length; k++) {
    const part = parts[k] as string;
    if (part === "" || part === ".") continue;
    if (part !== "..") kept.push(part);
    else if (kept.length > 0 && kept[kept.length - 1] !== "..") kept.pop();
    else if (!absolute) kept.push(part); // the root's parent is the root
    if (kept.length > MAX_DIRECTORY_SEGMENTS) return null;
  }
  if (absolute) return `/${kept.join("/")}`;
  return kept.length === 0 ? (parts[0] as string) : `${parts[0] as string}/${kept.join("/")}`;
}

/**
 * Braces nested deeper than this are not expanded: real commands nest two or three, and each
 * level is one call, so a hostile `{a,{a,{a,…` of thousands of levels would exhaust the stack
 * (and the precheck's error path would then let the command through).
 */
export const MAX_BRACE_NESTING = 16;

/**
 * Brace expansion of one word, as bash does it before rm sees it; at most 64 words. Null when
 * the braces nest deeper than MAX_BRACE_NESTING, which the caller must treat as unjudgeable.
 */
export function expandBraces(word: string): string[] | null {
  const open = word.indexOf("{");
  if (open === -1) return [word];
  if (braceNesting(word, open) > MAX_BRACE_NESTING) return null;
  return expandNested(word);
}

/** The deepest nesting of `{` from `from` on, in one pass. */
function braceNesting(word: string, from: number): number {
  let level = 0;
  let deepest = 0;
  for (let i = from; i < word.length; i++) {
    if (word[i] === "{") deepest = Math.max(deepest, ++level);
    else if (word[i] === "}" && level > 0) level--;
  }
  return deepest;
}

function expandNested(word: string): string[] {
  const open = word.indexOf("{");
  if (open === -1) return [word];
  let level = 0;
  const commas: number[] = [];
  let close = -1;
  for (let i = open; i < word.length && close === -1; i++) {
    if (word[i] === "{") level++;
    else if (word[i] === "}" && --level === 0) close = i;
    else if (word[i] === "," && level === 1) commas.push(i);
  }
  if (close === -1) return [word];
  if (commas.length === 0) return expandSequence(word, open, close) ?? [word];
  const cuts = [open, ...commas, close];
  const out: string[] = [];
  for (let k = 0; k + 1 < cuts.length && out.length < 64; k++) {
    const variant =
      word.slice(0, open) +
      word.slice((cuts[k] as number) + 1, cuts[k + 1]) +
      word.slice(close + 1);
    out.push(...expandNested(variant).slice(0, 64 - out.length));
  }
  return out;
}

/**
 * bash's extended globs (`shopt -s extglob`, on in interactive shells of many distributions) as
 * what they can match: `@(etc|usr)` and its `?`, `+`, `*` forms are the alternatives, as braces;
 * `!(tmp)` is anything else, a `*`. Groups nest no deeper than the pattern below allows.
 */
export function extglobAsBraces(word: string): string {
  return word
    .replace(/[@?+*]\(([^()|]{0,64}(?:\|[^()|]{0,64}){0,16})\)/g, (_, alternatives: string) =>
      alternatives.includes("|") ? `{${alternatives.split("|").join(",")}}` : alternatives,
    )
    .replace(/!\([^()]{0,256}\)/g, "*");
}

/** `{a..z}` and `{1..9}`: a sequence of letters or numbers, at most 64 words. Null otherwise. */
function expandSequence(word: string, open: number, close: number): string[] | null {
  const range = /^([A-Za-z]|-?[0-9]{1,6})\.\.([A-Za-z]|-?[0-9]{1,6})$/.exec(
    word.slice(open + 1, close),
  );
  if (range === null) return null;
  const [from, to] = [range[1] as string, range[2] as string];
  const letters = /[A-Za-z]/.test(from);
  if (letters !== /[A-Za-z]/.test(to)) return null;
  const first = letters ? from.charCodeAt(0) : Number(from);
  const last = letters ? to.charCodeAt(0) : Number(to);
  const step = first <= last ? 1 : -1;
  const out: string[] = [];
  for (let v = first; out.length < 64; v += step) {
    const item = letters ? String.fromCharCode(v) : String(v);
    out.push(...expandNested(word.slice(0, open) + item + word.slice(close + 1)).slice(0, 64));
    if (v === last) break;
  }
  return out.slice(0, 64);
}

const TR_CLASSES: Readonly<Record<string, string>> = {
  "[:lower:]": "abcdefghijklmnopqrstuvwxyz",
  "[:upper:]": "ABCDEFGHIJKLMNOPQRSTUVWXYZ",
  "[:digit:]": "0123456789",
  "[:space:]": " \t\n\r\f\v",
  "[:blank:]": " \t",
};
const MAX_TR_SET = 512;

/** A tr set written out: ranges (`a-z`), classes (`[:upper:]`) and escapes; null if unknown. */
function trSet(spec: string): string | null {
  let out = "";
  for (let i = 0; i < spec.length && out.length <= MAX_TR_SET; i++) {
    const cls = spec[i] === "[" ? Object.keys(TR_CLASSES).find((c) => spec.startsWith(c, i)) : null;
    if (cls !== undefined && cls !== null) {
      out += TR_CLASSES[cls];
      i += cls.length - 1;
      continue;
    }
    if (spec[i] === "[") return null; // [c*n] and other forms we do not follow
    let ch = spec[i] as string;
    if (ch === "\\" && i + 1 < spec.length) {
      ch = decodeEscapes(spec.slice(i, i + 2));
      i++;
    }
    if (spec[i + 1] === "-" && i + 2 < spec.length) {
      const last = (spec[i + 2] as string).codePointAt(0) as number;
      for (let c = ch.codePointAt(0) as number; c <= last && out.length <= MAX_TR_SET; c++)
        out += String.fromCodePoint(c);
      i += 2;
    } else out += ch;
  }
  return out.length > MAX_TR_SET ? null : out;
}

/**
 * What `tr ARGS` prints for this input: translation (`tr a-z n-za-m`, ROT13) and deletion
 * (`tr -d ' '`); squeezing (-s) is ignored, a complement (-c) or an unknown set gives null.
 */
export function translated(text: string, args: readonly string[]): string | null {
  let remove = false;
  const sets: string[] = [];
  for (const arg of args) {
    if (/^-[ds]{1,2}$/.test(arg)) remove ||= arg.includes("d");
    else if (arg.startsWith("-") && arg.length > 1) return null;
    else sets.push(arg);
  }
  const from = trSet(sets[0] ?? "");
  if (from === null || from === "") return null;
  if (remove) return [...text].filter((ch) => !from.includes(ch)).join("");
  const to = trSet(sets[1] ?? "");
  if (to === null || to === "") return null;
  const target = [...to];
  const map = new Map<string, string>();
  [...from].forEach((ch, k) => map.set(ch, target[Math.min(k, target.length - 1)] as string));
  return [...text].map((ch) => map.get(ch) ?? ch).join("");
}

export function singleQuoted(word: string): string {
  // An argv word that still begins with `~` names the home directory (a quoted `~` became
  // `./~`), so its tilde prefix stays unquoted for the shell to expand when re-read.
  const quote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;
  const prefix = /^~[A-Za-z0-9._-]{0,32}(?=\/|$)/.exec(word);
  if (prefix === null) return quote(word);
  const rest = word.slice(prefix[0].length);
  return rest === "" ? prefix[0] : `${prefix[0]}${quote(rest)}`;
}

export function valueAfter(args: readonly string[], flag: string): string | null {
  const at = args.indexOf(flag);
  return at < 0 ? null : (args[at + 1] ?? null);
}

export function decodeEscapes(text: string): string {
  if (!text.includes("\\")) return text;
  // printf and `echo -e` also spell characters as \xHH, \NNN (octal; echo's \0NNN) and \uHHHH:
  // `$(printf '\x72\x6d')` is `rm`.
  return text.replace(
    /\\(n|t|\\|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{4}|0?[0-7]{1,3})/g,
    (_m, e: string) => {
      if (e === "n") return "\n";
      if (e === "t") return "\t";
      if (e === "\\") return "\\";
      const code = e[0] === "x" || e[0] === "u" ? parseInt(e.slice(1), 16) : parseInt(e, 8);
      return String.fromCodePoint(code & 0x1fffff);
    },
  );
}

/**
 * The worker-side precheck: the reason a command is refused, or null. It never throws: its own
 * failure lets the command through (fail open), because the host checks again and refuses then.
 */
