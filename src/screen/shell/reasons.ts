// The reasons the shell precheck gives: one per catastrophic class, stable text for callers and
// logs. A reason never quotes the command, which may carry anything.

export const REASONS = {
  delete: "recursive delete of '/', a home directory or a top-level system directory",
  permissions:
    "recursive permission or ownership change of '/', a home directory or a top-level system directory",
  chmodRoot: "chmod 777 on '/'",
  mkfs: "mkfs would format a filesystem",
  dd: "dd writing directly to a device",
  device: "overwrite of a raw block device, physical memory or the kernel's crash trigger",
  wipe: "wipe or secure erase of a disk",
  forkBomb: "shell fork bomb",
  download: "piping a downloaded script directly into a shell",
  move: "move of '/', a home directory or a top-level system directory",
  accounts: "overwrite, truncation or removal of the system's user, group or sudo database",
  killAll: "signal sent to every process on the system",
  corePackage:
    "removal of a package the system cannot run without (libc, init, the shell, the package manager, the kernel)",
  essential:
    "removal or overwrite of a file every program needs to start (the dynamic loader, libc, the system shell or sudo)",
  tooLong: "command is longer than the 128 KiB a shell accepts as one argument; refused unchecked",
  tooDeep:
    "command nests substitutions or shell strings too deeply, or holds too many, to be checked",
} as const;
