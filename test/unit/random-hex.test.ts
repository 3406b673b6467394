// randomHex hands out bytes of the kernel's generator from a pooled block: each value has the
// asked length in lower-case hex, and no value repeats across more calls than one block holds
// (so the pool is refilled, never reused).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { randomHex } from "../../src/platform/random.js";

describe("randomHex", () => {
  test("values have the asked length, are hex, and never repeat across pool refills", () => {
    const seen = new Set<string>();
    // 16 bytes a call: 2,000 calls read the 4 KiB block about eight times over.
    for (let i = 0; i < 2000; i += 1) {
      const value = randomHex(16);
      assert.match(value, /^[0-9a-f]{32}$/);
      assert.ok(!seen.has(value), `repeated ${value}`);
      seen.add(value);
    }
    assert.match(randomHex(6), /^[0-9a-f]{12}$/);
    assert.match(randomHex(5000), /^[0-9a-f]{10000}$/);
  });

  test("a request that does not fit what is left of the block gets fresh bytes, not a short value", () => {
    for (const size of [1, 7, 4095, 4096, 13]) assert.equal(randomHex(size).length, size * 2);
  });
});
