// The WSL parts of the kernel sandbox policy: what a Cell on a WSL host must not reach on top of
// the single-user boundary. Plain data, decided once when the policy is built; the bubblewrap
// renderer turns it into mounts (src/render/bwrap-wsl.ts).
import type { ReadMask } from "./sandbox-policy.js";

export interface WslSandboxForm {
  /**
   * Masks over the WSL read denials that exist on the host (the interop loader /init, /run with
   * its interop sockets, the shared temp directories, /mnt/wsl, /mnt/wslg and every Windows
   * mount), minimal: none inside another masked directory. A directory gets an empty tmpfs, a
   * file /dev/null. Placed before the workspace bind, so a workspace on a Windows drive stays
   * reachable.
   */
  readonly masks: readonly ReadMask[];
  /**
   * Real paths bound back read-only after the masks (`--ro-bind-try`): the resolver
   * configuration when /etc/resolv.conf resolves into a masked directory.
   */
  readonly resolverBinds: readonly string[];
  /**
   * Masked directories remounted read-only after the binds (non-recursive, so a workspace or
   * temp bound below keeps its own mode): every masked directory except /tmp and /var/tmp.
   */
  readonly readOnlyRemounts: readonly string[];
  /**
   * The Windows mount the workspace lies on, or null. Path rules cannot tell two names of one
   * file apart, and a Windows drive can hold hardlinks: such a workspace needs the hardlink
   * inventory (spec §7.9) before each launch.
   */
  readonly workspaceWindowsMount: string | null;
}
