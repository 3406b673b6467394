// judge(): the host decides the self-test from the checks it requires, never from the probe's own
// verdict. A probe that omits a check, reports a non-boolean, or lets a file leak fails.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { RunResult } from "../../src/platform/launch.js";
import { judge } from "../../src/sandbox/self-test.js";

const REQUIRED = ["workspace_write", "outside_write_blocked", "network_blocked"] as const;
const ALL_TRUE = { workspace_write: true, outside_write_blocked: true, network_blocked: true };

function result(overrides: Partial<RunResult> = {}): RunResult {
  return {
    exitCode: 0,
    signal: null,
    stdout: `${JSON.stringify({ ok: true, checks: ALL_TRUE })}\n`,
    stderr: "",
    timedOut: false,
    ...overrides,
  };
}

const report = (value: unknown): string => `${JSON.stringify(value)}\n`;

describe("judge", () => {
  test("passes when exit 0, ok true and every required check is exactly true", () => {
    const verdict = judge(result(), REQUIRED, false);
    assert.equal(verdict.passed, true);
    assert.deepEqual(verdict.checks, ALL_TRUE);
    assert.equal(
      verdict.detail,
      'self-test passed: {"network_blocked":true,"outside_write_blocked":true,"workspace_write":true}',
    );
  });

  test("a probe that omits a required check fails even with ok:true and exit 0", () => {
    const partial = { workspace_write: true, outside_write_blocked: true };
    const verdict = judge(
      result({ stdout: report({ ok: true, checks: partial }) }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, false);
    assert.equal(verdict.detail, "self-test failed (exit 0): failed checks: network_blocked");
  });

  test("a required check that is false fails, and every failing name is listed", () => {
    const verdict = judge(
      result({
        stdout: report({
          ok: true,
          checks: { workspace_write: false, outside_write_blocked: true, network_blocked: false },
        }),
      }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, false);
    assert.equal(
      verdict.detail,
      "self-test failed (exit 0): failed checks: workspace_write, network_blocked",
    );
  });

  test('a check reported as the string "true" is not true', () => {
    const verdict = judge(
      result({ stdout: report({ ok: true, checks: { ...ALL_TRUE, network_blocked: "true" } }) }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, false);
    assert.equal(verdict.checks, null, "a check map with a non-boolean is not trusted at all");
  });

  test("a check reported as 1 is not true", () => {
    const verdict = judge(
      result({ stdout: report({ ok: true, checks: { ...ALL_TRUE, network_blocked: 1 } }) }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, false);
  });

  test("checks given as an array are not a check map", () => {
    const verdict = judge(
      result({ stdout: report({ ok: true, checks: [true, true, true] }) }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, false);
    assert.equal(verdict.checks, null);
  });

  test("ok other than true fails, even with every check true", () => {
    for (const ok of [false, "true", 1, null]) {
      const verdict = judge(result({ stdout: report({ ok, checks: ALL_TRUE }) }), REQUIRED, false);
      assert.equal(verdict.passed, false, `ok: ${JSON.stringify(ok)}`);
    }
    const missing = judge(result({ stdout: report({ checks: ALL_TRUE }) }), REQUIRED, false);
    assert.equal(missing.passed, false, "no ok field");
  });

  test("a non-zero exit fails, even with ok true and every check true", () => {
    const verdict = judge(result({ exitCode: 1 }), REQUIRED, false);
    assert.equal(verdict.passed, false);
    assert.match(verdict.detail, /^self-test failed \(exit 1\): /);
  });

  test("death by signal fails and names the signal", () => {
    const verdict = judge(result({ exitCode: null, signal: "SIGSYS" }), REQUIRED, false);
    assert.equal(verdict.passed, false);
    assert.match(verdict.detail, /^self-test failed \(exit signal SIGSYS\): /);
  });

  test("the last JSON line wins", () => {
    const good = JSON.stringify({ ok: true, checks: ALL_TRUE });
    const bad = JSON.stringify({ ok: false, checks: { ...ALL_TRUE, network_blocked: false } });
    const badLast = judge(result({ stdout: `${good}\nlog line\n${bad}\n` }), REQUIRED, false);
    assert.equal(badLast.passed, false);
    assert.equal(badLast.detail, "self-test failed (exit 0): failed checks: network_blocked");
    const goodLast = judge(result({ stdout: `${bad}\n${good}\ntrailing text\n` }), REQUIRED, false);
    assert.equal(goodLast.passed, true);
  });

  test("garbage stdout gives the stderr diagnostic, whitespace collapsed and cut at 600 characters", () => {
    const stderr = `Traceback (most recent call last):\n  ${"x".repeat(1000)}\n`;
    const verdict = judge(
      result({ exitCode: 1, stdout: "not json {at all\n", stderr }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, false);
    assert.equal(verdict.checks, null);
    const expected = `Traceback (most recent call last): ${"x".repeat(1000)}`.slice(0, 600);
    assert.equal(verdict.detail, `self-test failed (exit 1): ${expected}…`);
  });

  test("the diagnostic is cut exactly beyond 600 characters", () => {
    const at600 = judge(
      result({ exitCode: 1, stdout: "", stderr: "e".repeat(600) }),
      REQUIRED,
      false,
    );
    assert.equal(at600.detail, `self-test failed (exit 1): ${"e".repeat(600)}`);
    const at601 = judge(
      result({ exitCode: 1, stdout: "", stderr: "e".repeat(601) }),
      REQUIRED,
      false,
    );
    assert.equal(at601.detail, `self-test failed (exit 1): ${"e".repeat(600)}…`);
  });

  test("a short diagnostic is not marked as cut", () => {
    const verdict = judge(
      result({ exitCode: 2, stdout: "", stderr: "bwrap: boom\n" }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.detail, "self-test failed (exit 2): bwrap: boom");
  });

  test("with no stderr, stdout is the diagnostic; with neither, the exit code", () => {
    assert.equal(
      judge(result({ exitCode: 3, stdout: "garbage out\n" }), REQUIRED, false).detail,
      "self-test failed (exit 3): garbage out",
    );
    assert.equal(
      judge(result({ exitCode: 3, stdout: "" }), REQUIRED, false).detail,
      "self-test failed (exit 3): exit 3",
    );
  });

  test("a timed-out probe fails even if it printed a passing report", () => {
    const verdict = judge(result({ exitCode: null, timedOut: true }), REQUIRED, false);
    assert.equal(verdict.passed, false);
    assert.match(verdict.detail, /^self-test failed \(exit timeout\)/);
  });

  test("a file that appeared outside the roots fails even if the probe said the write was blocked", () => {
    const verdict = judge(result(), REQUIRED, true);
    assert.equal(verdict.passed, false);
    assert.equal(
      verdict.detail,
      "self-test failed (exit 0): failed checks: outside_write_blocked (file appeared on the host)",
    );
  });

  test("extra checks the host does not require do not decide the verdict", () => {
    const verdict = judge(
      result({ stdout: report({ ok: true, checks: { ...ALL_TRUE, extra_probe: false } }) }),
      REQUIRED,
      false,
    );
    assert.equal(verdict.passed, true);
  });
});
