// Red-team of the permission gate on the file tools: a rule is written for one spelling of a path,
// and a call may spell the same file another way (`..` through an allowed folder, `./`, `//`, an
// absolute path, a link). The gate judges every spelling and the strictest decision holds. And
// a fetch: a redirect to a denied host, and a host spelled with a trailing dot.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { readScreenConfig } from "../../src/config/screen-config.js";
import { GateRefusal } from "../../src/mcp/errors.js";
import { PermissionGate } from "../../src/mcp/gate.js";
import { runTool, type ToolContext } from "../../src/mcp/handlers.js";
import { KernelSession } from "../../src/mcp/kernel-session.js";
import { UNPROTECTED } from "../../src/mcp/protection.js";
import { EgressPolicy } from "../../src/screen/host/egress.js";
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

describe("gate red team: fetch", () => {
  const requested: string[] = [];
  const fakeFetch = ((input: string) => {
    requested.push(input);
    const url = new URL(input);
    if (url.hostname === "docs.example" && url.pathname === "/moved")
      return Promise.resolve(
        new Response(null, { status: 302, headers: { location: "http://denied.example/grab" } }),
      );
    if (url.hostname === "docs.example" && url.pathname === "/local")
      return Promise.resolve(new Response(null, { status: 302, headers: { location: "/page" } }));
    return Promise.resolve(new Response("page", { status: 200 }));
  }) as typeof fetch;

  function context(s: Setup): ToolContext {
    return {
      env: {},
      screens: readScreenConfig({}),
      egress: new EgressPolicy({ mode: "off" }),
      gate: s.gate,
      files: s.files,
      kernel: new KernelSession({
        workspace: s.ws,
        env: {},
        sandboxMode: "off",
        python: undefined,
        protection: UNPROTECTED,
        onWarning: () => undefined,
      }),
      fetchLimits: { maxBytes: 1000, timeoutMs: 5000, maxRedirects: 3 },
      fetch: fakeFetch,
    };
  }
  const call = (ctx: ToolContext, url: string) =>
    runTool("fetch", { url }, ctx, { trace: { verdict: null, gateMs: 0 } });

  test("a denied domain stays denied behind a redirect from an allowed one, and is not requested", async () => {
    const s = setup([
      { tool: "fetch", pattern: "*", decision: "allow" },
      { tool: "fetch", pattern: "denied.example", decision: "deny" },
    ]);
    try {
      requested.length = 0;
      await assert.rejects(call(context(s), "http://docs.example/moved"), (error: unknown) => {
        assert.ok(error instanceof GateRefusal, String(error));
        assert.match(error.message, /denied\.example/);
        return true;
      });
      assert.deepEqual(requested, ["http://docs.example/moved"]);
    } finally {
      s.done();
    }
  });

  test("a trailing dot does not take a host past its deny rule", async () => {
    const s = setup([
      { tool: "fetch", pattern: "*", decision: "allow" },
      { tool: "fetch", pattern: "denied.example", decision: "deny" },
    ]);
    try {
      requested.length = 0;
      for (const url of ["http://denied.example./", "http://DENIED.example../x"]) {
        await assert.rejects(call(context(s), url), GateRefusal, url);
      }
      assert.deepEqual(requested, []);
    } finally {
      s.done();
    }
  });

  test("a redirect on the same host is not asked about again", async () => {
    const s = setup([{ tool: "fetch", pattern: "docs.example", decision: "allow" }]);
    try {
      requested.length = 0;
      const result = await call(context(s), "http://docs.example/local");
      assert.equal(result.isError, false);
      assert.deepEqual(requested, ["http://docs.example/local", "http://docs.example/page"]);
      assert.deepEqual(s.asked, []);
    } finally {
      s.done();
    }
  });
});

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
