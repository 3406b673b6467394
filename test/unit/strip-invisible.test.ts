// stripInvisible is a hand-written scanner (one charCodeAt pass) so that a megabyte of invisible
// characters costs a loop, not a million regular-expression matches. These tests hold it to the
// one-character-class definition it replaced, on arbitrary strings, lone surrogates included.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { stripInvisible } from "../../src/screen/text/normalize.js";

// The reference: one character class, no quantifier, matched per code point (the `u` flag).
const REFERENCE =
  // eslint-disable-next-line no-misleading-character-class -- each listed mark is removed on its own
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;
const reference = (text: string): string => text.replace(REFERENCE, "");

// Code units near every boundary of the table, so random strings hit the edges often.
const EDGES = [
  0x41, 0xac, 0xad, 0xae, 0x34f, 0x61c, 0x115e, 0x115f, 0x1160, 0x1161, 0x17b4, 0x17b5, 0x180a,
  0x180b, 0x180f, 0x1810, 0x200a, 0x200b, 0x200f, 0x2010, 0x2029, 0x202a, 0x202e, 0x202f, 0x205f,
  0x2060, 0x206f, 0x2070, 0x3164, 0xfdff, 0xfe00, 0xfe0f, 0xfe10, 0xfeff, 0xffa0, 0xd83d, 0xde00,
  0xdb40, 0xdbff, 0xdc00, 0xdc7f, 0xdc80, 0xdcff, 0xdd00, 0xddef, 0xddf0, 0xdfff,
];
const unit = fc.oneof(fc.constantFrom(...EDGES), fc.integer({ min: 0, max: 0xffff }));
const text = fc.array(unit, { maxLength: 64 }).map((units) => String.fromCharCode(...units));

describe("stripInvisible", () => {
  test("removes exactly what the one-class definition removes, on arbitrary code units", () => {
    fc.assert(
      fc.property(text, (t) => stripInvisible(t) === reference(t)),
      { numRuns: 20000 },
    );
  });

  test("removes tag characters and supplementary variation selectors, keeps other astral text", () => {
    const tagged = `a${String.fromCodePoint(0xe0069, 0xe0101)}b\u{1f600}\u200bc`;
    assert.equal(stripInvisible(tagged), "ab\u{1f600}c");
    assert.equal(
      stripInvisible(`x${String.fromCodePoint(0xe01f0)}`),
      `x${String.fromCodePoint(0xe01f0)}`,
    );
  });

  test("a megabyte of invisible characters, or of alternating visible ones, is handled whole", () => {
    assert.equal(stripInvisible("\u200b".repeat(1 << 20)), "");
    assert.equal(stripInvisible("a\u200d".repeat(1 << 19)), "a".repeat(1 << 19));
    const plain = "visible text ".repeat(1000);
    assert.equal(stripInvisible(plain), plain);
  });
});
