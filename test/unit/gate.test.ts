// The fused self-test: the host hears the probe's report before the command can run, and only
// its "go" lets the command start. Driven here with a stand-in probe, no sandbox needed.
import assert from "node:assert/strict";
import type { ChildProcess } from "node:child_process";
import { test } from "node:test";
import { killGroup, openGate } from "../../src/platform/launch.js";
import { runFusedProbe } from "../../src/sandbox/fused-probe.js";
import { systemPython } from "../helpers/host.js";

const skip = systemPython === null ? "needs /usr/bin/python3" : false;

// Consumes descriptor 3 as bubblewrap would, reports on 4, waits at the gate on 5, then "runs".
function standIn(ok: boolean): string {
  return `import os, sys
os.read(3, 4096); os.close(3)
os.write(4, b'{"checks": {"x": ${ok ? "true" : "false"}}, "ok": ${ok ? "true" : "false"}}\\n'); os.close(4)
if not ${ok ? "True" : "False"}:
    sys.exit(23)
word = os.read(5, 16); os.close(5)
if word != b"go\\n":
    sys.exit(125)
os.write(1, b"command ran\\n")
`;
}

async function start(ok: boolean): Promise<{
  child: ChildProcess;
  gateFd: number;
  result: Awaited<ReturnType<typeof runFusedProbe>>;
}> {
  let child: ChildProcess | undefined;
  let gateFd = -1;
  const result = await runFusedProbe(
    {
      file: systemPython ?? "python3",
      args: ["-c", standIn(ok)],
      inherited: [{ fd: 3, data: new Uint8Array([1, 2, 3]) }],
    },
    {
      cwd: "/",
      timeoutMs: 10_000,
      fused: {
        command: [],
        env: { PATH: "/usr/bin:/bin" },
        onSpawn: (c, fd) => {
          child = c;
          gateFd = fd;
        },
      },
    },
  );
  assert.ok(child !== undefined);
  return { child, gateFd, result };
}

test(
  "a passing report resolves while the command still waits at its gate; go lets it run",
  { skip },
  async () => {
    const { child, gateFd, result } = await start(true);
    assert.equal(gateFd, 5);
    assert.equal(result.exitCode, 0);
    assert.match(result.stdout, /"ok": true/);
    assert.equal(child.exitCode, null, "nothing ran before the gate opened");
    openGate(child, gateFd);
    const code = await new Promise((resolve) => child.once("exit", resolve));
    assert.equal(code, 0);
  },
);

test("a failing report ends the probe without running the command", { skip }, async () => {
  const { result } = await start(false);
  assert.equal(result.exitCode, 23);
  assert.match(result.stdout, /"ok": false/);
});

test("a gate closed without go never runs the command (exit 125)", { skip }, async () => {
  const { child, gateFd } = await start(true);
  (child.stdio[gateFd] as NodeJS.WritableStream).end();
  const code = await new Promise((resolve) => child.once("exit", resolve));
  assert.equal(code, 125);
  killGroup(child);
});
