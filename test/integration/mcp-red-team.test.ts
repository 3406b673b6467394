// Red-team findings end to end through the bundled server and the SDK client: write_file into
// the repository's .git, a fetch of the cloud metadata address, a file-path spelling past a deny
// rule, and credentials in a command's URL and headers, none of which reaches the audit log.
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Fixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { auditEntries, startFixtureServer, textOf, type McpUnderTest } from "../helpers/mcp.js";

const skip = sandboxSkipReason();

describe("cellguard mcp red team", { skip }, () => {
  let fx: Fixture;
  let mcp: McpUnderTest;
  let stop: (() => Promise<void>) | undefined;

  before(async () => {
    ({ fx, mcp, stop } = await startFixtureServer({
      rules: {
        rules: [
          { tool: "*", pattern: "*", decision: "allow" },
          { tool: "read_file", pattern: "private/*", decision: "deny" },
        ],
      },
      prepare: (home) => {
        mkdirSync(join(home.workspace, ".git", "hooks"), { recursive: true });
        writeFileSync(join(home.workspace, ".git", "config"), "[core]\n");
        mkdirSync(join(home.workspace, "private"));
        writeFileSync(join(home.workspace, "private", "plan.txt"), home.canary);
      },
    }));
  });

  after(async () => {
    await stop?.();
  });

  test("write_file into .git (config, hooks, any case) is refused and the repository is unchanged", async () => {
    for (const path of [".git/config", ".git/hooks/pre-commit", ".GIT/config"]) {
      const result = await mcp.call("write_file", {
        path,
        content: "[core]\n\tfsmonitor = touch /tmp/cellguard-rt-pwned\n",
      });
      assert.equal(result.isError, true, path);
      assert.match(textOf(result), /\.git/, path);
    }
    assert.equal(readFileSync(join(fx.workspace, ".git", "config"), "utf8"), "[core]\n");
  });

  test("a fetch of the metadata address, in a decimal spelling too, is refused with nothing requested", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data/", "http://2852039166/"]) {
      const result = await mcp.call("fetch", { url });
      assert.equal(result.isError, true, url);
      assert.match(textOf(result), /link-local/, url);
    }
  });

  test("a deny rule for a folder holds for another spelling of a file in it", async () => {
    for (const path of ["./private/plan.txt", "private//plan.txt", "private/../private/plan.txt"]) {
      const result = await mcp.call("read_file", { path });
      assert.equal(result.isError, true, path);
      assert.ok(!textOf(result).includes(fx.canary), path);
    }
  });

  test("credentials in a command's URL and headers never reach the audit log", async () => {
    const result = await mcp.call("bash", {
      command: `true https://oauth2:${fx.canary}@git.example/r.git -H "Authorization: Basic ${fx.canary}" -u me:${fx.canary}`,
    });
    assert.equal(result.isError, false, textOf(result));
    const entries = auditEntries(fx);
    const raw = JSON.stringify(entries);
    assert.ok(!raw.includes(fx.canary), "no canary in the audit log");
    assert.ok(entries.some((e) => e["tool"] === "write_file" && e["refused_by"] === "workspace"));
    assert.ok(entries.some((e) => e["tool"] === "fetch" && e["refused_by"] === "egress"));
    assert.ok(entries.some((e) => e["tool"] === "read_file" && e["refused_by"] === "gate"));
  });
});
