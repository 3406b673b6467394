// The protected store's path rules and accumulator (spec §3, §8 items 1–3, 7): what is refused,
// what is resolved, and that the output is a pure function of the rules.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { ProtectedStoreError } from "../../src/protect/errors.js";
import { checkedPath, isSameOrInside, resolveMissing } from "../../src/protect/paths.js";
import { controlProfile, credentialReadPaths } from "../../src/protect/profiles.js";
import { MAX_ENTRIES, reachableByMode, RuleAccumulator } from "../../src/protect/rules.js";
import { needs, systemPython } from "../helpers/host.js";

const refusedWith = (code: string, pattern?: RegExp) => (error: unknown) => {
  assert.ok(error instanceof ProtectedStoreError, `not a ProtectedStoreError: ${String(error)}`);
  assert.equal(error.code, code);
  if (pattern !== undefined) assert.match(error.message, pattern);
  return true;
};

let dir: string;
before(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-protect-unit-")));
});
after(() => rmSync(dir, { recursive: true, force: true }));

describe("checkedPath refuses ambiguous spellings", () => {
  for (const bad of [
    "relative/config",
    "/a/../config",
    "/a/./config",
    "/a//config",
    "/a/config/",
    "/a/con\nfig",
    "/a/\u0000x",
    "/a/\u0085x",
    "/a/\ud800x",
    "",
  ])
    test(`refuses ${JSON.stringify(bad)}`, () => {
      assert.throws(() => checkedPath(bad), refusedWith("ERR_PROTECT_PATH"));
    });

  test("returns an acceptable path unchanged, including /", () => {
    assert.equal(checkedPath("/a/b c/d\u00e9"), "/a/b c/d\u00e9");
    assert.equal(checkedPath("/"), "/");
  });

  test("inside compares whole components", () => {
    assert.equal(isSameOrInside("/a/bc", "/a/b"), false);
    assert.equal(isSameOrInside("/a/b/c", "/a/b"), true);
    assert.equal(isSameOrInside("/a/b", "/a/b"), true);
    assert.equal(isSameOrInside("/x", "/"), true);
  });
});

describe("resolveMissing", () => {
  test("resolves a missing path through its nearest existing ancestor, creating nothing", () => {
    mkdirSync(join(dir, "real"));
    symlinkSync(join(dir, "real"), join(dir, "via"));
    assert.equal(resolveMissing(join(dir, "via", "a", "b")), join(dir, "real", "a", "b"));
    assert.equal(existsSync(join(dir, "real", "a")), false);
    assert.equal(resolveMissing("/"), "/");
  });

  test("a dangling link is an error, never absence", () => {
    symlinkSync(join(dir, "nowhere"), join(dir, "dangling"));
    assert.throws(() => resolveMissing(join(dir, "dangling")), refusedWith("ERR_PROTECT_RESOLVE"));
    assert.throws(
      () => resolveMissing(join(dir, "dangling", "below")),
      refusedWith("ERR_PROTECT_RESOLVE"),
    );
  });

  test("a file where a directory should be (ENOTDIR) is an error", () => {
    writeFileSync(join(dir, "plain"), "x");
    assert.throws(
      () => resolveMissing(join(dir, "plain", "child")),
      refusedWith("ERR_PROTECT_RESOLVE", /ENOTDIR/),
    );
  });
});

