// Composing the kernel sandbox with a protected session's control and store rules, as one
// bubblewrap argv (spec §9, "Recommended Linux composition": the supervisor starts each child
// with the complete composed policy; bubblewrap cannot nest as root).
//
// bubblewrap resolves every bind source on the host, not in the sandbox built so far: a host
// bind of an ancestor (say $HOME) laid after the kernel sandbox's mounts would bring back what
// the kernel sandbox rebuilt or masked. So the control mounts are not appended wholesale:
// - outside the kernel sandbox's writable roots (the workspace and its private temp) every host
//   path is on a read-only mount already, so a control path or ancestor there needs no mount of
//   its own (the launch probe measures that each one is unwritable);
// - inside the workspace the control mounts (read-only binds, pinned ancestors, rebuilt
//   directories) go right after the workspace bind, before the kernel sandbox lays its own
//   read-only paths and masks over them again;
// - the store masks go last, after every kernel mask, wherever the store is (a store inside a
//   directory the kernel sandbox masks already, or left out of a directory it rebuilt, is hidden
//   there already);
// - nothing of the session may lie inside the private temp (the launch made it just now).
// Pure: the plan comes from planLinuxMounts (the host-probing step).
import type { HiddenDirectory } from "../policy/sandbox-policy.js";
import { reachableAfterHiding } from "../sandbox/home-overlay.js";
import { ProtectedStoreError } from "./errors.js";
import { renderMountArgs, type LinuxMountPlan, type MountOp } from "./linux-plan.js";
import { isSameOrInside } from "./paths.js";

export interface KernelView {
  readonly workspace: string;
  readonly tempDir: string;
  /** Directories the kernel sandbox masks with its own tmpfs. */
  readonly maskedDirectories: readonly string[];
  /** Directories the kernel sandbox rebuilt (homes without their credential stores). */
  readonly hiddenDirectories: readonly HiddenDirectory[];
}

export interface KernelComposition {
  /** Mounts inside the workspace, right after the workspace bind. */
  readonly afterWorkspace: readonly string[];
  /** Store masks, after every mask of the kernel sandbox. */
  readonly last: readonly string[];
}

const isMask = (op: MountOp): boolean => op.op === "mask-dir" || op.op === "mask-file";

/** The composed mounts; throws when the rules reach into the private temp. */
export function renderKernelComposition(
  plan: LinuxMountPlan,
  kernel: KernelView,
  options: { readonly deniedFile: string },
): KernelComposition {
  const inside: MountOp[] = [];
  const last: MountOp[] = [];
  for (const op of plan.ops) {
    if (isSameOrInside(op.path, kernel.tempDir))
      throw new ProtectedStoreError(
        "ERR_PROTECT_LIMIT",
        `cannot compose the kernel sandbox with the session's rules: ${JSON.stringify(op.path)} lies in the kernel sandbox's private temp`,
      );
    if (isMask(op)) {
      const hidden =
        kernel.maskedDirectories.some((dir) => isSameOrInside(op.path, dir)) ||
        !reachableAfterHiding(op.path, kernel.hiddenDirectories);
      if (!hidden) last.push(op);
      continue;
    }
    // The workspace is a mount point of the kernel sandbox already: it cannot be renamed.
    if (op.op === "self-bind" && op.path === kernel.workspace) continue;
    if (isSameOrInside(op.path, kernel.workspace)) inside.push(op);
  }
  // Only the workspace is writable in this view: anything bound back outside it (a store's work
  // member, an entry of a rebuilt directory) is bound back read-only.
  const view = { writableRoots: [kernel.workspace] };
  return Object.freeze({
    afterWorkspace: Object.freeze(renderMountArgs({ ...view, ops: inside }, options)),
    last: Object.freeze(renderMountArgs({ ...view, ops: last }, options)),
  });
}
