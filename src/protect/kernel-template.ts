// The composed child template of a protected session whose children run in the kernel sandbox:
// one bubblewrap option list (the kernel sandbox's argv with the session's mounts composed in,
// see kernel-composition.ts), fixed at launch, to which the supervisor appends only a request's
// --setenv, --chdir and command. The backend here is what the kernel sandbox's self-test and the
// launch probe wrap with, and the runner starts bubblewrap the way the supervisor does (options
// on a descriptor via --args, an empty environment, the seccomp program on descriptor 3), so what
// is measured at launch is the argv every child gets.
import { runWrapped, type RunResult, type RunWrappedOptions } from "../platform/launch.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import { renderBwrapArgv } from "../render/bwrap.js";
import type { SandboxBackend } from "../sandbox/backends.js";
import type { SelfTestRunner } from "../sandbox/self-test.js";
import { ProtectedStoreError } from "./errors.js";
import type { KernelComposition } from "./kernel-composition.js";

/** Pure: the option list (no program, no command) of the composed template, ending --clearenv. */
export function renderKernelTemplate(
  policy: SandboxPolicy,
  options: { readonly bwrap: string; readonly composition: KernelComposition },
): string[] {
  const probe = ["/bin/true"];
  const argv = renderBwrapArgv(policy, {
    executable: options.bwrap,
    command: probe,
    seccompFd: 3,
    newSession: false,
    composed: options.composition,
  });
  const tail = ["--chdir", policy.workspace, "--", ...probe];
  const cut = argv.length - tail.length;
  if (argv.slice(cut).join("\0") !== tail.join("\0"))
    throw new ProtectedStoreError(
      "ERR_PROTECT_UNAVAILABLE",
      "the kernel sandbox's argv does not end with its command; no template was made",
    );
  return [...argv.slice(1, cut), "--clearenv"];
}

/** The composed template as a sandbox backend: the detected one's checks, the template's argv. */
export function templateBackend(
  detected: SandboxBackend,
  options: {
    readonly bwrap: string;
    readonly template: readonly string[];
    readonly seccomp: Uint8Array;
  },
): SandboxBackend {
  if (detected.name !== "bubblewrap")
    throw new ProtectedStoreError(
      "ERR_PROTECT_UNAVAILABLE",
      `the kernel sandbox backend is ${detected.name}; a protected session composes with bubblewrap only`,
    );
  return {
    ...detected,
    executable: options.bwrap,
    wrap: (policy, command) => ({
      file: options.bwrap,
      args: [...options.template, "--chdir", policy.workspace, "--", ...command],
      inherited: [{ fd: 3, data: options.seccomp }],
    }),
  };
}

/**
 * Runs a command wrapped by templateBackend as the supervisor would: the template, then the
 * environment as --setenv and the working directory as --chdir, all on descriptor 4 (--args),
 * bubblewrap itself with an empty environment. A command not wrapped with this very template is
 * refused.
 */
export function supervisorFormRunner(template: readonly string[]): SelfTestRunner {
  return (command, options: RunWrappedOptions): Promise<RunResult> => {
    const head = command.args.slice(0, template.length);
    const tail = command.args.slice(template.length);
    const seccomp = command.inherited[0];
    if (
      head.join("\0") !== template.join("\0") ||
      tail[0] !== "--chdir" ||
      tail[2] !== "--" ||
      seccomp === undefined
    )
      return Promise.reject(new Error("the command was not wrapped with the session's template"));
    const list = [...template];
    for (const name of Object.keys(options.env).sort()) {
      const value = options.env[name];
      if (value !== undefined) list.push("--setenv", name, value);
    }
    list.push("--chdir", options.cwd);
    const data = Buffer.from(list.map((a) => `${a}\0`).join(""), "utf8");
    return runWrapped(
      {
        file: command.file,
        args: ["--args", "4", "--", ...tail.slice(3)],
        inherited: [
          { fd: 3, data: seccomp.data },
          { fd: 4, data },
        ],
      },
      { ...options, cwd: "/", env: {} },
    );
  };
}
