// `cellguard mcp` run protected, the way a client configured with launch starts it: the SDK's
// own client spawning `cellguard launch --manifest F`, F printed by `cellguard mcp
// --print-manifest`, on real bubblewrap. A manifest without childSandbox (no kernel sandbox
// composed with the session's rules at launch) must have python and bash refused (fail closed)
// while the rest of the server works, the audit log still records every call; a pin that stops
// holding (the manifest changed on the host) or a data directory the manifest does not protect
// is refused. (python and bash with childSandbox: mcp-launch-kernel.test.ts.)
import assert from "node:assert/strict";
import {
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { runCli } from "../helpers/cli.js";
import { useFixture, type Fixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason, needs, systemPython } from "../helpers/host.js";
import { SYSTEM_PATH } from "../helpers/kernel.js";
import { textOf, writeUserRules } from "../helpers/mcp.js";
import { cliPath } from "../helpers/paths.js";

const skip =
  sandboxSkipReason() ||
  needs(systemPython === null ? "needs /usr/bin/python3 for the supervisor" : false);

async function printManifest(fx: Fixture, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const r = await runCli(
    ["mcp", "--workspace", fx.workspace, "--mode", "enforce", "--print-manifest"],
    { env: { ...fx.env, PATH: SYSTEM_PATH, ...env } },
  );
  assert.equal(r.code, 0, r.stderr);
  const file = join(fx.root, "manifest.json");
  writeFileSync(file, r.stdout, { mode: 0o600 });
  return file;
}

/** The manifest without its childSandbox: a session whose children get the plain child rules. */
function withoutChildSandbox(file: string): string {
  const doc = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  assert.deepEqual(Object.keys(doc["childSandbox"] as object).sort(), ["kind", "workspace"]);
  delete doc["childSandbox"];
  writeFileSync(file, JSON.stringify(doc), { mode: 0o600 });
  return file;
}

async function startLaunched(fx: Fixture, manifest: string, env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath(), "launch", "--manifest", manifest],
    env: { ...fx.env, PATH: SYSTEM_PATH, ...env },
    stderr: "pipe",
    cwd: fx.workspace,
  });
  let stderr = "";
  transport.stderr?.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const client = new Client({ name: "cellguard-test", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    call: async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args }, undefined, {
        timeout: 120_000,
      })) as CallToolResult,
  };
}

