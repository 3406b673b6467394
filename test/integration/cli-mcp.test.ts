// The `cellguard mcp` command line: usage errors, what stops it from starting (with the reason
// on stderr and nothing on stdout, which belongs to JSON-RPC), and the manifest for launch.
import assert from "node:assert/strict";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { writeUserRules } from "../helpers/mcp.js";
import { cliPath, repoRoot } from "../helpers/paths.js";
import { loadManifest } from "../../src/protect/manifest.js";

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

  test("--print-manifest prints launch's own format: the data directory a store, the rules file a control path", async () => {
    const r = await runCli(
      ["mcp", "--workspace", fx.workspace, "--mode", "enforce", "--print-manifest"],
      { env: fx.env },
    );
    assert.equal(r.code, 0, r.stderr);
    const file = join(fx.root, "manifest.json");
    writeFileSync(file, r.stdout);
    const manifest = loadManifest(file); // launch's own validation
    assert.deepEqual(manifest.stores, [{ root: fx.dataDir, workMembers: [] }]);
    assert.ok(manifest.controlPaths.includes(join(fx.dataDir, "mcp-rules.json")));
    assert.equal(manifest.projectRoot, fx.workspace);
    assert.deepEqual(manifest.server.command.slice(1), [
      cliPath(),
      "mcp",
      "--workspace",
      fx.workspace,
      "--mode",
      "enforce",
    ]);
    // The audit log exists before launch: a missing rules file freezes the directory's names.
    assert.ok(statSync(join(fx.dataDir, "mcp-audit.jsonl")).isFile());
  });

  test("a Cell cannot rewrite the server's code: the bundles the entry dispatches to, the compiled modules an unbundled server imports and the Python worker are control paths", async () => {
    const r = await runCli(["mcp", "--workspace", fx.workspace, "--print-manifest"], {
      env: fx.env,
    });
    assert.equal(r.code, 0, r.stderr);
    const manifest = JSON.parse(r.stdout) as { controlPaths: string[] };
    const covers = (path: string): boolean =>
      manifest.controlPaths.some((c) => path === c || path.startsWith(`${c}/`));
    for (const code of [
      join(repoRoot(), "package.json"), // its "type" decides how node loads build/src
      join(repoRoot(), "build", "src", "mcp", "gate.js"),
      join(repoRoot(), "build", "src", "cli", "bin.js"),
      join(repoRoot(), "build", "cellguard-cli", "mcp.cjs"), // the bundle the entry dispatches to
      join(repoRoot(), "python"),
    ]) {
      assert.ok(existsSync(code), code);
      assert.ok(
        covers(code),
        `${code} is not under a control path: ${manifest.controlPaths.join(", ")}`,
      );
    }
  });
});
