// The permission rules: validation with clear errors, deny wins, then the most specific match,
// the built-in ask for gated tools, and the one-way rule for workspace files: they can make a
// decision stricter than the user's, never looser.
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { GateRefusal, RulesFileError } from "../../src/mcp/errors.js";
import { PermissionGate } from "../../src/mcp/gate.js";
import { loadRulesFile, parseRules } from "../../src/mcp/rules-file.js";
import {
  DECISIONS,
  resolveDecision,
  resolveScope,
  stricter,
  type Decision,
  type PermissionRule,
} from "../../src/mcp/rules.js";
import { TOOL_NAMES } from "../../src/mcp/tools.js";
import { withTempDir } from "../helpers/temp.js";

const rule = (
  tool: string,
  pattern: string,
  decision: Decision,
  scope: PermissionRule["scope"] = "user",
): PermissionRule => ({ scope, tool, pattern, decision });

describe("permission rule resolution", () => {
  test("gated tools ask with no rule; python and interrupt are allowed", () => {
    for (const tool of ["bash", "read_file", "write_file", "list_dir", "fetch"]) {
      assert.equal(resolveDecision([], [], tool, "x").decision, "ask", tool);
    }
    assert.equal(resolveDecision([], [], "python", "1").decision, "allow");
    assert.equal(resolveDecision([], [], "interrupt", "").decision, "allow");
  });

  test("a matching deny wins over any allow, however specific", () => {
    const rules = [rule("bash", "git status", "allow"), rule("*", "*", "deny")];
    assert.equal(resolveScope(rules, "bash", "git status")?.decision, "deny");
  });

  test("otherwise the most specific match wins: tool, then pattern, then length", () => {
    const rules = [rule("*", "*", "ask"), rule("bash", "*", "ask"), rule("bash", "git *", "allow")];
    assert.equal(resolveScope(rules, "bash", "git log")?.decision, "allow");
    assert.equal(resolveScope(rules, "bash", "ls")?.decision, "ask");
    const longer = [rule("bash", "git *", "ask"), rule("bash", "git log *", "allow")];
    assert.equal(resolveScope(longer, "bash", "git log -1")?.decision, "allow");
    assert.equal(
      resolveScope([rule("*", "*", "allow"), rule("bash", "*", "ask")], "bash", "ls")?.decision,
      "ask",
    );
  });

  test("patterns: * and empty match all, exact text matches, otherwise fnmatch", () => {
    assert.equal(
      resolveScope([rule("read_file", "", "allow")], "read_file", "a/b")?.decision,
      "allow",
    );
    assert.equal(
      resolveScope([rule("read_file", "src/*.ts", "allow")], "read_file", "src/a/b.ts")?.decision,
      "allow",
    );
    assert.equal(
      resolveScope([rule("read_file", "src/*.ts", "allow")], "read_file", "lib/a.ts"),
      null,
    );
    // an unclosed bracket is literal, as in fnmatch
    assert.equal(
      resolveScope([rule("fetch", "a[b*", "allow")], "fetch", "a[bc")?.decision,
      "allow",
    );
    assert.equal(resolveScope([rule("fetch", "a[b*", "allow")], "fetch", "ab"), null);
  });

  test("a workspace rule can turn the user's allow into ask or deny", () => {
    const user = [rule("*", "*", "allow")];
    assert.equal(
      resolveDecision(user, [rule("bash", "*", "deny", "workspace")], "bash", "ls").decision,
      "deny",
    );
    assert.equal(
      resolveDecision(user, [rule("bash", "curl *", "ask", "workspace")], "bash", "curl x")
        .decision,
      "ask",
    );
  });

  test("no workspace rule set can loosen any user decision (property)", () => {
    const decision = fc.constantFrom(...DECISIONS);
    const tool = fc.constantFrom("*", ...TOOL_NAMES);
    const pattern = fc.constantFrom("*", "", "a*", "ab", "*b", "a?");
    const rules = (scope: PermissionRule["scope"]) =>
      fc.array(
        fc.record({ tool, pattern, decision }).map((r) => ({ ...r, scope })),
        { maxLength: 6 },
      );
    fc.assert(
      fc.property(
        rules("user"),
        rules("workspace"),
        fc.constantFrom(...TOOL_NAMES),
        fc.constantFrom("ab", "a", "b", "xyz"),
        (user, workspace, t, target) => {
          const alone = resolveDecision(user, [], t, target).decision;
          const combined = resolveDecision(user, workspace, t, target).decision;
          assert.equal(stricter(combined, alone), combined, `${alone} became ${combined}`);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("rules files", () => {
  test("a valid file gives frozen rules with the file's scope; pattern defaults to *", () => {
    const rules = parseRules({ rules: [{ tool: "bash", decision: "allow" }] }, "workspace", "f");
    assert.deepEqual(rules, [
      { scope: "workspace", tool: "bash", pattern: "*", decision: "allow" },
    ]);
    assert.ok(Object.isFrozen(rules[0]));
  });

  test("each mistake is named with the file and the rule", () => {
    const cases: [unknown, RegExp][] = [
      [[], /must be a JSON object with a "rules" array/],
      [{ rule: [] }, /unknown key "rule"/],
      [{ rules: {} }, /"rules" must be an array/],
      [
        { rules: [{ tool: "pyton", decision: "allow" }] },
        /rule 0: tool must be "\*" or one of python, bash/,
      ],
      [
        { rules: [{ tool: "bash", decision: "yes" }] },
        /rule 0: decision must be one of allow, ask, deny/,
      ],
      [
        {
          rules: [
            { tool: "bash", decision: "allow" },
            { tool: "bash", pattern: 3, decision: "deny" },
          ],
        },
        /rule 1: pattern must be a string/,
      ],
      [
        { rules: [{ tool: "bash", decision: "allow", scope: "global" }] },
        /rule 0: unknown key "scope"/,
      ],
      [{ version: 2, rules: [] }, /version must be 1/],
    ];
    for (const [doc, message] of cases) {
      assert.throws(
        () => parseRules(doc, "user", "/data/mcp-rules.json"),
        (error: unknown) => {
          assert.ok(error instanceof RulesFileError);
          assert.match(error.message, /^The rules file \/data\/mcp-rules\.json is invalid: /);
          assert.match(error.message, message);
          return true;
        },
      );
    }
  });

  test("files: absent is empty; bad JSON, a symlink, a FIFO-like non-file and a huge file are errors", () => {
    withTempDir("rules", (dir) => {
      assert.deepEqual(loadRulesFile(join(dir, "none.json"), "user"), []);
      writeFileSync(join(dir, "bad.json"), "{rules:");
      assert.throws(() => loadRulesFile(join(dir, "bad.json"), "user"), /is not valid JSON/);
      writeFileSync(
        join(dir, "ok.json"),
        JSON.stringify({ rules: [{ tool: "*", decision: "deny" }] }),
      );
      symlinkSync(join(dir, "ok.json"), join(dir, "link.json"));
      assert.throws(() => loadRulesFile(join(dir, "link.json"), "user"), /is a symbolic link/);
      mkdirSync(join(dir, "dir.json"));
      assert.throws(() => loadRulesFile(join(dir, "dir.json"), "user"), /not a regular file/);
      writeFileSync(join(dir, "big.json"), " ".repeat(1024 * 1024 + 1));
      assert.throws(
        () => loadRulesFile(join(dir, "big.json"), "user"),
        /over the 1048576-byte limit/,
      );
      assert.equal(loadRulesFile(join(dir, "ok.json"), "user")[0]?.decision, "deny");
    });
  });
});

describe("the gate's rules cache", () => {
  // The same length for both decisions (JSON allows trailing space), so an in-place edit keeps
  // the file's size.
  const ruleText = (decision: "allow" | "deny"): string =>
    JSON.stringify({ rules: [{ tool: "bash", pattern: "*", decision }] }) +
    (decision === "deny" ? " " : "");

  test("a rules file changed between calls takes effect on the next call: in place with the same size and mtime, replaced by a rename, removed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cellguard-gate-cache-"));
    try {
      const dataDir = join(dir, "data");
      const workspace = join(dir, "ws");
      mkdirSync(dataDir);
      mkdirSync(workspace);
      const path = join(dataDir, "mcp-rules.json");
      const allow = ruleText("allow");
      const deny = ruleText("deny");
      assert.equal(allow.length, deny.length, "the two files are the same size");
      writeFileSync(path, allow);
      // A whole-second mtime, so that putting it back below restores it to the nanosecond.
      const mtime = new Date(1_700_000_000_000);
      utimesSync(path, mtime, mtime);
      const gate = new PermissionGate({
        dataDir,
        workspace,
        ask: () => Promise.resolve("unavailable" as const),
      });
      assert.equal((await gate.check("bash", "ls")).decision, "allow");
      assert.equal((await gate.check("bash", "ls")).decision, "allow", "served from the cache");

      // In place, same size, and the old mtime put back: only the change time tells.
      writeFileSync(path, deny);
      utimesSync(path, mtime, mtime);
      assert.equal(statSync(path, { bigint: true }).mtimeNs, 1_700_000_000_000_000_000n);
      await assert.rejects(gate.check("bash", "ls"), GateRefusal, "the in-place edit is seen");

      const staged = join(dataDir, "staged.json");
      writeFileSync(staged, allow);
      renameSync(staged, path);
      assert.equal((await gate.check("bash", "ls")).decision, "allow", "the renamed file is seen");

      rmSync(path);
      await assert.rejects(
        gate.check("bash", "ls"),
        /requires the user's approval/,
        "with the file gone, the default (ask) applies again",
      );

      // A workspace file appearing later tightens at once.
      writeFileSync(path, allow);
      assert.equal((await gate.check("bash", "ls")).decision, "allow");
      mkdirSync(join(workspace, ".cellguard"));
      writeFileSync(join(workspace, ".cellguard", "mcp-rules.json"), deny);
      await assert.rejects(gate.check("bash", "ls"), /denied by the workspace rules/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
