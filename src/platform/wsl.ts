// WSL host boundaries: whether this is a WSL host, where the Windows drives are mounted, and what a
// Cell must not see there. Every host read goes through a WslHost, so tests drive each branch with
// fake files; realWslHost() is the only function here that touches the real file system.
import { existsSync, readFileSync, readlinkSync } from "node:fs";
import { posix } from "node:path";
import { isSameOrInside, type DenyEntry } from "../policy/sandbox-policy.js";
import { hostPlatform, type OsFamily } from "./select.js";

/** The host facts this module reads. Each method reads one thing and may throw on failure. */
export interface WslHost {
  readonly os: OsFamily;
  /** The file's text; throws when it cannot be read. */
  readFile(path: string): string;
  /** The target of a symbolic link; throws when `path` is not a link or cannot be read. */
  readlink(path: string): string;
  /** True when something exists at `path`; never throws. */
  exists(path: string): boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A Windows drive or share mounted into the Linux file system. */
export interface WindowsMount {
  /** Absolute Linux path, escapes decoded. */
  readonly mountPoint: string;
  /** Upper-case drive letter ("C") when the mount table names one; null for a share. */
  readonly drive: string | null;
}

/** Masked with a fresh tmpfs on WSL but never remounted read-only: Cells need a writable /tmp. */
export const WSL_WRITABLE_MASKS: readonly string[] = Object.freeze(["/tmp", "/var/tmp"]);

// The interop loader, the WSL runtime directories (interop sockets live under /run/WSL) and the
// shared temp directories, which Windows-side tools and other distributions also use.
const WSL_FIXED_MASKS: readonly string[] = Object.freeze([
  "/init",
  "/run",
  "/tmp",
  "/var/tmp",
  "/mnt/wsl",
  "/mnt/wslg",
]);

// Present on a WSL host, absent in a container that merely runs on a WSL kernel.
const WSL_MARKERS: readonly string[] = Object.freeze([
  "/run/WSL",
  "/mnt/wsl",
  "/proc/sys/fs/binfmt_misc/WSLInterop",
  "/proc/sys/fs/binfmt_misc/WSLInterop-late",
]);

const POWERSHELL_RELATIVE = "Windows/System32/WindowsPowerShell/v1.0/powershell.exe";

// The kernel's own limit on links followed in one lookup.
const MAX_SYMLINKS = 40;

/** A Windows path that cannot name a file on a mounted drive: UNC, relative, or invalid. */
export class WindowsPathError extends TypeError {
  readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/** The drive a Windows path names is not mounted in this WSL instance. */
export class DriveNotMountedError extends RangeError {
  readonly code = "ERR_WSL_DRIVE_NOT_MOUNTED";
  readonly drive: string;

