// `cellguard launch` as a library step (spec §2): preflight, compile and validate both rule
// sets, pin them, and start the supervisor, which starts the server under the control rules and
// every model-directed child under the child rules plus the control denials. Linux only here:
// macOS rendering is golden-tested, but its supervisor is not built in this version.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { removeTree } from "../platform/remove-tree.js";
import type { HostPlatform } from "../platform/select.js";
import { whichTrusted } from "../platform/trusted-binary.js";
import { renderSeccompProgram } from "../render/seccomp.js";
import { canonicalProjectRoot, controlEntries, manifestDigest } from "./authority.js";
import {
  CHILD_PROFILE_ENV,
  CHILD_SANDBOX_ENV,
  PROTECTED_DIGEST_ENV,
  PROTECTED_MANIFEST_ENV,
  PROTECTED_ROOT_ENV,
} from "./env.js";
import { ProtectedStoreError } from "./errors.js";
import { prepareKernelChildren, type KernelChildren } from "./launch-kernel.js";
import { renderProtectedBwrapArgs } from "./linux-command.js";
import { planLinuxMounts } from "./linux-plan.js";
import type { ProtectManifest } from "./manifest.js";
import { trustedSystemPython } from "./pin.js";
import { childProfile, controlProfile, type ProtectProfile } from "./profiles.js";
import { composeRules, type ProtectRuleSet } from "./rules.js";
import { SUPERVISOR_SOURCE } from "./supervisor-source.js";
import { validate } from "./validate.js";

export interface LaunchPlan {
  readonly control: ProtectProfile;
  readonly child: ProtectProfile;
  /** The server's environment: the pass-through names plus the pins, nothing else. */
  readonly serverEnv: Readonly<Record<string, string>>;
  /** bubblewrap and its options for the server, up to (not including) the final "--". */
  readonly serverArgv: readonly string[];
  /** The server's command, after that "--" (kept apart: a value may itself be "--"). */
  readonly serverCommand: readonly string[];
  /** bubblewrap argv of every child, up to (and including) --clearenv. */
  readonly childPrefix: readonly string[];
  readonly python: string;
  readonly sessionDir: string;
  /** Removes the session directory; call after the supervisor exited. */
  cleanup(): void;
}

const unavailable = (message: string): ProtectedStoreError =>
  new ProtectedStoreError("ERR_PROTECT_UNAVAILABLE", message);

