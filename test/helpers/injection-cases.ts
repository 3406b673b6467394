// Assertions over lists of texts for the static injection tier: every text must be flagged, or
// every text must stay clean (the failure names the text and, for a false flag, the reason).
import assert from "node:assert/strict";
import { scanToolResultStatic } from "../../src/screen/injection/scan.js";

export function expectFlagged(texts: readonly string[]): void {
  for (const text of texts)
    assert.equal(scanToolResultStatic(text).injected, true, `expected a flag for ${text}`);
}

export function expectClean(texts: readonly string[]): void {
  for (const text of texts) {
    const verdict = scanToolResultStatic(text);
    assert.equal(verdict.injected, false, `expected no flag for ${text} (${verdict.reason})`);
  }
}
