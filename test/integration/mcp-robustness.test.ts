// cellguard mcp under bad input: raw garbage on stdin, unknown tools, arguments of the wrong type
// or 10 MB long, and a client that vanishes mid-Cell. Each gets an error or a clean shutdown;
// none leaves a kernel running after the server is gone (checked in /proc by the fixture's
// unique workspace path, which every sandbox process carries in its command line or cwd).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { SYSTEM_PATH } from "../helpers/kernel.js";
import {
  ALLOW_ALL,
  auditEntries,
  processesMentioning,
  mcpServerArgs,
  startMcp,
  textOf,
  waitFor,
  writeUserRules,
} from "../helpers/mcp.js";

const skip = sandboxSkipReason();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("cellguard mcp survives bad input", { skip }, () => {
  const fx = useFixture();

  test("screens switched off by the operator's environment are said on the server's stderr at start, and the Cell runs", async () => {
    writeUserRules(fx, ALLOW_ALL);
    const mcp = await startMcp(fx, {
      env: { CELLGUARD_SAFETY: "off", CELLGUARD_INJECTION_SCAN: "off" },
    });
    try {
      assert.equal(textOf(await mcp.call("python", { code: "6 * 7" })).trim(), "42");
      await waitFor(
        () => mcp.stderr().includes("CELLGUARD_INJECTION_SCAN is off"),
        10_000,
        "the warning on stderr",
      );
      assert.match(mcp.stderr(), /CELLGUARD_SAFETY=off: the code classifier is off/);
    } finally {
      await mcp.close();
    }
  });

  test("malformed JSON-RPC on raw stdin gets JSON-RPC errors, then valid requests still work, then EOF exits 0", async () => {
    writeUserRules(fx, ALLOW_ALL);
    const child = spawn(process.execPath, mcpServerArgs(fx), {
      env: { ...fx.env, PATH: SYSTEM_PATH },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.resume();
    const exited = new Promise<number | null>((resolve) => child.once("close", resolve));
    const lines = [
      Buffer.from("this is not json\n"),
      Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x0a]),
      Buffer.from('{"jsonrpc":"2.0","id":7}\n'),
      Buffer.from('{"jsonrpc":"1.0","id":8,"method":"tools/list"}\n'),
      Buffer.from("[1,2,3]\n"),
      Buffer.from('{"jsonrpc":"2.0","id":9,"method":"no/such/method"}\n'),
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}\n',
      ),
      Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}\n'),
      Buffer.from(
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"python","arguments":"x"}}\n',
      ),
      // Asks to run as a task, which this server does not offer: refused, nothing run, audited.
      Buffer.from(
        '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"bash","arguments":{"command":"touch task-ran"},"task":{"ttl":60000}}}\n',
      ),
      Buffer.from(
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"python","arguments":{"code":"6*7"}}}\n',
      ),
    ];
    for (const line of lines) child.stdin.write(line);
    await waitFor(() => out.includes('"id":3'), 60_000, "the answer to request 3");
    child.stdin.end();
    assert.equal(await exited, 0);
    const replies = out
      .split("\n")
      .filter((l) => l !== "")
      .map(
        (l) =>
          JSON.parse(l) as {
            id: unknown;
            error?: { code: number; message: string };
            result?: unknown;
          },
      );
    const byId = (id: unknown) => replies.filter((r) => r.id === id);
    assert.equal(replies.filter((r) => r.id === null && r.error?.code === -32700).length, 2);
    assert.equal(byId(7)[0]?.error?.code, -32600);
    assert.equal(byId(8)[0]?.error?.code, -32600);
    assert.equal(byId(9)[0]?.error?.code, -32601);
    assert.ok(byId(1)[0]?.result !== undefined, "initialize still answered");
    // Arguments that are not an object are refused before any tool sees them, and audited.
    assert.equal(byId(2)[0]?.error?.code, -32602);
    assert.match(byId(2)[0]?.error?.message ?? "", /arguments/, "arguments that are not an object");
    const refused = auditEntries(fx).filter(
      (e) => e["tool"] === "python" && e["refused_by"] === "input",
    );
    assert.equal(refused.length, 1, "the malformed tools/call has its audit line");
    assert.equal(refused[0]?.["outcome"], "refused");
    assert.ok(byId(4)[0]?.error !== undefined, "a task-augmented tools/call gets an error");
    const task = auditEntries(fx).filter((e) => e["tool"] === "bash");
    assert.equal(task.length, 1, "the task-augmented tools/call has its audit line");
    assert.equal(task[0]?.["outcome"], "refused");
    assert.equal(task[0]?.["refused_by"], "input");
    assert.match(String(task[0]?.["detail"]), /task-augmented/);
    assert.equal(existsSync(join(fx.workspace, "task-ran")), false, "the task's command never ran");
    const three = byId(3)[0]?.result as { content: { text: string }[] } | undefined;
    assert.equal(three?.content[0]?.text.trim(), "42");
    assert.deepEqual(processesMentioning(fx.workspace), []);
  });

  test("unknown tools, wrong-type and 10 MB arguments get errors and the server keeps serving", async () => {
    writeUserRules(fx, ALLOW_ALL);
    const mcp = await startMcp(fx);
    try {
      await assert.rejects(
        mcp.call("rm_everything", {}),
        /Unknown tool "rm_everything": the tools are python, bash/,
      );
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ["python", { code: 5 }, /code must be a string: got number/],
        ["python", { code: ["print(1)"] }, /code must be a string: got array/],
        ["python", {}, /code is required/],
        ["python", { code: "1", extra: true }, /unknown argument "extra"/],
        [
          "python",
          { code: "1", timeout_seconds: "10" },
          /timeout_seconds must be a whole number: got string/,
        ],
        ["read_file", { path: null }, /path must be a string: got null/],
        ["bash", { command: { toString: "rm -rf /" } }, /command must be a string: got object/],
        [
          "python",
          { code: "x".repeat(10 * 1024 * 1024) },
          /code is 10485760 characters long, over the 1048576-character limit/,
        ],
        [
          "write_file",
          { path: "big.txt", content: "y".repeat(10 * 1024 * 1024) },
          /content is 10485760 characters long/,
        ],
        [
          "bash",
          { command: `echo ${"z".repeat(10 * 1024 * 1024)}` },
          /over the 131072-character limit/,
        ],
      ];
      for (const [tool, args, message] of cases) {
        const result = await mcp.call(tool, args);
        assert.equal(result.isError, true, `${tool} ${message}`);
        assert.match(textOf(result), message);
      }
      const still = await mcp.call("python", { code: "'still here'" });
      assert.equal(textOf(still).trim(), "'still here'");
      assert.ok(alive(mcp.pid));
    } finally {
      await mcp.close();
    }
  });

  test("a client that disconnects mid-Cell shuts the server down and no worker outlives it", async () => {
    writeUserRules(fx, ALLOW_ALL);
    const mcp = await startMcp(fx);
    const pid = mcp.pid;
    const running = mcp
      .call("python", { code: "import time\ntime.sleep(600)" })
      .catch((e: unknown) => e);
    await waitFor(
      () => processesMentioning(fx.workspace).length > 0,
      30_000,
      "the sandboxed worker",
    );
    const sandboxed = processesMentioning(fx.workspace);
    assert.ok(sandboxed.length > 0);
    // Close only our end of stdin, as a client that goes away does; no signal is sent.
    mcp.transport.stderr?.removeAllListeners();
    const stdin = (mcp.transport as unknown as { _process?: { stdin?: NodeJS.WritableStream } })
      ._process?.stdin;
    assert.ok(stdin !== undefined, "the SDK transport's child stdin");
    stdin.end();
    await waitFor(() => !alive(pid), 30_000, "the server to exit");
    await waitFor(() => sandboxed.every((p) => !alive(p)), 10_000, "the sandbox processes to end");
    assert.deepEqual(processesMentioning(fx.workspace), []);
    await mcp.close().catch(() => undefined);
    await running;
  });

  test("a server killed outright (SIGKILL) takes its sandbox with it", async () => {
    writeUserRules(fx, ALLOW_ALL);
    const mcp = await startMcp(fx);
    void mcp.call("bash", { command: "sleep 600" }).catch(() => undefined);
    await waitFor(
      () => processesMentioning(fx.workspace).length > 0,
      30_000,
      "the sandboxed worker",
    );
    const sandboxed = processesMentioning(fx.workspace);
    process.kill(mcp.pid, "SIGKILL");
    await waitFor(() => !alive(mcp.pid), 10_000, "the server to die");
    await waitFor(() => sandboxed.every((p) => !alive(p)), 10_000, "the sandbox processes to end");
    assert.deepEqual(processesMentioning(fx.workspace), []);
    await mcp.close().catch(() => undefined);
  });
});
