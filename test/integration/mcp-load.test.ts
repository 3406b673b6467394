// cellguard mcp under load from one client: 200 sequential python calls, then 50 concurrent
// calls of every kind, each answered with content that names its own request, so a lost,
// duplicated or swapped response fails the test.
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { Fixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { auditEntries, startFixtureServer, textOf, type McpUnderTest } from "../helpers/mcp.js";

const skip = sandboxSkipReason();

describe("cellguard mcp under load", { skip }, () => {
  let fx: Fixture;
  let mcp: McpUnderTest;
  let stop: (() => Promise<void>) | undefined;

  before(async () => {
    ({ fx, mcp, stop } = await startFixtureServer({
      prepare: (home) => {
        mkdirSync(join(home.workspace, "data"));
        for (let i = 0; i < 50; i += 1)
          writeFileSync(join(home.workspace, "data", `f${i}.txt`), `file-${i}`);
      },
    }));
  });

  after(async () => {
    await stop?.();
  });

  test("200 sequential python calls each get their own answer, in order, in one namespace", async () => {
    await mcp.call("python", { code: "seen = []" });
    for (let i = 0; i < 200; i += 1) {
      const result = await mcp.call("python", {
        code: `seen.append(${i})\nf"r{${i}}:{${i} * ${i}}:{len(seen)}"`,
      });
      assert.equal(textOf(result).trim(), `'r${i}:${i * i}:${i + 1}'`);
    }
    const all = await mcp.call("python", { code: "seen == list(range(200))" });
    assert.equal(textOf(all).trim(), "True");
  });

  test("50 concurrent calls of every kind are all answered, each with its own content", async () => {
    const calls: {
      name: string;
      args: Record<string, unknown>;
      expect: (text: string) => boolean;
    }[] = [];
    for (let i = 0; i < 50; i += 1) {
      switch (i % 5) {
        case 0:
          calls.push({
            name: "python",
            args: { code: `print("py-${i}", ${i} + 1)` },
            expect: (t) => t === `py-${i} ${i + 1}\n`,
          });
          break;
        case 1:
          calls.push({
            name: "bash",
            args: { command: `echo sh-${i}` },
            expect: (t) => t === `sh-${i}\n[exit 0]`,
          });
          break;
        case 2:
          calls.push({
            name: "read_file",
            args: { path: `data/f${i}.txt` },
            expect: (t) => t === `file-${i}`,
          });
          break;
        case 3:
          calls.push({
            name: "write_file",
            args: { path: `data/w${i}.txt`, content: `w-${i}` },
            expect: (t) => t === `created data/w${i}.txt (${`w-${i}`.length} bytes)`,
          });
          break;
        default:
          calls.push({
            name: "list_dir",
            args: { path: "data" },
            expect: (t) => t.includes(`file f${i - 2}.txt`),
          });
      }
    }
    const before = auditEntries(fx).length;
    const results = await Promise.all(calls.map((c) => mcp.call(c.name, c.args)));
    assert.equal(results.length, 50);
    results.forEach((result, index) => {
      const call = calls[index];
      assert.ok(call !== undefined);
      assert.equal(result.isError, false, `${call.name} #${index}: ${textOf(result)}`);
      assert.ok(
        call.expect(textOf(result)),
        `${call.name} #${index} got ${JSON.stringify(textOf(result))}`,
      );
    });
    assert.equal(auditEntries(fx).length - before, 50, "one audit line per call");
  });
});
