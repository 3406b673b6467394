// The team bind sources: a mount inside the workspace refuses (bubblewrap would carry it in,
// unseen by the hardlink inventory), read from an injected mount table; and a pinned descriptor
// names the directory it was opened on, so a path swapped afterwards refuses at the next wrap.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { SandboxUnavailableError } from "../../src/errors.js";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { pinTeamBinds, refuseMountsInside } from "../../src/sandbox/team-pins.js";
import { isLinux } from "../helpers/host.js";

const line = (mountPoint: string): string =>
  `120 118 254:0 /srv ${mountPoint} rw,relatime - ext4 /dev/vda rw`;

describe("a mount inside a team workspace", () => {
  const ws = "/srv/team/alice/ws";

  test("one strictly inside refuses, naming it (octal escapes decoded)", () => {
    const table = [line("/"), line(ws), line("/srv/team/alice/ws/my\\040data")].join("\n");
    assert.throws(
      () => refuseMountsInside(ws, () => table),
      (e: unknown) =>
        e instanceof SandboxUnavailableError &&
        /"\/srv\/team\/alice\/ws\/my data" is a mount inside the workspace/.test(e.message),
    );
  });

  test("the workspace's own mount, a neighbour sharing its prefix, and mounts above pass", () => {
    const table = [line("/"), line("/srv/team"), line(ws), line(`${ws}2/x`)].join("\n");
    assert.doesNotThrow(() => refuseMountsInside(ws, () => table));
  });

  test("an unreadable mount table refuses", () => {
    assert.throws(
      () =>
        refuseMountsInside(ws, () => {
          throw new Error("EACCES");
        }),
      /mount table could not be read/,
    );
  });
});

describe("pinned team bind sources", { skip: isLinux ? false : "reads /proc/self/fd" }, () => {
  test("a workspace moved after pinning refuses at the next check", () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-pins-")));
    try {
      const workspace = join(root, "team", "alice", "ws");
      mkdirSync(workspace, { recursive: true });
      const policy = {
        workspace,
        tempDir: join(root, "temp"),
        readIsolation: { roots: [join(root, "team")], allowedRoots: [] },
      } as unknown as SandboxPolicy;
      const pins = pinTeamBinds(policy);
      assert.ok(pins !== null);
      try {
        assert.equal(pins.fds.length, 1);
        pins.verify();
        renameSync(workspace, `${workspace}.moved`);
        mkdirSync(workspace);
        assert.throws(() => pins.verify(), /changed while the sandbox was set up/);
      } finally {
        pins.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
