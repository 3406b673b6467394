// The catastrophic classes as literal rules over a program's argv: recursive deletes, moves and
// permission changes of whole systems, formats, raw device writes, wipes and secure erases.
import { longValue, optionValue, permutedFlags } from "./options.js";
import { REASONS } from "./reasons.js";
import {
  everyoneTraverses,
  isBlockDevice,
  isEssentialFile,
  isProgramDirectoryContents,
  isSystemContents,
} from "./targets.js";
import { deviceWriteRule } from "./device-writes.js";
import { destroysAccounts } from "./account-files.js";
import { killsEverything } from "./kill-all.js";
import { removesCorePackage } from "./packages.js";

/**
 * The literal rules, on the program that finally runs. `doomed` says why a target path would be
 * catastrophic (the checker resolves it against the working directory it has followed).
 */
export function catastrophicRule(
  name: string,
  args: readonly string[],
  doomed: (target: string) => string | null,
): string | null {
  const deviceWrite = deviceWriteRule(name, args);
  if (deviceWrite !== null) return deviceWrite;
  if (killsEverything(name, args)) return REASONS.killAll;
  if (destroysEssentialFile(name, args)) return REASONS.essential;
  if (removesCorePackage(name, args)) return REASONS.corePackage;
  if (destroysAccounts(name, args)) return REASONS.accounts;
  const removesSources = archiveRemovesSources(name, args, doomed);
  if (removesSources !== null) return removesSources;
  const elsewhere = syncOrTrashRule(name, args, doomed);
  if (elsewhere !== null) return elsewhere;
  const firmware = diskToolRule(name, args);
  if (firmware !== null) return firmware;
  if (name === "rm" || name === "srm") {
    const flags = permutedFlags(args, 0);
    const recursive =
      /[rR]/.test(flags.short) || flags.long.some((l) => isPrefixOf(l, "recursive", 1));
    if (recursive && anyDoomed(flags.operands, doomed)) return REASONS.delete;
    return null;
  }
  if (name === "cmake" && args[0] === "-E") {
    // cmake's portable shell commands: `-E rm -r`, `-E remove_directory`, `-E rm_r` (old).
    const tool = args[1] ?? "";
    const rest = args.slice(2);
    const recursive =
      tool === "remove_directory" ||
      (tool === "rm" && rest.some((a) => /^-[a-zA-Z]{0,4}[rR]/.test(a) && !a.startsWith("--")));
    const operands = rest.filter((a) => !a.startsWith("-"));
    return recursive && anyDoomed(operands, doomed) ? REASONS.delete : null;
  }
  if (name === "wipe" && args.some((a) => /^-[a-zA-Z]{0,6}r/.test(a))) {
    // wipe(1) -r securely deletes a whole tree: the recursive delete, unrecoverable.
    return anyDoomed(
      args.filter((a) => !a.startsWith("-")),
      doomed,
    )
      ? REASONS.delete
      : null;
  }
  if (name === "rimraf" || name === "del-cli") {
    // rimraf (and del-cli) is `rm -rf` as a program: every operand is removed recursively.
    return anyDoomed(
      args.filter((a) => !a.startsWith("-")),
      doomed,
    )
      ? REASONS.delete
      : null;
  }
  if (name === "rsync") {
    // `rsync --delete EMPTY/ /` makes the destination match an empty source: a recursive delete.
    const flags = permutedFlags(args, 0, {
      shortWithValue: "eTfB",
      longWithValue: ["rsh", "exclude", "include", "filter", "temp-dir", "files-from"],
    });
    const deletes = flags.long.some((l) => l === "del" || l.startsWith("delete"));
    // `--dry-run` / `-n` lists what would go and removes nothing.
    if (flags.long.includes("dry-run") || flags.short.includes("n")) return null;
    const last = flags.operands[flags.operands.length - 1];
    // `host:/etc/` is that machine's /etc; `host:` and `host:~` its home.
    const remote =
      last === undefined ? null : /^(?:[A-Za-z0-9._-]{1,64}@)?[A-Za-z0-9._-]{2,253}:/.exec(last);
    const rest = remote === null || last === undefined ? null : last.slice(remote[0].length);
    const destination =
      rest === null
        ? last
        : rest === "" || rest.startsWith("~")
          ? `~${rest.slice(1)}`
          : rest.startsWith("/")
            ? rest
            : `~/${rest}`;
    return deletes &&
      flags.operands.length >= 2 &&
      destination !== undefined &&
      doomed(destination) !== null
      ? REASONS.delete
      : null;
  }
  const windows = windowsRule(name, args, doomed);
  if (windows !== null) return windows;
  if (name === "diskutil") {
    // macOS: erase, zero or repartition a whole disk or volume.
    const verb = (args[0] ?? "").toLowerCase();
    const erases = [
      "erasedisk",
      "erasevolume",
      "zerodisk",
      "randomdisk",
      "secureerase",
      "partitiondisk",
      "reformat",
    ].includes(verb);
    return erases ? REASONS.wipe : null;
  }
  const volumes = volumeRule(name, args);
  if (volumes !== null) return volumes;
  if (name === "mv") {
    const { operands } = permutedFlags(args, 0, {
      shortWithValue: "tS",
      longWithValue: ["target-directory", "suffix"],
    });
    // -t DIR / --target-directory=DIR names the destination: every operand is a source.
    const targeted =
      longValue(args, "target-directory") !== null ||
      args.some((a) => /^-[a-zA-Z]{0,4}t/.test(a) && !a.startsWith("--"));
    const sources = targeted ? operands : operands.slice(0, -1);
    if (anyDoomed(sources, doomed)) return REASONS.move;
    // `mv image.img /dev/sda` onto an existing device node writes through it.
    return sources.length > 0 && isBlockDevice(operands[operands.length - 1] ?? "")
      ? REASONS.device
      : null;
  }
  if (name === "chcon") {
    // SELinux relabelling of a whole system tree leaves the machine unable to boot or log in.
    const flags = permutedFlags(args, 0, {
      shortWithValue: "turl",
      longWithValue: ["user", "role", "type", "range", "reference"],
    });
    const recursive = flags.short.includes("R") || flags.long.includes("recursive");
    return recursive && anyDoomed(flags.operands, doomed) ? REASONS.permissions : null;
  }
  if (name === "icacls" || name === "takeown") {
    // Windows: `icacls C:\ /grant Everyone:F /T`, `takeown /f C:\ /r`, recursive over a drive.
    const lower = args.map((a) => a.toLowerCase());
    const recursive = lower.includes(name === "icacls" ? "/t" : "/r");
    const target = name === "icacls" ? args[0] : args[lower.indexOf("/f") + 1];
    return recursive && target !== undefined && doomed(target) !== null
      ? REASONS.permissions
      : null;
  }
  if (name === "setfacl" || name === "chattr") {
    const flags = permutedFlags(args, 0, {
      shortWithValue: "mMxX",
      longWithValue: ["modify", "remove", "set", "set-file"],
    });
    const recursive = flags.short.includes("R") || flags.long.includes("recursive");
    return recursive && anyDoomed(flags.operands, doomed) ? REASONS.permissions : null;
  }
  if (name === "nvme") {
    const erases = args[0] === "format" || args[0] === "sanitize";
    return erases && args.some((a) => /^\/dev\/nvme[0-9]{1,3}/.test(a)) ? REASONS.wipe : null;
  }
  if (name === "chmod" || name === "chown" || name === "chgrp") {
    const flags = permutedFlags(args, 0, { longWithValue: ["reference", "from"] });
    // GNU getopt takes any unambiguous prefix: "--rec" is --recursive ("--re" could be --reference).
    const recursive =
      flags.short.includes("R") || flags.long.some((l) => isPrefixOf(l, "recursive", 3));
    // With --reference there is no mode (or owner) word: every operand is a target.
    const referenced = flags.long.some((l) => l.startsWith("reference"));
    // `chmod -x FILE`, `chmod -R -w DIR`: a mode that starts with "-" reads as an option, and
    // then every operand is a target.
    const dashMode = name === "chmod" ? args.find((a) => /^-[rwxXst]{1,6}$/.test(a)) : undefined;
    const targets = referenced || dashMode !== undefined ? flags.operands : flags.operands.slice(1);
    if (recursive && anyDoomed(targets, doomed)) return REASONS.permissions;
    const mode = dashMode ?? flags.operands[0] ?? "";
    // `chmod 755 /usr/bin/sudo`, `chmod u-s /bin/su`, `chown nobody /usr/bin/sudo`: sudo and su
    // work only setuid root, and nothing else can give root back.
    const setuidTargets = targets.filter(isSetuidEssential);
    if (setuidTargets.length > 0) {
      if (name === "chmod" && clearsSetuid(mode)) return REASONS.permissions;
      if (name === "chown" && !referenced && !/^(?:root|0)(?:[:.]|$)/.test(mode))
        return REASONS.permissions;
    }
    // `chmod 000 /`, `chmod o-x /`: nobody but root can reach any file any more.
    if (name === "chmod" && locksOthersOut(mode) && anyRoot(targets, doomed))
      return REASONS.permissions;
    // `chmod 700 /usr`, `chmod o-x /etc`: only root can reach the programs or libraries.
    if (name === "chmod" && locksOthersOut(mode) && targets.some(everyoneTraverses))
      return REASONS.permissions;
    // `chmod -x /bin/*`, `chmod 644 /lib64/ld-linux-x86-64.so.2`: nothing can be executed.
    const essentials = (t: string): boolean => isEssentialFile(t) || isProgramDirectoryContents(t);
    if (name === "chmod" && removesAllExecute(mode) && targets.some(essentials))
      return REASONS.permissions;
    const opensUp =
      (/^0{0,2}7{3}$|^[ugoa]{0,4}[+=]r?w?x?$/.test(mode) && mode.includes("7")) ||
      /^[ao]?\+rwx$|^[ao]?\+w$/.test(mode);
    if (name === "chmod" && opensUp && anyRoot(targets, doomed)) {
      return REASONS.chmodRoot;
    }
    return null;
  }
  if (
    name.startsWith("mkfs") ||
    name === "mke2fs" ||
    name === "mkswap" ||
    name === "mkntfs" ||
    name === "mkdosfs" ||
    name === "newfs" ||
    name.startsWith("newfs_")
  ) {
    return args.some((a) => isBlockDevice(a)) || formatsUnknownTarget(name, args)
      ? REASONS.mkfs
      : null;
  }
  if (name === "dd" || name === "dcfldd" || name === "dc3dd") {
    // A device node whose name is unknown (`of=/dev/$DISK`, `of=/dev/$(lsblk …)`) is a disk:
    // nothing else under /dev is written by name from a variable.
    return args.some(
      (a) => a.startsWith("of=") && (isBlockDevice(a.slice(3)) || UNKNOWN_DEVICE.test(a.slice(3))),
    )
      ? REASONS.dd
      : null;
  }
  if (!DEVICE_PROGRAMS.has(name) || !args.some((a) => isBlockDevice(a))) return null;
  switch (name) {
    case "wipefs": {
      const flags = permutedFlags(args, 0, {
        shortWithValue: "otO",
        longWithValue: ["offset", "types", "output"],
      });
      const erases =
        /[ao]/.test(flags.short) || flags.long.some((l) => l === "all" || l.startsWith("offset"));
      const dryRun = flags.short.includes("n") || flags.long.includes("no-act");
      return erases && !dryRun ? REASONS.wipe : null;
    }
    case "shred":
    case "blkdiscard":
    case "sgdisk":
    case "sfdisk":
    case "cryptsetup":
      if (name === "sgdisk" && !sgdiskDestroys(args)) return null;
      if (name === "sfdisk" && !args.some((a) => a === "--delete" || a === "--wipe" || a === "-w"))
        return null;
      if (name === "cryptsetup" && !args.some((a) => /^luksformat$|^erase$|^luksErase$/i.test(a)))
        return null;
      return REASONS.wipe;
    case "badblocks":
      // -w is the destructive write test: every block is overwritten with patterns.
      return args.some((a) => /^-[a-zA-Z]{0,8}w/.test(a)) ? REASONS.wipe : null;
    case "hdparm":
      // Setting a security password locks the drive behind it at the next power cycle (and is
      // the first step of a secure erase); writing or marking sectors destroys what they hold.
      return args.some((a) => HDPARM_DESTROYS.some((option) => a.startsWith(option)))
        ? REASONS.wipe
        : null;
    case "parted":
      return args.some((a) => a === "mklabel" || a === "mktable" || a === "rm")
        ? REASONS.wipe
        : null;
    case "cp":
    case "mv":
    case "install":
      return isBlockDevice(args[args.length - 1] ?? "") ? REASONS.device : null;
    case "ddrescue":
      return ddrescueWritesDevice(args) ? REASONS.device : null;
    case "pv":
      // pv copies its operands to its output: a disk it names is read (`pv /dev/sda > disk.img`).
      // Only `-o`/`--output` names what it writes.
      return isBlockDevice(optionValue(args, args.length, "o", "output") ?? "")
        ? REASONS.device
        : null;
    case "tee":
    case "truncate":
    case "fallocate":
      return REASONS.device;
    default:
      return null;
  }
}

