import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { summariseFailures, tapFailures } from "../helpers/tap-failures.js";

// The shape Node's runner writes: a suite whose subtest failed, and a passing neighbour.
const TAP = [
  "TAP version 13",
  "# Subtest: a suite",
  "    # Subtest: keeps going",
  "    ok 1 - keeps going",
  "      ---",
  "      duration_ms: 0.2",
  "      ...",
  "    # Subtest: refuses the write",
  "    not ok 2 - refuses the write",
  "      ---",
  "      duration_ms: 1.5",
  "      location: 'build/test/x.test.js:9:3'",
  "      failureType: 'testCodeFailure'",
  "      error: |-",
  "        expected 1 to equal 0",
  "      code: 'ERR_ASSERTION'",
  "      ...",
  "    1..2",
  "not ok 1 - a suite",
  "  ---",
  "  duration_ms: 3",
  "  type: 'suite'",
  "  failureType: 'subtestsFailed'",
  "  error: '1 subtest failed'",
  "  ...",
  "not ok 2 - crashed file",
  "1..2",
].join("\n");

describe("tapFailures()", () => {
  test("names each failing leaf test with its error, and not the suite that only contains it", () => {
    const failures = tapFailures(TAP);
    assert.deepEqual(
      failures.map((f) => f.name),
      ["refuses the write", "crashed file"],
    );
    assert.ok(failures[0]?.detail.includes("  expected 1 to equal 0"));
    assert.ok(failures[0]?.detail.includes("location: 'build/test/x.test.js:9:3'"));
    assert.deepEqual(failures[1]?.detail, []);
  });

  test("finds nothing in a run where everything passed", () => {
    assert.deepEqual(tapFailures("TAP version 13\nok 1 - fine\n1..1\n# fail 0\n"), []);
  });
});

describe("summariseFailures()", () => {
  test("leaves out timings and keeps the error", () => {
    const text = summariseFailures(tapFailures(TAP), { budget: 5000, linesEach: 10 });
    assert.match(text, /^2 failing tests:/);
    assert.match(text, /not ok - refuses the write\n.*location/);
    assert.match(text, /expected 1 to equal 0/);
    assert.doesNotMatch(text, /duration_ms/);
  });

  test("keeps the first stack frame and drops the runner's own frames below it", () => {
    const tap = [
      "not ok 1 - throws",
      "  ---",
      "  error: 'boom'",
      "  stack: |-",
      "    TestContext.<anonymous> (file:///x/y.test.js:4:9)",
      "    Test.runInAsyncScope (node:async_hooks:206:9)",
      "  code: 'ERR_X'",
      "  ...",
    ].join("\n");
    const text = summariseFailures(tapFailures(tap), { budget: 5000, linesEach: 20 });
    assert.match(text, /y\.test\.js:4:9/);
    assert.doesNotMatch(text, /runInAsyncScope/);
    assert.match(text, /code: 'ERR_X'/);
  });

  test("stays within its budget and says how many it left out", () => {
    const many = Array.from(
      { length: 50 },
      (_, i) => `not ok ${i + 1} - test number ${i}\n  ---\n  error: 'boom ${i}'\n  ...`,
    ).join("\n");
    const text = summariseFailures(tapFailures(many), { budget: 400, linesEach: 5 });
    assert.ok(text.length <= 400 + 60, `summary is ${text.length} characters`);
    assert.match(text, /^50 failing tests:/);
    assert.match(text, /… and \d+ more/);
  });
});
