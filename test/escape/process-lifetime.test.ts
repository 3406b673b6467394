import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { enforcedExec, runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason, systemPython } from "../helpers/host.js";

const skip = sandboxSkipReason();
const py = systemPython ?? "/usr/bin/python3";

/** Host pids whose command line contains the marker. */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker))
        found.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

async function settle(marker: string): Promise<number[]> {
  for (let i = 0; i < 40; i++) {
    const left = processesWith(marker);
    if (left.length === 0) return left;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return processesWith(marker);
}

describe("escape: nothing outlives the command", { skip }, () => {
  const fx = useFixture();

  test("a daemonised background process (double fork + setsid) dies when the command ends", async () => {
    const marker = `cellguard-orphan-${fx.canary}`;
    const r = await runCli(
      [
        ...enforcedExec(fx.workspace),
        systemPython ?? "/usr/bin/python3",
        "-c",
        `import os, sys, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", "open('started', 'w').close(); import time; time.sleep(300)", sys.argv[1]])
    os._exit(0)
for _ in range(200):
    if os.path.exists("started"):
        break
    time.sleep(0.02)
print("orphan started" if os.path.exists("started") else "orphan never started")`,
        marker,
      ],
      { env: fx.env, cwd: fx.workspace },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /orphan started/, "the attack must really have started a daemon");
    assert.deepEqual(await settle(marker), [], "a sandboxed process outlived its command");
  });

  test("--timeout kills the whole process group, children included", async () => {
    const marker = `cellguard-timeout-${fx.canary}`;
    const r = await runCli(
      [
        "exec",
        "--timeout",
        "1",
        ...enforcedExec(fx.workspace).slice(1),
        "/bin/sh",
        "-c",
        `${py} -c 'import time; time.sleep(300)' ${marker} & ${py} -c 'import time; time.sleep(300)' ${marker}`,
      ],
      { env: fx.env, cwd: fx.workspace },
    );
    assert.notEqual(r.code, 0);
    assert.match(r.stderr, /timed out/);
    assert.deepEqual(await settle(marker), []);
  });

  test("the command starts in a new session, apart from cellguard's", async () => {
    const r = await runCli(
      [
        "exec",
        "--mode",
        "enforce",
        "--workspace",
        fx.workspace,
        "--",
        "/bin/sh",
        "-c",
        "echo sid=$(ps -o sid= -p $$ 2>/dev/null || echo none)",
      ],
      { env: fx.env, cwd: fx.workspace },
    );
    assert.equal(r.code, 0, r.stderr);
    // Inside a private PID namespace the session leader is outside the namespace: ps reports 0.
    assert.match(r.stdout, /sid=\s*(0|none)/);
  });
});
