import assert from "node:assert/strict";
import { test } from "node:test";
import { gatedCommand, killGroup, openGate, spawnWrapped } from "../../src/platform/launch.js";

function run(open: "go" | "stop" | "close"): Promise<{ code: number | null; out: string }> {
  const [file, ...args] = gatedCommand(3, ["/bin/echo", "ran"]);
  const child = spawnWrapped(
    { file: file ?? "/bin/sh", args, inherited: [] },
    { cwd: "/", env: { PATH: "/usr/bin:/bin" }, gate: true, stdin: "ignore" },
  );
  let out = "";
  child.stdout?.setEncoding("utf8").on("data", (d: string) => (out += d));
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.once("close", (code) => resolve({ code, out })),
  );
  if (open === "go") openGate(child, 3);
  else if (open === "stop") (child.stdio[3] as NodeJS.WritableStream).end("stop\n");
  else (child.stdio[3] as NodeJS.WritableStream).end();
  setTimeout(() => killGroup(child), 10_000).unref();
  return done;
}

test("a gated command runs only after the gate opens with go", async () => {
  assert.deepEqual(await run("go"), { code: 0, out: "ran\n" });
});

test("a gate closed without go never runs the command (exit 125)", async () => {
  assert.deepEqual(await run("close"), { code: 125, out: "" });
  assert.deepEqual(await run("stop"), { code: 125, out: "" });
});

test("the gate descriptor must be a single digit above stderr", () => {
  assert.throws(() => gatedCommand(2, ["/bin/true"]), RangeError);
  assert.throws(() => gatedCommand(10, ["/bin/true"]), RangeError);
});
