// The WSL form of the kernel sandbox: on a WSL host the policy gains masks over the Windows
// drives and the WSL runtime, the resolver rebind and read-only remounts (spec §7.6, §8). This is
// the host-probing step: whether this is WSL is decided here, once per sandbox, from injectable
// host facts, and the renderer only ever sees the resulting plain value.
import { statSync } from "node:fs";
import { SandboxConfigurationError } from "../errors.js";
import {
  isWsl,
  readDenials,
  realWslHost,
  resolverRebinds,
  windowsMounts,
  WSL_WRITABLE_MASKS,
  type WslHost,
} from "../platform/wsl.js";
import { isSameOrInside, type ReadMask } from "../policy/sandbox-policy.js";
import type { WslSandboxForm } from "../policy/wsl-policy.js";
import type { WslFormStatus } from "./status.js";

/** The WSL host facts plus what is at a path, so the masks can be probed on a fake host too. */
export interface WslSandboxHost extends WslHost {
  /** What is at `path`, links followed: a directory, anything else ("file"), or null if nothing. */
  kind(path: string): ReadMask["type"] | null;
}

/** The real host: realWslHost() and stat(2). */
export function realWslSandboxHost(): WslSandboxHost {
  return {
    ...realWslHost(),
    kind: (path) => {
      try {
        return statSync(path).isDirectory() ? "directory" : "file";
      } catch {
        return null;
      }
    },
  };
}

/** The self-test checks that must hold in the WSL form (spec §7.7), besides the Linux ones. */
export const WSL_CHECKS: readonly string[] = Object.freeze([
  "wsl_private_pid",
  "wsl_interop_hidden",
  "wsl_vsock_denied",
]);

/**
 * The WSL parts of the policy for `workspace`, or null when this is not a WSL host.
 *
 * @throws {SandboxConfigurationError} when the workspace is, or contains, a path the WSL form
 * hides (a Windows drive's mount point, /run, /mnt/wsl, ...): its bind would bring back what the
 * masks hide. Nothing was started.
 */
export function wslSandboxForm(
  host: WslSandboxHost,
  inputs: { readonly workspace: string },
): WslSandboxForm | null {
  if (!isWsl(host)) return null;
  const denials = readDenials(host);
  for (const denial of denials) {
    if (isSameOrInside(denial.path, inputs.workspace)) {
      throw new SandboxConfigurationError(
        `Cannot create sandbox: workspace ${JSON.stringify(inputs.workspace)} ${denial.path === inputs.workspace ? "is" : "contains"} ${denial.path}, which the WSL form of the sandbox hides; use a project folder below it`,
      );
    }
  }
  const present: ReadMask[] = [];
  for (const denial of denials) {
    const type = host.kind(denial.path);
    if (type !== null) present.push({ path: denial.path, type });
  }
  const masks = withoutNested(present);
  const rebind = resolverRebinds(
    host,
    masks.filter((mask) => mask.type === "directory").map((mask) => mask.path),
  );
  // resolverRebinds answers in argv form: ["--ro-bind-try", real, real], or nothing.
  const resolverBinds = rebind.length === 3 && rebind[1] !== undefined ? [rebind[1]] : [];
  const readOnlyRemounts = masks
    .filter((mask) => mask.type === "directory" && !WSL_WRITABLE_MASKS.includes(mask.path))
    .map((mask) => mask.path);
  const drive = windowsMounts(host).find((mount) =>
    isSameOrInside(inputs.workspace, mount.mountPoint),
  );
  return Object.freeze({
    masks: Object.freeze(masks.map((mask) => Object.freeze(mask))),
    resolverBinds: Object.freeze(resolverBinds),
    readOnlyRemounts: Object.freeze(readOnlyRemounts),
    workspaceWindowsMount: drive?.mountPoint ?? null,
  });
}

/**
 * True when the WSL form hides `path` from a Cell: it lies in (or is) a masked path, and not in
 * the workspace or the private temp, which are bound back below the masks. Other mounts aimed
 * there (a secret's mask, a rebuilt home) are then not needed, and on a read-only remounted
 * mask could not even be made.
 */
export function hiddenByWslForm(
  path: string,
  form: WslSandboxForm | null,
  exposed: { readonly workspace: string; readonly tempDir: string },
): boolean {
  if (form === null) return false;
  if (isSameOrInside(path, exposed.workspace) || isSameOrInside(path, exposed.tempDir))
    return false;
  return form.masks.some((mask) =>
    mask.type === "directory" ? isSameOrInside(path, mask.path) : path === mask.path,
  );
}

/**
 * Refuses a workspace on a Windows drive that holds a path the sandbox protects by its name (a
 * masked secret, a read-only .git, a folder on PATH): a mount covers one name, and a Windows
 * drive answers to others for the same file (another letter case in a case-insensitive
 * directory, an 8.3 short name), which reach the file past the mount.
 *
 * @throws {SandboxConfigurationError} naming the first such path. Nothing was started.
 */
export function refuseNamesOnWindowsWorkspace(
  form: WslSandboxForm | null,
  workspace: string,
  protectedPaths: readonly string[],
): void {
  if (form === null || form.workspaceWindowsMount === null) return;
  const inside = protectedPaths.find((path) => isSameOrInside(path, workspace));
  if (inside === undefined) return;
  throw new SandboxConfigurationError(
    `Cannot create sandbox: workspace ${JSON.stringify(workspace)} is on the Windows drive mounted at ${form.workspaceWindowsMount} and holds ${inside}, which the sandbox protects by name; a Windows drive reaches the same file by other names (letter case, 8.3 short names), so the protection would not hold. Use a workspace on the Linux file system`,
  );
}

// Duplicates and masks inside a masked directory are dropped: the directory's tmpfs already
// hides them (a Windows share mounted below /mnt/wsl, say).
function withoutNested(masks: readonly ReadMask[]): ReadMask[] {
  const out: ReadMask[] = [];
  for (const mask of masks) {
    const covered = masks.some(
      (other) =>
        other.type === "directory" &&
        other.path !== mask.path &&
        isSameOrInside(mask.path, other.path),
    );
    if (!covered && !out.some((kept) => kept.path === mask.path)) out.push(mask);
  }
  return out;
}

/** The WSL form as the status publishes it. */
export function wslFormStatus(form: WslSandboxForm): WslFormStatus {
  return Object.freeze({
    masked: Object.freeze(form.masks.map((mask) => mask.path)),
    readOnly: form.readOnlyRemounts,
    resolverBinds: form.resolverBinds,
  });
}

/** What the status detail adds for the WSL form; nothing off WSL. */
export function wslFormDetail(form: WslSandboxForm | null | undefined): string {
  if (form === undefined || form === null) return "";
  const masked = form.masks.map((mask) => mask.path).join(", ");
  return `; WSL form: hidden ${masked || "(nothing present)"}`;
}
