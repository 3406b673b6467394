// The kernel sandbox status a protected server reports for its children is accepted only with
// the session's other pins holding, exactly when the verified manifest asks for kernel children,
// for that manifest's workspace, and only when it says the boundary was enforced and proven.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { canonicalProjectRoot, manifestDigest } from "../../src/protect/authority.js";
import { encodeChildSandboxPin, pinnedChildSandbox } from "../../src/protect/child-sandbox-pin.js";
import {
  CHILD_PROFILE_ENV,
  CHILD_SANDBOX_ENV,
  PROTECTED_DIGEST_ENV,
  PROTECTED_MANIFEST_ENV,
  PROTECTED_ROOT_ENV,
} from "../../src/protect/env.js";
import { ProtectedStoreError } from "../../src/protect/errors.js";
import { loadManifest } from "../../src/protect/manifest.js";
import { childProfile } from "../../src/protect/profiles.js";
import type { SandboxStatus } from "../../src/sandbox/status.js";
import { isLinux } from "../helpers/host.js";
import { enabledStatus } from "../helpers/sandbox-status.js";

const NAMES = [
  CHILD_PROFILE_ENV,
  CHILD_SANDBOX_ENV,
  PROTECTED_DIGEST_ENV,
  PROTECTED_MANIFEST_ENV,
  PROTECTED_ROOT_ENV,
];
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));
let base: string;
let workspace: string;

/** Writes a manifest and pins its authority into this process, as launch does for the server. */
function pinSession(childSandbox: boolean): void {
  const manifestPath = join(base, `manifest-${childSandbox ? "kernel" : "plain"}.json`);
  writeFileSync(
    manifestPath,
    JSON.stringify({
      version: 1,
      projectRoot: workspace,
      stores: [{ root: join(base, "data"), workMembers: [] }],
      server: { command: ["/usr/bin/true"], cwd: workspace, passEnv: [] },
      ...(childSandbox ? { childSandbox: { kind: "kernel", workspace } } : {}),
    }),
  );
  const manifest = loadManifest(manifestPath);
  process.env[PROTECTED_ROOT_ENV] = canonicalProjectRoot(manifest);
  process.env[PROTECTED_DIGEST_ENV] = manifestDigest(manifest);
  process.env[PROTECTED_MANIFEST_ENV] = manifestPath;
  process.env[CHILD_PROFILE_ENV] = childProfile(manifest).canonical;
}

function status(change: Partial<Record<keyof SandboxStatus, unknown>> = {}): SandboxStatus {
  const checks = { workspace_write: true, network_blocked: true };
  return {
    ...enabledStatus({ workspace, tempDir: "/tmp/cellguard-kernel-x", checks }),
    ...change,
  } as SandboxStatus;
}

const pin = (s: SandboxStatus, digest = "a".repeat(64)): string =>
  encodeChildSandboxPin({ templateSha256: digest, status: s });

const pinRefused = (pattern: RegExp) => (error: unknown) =>
  error instanceof ProtectedStoreError &&
  error.code === "ERR_PROTECT_PIN" &&
  pattern.test(error.message);

describe(
  "the pinned kernel sandbox of a protected session's children",
  {
    skip: isLinux
      ? false
      : "the pins are checked on Linux and macOS only; the protect suites run on Linux",
  },
  () => {
    before(() => {
      base = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-child-pin-")));
      workspace = join(base, "workspace");
      mkdirSync(workspace);
      mkdirSync(join(base, "data"));
    });
    beforeEach(() => {
      for (const name of NAMES) delete process.env[name];
    });
    after(() => {
      for (const name of NAMES) {
        const value = saved[name];
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(base, { recursive: true, force: true });
    });

    test("outside a protected session there is none, and a stray pin is an inconsistency", () => {
      assert.equal(pinnedChildSandbox(), null);
      process.env[CHILD_SANDBOX_ENV] = pin(status());
      assert.throws(() => pinnedChildSandbox(), pinRefused(/has no childSandbox/));
    });

    test("a session whose manifest has no childSandbox has none, and refuses one pinned anyway", () => {
      pinSession(false);
      assert.equal(pinnedChildSandbox(), null);
      process.env[CHILD_SANDBOX_ENV] = pin(status());
      assert.throws(() => pinnedChildSandbox(), pinRefused(/has no childSandbox/));
    });

    test("a manifest asking for kernel children without the pin is refused", () => {
      pinSession(true);
      assert.throws(() => pinnedChildSandbox(), pinRefused(/is unset/));
    });

    test("an enforced, proven status for the manifest's workspace is accepted as measured", () => {
      pinSession(true);
      process.env[CHILD_SANDBOX_ENV] = pin(status());
      const got = pinnedChildSandbox();
      assert.equal(got?.templateSha256, "a".repeat(64));
      assert.equal(got?.status.workspace, workspace);
      assert.deepEqual(got?.status.checks, { workspace_write: true, network_blocked: true });
    });

    const bad: [string, string, RegExp][] = [
      ["not JSON", "{", /is not JSON/],
      [
        "a degraded status",
        pin(status({ enforced: false, state: "unavailable" })),
        /enforced and proven/,
      ],
      [
        "a failed check",
        pin(status({ checks: { workspace_write: false } })),
        /passing self-test checks/,
      ],
      ["no checks", pin(status({ checks: {} })), /passing self-test checks/],
      ["another workspace", pin(status({ workspace: "/elsewhere" })), /workspace other than/],
      ["another backend", pin(status({ backend: "seatbelt" })), /enforced and proven/],
      ["no template digest", pin(status(), "not-a-digest"), /template digest/],
    ];
    for (const [what, value, pattern] of bad)
      test(`${what} is refused`, () => {
        pinSession(true);
        process.env[CHILD_SANDBOX_ENV] = value;
        assert.throws(() => pinnedChildSandbox(), pinRefused(pattern));
      });
  },
);
