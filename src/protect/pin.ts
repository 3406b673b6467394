// The pinned child boundary inside a protected server (spec §5.8–§5.9). The launcher pins the
// child rules and the launch authority into the server's environment; here they are read back,
// the rules regenerated from the (kernel-protected) manifest and compared byte for byte. Any
// inconsistency is an error on every child start and every model-directed path: a protected
// process never falls back to running unconfined or to the ordinary path checks.
import { existsSync } from "node:fs";
import { hostPlatform } from "../platform/select.js";
import { untrustedReason } from "../platform/trusted-binary.js";
import { isExecutableFile } from "../platform/which.js";
import { SANDBOX_EXEC } from "../render/seatbelt.js";
import { canonicalProjectRoot, manifestDigest } from "./authority.js";
import { serializeRules } from "./canonical.js";
import {
  CHILD_PROFILE_ENV,
  PROTECTED_DIGEST_ENV,
  PROTECTED_MANIFEST_ENV,
  PROTECTED_ROOT_ENV,
  processValue,
} from "./env.js";
import { ProtectedStoreError } from "./errors.js";
import { loadManifest, type ProtectManifest } from "./manifest.js";
import { checkedPath, isSameOrInside, resolveMissing } from "./paths.js";
import { childRules } from "./profiles.js";
import { renderProtectSeatbelt } from "./render-seatbelt.js";
import { MAX_PROFILE_BYTES, type ProtectRuleSet } from "./rules.js";
import { CLIENT_SOURCE } from "./supervisor-source.js";

export interface PinnedBoundary {
  readonly pin: string;
  readonly rules: ProtectRuleSet;
  readonly manifest: ProtectManifest;
}

const pinError = (message: string): ProtectedStoreError =>
  new ProtectedStoreError("ERR_PROTECT_PIN", message);

/**
 * The pinned child rules, regenerated and verified; null outside a protected session. Rebuilt
 * from the filesystem on every call: no caching, so a layout change shows at once.
 */
export function pinnedChildBoundary(): PinnedBoundary | null {
  const root = processValue(PROTECTED_ROOT_ENV);
  const digest = processValue(PROTECTED_DIGEST_ENV);
  const pin = processValue(CHILD_PROFILE_ENV);
  if (root === null && digest === null) {
    if (pin !== null)
      throw pinError(
        `${CHILD_PROFILE_ENV} is set without the protected launch authority (${PROTECTED_ROOT_ENV}, ${PROTECTED_DIGEST_ENV}); rules without an authority are an inconsistency: start the session with cellguard launch`,
      );
    return null;
  }
  if (root === null || digest === null)
    throw pinError(
      `incomplete protected launch authority: only ${root === null ? PROTECTED_DIGEST_ENV : PROTECTED_ROOT_ENV} is set; restart with cellguard launch`,
    );
  const os = hostPlatform().os;
  if (os !== "linux" && os !== "darwin")
    throw pinError(
      `protected store isolation for subprocesses is not qualified on platform '${hostPlatform().name}'`,
    );
  if (pin === null)
    throw pinError(
      `protected session without pinned subprocess rules: ${CHILD_PROFILE_ENV} is unset; restart with cellguard launch`,
    );
  const manifestPath = processValue(PROTECTED_MANIFEST_ENV);
  if (manifestPath === null)
    throw pinError(`protected session without its manifest: ${PROTECTED_MANIFEST_ENV} is unset`);
  const manifest = loadManifest(manifestPath);
  if (canonicalProjectRoot(manifest) !== root || manifestDigest(manifest) !== digest)
    throw pinError(
      "the protected launch authority does not match the manifest (it or a path it names changed since launch); restart the session",
    );
  const rules = childRules(manifest);
  if (Buffer.byteLength(pin, "utf8") > MAX_PROFILE_BYTES || pin !== serializeRules(rules))
    throw pinError(
      "the pinned subprocess rules differ from the runtime store boundary; restart the session after a layout change",
    );
  return Object.freeze({ pin, rules, manifest });
}

const SYSTEM_PYTHONS = ["/usr/bin/python3", "/usr/local/bin/python3"];

/** The system python3 the supervisor and its client run on; null when none is trusted. */
export function trustedSystemPython(): string | null {
  for (const candidate of SYSTEM_PYTHONS)
    if (existsSync(candidate) && untrustedReason(candidate) === null) return candidate;
  return null;
}

/**
 * The program and leading arguments that run a model-directed command under the pinned child
 * rules, or null outside a protected session. macOS: `sandbox-exec -p PROFILE`. Linux: the
 * supervised-execution client, which hands the command to the supervisor outside the server's
 * confinement; run it with the channel (descriptor PROTECTED_CHANNEL_FD of the server) as its
 * descriptor 3. The command itself is appended after the prefix.
 */
export function protectedChildPrefix(): string[] | null {
  const boundary = pinnedChildBoundary();
  if (boundary === null) return null;
  if (hostPlatform().os === "darwin")
    return [SANDBOX_EXEC, "-p", renderProtectSeatbelt(boundary.rules)];
  // Inside the server's user namespace root-owned files show as the overflow user, so the
  // ownership rules cannot be checked here; the launcher checked this same path and made it a
  // read-only control path before the server started.
  const python = SYSTEM_PYTHONS.find((candidate) => isExecutableFile(candidate)) ?? null;
  if (python === null)
    throw new ProtectedStoreError(
      "ERR_PROTECT_UNAVAILABLE",
      "protected session without a trusted system python3 for the supervised execution client; nothing can be run",
    );
  return [python, "-I", "-S", "-c", CLIENT_SOURCE, "--"];
}

/** The fixed refusal of a store path (spec §5.9). */
export const STORE_PATH_REFUSAL = "use an authorized context tool to access runtime context";

/**
 * The store boundary for model-directed in-process file tools: refuses a path inside a store
 * root or an ancestor of one (a recursive listing must not reach a store through its parent),
 * allows work members, and refuses every path when the pin is missing or mismatched. Outside a
 * protected session it allows everything. Relative paths must be made absolute by the caller.
 */
export function enforceProtectedStorePath(candidate: string): void {
  const boundary = pinnedChildBoundary();
  if (boundary === null) return;
  const lexical = checkedPath(candidate);
  const resolved = resolveMissing(lexical);
  const { reads, workPaths } = boundary.rules;
  for (const path of [lexical, resolved]) {
    if (workPaths.some((w) => isSameOrInside(path, w))) continue;
    if (reads.some((d) => isSameOrInside(path, d) || isSameOrInside(d, path)))
      throw new ProtectedStoreError("ERR_PROTECT_CONTEXT", STORE_PATH_REFUSAL);
  }
}
