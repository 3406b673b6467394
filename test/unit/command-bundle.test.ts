import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import { CODE_CACHE_SUFFIX, codeCacheFile, compileBundle } from "../../src/cli/command-bundle.js";

let dir = "";
let file = "";

const bundle = (answer: number): string =>
  [
    '"use strict";',
    `exports.answer = () => ${answer};`,
    'exports.where = () => new Error("here").stack;',
    'exports.dir = () => require("node:path").basename(__dirname);',
    "",
  ].join("\n");

function writeCacheFor(path: string): void {
  const compiled = compileBundle(path);
  // Run what the cache should hold, as the warm-up does.
  (compiled.exports["answer"] as () => number)();
  writeFileSync(
    `${path}${CODE_CACHE_SUFFIX}`,
    codeCacheFile(compiled.bytes, compiled.script.createCachedData()),
  );
}

// A fresh process for each look: within one process V8 finds a script it compiled before in its
// own compilation cache and never reads the cache data offered, good or bad.
function compileInFreshProcess(path: string): { used: boolean; answer: number } {
  const loader = new URL("../../src/cli/command-bundle.js", import.meta.url).href;
  const program = [
    `import { compileBundle } from ${JSON.stringify(loader)};`,
    "const b = compileBundle(process.argv[1]);",
    "console.log(JSON.stringify({ used: b.cacheUsed, answer: b.exports.answer() }));",
  ].join("\n");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", program, path], {
    encoding: "utf8",
  });
  return JSON.parse(out) as { used: boolean; answer: number };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cellguard-bundle-"));
  file = join(dir, "cmd.cjs");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("command bundles with a code cache", () => {
  test("without a cache the bundle runs as a CommonJS module", () => {
    writeFileSync(file, bundle(42));
    const compiled = compileBundle(file);
    assert.equal(compiled.cacheUsed, false);
    assert.equal((compiled.exports["answer"] as () => number)(), 42);
    assert.equal((compiled.exports["dir"] as () => string)(), join(dir).split("/").pop());
  });

  test("a cache made from the same bytes is taken by V8", () => {
    writeFileSync(file, bundle(42));
    writeCacheFor(file);
    assert.deepEqual(compileInFreshProcess(file), { used: true, answer: 42 });
  });

  test("a stale cache of a same-length bundle is ignored: the new code runs, not the cached one", () => {
    writeFileSync(file, bundle(42));
    writeCacheFor(file);
    // Same length, other code: V8's own check (the source's length) would accept the old cache.
    writeFileSync(file, bundle(43));
    assert.deepEqual(compileInFreshProcess(file), { used: false, answer: 43 });
  });

  test("a cache made from a longer bundle that starts with this one is ignored", () => {
    // The recorded length, not only the leading bytes, must match: otherwise the rest of the
    // longer source would be offered to V8 as cache data.
    writeFileSync(file, `${bundle(42)}exports.more = 1;\n`);
    writeCacheFor(file);
    writeFileSync(file, bundle(42));
    assert.deepEqual(compileInFreshProcess(file), { used: false, answer: 42 });
  });

  test("a cache with the right source but damaged data is rejected, and the bundle still runs", () => {
    writeFileSync(file, bundle(42));
    writeCacheFor(file);
    const cache = `${file}${CODE_CACHE_SUFFIX}`;
    const compiled = compileBundle(file);
    writeFileSync(cache, codeCacheFile(compiled.bytes, Buffer.alloc(4096, 0x5a)));
    assert.deepEqual(compileInFreshProcess(file), { used: false, answer: 42 });
  });

  test("stack traces keep the bundle's own line numbers", () => {
    writeFileSync(file, bundle(42));
    const compiled = compileBundle(file);
    assert.match((compiled.exports["where"] as () => string)(), new RegExp(`${file}:3:`));
  });
});
