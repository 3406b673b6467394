// Red-team of the permission gate on the file tools: a rule is written for one spelling of a path,
// and a call may spell the same file another way (`..` through an allowed folder, `./`, `//`, an
// absolute path, a link). The gate judges every spelling and the strictest decision holds.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { GateRefusal } from "../../src/mcp/errors.js";
import { PermissionGate } from "../../src/mcp/gate.js";
import { UNPROTECTED } from "../../src/mcp/protection.js";
import { WorkspaceFiles } from "../../src/mcp/workspace-files.js";

interface Setup {
  readonly ws: string;
  readonly files: WorkspaceFiles;
  readonly gate: PermissionGate;
  readonly asked: string[];
  done(): void;
}

function setup(rules: unknown[]): Setup {
  const dir = mkdtempSync(join(tmpdir(), "cellguard-rt-gate-"));
  const dataDir = join(dir, "data");
  const ws = join(dir, "ws");
  mkdirSync(dataDir);
  mkdirSync(join(ws, "private"), { recursive: true });
  mkdirSync(join(ws, "docs"));
  writeFileSync(join(ws, "private", "plan.txt"), "p");
  writeFileSync(join(ws, "docs", "a.txt"), "a");
  symlinkSync("private", join(ws, "alias"));
  symlinkSync("../private/plan.txt", join(ws, "docs", "shortcut.txt"));
  writeFileSync(join(dataDir, "mcp-rules.json"), JSON.stringify({ rules }));
  const asked: string[] = [];
  const files = new WorkspaceFiles(ws, UNPROTECTED);
  const gate = new PermissionGate({
    dataDir,
    workspace: files.root,
    ask: (question) => {
      asked.push(question.target);
      return Promise.resolve("unavailable");
    },
  });
  return { ws: files.root, files, gate, asked, done: () => rmSync(dir, { recursive: true }) };
}

describe("gate red team: spellings of a file path", () => {
  test("a deny written for a folder holds for every spelling of a file in it", async () => {
    const s = setup([
      { tool: "*", pattern: "*", decision: "allow" },
      { tool: "read_file", pattern: "private/*", decision: "deny" },
    ]);
    try {
      for (const path of [
        "private/plan.txt",
        "./private/plan.txt",
        "private//plan.txt",
        "private/./plan.txt",
        "docs/../private/plan.txt",
        `${s.ws}/private/plan.txt`,
        "alias/plan.txt",
        "docs/shortcut.txt",
      ]) {
        await assert.rejects(
          s.gate.check("read_file", s.files.gateSpellings(path)),
          (error: unknown) => error instanceof GateRefusal && /is denied by/.test(error.message),
          path,
        );
      }
      assert.equal(
        (await s.gate.check("read_file", s.files.gateSpellings("docs/a.txt"))).decision,
        "allow",
      );
    } finally {
      s.done();
    }
  });

  test("an allow written for a folder does not stretch to a file outside it reached through `..` or a link", async () => {
    const s = setup([{ tool: "read_file", pattern: "docs/*", decision: "allow" }]);
    try {
      assert.equal(
        (await s.gate.check("read_file", s.files.gateSpellings("docs/a.txt"))).decision,
        "allow",
      );
      for (const path of ["docs/../private/plan.txt", "docs/shortcut.txt"]) {
        await assert.rejects(
          s.gate.check("read_file", s.files.gateSpellings(path)),
          (error: unknown) =>
            error instanceof GateRefusal && /requires the user/.test(error.message),
          path,
        );
      }
      assert.deepEqual(
        s.asked,
        ["private/plan.txt", "private/plan.txt"],
        "asked about the file itself",
      );
    } finally {
      s.done();
    }
  });

  test("list_dir and write_file are judged the same way", async () => {
    const s = setup([
      { tool: "*", pattern: "*", decision: "allow" },
      { tool: "list_dir", pattern: "private", decision: "deny" },
      { tool: "write_file", pattern: "private/*", decision: "deny" },
    ]);
    try {
      for (const path of ["private", "./private/", "alias", "docs/..//private/."]) {
        await assert.rejects(
          s.gate.check("list_dir", s.files.gateSpellings(path)),
          GateRefusal,
          path,
        );
      }
      for (const path of ["alias/new.txt", "docs/../private/new.txt"]) {
        await assert.rejects(
          s.gate.check("write_file", s.files.gateSpellings(path)),
          GateRefusal,
          path,
        );
      }
    } finally {
      s.done();
    }
  });
});
