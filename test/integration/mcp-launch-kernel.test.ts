// python and bash under `cellguard launch`: the kernel sandbox composed with the session's
// control and store rules, one bubblewrap boundary per worker started by the supervisor. The
// SDK's own client spawns `cellguard launch --manifest F`, F printed by `cellguard mcp
// --print-manifest`, on real bubblewrap. The OS boundary is what is tested here, so the targets
// reach Cells through a file in the workspace (the static screens never see them).
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { runCli } from "../helpers/cli.js";
import { useFixture, type Fixture } from "../helpers/fixture-home.js";
import { needs, sandboxSkipReason, systemPython } from "../helpers/host.js";
import { SYSTEM_PATH } from "../helpers/kernel.js";
import { ALLOW_ALL, processesMentioning, textOf, waitFor, writeUserRules } from "../helpers/mcp.js";
import { cliPath, repoRoot } from "../helpers/paths.js";

const skip =
  sandboxSkipReason() ||
  needs(systemPython === null ? "needs /usr/bin/python3 for the supervisor and the worker" : false);
const python = systemPython ?? "/usr/bin/python3";

async function printManifest(fx: Fixture): Promise<string> {
  const r = await runCli(
    [
      "mcp",
      "--workspace",
      fx.workspace,
      "--mode",
      "enforce",
      "--python",
      python,
      "--print-manifest",
    ],
    { env: { ...fx.env, PATH: SYSTEM_PATH } },
  );
  assert.equal(r.code, 0, r.stderr);
  const file = join(fx.root, "manifest.json");
  writeFileSync(file, r.stdout, { mode: 0o600 });
  return file;
}

async function startLaunched(fx: Fixture, manifest: string) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath(), "launch", "--manifest", manifest],
    env: { ...fx.env, PATH: SYSTEM_PATH },
    stderr: "pipe",
    cwd: fx.workspace,
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const client = new Client({ name: "cellguard-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    pid: transport.pid,
    stderr: () => stderr,
    call: async (name: string, args: Record<string, unknown> = {}) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
      })) as CallToolResult,
  };
}

