// Category 3 (persistence): writing shell, R or Python start-up files, SSH authorized keys, and
// installing scheduled jobs or services. Category 4 (privilege escalation): sudo and friends,
// the sudoers file, setuid bits and setuid calls.
import { callArguments, callSites, flowsTo } from "./flow.js";
import { CodeContext, containsAny, shellWords } from "./scan.js";
import type { Signature } from "./signature.js";

const STARTUP_FILES = [
  ".bashrc",
  ".bash_profile",
  ".bash_login",
  ".zshrc",
  ".zprofile",
  ".zshenv",
  ".zlogin",
  ".profile",
  "bash.bashrc",
  "rc.local",
  ".rprofile",
  "rprofile.site",
  ".renviron",
  "renviron.site",
  "config.fish",
  ".config/autostart",
  "authorized_keys",
  "sitecustomize.py",
  "usercustomize.py",
  ".xinitrc",
  ".xprofile",
  ".pam_environment",
  "/etc/environment",
  "profile_default/startup",
];

const WRITE_MARKS = [
  "'a'",
  '"a"',
  "'w'",
  '"w"',
  "'a+'",
  '"a+"',
  "'w+'",
  '"w+"',
  "'at'",
  '"at"',
  "'wt'",
  '"wt"',
  "write",
  ">>",
  "> ",
  "tee ",
  "append",
  "cat(",
  "sink(",
  "copy",
  "move(",
  "symlink",
];

function writesStartupFile(ctx: CodeContext): boolean {
  if (!ctx.hasAny(STARTUP_FILES)) return false;
  for (const name of STARTUP_FILES) {
    let from = 0;
    for (let seen = 0; seen < 16; seen += 1) {
      const at = ctx.lower.indexOf(name, from);
      if (at === -1) break;
      from = at + name.length;
      if (flowsTo(ctx.lower, at, (line) => containsAny(line, WRITE_MARKS))) return true;
    }
  }
  return false;
}

const SCHEDULERS = [
  "crontab -",
  "crontab(",
  "/etc/cron",
  "/var/spool/cron",
  "launchagents/",
  "launchdaemons/",
  "/etc/systemd/",
  ".config/systemd/",
  "systemctl enable",
  "systemctl --user enable",
  "/etc/init.d/",
  "schtasks /create",
  "schtasks.exe",
  "currentversion\\run",
  "currentversion\\\\run",
];

// `sudo cmd` inside a literal (a command string or an argv element), or any of the other ways
// to run as another user.
function runsAsAnotherUser(ctx: CodeContext): boolean {
  if (!ctx.hasAny(["sudo", "doas", "pkexec", "su "])) return false;
  for (const literal of ctx.literals) {
    const text = ctx.lower.slice(literal.start, literal.start + literal.text.length).trim();
    if (text === "sudo" || text === "pkexec" || text === "doas") return true;
    if (!containsAny(text, ["sudo", "doas", "pkexec", "su "])) continue;
    const words = shellWords(text);
    for (let i = 0; i < words.length; i += 1) {
      const word = stripShellPunctuation(words[i] ?? "");
      const next = words[i + 1];
      if (next === undefined) continue;
      if (word === "sudo" || word === "doas" || word === "pkexec" || word.endsWith("/sudo")) {
        return true;
      }
      if (word === "su" && (next.startsWith("-") || next === "root")) return true;
    }
  }
  return false;
}

function stripShellPunctuation(word: string): string {
  let start = 0;
  while (start < word.length && "(;&|`$".includes(word[start] ?? "")) start += 1;
  return word.slice(start);
}

function setsSetuidBit(ctx: CodeContext): boolean {
  if (!ctx.has("chmod") && !ctx.hasAny(["s_isuid", "s_isgid"])) return false;
  if (ctx.hasAny(["s_isuid", "s_isgid", "u+s", "g+s", "chmod +s", "chmod a+s"])) return true;
  for (const literal of ctx.literals) {
    const words = shellWords(ctx.lower.slice(literal.start, literal.start + literal.text.length));
    for (let i = 0; i + 1 < words.length; i += 1) {
      if (words[i] === "chmod" && isSetuidOctal(words[i + 1] ?? "")) return true;
    }
  }
  for (const site of [...callSites(ctx.lower, "chmod", true)]) {
    const args = callArguments(ctx.lower, ctx.lower.indexOf("(", site), 200);
    const comma = args.indexOf(",");
    if (comma === -1) continue;
    let mode = args.slice(comma + 1).trim();
    if (mode.startsWith("0o")) mode = mode.slice(2);
    else if (mode.startsWith('"') || mode.startsWith("'")) mode = mode.slice(1);
    if (isSetuidOctal(mode.slice(0, 4))) return true;
  }
  return false;
}

// Four octal digits whose leading digit sets setuid (4), setgid (2) or both (6).
function isSetuidOctal(word: string): boolean {
  if (word.length < 4) return false;
  const lead = word[0];
  if (lead !== "2" && lead !== "4" && lead !== "6" && lead !== "7") return false;
  for (let i = 1; i < 4; i += 1) {
    const code = word.charCodeAt(i);
    if (code < 48 || code > 55) return false;
  }
  const fifth = word.charCodeAt(4);
  return word.length === 4 || fifth < 48 || fifth > 57;
}

const SETUID_CALLS = [
  "setuid(0)",
  "setreuid(0",
  "setresuid(0",
  "setgid(0)",
  "setcap cap_",
  "/etc/sudoers",
];

export const PERSISTENCE_SIGNATURES: readonly Signature[] = [
  {
    category: 3,
    reason: "writes a shell, R or Python start-up file or SSH authorized_keys",
    triggers: [
      ".bashrc",
      ".bash_",
      ".zshrc",
      ".zprofile",
      ".zshenv",
      ".zlogin",
      ".profile",
      "rc.local",
      "rprofile",
      "renviron",
      "config.fish",
      "autostart",
      "authorized_keys",
      "customize.py",
      ".xinitrc",
      ".xprofile",
      ".pam_environment",
      "/etc",
      "profile_default",
    ],
    test: writesStartupFile,
  },
  {
    category: 3,
    reason: "installs a scheduled job, service or autostart entry",
    triggers: [
      "crontab",
      "/cron",
      "launchagent",
      "launchdaemon",
      "systemd",
      "systemctl",
      "init.d",
      "schtasks",
      "currentversion",
    ],
    test: (ctx) => ctx.hasAny(SCHEDULERS),
  },
  {
    category: 4,
    reason: "runs a command as another user (sudo, su, doas, pkexec)",
    triggers: ["sudo", "doas", "pkexec", "su "],
    test: runsAsAnotherUser,
  },
  {
    category: 4,
    reason: "sets a setuid or setgid bit",
    triggers: ["chmod", "s_isuid", "s_isgid"],
    test: setsSetuidBit,
  },
  {
    category: 4,
    reason: "changes user identity or capabilities, or touches sudoers",
    triggers: ["setuid", "setreuid", "setresuid", "setgid", "setcap", "sudoers"],
    test: (ctx) => ctx.hasAny(SETUID_CALLS),
  },
];