function auditLines(
  fx: Fixture,
  dataDir = fx.dataDir,
): { tool: string; outcome: string; refused_by: string | null }[] {
  return readFileSync(join(dataDir, "mcp-audit.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map(
      (line) => JSON.parse(line) as { tool: string; outcome: string; refused_by: string | null },
    );
}

describe("cellguard mcp under cellguard launch", { skip, timeout: 240_000 }, () => {
  const fx = useFixture();

  test("without childSandbox, python and bash are refused (fail closed) with the reason, the other tools work, and the audit log records every call", async () => {
    writeUserRules(fx, { rules: [{ tool: "*", pattern: "*", decision: "allow" }] });
    writeFileSync(join(fx.workspace, "notes.txt"), "workspace text");
    const s = await startLaunched(fx, withoutChildSandbox(await printManifest(fx)));
    try {
      const tools = (await s.client.listTools()).tools.map((t) => t.name);
      assert.ok(tools.includes("python") && tools.includes("bash"), tools.join(","));
      for (const [tool, args] of [
        ["python", { code: "x = 41" }],
        ["bash", { command: "echo ran > marker.txt" }],
      ] as const) {
        const r = await s.call(tool, args);
        assert.equal(r.isError, true, textOf(r));
        assert.match(textOf(r), /protected session/);
        assert.match(textOf(r), /nothing was run/);
      }
      const read = await s.call("read_file", { path: "notes.txt" });
      assert.equal(read.isError, false, textOf(read));
      assert.match(textOf(read), /workspace text/);
    } finally {
      await s.client.close();
    }
    assert.throws(() => readFileSync(join(fx.workspace, "marker.txt")), { code: "ENOENT" });
    const lines = auditLines(fx);
    for (const tool of ["python", "bash"]) {
      const entry = lines.find((l) => l.tool === tool);
      assert.ok(entry !== undefined, `no audit line for ${tool}`);
      assert.equal(entry.outcome, "refused");
      assert.equal(entry.refused_by, "sandbox");
    }
    assert.ok(lines.some((l) => l.tool === "read_file" && l.outcome === "ok"));
  });

  test("without childSandbox, the posture resource says the server runs protected and that its kernel is refused", async () => {
    const s = await startLaunched(fx, withoutChildSandbox(await printManifest(fx)));
    try {
      const res = await s.client.readResource({ uri: "cellguard://posture" });
      const first = res.contents[0];
      assert.ok(first !== undefined && "text" in first);
      const posture = JSON.parse(first.text) as {
        protected_store: { session: string };
        mcp_session: { protected: boolean; kernel: string; detail: string };
      };
      assert.equal(posture.protected_store.session, "protected");
      assert.equal(posture.mcp_session.protected, true);
      assert.equal(posture.mcp_session.kernel, "refused");
    } finally {
      await s.client.close();
    }
  });

  test("the data directory is a store: a workspace link into it is refused and the rules never leak", async () => {
    writeUserRules(fx, {
      rules: [
        { tool: "*", pattern: "*", decision: "allow" },
        { tool: "fetch", pattern: fx.canary, decision: "deny" },
      ],
    });
    symlinkSync(join(fx.dataDir, "mcp-rules.json"), join(fx.workspace, "rules-link"));
    symlinkSync(fx.dataDir, join(fx.workspace, "data-link"));
    const s = await startLaunched(fx, await printManifest(fx));
    try {
      for (const path of ["rules-link", "data-link/mcp-rules.json", "data-link/mcp-audit.jsonl"]) {
        const r = await s.call("read_file", { path });
        assert.equal(r.isError, true, `${path}: ${textOf(r)}`);
        assert.ok(!textOf(r).includes(fx.canary), path);
      }
      const w = await s.call("write_file", { path: "data-link/mcp-rules.json", content: "{}" });
      assert.equal(w.isError, true, textOf(w));
    } finally {
      await s.client.close();
    }
    assert.match(readFileSync(join(fx.dataDir, "mcp-rules.json"), "utf8"), new RegExp(fx.canary));
  });

  test("a data directory reached through a link is used by its checked real path: re-pointing the link later moves neither the rules nor the audit log", async () => {
    writeUserRules(fx, { rules: [{ tool: "*", pattern: "*", decision: "allow" }] });
    const link = join(fx.root, "data-dir-link");
    symlinkSync(fx.dataDir, link);
    const env = { CELLGUARD_DATA_DIR: link };
    const s = await startLaunched(fx, await printManifest(fx, env), env);
    const decoy = join(fx.root, "decoy-data");
    try {
      assert.equal((await s.call("list_dir", { path: "." })).isError, false);
      mkdirSync(decoy, { mode: 0o700 });
      writeFileSync(
        join(decoy, "mcp-rules.json"),
        JSON.stringify({ rules: [{ tool: "*", pattern: "*", decision: "deny" }] }),
        { mode: 0o600 },
      );
      unlinkSync(link);
      symlinkSync(decoy, link);
      const r = await s.call("list_dir", { path: "." });
      assert.equal(r.isError, false, `the decoy's rules were read: ${textOf(r)}`);
    } finally {
      await s.client.close();
    }
    assert.equal(auditLines(fx).filter((line) => line.tool === "list_dir").length, 2);
    assert.equal(existsSync(join(decoy, "mcp-audit.jsonl")), false, "the audit log moved");
  });

  test("a manifest changed on the host after launch makes the server refuse its kernel with the pin's reason", async () => {
    const manifest = await printManifest(fx);
    const s = await startLaunched(fx, manifest);
    try {
      const doc = JSON.parse(readFileSync(manifest, "utf8")) as { sessionHomes: string[] };
      const extra = join(fx.root, "extra-home");
      mkdirSync(extra);
      writeFileSync(manifest, JSON.stringify({ ...doc, sessionHomes: [extra] }));
      const r = await s.call("python", { code: "1 + 1" });
      assert.equal(r.isError, true, textOf(r));
      assert.match(textOf(r), /pinned rules do not hold/);
      assert.match(textOf(r), /does not match the manifest/);
    } finally {
      await s.client.close();
    }
  });

  test("a data directory the session's manifest does not protect stops the server before it serves (exit 125)", async () => {
    const manifest = await printManifest(fx);
    const other = join(fx.root, "other-data");
    mkdirSync(other, { mode: 0o700 });
    const r = await runCli(["launch", "--manifest", manifest], {
      env: { ...fx.env, PATH: SYSTEM_PATH, CELLGUARD_DATA_DIR: other },
      input: "",
      timeoutMs: 120_000,
    });
    assert.equal(r.code, 125, r.stderr);
    assert.match(
      r.stderr,
      /not started: protected session: the data directory .* is not a store root/,
    );
    assert.equal(r.stdout, "");
  });
});
