// The kernel sandbox status a protected server reports for its children: measured by the
// launcher for the composed template (launch-kernel.ts) and pinned into the server's
// environment, which nothing the server runs can change. Read back here with the session's
// other pins: it must be present exactly when the (verified) manifest asks for kernel children,
// name that manifest's workspace, and say the boundary was enforced and its self-test passed;
// anything else is an inconsistency that refuses every child.
import type { SandboxStatus } from "../sandbox/status.js";
import { CHILD_SANDBOX_ENV, processValue } from "./env.js";
import { ProtectedStoreError } from "./errors.js";
import { resolveMissing } from "./paths.js";
import { pinnedChildBoundary } from "./pin.js";

export interface ChildSandboxPin {
  /** sha256 (hex) of the template's options joined by NUL. */
  readonly templateSha256: string;
  readonly status: SandboxStatus;
}

export function encodeChildSandboxPin(pin: ChildSandboxPin): string {
  return JSON.stringify({ version: 1, templateSha256: pin.templateSha256, status: pin.status });
}

const pinError = (problem: string): ProtectedStoreError =>
  new ProtectedStoreError(
    "ERR_PROTECT_PIN",
    `the pinned kernel sandbox of this session's children (${CHILD_SANDBOX_ENV}) ${problem}; restart with cellguard launch`,
  );

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The pinned kernel sandbox of the children; null when the session is not protected or its
 * manifest does not run children in the kernel sandbox.
 * @throws {ProtectedStoreError} the session's pins do not hold.
 */
export function pinnedChildSandbox(): ChildSandboxPin | null {
  const boundary = pinnedChildBoundary();
  const raw = processValue(CHILD_SANDBOX_ENV);
  const spec = boundary?.manifest.childSandbox ?? null;
  if (spec === null) {
    if (raw !== null) throw pinError("is set, but the session's manifest has no childSandbox");
    return null;
  }
  if (raw === null) throw pinError("is unset, but the session's manifest asks for it");
  let doc: unknown;
  try {
    doc = JSON.parse(raw);
  } catch {
    throw pinError("is not JSON");
  }
  if (!isObject(doc) || doc["version"] !== 1) throw pinError("is not a version 1 pin");
  const digest = doc["templateSha256"];
  if (typeof digest !== "string" || !/^[0-9a-f]{64}$/.test(digest))
    throw pinError("carries no template digest");
  const s = doc["status"];
  if (!isObject(s)) throw pinError("carries no status");
  const checks = s["checks"];
  if (
    !isObject(checks) ||
    Object.keys(checks).length === 0 ||
    !Object.values(checks).every((v) => v === true)
  )
    throw pinError("does not carry passing self-test checks");
  if (
    s["state"] !== "enabled" ||
    s["enforced"] !== true ||
    s["selfTestPassed"] !== true ||
    s["backend"] !== "bubblewrap" ||
    (s["networkPolicy"] !== "blocked" && s["networkPolicy"] !== "raw_allowed")
  )
    throw pinError("does not say the boundary was enforced and proven");
  if (s["workspace"] !== resolveMissing(spec.workspace))
    throw pinError(`names a workspace other than the manifest's (${spec.workspace})`);
  const tempDir = s["tempDir"];
  if (typeof tempDir !== "string" || !tempDir.startsWith("/"))
    throw pinError("names no private temp directory");
  const status: SandboxStatus = {
    mode: "enforce",
    state: "enabled",
    backend: "bubblewrap",
    enforced: true,
    selfTestPassed: true,
    networkPolicy: s["networkPolicy"],
    workspace: s["workspace"],
    tempDir,
    detail: typeof s["detail"] === "string" ? s["detail"] : "",
    warning: null,
    checks: Object.freeze({ ...(checks as Record<string, boolean>) }),
  };
  return Object.freeze({ templateSha256: digest, status: Object.freeze(status) });
}
