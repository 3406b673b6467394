// The escape suite must be able to fail: the same attacks, run with the sandbox explicitly off,
// get through. If these ever stop succeeding, the attacks themselves have broken.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { attack } from "./harness.js";

const skip = sandboxSkipReason();
const OFF = { cliArgs: ["--mode", "off"] };

describe("controls: without the sandbox the attacks succeed", { skip }, () => {
  const fx = useFixture();

  test("unsandboxed, the ~/.ssh canary is readable", async () => {
    const key = fx.plant(".ssh/id_ed25519");
    const r = await attack(fx, `sys.stdout.write(read_text(sys.argv[1]))\nreport(done=True)`, {
      ...OFF,
      args: [key],
    });
    assert.ok(r.stdout.includes(fx.canary));
  });

  test("unsandboxed, a write outside the workspace lands on the host", async () => {
    const target = join(fx.root, "outside.txt");
    const r = await attack(fx, `report(result=attempt(lambda: write_text(sys.argv[1])))`, {
      ...OFF,
      args: [target],
    });
    assert.equal(r.report["result"], "ok");
    assert.equal(existsSync(target), true);
  });

  test("unsandboxed, AF_UNIX connect to a host socket succeeds", async () => {
    const path = join(fx.root, "control.sock");
    const server = createServer((socket) => {
      socket.on("error", () => undefined);
      socket.end("hello");
    });
    await new Promise<void>((resolve) => server.listen(path, resolve));
    try {
      const r = await attack(
        fx,
        `def connect():
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sys.argv[1])
report(result=attempt(connect))`,
        { ...OFF, args: [path] },
      );
      assert.equal(r.report["result"], "ok");
    } finally {
      server.close();
    }
  });

  test("unsandboxed, a host pid is visible and signalable", async () => {
    const r = await attack(fx, `report(result=attempt(lambda: os.kill(int(sys.argv[1]), 0)))`, {
      ...OFF,
      args: [String(process.pid)],
    });
    assert.equal(r.report["result"], "ok");
  });
});
