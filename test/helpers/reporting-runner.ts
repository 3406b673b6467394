// A self-test runner that runs nothing: it records each wrapped command and answers with a
// passing report naming `checks`. For tests of what createKernelSandbox decides around the probe.
import type { WrappedCommand } from "../../src/index.js";
import type { SelfTestRunner } from "../../src/sandbox/self-test.js";

export function reportingRunner(
  checks: readonly string[],
  calls: WrappedCommand[] = [],
): SelfTestRunner {
  return (command) => {
    calls.push(command);
    const report = { ok: true, checks: Object.fromEntries(checks.map((c) => [c, true])) };
    return Promise.resolve({
      exitCode: 0,
      signal: null,
      stdout: `${JSON.stringify(report)}\n`,
      stderr: "",
      timedOut: false,
    });
  };
}
