// Pure renderer: SandboxPolicy → Seatbelt (SBPL) profile text for `sandbox-exec -p`. SBPL is
// last-match-wins, so the order of the nine rule groups below is the policy.
import { SandboxConfigurationError } from "../errors.js";
import {
  SEATBELT_WRITABLE_LITERALS,
  type DenyEntry,
  type SandboxPolicy,
} from "../policy/sandbox-policy.js";
import { seatbeltTeamRules } from "./seatbelt-team.js";

/** Absolute path of the Seatbelt launcher; never looked up on PATH at run time. */
export const SANDBOX_EXEC = "/usr/bin/sandbox-exec";

/**
 * Quotes a path as one SBPL string. Backslash, quote, newline, CR and tab are escaped so no
 * path can close the string and add a rule; NUL cannot be represented and is refused.
 */
export function quoteSbpl(value: string): string {
  if (value.includes("\0")) {
    throw new SandboxConfigurationError(
      "Cannot render Seatbelt profile: a path contains a NUL character",
    );
  }
  let out = '"';
  for (const ch of value) {
    switch (ch) {
      case "\\":
        out += "\\\\";
        break;
      case '"':
        out += '\\"';
        break;
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      default:
        out += ch;
    }
  }
  return `${out}"`;
}

export function renderSeatbeltProfile(policy: SandboxPolicy): string {
  const lines: string[] = [];
  // 1–2. Start from the default allow: the boundary is the denies below.
  lines.push("(version 1)", "(allow default)");
  // 3. Raw network off unless the operator allowed it.
  if (!policy.allowRawNetwork) lines.push("(deny network*)");
  // 4–5. Writes only to the workspace, the private temp and the device literals.
  lines.push("(deny file-write*)");
  lines.push(
    "; the workspace and private temp are the only writable roots; /dev/fd/3 is a worker's protocol fd",
  );
  const writable = [
    `(subpath ${quoteSbpl(policy.workspace)})`,
    `(subpath ${quoteSbpl(policy.tempDir)})`,
    ...SEATBELT_WRITABLE_LITERALS.map((p) => `(literal ${quoteSbpl(p)})`),
  ];
  lines.push(`(allow file-write* ${writable.join(" ")})`);
  for (const path of policy.readOnlyPaths ?? []) {
    lines.push(`(deny file-write* (literal ${quoteSbpl(path)}) (subpath ${quoteSbpl(path)}))`);
  }
  // 6. Team read isolation.
  lines.push(...seatbeltTeamRules(policy, quoteSbpl));
  // 7. Secret read denials.
  for (const entry of policy.denyRead) lines.push(`(deny file-read* ${denyFilter(entry)})`);
  // 8. Keychain: securityd reads the keychain for its caller, so the mach services are the rule
  //    that matters; the file denies cover direct reads.
  lines.push(
    '(deny mach-lookup (global-name "com.apple.SecurityServer") (global-name "com.apple.securityd.xpc"))',
    '(deny file-read* (subpath "/Library/Keychains"))',
    '(deny file-read* (regex #"^/Users/[^/]+/Library/Keychains(/|$)"))',
  );
  // 9. No reading other processes' arguments and environment (KERN_PROCARGS2). Holds only
  //    against a reader in another session, which is why every worker starts in a new one.
  lines.push(
    "(deny process-info* (target others))",
    '(deny sysctl-read (sysctl-name-prefix "kern.proc"))',
  );
  return `${lines.join("\n")}\n`;
}

function denyFilter(entry: DenyEntry): string {
  switch (entry.kind) {
    case "literal":
      return `(literal ${quoteSbpl(entry.path)})`;
    case "prefix":
      return `(prefix ${quoteSbpl(entry.path)})`;
    case "subpath":
      return `(subpath ${quoteSbpl(entry.path)})`;
    default:
      throw new SandboxConfigurationError(
        `Cannot render Seatbelt profile: deny kind must be literal, prefix or subpath: current value is ${JSON.stringify((entry as { kind: unknown }).kind)}`,
      );
  }
}

export function renderSeatbeltArgv(policy: SandboxPolicy, command: readonly string[]): string[] {
  if (command.length === 0) throw new TypeError("Cannot wrap a command: the command is empty");
  return [SANDBOX_EXEC, "-p", renderSeatbeltProfile(policy), ...command];
}
