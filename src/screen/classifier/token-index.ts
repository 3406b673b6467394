// Finds which of a fixed set of lower-case ASCII tokens occur in a text, in one pass. Tokens
// are bucketed by a hash of their first three characters, so each position of the text costs
// three character reads and one table read; only a bucket hit (a real trigram match or a rare
// hash collision) compares that bucket's tokens. Two-character tokens are checked with
// includes(). Linear in the text, whatever the text.

const TABLE_BITS = 16;
const TABLE_MASK = (1 << TABLE_BITS) - 1;

function trigramKey(a: number, b: number, c: number): number {
  return Math.imul((a << 14) | (b << 7) | c, 0x9e3779b1) >>> (32 - TABLE_BITS);
}

export class TokenIndex {
  readonly #table = new Int32Array(TABLE_MASK + 1).fill(-1);
  readonly #buckets: string[][] = [];
  readonly #short: string[] = [];

  constructor(tokens: readonly string[]) {
    for (const token of tokens) {
      if (token.length < 2 || !isLowerAscii(token)) {
        throw new TypeError(
          `Cannot index token: must be lower-case ASCII of length 2 or more: current value is ${JSON.stringify(token)}`,
        );
      }
      if (token.length === 2) {
        if (!this.#short.includes(token)) this.#short.push(token);
        continue;
      }
      const key = trigramKey(token.charCodeAt(0), token.charCodeAt(1), token.charCodeAt(2));
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
    for (const token of this.#short) if (lower.includes(token)) found.add(token);
    const table = this.#table;
    const buckets = this.#buckets;
    const last = lower.length - 2;
    let a = lower.charCodeAt(0);
    let b = lower.charCodeAt(1);
    for (let i = 0; i < last; i += 1) {
      const c = lower.charCodeAt(i + 2);
      if ((a | b | c) <= 127) {
        const bucket = table[trigramKey(a, b, c)] ?? -1;
        if (bucket !== -1) {
          for (const token of buckets[bucket] ?? []) {
            if (!found.has(token) && lower.startsWith(token, i)) found.add(token);
          }
        }
      }
      a = b;
      b = c;
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
