import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import type { DenyEntry } from "../../src/policy/sandbox-policy.js";
import { hiddenDirectories, reachableAfterHiding } from "../../src/sandbox/home-overlay.js";
import { MAX_COPIED_FILE_BYTES, MAX_COPIED_FILES } from "../../src/sandbox/kept-file-copy.js";

/** A FIFO in the home: copying must not block on it (it is bound back instead). */
function mkfifoOrSkip(path: string): void {
  spawnSync("/usr/bin/mkfifo", [path]);
}

let home = "";
beforeEach(() => {
  home = join(realpathSync(mkdtempSync(join(tmpdir(), "cellguard-overlay-"))), "home");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  mkdirSync(join(home, ".config", "nvim"), { recursive: true });
  mkdirSync(join(home, ".local", "share", "cellguard"), { recursive: true });
  writeFileSync(join(home, ".bashrc"), "");
  writeFileSync(join(home, ".netrc"), "secret");
  symlinkSync("/srv/elsewhere", join(home, "link"));
});
afterEach(() => rmSync(join(home, ".."), { recursive: true, force: true }));

const deny = (kind: DenyEntry["kind"], rel: string): DenyEntry => ({ kind, path: join(home, rel) });

test("a home with a denied file is rebuilt without it; links stay links", () => {
  const hidden = hiddenDirectories([deny("literal", ".netrc")], [home]);
  assert.deepEqual(hidden, [
    {
      path: home,
      keep: [
        // A small regular file is copied in (its bytes and permission bits), not bound.
        { name: ".bashrc", kind: "bind", copy: { data: new Uint8Array(0), mode: 0o644 } },
        { name: ".config", kind: "bind" },
        { name: ".local", kind: "bind" },
        { name: ".ssh", kind: "bind" },
        { name: "link", kind: "symlink", target: "/srv/elsewhere" },
      ],
    },
  ]);
});

test("kept files are copied only when small and regular; the rest are bound back", () => {
  writeFileSync(join(home, ".profile"), "export A=1\n", { mode: 0o640 });
  writeFileSync(join(home, "big.csv"), "x".repeat(MAX_COPIED_FILE_BYTES + 1));
  mkfifoOrSkip(join(home, "pipe"));
  const [rebuilt] = hiddenDirectories([deny("literal", ".netrc")], [home]);
  const byName = new Map(rebuilt?.keep.map((entry) => [entry.name, entry]));
  const profile = byName.get(".profile");
  assert.equal(profile?.kind, "bind");
  if (profile?.kind !== "bind") return;
  assert.equal(Buffer.from(profile.copy?.data ?? []).toString(), "export A=1\n");
  assert.equal(profile.copy?.mode, 0o640);
  assert.deepEqual(byName.get("big.csv"), { name: "big.csv", kind: "bind" });
  assert.deepEqual(byName.get(".config"), { name: ".config", kind: "bind" });
});

test("no more than MAX_COPIED_FILES files are copied per sandbox; the others are bound", () => {
  for (let i = 0; i < MAX_COPIED_FILES + 5; i++) writeFileSync(join(home, `f${i}`), "x");
  const [rebuilt] = hiddenDirectories([deny("literal", ".netrc")], [home]);
  const copies = (rebuilt?.keep ?? []).filter((e) => e.kind === "bind" && e.copy !== undefined);
  assert.equal(copies.length, MAX_COPIED_FILES);
  assert.ok((rebuilt?.keep.length ?? 0) > MAX_COPIED_FILES + 5);
});

test("a denied name that does not exist yet still has its parent rebuilt, so it never appears", () => {
  const hidden = hiddenDirectories([deny("subpath", ".config/gh")], [home]);
  assert.deepEqual(
    hidden.map((d) => d.path),
    [home, join(home, ".config")],
  );
  assert.deepEqual(hidden[1]?.keep, [{ name: "nvim", kind: "bind" }]);
  assert.equal(reachableAfterHiding(join(home, ".config", "gh"), hidden), false);
  assert.equal(reachableAfterHiding(join(home, ".config", "nvim", "init.lua"), hidden), true);
});

test("an existing denied directory keeps its own mask and nothing inside it is rebuilt", () => {
  const hidden = hiddenDirectories(
    [
      deny("subpath", ".local/share/cellguard"),
      deny("prefix", ".local/share/cellguard/cellguard.db"),
      deny("subpath", ".ssh"),
    ],
    [home],
  );
  assert.deepEqual(hidden, [], "no files and no missing names: masks suffice");
});

test("nothing is rebuilt for a home without denied paths, or for /", () => {
  assert.deepEqual(hiddenDirectories([{ kind: "literal", path: "/etc/shadow" }], [home]), []);
  assert.deepEqual(hiddenDirectories([{ kind: "literal", path: "/x" }], ["/"]), []);
});

test("a path outside every rebuilt directory stays reachable", () => {
  const hidden = hiddenDirectories([deny("literal", ".netrc")], [home]);
  assert.equal(reachableAfterHiding("/etc/shadow", hidden), true);
  assert.equal(reachableAfterHiding(join(home, ".netrc"), hidden), false);
  assert.equal(reachableAfterHiding(join(home, ".bashrc"), hidden), true);
});
