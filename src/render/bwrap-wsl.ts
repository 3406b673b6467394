// Pure renderer for the WSL steps of the bubblewrap argv (spec §7.6, steps 7 and 12), called at
// the WSL markers of render/bwrap.ts. Each returns nothing when the policy has no WSL parts.
import { isSameOrInside, type ReadMask, type SandboxPolicy } from "../policy/sandbox-policy.js";

/**
 * Step 7: the WSL masks, then the resolver rebind. Right after `/`, `/dev` and `/proc`, before
 * any bind: later binds (the workspace, the private temp) resolve their sources through the old
 * root, so they still reach a workspace on a Windows drive or a temp under /tmp. The rebind must
 * come before any remount, while the masked tmpfs is still writable for its mount point.
 */
export function wslMaskArgv(policy: SandboxPolicy): string[] {
  const wsl = policy.wsl;
  if (wsl === undefined || wsl === null) return [];
  const argv = maskArgv(wsl.masks);
  for (const path of wsl.resolverBinds) argv.push("--ro-bind-try", path, path);
  return argv;
}

/**
 * The WSL masks that lie strictly inside one of `rebuilt` (the home directories rebuilt with
 * their entries bound back), again: an entry bound back from the host brings any Windows mount
 * below it with it. Placed right after those rebuilt directories.
 */
export function wslMasksInsideArgv(policy: SandboxPolicy, rebuilt: readonly string[]): string[] {
  const wsl = policy.wsl;
  if (wsl === undefined || wsl === null) return [];
  const inside = wsl.masks.filter((mask) =>
    rebuilt.some((dir) => mask.path !== dir && isSameOrInside(mask.path, dir)),
  );
  return maskArgv(inside);
}

/**
 * Step 12: the masked directories read-only, after every bind. `--remount-ro` changes only the
 * mount at that path, so the workspace or temp bound below it stays writable, and /tmp and
 * /var/tmp are not in the list: Cells need a writable temp.
 */
export function wslRemountArgv(policy: SandboxPolicy): string[] {
  const wsl = policy.wsl;
  if (wsl === undefined || wsl === null) return [];
  return wsl.readOnlyRemounts.flatMap((path) => ["--remount-ro", path]);
}

function maskArgv(masks: readonly ReadMask[]): string[] {
  const argv: string[] = [];
  for (const mask of masks) {
    if (mask.type === "directory") argv.push("--tmpfs", mask.path);
    else argv.push("--ro-bind", "/dev/null", mask.path);
  }
  return argv;
}
