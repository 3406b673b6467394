// Every path a Cell names in its string literals, classified once per Cell and shared by the
// read and write rules. Besides single literals, runs of adjacent literals are joined the way
// the code would join them, so splitting a path does not hide it:
//   "/et" + "c/passwd"            → "/etc/passwd"   (concatenation)
//   os.path.join("/", "etc", "x") → "/etc/x"        (join: a "/" goes between the parts)
//   Path("/") / "etc" / "x"       → "/etc/x"
import { classifyPath, type PathClass } from "./paths.js";
import { CodeContext, someWord, type Literal } from "./scan.js";

export interface PathHit {
  /** Index in the code where the path (or the first literal of its run) starts. */
  readonly index: number;
  /** The lower-cased path word as classified. */
  readonly word: string;
  readonly cls: PathClass;
}

const MAX_HITS = 48;
const MAX_RUN_CHARS = 512;
const MAX_GAP = 12;
const cache = new WeakMap<CodeContext, PathHit[]>();

export function pathHits(ctx: CodeContext): readonly PathHit[] {
  let hits = cache.get(ctx);
  if (hits === undefined) {
    hits = collect(ctx);
    cache.set(ctx, hits);
  }
  return hits;
}

function collect(ctx: CodeContext): PathHit[] {
  const hits: PathHit[] = [];
  const literals = ctx.literals;
  // `index` is where the path starts for a single literal; a joined run points at its start.
  const add = (text: string, index: number, single: boolean): void => {
    if (!text.includes("/") && !text.includes("~") && !text.includes("$home")) return;
    someWord(text, (word, offset) => {
      const cls = classifyPath(word);
      if (cls !== null && (cls.read || cls.write !== null)) {
        hits.push({ index: single ? index + offset : index, word, cls });
      }
      return hits.length >= MAX_HITS;
    });
  };
  for (let i = 0; i < literals.length && hits.length < MAX_HITS; i += 1) {
    const literal = literals[i] as Literal;
    const text = lowerOf(ctx, literal);
    const before = hits.length;
    add(text, literal.start, true);
    // A literal that is already a path needs no joining ("/bin/chown", "*" is a command).
    if (hits.length > before && text !== "/" && text !== "~") continue;
    // A run of literals joined by +, implicit concatenation, a join call or the / operator.
    let run = text;
    let joined = 0;
    for (let j = i + 1; j < literals.length && run.length < MAX_RUN_CHARS; j += 1) {
      const previous = literals[j - 1] as Literal;
      const next = literals[j] as Literal;
      const separator = gapSeparator(ctx.lower, previous.start + previous.text.length, next.start);
      if (separator === undefined) break;
      run += separator + lowerOf(ctx, next);
      joined += 1;
    }
    if (joined > 0) add(run, literal.start, false);
  }
  return hits;
}

function lowerOf(ctx: CodeContext, literal: Literal): string {
  return ctx.lower.slice(literal.start, literal.start + literal.text.length);
}

// The text between two literals decides how they combine: only quotes, blanks and `+` is a
// concatenation (""), a `,` or `/` among them is a path join ("/"); anything else ends the run.
function gapSeparator(lower: string, from: number, to: number): string | undefined {
  if (to - from > MAX_GAP) return undefined;
  let separator = "";
  for (let i = from; i < to; i += 1) {
    const ch = lower[i];
    if (ch === "," || ch === "/") separator = "/";
    else if (ch !== " " && ch !== "\t" && ch !== "+" && ch !== '"' && ch !== "'" && ch !== ")") {
      return undefined;
    }
  }
  return separator;
}
