// How GNU parallel (and the runners that copy it) turn inputs into command lines: which
// string stands for an input, the forms of it that pick one source or trim a path, and every
// combination of the sources' inputs.

/** The string parallel replaces with each input: `{}`, or what -I / --replace / -i name. */
export function parallelReplacement(head: readonly string[]): string {
  for (let i = 0; i < head.length; i++) {
    const arg = head[i] as string;
    if (arg === "-I") return head[i + 1] || "{}";
    if (arg.startsWith("-I") || (arg.startsWith("-i") && arg.length > 2)) return arg.slice(2);
    if (arg.startsWith("--replace=")) return arg.slice(10) || "{}";
    if (!arg.startsWith("-")) break;
  }
  return "{}";
}

// Longest token body after a `{`: `{-12//}` and the like.
const MAX_TOKEN = 8;
// A perl expression `{= … =}` may be longer; it transforms the input, which is judged as given.
const MAX_PERL_TOKEN = 256;

/**
 * The word with each replacement token filled from one row of inputs. With the default `{}`,
 * parallel also knows `{N}` (the Nth source's input, `{-N}` from the end), path forms of both
 * (`{.}`, `{/}`, `{//}`, `{/.}`, `{2.}`) and `{= perl =}`; the path forms only shorten the
 * input, so each is filled with the input itself: what is checked is never less than what runs.
 * `{#}` and `{%}` (job and slot numbers) are not inputs and stay as written.
 */
export function fillParallelTokens(
  word: string,
  replace: string,
  values: readonly string[],
): string {
  if (replace !== "{}") return word.replaceAll(replace, values.join(" "));
  let out = "";
  let from = 0;
  // The first `}` at or after the current `{`, found once and reused by every `{` before it, so
  // a word of many unclosed `{` or `{=` is read once, not once per `{`.
  let close = -1;
  let open = word.indexOf("{");
  while (open >= 0) {
    if (close !== -2 && close <= open) close = word.indexOf("}", open + 1);
    if (close === -1) close = -2; // no `}` is left anywhere after this point
    const value = close < 0 ? null : tokenValue(word, open, close, values);
    if (value !== null) {
      out += word.slice(from, open) + value;
      from = close + 1;
    }
    open = word.indexOf("{", value !== null ? from : open + 1);
  }
  return out + word.slice(from);
}

/** Whether the word holds a token parallel fills with an input. */
export function hasParallelToken(word: string, replace: string): boolean {
  if (replace !== "{}") return word.includes(replace);
  return word.includes("{") && fillParallelTokens(word, replace, ["\u0000"]) !== word;
}

const PATH_FORMS = new Set(["", ".", "/", "//", "/."]);

/** What the token from `open` to `close` is filled with, or null when it is not a token. */
function tokenValue(
  word: string,
  open: number,
  close: number,
  values: readonly string[],
): string | null {
  const length = close - open - 1;
  // `{= perl =}`: judged by its ends, without copying a long body.
  if (word[open + 1] === "=")
    return length >= 2 && length <= MAX_PERL_TOKEN && word[close - 1] === "="
      ? values.join(" ")
      : null;
  if (length > MAX_TOKEN) return null;
  const body = word.slice(open + 1, close);
  if (PATH_FORMS.has(body)) return values.join(" ");
  let k = body[0] === "-" ? 1 : 0;
  const digits = k;
  while (k < body.length && k < digits + 3 && isDigit(body[k] as string)) k++;
  if (k === digits || !PATH_FORMS.has(body.slice(k))) return null;
  const n = Number(body.slice(digits, k));
  if (n === 0) return null;
  const index = digits === 1 ? values.length - n : n - 1;
  return values[index] ?? "";
}

function isDigit(c: string): boolean {
  return c >= "0" && c <= "9";
}

/**
 * Every combination of one input from each source, in parallel's order, at most `limit` of
 * them. Linked sources (`:::+`) take inputs side by side, a subset of these.
 */
export function combinations(sources: readonly (readonly string[])[], limit: number): string[][] {
  let rows: string[][] = [[]];
  for (const source of sources) {
    const next: string[][] = [];
    for (const row of rows)
      for (const value of source) if (next.length < limit) next.push([...row, value]);
    rows = next;
  }
  return sources.length === 0 ? [] : rows;
}
