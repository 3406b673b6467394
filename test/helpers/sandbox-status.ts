// An enabled, self-tested bubblewrap status, for tests that need one without running bubblewrap.
import type { SandboxStatus } from "../../src/sandbox/status.js";

export function enabledStatus(fields: {
  readonly workspace: string;
  readonly tempDir: string;
  readonly checks?: Readonly<Record<string, boolean>> | null;
}): SandboxStatus {
  return {
    mode: "enforce",
    state: "enabled",
    backend: "bubblewrap",
    enforced: true,
    selfTestPassed: true,
    networkPolicy: "blocked",
    workspace: fields.workspace,
    tempDir: fields.tempDir,
    detail: "test",
    warning: null,
    checks: fields.checks ?? null,
  };
}
