// The CLI entry is a dispatcher that requires only the bundle of the command being run, so that
// `cellguard exec` (run once per sandboxed command) does not compile the MCP server, its SDK and
// the screens. If a change makes `exec` pull them in again, these fail.
import assert from "node:assert/strict";
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import { cliPath } from "../helpers/paths.js";

const chunk = (name: string) => join(dirname(cliPath()), "cellguard-cli", `${name}.cjs`);

describe("CLI bundles", () => {
  test("the exec bundle holds neither the MCP SDK nor the MCP server", () => {
    const exec = readFileSync(chunk("exec"), "utf8");
    assert.ok(readFileSync(chunk("mcp"), "utf8").includes("@modelcontextprotocol"));
    assert.ok(!exec.includes("@modelcontextprotocol"), "exec.cjs contains the MCP SDK");
    assert.ok(!exec.includes("tools/call"), "exec.cjs contains the MCP server");
  });

  test("the entry script is a small dispatcher, not the whole CLI", () => {
    const entry = statSync(cliPath()).size;
    assert.ok(entry * 10 < statSync(chunk("mcp")).size, `entry is ${entry} bytes`);
  });
});
