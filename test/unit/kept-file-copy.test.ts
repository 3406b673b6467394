// A kept file is copied only as the regular file it was listed as: never through a link, never
// blocking on a FIFO, never past the size limit, and without set-id bits.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import { copySmallFile, MAX_COPIED_FILE_BYTES } from "../../src/sandbox/kept-file-copy.js";

let dir = "";
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "cellguard-copy-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("a small regular file is copied with its bytes and permission bits", () => {
  const path = join(dir, ".gitconfig");
  writeFileSync(path, "[user]\n\tname = Ada\n", { mode: 0o600 });
  const copy = copySmallFile(path);
  assert.equal(Buffer.from(copy?.data ?? []).toString(), "[user]\n\tname = Ada\n");
  assert.equal(copy?.mode, 0o600);
});

test("a file at the size limit is copied; one byte more is bound back instead", () => {
  const at = join(dir, "at");
  const over = join(dir, "over");
  writeFileSync(at, "a".repeat(MAX_COPIED_FILE_BYTES));
  writeFileSync(over, "a".repeat(MAX_COPIED_FILE_BYTES + 1));
  assert.equal(copySmallFile(at)?.data.length, MAX_COPIED_FILE_BYTES);
  assert.equal(copySmallFile(over), null);
});

test("a symlink swapped in for a listed file is not followed (it could point at a secret)", () => {
  const secret = join(dir, "secret");
  writeFileSync(secret, "token");
  const link = join(dir, ".bashrc");
  symlinkSync(secret, link);
  assert.equal(copySmallFile(link), null);
});

test("a FIFO is not read (no blocking) and a directory is not copied", () => {
  const fifo = join(dir, "fifo");
  const made = spawnSync("/usr/bin/mkfifo", [fifo]);
  if (made.status === 0) assert.equal(copySmallFile(fifo), null);
  assert.equal(copySmallFile(dir), null);
});

test("set-user-ID, set-group-ID and sticky bits are dropped from the copy's mode", () => {
  const path = join(dir, "tool");
  writeFileSync(path, "#!/bin/sh\n");
  chmodSync(path, 0o6755);
  assert.equal(copySmallFile(path)?.mode, 0o755);
});

test("a file that cannot be opened is bound back (the kernel keeps refusing it inside)", () => {
  assert.equal(copySmallFile(join(dir, "missing")), null);
});
