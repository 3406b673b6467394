// Files a shell or cron runs later on its own: shell start-up files, profile.d, rc.local and
// the cron tables. A command written into one (`echo 'rm -rf ~' >> ~/.bashrc`) is planted, not
// quoted: it runs at the next login or the next minute, so it is judged like one run now.

/** How a file's text will be run: as a shell script, or as cron lines (with a user field). */
export type DeferredKind = "script" | "cron" | "system-cron" | null;

// Start-up files shells read at login or for every interactive shell, by base name.
const STARTUP_NAMES = new Set([
  ...[".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile", ".zshrc"],
  ...[".zprofile", ".zshenv", ".zlogin", ".zlogout", ".kshrc", ".mkshrc", ".cshrc", ".tcshrc"],
  ...[".login", ".logout", ".xprofile", ".xinitrc", ".xsession", ".xsessionrc", "config.fish"],
]);

// System-wide start-up scripts, by full path.
const SYSTEM_STARTUP = new Set([
  ...["/etc/profile", "/etc/bashrc", "/etc/bash.bashrc", "/etc/zshrc", "/etc/zsh/zshrc"],
  ...["/etc/zprofile", "/etc/zsh/zprofile", "/etc/zshenv", "/etc/zsh/zshenv", "/etc/rc.local"],
  ...["/etc/csh.cshrc", "/etc/csh.login", "/etc/bash.bash_logout"],
]);

// Directories whose every file is run: by login shells, by run-parts from cron, at boot.
const SCRIPT_DIRECTORIES = [
  ...["/etc/profile.d/", "/etc/cron.hourly/", "/etc/cron.daily/", "/etc/cron.weekly/"],
  ...["/etc/cron.monthly/", "/etc/init.d/", "/etc/rc.d/"],
];

export function deferredKind(path: string): DeferredKind {
  // Only a dot-file or a path under /etc or /var can be one: most written files pay one test.
  if (!path.includes(".") && !path.startsWith("/etc") && !path.startsWith("/var")) return null;
  const clean = path.replace(/\/{2,}/g, "/").replace(/\/\.\//g, "/");
  if (clean === "/etc/crontab" || clean.startsWith("/etc/cron.d/")) return "system-cron";
  if (clean.startsWith("/var/spool/cron/")) return "cron";
  if (SYSTEM_STARTUP.has(clean)) return "script";
  if (SCRIPT_DIRECTORIES.some((d) => clean.startsWith(d) && clean.length > d.length))
    return "script";
  const slash = clean.lastIndexOf("/");
  return STARTUP_NAMES.has(clean.slice(slash + 1)) ? "script" : null;
}

/**
 * The commands of cron lines: what follows the five time fields (or an @reboot-style word) and,
 * in the system tables, the user field. Comments and variable settings are skipped.
 */
export function cronCommands(text: string, userField: boolean, max: number): string[] {
  const commands: string[] = [];
  for (const line of text.split("\n")) {
    if (commands.length >= max) break;
    const fields = line.trim().split(/[ \t]+/);
    const first = fields[0] ?? "";
    if (first === "" || first.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]{0,63}=/.test(first))
      continue;
    const skip = (first.startsWith("@") ? 1 : 5) + (userField ? 1 : 0);
    if (fields.length <= skip) continue;
    commands.push(fields.slice(skip).join(" "));
  }
  return commands;
}
