// More ways to destroy a disk than the classic dd, mkfs and redirect: a program told to write
// its output onto a block device (`curl -o /dev/sda`, `sort -o`, `openssl -out`, `mv`, socat,
// `rsync --write-devices`), secure erasers and sanitizers, and the volume managers that put a
// new pool, array or physical volume over whatever a disk held; and sed's `w` and awk's
// `print >` aimed at a disk.

import { REASONS } from "./reasons.js";
import { isBlockDevice } from "./targets.js";

// Options through which a program names the file it writes.
const OUTPUT_OPTIONS = new Set([
  ...["-o", "-O", "--output", "--output-document", "--outfile", "--out", "-out", "--of"],
  ...["--output-file", "--target", "--destination"],
]);

const ERASERS = new Set(["scrub", "wipe", "nwipe", "secure-delete"]);
const FORMATTERS = new Set(["mkudffs", "mkexfatfs", "mkreiserfs", "mkhfs", "mformat"]);

// `w /dev/sda` in a sed script: the command, or the flag that ends an s command.
const SED_WRITE = /(?:^|[;\n}{/]|[0-9gpIiMme]|\s)w\s{0,8}(\/dev\/[A-Za-z0-9/_-]{1,64})/g;
// `> "/dev/sda"` or `>> "/dev/sda"` in an awk program.
const AWK_WRITE = /[>]{1,2}\s{0,8}"(\/dev\/[A-Za-z0-9/_-]{1,64})"/g;
/** Scripts longer than this are not searched for a device write. */
const MAX_SCRIPT = 64 * 1024;

/** Whether a sed or awk script writes, by `pattern`, to a block device. */
function scriptWritesDevice(script: string, pattern: RegExp): boolean {
  if (!script.includes("/dev/") || script.length > MAX_SCRIPT) return false;
  for (const match of script.matchAll(pattern)) if (isBlockDevice(match[1] as string)) return true;
  return false;
}

export function deviceWriteRule(name: string, args: readonly string[]): string | null {
  if (writesOutputTo(args)) return REASONS.device;
  if (ERASERS.has(name)) return args.some(isBlockDevice) ? REASONS.wipe : null;
  if (FORMATTERS.has(name)) return args.some(isBlockDevice) ? REASONS.mkfs : null;
  switch (name) {
    case "dc3dd":
      return args.some((a) => a.startsWith("wipe=") && isBlockDevice(a.slice(5)))
        ? REASONS.wipe
        : null;
    case "hdparm":
      return args.some((a) => a.startsWith("--sanitize-")) && args.some(isBlockDevice)
        ? REASONS.wipe
        : null;
    case "sg_format":
    case "sg_sanitize":
      // SCSI format and sanitize of a whole drive, through its generic (/dev/sg*) node too.
      return (name === "sg_sanitize" || args.includes("--format") || args.includes("-F")) &&
        args.some((a) => a.startsWith("/dev/"))
        ? REASONS.wipe
        : null;
    case "socat":
      // An address that opens a device: `/dev/sda`, `OPEN:/dev/sda,…`, `FILE:…`, `CREATE:…`.
      return args.some((a) =>
        isBlockDevice((a.replace(/^(?:g?open|file|create):/i, "").split(",")[0] ?? "") || ""),
      )
        ? REASONS.device
        : null;
    case "sed":
    case "gsed":
      // sed's `w FILE` command and the s command's `w FILE` flag write to that file.
      return args.some((a) => scriptWritesDevice(a, SED_WRITE)) ? REASONS.device : null;
    case "awk":
    case "gawk":
    case "mawk":
    case "nawk":
    case "busybox-awk":
      // awk's `print > "FILE"` and `printf … >> "FILE"`.
      return args.some((a) => scriptWritesDevice(a, AWK_WRITE)) ? REASONS.device : null;
    case "rsync":
      return args.includes("--write-devices") && isBlockDevice(args[args.length - 1] ?? "")
        ? REASONS.device
        : null;
    case "zpool":
      return args[0] === "create" && args.some(isBlockDevice) ? REASONS.mkfs : null;
    case "mdadm":
      return (args.includes("--create") || args.includes("-C")) && args.some(isBlockDevice)
        ? REASONS.wipe
        : null;
    case "pvcreate":
      return args.some((a) => /^-[a-zA-Z]{0,4}[fy]/.test(a) || a === "--force" || a === "--yes") &&
        args.some(isBlockDevice)
        ? REASONS.wipe
        : null;
    case "tar":
    case "bsdtar": {
      // `tar cf /dev/sda …`: an archive written over a disk (reading one, `tar xf`, is not).
      const mode = args[0] ?? "";
      const creates =
        args.some((a) => a === "--create" || /^-[a-zA-Z]{0,8}c/.test(a)) ||
        (!mode.startsWith("-") && /c/.test(mode));
      return creates && args.some(isBlockDevice) ? REASONS.device : null;
    }
    case "bmaptool":
      return args[0] === "copy" && isBlockDevice(args[args.length - 1] ?? "")
        ? REASONS.device
        : null;
    case "ddpt":
    case "sg_dd":
    case "dcfldd":
      return args.some((a) => a.startsWith("of=") && isBlockDevice(a.slice(3)))
        ? REASONS.device
        : null;
    case "fio": {
      // A write job aimed at a device: `--filename=/dev/sda --rw=write`.
      const file = args.find((a) => a.startsWith("--filename="))?.slice(11) ?? "";
      const writes = args.some((a) => /^--rw=(?:rand)?(?:write|rw|readwrite|trim)/.test(a));
      return writes && file.split(":").some(isBlockDevice) ? REASONS.device : null;
    }
    case "btrfs":
      return args[0] === "device" && args[1] === "add" && args.some(isBlockDevice)
        ? REASONS.mkfs
        : null;
    default:
      return null;
  }
}

/** `-o /dev/sda`, `-o/dev/sda`, `--output=/dev/sda`: an output file that is a block device. */
function writesOutputTo(args: readonly string[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    // Only an option can name the output, and only a word naming a device can be one.
    if (arg.length < 2 || arg[0] !== "-" || arg === "--") continue;
    if (OUTPUT_OPTIONS.has(arg)) {
      if (isBlockDevice(args[i + 1] ?? "")) return true;
      continue;
    }
    if (!arg.includes("/dev/")) continue;
    const eq = arg.indexOf("=");
    if (eq > 0 && OUTPUT_OPTIONS.has(arg.slice(0, eq)) && isBlockDevice(arg.slice(eq + 1)))
      return true;
    if ((arg[1] === "o" || arg[1] === "O") && isBlockDevice(arg.slice(2))) return true;
  }
  return false;
}
