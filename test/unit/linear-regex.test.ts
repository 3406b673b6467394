// Matching over untrusted text must be linear-time. This audit reads every regular-expression
// literal and RegExp source under src/screen and refuses nested quantifiers (a quantified group
// that contains a quantifier) and two adjacent unbounded quantifiers, the shapes that let a
// backtracking engine go exponential or quadratic.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../helpers/paths.js";
import { backtrackingRisk } from "../helpers/regex-audit.js";

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out;
}

// Regex literals: a "/" that starts an expression, up to the closing "/" outside a class.
function regexLiterals(code: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < code.length; i++) {
    if (code[i] !== "/" || code[i + 1] === "/" || code[i + 1] === "*") continue;
    let k = i - 1;
    while (k >= 0 && (code[k] === " " || code[k] === "\t")) k--;
    if (
      k >= 0 &&
      !"(,=:[!&|?{};\n".includes(code[k] as string) &&
      !code.slice(Math.max(0, k - 5), k + 1).endsWith("return")
    )
      continue;
    let j = i + 1;
    let inClass = false;
    for (; j < code.length && code[j] !== "\n"; j++) {
      if (code[j] === "\\") j++;
      else if (code[j] === "[") inClass = true;
      else if (code[j] === "]") inClass = false;
      else if (code[j] === "/" && !inClass) break;
    }
    if (code[j] === "/") {
      found.push(code.slice(i + 1, j));
      i = j;
    }
  }
  return found;
}

describe("linear-time matching", () => {
  test("the audit itself catches the dangerous shapes", () => {
    for (const bad of [
      "(a+)+",
      "(\\w*)*b",
      "(?:x|y+){2,}",
      "\\s*\\w*",
      ".*.*=",
      "[^)]*\\s*",
      "(a|aa)*",
    ]) {
      assert.notEqual(backtrackingRisk(bad), null, bad);
    }
    for (const good of [
      "[a-z]{1,4}[0-9]{0,4}",
      "^\\/dev\\/(?:sd|vd)[a-z]$",
      "[A-Za-z0-9+/]{24,}={0,2}",
      "a+b",
      "(?:ab){5}",
    ]) {
      assert.equal(backtrackingRisk(good), null, good);
    }
  });

  test("no regular expression under src/screen can backtrack badly", () => {
    const offenders: string[] = [];
    for (const file of sources(join(repoRoot(), "src", "screen"))) {
      for (const literal of regexLiterals(readFileSync(file, "utf8"))) {
        const risk = backtrackingRisk(literal);
        if (risk !== null) offenders.push(`${file}: /${literal}/ — ${risk}`);
      }
    }
    assert.deepEqual(offenders, []);
  });
});
