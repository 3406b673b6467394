// The CLI entry is a dispatcher that requires only the bundle of the command being run, so that
// `cellguard exec` (run once per sandboxed command) does not compile the MCP server, its SDK and
// the screens. If a change makes `exec` pull them in again, these fail.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { describe, test } from "node:test";
import { runProcess } from "../helpers/cli.js";
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

  // Node 20 reads NODE_EXTRA_CA_CERTS at start-up and warns when the file cannot be loaded: the
  // warning shows whether a command's node parsed it. The program is run as a user on PATH runs
  // it, through its own #! line.
  describe("the launcher, run as a program", () => {
    const missingCa = "/nonexistent/cellguard-test-extra-ca.pem";
    const run = (args: readonly string[], input = "") => {
      const env = {
        ...process.env,
        PATH: `${dirname(process.execPath)}${delimiter}${process.env["PATH"] ?? ""}`,
        NODE_EXTRA_CA_CERTS: missingCa,
      };
      return runProcess(cliPath(), args, { env, input });
    };

    test("exec starts node without parsing NODE_EXTRA_CA_CERTS, and runs the command", async () => {
      const workspace = mkdtempSync(join(tmpdir(), "cellguard-launcher-"));
      try {
        const args = ["exec", "--mode", "off", "--workspace", workspace, "--", "/bin/echo", "ran"];
        const result = await run(args);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stdout, "ran\n");
        assert.ok(!result.stderr.includes(missingCa), `node parsed the CA file: ${result.stderr}`);
      } finally {
        rmSync(workspace, { recursive: true, force: true });
      }
    });

    test("every other command keeps NODE_EXTRA_CA_CERTS (they may speak TLS)", async () => {
      const result = await run(["screen", "shell"], "ls\n");
      assert.equal(result.code, 0, result.stderr);
      assert.ok(result.stderr.includes(missingCa), "the CA variable was dropped for screen");
    });

    test("arguments reach the command unchanged through the shell line", async () => {
      const workspace = mkdtempSync(join(tmpdir(), "cellguard-launcher-"));
      try {
        const words = ["a b", "*", "$HOME", "'", '"', "-e", ""];
        const args = ["exec", "--mode", "off", "--workspace", workspace, "--", "/bin/printf"];
        const result = await run([...args, "[%s]", ...words]);
        assert.equal(result.code, 0, result.stderr);
        assert.equal(result.stdout, words.map((w) => `[${w}]`).join(""));
      } finally {
        rmSync(workspace, { recursive: true, force: true });
      }
    });
  });
});
