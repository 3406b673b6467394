// Untrusted text printed to a terminal cannot move the cursor, set the title, recolour or reorder
// what the user reads: control, ANSI, line-separator and bidi characters become visible escapes.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { escapeForTerminal, escapeOneLine } from "../../src/cli/terminal-text.js";

/** Independent statement of what must never reach the terminal raw (besides \n and \t). */
function mustEscape(codePoint: number): boolean {
  return (
    (codePoint <= 0x1f && codePoint !== 0x0a && codePoint !== 0x09) ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x061c ||
    codePoint === 0x200e ||
    codePoint === 0x200f ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

const visible = (codePoint: number): string => `\\u${codePoint.toString(16).padStart(4, "0")}`;

describe("escapeForTerminal and escapeOneLine", () => {
  test("an OSC title sequence ESC ] … BEL is rendered visible", () => {
    const hostile = "\u001b]0;owned\u0007done";
    assert.equal(escapeForTerminal(hostile), "\\u001b]0;owned\\u0007done");
    assert.equal(escapeOneLine(hostile), "\\u001b]0;owned\\u0007done");
  });

  test("a CSI colour or clear-screen sequence is rendered visible (7-bit and 8-bit forms)", () => {
    assert.equal(escapeForTerminal("\u001b[31mred\u001b[2J"), "\\u001b[31mred\\u001b[2J");
    assert.equal(escapeForTerminal("\u009b2J"), "\\u009b2J");
  });

  test("carriage return cannot overwrite the line already printed", () => {
    assert.equal(escapeForTerminal("ok\rFAIL"), "ok\\u000dFAIL");
    assert.equal(escapeOneLine("ok\rFAIL"), "ok\\u000dFAIL");
  });

  test("U+2028 and U+2029 line and paragraph separators are rendered visible", () => {
    assert.equal(escapeForTerminal("a\u2028b\u2029c"), "a\\u2028b\\u2029c");
  });

  test("bidi override U+202E cannot reorder a file name", () => {
    assert.equal(escapeForTerminal("invoice\u202Efdp.exe"), "invoice\\u202efdp.exe");
    assert.equal(
      escapeOneLine("x\u2066y\u2069z\u200e\u200f\u061c"),
      "x\\u2066y\\u2069z\\u200e\\u200f\\u061c",
    );
  });

  test("newline is kept by escapeForTerminal and escaped by escapeOneLine", () => {
    assert.equal(escapeForTerminal("line 1\nline 2"), "line 1\nline 2");
    assert.equal(escapeOneLine("line 1\nline 2"), "line 1\\u000aline 2");
  });

  test("tab is kept by escapeForTerminal and escaped by escapeOneLine", () => {
    assert.equal(escapeForTerminal("a\tb"), "a\tb");
    assert.equal(escapeOneLine("a\tb"), "a\\u0009b");
  });

  test("ordinary text, accents, CJK and emoji pass through unchanged", () => {
    const text = "héllo wörld 世界 🙂 ~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./";
    assert.equal(escapeForTerminal(text), text);
    assert.equal(escapeOneLine(text), text);
  });

  test("every BMP code point is either passed through or escaped as \\uXXXX, as required", () => {
    for (let cp = 0; cp <= 0xffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates
      const ch = String.fromCharCode(cp);
      const expectedTerminal = mustEscape(cp) ? visible(cp) : ch;
      const expectedOneLine = mustEscape(cp) || cp === 0x0a || cp === 0x09 ? visible(cp) : ch;
      if (escapeForTerminal(ch) !== expectedTerminal)
        assert.fail(
          `escapeForTerminal(U+${cp.toString(16)}) = ${JSON.stringify(escapeForTerminal(ch))}`,
        );
      if (escapeOneLine(ch) !== expectedOneLine)
        assert.fail(`escapeOneLine(U+${cp.toString(16)}) = ${JSON.stringify(escapeOneLine(ch))}`);
    }
  });

  test("a 1 MB string of control characters is fully escaped", () => {
    const size = 1024 * 1024;
    const hostile = "\u001b\r\u0007\u202e".repeat(size / 4);
    const out = escapeOneLine(hostile);
    assert.equal(out.length, size * 6);
    assert.equal(out, "\\u001b\\u000d\\u0007\\u202e".repeat(size / 4));
    const terminal = escapeForTerminal(`${"\u0000".repeat(size)}\n`);
    assert.equal(terminal, `${"\\u0000".repeat(size)}\n`);
  });
});

test("JSON for a terminal escapes C1 controls, line separators and bidi controls and stays the same value", async () => {
  const { terminalSafeJson } = await import("../../src/cli/terminal-text.js");
  const value = { out: "\u009b31m\u202eevil\u2028x", plain: "ok" };
  const text = terminalSafeJson(value);
  assert.doesNotMatch(text, /[\u0080-\u009f\u202e\u2028]/u);
  assert.deepEqual(JSON.parse(text), value);
});
