// Finds which of a fixed set of lower-case ASCII tokens occur in a text, in one pass. Tokens
// are bucketed by their first two characters in a 128×128 table, so each position of the text
// costs two character reads and one table read; a bucket hit compares only that bucket's
// tokens. Linear in the text, whatever the text.

export class TokenIndex {
  readonly #table = new Int16Array(128 * 128).fill(-1);
  readonly #buckets: string[][] = [];

  constructor(tokens: readonly string[]) {
    for (const token of tokens) {
      if (token.length < 2 || !isLowerAscii(token)) {
        throw new TypeError(
          `Cannot index token: must be lower-case ASCII of length 2 or more: current value is ${JSON.stringify(token)}`,
        );
      }
      const key = token.charCodeAt(0) * 128 + token.charCodeAt(1);
      let bucket = this.#table[key] ?? -1;
      if (bucket === -1) {
        bucket = this.#buckets.length;
        this.#buckets.push([]);
        this.#table[key] = bucket;
      }
      const list = this.#buckets[bucket];
      if (list !== undefined && !list.includes(token)) list.push(token);
    }
  }

  /** The tokens present in `lower` (already lower-cased). */
  present(lower: string): Set<string> {
    const found = new Set<string>();
    const table = this.#table;
    const buckets = this.#buckets;
    const last = lower.length - 1;
    let b = lower.charCodeAt(0);
    for (let i = 0; i < last; i += 1) {
      const a = b;
      b = lower.charCodeAt(i + 1);
      if ((a | b) > 127) continue;
      const bucket = table[(a << 7) | b] ?? -1;
      if (bucket === -1) continue;
      for (const token of buckets[bucket] ?? []) {
        if (!found.has(token) && lower.startsWith(token, i)) found.add(token);
      }
    }
    return found;
  }
}

function isLowerAscii(token: string): boolean {
  for (let i = 0; i < token.length; i += 1) {
    const code = token.charCodeAt(i);
    if (code > 127 || (code >= 65 && code <= 90)) return false;
  }
  return true;
}