/** The sandboxed processes of a fixture's kernel: not the launcher or the server (cellguard.cjs). */
function workers(fx: Fixture): number[] {
  return processesMentioning(fx.workspace).filter((pid) => {
    try {
      return !readFileSync(`/proc/${pid}/cmdline`, "latin1").includes("cellguard.cjs");
    } catch {
      return false;
    }
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function listener(): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // A test that fails before its finally closes this must not keep the file's process alive:
  // the runner would then wait for it forever and never print the failure.
  server.unref();
  const address = server.address();
  assert.ok(address !== null && typeof address === "object");
  return { server, port: address.port, connections: () => count };
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe(
  "python and bash under cellguard launch (kernel sandbox composed with the session's rules)",
  { skip, timeout: 300_000 },
  () => {
    const fx = useFixture();

    test("python keeps its state across Cells and bash runs in the workspace", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const s = await startLaunched(fx, await printManifest(fx));
      try {
        assert.equal((await s.call("python", { code: "x = 41" })).isError, false);
        const r = await s.call("python", { code: "x + 1" });
        assert.equal(r.isError, false, textOf(r));
        assert.equal(textOf(r).trim(), "42");
        const b = await s.call("bash", { command: "pwd; echo from-bash > made-by-bash.txt" });
        assert.equal(b.isError, false, textOf(b));
        assert.ok(textOf(b).includes(fx.workspace), textOf(b));
      } finally {
        await s.client.close();
      }
      assert.equal(readFileSync(join(fx.workspace, "made-by-bash.txt"), "utf8"), "from-bash\n");
    });

    test("from a Cell and from bash: the rules file and the server's code cannot be written, the audit log and an SSH key cannot be read, and a host loopback listener cannot be reached", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const key = fx.plant(".ssh/id_rsa");
      const rules = join(fx.dataDir, "mcp-rules.json");
      const rulesBefore = readFileSync(rules, "utf8");
      const audit = join(fx.dataDir, "mcp-audit.jsonl");
      const build = join(repoRoot(), "build");
      const tag = `cellguard-escape-${process.pid}`;
      // New names beside the code the server runs, and the names node would consult for it:
      // a package.json or a node_modules in build/ would change how the server's code loads.
      const writes = [
        rules,
        join(build, "cellguard-cli", tag),
        join(build, "package.json"),
        join(build, "node_modules"),
        join(build, tag),
        join(repoRoot(), "python", tag),
      ];
      writeFileSync(join(fx.workspace, "writes.txt"), `${writes.join("\n")}\n`);
      writeFileSync(join(fx.workspace, "reads.txt"), `${[audit, key].join("\n")}\n`);
      const net = await listener();
      writeFileSync(join(fx.workspace, "port.txt"), String(net.port));
      const s = await startLaunched(fx, await printManifest(fx));
      try {
        const cell = await s.call("python", {
          code: [
            "import socket",
            "out = []",
            "for p in open('writes.txt').read().split():",
            "    try:",
            "        open(p, 'a').write('tampered'); out.append('WROTE ' + p)",
            "    except OSError as e: out.append('write refused ' + type(e).__name__)",
            "for p in open('reads.txt').read().split():",
            "    try: out.append('READ ' + open(p).read())",
            "    except OSError as e: out.append('read refused ' + type(e).__name__)",
            "try:",
            "    socket.create_connection(('127.0.0.1', int(open('port.txt').read())), timeout=3); out.append('CONNECTED')",
            "except OSError as e: out.append('connect refused ' + type(e).__name__)",
            "print(chr(10).join(out))",
          ].join("\n"),
        });
        const cellText = textOf(cell);
        assert.equal(cell.isError, false, cellText);
        assert.equal(cellText.match(/write refused/g)?.length, writes.length, cellText);
        assert.equal(cellText.match(/read refused/g)?.length, 2, cellText);
        assert.match(cellText, /connect refused/);
        const sh = await s.call("bash", {
          command: [
            'while read p; do echo tampered >> "$p" && echo WROTE; done < writes.txt',
            'while read p; do cat "$p" && echo READ; done < reads.txt',
            '(exec 3<>"/dev/tcp/127.0.0.1/$(cat port.txt)") && echo CONNECTED',
            "true",
          ].join("; "),
        });
        const shText = textOf(sh);
        for (const text of [cellText, shText]) {
          assert.doesNotMatch(text, /WROTE|READ|CONNECTED/, text);
          assert.ok(!text.includes(fx.canary), "the SSH key's canary leaked");
          assert.ok(!text.includes('"tool"'), "the audit log leaked");
        }
      } finally {
        net.server.close();
        await s.client.close();
      }
      assert.equal(net.connections(), 0, "a sandboxed process reached the host listener");
      assert.equal(readFileSync(rules, "utf8"), rulesBefore);
      for (const path of writes.slice(1))
        assert.ok(!existsSync(path), `${path} was created from inside the session`);
    });

    test("the posture resource says the kernel sandbox is composed with the session's rules and gives its measured checks", async () => {
      const s = await startLaunched(fx, await printManifest(fx));
      try {
        const res = await s.client.readResource({ uri: "cellguard://posture" });
        const first = res.contents[0];
        assert.ok(first !== undefined && "text" in first);
        const posture = JSON.parse(first.text) as {
          sandbox: { state: string; enforced: boolean; template_sha256: string };
          mcp_session: {
            protected: boolean;
            kernel: string;
            kernel_sandbox: {
              enforced: boolean;
              checks: Record<string, boolean>;
              template_sha256: string;
            };
          };
        };
        assert.equal(posture.mcp_session.protected, true);
        assert.equal(
          posture.mcp_session.kernel,
          "kernel sandbox composed with the session's control rules",
        );
        const measured = posture.mcp_session.kernel_sandbox;
        assert.equal(measured.enforced, true);
        for (const check of [
          "network_blocked",
          "outside_write_blocked",
          "secret_read_blocked",
          "workspace_write",
        ])
          assert.equal(measured.checks[check], true, check);
        assert.match(measured.template_sha256, /^[0-9a-f]{64}$/);
        // The top-level sandbox section a client reads first is the workers' measured template.
        assert.equal(posture.sandbox.state, "enabled");
        assert.equal(posture.sandbox.enforced, true);
        assert.equal(posture.sandbox.template_sha256, measured.template_sha256);
      } finally {
        await s.client.close();
      }
    });

    test("interrupting a long Cell returns promptly and the kernel keeps its state", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const s = await startLaunched(fx, await printManifest(fx));
      try {
        assert.equal((await s.call("python", { code: "x = 41" })).isError, false);
        const long = s.call("python", { code: "import time\ny = 7\ntime.sleep(120)" });
        let answer = "";
        for (let attempt = 0; attempt < 100; attempt += 1) {
          await pause(100);
          answer = textOf(await s.call("interrupt"));
          if (answer.startsWith("interrupt delivered")) break;
        }
        assert.match(answer, /^interrupt delivered/);
        const result = await long;
        assert.match(textOf(result), /\[status: interrupted\]/);
        assert.equal(textOf(await s.call("python", { code: "(x, y)" })).trim(), "(41, 7)");
      } finally {
        await s.client.close();
      }
    });

    test("a Cell past its timeout is killed with its worker through the supervisor, and the next Cell gets a fresh one", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const s = await startLaunched(fx, await printManifest(fx));
      try {
        assert.equal((await s.call("python", { code: "x = 1" })).isError, false);
        const before = workers(fx);
        assert.ok(before.length > 0, "no sandboxed worker found");
        const r = await s.call("python", {
          code: "import time\ntime.sleep(600)",
          timeout_seconds: 2,
        });
        assert.match(textOf(r), /\[status: timeout\]/);
        await waitFor(
          () => before.every((pid) => !alive(pid)),
          15_000,
          "the timed-out worker to end",
        );
        const next = await s.call("python", { code: "'x' in dir()" });
        assert.equal(textOf(next).trim(), "False");
      } finally {
        await s.client.close();
      }
    });

    test("no worker outlives the server: a client that goes away mid-Cell takes the launcher, the supervisor and the worker with it", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const s = await startLaunched(fx, await printManifest(fx));
      const running = s
        .call("python", { code: "import time\ntime.sleep(600)" })
        .catch((e: unknown) => e);
      await waitFor(() => workers(fx).length > 0, 30_000, "the sandboxed worker");
      const sandboxed = workers(fx);
      await s.client.close();
      await running;
      if (s.pid !== null)
        await waitFor(() => !alive(s.pid as number), 30_000, "the launcher to exit");
      await waitFor(() => sandboxed.every((pid) => !alive(pid)), 15_000, "the workers to end");
      assert.deepEqual(processesMentioning(fx.workspace), []);
    });

    test("a server killed outright (SIGKILL) mid-Cell takes the supervisor's workers with it, and launch exits", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const s = await startLaunched(fx, await printManifest(fx));
      try {
        void s.call("bash", { command: "sleep 600" }).catch(() => undefined);
        await waitFor(() => workers(fx).length > 0, 30_000, "the sandboxed worker");
        const sandboxed = workers(fx);
        // The server itself: node running `cellguard.cjs mcp` (not the bubblewrap around it).
        const server = processesMentioning(fx.workspace).filter((pid) => {
          try {
            const argv = readFileSync(`/proc/${pid}/cmdline`, "latin1").split("\0");
            return argv[0] === process.execPath && argv[2] === "mcp";
          } catch {
            return false;
          }
        });
        assert.equal(server.length, 1, `the server process: ${server.join(", ")}`);
        process.kill(server[0] as number, "SIGKILL");
        await waitFor(() => sandboxed.every((pid) => !alive(pid)), 15_000, "the workers to end");
        if (s.pid !== null) await waitFor(() => !alive(s.pid as number), 15_000, "launch to exit");
        assert.deepEqual(processesMentioning(fx.workspace), []);
      } finally {
        await s.client.close().catch(() => undefined);
      }
    });

    test("a control file inside the workspace stays unwritable and cannot be renamed or replaced from a Cell, while the workspace around it stays writable", async () => {
      writeUserRules(fx, ALLOW_ALL);
      const controlDir = join(fx.workspace, "policy");
      mkdirSync(controlDir);
      const control = join(controlDir, "control.json");
      writeFileSync(control, '{"pinned": true}\n');
      const manifest = await printManifest(fx);
      const doc = JSON.parse(readFileSync(manifest, "utf8")) as { controlPaths: string[] };
      doc.controlPaths.push(control);
      writeFileSync(manifest, JSON.stringify(doc));
      const s = await startLaunched(fx, manifest);
      try {
        const r = await s.call("python", {
          code: [
            "import os",
            "out = []",
            "def attempt(name, fn):",
            "    try: fn(); out.append(name + ' DONE')",
            "    except OSError as e: out.append(name + ' refused ' + type(e).__name__)",
            "attempt('write', lambda: open('policy/control.json', 'a').write('x'))",
            "attempt('rename-file', lambda: os.rename('policy/control.json', 'policy/moved.json'))",
            "attempt('rename-dir', lambda: os.rename('policy', 'policy-moved'))",
            "attempt('unlink', lambda: os.unlink('policy/control.json'))",
            "attempt('workspace-write', lambda: open('beside.txt', 'w').write('ok'))",
            "print(chr(10).join(out))",
          ].join("\n"),
        });
        const text = textOf(r);
        for (const name of ["write", "rename-file", "rename-dir", "unlink"])
          assert.match(text, new RegExp(`^${name} refused`, "m"), text);
        assert.match(text, /^workspace-write DONE/m, text);
      } finally {
        await s.client.close();
      }
      assert.equal(readFileSync(control, "utf8"), '{"pinned": true}\n');
      assert.equal(readFileSync(join(fx.workspace, "beside.txt"), "utf8"), "ok");
    });

    test("a control path the composition cannot protect fails the composed self-test, and nothing starts (exit 125)", async () => {
      const manifest = await printManifest(fx);
      const doc = JSON.parse(readFileSync(manifest, "utf8")) as { controlPaths: string[] };
      // A missing control file directly in the workspace: only a read-only rebuild of the whole
      // workspace could keep it from being created, and then no Cell could write there.
      doc.controlPaths.push(join(fx.workspace, "not-yet-written.json"));
      writeFileSync(manifest, JSON.stringify(doc));
      const r = await runCli(["launch", "--manifest", manifest], {
        env: { ...fx.env, PATH: SYSTEM_PATH },
        input: "",
        timeoutMs: 120_000,
      });
      assert.equal(r.code, 125, r.stderr);
      assert.match(
        r.stderr,
        /nothing was started: the kernel sandbox composed with the session's rules could not be proven/,
      );
      assert.match(r.stderr, /workspace_write/);
      assert.equal(r.stdout, "");
      assert.deepEqual(processesMentioning(fx.workspace), []);
    });
  },
);