describe("protect", () => {
  test("absent paths are deterministic: nothing created, ancestors recorded, same output twice (§8.1)", () => {
    const target = join(dir, "ab", "c", "missing", "config.toml");
    const one = controlProfile([{ path: target, denyRead: false }]);
    const two = controlProfile([{ path: target, denyRead: false }]);
    assert.equal(existsSync(join(dir, "ab")), false);
    assert.equal(one.seatbelt, two.seatbelt);
    assert.equal(one.canonical, two.canonical);
    assert.ok(one.seatbelt.includes(`(literal "${join(dir, "ab", "c")}") (vnode-type SYMLINK)`));
    assert.ok(one.rules.writes.includes(target));
  });

  test("the output does not depend on the order entries were added in", () => {
    const a = join(dir, "order-a");
    const b = join(dir, "order-b");
    const one = controlProfile([
      { path: a, denyRead: false },
      { path: b, denyRead: true },
    ]);
    const two = controlProfile([
      { path: b, denyRead: true },
      { path: a, denyRead: false },
    ]);
    assert.equal(one.seatbelt, two.seatbelt);
  });

  test("a symlink adds its canonical target; a hardlinked target and then a dangling link are refused (§8.3)", () => {
    const target = join(dir, "target.toml");
    const link = join(dir, "link.toml");
    writeFileSync(target, "x");
    symlinkSync(target, link);
    assert.ok(controlProfile([{ path: link, denyRead: false }]).rules.writes.includes(target));
    linkSync(target, join(dir, "second-name.toml"));
    assert.throws(
      () => controlProfile([{ path: link, denyRead: false }]),
      refusedWith("ERR_PROTECT_HARDLINK", /hardlinked/),
    );
    unlinkSync(join(dir, "second-name.toml"));
    unlinkSync(target);
    assert.throws(
      () => controlProfile([{ path: link, denyRead: false }]),
      refusedWith("ERR_PROTECT_RESOLVE"),
    );
  });

  describe("a second hard link is accepted only where the confined uid reaches the file by no name", () => {
    // The file is owned by the user running the tests; "another user" is any other non-root uid.
    const me = process.getuid?.() ?? 0;
    const other = me === 1 ? 2 : 1;
    const twoNames = (name: string, mode: number): string => {
      const file = join(dir, `${name}.bin`);
      writeFileSync(file, "x");
      chmodSync(file, mode);
      linkSync(file, join(dir, `${name}.other-name`));
      return file;
    };

    test("a file another user owns, writable by its owner alone, is write-protected in spite of a second name (a root-owned program under ostree or Nix)", () => {
      const file = twoNames("system-program", 0o755);
      const profile = controlProfile([{ path: file, denyRead: false }], { confinedUid: other });
      assert.ok(profile.rules.writes.includes(file));
    });

    test("the file's owner could rewrite it through the other name: refused", () => {
      const file = twoNames("own-config", 0o644);
      // As root the file is handed to an ordinary uid, which then is the confined one.
      const owner = me === 0 ? 7 : me;
      if (me === 0) chownSync(file, owner, -1);
      assert.throws(
        () => controlProfile([{ path: file, denyRead: false }], { confinedUid: owner }),
        refusedWith("ERR_PROTECT_HARDLINK", /hardlinked \(2 names\), and the confined user/),
      );
    });

    test("root is never granted the relaxation, whoever owns the file", () => {
      const file = twoNames("root-confined", 0o755);
      assert.throws(
        () => controlProfile([{ path: file, denyRead: false }], { confinedUid: 0 }),
        refusedWith("ERR_PROTECT_HARDLINK", /confined user \(uid 0\) could write it/),
      );
    });

    test("a group or other write bit lets anyone write through the other name: refused", () => {
      for (const mode of [0o775, 0o757]) {
        const file = twoNames(`shared-${mode.toString(8)}`, mode);
        assert.throws(
          () => controlProfile([{ path: file, denyRead: false }], { confinedUid: other }),
          refusedWith("ERR_PROTECT_HARDLINK"),
        );
      }
    });

    test("a read-denied credential with a second name is refused when any read bit reaches others", () => {
      const readable = twoNames("credential-readable", 0o644);
      assert.throws(
        () => controlProfile([{ path: readable, denyRead: true }], { confinedUid: other }),
        refusedWith("ERR_PROTECT_HARDLINK", /could read or write it/),
      );
      const ownerOnly = twoNames("credential-owner-only", 0o600);
      const profile = controlProfile([{ path: ownerOnly, denyRead: true }], { confinedUid: other });
      assert.ok(profile.rules.reads.includes(ownerOnly));
    });

    test("without a confined uid every second name refuses, as before", () => {
      const file = twoNames("no-uid", 0o755);
      assert.throws(
        () => controlProfile([{ path: file, denyRead: false }]),
        refusedWith("ERR_PROTECT_HARDLINK", /a confined process could write it/),
      );
    });

    test("reachableByMode: the owner, root and any group or other bit reach; nothing else does", () => {
      assert.equal(reachableByMode({ uid: 5, mode: 0o100755 }, 5, { read: false }), true);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100755 }, 0, { read: false }), true);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100755 }, 6, { read: false }), false);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100755 }, 6, { read: true }), true);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100700 }, 6, { read: true }), false);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100720 }, 6, { read: false }), true);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100702 }, 6, { read: false }), true);
      assert.equal(reachableByMode({ uid: 5, mode: 0o100704 }, 6, { read: true }), true);
    });
  });

  test(
    "a bound Unix socket at a control path is refused (§8.2)",
    { skip: needs(systemPython === null ? "needs /usr/bin/python3" : false) },
    async () => {
      const sock = join(dir, "control.sock");
      const child = spawn(systemPython ?? "/usr/bin/python3", [
        "-I",
        "-S",
        "-c",
        "import socket,sys,time\ns=socket.socket(socket.AF_UNIX)\ns.bind(sys.argv[1])\nprint('up',flush=True)\ntime.sleep(30)",
        sock,
      ]);
      try {
        await new Promise((resolve) => child.stdout.once("data", resolve));
        assert.throws(
          () => controlProfile([{ path: sock, denyRead: false }]),
          refusedWith("ERR_PROTECT_FILE_TYPE", /not a regular file or directory/),
        );
      } finally {
        child.kill("SIGKILL");
      }
    },
  );

  test("directories are walked: every entry is denied, counted against the bound", () => {
    const home = join(dir, "session-home");
    mkdirSync(join(home, "sub"), { recursive: true });
    writeFileSync(join(home, "sub", "auth.json"), "{}");
    const reads = credentialReadPaths([home]);
    assert.ok(reads.includes(join(home, "sub", "auth.json")));
    assert.ok(reads.includes(join(home, "sub")));
  });

  test(`more than ${MAX_ENTRIES} entries are refused`, () => {
    const big = join(dir, "big");
    mkdirSync(big);
    for (let i = 0; i < MAX_ENTRIES; i++) writeFileSync(join(big, `f${i}`), "");
    assert.equal(readdirSync(big).length, MAX_ENTRIES);
    assert.throws(
      () => controlProfile([{ path: big, denyRead: false }]),
      refusedWith("ERR_PROTECT_LIMIT", /too many control-file entries/),
    );
  });
});

