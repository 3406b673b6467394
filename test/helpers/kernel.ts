// Starting a real kernel for a test: the fixture's workspace and home, the system python3 (the
// first python3 on root's PATH may be a shim other users cannot run), and the real sandbox under
// `enforce`, so a test can never pass on an unconfined worker.
import { Kernel } from "../../src/kernel/kernel.js";
import type { KernelOptions } from "../../src/kernel/options.js";
import type { Fixture } from "./fixture-home.js";
import { systemPython } from "./host.js";

export const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";

export function kernelEnv(fx: Fixture, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...fx.env, PATH: SYSTEM_PATH, ...extra };
}

export async function startKernel(
  fx: Fixture,
  options: Omit<KernelOptions, "workspace"> = {},
): Promise<Kernel> {
  return Kernel.start({
    python: systemPython ?? "python3",
    onWarning: () => undefined,
    sandbox: { mode: "enforce" },
    ...options,
    workspace: fx.workspace,
    env: kernelEnv(fx, options.env),
  });
}

/** Resolves after `ms`; used only to let a Cell get going before it is interrupted. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** For the helper processes the kernel tests spawn: a kernel in `workspace`, enforced. */
export function startEnforcedKernel(workspace: string): Promise<Kernel> {
  return Kernel.start({
    workspace,
    python: systemPython ?? "python3",
    sandbox: { mode: "enforce" },
    onWarning: () => undefined,
  });
}
