// Pure renderer: rule set → Seatbelt profile, in the exact order of spec §3.6. SBPL gives the
// later matching rule precedence, so the order is part of the contract: denies, then the work
// reopenings, then the ancestor rules that no reopening may undo.
import { quoteSbpl } from "../render/seatbelt.js";
import { ProtectedStoreError } from "./errors.js";
import { MAX_PROFILE_BYTES, type ProtectRuleSet } from "./rules.js";

export const PROFILE_HEADER = "(version 1)\n(allow default)\n";
/** The one allow a control profile may hold: OS DNS for HTTPS providers. */
export const MDNS_ALLOW = '(allow network-outbound (literal "/private/var/run/mDNSResponder"))';

export function renderProtectSeatbelt(rules: ProtectRuleSet): string {
  const lines: string[] = [
    // Credential-bearing memory is not a child-process API.
    "(deny mach-task-read)",
    "(deny mach-task-name)",
    // Named IPC: no asking an outside daemon to write, no accepting a helper on a listener.
    '(deny network-outbound (regex #"^/"))',
    MDNS_ALLOW,
    '(deny network-bind (regex #"^/"))',
  ];
  for (const p of rules.writes) lines.push(`(deny file-write* (subpath ${quoteSbpl(p)}))`);
  for (const p of rules.reads) lines.push(`(deny file-read* (subpath ${quoteSbpl(p)}))`);
  for (const p of rules.workPaths)
    lines.push(`(allow file-read* file-write* (subpath ${quoteSbpl(p)}))`);
  for (const a of rules.ancestors) {
    lines.push(`(deny file-write-unlink (literal ${quoteSbpl(a)}))`);
    lines.push(
      `(deny file-write-create (require-all (literal ${quoteSbpl(a)}) (vnode-type SYMLINK)))`,
    );
  }
  const profile = `${PROFILE_HEADER}${lines.join("\n")}\n`;
  checkProfileSize(profile);
  return profile;
}

export function checkProfileSize(profile: string): void {
  const bytes = Buffer.byteLength(profile, "utf8");
  if (bytes > MAX_PROFILE_BYTES)
    throw new ProtectedStoreError(
      "ERR_PROTECT_LIMIT",
      `the protected profile is ${bytes} bytes and exceeds the protected launch size limit of ${MAX_PROFILE_BYTES} bytes`,
    );
}

/**
 * The combined child profile on macOS (spec §2 runtime step 2): the child profile, then the
 * control profile's lines without its header. Each appended line must be a deny or the DNS
 * allow, so a control profile cannot reopen anything.
 */
export function composeSeatbelt(childProfile: string, controlProfile: string): string {
  if (!controlProfile.startsWith(PROFILE_HEADER) || !childProfile.startsWith(PROFILE_HEADER))
    throw new ProtectedStoreError(
      "ERR_PROTECT_PIN",
      "cannot compose the child profile: a profile does not start with the protected header",
    );
  const body = controlProfile.slice(PROFILE_HEADER.length).split("\n");
  if (body.at(-1) === "") body.pop();
  for (const line of body) {
    if (line !== MDNS_ALLOW && !line.startsWith("(deny "))
      throw new ProtectedStoreError(
        "ERR_PROTECT_PIN",
        `cannot compose the child profile: control line ${JSON.stringify(line.slice(0, 80))} is neither a deny nor the DNS allow`,
      );
  }
  const combined = `${childProfile}${body.join("\n")}\n`;
  checkProfileSize(combined);
  if (!combined.includes("(deny "))
    throw new ProtectedStoreError("ERR_PROTECT_PIN", "the combined profile holds no deny");
  return combined;
}
