import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { describe, test } from "node:test";
import { driverAvailable, PROTECTED_SESSION_REFUSAL } from "../../src/store/sqlite.js";

// Which drivers load, asked in a fresh process with the given environment (the store remembers
// a driver's load for the life of a process).
function driversIn(env: Record<string, string>): { better: boolean; error: string } {
  const store = new URL("../../src/store/sqlite.js", import.meta.url).href;
  const program = [
    `import { driverAvailable, openDatabase } from ${JSON.stringify(store)};`,
    "let error = '';",
    "import { mkdtempSync, rmSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';",
    "const dir = mkdtempSync(join(tmpdir(), 'cellguard-store-'));",
    "try { openDatabase(join(dir, 'x.db'), { driver: 'better-sqlite3' }).close(); } catch (e) { error = String(e.message); }",
    "rmSync(dir, { recursive: true, force: true });",
    "console.log(JSON.stringify({ better: driverAvailable('better-sqlite3'), error }));",
  ].join("\n");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", program], {
    encoding: "utf8",
    env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", ...env },
  });
  return JSON.parse(out) as { better: boolean; error: string };
}

describe("the store inside a protected session", () => {
  const skip = driverAvailable("better-sqlite3")
    ? false
    : "better-sqlite3 does not load here (not installed, or its addon was built for another Node)";

  test("outside a session better-sqlite3 loads", { skip }, () => {
    assert.equal(driversIn({}).better, true);
  });

  test("a session's authority in the environment keeps better-sqlite3 (node_modules, unprotected) unloaded, and says why", () => {
    for (const env of [
      { CELLGUARD_PROTECTED_DIGEST: "0".repeat(64) },
      { CELLGUARD_PROTECTED_ROOT: "/nonexistent/project" },
    ]) {
      const seen = driversIn(env);
      assert.equal(seen.better, false, JSON.stringify(env));
      assert.match(seen.error, /did not load/);
    }
    assert.match(
      PROTECTED_SESSION_REFUSAL,
      /node_modules is not among the session's control paths/,
    );
  });
});
