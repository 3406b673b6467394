// What a catastrophic command is aimed at: the root, a home directory, a top-level system
// directory, or a whole disk. Paths arrive as the shell would pass them (quotes removed); they
// are normalised lexically, because "/usr/../", "//" and "/./etc/" name the same places.

const SYSTEM_TOP = new Set([
  "applications",
  "bin",
  "boot",
  "cores",
  "dev",
  "etc",
  "home",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "library",
  "media",
  "mnt",
  "network",
  "nix",
  "opt",
  "private",
  "proc",
  "root",
  "run",
  "sbin",
  "snap",
  "srv",
  "sys",
  "system",
  "usr",
  "users",
  "var",
  "volumes",
  // Windows drive roots, reached as "C:\Windows" (see catastrophicTarget).
  "windows",
  "program files",
  "program files (x86)",
  "programdata",
]);

// Second-level directories whose loss still breaks the whole system or a whole user.
const SYSTEM_SECOND: Readonly<Record<string, ReadonlySet<string> | "any">> = {
  home: "any",
  users: "any",
  lib: "any",
  lib32: "any",
  lib64: "any",
  usr: new Set(["bin", "sbin", "lib", "lib32", "lib64", "libexec", "share", "include", "local"]),
  var: new Set(["lib", "db", "log", "spool", "mail"]),
  private: new Set(["etc", "var"]),
  system: "any",
  nix: new Set(["store"]),
  boot: new Set(["efi", "grub", "grub2", "loader", "vmlinuz", "initrd.img"]),
  // Without PAM's configuration nobody can log in or use sudo.
  etc: new Set(["pam.d", "security"]),
};

