// The file tools' confinement, in process: the secret-path pre-gate, the alias walk through
// symbolic links (in and out of the workspace, chains, loops), hard links, atomic writes and the
// protected-store hook.
import assert from "node:assert/strict";
import {
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ToolRefusal } from "../../src/mcp/errors.js";
import { UNPROTECTED } from "../../src/mcp/protection.js";
import { WorkspaceFiles } from "../../src/mcp/workspace-files.js";
import { withTempDir } from "../helpers/temp.js";

function refusedBy(layer: string, pattern: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof ToolRefusal, String(error));
    assert.equal(error.layer, layer, error.message);
    assert.match(error.message, pattern);
    return true;
  };
}

function setup(dir: string): { ws: string; outside: string; files: WorkspaceFiles } {
  const ws = join(dir, "ws");
  const outside = join(dir, "outside");
  mkdirSync(ws);
  mkdirSync(join(outside, ".ssh"), { recursive: true });
  writeFileSync(join(outside, ".ssh", "id_rsa"), "SECRET");
  writeFileSync(join(outside, "plain.txt"), "OUTSIDE");
  return { ws, outside, files: new WorkspaceFiles(ws, UNPROTECTED) };
}

describe("workspace file tools", () => {
  test("secret names are refused before any file is touched, whatever the spelling", () => {
    withTempDir("files-secret", (dir) => {
      const { ws, files } = setup(dir);
      writeFileSync(join(ws, ".env"), "X=1");
      for (const path of [
        ".env",
        "./.env",
        "a/../.env",
        ".ENV",
        "sub/.ssh/config",
        "key.pem",
        join(ws, ".env"),
      ]) {
        assert.throws(
          () => files.read(path),
          refusedBy("secret-path", /access to secret files/),
          path,
        );
      }
      assert.throws(() => files.write(".env.local", "x"), refusedBy("secret-path", /blocked/));
    });
  });

  test("a link out of the workspace is refused, directly, as a parent, or at the end of a chain", () => {
    withTempDir("files-links", (dir) => {
      const { ws, outside, files } = setup(dir);
      symlinkSync(join(outside, ".ssh"), join(ws, "keys"));
      symlinkSync(join(outside, "plain.txt"), join(ws, "plain"));
      symlinkSync("../outside", join(ws, "up"));
      symlinkSync("hop2", join(ws, "hop1"));
      symlinkSync("up/plain.txt", join(ws, "hop2"));
      for (const path of ["keys", "keys/known", "plain", "up/plain.txt", "hop1"]) {
        assert.throws(
          () => files.read(path),
          refusedBy("workspace", /leads outside the workspace/),
          path,
        );
      }
      assert.throws(() => files.list("keys"), refusedBy("workspace", /outside/));
      assert.throws(() => files.write("up/new.txt", "x"), refusedBy("workspace", /outside/));
      assert.throws(
        () => files.read("../outside/plain.txt"),
        refusedBy("workspace", /outside the workspace/),
      );
      assert.throws(
        () => files.read(join(outside, "plain.txt")),
        refusedBy("workspace", /outside the workspace/),
      );
      assert.deepEqual(readdirSync(outside).sort(), [".ssh", "plain.txt"]);
    });
  });

  test("a link inside the workspace is followed, but not to a secret, and a loop is refused", () => {
    withTempDir("files-inner", (dir) => {
      const { ws, files } = setup(dir);
      mkdirSync(join(ws, "docs"));
      writeFileSync(join(ws, "docs", "a.txt"), "A");
      mkdirSync(join(ws, ".ssh"));
      writeFileSync(join(ws, ".ssh", "notes"), "S");
      symlinkSync("docs", join(ws, "d"));
      symlinkSync(join(ws, "docs", "a.txt"), join(ws, "abs"));
      symlinkSync(".ssh", join(ws, "vault"));
      symlinkSync("loop2", join(ws, "loop1"));
      symlinkSync("loop1", join(ws, "loop2"));
      assert.equal(files.read("d/a.txt").text, "A");
      assert.equal(files.read("abs").text, "A");
      assert.throws(
        () => files.read("vault/notes"),
        refusedBy("secret-path", /resolves to a secret path/),
      );
      assert.throws(
        () => files.read("loop1"),
        refusedBy("workspace", /more than 40 symbolic links/),
      );
    });
  });

  test("a file with a second hard link is refused: it may be a file outside", () => {
    withTempDir("files-hard", (dir) => {
      const { ws, outside, files } = setup(dir);
      linkSync(join(outside, "plain.txt"), join(ws, "alias.txt"));
      assert.throws(() => files.read("alias.txt"), refusedBy("workspace", /has 2 hard links/));
    });
  });

  test("writes replace atomically through a staged file, keep the old mode, and leave no staging file", () => {
    withTempDir("files-write", (dir) => {
      const { ws, files } = setup(dir);
      writeFileSync(join(ws, "f.txt"), "old", { mode: 0o640 });
      assert.deepEqual(files.write("f.txt", "new"), { bytes: 3, created: false });
      assert.equal(readFileSync(join(ws, "f.txt"), "utf8"), "new");
      assert.equal(statSync(join(ws, "f.txt")).mode & 0o777, 0o640);
      assert.deepEqual(files.write("g.txt", "é"), { bytes: 2, created: true });
      assert.deepEqual(readdirSync(ws).sort(), ["f.txt", "g.txt"]);
      assert.throws(
        () => files.write("missing/x.txt", "x"),
        refusedBy("input", /parent directory .* does not exist/),
      );
      mkdirSync(join(ws, "adir"));
      assert.throws(() => files.write("adir", "x"), refusedBy("input", /not a regular file/));
    });
  });

  test("list_dir on a directory with more entries than the bound stops there and says it was cut", () => {
    withTempDir("files-list-flood", (dir) => {
      const { ws } = setup(dir);
      const flood = join(ws, "flood");
      mkdirSync(flood);
      for (let i = 0; i < 300; i += 1) writeFileSync(join(flood, `f${i}`), "");
      const files = new WorkspaceFiles(ws, UNPROTECTED, { maxListEntries: 25 });
      const listed = files.list("flood");
      assert.equal(listed.truncated, true);
      assert.equal(listed.entries.length, 25);
      assert.equal(listed.limit, 25);
      const sorted = [...listed.entries].sort();
      assert.deepEqual(listed.entries, sorted, "what was read is still shown in name order");
      // Exactly at the bound is complete, not cut.
      const exact = join(ws, "exact");
      mkdirSync(exact);
      for (let i = 0; i < 25; i += 1) writeFileSync(join(exact, `e${i}`), "");
      const whole = files.list("exact");
      assert.equal(whole.truncated, false);
      assert.equal(whole.entries.length, 25);
    });
  });

  test("list_dir marks secret entries and never lists through a link out", () => {
    withTempDir("files-list", (dir) => {
      const { ws, files } = setup(dir);
      writeFileSync(join(ws, ".env"), "X");
      writeFileSync(join(ws, "a.txt"), "abc");
      assert.deepEqual(files.list(".").entries, [
        "file .env 1 (secret: not readable by tools)",
        "file a.txt 3",
      ]);
      // A newline in a name cannot forge a second entry.
      writeFileSync(join(ws, "b\nfile forged.txt 1"), "");
      assert.deepEqual(files.list(".").entries.slice(2), ['file "b\\nfile forged.txt 1" 0']);
    });
  });

  test("the protected-store hook is asked for the lexical and the resolved path, and its refusal holds", () => {
    withTempDir("files-store", (dir) => {
      const ws = join(dir, "ws");
      mkdirSync(join(ws, "real"), { recursive: true });
      writeFileSync(join(ws, "real", "x.txt"), "x");
      symlinkSync("real", join(ws, "alias"));
      const asked: string[] = [];
      const files = new WorkspaceFiles(ws, {
        childPrefix: () => [],
        checkStorePath: (path) => {
          asked.push(path);
          if (path.endsWith("real/x.txt"))
            throw new Error("use an authorized context tool to access runtime context");
        },
      });
      assert.throws(
        () => files.read("alias/x.txt"),
        refusedBy("protected-store", /authorized context tool/),
      );
      assert.deepEqual(
        asked.map((p) => p.slice(files.root.length)),
        ["/alias/x.txt", "/real/x.txt"],
      );
    });
  });

  test("a directory swapped for a link after the walk cannot redirect a write or a listing out", () => {
    withTempDir("files-swap", (dir) => {
      const ws = join(dir, "ws");
      const outside = join(dir, "outside");
      mkdirSync(join(ws, "a", "b"), { recursive: true });
      mkdirSync(join(outside, "b"), { recursive: true });
      let swaps = 0;
      // The store hook runs after the walk, right before the I/O: the moment a racing Cell needs.
      const files = new WorkspaceFiles(ws, {
        childPrefix: () => [],
        checkStorePath: (path) => {
          if (!path.endsWith("/a/b/x.txt") && !path.endsWith("/a/b")) return;
          if (swaps++ % 2 === 0) return; // the lexical spelling; swap before the resolved one
          renameSync(join(ws, "a"), join(ws, `a-moved-${swaps}`));
          symlinkSync(outside, join(ws, "a"));
        },
      });
      assert.throws(
        () => files.write("a/b/x.txt", "payload"),
        refusedBy("workspace", /changed while it was being opened/),
      );
      assert.deepEqual(readdirSync(join(outside, "b")), [], "nothing was written outside");
      rmSync(join(ws, "a"));
      renameSync(join(ws, "a-moved-2"), join(ws, "a"));
      assert.throws(
        () => files.list("a/b"),
        refusedBy("workspace", /changed while it was being opened/),
      );
    });
  });
});
