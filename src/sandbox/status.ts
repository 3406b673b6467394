// The measured sandbox posture. Every field comes from detection and the self-test, never from
// configuration alone.
import type { SandboxMode } from "../config/sandbox-config.js";
import type { TeamReadPolicy } from "../policy/team-roots.js";

export type SandboxState = "enabled" | "disabled" | "unavailable";
export type SandboxBackendName = "bubblewrap" | "seatbelt";
export type NetworkPolicy = "blocked" | "raw_allowed" | "not_enforced";

export interface SandboxStatus {
  readonly mode: SandboxMode;
  readonly state: SandboxState;
  readonly backend: SandboxBackendName | null;
  readonly enforced: boolean;
  /** null when no self-test ran (disabled, or no backend found). */
  readonly selfTestPassed: boolean | null;
  readonly networkPolicy: NetworkPolicy;
  readonly workspace: string;
  readonly tempDir: string | null;
  readonly detail: string;
  readonly warning: string | null;
  /** The self-test's checks as measured, when one ran. */
  readonly checks: Readonly<Record<string, boolean>> | null;
  /** Team read isolation as enforced: the hidden roots and the exceptions bound back. */
  readonly readIsolation?: TeamReadPolicy;
  /** The WSL form as applied and proven (an enabled sandbox on a WSL host); else absent or null. */
  readonly wsl?: WslFormStatus | null;
}

export interface WslFormStatus {
  /** Paths a Cell cannot see (the Windows mounts, /init, /run, ...). */
  readonly masked: readonly string[];
  /** Masked directories remounted read-only (all but /tmp and /var/tmp). */
  readonly readOnly: readonly string[];
  /** Paths bound back below the masks (the resolver configuration). */
  readonly resolverBinds: readonly string[];
}

export const WARNING_PREFIX = "CELLGUARD SECURITY WARNING: OS kernel sandbox is not enforced; ";

/** True only when the boundary was measured: enforced, self-test passed, raw network blocked. */
export function hostOnlyBoundaryHolds(status: SandboxStatus): boolean {
  return status.enforced && status.selfTestPassed === true && status.networkPolicy === "blocked";
}

export function degradedStatus(fields: {
  mode: SandboxMode;
  backend: SandboxBackendName | null;
  workspace: string;
  detail: string;
  checks?: Readonly<Record<string, boolean>> | null;
}): SandboxStatus {
  return {
    mode: fields.mode,
    state: "unavailable",
    backend: fields.backend,
    enforced: false,
    selfTestPassed: fields.backend === null ? null : false,
    networkPolicy: "not_enforced",
    workspace: fields.workspace,
    tempDir: null,
    detail: fields.detail,
    warning: WARNING_PREFIX + fields.detail,
    checks: fields.checks ?? null,
  };
}

/** The JSON form, with snake_case keys, as `doctor --json` prints it. */
export function statusToJson(status: SandboxStatus): Record<string, unknown> {
  return {
    mode: status.mode,
    state: status.state,
    backend: status.backend,
    enforced: status.enforced,
    self_test_passed: status.selfTestPassed,
    network_policy: status.networkPolicy,
    workspace: status.workspace,
    temp_dir: status.tempDir,
    detail: status.detail,
    warning: status.warning,
    checks: status.checks,
    host_only_boundary_holds: hostOnlyBoundaryHolds(status),
    read_isolation:
      status.readIsolation === undefined
        ? null
        : {
            roots: status.readIsolation.roots,
            allowed_roots: status.readIsolation.allowedRoots,
          },
    wsl_form:
      status.wsl === undefined || status.wsl === null
        ? null
        : {
            masked: status.wsl.masked,
            read_only: status.wsl.readOnly,
            resolver_binds: status.wsl.resolverBinds,
          },
  };
}