const GLOB_CHARS = /[*?[{]/;

// Deeper directories whose loss breaks the whole system: the init system, the kernel's
// modules, the package databases, the EFI boot loaders and the firmware's EFI variables
// (removing those can brick a machine).
const DEEP_SYSTEM = new Set([
  ...["usr/lib/systemd", "usr/lib/modules", "usr/lib/firmware", "lib/systemd/system"],
  ...["var/lib/dpkg", "var/lib/rpm", "var/lib/pacman", "var/lib/apk", "boot/efi/efi"],
  ...["sys/firmware/efi", "sys/firmware/efi/efivars", "etc/systemd/system"],
]);
const WORKING_DIRECTORY = /^(?:\$PWD|\$\{PWD\}|~\+)(?=\/|$)/;
const TEMP_CLIMB =
  /^\$(?:\{(?:TMPDIR|TMP|TEMP)\}|(?:TMPDIR|TMP|TEMP)(?![A-Za-z0-9_]))(?=\/\.\.(?:\/|$))/;

/**
 * Whether a shell glob (`*`, `?`, `[…]`; braces count as "anything") matches a short name. Both
 * are short path segments; the matcher backtracks only to the last `*`, so it is linear in
 * practice and bounded by their lengths.
 */
function globMatches(glob: string, name: string): boolean {
  let g = 0;
  let n = 0;
  let star = -1;
  let resume = 0;
  while (n < name.length) {
    const c = glob[g];
    if (c === "*" || c === "{") {
      star = g++;
      resume = n;
    } else if (c === "[") {
      const close = glob.indexOf("]", g + 1);
      const set = close === -1 ? "" : glob.slice(g + 1, close);
      if (close !== -1 && classMatches(set, name[n] as string)) {
        g = close + 1;
        n++;
      } else if (star !== -1) {
        g = star + 1;
        n = ++resume;
      } else return false;
    } else if (c !== undefined && (c === "?" || c === name[n])) {
      g++;
      n++;
    } else if (star !== -1) {
      g = star + 1;
      n = ++resume;
    } else return false;
  }
  while (glob[g] === "*" || glob[g] === "{" || glob[g] === "}" || glob[g] === ",") g++;
  return g >= glob.length;
}

function classMatches(set: string, ch: string): boolean {
  const negated = set.startsWith("!") || set.startsWith("^");
  const body = negated ? set.slice(1) : set;
  let hit = false;
  for (let i = 0; i < body.length; i++) {
    if (body[i + 1] === "-" && i + 2 < body.length) {
      if (ch >= (body[i] as string) && ch <= (body[i + 2] as string)) hit = true;
      i += 2;
    } else if (body[i] === ch) hit = true;
  }
  return hit !== negated;
}

// Windows's variables for its own places, as Git Bash (`$WINDIR`), cmd.exe (`%SystemRoot%`) and
// PowerShell (`$env:ProgramFiles`) spell them, with what each names.
const WINDOWS_PLACES: Readonly<Record<string, string>> = {
  userprofile: "~",
  systemroot: "C:/Windows",
  windir: "C:/Windows",
  programfiles: "C:/Program Files",
  programdata: "C:/ProgramData",
  homedrive: "C:",
  systemdrive: "C:",
};
const WINDOWS_VARIABLE =
  /^(?:\$\{([A-Za-z]{1,16})\}|\$env:([A-Za-z]{1,16})|\$([A-Za-z]{1,16})|%([A-Za-z]{1,16})%)/;

/** The path with a leading Windows place variable replaced by what it names, or null. */
function windowsPlace(path: string): string | null {
  const match = WINDOWS_VARIABLE.exec(path);
  if (match === null) return null;
  const name = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? "").toLowerCase();
  const place = WINDOWS_PLACES[name];
  const rest = path.slice(match[0].length);
  if (place === undefined || (rest !== "" && rest[0] !== "/" && rest[0] !== "\\")) return null;
  return `${place}${rest}`;
}

// The home directory as cmd.exe and PowerShell name it.
const WINDOWS_HOME = new Set(["%userprofile%", "$env:userprofile", "$env:home", "$home"]);

function isHomeWord(segment: string): boolean {
  if (segment === "~" || segment === "$HOME") return true;
  if (WINDOWS_HOME.has(segment.toLowerCase())) return true;
  if (segment.startsWith("~") && /^~[a-z_][a-z0-9_.-]{0,31}$/i.test(segment)) return true;
  // ${HOME}, ${HOME:?}, ${HOME%/}, ${HOME:-/x}: any parameter expansion of HOME.
  return (
    segment.startsWith("${HOME") && segment.endsWith("}") && !/^\$\{HOME[A-Za-z0-9_]/.test(segment)
  );
}

// A trailing segment made only of glob characters and dots ("*", ".*", "{*,.*}", "**"), or of
// those and bracket classes ("[!.]*", "[a-zA-Z0-9]*"), means "everything inside the parent",
// which is as bad as the parent itself. "[a-z]*.log" names a kind of file and is not.
function isContentsGlob(segment: string): boolean {
  if (segment.length === 0 || !segment.includes("*")) return false;
  const bare = segment.includes("[") ? withoutBracketClasses(segment) : segment;
  return bare !== null && /^[*.?{},]{1,16}$/.test(bare);
}

/** The segment with each `[…]` class (of up to 32 characters) removed; null if one is open. */
function withoutBracketClasses(segment: string): string | null {
  let out = "";
  let i = 0;
  while (i < segment.length) {
    const open = segment.indexOf("[", i);
    if (open < 0) break;
    const close = segment.indexOf("]", open + 2);
    if (close < 0 || close - open > 33) return null;
    out += segment.slice(i, open);
    i = close + 1;
  }
  return out + segment.slice(i);
}

// `/proc/self/root`, `/proc/1/root`: the root directory as the process (or pid 1) sees it.
function isProcRoot(segments: readonly string[]): boolean {
  if (segments.length < 3 || segments[0] !== "proc" || segments[2] !== "root") return false;
  const who = segments[1] as string;
  return who === "self" || who === "thread-self" || /^[0-9]{1,7}$/.test(who);
}

/** Lexical segments of an absolute or home-relative path, with `.`, `..` and `//` resolved. */
function segmentsOf(path: string): { base: "root" | "home" | "relative"; segments: string[] } {
  // "${HOME:-/}" is one parameter expansion, whatever slashes its default holds.
  const close = path.startsWith("${") ? path.indexOf("}") : -1;
  const raw =
    close > 0
      ? [
          path.slice(0, close + 1),
          ...path
            .slice(close + 1)
            .replaceAll("\\", "/")
            .split("/")
            .slice(1),
        ]
      : path.replaceAll("\\", "/").split("/");
  let base: "root" | "home" | "relative" = "relative";
  let start = 0;
  if (path.startsWith("/")) {
    base = "root";
    start = 1;
  } else if (isHomeWord(raw[0] ?? "")) {
    base = "home";
    start = 1;
  }
  const segments: string[] = [];
  for (let i = start; i < raw.length; i++) {
    const segment = raw[i] as string;
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.length > 0) segments.pop();
      else if (base === "home") base = "root"; // ~/.. is /home: still covered below
      continue;
    }
    segments.push(segment);
  }
  while (segments.length > 0 && isContentsGlob(segments[segments.length - 1] as string)) {
    segments.pop();
  }
  if (base === "root" && isProcRoot(segments)) segments.splice(0, 3);
  return { base, segments };
}

