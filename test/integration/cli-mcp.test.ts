// The `cellguard mcp` command line: usage errors, what stops it from starting (with the reason
// on stderr and nothing on stdout, which belongs to JSON-RPC), and the manifest for launch.
import assert from "node:assert/strict";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { writeUserRules } from "../helpers/mcp.js";

describe("cellguard mcp command line", () => {
  const fx = useFixture();

  test("an unknown option is a usage error (exit 2)", async () => {
    const r = await runCli(["mcp", "--wokspace", fx.workspace], { env: fx.env });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown option --wokspace/);
    assert.equal(r.stdout, "");
  });

  test("a missing workspace or an invalid user rules file stops the start (exit 125) and says why", async () => {
    const missing = await runCli(["mcp", "--workspace", join(fx.root, "nope")], { env: fx.env });
    assert.equal(missing.code, 125);
    assert.match(missing.stderr, /not started: the workspace .*nope cannot be used \(ENOENT\)/);
    writeUserRules(fx, { rules: [{ tool: "bash", decision: "always" }] });
    const bad = await runCli(["mcp", "--workspace", fx.workspace], { env: fx.env });
    assert.equal(bad.code, 125);
    assert.match(
      bad.stderr,
      /not started: The rules file .*mcp-rules\.json is invalid: rule 0: decision must be one of allow, ask, deny/,
    );
    assert.equal(bad.stdout, "");
  });

  test("--print-manifest names the control files, the store and the workspace for cellguard launch", async () => {
    const r = await runCli(["mcp", "--workspace", fx.workspace, "--print-manifest"], {
      env: fx.env,
    });
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as {
      control: { path: string }[];
      store: { path: string }[];
      work: { path: string }[];
      command: string[];
    };
    assert.ok(manifest.control.some((e) => e.path === join(fx.dataDir, "mcp-rules.json")));
    assert.ok(manifest.store.some((e) => e.path === join(fx.dataDir, "mcp-audit.jsonl")));
    assert.deepEqual(
      manifest.work.map((e) => e.path),
      [fx.workspace],
    );
    assert.deepEqual(manifest.command.slice(2), ["mcp", "--workspace", fx.workspace]);
  });
});
