// Assertions over lists of texts for the biosecurity trigger: every text must be relevant, or
// every text must stay quiet. A failure lists every mismatch at once.
import assert from "node:assert/strict";
import { looksBiosecurityRelevant } from "../../src/screen/biosecurity/index.js";

function mismatches(texts: readonly string[], relevant: boolean): string[] {
  return texts.filter((text) => looksBiosecurityRelevant(text) !== relevant);
}

export function expectRelevant(texts: readonly string[]): void {
  assert.deepEqual(mismatches(texts, true), []);
}

export function expectQuiet(texts: readonly string[]): void {
  assert.deepEqual(mismatches(texts, false), []);
}