/**
 * `ddrescue [options] infile outfile [mapfile]`: the output is the second operand, and the last
 * when no map file follows (`ddrescue -f /dev/zero /dev/sda rescue.map`).
 */
function ddrescueWritesDevice(args: readonly string[]): boolean {
  const operands = args.filter((a) => !a.startsWith("-"));
  const last = operands[operands.length - 1] ?? "";
  const beforeLast = operands.length >= 3 ? (operands[operands.length - 2] as string) : "";
  return (operands.length >= 2 && isBlockDevice(last)) || isBlockDevice(beforeLast);
}

// Programs that remove or empty every file they are given.
const REMOVERS = new Set(["rm", "srm", "unlink", "shred", "rimraf", "truncate"]);
// Sources whose content, copied or linked over a file, destroys it.
const NOTHING = new Set(["/dev/null", "/dev/zero", "/dev/urandom", "/dev/random"]);

/**
 * `rm -f /bin/sh`, `truncate -s0 /lib64/ld-linux-x86-64.so.2`, `cp /dev/null /bin/bash`,
 * `mv /usr/bin/sudo /tmp`: the loader, libc, the system shell or sudo removed or emptied.
 * Copying or linking a real program over one (`ln -sf dash /bin/sh`) is how they are switched,
 * so only an empty source counts there.
 */
