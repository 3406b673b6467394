// The blank tests that replace /\s/.test(char) and trim() === "" in hot paths must agree with
// them exactly, or a screen would start or stop matching somewhere.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { isBlank, isJsWhitespace } from "../../src/screen/text/whitespace.js";

describe("blank tests agree with the regular-expression and trim forms", () => {
  test("isJsWhitespace agrees with /\\s/ on every UTF-16 code unit", () => {
    for (let code = 0; code <= 0xffff; code++) {
      assert.equal(
        isJsWhitespace(code),
        /\s/.test(String.fromCharCode(code)),
        `U+${code.toString(16)}`,
      );
    }
    assert.equal(isJsWhitespace(Number.NaN), false);
  });

  test("isBlank agrees with trim() === '' on blank-heavy strings", () => {
    const blankish = fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u2003", "\ufeff", "\u200b", "x");
    fc.assert(
      fc.property(fc.array(blankish, { maxLength: 12 }), (parts) => {
        const text = parts.join("");
        return isBlank(text) === (text.trim() === "");
      }),
      { numRuns: 2000 },
    );
  });
});
