// Where a hit flows: the line or statement around it, the calls around it, and the names it
// is assigned to and later used through. Every helper is bounded (a fixed window, a capped
// number of uses followed), so the total work stays linear in the Cell's length.
import { containsAny, isIdentChar } from "./scan.js";

/** Half-width of the window examined around a hit, clipped to its line. */
export const LINE_RADIUS = 240;

/** Start and end of the line holding `index`, clipped to `radius` either side. */
export function lineBounds(
  text: string,
  index: number,
  radius: number,
): { start: number; end: number } {
  const floor = Math.max(0, index - radius);
  const previous = text.lastIndexOf("\n", index - 1);
  const start = previous < floor ? floor : previous + 1;
  const ceiling = Math.min(text.length, index + radius);
  const next = text.indexOf("\n", index);
  const end = next === -1 || next > ceiling ? ceiling : next;
  return { start, end };
}

/**
 * Bounds of the statement holding `index`: its line, widened to the lines of any bracket left
 * open around it (a call spread over several lines), at most `radius` either side. Quotes are
 * not tracked; a bracket inside a string only widens or narrows the window.
 */
export function statementBounds(
  text: string,
  index: number,
  radius: number = LINE_RADIUS * 2,
): { start: number; end: number } {
  const floor = Math.max(0, index - radius);
  const ceiling = Math.min(text.length, index + radius);
  let start = lineBounds(text, index, radius).start;
  let depth = 0;
  for (let i = index - 1; i >= floor; i -= 1) {
    const ch = text.charCodeAt(i);
    if (ch === 41 || ch === 93 || ch === 125) depth += 1;
    else if (ch === 40 || ch === 91 || ch === 123) {
      if (depth === 0) start = lineBounds(text, i, radius).start;
      else depth -= 1;
    }
  }
  if (start < floor) start = floor;
  depth = 0;
  for (let i = start; i < ceiling; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch === 40 || ch === 91 || ch === 123) depth += 1;
    else if (ch === 41 || ch === 93 || ch === 125) depth -= 1;
    else if (ch === 10 && i >= index && depth <= 0) return { start, end: i };
  }
  return { start, end: ceiling };
}

/**
 * Positions of `name(` that are calls of the bare name or of a module attribute: the character
 * before is not an identifier character, and, unless `allowMethod`, not a dot either.
 * `name` must be lower-case; `text` is the lower-cased code.
 */
export function callSites(text: string, name: string, allowMethod = false): number[] {
  const needle = `${name}(`;
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(needle, from);
    if (at === -1) return found;
    from = at + needle.length;
    const before = at === 0 ? 32 : text.charCodeAt(at - 1);
    if (isIdentChar(before)) continue;
    if (!allowMethod && before === 46) continue;
    found.push(at);
    if (found.length >= 256) return found;
  }
}

/**
 * The argument text of the call whose `(` is at `open`, up to its matching `)`, at most
 * `limit` characters. Nesting is tracked; quotes are skipped over naively.
 */
export function callArguments(text: string, open: number, limit = 400): string {
  let depth = 0;
  let quote = 0;
  const end = Math.min(text.length, open + limit);
  for (let i = open; i < end; i += 1) {
    const ch = text.charCodeAt(i);
    if (quote !== 0) {
      if (ch === 92) i += 1;
      else if (ch === quote) quote = 0;
      continue;
    }
    if (ch === 34 || ch === 39) quote = ch;
    else if (ch === 40 || ch === 91 || ch === 123) depth += 1;
    else if (ch === 41 || ch === 93 || ch === 125) {
      depth -= 1;
      if (depth === 0) return text.slice(open + 1, i);
    }
  }
  return text.slice(open + 1, end);
}

/**
 * When the line around `index` assigns to a plain name (`name = …` in Python, `name <- …` or
 * `name = …` in R) and `index` lies on its right-hand side, the name; otherwise undefined.
 */