describe("denyStore (§8.7)", () => {
  test("every store root is read- and write-denied and the live root's work members reopened", () => {
    const live = join(dir, "live-store");
    const dormant = join(dir, "dormant-store");
    mkdirSync(live);
    const acc = new RuleAccumulator();
    acc.denyStore([
      { root: live, workMembers: ["build-cache", "resources"] },
      { root: dormant, workMembers: [] },
    ]);
    const rules = acc.snapshot();
    for (const root of [live, dormant]) {
      assert.ok(rules.reads.includes(root));
      assert.ok(rules.writes.includes(root));
    }
    assert.deepEqual(rules.workPaths, [join(live, "build-cache"), join(live, "resources")]);
    assert.ok(rules.ancestors.includes(join(live, "build-cache")));
  });

  test("a work member that is a symlink elsewhere is refused", () => {
    const store = join(dir, "redirected-store");
    mkdirSync(store);
    mkdirSync(join(dir, "elsewhere"));
    symlinkSync(join(dir, "elsewhere"), join(store, "build-cache"));
    const acc = new RuleAccumulator();
    assert.throws(
      () => acc.denyStore([{ root: store, workMembers: ["build-cache"] }]),
      refusedWith("ERR_PROTECT_STORE_LAYOUT", /must not redirect the store boundary/),
    );
  });

  test("a store root nested inside another store's work member is refused", () => {
    const outer = join(dir, "outer-store");
    const acc = new RuleAccumulator();
    assert.throws(
      () =>
        acc.denyStore([
          { root: outer, workMembers: ["build-cache"] },
          { root: join(outer, "build-cache", "inner"), workMembers: [] },
        ]),
      refusedWith("ERR_PROTECT_STORE_LAYOUT", /overlaps a build directory/),
    );
  });
});
