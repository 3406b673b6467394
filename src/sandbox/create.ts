// createKernelSandbox: normalise options → detect the backend → allocate the private temp →
// build the policy → prove it with the self-test → publish the measured status.
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import type { SandboxBackend } from "./backends.js";
import { buildPolicy } from "./build-policy.js";
import { detectBackend, findProbePython } from "./detect.js";
import { confirmFacilityFailure } from "./facility.js";
import type { FusedCommand } from "./fused-probe.js";
import { cachedFailure, failureKey, firstWarning, rememberFailure } from "./failure-cache.js";
import { KernelSandbox } from "./kernel-sandbox.js";
import { normalizeOptions, type KernelSandboxOptions, type NormalizedOptions } from "./options.js";
import { checkWorkspaceHardlinks, inventoryPolicyWorkspace } from "./hardlink-inventory.js";
import { runSelfTest } from "./self-test.js";
import { pinTeamBinds, type TeamPins } from "./team-pins.js";
import { allocateTeamTemp, finalTeamPolicy, withTeamIsolation } from "./team-policy.js";
import { degradedStatus, type SandboxStatus } from "./status.js";
import { wslFormDetail, wslFormStatus } from "./wsl-form.js";

export { canonicalWorkspace } from "./workspace.js";
export type { KernelSandboxOptions } from "./options.js";

export interface CreateHooks {
  /**
   * Fuse the self-test with this command: the probe runs first in the command's own sandbox and
   * execs the command when the caller writes "go" on the gate descriptor handed to `onSpawn`,
   * after createKernelSandbox has resolved with an enabled sandbox. Ignored with a custom runner.
   */
  readonly fuse?: Omit<FusedCommand, "env"> & {
    readonly env: (policy: SandboxPolicy) => Readonly<Record<string, string>>;
  };
  /**
   * Called once the policy is built, just before the self-test starts anything: `cellguard exec`
   * starts its watch on the denied paths here, so no change falls between policy and sandbox.
   */
  readonly whileSelfTesting?: (policy: SandboxPolicy) => void;
  /**
   * The backend the self-test and every wrap use, given the detected one and the built policy:
   * `cellguard launch` composes the session's control and store rules in here, so the boundary
   * measured is the composed one. Default: the detected backend.
   */
  readonly backendFor?: (detected: SandboxBackend, policy: SandboxPolicy) => SandboxBackend;
}

/**
 * Creates the kernel sandbox for one workspace and proves it with a self-test.
 *
 * Under `auto`, only a host that cannot sandbox at all (no backend, an unsupported platform or
 * architecture, no interpreter for the probe, a kernel that refuses namespaces) degrades to an
 * unconfined run, visibly. A sandbox that starts but fails a check is refused in every mode: a
 * previous Cell can make a check fail on purpose (an unwritable workspace, say), and degrading
 * then would hand the next Cell the host.
 *
 * @throws {SandboxConfigurationError} bad mode, bad flag, bad workspace. Nothing was run.
 * @throws {SandboxUnavailableError} no boundary could be proven and none may be skipped.
 */
