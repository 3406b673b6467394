// At launch, for a manifest whose children run in the kernel sandbox (childSandbox kind
// "kernel"): the kernel sandbox is built for the workspace by createKernelSandbox itself (the
// same policy, deny list and self-test as any kernel), with the session's control and store
// rules composed into its argv; its self-test and the protect probe run under that composed
// template exactly as the supervisor will start each child. Anything that does not hold refuses
// the launch. The measured status is pinned into the server's environment.
import { createHash } from "node:crypto";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import type { HostPlatform } from "../platform/select.js";
import { minimalMasks } from "../render/bwrap.js";
import { renderSeccompProgram } from "../render/seccomp.js";
import { createKernelSandbox } from "../sandbox/create.js";
import type { KernelSandbox } from "../sandbox/kernel-sandbox.js";
import type { SelfTestRunner } from "../sandbox/self-test.js";
import { SELF_TEST_TIMEOUT_MS } from "../sandbox/self-test.js";
import { composedProbeCommand, composedProbeSpec, judgeComposedProbe } from "./composed-probe.js";
import { ProtectedStoreError } from "./errors.js";
import { renderKernelComposition } from "./kernel-composition.js";
import { renderKernelTemplate, supervisorFormRunner, templateBackend } from "./kernel-template.js";
import { planLinuxMounts } from "./linux-plan.js";
import type { ProtectRuleSet } from "./rules.js";
import { encodeChildSandboxPin } from "./child-sandbox-pin.js";

export interface KernelChildren {
  /** bubblewrap's options for every child (no program, no command), ending --clearenv. */
  readonly template: readonly string[];
  /** The value of CHILD_SANDBOX_ENV: the measured status and the template's digest. */
  readonly pin: string;
  /** Owns the private temp: close it when the session ends. */
  readonly sandbox: KernelSandbox;
}

export interface KernelChildrenInputs {
  readonly workspace: string;
  /** The server's environment (its pass-through values): the kernel's settings and deny list. */
  readonly env: NodeJS.ProcessEnv;
  readonly platform: HostPlatform;
  readonly bwrap: string;
  readonly python: string;
  readonly deniedFile: string;
  /** Every child's rules: the store rules composed with the control rules. */
  readonly rules: ProtectRuleSet;
}

const refused = (message: string, cause?: unknown): ProtectedStoreError =>
  new ProtectedStoreError(
    "ERR_PROTECT_UNAVAILABLE",
    `the kernel sandbox composed with the session's rules ${message}; nothing was started`,
    cause === undefined ? {} : { cause },
  );

export async function prepareKernelChildren(inputs: KernelChildrenInputs): Promise<KernelChildren> {
  const seccomp = renderSeccompProgram(inputs.platform.arch);
  // Made by backendFor, once the policy exists; the self-test runs after that.
  const made: { template: string[] | null } = { template: null };
  const runner: SelfTestRunner = (command, options) =>
    made.template === null
      ? Promise.reject(new Error("no template was composed"))
      : supervisorFormRunner(made.template)(command, options);
  let sandbox: KernelSandbox;
  try {
    sandbox = await createKernelSandbox(
      {
        workspace: inputs.workspace,
        env: inputs.env,
        mode: "enforce",
        platform: inputs.platform,
        runner,
        probePython: inputs.python,
        onWarning: () => undefined,
      },
      {
        backendFor: (detected, policy) => {
          const composition = renderKernelComposition(
            planLinuxMounts(inputs.rules),
            {
              workspace: policy.workspace,
              tempDir: policy.tempDir,
              maskedDirectories: minimalMasks(policy.readMasks)
                .filter((m) => m.type === "directory")
                .map((m) => m.path),
              hiddenDirectories: policy.hiddenDirectories ?? [],
            },
            { deniedFile: inputs.deniedFile },
          );
          const template = renderKernelTemplate(policy, { bwrap: inputs.bwrap, composition });
          made.template = template;
          return templateBackend(detected, { bwrap: inputs.bwrap, template, seccomp });
        },
      },
    );
  } catch (error) {
    if (error instanceof SandboxUnavailableError || error instanceof SandboxConfigurationError)
      throw refused(`could not be proven: ${error.message}`, error);
    throw error;
  }
  try {
    const template = made.template;
    if (template === null || !sandbox.enforced) throw refused("was not enforced");
    const spec = composedProbeSpec(inputs.rules, sandbox.status.workspace);
    const probe = composedProbeCommand(inputs.python, spec);
    const result = await runner(sandbox.wrap(probe.argv), {
      cwd: sandbox.status.workspace,
      env: probe.env,
      timeoutMs: SELF_TEST_TIMEOUT_MS,
      maxOutputBytes: 256 * 1024,
    });
    const wrong = judgeComposedProbe(spec, result);
    if (wrong.length > 0) throw refused(`does not hold: ${wrong.join("; ")}`);
    const digest = createHash("sha256").update(template.join("\0")).digest("hex");
    return Object.freeze({
      template: Object.freeze([...template]),
      pin: encodeChildSandboxPin({ templateSha256: digest, status: sandbox.status }),
      sandbox,
    });
  } catch (error) {
    sandbox.close();
    throw error;
  }
}