function destroysEssentialFile(name: string, args: readonly string[]): boolean {
  if (REMOVERS.has(name))
    return args.some((a) => !a.startsWith("-") && (isEssentialFile(a) || isSystemContents(a)));
  if (name !== "cp" && name !== "mv" && name !== "ln" && name !== "install") return false;
  const operands = args.filter((a) => !a.startsWith("-"));
  if (operands.length < 2) return false;
  const destination = operands[operands.length - 1] as string;
  const sources = operands.slice(0, -1);
  if (name === "mv" && sources.some(isEssentialFile)) return true;
  // `ln -sf /bin/false /bin/sh`: a program that does nothing stands in for the shell or sudo.
  const nothing = (s: string): boolean =>
    NOTHING.has(s) || (s.includes("/") && DO_NOTHING_PROGRAMS.has(s.slice(s.lastIndexOf("/") + 1)));
  return sources.some(nothing) && isEssentialFile(destination);
}

// Programs that do nothing (or refuse every login): linked or copied over the system shell,
// sudo or login, nothing can be run or become root again.
const DO_NOTHING_PROGRAMS = new Set(["false", "true", "nologin"]);

/**
 * cmd.exe and PowerShell spellings of the same classes: `format C:`, `rd /s /q C:\`,
 * `del /s C:\*`, `Remove-Item -Recurse -Force C:\`.
 */