/** Preflight to pinned argv: everything that can refuse does so here, before anything starts. */
export async function prepareLaunch(
  manifest: ProtectManifest,
  options: {
    platform: HostPlatform;
    env: NodeJS.ProcessEnv;
    /** The uid the server and its children run as (bubblewrap keeps the caller's). */
    uid: number;
  },
): Promise<LaunchPlan> {
  if (options.platform.os !== "linux")
    throw unavailable(
      `cellguard launch runs protected sessions on Linux only in this version (platform '${options.platform.name}'); nothing was started`,
    );
  const lookup = whichTrusted("bwrap", options.env["PATH"] ?? "/usr/bin:/bin");
  const bwrap = lookup.path;
  if (bwrap === null)
    throw unavailable(
      `no trusted bubblewrap found${lookup.refused.length > 0 ? `; refused: ${lookup.refused.join("; ")}` : ""}; nothing was started`,
    );
  const python = trustedSystemPython();
  if (python === null)
    throw unavailable("no trusted system python3 for the supervisor; nothing was started");
  const root = canonicalProjectRoot(manifest);
  const digest = manifestDigest(manifest);
  const sessionDir = realpathSync.native(mkdtempSync(join(tmpdir(), "cellguard-protect-")));
  // The allow half of the probe needs a directory the profiles leave writable.
  const probeDir = realpathSync.native(mkdtempSync(join(tmpdir(), "cellguard-protect-probe-")));
  let kernel: KernelChildren | null = null;
  const cleanup = (): void => {
    // The private temp of the kernel children first: nothing runs in it any more.
    const problem = kernel?.sandbox.close() ?? null;
    if (problem !== null) process.emitWarning(problem, "CellguardSecurityWarning");
    removeTree(sessionDir);
    removeTree(probeDir);
  };
  try {
    chmodSync(sessionDir, 0o700);
    const deniedFile = join(sessionDir, "denied");
    writeFileSync(deniedFile, "", { mode: 0o000 });
    chmodSync(deniedFile, 0o000);
    // The supervisor's own programs are control files: a server able to replace them would run
    // its code outside its confinement at the next child start. By their real paths: a symlink
    // among them would freeze its whole directory (/usr/bin). The session directory (the
    // denied-file stand-in) is hidden from the server and every child.
    const own = [bwrap, python, process.execPath].map((p) => realpathSync.native(p));
    const control = controlProfile(
      [...controlEntries(manifest, own), { path: sessionDir, denyRead: true }],
      { confinedUid: options.uid },
    );
    const child = childProfile(manifest);
    const composed = composeRules(child.rules, control.rules);
    // Every child's bubblewrap binds the work members back, and masks the store roots, by name
    // on the host at its start. The server may write its store, but if it could rename or remove
    // a store root, a work member or one of their ancestors, it could swap in a symlink that
    // child binds follow (a work member linked to a credential directory the server itself
    // cannot read). Pinned as ancestors: mount points, still writable inside, never renamed.
    const serverRules = composeRules(control.rules, storeNamePins(child.rules));
    const common = { platform: options.platform, bwrap, python, deniedFile, allowedDir: probeDir };
    const serverEnv: Record<string, string> = {};
    for (const name of manifest.server.passEnv) {
      const value = options.env[name];
      if (value !== undefined && value.trim() !== "") serverEnv[name] = value;
    }
    if (manifest.childSandbox === null) {
      // The child rules alone (when there is a store), then as every child gets them, composed.
      if (child.rules.writes.length > 0) await validate(child, common);
      await validate({ rules: composed }, common);
    } else {
      // Children in the kernel sandbox: its own self-test and the protect probe, both under the
      // composed template, replace the plain validation (the plain template is never used).
      kernel = await prepareKernelChildren({
        workspace: manifest.childSandbox.workspace,
        env: { ...serverEnv },
        platform: options.platform,
        bwrap,
        python,
        deniedFile,
        rules: composed,
      });
    }
    await validate({ rules: serverRules }, common);
    serverEnv[PROTECTED_ROOT_ENV] = root;
    serverEnv[PROTECTED_DIGEST_ENV] = digest;
    serverEnv[PROTECTED_MANIFEST_ENV] = manifest.manifestPath;
    serverEnv[CHILD_PROFILE_ENV] = child.canonical;
    if (kernel !== null) serverEnv[CHILD_SANDBOX_ENV] = kernel.pin;
    const command = manifest.server.command;
    const serverArgs = renderProtectedBwrapArgs(planLinuxMounts(serverRules), {
      deniedFile,
      cwd: manifest.server.cwd,
      env: serverEnv,
      command,
    });
    const childArgs = renderProtectedBwrapArgs(planLinuxMounts(composed), {
      deniedFile,
      cwd: "/",
      env: {},
      command: ["/bin/true"],
    });
    const clear = childArgs.indexOf("--clearenv");
    return Object.freeze({
      control,
      child,
      serverEnv: Object.freeze(serverEnv),
      serverArgv: Object.freeze([bwrap, ...serverArgs.slice(0, -command.length - 1)]),
      serverCommand: Object.freeze([...command]),
      childPrefix: Object.freeze(
        kernel === null ? [bwrap, ...childArgs.slice(0, clear + 1)] : [bwrap, ...kernel.template],
      ),
      python,
      sessionDir,
      cleanup,
    });
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** The store names child mounts are resolved through, as rename-proof (not write-denied) paths. */
function storeNamePins(child: ProtectRuleSet): ProtectRuleSet {
  return {
    writes: [],
    reads: [],
    workPaths: [],
    ancestors: [...child.ancestors, ...child.reads, ...child.workPaths],
  };
}

/**
 * Starts the supervisor (outside every confinement), which starts the server. Its standard
 * descriptors are the server's; its exit code is the server's.
 */
export function startSupervisor(plan: LaunchPlan, arch: string): ChildProcess {
  const child = spawn(plan.python, ["-I", "-S", "-c", SUPERVISOR_SOURCE], {
    cwd: "/",
    env: {},
    stdio: ["inherit", "inherit", "inherit", "pipe"],
    detached: true,
  });
  const config = JSON.stringify({
    server: plan.serverArgv,
    server_command: plan.serverCommand,
    child: plan.childPrefix,
    seccomp: Buffer.from(renderSeccompProgram(arch)).toString("base64"),
  });
  const pipe = child.stdio[3] as NodeJS.WritableStream | null;
  pipe?.on("error", () => undefined);
  pipe?.end(config);
  return child;
}