  constructor(drive: string) {
    super(`Cannot translate Windows path: drive "${drive}:" is not mounted in this WSL instance`);
    this.drive = drive;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/** The real host: the files under /proc, /etc and /run, and this process's environment. */
export function realWslHost(): WslHost {
  return {
    os: hostPlatform().os,
    readFile: (path) => readFileSync(path, "utf8"),
    readlink: (path) => readlinkSync(path),
    exists: (path) => existsSync(path),
    env: process.env,
  };
}

/**
 * True on a WSL host: Linux, a kernel release naming Microsoft, and a WSL marker (a non-empty
 * WSL_DISTRO_NAME, or /run/WSL, /mnt/wsl or a WSLInterop binfmt entry). A Docker or Podman
 * container on a WSL2 kernel inherits the release string but none of the markers, so it is not
 * given WSL policy.
 */
export function isWsl(host: WslHost): boolean {
  if (host.os !== "linux") return false;
  const release = kernelRelease(host);
  if (release === null || !release.toLowerCase().includes("microsoft")) return false;
  const distro = host.env["WSL_DISTRO_NAME"];
  if (distro !== undefined && distro !== "") return true;
  return WSL_MARKERS.some((marker) => host.exists(marker));
}

/**
 * The Windows drives and shares mounted on this host, from /proc/self/mountinfo: fs type `drvfs`,
 * or `9p` with `aname=drvfs` among its options. De-duplicated and shallowest first (by the number
 * of `/`, then by string). An unreadable mount table gives an empty list, never an error;
 * malformed lines are skipped.
 */
export function windowsMounts(host: WslHost): readonly WindowsMount[] {
  let text: string;
  try {
    text = host.readFile("/proc/self/mountinfo");
  } catch {
    return Object.freeze([]);
  }
  const byMountPoint = new Map<string, WindowsMount>();
  for (const line of text.split("\n")) {
    const mount = parseMountLine(line);
    // A later line mounts over an earlier one at the same place: keep the visible one.
    if (mount !== null) byMountPoint.set(mount.mountPoint, mount);
  }
  const mounts = [...byMountPoint.values()].sort((a, b) =>
    compareShallowestFirst(a.mountPoint, b.mountPoint),
  );
  return Object.freeze(mounts.map((mount) => Object.freeze(mount)));
}

/**
 * What a Cell must not read on a WSL host, as `subpath` denials: /init, /run, /tmp, /var/tmp,
 * /mnt/wsl, /mnt/wslg and every Windows mount. Empty when this is not a WSL host.
 */
export function readDenials(host: WslHost): readonly DenyEntry[] {
  if (!isWsl(host)) return Object.freeze([]);
  const paths = [...WSL_FIXED_MASKS, ...windowsMounts(host).map((mount) => mount.mountPoint)];
  const unique = [...new Set(paths)];
  return Object.freeze(unique.map((path) => Object.freeze({ kind: "subpath" as const, path })));
}

/**
 * bubblewrap arguments that keep the resolver configuration readable under the WSL masks:
 * `--ro-bind-try <real> <real>` when /etc/resolv.conf resolves to a file strictly below a masked
 * root (typically /mnt/wsl/resolv.conf or /run/systemd/resolve/stub-resolv.conf), else nothing.
 * They must come after the masks and before any remount. `maskedRoots` defaults to the paths of
 * readDenials(host), so off WSL the result is empty.
 */
export function resolverRebinds(host: WslHost, maskedRoots?: readonly string[]): readonly string[] {
  const roots = maskedRoots ?? readDenials(host).map((entry) => entry.path);
  const real = resolveSymlinks(host, "/etc/resolv.conf");
  if (real === null) return Object.freeze([]);
  const masked = roots.some((root) => real !== root && isSameOrInside(real, root));
  return Object.freeze(masked ? ["--ro-bind-try", real, real] : []);
}

/**
 * The Linux path of an absolute Windows path on a mounted drive, through the actual mount table:
 * `C:\Users\x` becomes `/mnt/c/Users/x` when C: is mounted at /mnt/c. Forward slashes are
 * accepted, the drive letter is case-insensitive, `.` and `..` are resolved the way Windows
 * resolves them (never above the drive root), and a trailing separator is dropped.
 *
 * @throws {WindowsPathError} for a NUL, a UNC or device path, a relative or drive-relative path,
 * or a character Windows does not allow in a name (`code` says which)
 * @throws {DriveNotMountedError} when no mount in `mounts` is the named drive
 */
export function linuxPath(windowsPath: string, mounts: readonly WindowsMount[]): string {
  if (windowsPath.includes("\0"))
    throw new WindowsPathError(
      "Cannot translate Windows path: it contains a NUL character",
      "ERR_WSL_PATH_NUL",
    );
  const path = windowsPath.replaceAll("/", "\\");
  if (path.startsWith("\\\\"))
    throw new WindowsPathError(
      "Cannot translate Windows path: UNC and device paths are refused",
      "ERR_WSL_PATH_UNC",
    );
  const letter = path[0] ?? "";
  if (!isDriveLetter(letter) || path[1] !== ":" || path[2] !== "\\")
    throw new WindowsPathError(
      "Cannot translate Windows path: it must be absolute and start with a drive letter, as in C:\\",
      "ERR_WSL_PATH_RELATIVE",
    );
  const parts: string[] = [];
  for (const part of path.slice(3).split("\\")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else if (hasForbiddenCharacter(part))
      throw new WindowsPathError(
        "Cannot translate Windows path: a name contains a character Windows does not allow",
        "ERR_WSL_PATH_INVALID",
      );
    else parts.push(part);
  }
  const drive = letter.toUpperCase();
  const mount = mounts.find((candidate) => candidate.drive === drive);
  if (mount === undefined) throw new DriveNotMountedError(drive);
  return parts.length === 0 ? mount.mountPoint : posix.join(mount.mountPoint, ...parts);
}

/**
 * A PATH value with only Linux directories, order kept: empty and relative entries, entries that
 * are or lie under a Windows mount, and duplicates are dropped. On WSL the inherited PATH lists
 * Windows directories, and a program found there runs on the Windows side, outside the sandbox.
 */
export function linuxSearchPath(pathValue: string, mounts: readonly WindowsMount[]): string {
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const entry of pathValue.split(":")) {
    if (!entry.startsWith("/")) continue;
    const normal = withoutTrailingSlash(posix.normalize(entry));
    if (seen.has(normal)) continue;
    if (mounts.some((mount) => isSameOrInside(normal, mount.mountPoint))) continue;
    seen.add(normal);
    kept.push(entry);
  }
  return kept.join(":");
}

/**
 * Where powershell.exe is on a WSL host: the fixed System32 path under the mount of drive C:, and
 * only when it exists there. Never searched on PATH, and never on another drive, where a
 * removable or network drive could plant one. Null when not WSL, C: is not mounted, or it is absent.
 */
export function powershellPath(host: WslHost): string | null {
  if (!isWsl(host)) return null;
  const system = windowsMounts(host).find((mount) => mount.drive === "C");
  if (system === undefined) return null;
  const path = posix.join(system.mountPoint, POWERSHELL_RELATIVE);
  return host.exists(path) ? path : null;
}

// The running kernel's release: /proc/sys/kernel/osrelease, else the third field of /proc/version
// ("Linux version <release> ..."). Only the release is used: the rest of /proc/version names the
// build host and compiler, which must not decide anything.
function kernelRelease(host: WslHost): string | null {
  try {
    return host.readFile("/proc/sys/kernel/osrelease").trim();
  } catch {
    // Fall through to /proc/version.
  }
  try {
    const fields = host.readFile("/proc/version").split(" ");
    return fields[0] === "Linux" && fields[1] === "version" ? (fields[2] ?? null) : null;
  } catch {
    return null;
  }
}

// One mountinfo line: `id parent major:minor root mountpoint options [optional...] - fstype source
// superoptions`, fields split on single spaces. Null for a line that is not a Windows mount or is
// malformed (too few fields, no separator, a mount point that is not absolute).
function parseMountLine(line: string): WindowsMount | null {
  const fields = line.split(" ");
  // The separator follows the six fixed fields and any optional fields.
  const separator = fields.indexOf("-", 6);
  if (separator < 0) return null;
  const fsType = fields[separator + 1];
  const source = decodeOctalEscapes(fields[separator + 2] ?? "");
  const options = (fields[separator + 3] ?? "").split(/[,;]/).map(decodeOctalEscapes);
  const isDrvfs = fsType === "drvfs" || (fsType === "9p" && options.includes("aname=drvfs"));
  if (!isDrvfs) return null;
  const mountPoint = decodeOctalEscapes(fields[4] ?? "");
  if (!mountPoint.startsWith("/") || mountPoint.includes("\0")) return null;
  const pathOption = options.find((option) => option.startsWith("path="));
  const drive = driveOf(source) ?? driveOf(pathOption?.slice("path=".length) ?? "");
  return { mountPoint, drive };
}

// The kernel escapes space, tab, newline and backslash in mountinfo as three octal digits.
export function decodeOctalEscapes(field: string): string {
  return field.replace(/\\([0-3][0-7][0-7])/g, (_, digits: string) =>
    String.fromCharCode(Number.parseInt(digits, 8)),
  );
}

// "C:" or "C:\" names drive C; anything else (a share, "drvfs") names none.
function driveOf(text: string): string | null {
  const match = /^([A-Za-z]):\\?$/.exec(text);
  return match?.[1]?.toUpperCase() ?? null;
}

function isDriveLetter(character: string): boolean {
  return character.length === 1 && /[A-Za-z]/.test(character);
}

// Reserved in Windows names: < > : " | ? * and the control characters.
function hasForbiddenCharacter(name: string): boolean {
  for (const character of name) {
    if (character.charCodeAt(0) < 0x20 || '<>:"|?*'.includes(character)) return true;
  }
  return false;
}

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

// Shallowest first: fewer `/` first, then by string.
function compareShallowestFirst(a: string, b: string): number {
  const depth = slashCount(a) - slashCount(b);
  if (depth !== 0) return depth;
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

function slashCount(path: string): number {
  let count = 0;
  for (const character of path) if (character === "/") count++;
  return count;
}

// The real path of an absolute path, following links through `host.readlink` the way the kernel
// does: a component that is not a link (or cannot be read) is kept as it is, like a non-strict
// realpath. Null after too many links (a loop) or on a link target that is empty or holds a NUL.
function resolveSymlinks(host: WslHost, path: string): string | null {
  const pending = path.split("/").reverse();
  let resolved: string[] = [];
  let followed = 0;
  while (pending.length > 0) {
    const part = pending.pop() ?? "";
    if (part === "" || part === ".") continue;
    if (part === "..") {
      resolved.pop();
      continue;
    }
    const candidate = `/${[...resolved, part].join("/")}`;
    const target = readLink(host, candidate);
    if (target === null) {
      resolved.push(part);
      continue;
    }
    followed++;
    if (followed > MAX_SYMLINKS || target === "" || target.includes("\0")) return null;
    if (target.startsWith("/")) resolved = [];
    pending.push(...target.split("/").reverse());
  }
  return `/${resolved.join("/")}`;
}

function readLink(host: WslHost, path: string): string | null {
  try {
    return host.readlink(path);
  } catch {
    return null;
  }
}
