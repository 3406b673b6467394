// The workspace hardlink inventory (§7.9) on a real file system: a file with a name outside the
// workspace refuses, links fully inside pass, symlinks are not followed, and every ambiguity —
// the entry bound, the time bound, a directory that changes or cannot be read mid-walk, a link
// count that moves — refuses. The bounds are injected so nothing here waits on a clock.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  linkSync,
  mkdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { SandboxUnavailableError } from "../../src/errors.js";
import { checkWorkspaceHardlinks, INVENTORY_LIMITS } from "../../src/sandbox/hardlink-inventory.js";
import { useFixture } from "../helpers/fixture-home.js";
import { isRoot } from "../helpers/host.js";

const refusal = (pattern: RegExp) => (error: unknown) => {
  assert.ok(error instanceof SandboxUnavailableError, String(error));
  assert.match(error.message, pattern);
  return true;
};

describe("workspace hardlink inventory", () => {
  const fx = useFixture();

  test("the spec's bounds: 100,000 entries and 5 seconds", () => {
    assert.deepEqual(INVENTORY_LIMITS, { maxEntries: 100_000, maxMs: 5_000 });
  });

  test("a file hardlinked to a name outside the workspace refuses, naming it", () => {
    const outside = join(fx.root, "outside.txt");
    writeFileSync(outside, fx.canary);
    mkdirSync(join(fx.workspace, "deep", "er"), { recursive: true });
    linkSync(outside, join(fx.workspace, "deep", "er", "copy.txt"));
    assert.throws(
      () => checkWorkspaceHardlinks(fx.workspace),
      refusal(/contains a file hardlinked outside the workspace: .*deep\/er\/copy\.txt/),
    );
  });

  test("a sibling's FIFO hardlinked into the workspace refuses like a regular file", () => {
    const outside = join(fx.root, "bob.fifo");
    const made = spawnSync("/usr/bin/mkfifo", [outside]);
    assert.equal(made.status, 0, String(made.stderr));
    linkSync(outside, join(fx.workspace, "pipe"));
    assert.throws(
      () => checkWorkspaceHardlinks(fx.workspace),
      refusal(/hardlinked outside the workspace: .*pipe.* \(2 links, 1 inside\)/),
    );
  });

  test("links whose every name is inside the workspace pass", () => {
    mkdirSync(join(fx.workspace, "a"));
    mkdirSync(join(fx.workspace, "b"));
    writeFileSync(join(fx.workspace, "a", "one"), "x");
    linkSync(join(fx.workspace, "a", "one"), join(fx.workspace, "b", "two"));
    linkSync(join(fx.workspace, "a", "one"), join(fx.workspace, "three"));
    checkWorkspaceHardlinks(fx.workspace);
  });

  test("symlinks are not followed: a link to an outside directory full of hardlinks is not walked", () => {
    const outsideDir = join(fx.root, "outside-dir");
    mkdirSync(outsideDir);
    writeFileSync(join(outsideDir, "f"), "x");
    linkSync(join(outsideDir, "f"), join(outsideDir, "g"));
    symlinkSync(outsideDir, join(fx.workspace, "dir-link"));
    symlinkSync(join(outsideDir, "f"), join(fx.workspace, "file-link"));
    checkWorkspaceHardlinks(fx.workspace);
  });

  test("the entry bound: exactly the limit passes, one more refuses, and the walk stops there", () => {
    for (let i = 0; i < 10; i++) writeFileSync(join(fx.workspace, `f${i}`), "x");
    checkWorkspaceHardlinks(fx.workspace, { limits: { maxEntries: 10, maxMs: 60_000 } });
    let clockReads = 0;
    assert.throws(
      () =>
        checkWorkspaceHardlinks(fx.workspace, {
          limits: { maxEntries: 9, maxMs: 60_000 },
          now: () => (clockReads++, 0),
        }),
      refusal(/exceeded its entry limit \(9 entries\)/),
    );
    // One read at the start, one per entry up to the limit: the tenth entry stops the walk
    // before anything else is looked at.
    assert.equal(clockReads, 1 + 9);
  });

  test("the time bound refuses", () => {
    writeFileSync(join(fx.workspace, "a"), "x");
    writeFileSync(join(fx.workspace, "b"), "x");
    let t = 0;
    assert.throws(
      () =>
        checkWorkspaceHardlinks(fx.workspace, {
          limits: { maxEntries: 100, maxMs: 5_000 },
          now: () => (t += 3_000),
        }),
      refusal(/exceeded its time limit \(5000 ms\)/),
    );
  });

  test("a directory replaced while it is listed refuses as changed", () => {
    mkdirSync(join(fx.workspace, "a", "b"), { recursive: true });
    let reads = 0;
    assert.throws(
      () =>
        checkWorkspaceHardlinks(fx.workspace, {
          now: () => {
            reads += 1;
            // Read 3 is the entry "b", while "a" is being listed: swap "a" for another directory.
            if (reads === 3) {
              renameSync(join(fx.workspace, "a"), join(fx.root, "a-old"));
              mkdirSync(join(fx.workspace, "a"));
            }
            return 0;
          },
        }),
      refusal(/changed during hardlink scan/),
    );
  });

  test("a link count that changes between two names of one file refuses as changed", () => {
    writeFileSync(join(fx.workspace, "f"), "x");
    linkSync(join(fx.workspace, "f"), join(fx.workspace, "g"));
    let reads = 0;
    assert.throws(
      () =>
        checkWorkspaceHardlinks(fx.workspace, {
          now: () => {
            reads += 1;
            // Read 3 comes before the second name is looked at; the first one is recorded.
            if (reads === 3) linkSync(join(fx.workspace, "f"), join(fx.root, "third-name"));
            return 0;
          },
        }),
      refusal(/changed during hardlink scan/),
    );
  });

  test("an entry that disappears mid-walk refuses as changed", () => {
    writeFileSync(join(fx.workspace, "f"), "x");
    writeFileSync(join(fx.workspace, "g"), "x");
    let reads = 0;
    assert.throws(
      () =>
        checkWorkspaceHardlinks(fx.workspace, {
          now: () => {
            reads += 1;
            if (reads === 2) {
              rmSync(join(fx.workspace, "f"));
              rmSync(join(fx.workspace, "g"));
            }
            return 0;
          },
        }),
      refusal(/changed during hardlink scan \(.* disappeared\)/),
    );
  });

  test(
    "a directory the walk cannot open refuses (cannot be safely scanned)",
    { skip: isRoot ? "root opens every directory; the unprivileged re-run runs this" : false },
    () => {
      const locked = join(fx.workspace, "locked");
      mkdirSync(locked);
      chmodSync(locked, 0o000);
      try {
        assert.throws(
          () => checkWorkspaceHardlinks(fx.workspace),
          refusal(/cannot be safely scanned \(cannot open .*locked.*EACCES\)/),
        );
      } finally {
        chmodSync(locked, 0o700);
      }
    },
  );
});
