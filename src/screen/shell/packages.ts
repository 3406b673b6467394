// Package managers told to remove a package the system cannot run without: the C library, the
// init system, the system shell, the core utilities, the package manager itself, the kernel.
// Once one is gone nothing can be started, not even the tool that would put it back.

const CORE_PACKAGES = new Set([
  ...["libc6", "libc-bin", "glibc", "musl", "systemd", "systemd-sysv", "init", "sysvinit-core"],
  ...["bash", "dash", "coreutils", "util-linux", "base-files", "base-passwd", "login", "sudo"],
  ...["dpkg", "apt", "rpm", "dnf", "yum", "pacman", "apk-tools", "zypper", "filesystem"],
  ...["setup", "pam", "libpam0g", "libpam-modules", "busybox", "alpine-baselayout", "linux"],
  ...["kernel", "kernel-core", "linux-image-generic", "grub-pc", "grub2", "shadow-utils"],
]);

const EVERYTHING = new Set(["*", ".*", "'*'", "^.*", ".+"]);
const KERNEL_GLOBS = new Set(["linux-image-*", "kernel*", "kernel-core*", "linux-image*"]);

// The verbs that remove, for each manager that takes one.
const REMOVE_VERBS: Readonly<Record<string, ReadonlySet<string>>> = {
  apt: new Set(["remove", "purge", "autoremove"]),
  "apt-get": new Set(["remove", "purge", "autoremove"]),
  aptitude: new Set(["remove", "purge"]),
  dnf: new Set(["remove", "erase", "autoremove"]),
  yum: new Set(["remove", "erase", "autoremove"]),
  microdnf: new Set(["remove"]),
  zypper: new Set(["remove", "rm"]),
  apk: new Set(["del"]),
};

const MANAGERS = new Set([...Object.keys(REMOVE_VERBS), "dpkg", "rpm", "pacman"]);

/** True when the command removes one of the packages the system needs to run. */
export function removesCorePackage(name: string, args: readonly string[]): boolean {
  if (!MANAGERS.has(name)) return false;
  const operands = args.filter((a) => !a.startsWith("-"));
  let packages: readonly string[];
  const verbs = REMOVE_VERBS[name];
  if (verbs !== undefined) {
    if (!verbs.has(operands[0] ?? "")) return false;
    packages = operands.slice(1);
  } else if (name === "dpkg") {
    const removes = args.some(
      (a) => /^-[a-zA-Z]{0,4}[rP]$/.test(a) || a === "--remove" || a === "--purge",
    );
    if (!removes) return false;
    packages = operands;
  } else if (name === "rpm") {
    if (!args.some((a) => /^-[a-zA-Z]{0,4}e/.test(a) || a === "--erase")) return false;
    packages = operands;
  } else if (name === "pacman") {
    if (!args.some((a) => /^-R[a-zA-Z]{0,6}$/.test(a) || a === "--remove")) return false;
    packages = operands;
  } else return false;
  // A pattern matching every package (`'*'`, `'.*'`), or every kernel (`'linux-image-*'`).
  if (packages.some((p) => EVERYTHING.has(p) || KERNEL_GLOBS.has(p))) return true;
  // "libc6:amd64", "bash=5.2-1", "glibc.x86_64": the name before the architecture or version.
  return packages.some((p) =>
    CORE_PACKAGES.has(p.split(/[:=]/)[0]?.replace(/\.(?:x86_64|aarch64|i686|noarch)$/, "") ?? ""),
  );
}