/**
 * Where a Windows drive's tree starts among a path's segments: after `/mnt/c` (WSL) and
 * `/cygdrive/c` (Cygwin) at 2, after `/c` (Git Bash, MSYS2) at 1; -1 for any other path.
 */
function driveTreeStart(first: string, segments: readonly string[]): number {
  const second = (segments[1] ?? "").toLowerCase();
  if ((first === "mnt" || first === "cygdrive") && /^[a-z]$/.test(second)) return 2;
  return /^[a-z]$/.test(first) ? 1 : -1;
}

/**
 * Why deleting (or recursively re-permissioning) this path would wreck the machine or a user,
 * or null. An unknown value (a variable, a substitution we could not evaluate) is never a hit
 * by itself; in front of a slash it may be empty, and then the rest is an absolute path.
 */
export function catastrophicTarget(path: string): string | null {
  // Fast refusal for the common case: a relative name that is not a climb with "..".
  const lead = path[0];
  if (lead === undefined) return null;
  if (
    lead !== "/" &&
    lead !== "~" &&
    lead !== "$" &&
    lead !== "." &&
    lead !== "\\" &&
    lead !== "%" &&
    lead !== UNKNOWN_OUTPUT &&
    path[1] !== ":"
  )
    return null;
  // The temporary directory sits one level under the root, so `$TMPDIR/../etc` is /etc.
  const temp = TEMP_CLIMB.exec(path);
  if (temp !== null) return catastrophicTarget(`/tmp${path.slice(temp[0].length)}`);
  // `rm -rf $WINDIR`, `%SystemRoot%`, `$env:USERPROFILE`: judged as the place they name; when
  // that is harmless the variable may still be unset, as below.
  const place = windowsPlace(path);
  const placeReason = place === null ? null : catastrophicTarget(place);
  if (placeReason !== null) return placeReason;
  if (/^[A-Za-z]:[\\/]{0,1}$/.test(path)) return "a whole drive";
  // "C:\Windows", "C:/*": a drive's tree is judged like the root's.
  if (path[1] === ":" && (path[2] === "\\" || path[2] === "/")) {
    return /^[A-Za-z]$/.test(lead) ? catastrophicTarget(path.slice(2).replaceAll("\\", "/")) : null;
  }
  // The working directory by name (`$PWD/../..`, `~+/..`) is an unknown directory, like ".".
  const here = WORKING_DIRECTORY.exec(path);
  if (here !== null) return catastrophicTarget(`.${path.slice(here[0].length)}`);
  // `rm -rf "$PREFIX"/usr` with PREFIX empty or unset is `rm -rf /usr` (shellcheck SC2115).
  const unset = lead === "$" || lead === UNKNOWN_OUTPUT ? unsetPrefixLength(path) : 0;
  if (unset > 0) return catastrophicTarget(path.slice(unset));
  const { base, segments } = segmentsOf(path);
  if (base === "relative") return climbTarget(path);
  if (base === "home") return segments.length === 0 ? "the home directory" : null;
  if (segments.length === 0) return "the root directory";
  const first = (segments[0] as string).toLowerCase();
  // A Windows drive as a shell on Windows mounts it: its tree is judged like the root's.
  const drive = driveTreeStart(first, segments);
  if (drive > 0) {
    if (segments.length > drive) return catastrophicTarget(`/${segments.slice(drive).join("/")}`);
    // A bare one-letter directory is a whole drive only for C: and D:, since `/x` and `/a` are
    // common sample paths.
    return drive === 2 || first === "c" || first === "d" ? "a whole mounted drive" : null;
  }
  if (segments.length === 1) {
    // `rm -rf /$DIR` with DIR empty or unset is `rm -rf /`.
    if (/^\$\{?[a-z_][a-z0-9_]{0,63}\}?$/.test(first)) return "the root, if the variable is empty";
    if (GLOB_CHARS.test(first)) {
      // A glob counts when it can match a system directory: "/*" and "/e*" do, "/*.pyc" does not.
      return [...SYSTEM_TOP].some((name) => globMatches(first, name))
        ? "a glob over top-level directories"
        : null;
    }
    return SYSTEM_TOP.has(first) ? "a top-level system directory" : null;
  }
  if (segments.length === 2) {
    const second = (segments[1] as string).toLowerCase();
    const known = SYSTEM_SECOND[first];
    if (known === "any")
      return first === "home" || first === "users" ? "a home directory" : "a system directory";
    if (
      known !== undefined &&
      (known.has(second) || [...known].some((n) => globMatches(second, n)))
    )
      return "a system directory";
  }
  const second = (segments[1] as string).toLowerCase();
  // Deeper trees whose loss still leaves the system unable to boot, start or be repaired.
  if (DEEP_SYSTEM.has(segments.join("/").toLowerCase())) return "a system directory";
  // The multiarch library directories (/usr/lib/x86_64-linux-gnu) hold libc and the loader.
  if (
    segments.length === 3 &&
    (first === "usr" || LIBRARY_DIRECTORIES.has(first)) &&
    (first !== "usr" || LIBRARY_DIRECTORIES.has(second)) &&
    (segments[segments.length - 1] as string).includes("-linux-")
  )
    return "a system directory";
  return null;
}