export function assignedName(text: string, index: number): string | undefined {
  const { start } = statementBounds(text, index);
  let i = start;
  while (i < index && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i += 1;
  const nameStart = i;
  while (i < index && (isIdentChar(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i += 1;
  if (i === nameStart) return undefined;
  const name = text.slice(nameStart, i);
  while (i < index && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i += 1;
  const c = text.charCodeAt(i);
  if (c === 61 && text.charCodeAt(i + 1) !== 61) return name;
  if (c === 60 && text.charCodeAt(i + 1) === 45) return name;
  return undefined;
}

/** Indexes where `name` occurs as a whole identifier, at most `limit` of them. */
export function identifierUses(text: string, name: string, limit = 24): number[] {
  const found: number[] = [];
  let from = 0;
  while (found.length < limit) {
    const at = text.indexOf(name, from);
    if (at === -1) break;
    from = at + name.length;
    const before = at === 0 ? 32 : text.charCodeAt(at - 1);
    const after = from >= text.length ? 32 : text.charCodeAt(from);
    if (isIdentChar(before) || before === 46 || isIdentChar(after)) continue;
    found.push(at);
  }
  return found;
}

export interface FlowOptions {
  /** Assignments followed, at most. @default 2 */
  readonly depth?: number;
  /** Whether an assignment line may be followed (e.g. refuse derived paths). @default always */
  readonly follow?: (line: string) => boolean;
}

const MAX_USES_FOLLOWED = 6;

/**
 * True when `test` holds for the line around `index`, or for a line that uses the name that
 * line assigns to, following at most `depth` assignments (`p = "/etc/x"` … `open(p)`).
 */
export function flowsTo(
  text: string,
  index: number,
  test: (line: string) => boolean,
  options: FlowOptions = {},
): boolean {
  const depth = options.depth ?? 2;
  const { start, end } = statementBounds(text, index);
  const line = text.slice(start, end);
  if (test(line)) return true;
  if (depth === 0) return false;
  if (options.follow !== undefined && !options.follow(line)) return false;
  const name = assignedName(text, index);
  if (name === undefined) return false;
  const next = { ...options, depth: depth - 1 };
  let followed = 0;
  for (const use of identifierUses(text, name)) {
    if (use >= start && use < end) continue;
    if (flowsTo(text, use, test, next)) return true;
    followed += 1;
    if (followed >= MAX_USES_FOLLOWED) return false;
  }
  return false;
}

/** Call sites of exec( and eval( (not methods such as model.eval()). */
export function execSites(lower: string): number[] {
  return [...callSites(lower, "exec"), ...callSites(lower, "eval")];
}

/** The argument text when it is one plain (possibly dotted) name. */
export function plainName(args: string): string | undefined {
  const text = args.trim();
  if (text.length === 0 || text.length > 64) return undefined;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (!isIdentChar(code) && code !== 46) return undefined;
  }
  return isIdentChar(text.charCodeAt(0)) ? text : undefined;
}

/**
 * True when some line assigns `name` (`name = …`, `name <- …`) with a right-hand side holding
 * one of `markers`.
 */
export function assignedWith(lower: string, name: string, markers: readonly string[]): boolean {
  return assignedWhere(lower, name, (rhs) => containsAny(rhs, markers));
}

/** True when some line assigns `name` a right-hand side (rest of that line) passing `test`. */
export function assignedWhere(
  lower: string,
  name: string,
  test: (rightHandSide: string) => boolean,
): boolean {
  for (const use of identifierUses(lower, name, 16)) {
    let i = use + name.length;
    while (lower[i] === " " || lower[i] === "\t") i += 1;
    const isAssign =
      (lower[i] === "=" && lower[i + 1] !== "=") || (lower[i] === "<" && lower[i + 1] === "-");
    if (!isAssign) continue;
    i += lower[i] === "=" ? 1 : 2;
    const { end } = lineBounds(lower, i, 300);
    if (test(lower.slice(i, end))) return true;
  }
  return false;
}
