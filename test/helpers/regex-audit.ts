// A small reader of JavaScript regular-expression source that reports the shapes which make a
// backtracking engine super-linear: a quantified group holding an unbounded quantifier or an
// alternation, and two unbounded quantifiers in a row.

interface Frame {
  anyQuantifier: boolean;
  unbounded: boolean;
  alternation: boolean;
  lastUnbounded: boolean;
}

type Quantifier = { readonly unbounded: boolean; readonly repeats: boolean } | null;

function readQuantifier(src: string, at: number): { q: Quantifier; next: number } {
  const c = src[at];
  let q: Quantifier = null;
  let next = at;
  if (c === "*" || c === "+") {
    q = { unbounded: true, repeats: true };
    next = at + 1;
  } else if (c === "?") {
    q = { unbounded: false, repeats: false };
    next = at + 1;
  } else if (c === "{") {
    const close = src.indexOf("}", at);
    const body = close === -1 ? "" : src.slice(at + 1, close);
    const bounded = /^\d+(?:,\d+)?$/.test(body);
    if (bounded || /^\d+,$/.test(body)) {
      const unbounded = body.endsWith(",");
      const max = unbounded ? Infinity : Number(body.split(",").pop());
      q = { unbounded, repeats: max > 1 };
      next = close + 1;
    }
  }
  if (q !== null && src[next] === "?") next++;
  return { q, next };
}

/** A description of the risky shape in `source`, or null when it is linear. */
export function backtrackingRisk(source: string): string | null {
  const stack: Frame[] = [
    { anyQuantifier: false, unbounded: false, alternation: false, lastUnbounded: false },
  ];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    let atomEnd = i + 1;
    let group: Frame | null = null;
    if (c === "\\") {
      atomEnd = source[i + 1] === "u" && source[i + 2] === "{" ? source.indexOf("}", i) + 1 : i + 2;
      if (/[pP]/.test(source[i + 1] ?? "") && source[i + 2] === "{")
        atomEnd = source.indexOf("}", i) + 1;
    } else if (c === "[") {
      let j = i + 1;
      while (j < source.length && source[j] !== "]") j += source[j] === "\\" ? 2 : 1;
      atomEnd = j + 1;
    } else if (c === "(") {
      stack.push({
        anyQuantifier: false,
        unbounded: false,
        alternation: false,
        lastUnbounded: false,
      });
      i +=
        source[i + 1] === "?"
          ? source[i + 2] === "<" && !"=!".includes(source[i + 3] ?? "")
            ? source.indexOf(">", i) + 1 - i
            : 3
          : 1;
      continue;
    } else if (c === ")") {
      group = stack.pop() ?? null;
    } else if (c === "|") {
      const top = stack[stack.length - 1] as Frame;
      top.alternation = true;
      top.lastUnbounded = false;
      i++;
      continue;
    }
    const { q, next } = readQuantifier(source, atomEnd);
    const top = stack[stack.length - 1] as Frame;
    if (group !== null && q !== null && q.repeats) {
      if (group.unbounded)
        return `nested quantifier: a repeated group contains an unbounded quantifier at ${i}`;
      if (q.unbounded && (group.anyQuantifier || group.alternation)) {
        return `nested quantifier: an unbounded group contains a quantifier or alternation at ${i}`;
      }
    }
    const unboundedHere = q?.unbounded === true;
    if (unboundedHere && top.lastUnbounded) return `adjacent unbounded quantifiers at ${i}`;
    if (group !== null) {
      top.anyQuantifier ||= group.anyQuantifier;
      top.unbounded ||= group.unbounded;
    }
    if (q !== null) top.anyQuantifier = true;
    if (unboundedHere) top.unbounded = true;
    top.lastUnbounded = unboundedHere;
    i = next;
  }
  return null;
}
