// Runs every compiled test file under build/test with Node's own test runner. Node 20 takes no
// glob on the command line, so the files are listed here.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

function testFiles(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...testFiles(path));
    else if (entry.name.endsWith(".test.js")) out.push(path);
  }
  return out.sort();
}

const only = process.argv.slice(2);
const files = testFiles("build/test").filter(
  (file) => only.length === 0 || only.some((part) => relative("build/test", file).startsWith(part)),
);
if (files.length === 0) {
  console.error("run-tests: no test files found under build/test");
  process.exit(1);
}
const result = spawnSync(process.execPath, ["--test", ...files], { stdio: "inherit" });
process.exit(result.status ?? 1);