function windowsRule(
  name: string,
  args: readonly string[],
  doomed: (target: string) => string | null,
): string | null {
  if (name === "format") return args.some((a) => /^[a-z]:\\?$/i.test(a)) ? REASONS.mkfs : null;
  if (!WINDOWS_DELETES.has(name)) return null;
  const cmdRecursive = args.some((a) => a.toLowerCase() === "/s");
  // PowerShell accepts any prefix of -Recurse.
  const psRecursive = args.some((a) => /^-r(?:e(?:c(?:u(?:r(?:s(?:e)?)?)?)?)?)?$/i.test(a));
  // An unquoted `C:\Windows` reaches the precheck as `C:Windows` (the shell drops the
  // backslash): the drive's root path it stood for.
  const targets = args
    .filter((a) => !isSwitch(a) && !a.startsWith("-"))
    .map((a) => (/^[a-z]:[^\\/]/i.test(a) ? `${a.slice(0, 2)}/${a.slice(2)}` : a));
  return (cmdRecursive || psRecursive) && anyDoomed(targets, doomed) ? REASONS.delete : null;
}

/** A cmd.exe switch: "/x" or "/x:value"; a lone "/" is a path. (Top level: see anyDoomed.) */
function isSwitch(arg: string): boolean {
  return /^\/[a-z](?::[a-z-]{0,8})?$/i.test(arg);
}