export async function createKernelSandbox(
  options: KernelSandboxOptions = {},
  hooks: CreateHooks = {},
): Promise<KernelSandbox> {
  const opts = normalizeOptions(options);
  const { mode, workspace } = opts;
  if (mode === "off" && opts.team !== null) {
    throw new SandboxUnavailableError(
      "Team read isolation never runs unconfined: mode off (CELLGUARD_KERNEL_SANDBOX=off) cannot be combined with a team policy; nothing was run",
      {
        status: degradedStatus({
          mode,
          workspace,
          backend: null,
          detail: "mode off refused for a team policy",
        }),
      },
    );
  }
  if (mode === "off") {
    return new KernelSandbox({
      status: {
        mode,
        state: "disabled",
        backend: null,
        enforced: false,
        selfTestPassed: null,
        networkPolicy: "not_enforced",
        workspace,
        tempDir: null,
        detail: "explicitly disabled by CELLGUARD_KERNEL_SANDBOX=off",
        warning: null,
        checks: null,
      },
      policy: null,
      backend: null,
    });
  }

  const detected = detectBackend(opts);
  if (detected.backend === null)
    return degrade(opts, { backend: detected.name, detail: detected.detail });
  let backend = detected.backend;
  const python = opts.probePython === undefined ? findProbePython(opts) : opts.probePython;
  if (python === null) {
    return degrade(opts, {
      backend: backend.name,
      detail: `${detected.detail}; no trusted python3 to run the self-test probe (install the python3 package)`,
    });
  }
  const cacheKey = failureKey(backend.name, backend.executable, opts.allowRawNetwork);
  const cached = opts.customRunner ? undefined : cachedFailure(cacheKey);
  if (cached !== undefined) return degrade(opts, { backend: backend.name, detail: cached });

  // Team: no hardlink may carry a protected file into the workspace; walked before anything is
  // made, again after the self-test, and before every wrap.
  if (opts.team !== null) {
    inventoryOrRefuse(() => checkWorkspaceHardlinks(opts.workspace), opts, backend.name, null);
  }
  let tempDir: string;
  try {
    tempDir =
      opts.team === null
        ? realpathSync.native(mkdtempSync(join(tmpdir(), "cellguard-kernel-")))
        : allocateTeamTemp(opts.team, workspace);
  } catch (error) {
    if (error instanceof SandboxConfigurationError) throw error;
    return refuse(opts, {
      backend: backend.name,
      detail: `${detected.detail}; private temp could not be created: ${messageOf(error)}`,
    });
  }
  let policy: SandboxPolicy;
  try {
    policy = buildPolicy(opts, tempDir);
    if (opts.readIsolation !== null && opts.team !== null) {
      policy = withTeamIsolation(policy, finalTeamPolicy(opts.readIsolation, workspace, tempDir));
    }
    // A workspace on a Windows drive is known only now (the WSL form is part of the policy); a
    // team workspace was walked above.
    if (opts.team === null) inventoryPolicyWorkspace(policy);
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  if (hooks.backendFor !== undefined) {
    try {
      backend = hooks.backendFor(backend, policy);
    } catch (error) {
      rmSync(tempDir, { recursive: true, force: true });
      throw error;
    }
  }
  // Team: the folders bound from here on are these directories, whatever their paths become.
  let pins: TeamPins | null;
  try {
    // Only bubblewrap mounts by path; Seatbelt checks each access against the rules as it happens.
    pins = backend.name === "bubblewrap" ? pinTeamBinds(policy) : null;
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  // The caller may start a command gated on the verdict, so its sandbox is set up while the
  // self-test runs; it must not let the command proceed before this function returns enabled.
  hooks.whileSelfTesting?.(policy);
  const testInputs = {
    backend,
    policy,
    python,
    runner: opts.runner,
    home: opts.homes[0] ?? "/",
    env: opts.env,
    pins,
  };
  const fuse = opts.customRunner ? undefined : hooks.fuse;
  let outcome = await runSelfTest(
    fuse === undefined
      ? testInputs
      : {
          ...testInputs,
          fused: { ...fuse, env: fuse.env(policy) },
        },
  );
  if (fuse !== undefined && !outcome.passed && outcome.checks === null) {
    // The fused run gave no report (its sandbox never started, and what bubblewrap said went to
    // the user's terminal): measure again the standard way, for the diagnostic.
    outcome = await runSelfTest(testInputs);
  }
  if (!outcome.passed) {
    pins?.close();
    rmSync(tempDir, { recursive: true, force: true });
    const detail = `${detected.detail}; ${outcome.detail}`;
    const facility =
      outcome.checks === null &&
      confirmFacilityFailure(backend, {
        custom: opts.customRunner,
        detail: outcome.detail,
      });
    if (!facility) return refuse(opts, { backend: backend.name, detail, checks: outcome.checks });
    if (!opts.customRunner) rememberFailure(cacheKey, detail);
    return degrade(opts, { backend: backend.name, detail, checks: outcome.checks });
  }
  // Team, or a workspace on a Windows drive: walked again after the self-test (§7.8 step 11).
  try {
    inventoryOrRefuse(() => inventoryPolicyWorkspace(policy), opts, backend.name, tempDir);
  } catch (error) {
    pins?.close();
    throw error;
  }
  const team = policy.readIsolation;
  const status: SandboxStatus = {
    mode,
    state: "enabled",
    backend: backend.name,
    enforced: true,
    selfTestPassed: true,
    networkPolicy: opts.allowRawNetwork ? "raw_allowed" : "blocked",
    workspace,
    tempDir,
    detail:
      `${detected.detail}; ${outcome.detail}` +
      (team === undefined ? "" : `; team reads isolated under ${team.roots.join(", ")}`) +
      wslFormDetail(policy.wsl),
    warning: null,
    checks: outcome.checks,
    ...(team === undefined ? {} : { readIsolation: team }),
    ...(policy.wsl ? { wsl: wslFormStatus(policy.wsl) } : {}),
  };
  return new KernelSandbox({ status, policy, backend, pins });
}

type FailureFields = {
  backend: SandboxBackend["name"] | null;
  detail: string;
  checks?: Readonly<Record<string, boolean>> | null;
};

/**
 * The host cannot sandbox: `enforce` and a team policy refuse, `auto` runs unconfined with a
 * visible warning.
 */
function degrade(opts: NormalizedOptions, fields: FailureFields): KernelSandbox {
  const status = degradedStatus({ mode: opts.mode, workspace: opts.workspace, ...fields });
  if (opts.team !== null) {
    throw new SandboxUnavailableError(
      `Team read isolation never degrades (mode ${opts.mode}): no OS sandbox could be proven, so nothing runs: ${fields.detail}`,
      { status },
    );
  }
  if (opts.mode === "enforce") {
    throw new SandboxUnavailableError(
      `OS kernel sandbox is required (mode enforce) but could not be proven: ${fields.detail}`,
      { status },
    );
  }
  const warning = status.warning ?? fields.detail;
  if (firstWarning(warning)) opts.onWarning(warning);
  return new KernelSandbox({ status, policy: null, backend: null });
}

/** The sandbox could start but did not hold: refused in every mode. */
function refuse(opts: NormalizedOptions, fields: FailureFields): never {
  const status = degradedStatus({ mode: opts.mode, workspace: opts.workspace, ...fields });
  throw new SandboxUnavailableError(
    `OS kernel sandbox failed its self-test, so nothing runs (a failing check can be induced by an earlier Cell, and running unconfined would reward it): ${fields.detail}`,
    { status },
  );
}

/** A hardlink inventory; a refusal removes the private temp (when one exists) and carries a status. */
function inventoryOrRefuse(
  walk: () => void,
  opts: NormalizedOptions,
  backend: SandboxBackend["name"],
  tempDir: string | null,
): void {
  try {
    walk();
  } catch (error) {
    if (tempDir !== null) rmSync(tempDir, { recursive: true, force: true });
    if (!(error instanceof SandboxUnavailableError)) throw error;
    const status = degradedStatus({
      mode: opts.mode,
      workspace: opts.workspace,
      backend,
      detail: error.message,
    });
    throw new SandboxUnavailableError(error.message, { status });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