/**
 * A relative path that only climbs: `..`, `../..`, `./../*`. One level up is the parent of the
 * working tree (with the tree itself inside it); four or more reach the root or close to it.
 * A path that climbs and then names something (`../build`) is an ordinary sibling.
 */
function climbTarget(path: string): string | null {
  const parts = path.replaceAll("\\", "/").split("/");
  // "../*" is everything inside the place the climb reaches.
  let end = parts.length;
  while (end > 0 && (parts[end - 1] === "" || isContentsGlob(parts[end - 1] as string))) end--;
  let climb = 0;
  let depth = 0;
  for (let k = 0; k < end; k++) {
    const part = parts[k] as string;
    if (part === "" || part === ".") continue;
    if (part !== "..") depth++;
    else if (depth > 0) depth--;
    else climb++;
  }
  if (climb >= DEEP_CLIMB && depth > 0) {
    // Six or more levels up reach the root from any working tree an agent works in:
    // `../../../../../../../../etc` is /etc.
    const kept = parts.slice(0, end).filter((p) => p !== "" && p !== ".");
    const first = kept.findIndex((p) => p !== "..");
    const named = kept.slice(first);
    if (named.includes("..")) return null;
    return catastrophicTarget(`/${named.join("/")}${end < parts.length ? "/*" : ""}`);
  }
  if (depth > 0 || climb === 0) return null;
  return climb >= 4 ? "a path that climbs towards the root" : "the parent of the working directory";
}
const DEEP_CLIMB = 6;