// Programs whose rule needs a block device among their arguments.
const DEVICE_PROGRAMS = new Set([
  ...["wipefs", "shred", "blkdiscard", "sgdisk", "sfdisk", "cryptsetup", "badblocks", "hdparm"],
  ...["parted", "cp", "mv", "install", "ddrescue", "pv", "tee", "truncate", "fallocate"],
]);
const HDPARM_DESTROYS = [
  ...["--security-erase", "--trim-sector", "--security-set-pass", "--write-sector"],
  "--make-bad-sector",
];
const WINDOWS_DELETES = new Set(["rd", "rmdir", "del", "erase", "remove-item", "ri"]);

// Loops rather than `.some(t => doomed(t))`: a closure over `doomed` would make every call of
// catastrophicRule allocate a context, once per pipeline stage, whatever the program.
function anyDoomed(targets: readonly string[], doomed: (t: string) => string | null): boolean {
  for (let k = 0; k < targets.length; k++) if (doomed(targets[k] as string) !== null) return true;
  return false;
}

function anyRoot(targets: readonly string[], doomed: (t: string) => string | null): boolean {
  for (let k = 0; k < targets.length; k++)
    if (doomed(targets[k] as string) === "the root directory") return true;
  return false;
}

/** `given` is `full` or an abbreviation of it at least `min` letters long, as getopt accepts. */
function isPrefixOf(given: string, full: string, min: number): boolean {
  return given.length >= min && full.startsWith(given);
}

/**
 * A chmod mode that takes search (x) permission away from "others": octal with the last digit
 * even, or a symbolic clause for o/a (or no who) that removes x with "-" or leaves it out of "=".
 */
function locksOthersOut(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) return (parseInt(mode, 8) & 0o001) === 0;
  return mode.split(",").some((clause) => {
    const match = /^([ugoa]{0,4})([-=])([rwxXst]{0,6})$/.exec(clause);
    if (match === null) return false;
    const [, who = "", op, perms = ""] = match;
    const others = who === "" || who.includes("o") || who.includes("a");
    return others && (op === "-" ? perms.includes("x") : !perms.includes("x"));
  });
}

const SETUID_ESSENTIALS = new Set(["sudo", "su", "doas", "pkexec"]);

function isSetuidEssential(path: string): boolean {
  return isEssentialFile(path) && SETUID_ESSENTIALS.has(path.slice(path.lastIndexOf("/") + 1));
}

/** A chmod mode that leaves a file without its set-user-ID bit: `755`, `0755`, `u-s`, `=rx`. */
function clearsSetuid(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode))
    return mode.length < 4 || (parseInt(mode[0] as string, 8) & 4) === 0;
  return mode.split(",").some((clause) => {
    const match = /^([ugoa]{0,4})([-=])([rwxXst]{0,6})$/.exec(clause);
    if (match === null) return false;
    const [, who = "", op, perms = ""] = match;
    const user = who === "" || who.includes("u") || who.includes("a");
    return user && (op === "-" ? perms.includes("s") : !perms.includes("s"));
  });
}

