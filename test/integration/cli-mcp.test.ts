// The `cellguard mcp` command line: usage errors, what stops it from starting (with the reason
// on stderr and nothing on stdout, which belongs to JSON-RPC), and the manifest for launch.
import assert from "node:assert/strict";
import { existsSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runCli, runProcess } from "../helpers/cli.js";
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

  // Each entry's manifest covers what that server loads, and the names node would consult for it.
  const manifestThrough = async (entry: string): Promise<string[]> => {
    const r = await runProcess(
      process.execPath,
      [entry, "mcp", "--workspace", fx.workspace, "--print-manifest"],
      { env: fx.env },
    );
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { controlPaths: string[] }).controlPaths;
  };
  const assertCovered = (controlPaths: readonly string[], paths: readonly string[]): void => {
    for (const path of paths)
      assert.ok(
        controlPaths.some((c) => path === c || path.startsWith(`${c}/`)),
        `${path} is not under a control path: ${controlPaths.join(", ")}`,
      );
  };
  const build = join(repoRoot(), "build");
  const guarded = [
    join(repoRoot(), "package.json"), // its "type" decides how node loads build/src
    join(repoRoot(), "python"),
    join(build, "package.json"), // absent: it would decide the type of build/src before the root's
    join(build, "node_modules", "zod"), // absent: it would answer build/src's bare imports first
  ];

  test("a Cell cannot rewrite the bundled server's code: the entry, the bundles it dispatches to, the Python worker and the names node consults are control paths", async () => {
    const controlPaths = await manifestThrough(cliPath());
    const bundles = [cliPath(), join(build, "cellguard-cli", "mcp.cjs")];
    for (const path of bundles) assert.ok(existsSync(path), path);
    assertCovered(controlPaths, [...bundles, ...guarded]);
    // The compiled tests of a development tree are not server code: listing each of their
    // files would spend the launch's bounded profile.
    assert.ok(!controlPaths.some((c) => c === build || join(build, "test").startsWith(`${c}/`)));
  });

  test("a Cell cannot rewrite an unbundled server's code: the compiled modules it imports are control paths", async () => {
    const entry = join(build, "src", "cli", "bin.js");
    const controlPaths = await manifestThrough(entry);
    const modules = [entry, join(build, "src", "mcp", "gate.js")];
    for (const path of modules) assert.ok(existsSync(path), path);
    assertCovered(controlPaths, [...modules, ...guarded]);
  });
});
