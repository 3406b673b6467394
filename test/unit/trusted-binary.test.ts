import assert from "node:assert/strict";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { untrustedReason, whichTrusted } from "../../src/platform/trusted-binary.js";
import { bwrapPath, needs } from "../helpers/host.js";

test("a binary planted in a user-writable directory on PATH (a workspace .venv/bin) is refused", () => {
  const dir = mkdtempSync(join(tmpdir(), "cellguard-trust-"));
  try {
    const bin = join(dir, ".venv", "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "bwrap"), "#!/bin/sh\nexit 0\n");
    chmodSync(join(bin, "bwrap"), 0o755);
    assert.match(untrustedReason(join(bin, "bwrap")) ?? "", /not in a system binary directory/);
    const found = whichTrusted("bwrap", `${bin}:/usr/bin:/bin`);
    assert.equal(found.refused.length, 1);
    assert.match(found.refused[0] ?? "", /\.venv\/bin\/bwrap/);
    assert.notEqual(found.path, join(bin, "bwrap"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test(
  "the system bubblewrap is trusted",
  { skip: needs(bwrapPath === null ? "needs bubblewrap installed" : false) },
  () => {
    assert.equal(untrustedReason(bwrapPath ?? ""), null);
    assert.equal(whichTrusted("bwrap", "/usr/local/bin:/usr/bin:/bin").path !== null, true);
  },
);

test("an empty PATH finds nothing and refuses nothing", () => {
  assert.deepEqual(whichTrusted("bwrap", ""), { path: null, refused: [] });
});

test("a relative PATH entry is never searched", () => {
  assert.deepEqual(whichTrusted("sh", "bin:."), { path: null, refused: [] });
});

test("a root-owned binary outside the system directories is refused (a Cell started by root writes root-owned files)", () => {
  const dir = mkdtempSync(join(tmpdir(), "cellguard-trust-"));
  try {
    chmodSync(dir, 0o755);
    writeFileSync(join(dir, "bwrap"), "#!/bin/sh\n");
    chmodSync(join(dir, "bwrap"), 0o755);
    assert.match(untrustedReason(join(dir, "bwrap")) ?? "", /not in a system binary directory/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