/** A mode that leaves no execute bit for anyone: `-x`, `a-x`, `=rw`, `644`, `000`. */
function removesAllExecute(mode: string): boolean {
  if (/^[0-7]{1,4}$/.test(mode)) return (parseInt(mode, 8) & 0o111) === 0;
  const match = /^([ugoa]{0,4})([-=])([rwxXst]{0,6})$/.exec(mode);
  if (match === null) return false;
  const [, who = "", op, perms = ""] = match;
  const everyone =
    who === "" ||
    who.includes("a") ||
    (who.includes("u") && who.includes("g") && who.includes("o"));
  return everyone && (op === "-" ? perms.includes("x") : !/[xX]/.test(perms));
}

// sgdisk operations that replace or discard a partition table, or a partition: zap, clear,
// delete, load a backup over it, replicate another disk's table onto it.
const SGDISK_LONG_DESTROYS = ["--zap", "--clear", "--delete", "--load-backup", "--replicate"];

function sgdiskDestroys(args: readonly string[]): boolean {
  // -P / --pretend only shows what would happen.
  if (args.some((a) => a === "--pretend" || /^-[a-zA-Z]{0,8}P/.test(a))) return false;
  return args.some(
    (a) =>
      /^-[a-zA-Z]{0,8}[ZzodlR]/.test(a) ||
      SGDISK_LONG_DESTROYS.some(
        (long) => a === long || a.startsWith(`${long}=`) || a === `${long}-all`,
      ),
  );
}

// A word the precheck could not evaluate at all: a lone variable ("$DEV", "${1}") or a
// substitution's unknown output.
const UNKNOWN_WORD = /^\$\{?[A-Za-z0-9_@*]{1,64}\}?$|^\u{fffc}$/u;
const UNKNOWN_DEVICE = /^\/dev\/(?:\$\{?[A-Za-z_][A-Za-z0-9_]{0,63}\}?|\u{fffc})$/u;
// Flags of mkfs programs that take no value, so the word after them is still an operand.
const MKFS_BARE_FLAGS = new Set(["-f", "-q", "-v", "-V", "--force", "--quiet", "--verbose"]);

/**
 * A format aimed at a device under /dev, or at a target whose value is unknown: what a
 * filesystem is made on is a disk unless the command names a file. `mkfs.ext4 disk.img` and
 * `mkfs.ext4 -L "$LABEL" disk.img` are not hits; `mkfs.ext4 "$DEV"` and `mkfs.ext4 /dev/$X` are.
 */
function formatsUnknownTarget(name: string, args: readonly string[]): boolean {
  // mkfs.vfat and mkdosfs read -F as the FAT size, which takes a value.
  const fat = name === "mkdosfs" || name.endsWith("fat");
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg.startsWith("/dev/") && arg.length > 5 && !isStdinLike(arg)) return true;
    if (!UNKNOWN_WORD.test(arg)) continue;
    const before = args[k - 1];
    const afterOption =
      before !== undefined &&
      before.startsWith("-") &&
      !(MKFS_BARE_FLAGS.has(before) || (before === "-F" && !fat));
    if (!afterOption) return true;
  }
  return false;
}

function isStdinLike(path: string): boolean {
  return path === "/dev/null" || path === "/dev/stdin" || path === "/dev/fd/0";
}

