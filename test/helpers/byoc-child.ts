// A stand-in for the provider helper: it checks its boundary first, then reads its "credential"
// from stdin and echoes it, so a test can tell whether stdin was read at all.
import { readFileSync } from "node:fs";
import { assertConfined } from "../../src/byoc/assert-confined.js";

assertConfined();
const input = readFileSync(0, "utf8");
process.stdout.write(`read:${input}`);
