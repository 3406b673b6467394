// Runs every compiled test file under build/test with Node's own test runner. Node 20 takes no
// glob on the command line, so the files are listed here.
import { spawn } from "node:child_process";
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
// The output passes straight through; a CI log keeps only its tail, so a failed run ends with
// the failing tests named and their errors, picked out of the whole stream.
const child = spawn(process.execPath, ["--test", ...files], {
  stdio: ["ignore", "pipe", "inherit"],
});
const chunks = [];
child.stdout.on("data", (chunk) => {
  chunks.push(chunk);
  process.stdout.write(chunk);
});
child.once("error", (error) => {
  console.error(`run-tests: could not start the test runner: ${error.message}`);
  process.exit(1);
});
child.once("close", async (code, signal) => {
  if (code !== 0) {
    const { tapFailures, summariseFailures } =
      await import("../build/test/helpers/tap-failures.js");
    const failures = tapFailures(Buffer.concat(chunks).toString("utf8"));
    const how = signal === null ? `exit code ${code}` : `signal ${signal}`;
    process.stdout.write(
      `\n# run-tests: the run failed (${how}); ${summariseFailures(failures, { budget: 5000, linesEach: 80 })}`,
    );
  }
  process.exit(code ?? 1);
});