/** Pools, volume groups and RAID members destroyed whole: ZFS, LVM and md. */
function volumeRule(name: string, args: readonly string[]): string | null {
  if (name === "zpool")
    return ["destroy", "labelclear"].includes(args[0] ?? "") ? REASONS.wipe : null;
  if (name === "zfs") {
    const recursive = args.some((a) => /^-[a-zA-Z]{0,8}[rR]/.test(a));
    const datasets = args.slice(1).filter((a) => !a.startsWith("-"));
    // A whole pool's top dataset ("tank", not "tank/scratch"), recursively.
    return args[0] === "destroy" && recursive && datasets.some((d) => !d.includes("/"))
      ? REASONS.wipe
      : null;
  }
  if (name === "lvremove" || name === "vgremove" || name === "pvremove") {
    // -f and -y (--yes) take away the prompt; vgremove and pvremove destroy a whole group or
    // disk label even when asked, and lvremove VG (no "/LV") removes every volume of the group.
    const forced = args.some(
      (a) => /^-[a-zA-Z]{0,8}[fy]/.test(a) || a === "--force" || a === "--yes",
    );
    const operands = args.filter((a) => !a.startsWith("-"));
    if (operands.length === 0) return null;
    if (forced || name !== "lvremove") return REASONS.wipe;
    return operands.some((o) => !o.includes("/")) ? REASONS.wipe : null;
  }
  if (name === "dmsetup") {
    // Tearing down every mapped device (or emptying one's table) pulls the volumes, LUKS
    // containers and often the root filesystem out from under the running system.
    const verb = args.find((a) => !a.startsWith("-"));
    return verb === "remove_all" || verb === "wipe_table" ? REASONS.wipe : null;
  }
  if (name === "mdadm") return args.includes("--zero-superblock") ? REASONS.wipe : null;
  return null;
}

/**
 * Archivers told to delete what they archive: `tar --remove-files`, `zip -rm`, `7z a -sdel`,
 * `rar m`, and `rsync --remove-source-files`. Aimed at the root, a home or a system tree, the
 * tree is gone once the archive (often /dev/null) is written.
 */
function archiveRemovesSources(
  name: string,
  args: readonly string[],
  doomed: (target: string) => string | null,
): string | null {
  if (name === "tar" || name === "bsdtar" || name === "gtar") {
    if (!args.includes("--remove-files")) return null;
    const operands: string[] = [];
    for (let k = 0; k < args.length; k++) {
      const arg = args[k] as string;
      // The values of -f (the archive) and -C (a directory to start from) are not inputs.
      if (["-f", "--file", "-C", "--directory", "-T", "--files-from", "-X"].includes(arg)) {
        const value = args[k + 1] ?? "";
        if (arg === "-C" || arg === "--directory") operands.push(`${value}/.`);
        k++;
      } else if (/^-[a-zA-Z]{0,8}f$/.test(arg) && !arg.startsWith("--")) k++;
      else if (!arg.startsWith("-")) operands.push(arg);
    }
    // With -C DIR the inputs are read inside DIR: `-C / etc` removes /etc.
    const directory = operands.find((o) => o.endsWith("/.") && doomed(o.slice(0, -2)) !== null);
    if (directory !== undefined) return REASONS.delete;
    return anyDoomed(operands, doomed) ? REASONS.delete : null;
  }
  if (name === "zip") {
    const flags = permutedFlags(args, 0, { shortWithValue: "bnPtx", longWithValue: ["exclude"] });
    const moves = flags.short.includes("m") || flags.long.includes("move");
    const recursive = /[rR]/.test(flags.short) || flags.long.includes("recurse-paths");
    return moves && recursive && anyDoomed(flags.operands.slice(1), doomed) ? REASONS.delete : null;
  }
  if (name === "7z" || name === "7za" || name === "7zz" || name === "7zr") {
    const operands = args.filter((a) => !a.startsWith("-"));
    return args.includes("-sdel") && operands[0] === "a" && anyDoomed(operands.slice(2), doomed)
      ? REASONS.delete
      : null;
  }
  if (name === "rar") {
    const operands = args.filter((a) => !a.startsWith("-"));
    const moves = operands[0] === "m" || operands[0] === "mf" || args.includes("-df");
    return moves && anyDoomed(operands.slice(2), doomed) ? REASONS.delete : null;
  }
  if (name === "rsync" && args.includes("--remove-source-files")) {
    const flags = permutedFlags(args, 0, {
      shortWithValue: "eTfB",
      longWithValue: ["rsh", "exclude", "include", "filter", "temp-dir", "files-from"],
    });
    return anyDoomed(flags.operands.slice(0, -1), doomed) ? REASONS.delete : null;
  }
  return null;
}

