// A small shell-glob matcher: `*`, `?` and bracket sets (`[abc]`, `[a-z]`, `[!x]`, `[^x]`), with
// a `[` that has no closing `]` taken literally. It has no special rule for a leading dot and lets
// `*` cross `/`, like Python's fnmatch and find's -name: callers that want shell semantics for a
// dot apply them themselves.
//
// Cost: compiling is linear in the pattern. Matching is the classic iterative algorithm that
// backtracks only to the most recent `*`, so it is O(pattern × name) in the worst case and never
// exponential. Callers match untrusted patterns only against short fixed sample names, which keeps
// the total linear in the length of the pattern.

type GlobPart =
  | { readonly kind: "star" }
  | { readonly kind: "one" }
  | { readonly kind: "char"; readonly char: string }
  | {
      readonly kind: "set";
      readonly negate: boolean;
      readonly ranges: readonly (readonly [string, string])[];
    };

/** Whether text contains a glob metacharacter a shell or find would expand. */
export function hasGlobSyntax(text: string): boolean {
  return text.includes("*") || text.includes("?") || text.includes("[");
}

/** Parses the set that opens at chars[open]; null when it never closes. */
function parseSet(chars: readonly string[], open: number): { part: GlobPart; next: number } | null {
  let at = open + 1;
  let negate = false;
  if (chars[at] === "!" || chars[at] === "^") {
    negate = true;
    at += 1;
  }
  const ranges: (readonly [string, string])[] = [];
  // A `]` right after the opening (or after the negation) is a member, not the end.
  let first = true;
  while (at < chars.length) {
    const char = chars[at] as string;
    if (char === "]" && !first) return { part: { kind: "set", negate, ranges }, next: at + 1 };
    first = false;
    const high = chars[at + 2];
    if (chars[at + 1] === "-" && high !== undefined && high !== "]") {
      ranges.push([char, high]);
      at += 3;
    } else {
      ranges.push([char, char]);
      at += 1;
    }
  }
  return null;
}

function compileGlob(pattern: string): GlobPart[] {
  const chars = Array.from(pattern);
  const parts: GlobPart[] = [];
  // Once one `[` has failed to close, no later `[` can close either: remembering that keeps
  // compilation linear on a pattern made of many `[`.
  let setsCanClose = true;
  let at = 0;
  while (at < chars.length) {
    const char = chars[at] as string;
    if (char === "*") {
      if (parts.at(-1)?.kind !== "star") parts.push({ kind: "star" });
      at += 1;
    } else if (char === "?") {
      parts.push({ kind: "one" });
      at += 1;
    } else if (char === "[" && setsCanClose) {
      const set = parseSet(chars, at);
      if (set === null) {
        setsCanClose = false;
        parts.push({ kind: "char", char });
        at += 1;
      } else {
        parts.push(set.part);
        at = set.next;
      }
    } else {
      parts.push({ kind: "char", char });
      at += 1;
    }
  }
  return parts;
}

function partMatches(part: GlobPart, char: string): boolean {
  switch (part.kind) {
    case "star":
    case "one":
      return true;
    case "char":
      return part.char === char;
    case "set": {
      const inSet = part.ranges.some(([low, high]) => low <= char && char <= high);
      return inSet !== part.negate;
    }
  }
}

/**
 * A matcher for one glob pattern, compiled once and applied to many names. Names are compared as
 * given: fold pattern and names first for a case-insensitive comparison.
 *
 * @example
 * ```ts
 * const matches = globMatcher(".e*");
 * matches(".env"); // true
 * matches("server.key"); // false
 * ```
 */
export function globMatcher(pattern: string): (name: string) => boolean {
  const parts = compileGlob(pattern);
  return (name) => matchParts(parts, Array.from(name));
}

/**
 * Whether the whole of name matches the glob pattern.
 *
 * @example
 * ```ts
 * globMatches("*.key", "server.key"); // true
 * globMatches("[!.]*", ".env"); // false
 * ```
 */
export function globMatches(pattern: string, name: string): boolean {
  return globMatcher(pattern)(name);
}

function matchParts(parts: readonly GlobPart[], chars: readonly string[]): boolean {
  let p = 0;
  let n = 0;
  let starAt = -1;
  let starName = 0;
  while (n < chars.length) {
    const part = parts[p];
    if (part?.kind === "star") {
      starAt = p;
      starName = n;
      p += 1;
    } else if (part !== undefined && partMatches(part, chars[n] as string)) {
      p += 1;
      n += 1;
    } else if (starAt >= 0) {
      // Let the last `*` swallow one more character and retry from just after it.
      p = starAt + 1;
      starName += 1;
      n = starName;
    } else {
      return false;
    }
  }
  while (parts[p]?.kind === "star") p += 1;
  return p === parts.length;
}
