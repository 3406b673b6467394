// The store has two SQLite paths: better-sqlite3 on Node 20 (the suite above ran it) and Node's
// own node:sqlite from Node 22.5. This runs the store and credential tests again under Node 24,
// fetched from the npm registry by npx, so both paths are tested on every run.
import { spawnSync } from "node:child_process";

const suites = [
  "unit/store-",
  "unit/secrets-",
  "unit/secret-backends",
  "integration/secret-service",
];
const result = spawnSync("npx", ["-y", "node@24", "scripts/run-tests.mjs", ...suites], {
  stdio: "inherit",
});
if (result.error !== undefined) {
  console.error(`run-store-tests-node24: could not run npx: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
