// Partition editors fed a script on their standard input: `fdisk /dev/sda <<< $'o\nw'` writes a
// new empty label, as final for the disk's data as `sgdisk --zap-all` or `wipefs -a`. The rule
// needs the script, so it applies only when the input is knowable (a here-string, a
// here-document, echo or printf piped in); an editor reading an unknown file is not judged.

import { isBlockDevice } from "./targets.js";

// Single-letter commands that discard the partition table or a partition.
const FDISK_DESTROYS = new Set(["o", "g", "G", "s", "d"]);
const GDISK_DESTROYS = new Set(["o", "d", "z"]);
// sfdisk modes that only read, or change one partition's attributes.
const SFDISK_READS = new Set([
  ...["-l", "--list", "-d", "--dump", "-J", "--json", "-s", "--show-size", "-V", "--verify"],
  ...["-g", "--show-geometry", "-n", "--no-act", "-a", "--append", "-N", "--activate", "-A"],
  ...["-F", "--list-free", "-T", "--list-types", "-r", "--reorder", "--relocate"],
  ...["--part-type", "--part-label", "--part-uuid", "--part-attrs", "--disk-id", "--help"],
]);

export const PARTITION_EDITORS = new Set(["fdisk", "gdisk", "cgdisk", "sfdisk", "parted"]);

/** The editor reads a file or pipe whose content is unknown (`sfdisk /dev/sda < layout`). */
export const UNREAD = Symbol("unread input");

// Options under which the editors only list, print or check, whatever their input says.
const LISTS = new Set(["-l", "--list", "-h", "--help", "-v", "--version"]);

/**
 * True when the editor, given this script on stdin, would destroy a disk's partition table.
 * An unread script is taken at its worst: feeding an editor a prepared file or pipe is how
 * disks are repartitioned unattended; only a listing mode, or parted's commands given as
 * arguments (it then ignores stdin), keeps it harmless.
 */
export function partitionScriptWipes(
  name: string,
  args: readonly string[],
  script: string | typeof UNREAD | null,
): boolean {
  if (script === null || !args.some((a) => isBlockDevice(a))) return false;
  if (script === UNREAD) {
    if (args.some((a) => LISTS.has(a))) return false;
    if (name === "sfdisk") return partitionScriptWipes(name, args, "\u{fffc}");
    if (name === "parted") {
      const device = args.findIndex((a) => isBlockDevice(a));
      return !args.slice(device + 1).some((a) => !a.startsWith("-"));
    }
    return true;
  }
  const commands = script
    .split("\n")
    .map((line) => line.trim().split(/[ \t]/)[0] ?? "")
    .filter((c) => c !== "");
  if (commands.length === 0) return false;
  if (name === "fdisk")
    return (
      !args.includes("-l") && commands.includes("w") && commands.some((c) => FDISK_DESTROYS.has(c))
    );
  if (name === "gdisk" || name === "cgdisk") {
    const destroys = commands.some((c) => GDISK_DESTROYS.has(c));
    return !args.includes("-l") && destroys && (commands.includes("w") || commands.includes("z"));
  }
  if (name === "sfdisk") {
    // Any layout read on stdin replaces the table, unless the mode only reads.
    return !args.some((a) => SFDISK_READS.has(a) || /^-[a-zA-Z]{0,6}[ldJsVgnaNAFTr]/.test(a));
  }
  // parted without --script reads its commands from stdin.
  return commands.some((c) => c === "mklabel" || c === "mktable" || c === "rm");
}