/**
 * rclone's purge and delete of a local tree, and its sync onto one (a destination made to match
 * its source); trash tools that move a whole system or home away in one go.
 */
function syncOrTrashRule(
  name: string,
  args: readonly string[],
  doomed: (target: string) => string | null,
): string | null {
  if (name === "rclone") {
    const operands = args.filter((a) => !a.startsWith("-"));
    const verb = operands[0] ?? "";
    if (verb === "purge" || verb === "delete")
      return anyDoomed(operands.slice(1), doomed) ? REASONS.delete : null;
    if (verb === "sync" && operands.length >= 3)
      return doomed(operands[operands.length - 1] as string) !== null ? REASONS.delete : null;
    return null;
  }
  const trash =
    TRASHERS.has(name) ||
    (name === "gio" && args[0] === "trash") ||
    (name === "kioclient" && args[0] === "move" && (args[args.length - 1] ?? "") === "trash:/");
  if (!trash) return null;
  const operands = args.filter((a) => !a.startsWith("-") && a !== "trash" && a !== "move");
  return anyDoomed(operands, doomed) ? REASONS.move : null;
}

const DISK_TOOLS = new Set([
  ...["nwipe", "diskutil", "gpt", "asr", "nvme", "flashrom", "format-volume", "clear-disk"],
  ...["remove-partition", "dd", "dcfldd"],
]);
const TRASHERS = new Set(["trash-put", "trash", "rmtrash", "gtrash", "trash-cli", "kioclient5"]);

// PhysicalDrive and volume device paths of Windows, as a Unix shell passes them on.
const WINDOWS_DEVICE = /^(?:\\{1,2}|\/\/)\.[\\/]?(?:physicaldrive[0-9]{1,3}|[a-z]:)$/i;

/**
 * Disks and firmware destroyed by tools the device table does not cover: nwipe's autonuke of
 * every disk, macOS's APFS and CoreStorage deletes and `gpt destroy`, `asr --erase`, NVMe
 * namespace deletes, flashrom erasing or writing the machine's own firmware, PowerShell's disk
 * cmdlets, and dd onto a Windows physical drive.
 */
function diskToolRule(name: string, args: readonly string[]): string | null {
  if (!DISK_TOOLS.has(name)) return null;
  const lower = args.map((a) => a.toLowerCase());
  switch (name) {
    case "nwipe":
      return args.includes("--autonuke") || args.some(isBlockDevice) ? REASONS.wipe : null;
    case "diskutil": {
      const verb = lower[0] ?? "";
      const sub = lower[1] ?? "";
      const family = ["apfs", "cs", "corestorage", "ar", "appleraid"].includes(verb);
      return family &&
        ["deletecontainer", "deletevolume", "erasevolume", "delete", "deletelvg"].includes(sub)
        ? REASONS.wipe
        : null;
    }
    case "gpt":
      return lower.includes("destroy") ? REASONS.wipe : null;
    case "asr":
      return lower.includes("restore") && lower.includes("--erase") ? REASONS.wipe : null;
    case "nvme":
      return ["ns-delete", "delete-ns", "write-zeroes"].includes(lower[0] ?? "")
        ? REASONS.wipe
        : null;
    case "flashrom": {
      // The internal programmer is the running machine's own firmware chip.
      const internal =
        args.some(
          (a, k) => a.startsWith("internal") && /^-p$|^--programmer$/.test(args[k - 1] ?? ""),
        ) || args.some((a) => /^(?:-p|--programmer=)internal/.test(a));
      const writes = args.some(
        (a) => /^-[a-zA-Z]{0,4}[wE]$/.test(a) || a === "--write" || a === "--erase",
      );
      return internal && writes ? REASONS.wipe : null;
    }
    case "format-volume":
    case "clear-disk":
    case "remove-partition":
      if (name === "clear-disk" && !lower.some((a) => a.startsWith("-removedata"))) return null;
      return REASONS.wipe;
    case "dd":
    case "dcfldd":
      return args.some((a) => a.startsWith("of=") && WINDOWS_DEVICE.test(a.slice(3)))
        ? REASONS.dd
        : null;
    default:
      return null;
  }
}
