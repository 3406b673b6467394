// The data directory, the database and its sidecars end up owner-only whatever the umask, every
// call answers with a boolean instead of throwing, and Windows is reported as unsupported
// without a chmod being attempted.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HostPlatform } from "../../src/platform/select.js";
import {
  DIR_MODE,
  FILE_MODE,
  fsyncDir,
  hardenDb,
  hardenDir,
  hardenFile,
  isOwnerOnly,
  posture,
  verify,
} from "../../src/store/permissions.js";
import { withTempDir, underUmask022, modeOf } from "../helpers/temp.js";

const windows: HostPlatform = { os: "other", name: "win32", arch: "x64" };
const linux: HostPlatform = { os: "linux", name: "linux", arch: "x64" };

describe("hardenDir and hardenFile", () => {
  test("set exactly 0700 and 0600 under umask 022, from wider modes", () => {
    withTempDir("perm", (root) => {
      underUmask022(() => {
        const dir = join(root, "data");
        const file = join(root, "file");
        mkdirSync(dir, { mode: 0o777 });
        writeFileSync(file, "", { mode: 0o666 });
        assert.equal(modeOf(dir), 0o755, "the umask applied to the mkdir");
        assert.equal(modeOf(file), 0o644, "the umask applied to the create");
        assert.equal(hardenDir(dir), true);
        assert.equal(hardenFile(file), true);
        assert.equal(modeOf(dir), DIR_MODE);
        assert.equal(modeOf(file), FILE_MODE);
      });
    });
  });

  test("clear setuid, setgid and sticky bits too", () => {
    withTempDir("perm", (root) => {
      const dir = join(root, "data");
      mkdirSync(dir);
      chmodSync(dir, 0o3777);
      assert.equal(hardenDir(dir), true);
      assert.equal(modeOf(dir), 0o700);
    });
  });

  test("a missing path answers false instead of throwing", () => {
    withTempDir("perm", (root) => {
      assert.equal(hardenDir(join(root, "missing")), false);
      assert.equal(hardenFile(join(root, "missing")), false);
    });
  });

  test("on Windows they answer false and leave the mode untouched (no chmod attempted)", () => {
    withTempDir("perm", (root) => {
      const dir = join(root, "data");
      const file = join(root, "file");
      mkdirSync(dir);
      chmodSync(dir, 0o755);
      writeFileSync(file, "");
      chmodSync(file, 0o644);
      assert.equal(hardenDir(dir, windows), false);
      assert.equal(hardenFile(file, windows), false);
      assert.equal(modeOf(dir), 0o755);
      assert.equal(modeOf(file), 0o644);
    });
  });
});

describe("hardenDb", () => {
  test("hardens the database and every existing sidecar (-wal, -shm, -journal) under umask 022", () => {
    withTempDir("perm", (root) => {
      underUmask022(() => {
        const db = join(root, "x.db");
        const files = [db, `${db}-wal`, `${db}-shm`, `${db}-journal`];
        for (const file of files) writeFileSync(file, "", { mode: 0o666 });
        assert.deepEqual(files.map(modeOf), [0o644, 0o644, 0o644, 0o644]);
        assert.equal(hardenDb(db), true);
        assert.deepEqual(files.map(modeOf), [0o600, 0o600, 0o600, 0o600]);
      });
    });
  });

  test("absent sidecars are not created and do not count as failures", () => {
    withTempDir("perm", (root) => {
      const db = join(root, "x.db");
      writeFileSync(db, "");
      chmodSync(db, 0o644);
      assert.equal(hardenDb(db), true);
      assert.equal(modeOf(db), 0o600);
      assert.throws(() => statSync(`${db}-wal`), { code: "ENOENT" });
    });
  });

  test("a missing database answers false", () => {
    withTempDir("perm", (root) => {
      assert.equal(hardenDb(join(root, "x.db")), false);
    });
  });

  test("a symlinked sidecar is not chmodded through and makes the answer false, the rest still hardened", () => {
    withTempDir("perm", (root) => {
      const db = join(root, "x.db");
      const elsewhere = join(root, "elsewhere");
      writeFileSync(db, "");
      chmodSync(db, 0o644);
      writeFileSync(elsewhere, "");
      chmodSync(elsewhere, 0o644);
      symlinkSync(elsewhere, `${db}-wal`);
      writeFileSync(`${db}-shm`, "");
      chmodSync(`${db}-shm`, 0o644);
      assert.equal(hardenDb(db), false);
      assert.equal(modeOf(elsewhere), 0o644);
      assert.equal(modeOf(db), 0o600);
      assert.equal(modeOf(`${db}-shm`), 0o600);
    });
  });

  test("on Windows it answers false and leaves every mode untouched", () => {
    withTempDir("perm", (root) => {
      const db = join(root, "x.db");
      writeFileSync(db, "");
      chmodSync(db, 0o644);
      assert.equal(hardenDb(db, windows), false);
      assert.equal(modeOf(db), 0o644);
    });
  });
});

