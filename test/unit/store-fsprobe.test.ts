// lstat probes answer "absent" only for ENOENT and ENOTDIR; every other error reaches the caller,
// so a guard built on them refuses an unreadable path instead of treating it as missing.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isAbsentError, lstatIsSymlink, lstatKind } from "../../src/store/fsprobe.js";
import { isRoot } from "../helpers/host.js";
import { withTempDir } from "../helpers/temp.js";

function errnoCode(code: string): (error: unknown) => boolean {
  return (error) => error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

const mkfifo = spawnSync("mkfifo", ["--version"]).error === undefined;

describe("lstatKind", () => {
  test("a symlink to a file is reported as symlink, never as the file it points to", () => {
    withTempDir("fsprobe", (dir) => {
      writeFileSync(join(dir, "target"), "x");
      symlinkSync(join(dir, "target"), join(dir, "link"));
      assert.equal(lstatKind(join(dir, "link")), "symlink");
    });
  });

  test("a dangling symlink is reported as symlink, not as absent", () => {
    withTempDir("fsprobe", (dir) => {
      symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
      assert.equal(lstatKind(join(dir, "dangling")), "symlink");
    });
  });

  test("a directory, a regular file and a symlink to a directory are told apart", () => {
    withTempDir("fsprobe", (dir) => {
      mkdirSync(join(dir, "sub"));
      writeFileSync(join(dir, "file"), "");
      symlinkSync(join(dir, "sub"), join(dir, "sublink"));
      assert.deepEqual(
        ["sub", "file", "sublink"].map((name) => lstatKind(join(dir, name))),
        ["dir", "file", "symlink"],
      );
    });
  });

  test("a FIFO is other", { skip: mkfifo ? false : "needs the mkfifo program" }, () => {
    withTempDir("fsprobe", (dir) => {
      const fifo = join(dir, "fifo");
      assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
      assert.equal(lstatKind(fifo), "other");
    });
  });

  test("a missing path is null", () => {
    withTempDir("fsprobe", (dir) => {
      assert.equal(lstatKind(join(dir, "missing")), null);
    });
  });

  test("a path through a regular file (ENOTDIR) is null", () => {
    withTempDir("fsprobe", (dir) => {
      writeFileSync(join(dir, "file"), "");
      assert.equal(lstatKind(join(dir, "file", "child")), null);
    });
  });

  test(
    "EACCES on an unreadable parent propagates instead of reading as absent",
    { skip: isRoot ? "root bypasses directory permissions, so EACCES cannot happen" : false },
    () => {
      withTempDir("fsprobe", (dir) => {
        mkdirSync(join(dir, "locked"));
        writeFileSync(join(dir, "locked", "inside"), "");
        chmodSync(join(dir, "locked"), 0o000);
        try {
          assert.throws(() => lstatKind(join(dir, "locked", "inside")), errnoCode("EACCES"));
          assert.throws(() => lstatIsSymlink(join(dir, "locked", "inside")), errnoCode("EACCES"));
        } finally {
          chmodSync(join(dir, "locked"), 0o700);
        }
      });
    },
  );

  test("ELOOP through a symlink loop propagates instead of reading as absent (runs as root too)", () => {
    withTempDir("fsprobe", (dir) => {
      symlinkSync(join(dir, "loop"), join(dir, "loop"));
      assert.throws(() => lstatKind(join(dir, "loop", "child")), errnoCode("ELOOP"));
      assert.throws(
        () => lstatIsSymlink(join(dir, "loop", "child"), { missingOk: true }),
        errnoCode("ELOOP"),
      );
    });
  });

  test("ENAMETOOLONG propagates instead of reading as absent", () => {
    withTempDir("fsprobe", (dir) => {
      const long = join(dir, "n".repeat(300));
      assert.throws(() => lstatKind(long), errnoCode("ENAMETOOLONG"));
    });
  });
});

describe("lstatIsSymlink", () => {
  test("true for a symlink and a dangling symlink, false for a file and a directory", () => {
    withTempDir("fsprobe", (dir) => {
      writeFileSync(join(dir, "file"), "");
      symlinkSync(join(dir, "file"), join(dir, "link"));
      symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
      assert.deepEqual(
        ["link", "dangling", "file", "."].map((name) => lstatIsSymlink(join(dir, name))),
        [true, true, false, false],
      );
    });
  });

  test("a missing path is false by default and throws ENOENT with missingOk false", () => {
    withTempDir("fsprobe", (dir) => {
      const missing = join(dir, "missing");
      assert.equal(lstatIsSymlink(missing), false);
      assert.throws(() => lstatIsSymlink(missing, { missingOk: false }), errnoCode("ENOENT"));
    });
  });

  test("ENOTDIR is absent too: false by default, thrown with missingOk false", () => {
    withTempDir("fsprobe", (dir) => {
      writeFileSync(join(dir, "file"), "");
      const through = join(dir, "file", "child");
      assert.equal(lstatIsSymlink(through), false);
      assert.throws(() => lstatIsSymlink(through, { missingOk: false }), errnoCode("ENOTDIR"));
    });
  });
});

test("isAbsentError accepts only ENOENT and ENOTDIR", () => {
  const errno = (code: string): Error => Object.assign(new Error(code), { code });
  assert.deepEqual(
    ["ENOENT", "ENOTDIR", "EACCES", "ELOOP", "EIO"].map((code) => isAbsentError(errno(code))),
    [true, true, false, false, false],
  );
  assert.equal(isAbsentError("ENOENT"), false);
});
