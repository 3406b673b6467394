// Pure renderer: HelperPolicy → Seatbelt (SBPL) profile for the provider helper. SBPL is
// last-match-wins, so the order of the rule groups below is the policy. The network stays open.
import { quoteSbpl } from "../render/seatbelt.js";
import { KEYCHAIN_DIRS, type HelperPolicy } from "./policy.js";

/** Devices any process writes by path besides its roots. */
export const HELPER_WRITABLE_LITERALS: readonly string[] = [
  "/dev/null",
  "/dev/zero",
  "/dev/stdout",
  "/dev/stderr",
];

/**
 * securityd and its agents read the keychain on the caller's behalf, so file rules alone do not
 * close it. The trust services (trustd, ocspd) stay reachable so TLS works.
 */
export const KEYCHAIN_MACH_SERVICES: readonly string[] = [
  "com.apple.SecurityServer",
  "com.apple.securityd",
  "com.apple.securityd.xpc",
  "com.apple.security.agent",
  "com.apple.security.authhost",
  "com.apple.security.XPCKeychainSandboxCheck",
  "com.apple.CoreAuthentication.agent",
  "com.apple.CoreAuthentication.daemon",
  "com.apple.ctkd.token-client",
];

export function renderHelperSeatbeltProfile(policy: HelperPolicy): string {
  const lines: string[] = [];
  // 1. Start from the default allow: the boundary is the denies below, the network included.
  lines.push("(version 1)", "(allow default)");
  // 2. Writes only to the stage, the private temp and the device literals.
  lines.push("(deny file-write*)");
  const writable = [
    `(subpath ${quoteSbpl(policy.stage)})`,
    `(subpath ${quoteSbpl(policy.tempDir)})`,
    ...HELPER_WRITABLE_LITERALS.map((p) => `(literal ${quoteSbpl(p)})`),
  ];
  lines.push("; the stage and the private temp are the only writable roots");
  lines.push(`(allow file-write* ${writable.join(" ")})`);
  for (const home of policy.homes) {
    // 3. The whole read class, so stat gets EPERM too.
    lines.push(`(deny file-read* (subpath ${quoteSbpl(home)}))`);
    // 4. Subsumed here, but kept: the whole-class allow below would re-open extended attributes
    //    on the read roots, and an operation-specific deny survives it.
    lines.push(`(deny file-read-xattr (subpath ${quoteSbpl(home)}))`);
  }
  // 5–6. The keychain: its services, then its stores read directly.
  const services = KEYCHAIN_MACH_SERVICES.map((name) => `(global-name ${quoteSbpl(name)})`);
  lines.push(`(deny mach-lookup ${services.join(" ")})`);
  const stores = KEYCHAIN_DIRS.map((dir) => `(subpath ${quoteSbpl(dir)})`);
  lines.push(`(deny file-read* file-write* ${stores.join(" ")})`);
  // 7. Traversal to the read roots without listing: literals, never subpaths (listing needs
  //    file-read-data, which stays denied).
  if (policy.traversal.length > 0) {
    const literals = policy.traversal.map((p) => `(literal ${quoteSbpl(p)})`);
    lines.push("; the path components the loader walks to reach the read roots");
    lines.push(`(allow file-read-metadata ${literals.join(" ")})`);
  }
  // 8. The read roots, the stage and the temp, readable again inside a home.
  const readable = [...policy.readPaths, policy.stage, policy.tempDir].map(
    (p) => `(subpath ${quoteSbpl(p)})`,
  );
  lines.push("; the helper's runtime, its package, its stage and its temp");
  lines.push(`(allow file-read* ${readable.join(" ")})`);
  // 9. No reading other processes' arguments and environment (KERN_PROCARGS2). Holds only
  //    against a reader in another session, which is why the helper starts in a new one.
  lines.push(
    "(deny process-info* (target others))",
    '(deny sysctl-read (sysctl-name-prefix "kern.proc"))',
  );
  return `${lines.join("\n")}\n`;
}

export function renderHelperSeatbeltArgv(
  policy: HelperPolicy,
  options: { readonly executable: string; readonly command: readonly string[] },
): string[] {
  if (options.command.length === 0) {
    throw new TypeError("Cannot wrap the provider helper: the command is empty");
  }
  return [options.executable, "-p", renderHelperSeatbeltProfile(policy), ...options.command];
}