describe("verify and isOwnerOnly", () => {
  test("verify demands the exact bits; isOwnerOnly only the absence of group and other bits", () => {
    withTempDir("perm", (root) => {
      const file = join(root, "file");
      writeFileSync(file, "");
      const cases: [number, boolean, boolean][] = [
        // mode, verify(file, 0o600), isOwnerOnly(file)
        [0o600, true, true],
        [0o400, false, true],
        [0o700, false, true],
        [0o640, false, false],
        [0o604, false, false],
        [0o4600, false, true],
      ];
      for (const [mode, exact, ownerOnly] of cases) {
        chmodSync(file, mode);
        assert.equal(verify(file, FILE_MODE), exact, `verify at ${mode.toString(8)}`);
        assert.equal(isOwnerOnly(file), ownerOnly, `isOwnerOnly at ${mode.toString(8)}`);
      }
    });
  });

  test("a stat error answers false for both", () => {
    withTempDir("perm", (root) => {
      assert.equal(verify(join(root, "missing"), FILE_MODE), false);
      assert.equal(isOwnerOnly(join(root, "missing")), false);
    });
  });
});

describe("posture", () => {
  test("reports owner-only when the directory is 0700 and the database and sidecars 0600", () => {
    withTempDir("perm", (root) => {
      const db = join(root, "x.db");
      writeFileSync(db, "");
      writeFileSync(`${db}-wal`, "");
      assert.equal(hardenDir(root), true);
      assert.equal(hardenDb(db), true);
      assert.deepEqual(posture(root, db, linux), {
        supported: true,
        platform: "linux",
        dataDirOwnerOnly: true,
        dbOwnerOnly: true,
        detail: "the data directory and the database are owner-only",
      });
    });
  });

  test("a group-readable sidecar makes the database not owner-only, and the detail says so", () => {
    withTempDir("perm", (root) => {
      const db = join(root, "x.db");
      writeFileSync(db, "");
      chmodSync(db, 0o600);
      writeFileSync(`${db}-wal`, "");
      chmodSync(`${db}-wal`, 0o640);
      chmodSync(root, 0o755);
      const result = posture(root, db, linux);
      assert.equal(result.supported, true);
      assert.equal(result.dataDirOwnerOnly, false);
      assert.equal(result.dbOwnerOnly, false);
      assert.match(result.detail, /data directory .* is not owner-only/);
      assert.match(result.detail, /database .* or a sidecar is not owner-only/);
    });
  });

  test("on Windows it is unsupported and says to restrict the directory with an ACL", () => {
    withTempDir("perm", (root) => {
      const result = posture(root, join(root, "x.db"), windows);
      assert.equal(result.supported, false);
      assert.equal(result.platform, "win32");
      assert.equal(result.dataDirOwnerOnly, false);
      assert.equal(result.dbOwnerOnly, false);
      assert.match(result.detail, /ACL/);
    });
  });
});

describe("fsyncDir", () => {
  test("succeeds on a directory, answers false for a missing one and on Windows", () => {
    withTempDir("perm", (root) => {
      assert.equal(fsyncDir(root), true);
      assert.equal(fsyncDir(join(root, "missing")), false);
      assert.equal(fsyncDir(root, windows), false);
    });
  });
});