// How the checker writes a substitution whose output it cannot know.
const UNKNOWN_OUTPUT = "\u{fffc}";
// Variables every shell sets: `$HOME/` and `$PWD/` are never empty.
const ALWAYS_SET = new Set(["HOME", "PWD"]);

/**
 * The absolute path a word becomes when its leading unknown values are empty (`"$DIR"/x` is
 * `/x`), or null when it has no such prefix.
 */
export function ifPrefixEmpty(path: string): string | null {
  const lead = path[0];
  if (lead !== "$" && lead !== UNKNOWN_OUTPUT) return null;
  const unset = unsetPrefixLength(path);
  return unset > 0 ? path.slice(unset) : null;
}

/**
 * The length of a run of plain variable expansions (`$X`, `${X}`, `$1`, `$A$B`) or unknown
 * substitution outputs that starts a path and is followed by `/`, or 0. Such a variable may be empty or unset when the command
 * runs, and then what follows is an absolute path. `${X:?}` and other operators end the run,
 * so the guarded spelling is never read this way.
 */
function unsetPrefixLength(path: string): number {
  let i = 0;
  while (path[i] === "$" || path[i] === UNKNOWN_OUTPUT) {
    // A substitution whose output is unknown may print nothing: `"$(find_root)"/*`.
    if (path[i] === UNKNOWN_OUTPUT) {
      i++;
      continue;
    }
    const braced = path[i + 1] === "{";
    let j = i + (braced ? 2 : 1);
    const start = j;
    if (/[0-9]/.test(path[j] ?? "")) j++;
    else while (j - start < 64 && /[A-Za-z0-9_]/.test(path[j] ?? "")) j++;
    const name = path.slice(start, j);
    if (name === "" || ALWAYS_SET.has(name)) return 0;
    if (braced) {
      if (path[j] !== "}") return 0;
      j++;
    }
    i = j;
  }
  return i > 0 && path[i] === "/" ? i : 0;
}

