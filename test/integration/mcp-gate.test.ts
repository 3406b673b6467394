// The permission gate of cellguard mcp, end to end: the built-in `ask` for the gated tools, a
// client that cannot ask, a client that can (elicitation), and a workspace rules file — written
// by the model's own tools — that can tighten the user's rules but never loosen them.
import assert from "node:assert/strict";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { auditEntries, startMcp, textOf, writeUserRules } from "../helpers/mcp.js";

const skip = sandboxSkipReason();

describe("cellguard mcp permission gate", { skip }, () => {
  const fx = useFixture();
  const workspaceRules = (doc: unknown): void => {
    mkdirSync(join(fx.workspace, ".cellguard"), { recursive: true });
    writeFileSync(join(fx.workspace, ".cellguard", "mcp-rules.json"), JSON.stringify(doc));
  };

  test("with no rules, a gated tool asks; a client that cannot ask gets a refusal naming the rule to add", async () => {
    const mcp = await startMcp(fx);
    try {
      const result = await mcp.call("bash", { command: "echo hi > ran.txt" });
      assert.equal(result.isError, true);
      const text = textOf(result);
      assert.match(
        text,
        /^Permission needed: bash on "echo hi > ran.txt" requires the user's approval/,
      );
      assert.match(text, /does not support elicitation/);
      assert.ok(text.includes(join(fx.dataDir, "mcp-rules.json")), "names the user's rules file");
      assert.match(text, /\{"tool": "bash", "pattern": "\*", "decision": "allow"\}/);
      // python is not a gated tool: it runs in the sandbox behind the screens
      const python = await mcp.call("python", { code: "print('ok')" });
      assert.equal(textOf(python).trim(), "ok");
      const entry = auditEntries(fx).find((e) => e["tool"] === "bash");
      assert.equal(entry?.["decision"], "ask-refused");
      assert.equal(entry?.["refused_by"], "gate");
    } finally {
      await mcp.close();
    }
  });

  test("a client with elicitation is asked, and its answer decides", async () => {
    const answers: boolean[] = [true, false];
    const questions: string[] = [];
    const mcp = await startMcp(fx, { capabilities: { capabilities: { elicitation: {} } } });
    mcp.client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push(request.params.message);
      return { action: "accept", content: { allow: answers.shift() ?? false } };
    });
    try {
      const allowed = await mcp.call("bash", { command: "echo approved" });
      assert.equal(textOf(allowed), "approved\n[exit 0]");
      const declined = await mcp.call("bash", { command: "echo declined" });
      assert.equal(declined.isError, true);
      assert.match(textOf(declined), /^Permission denied: the user declined bash/);
      assert.equal(questions.length, 2);
      assert.match(questions[0] ?? "", /allow the bash tool on "echo approved"/);
      const decisions = auditEntries(fx)
        .filter((e) => e["tool"] === "bash")
        .map((e) => e["decision"]);
      assert.deepEqual(decisions, ["ask-approved", "ask-refused"]);
    } finally {
      await mcp.close();
    }
  });

  test("an approval request that fails on the client is a refusal, not a yes", async () => {
    const mcp = await startMcp(fx, { capabilities: { capabilities: { elicitation: {} } } });
    mcp.client.setRequestHandler(ElicitRequestSchema, () => {
      throw new Error("the dialog crashed");
    });
    try {
      const result = await mcp.call("bash", { command: "echo never" });
      assert.equal(result.isError, true);
      assert.match(
        textOf(result),
        /^Permission denied: the approval request for bash on "echo never" got no answer/,
      );
    } finally {
      await mcp.close();
    }
  });

  test("a workspace rules file cannot grant what the user's rules do not", async () => {
    writeUserRules(fx, { rules: [{ tool: "read_file", pattern: "*", decision: "deny" }] });
    workspaceRules({
      rules: [
        { tool: "*", pattern: "*", decision: "allow" },
        { tool: "read_file", pattern: "notes.txt", decision: "allow" },
        { tool: "bash", pattern: "*", decision: "allow" },
      ],
    });
    writeFileSync(join(fx.workspace, "notes.txt"), "hello");
    const mcp = await startMcp(fx);
    try {
      const read = await mcp.call("read_file", { path: "notes.txt" });
      assert.equal(read.isError, true);
      assert.match(textOf(read), /denied by the user's rules/);
      const bash = await mcp.call("bash", { command: "echo hi" });
      assert.equal(bash.isError, true);
      assert.match(textOf(bash), /^Permission needed/);
    } finally {
      await mcp.close();
    }
  });

  test("a workspace rules file can tighten the user's rules (deny wins), and a broken one refuses everything", async () => {
    writeUserRules(fx, { rules: [{ tool: "*", pattern: "*", decision: "allow" }] });
    workspaceRules({ rules: [{ tool: "python", pattern: "*os.system*", decision: "deny" }] });
    const mcp = await startMcp(fx);
    try {
      const fine = await mcp.call("python", { code: "1 + 1" });
      assert.equal(textOf(fine).trim(), "2");
      const denied = await mcp.call("python", { code: "import os\nos.system('true')" });
      assert.equal(denied.isError, true);
      assert.match(textOf(denied), /denied by the workspace rules/);
      // The model breaks the workspace file through its own tool: fail closed, say which file.
      const broke = await mcp.call("write_file", {
        path: ".cellguard/mcp-rules.json",
        content: '{"rules": [{"tool": "python", "decision": "maybe"}]}',
      });
      assert.equal(broke.isError, false, textOf(broke));
      const after = await mcp.call("python", { code: "1 + 1" });
      assert.equal(after.isError, true);
      assert.match(
        textOf(after),
        /rules file .*mcp-rules\.json is invalid: rule 0: decision must be one of allow, ask, deny/,
      );
    } finally {
      await mcp.close();
    }
  });

  test("a kernel without an enforced sandbox (mode off) says so in every python and bash result", async () => {
    writeUserRules(fx, { rules: [{ tool: "*", pattern: "*", decision: "allow" }] });
    const mcp = await startMcp(fx, { args: ["--mode", "off"] });
    try {
      for (const [tool, args] of [
        ["python", { code: "1 + 1" }],
        ["bash", { command: "echo hi" }],
      ] as const) {
        const text = textOf(await mcp.call(tool, args));
        assert.match(
          text,
          /\[cellguard SECURITY WARNING: this Cell ran WITHOUT OS confinement \(sandbox disabled, mode off\)/,
          tool,
        );
      }
    } finally {
      await mcp.close();
    }
  });

  test("an enforced sandbox adds no warning", async () => {
    writeUserRules(fx, { rules: [{ tool: "*", pattern: "*", decision: "allow" }] });
    const mcp = await startMcp(fx);
    try {
      assert.equal(textOf(await mcp.call("python", { code: "1 + 1" })), "2\n");
    } finally {
      await mcp.close();
    }
  });

  test("an invalid user rules file stops the server from starting, with the file and the problem", async () => {
    writeUserRules(fx, { rules: [{ tool: "pyton", decision: "allow" }] });
    await assert.rejects(startMcp(fx));
  });
});
