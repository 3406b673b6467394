import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, test } from "node:test";
import type { DenyEntry } from "../../src/policy/sandbox-policy.js";
import { hiddenDirectories, reachableAfterHiding } from "../../src/sandbox/home-overlay.js";

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
        { name: ".bashrc", kind: "bind" },
        { name: ".config", kind: "bind" },
        { name: ".local", kind: "bind" },
        { name: ".ssh", kind: "bind" },
        { name: "link", kind: "symlink", target: "/srv/elsewhere" },
      ],
    },
  ]);
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
