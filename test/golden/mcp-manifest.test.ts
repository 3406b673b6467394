// The launch manifest `cellguard mcp --print-manifest` writes (a pure function of the paths),
// byte for byte, and the proof that it is launch's own format: launch's parser accepts it and
// keeps every path and the command unchanged.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { manifestMismatch, mcpLaunchManifest } from "../../src/mcp/manifest.js";
import { parseManifest } from "../../src/protect/manifest.js";
import { assertGolden } from "./golden.js";

const INPUTS = {
  dataDir: "/synthetic/home/.local/share/cellguard",
  workspace: "/synthetic/work",
  command: [
    "/synthetic/bin/node",
    "/synthetic/lib/build/cellguard.cjs",
    "mcp",
    "--workspace",
    "/synthetic/work",
    "--mode",
    "enforce",
  ],
  codePaths: ["/synthetic/lib/package.json", "/synthetic/lib/build", "/synthetic/lib/python"],
};

describe("cellguard mcp launch manifest", () => {
  test("is rendered byte for byte: data directory a store, rules file and code control paths", () => {
    assertGolden(
      "mcp-launch-manifest.json",
      `${JSON.stringify(mcpLaunchManifest(INPUTS), null, 2)}\n`,
    );
  });

  test("is accepted by launch's manifest parser unchanged", () => {
    const printed = mcpLaunchManifest(INPUTS);
    const parsed = parseManifest(JSON.parse(JSON.stringify(printed)), "/synthetic/m.json");
    assert.equal(parsed.projectRoot, INPUTS.workspace);
    assert.deepEqual(parsed.controlPaths, [
      "/synthetic/home/.local/share/cellguard/mcp-rules.json",
      ...INPUTS.codePaths, // the script is inside build: not listed twice
    ]);
    assert.deepEqual(parsed.stores, [{ root: INPUTS.dataDir, workMembers: [] }]);
    assert.deepEqual(parsed.server.command, INPUTS.command);
    assert.equal(parsed.server.cwd, INPUTS.workspace);
    // Nothing launch refuses to pass through (loader hooks, the launcher's own variables).
    assert.ok(parsed.server.passEnv.includes("CELLGUARD_DATA_DIR"));
  });

  test("the server's code is a control path: its script too when no code directory holds it", () => {
    const outside = mcpLaunchManifest({ ...INPUTS, codePaths: ["/synthetic/python"] });
    assert.deepEqual(outside.controlPaths.slice(1), [
      "/synthetic/lib/build/cellguard.cjs",
      "/synthetic/python",
    ]);
  });

  test("a command without node and its script is refused", () => {
    assert.throws(() => mcpLaunchManifest({ ...INPUTS, command: ["/synthetic/bin/node"] }), {
      name: "TypeError",
      message: /needs node and its script/,
    });
  });

  test("the server's start-up check names a data directory or rules file the session does not protect", () => {
    const printed = mcpLaunchManifest(INPUTS);
    assert.equal(manifestMismatch(printed, INPUTS.dataDir), null);
    assert.match(
      manifestMismatch(printed, "/synthetic/other") ?? "",
      /the data directory \/synthetic\/other is not a store root/,
    );
    assert.match(
      manifestMismatch({ ...printed, controlPaths: [] }, INPUTS.dataDir) ?? "",
      /the rules file .*mcp-rules\.json is not a control path/,
    );
  });
});
