import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { removeTree } from "../../src/platform/remove-tree.js";

let base = "";
beforeEach(() => {
  base = mkdtempSync(join(tmpdir(), "cellguard-remove-tree-"));
});
afterEach(() => {
  chmodSync(base, 0o700);
  rmSync(base, { recursive: true, force: true });
});

describe("removeTree (the private temp's removal)", () => {
  test("a flat directory of files goes, and a link in it is removed without touching its target", () => {
    const outside = join(base, "outside.txt");
    writeFileSync(outside, "keep me");
    const temp = join(base, "temp");
    mkdirSync(temp);
    writeFileSync(join(temp, "a"), "1");
    writeFileSync(join(temp, ".hidden"), "2");
    symlinkSync(outside, join(temp, "link"));
    assert.equal(removeTree(temp), null);
    assert.equal(existsSync(temp), false);
    assert.equal(readFileSync(outside, "utf8"), "keep me");
  });

  test("a link to a directory outside is removed as a link: the directory it names survives", () => {
    const victim = join(base, "victim");
    mkdirSync(victim);
    writeFileSync(join(victim, "file"), "keep me");
    const temp = join(base, "temp");
    mkdirSync(temp);
    symlinkSync(victim, join(temp, "dir-link"));
    assert.equal(removeTree(temp), null);
    assert.equal(existsSync(temp), false);
    assert.equal(readFileSync(join(victim, "file"), "utf8"), "keep me");
  });

  test("a nested tree with a directory a Cell made unreadable is removed whole", () => {
    const temp = join(base, "temp");
    mkdirSync(join(temp, "deep", "er"), { recursive: true });
    writeFileSync(join(temp, "deep", "er", "f"), "x");
    chmodSync(join(temp, "deep"), 0o000);
    assert.equal(removeTree(temp), null);
    assert.equal(existsSync(temp), false);
  });

  test("a path that is already gone is not an error", () => {
    assert.equal(removeTree(join(base, "never-made")), null);
  });
});