// Programs without which the machine cannot start a shell or become root again.
const ESSENTIAL_PROGRAMS = new Set(["sh", "bash", "dash", "sudo", "su", "login", "init"]);
// The dynamic loader and the C library, by the names glibc and musl give them.
const ESSENTIAL_LIBRARIES = [
  ...["ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "ld-linux-armhf.so.3", "ld-linux.so.2"],
  ...["ld-musl-x86_64.so.1", "ld-musl-aarch64.so.1", "libc.so.6", "libc.musl-x86_64.so.1"],
];
const LIBRARY_DIRECTORIES = new Set(["lib", "lib64", "lib32", "libx32"]);

/**
 * True for the loader, libc, the system shells and sudo under the usual directories (with or
 * without the /usr merge, in a multiarch subdirectory, or matched by a glob): removing or
 * truncating one leaves nothing able to start, not even the shell that would repair it.
 */
export function isEssentialFile(path: string): boolean {
  if (!path.includes("/")) return false;
  const { base, segments } = segmentsOf(path);
  if (base !== "root") return false;
  const at = segments[0] === "usr" ? 1 : 0;
  // `/lib*/ld-linux*`: a glob over the library directories stands for each of them.
  const segment = segments[at] ?? "";
  const directory = GLOB_CHARS.test(segment)
    ? [...LIBRARY_DIRECTORIES].find((d) => globMatches(segment, d))
    : segment;
  const name = segments[segments.length - 1] ?? "";
  const depth = segments.length - at;
  if ((directory === "bin" || directory === "sbin") && depth === 2)
    return GLOB_CHARS.test(name)
      ? [...ESSENTIAL_PROGRAMS].some((p) => globMatches(name, p))
      : ESSENTIAL_PROGRAMS.has(name);
  if (directory === undefined || !LIBRARY_DIRECTORIES.has(directory)) return false;
  // /lib64/ld-linux-x86-64.so.2, /lib/x86_64-linux-gnu/libc.so.6
  if (depth !== 2 && !(depth === 3 && (segments[at + 1] ?? "").includes("-linux-"))) return false;
  return GLOB_CHARS.test(name)
    ? ESSENTIAL_LIBRARIES.some((library) => globMatches(name, library))
    : ESSENTIAL_LIBRARIES.includes(name);
}

// Directories every program passes through to start: taking search (x) permission away from
// others on one of them leaves every non-root process unable to run anything.
const TRAVERSED_BY_ALL = new Set([
  ...["usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "dev", "var", "run"],
]);

/** `/`, `/usr`, `/etc`, `/usr/lib` and the like, however spelled. */
export function everyoneTraverses(path: string): boolean {
  if (!path.startsWith("/")) return false;
  const { base, segments } = segmentsOf(path);
  if (base !== "root" || segments.length > 2) return false;
  if (segments.length === 0) return true;
  if (!TRAVERSED_BY_ALL.has(segments[0] as string)) return false;
  return segments.length === 1 || (segments[0] === "usr" && catastrophicTarget(path) !== null);
}

// Directories whose every file (even without recursion, as a plain `rm -f DIR/*` takes them)
// the system needs: the programs, the libraries, the configuration, PAM and the boot files.
const CONTENTS_ESSENTIAL = new Set([
  ...["bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "boot"],
  ...["usr/bin", "usr/sbin", "usr/lib", "usr/lib64", "usr/lib32", "etc/pam.d"],
]);

/**
 * `rm -f /bin/*`, `rm /etc/*`, `shred -u /etc/pam.d/*`: every file of a directory the system
 * cannot run without, by a glob, removed even without -r.
 */
export function isSystemContents(path: string): boolean {
  if (!path.startsWith("/") || !GLOB_CHARS.test(path)) return false;
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  // `rm -f /*`: on a merged-/usr system /bin, /sbin and /lib are links in the root, and go.
  if (parts.length === 1) return !parts[0]?.startsWith(".") && isContentsGlob(parts[0] as string);
  if (parts.length < 2 || !isContentsGlob(parts[parts.length - 1] ?? "")) return false;
  if (parts.some((p) => p === ".." || GLOB_CHARS.test(p) !== (p === parts[parts.length - 1])))
    return false;
  return CONTENTS_ESSENTIAL.has(parts.slice(0, -1).join("/"));
}

/** `/bin/*`, `/usr/sbin/*`: every program of a system program directory, by a glob. */
export function isProgramDirectoryContents(path: string): boolean {
  if (!path.startsWith("/") || !GLOB_CHARS.test(path)) return false;
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  if (!isContentsGlob(parts[parts.length - 1] ?? "")) return false;
  const at = parts[0] === "usr" ? 1 : 0;
  return parts.length === at + 2 && (parts[at] === "bin" || parts[at] === "sbin");
}

// Whole-disk and partition device nodes of Linux, the BSDs and macOS. Bounded quantifiers only.
const BLOCK_DEVICE = [
  /^(?:[shv]d|xvd)[a-z]{1,4}[0-9]{0,4}$/,
  /^nvme[0-9]{1,3}n[0-9]{1,3}(?:p[0-9]{1,3})?$/,
  /^mmcblk[0-9]{1,3}(?:p[0-9]{1,3})?$/,
  /^r?disk[0-9]{1,3}(?:s[0-9]{1,3}){0,2}$/,
  /^(?:md|dm-)[0-9]{1,4}$/,
  // Loop devices carry disk images and the squashfs of snaps; writing one corrupts what it holds.
  /^loop[0-9]{1,4}(?:p[0-9]{1,3})?$/,
  // Flash, cache, network and replicated block devices, and ZFS volumes.
  /^(?:mtd|mtdblock|bcache|rbd|drbd|zd)[0-9]{1,4}$/,
  /^nbd[0-9]{1,3}(?:p[0-9]{1,3})?$/,
  /^ubi[0-9]{1,3}(?:_[0-9]{1,3})?$/,
  /^fd[0-9]$/,
  /^(?:ad|ada|da|vtbd|nvd)[0-9]{1,3}(?:[ps][0-9]{1,3})?$/,
  /^root$/,
  // Physical memory and I/O ports: writing them crashes or corrupts the running system.
  /^(?:k?mem|port)$/,
];

// Directories of /dev that hold no disks: terminals, file descriptors, shared memory, sockets
// (bash's /dev/tcp/HOST/PORT), sound, input, graphics, buses and other character devices.
const NOT_VOLUME_GROUPS = new Set([
  ...["pts", "fd", "shm", "mqueue", "hugepages", "tcp", "udp", "net", "snd", "input", "dri"],
  ...["bus", "char", "cpu", "usb", "vfio", "serial", "v4l", "dma_heap", "bsg", "hidraw"],
  ...["gpio", "infiniband", "xen", "lxd", "vhost", "cuse", "fuse", "log", "stdin", "stdout"],
  ...["stderr", "null", "zero", "random", "urandom", "tty", "console", "ptmx", "dsp", "video"],
  ...["dvb", "i2c", "spi", "iio", "rtc", "watchdog", "tpm", "kvm", "nvidia-caps", "accel"],
]);

/**
 * True for a path naming a disk or partition device node (or a glob over them), physical memory,
 * or the kernel's crash trigger: the places a write destroys the system rather than a file.
 */
export function isBlockDevice(path: string): boolean {
  if (path === "/proc/sysrq-trigger") return true;
  if (!path.includes("dev")) return false;
  const { base, segments } = segmentsOf(path);
  if (base !== "root" || segments[0] !== "dev" || segments.length < 2) return false;
  // /dev/mapper/NAME, /dev/md/NAME, and an LVM volume as /dev/VG/LV: any directory of /dev that
  // is not one of the kernel's own for terminals, sockets, sound, input and the like.
  if (segments.length === 3) return !NOT_VOLUME_GROUPS.has(segments[1] as string);
  if (segments.length === 4 && segments[1] === "disk" && segments[2]?.startsWith("by-"))
    return true;
  if (segments.length !== 2) return false;
  const name = segments[1] as string;
  // A glob over devices ("/dev/sd*") reaches every disk it matches, and so does a variable
  // after a disk's stem ("/dev/sd$X", "/dev/nvme${N}n1"): whatever it holds, the node is a disk.
  // Placeholder letters in upper case ("/dev/sdX") name a disk to whoever runs the command.
  const stem = name.replace(/[*?]/g, "a").replace(/\[[^\]]{0,16}\]/g, "a");
  // A digit in the glob's place too: `/dev/nvme*n1`, `/dev/mmcblk?`.
  const stems = [name, stem, stem.toLowerCase(), name.replace(/[*?]/g, "0")];
  if (name.includes("$")) {
    // A letter where the device letter goes, a digit where its number goes.
    for (const filler of ["a", "0"]) stems.push(stem.replace(VARIABLE_IN_NAME, filler));
  }
  return stems.some((s) => BLOCK_DEVICE.some((pattern) => pattern.test(s)));
}

const VARIABLE_IN_NAME = /\$\{[A-Za-z_][A-Za-z0-9_]{0,63}\}|\$[A-Za-z_][A-Za-z0-9_]{0,63}/g;

// The files without which nobody can log in or become root: the user, password, group and sudo
// databases (BSD and macOS keep the password one as master.passwd).
const ACCOUNT_DATABASES = new Set([
  ...["passwd", "shadow", "group", "gshadow", "sudoers", "master.passwd"],
]);

/** True for /etc/passwd and its siblings, however the path is spelled ("//etc/./passwd"). */
export function isAccountDatabase(path: string): boolean {
  if (!path.includes("etc")) return false;
  const { base, segments } = segmentsOf(path);
  if (base !== "root") return false;
  const at = segments[0] === "private" ? 1 : 0;
  return (
    segments.length === at + 2 &&
    segments[at] === "etc" &&
    ACCOUNT_DATABASES.has(segments[at + 1] as string)
  );
}
