// read_file, write_file and list_dir, confined to the workspace.
//
// Every path goes through three checks before a file is touched: the secret-path pre-gate on the
// path as written (isSecretPath: a hard refusal, no prompt), the secret-alias walk (segment by
// segment with lstat, expanding each symbolic link by hand, refusing a link that leaves the
// workspace, a prefix that is a secret after expansion, more than 40 hops, or anything lstat
// cannot answer), and the protected-store hook. Opening is then no-follow, a file with a second
// hard link is refused (it may alias a file outside), and on Linux the opened descriptor's own
// path is compared with the walked one, so a swap between walk and open is refused too.
// Writes are staged as an exclusive 0600 file beside the target and renamed over it.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  opendirSync,
  openSync,
  readlinkSync,
  readSync,
  realpathSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { isAbsolute, join, posix, relative, sep } from "node:path";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { foldName } from "../screen/host/fold.js";
import { isSecretPath } from "../screen/host/secret-paths.js";
import { isAbsentError, lstatKind } from "../store/fsprobe.js";
import { ToolRefusal } from "./errors.js";
import type { ProtectionSeam } from "./protection.js";

/** The most a read returns, in bytes; the rest is cut with a note. */
export const MAX_READ_BYTES = 4 * 1024 * 1024;
const MAX_LINK_HOPS = 40;
const MAX_LIST_ENTRIES = 2000;

interface Resolved {
  /** Workspace-relative, links expanded, `/`-separated; "" for the workspace itself. */
  readonly relative: string;
  readonly absolute: string;
  /** What the last segment is; null when it does not exist. */
  readonly kind: "dir" | "file" | "other" | null;
}

export interface WorkspaceFilesOptions {
  /**
   * Canonical absolute directories inside the workspace that the host runs code from (folders on
   * PATH, cellguard's own package): write_file refuses them, as the kernel sandbox keeps them
   * read-only for Cells. Asked on every write. @default none
   */
  readonly readOnlyPaths?: () => readonly string[];
  /** Entries list_dir reads and shows at most. @default 2000 */
  readonly maxListEntries?: number;
}

export class WorkspaceFiles {
  readonly root: string;
  readonly #protection: ProtectionSeam;
  readonly #readOnlyPaths: () => readonly string[];
  readonly #maxListEntries: number;

  constructor(workspace: string, protection: ProtectionSeam, options: WorkspaceFilesOptions = {}) {
    this.root = realpathSync(workspace);
    this.#protection = protection;
    this.#readOnlyPaths = options.readOnlyPaths ?? (() => []);
    this.#maxListEntries = options.maxListEntries ?? MAX_LIST_ENTRIES;
  }

  read(path: string): { text: string; bytes: number; truncated: boolean } {
    const target = this.#resolve(path);
    if (target.kind === null)
      throw refusal("input", `${shown(path)} does not exist in the workspace`);
    if (target.kind !== "file") throw refusal("input", `${shown(path)} is not a regular file`);
    const fd = this.#openChecked(target, constants.O_RDONLY);
    try {
      const st = fstatSync(fd);
      const size = Math.min(st.size, MAX_READ_BYTES);
      const buffer = Buffer.alloc(size);
      let read = 0;
      while (read < size) {
        const n = readSync(fd, buffer, read, size - read, read);
        if (n === 0) break;
        read += n;
      }
      return {
        text: buffer.subarray(0, read).toString("utf8"),
        bytes: st.size,
        truncated: st.size > read,
      };
    } finally {
      closeSync(fd);
    }
  }

  write(path: string, content: string): { bytes: number; created: boolean } {
    const target = this.#resolve(path);
    if (target.relative === "") throw refusal("input", "the workspace itself cannot be written");
    this.#refuseHostRunPaths(path, target);
    if (target.kind === "dir" || target.kind === "other") {
      throw refusal("input", `${shown(path)} exists and is not a regular file`);
    }
    const cut = target.absolute.lastIndexOf(sep);
    const parent = target.absolute.slice(0, cut);
    if (lstatKind(parent) !== "dir") {
      throw refusal(
        "input",
        `the parent directory of ${shown(path)} does not exist; create it first`,
      );
    }
    let mode = 0o644;
    if (target.kind === "file") {
      const fd = this.#openChecked(target, constants.O_RDONLY);
      try {
        mode = fstatSync(fd).mode & 0o777;
      } finally {
        closeSync(fd);
      }
    }
    // Every step below goes through a descriptor pinned to the walked parent, so a directory a
    // running Cell swaps for a link after the walk cannot redirect the write out of the
    // workspace (Linux: /proc/self/fd/N stands in for openat and renameat).
    const dir = pinDirectory(parent, path);
    const name = target.absolute.slice(cut + 1);
    const staged = join(dir.base, `.cellguard-${randomBytes(8).toString("hex")}.tmp`);
    const data = Buffer.from(content, "utf8");
    try {
      const fd = openSync(
        staged,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
      try {
        try {
          let written = 0;
          while (written < data.length) written += writeSync(fd, data, written);
          fsyncSync(fd);
          fchmodSync(fd, mode);
        } finally {
          closeSync(fd);
        }
        renameSync(staged, join(dir.base, name));
      } catch (error) {
        try {
          unlinkSync(staged);
        } catch {
          // already renamed
        }
        throw error;
      }
      fsyncSync(dir.fd);
    } finally {
      closeSync(dir.fd);
    }
    return { bytes: data.length, created: target.kind === null };
  }

  /**
   * The directory's entries, read as a stream and stopped at the bound: a directory with millions
   * of entries costs no more than the bound. When cut, `entries` holds the first entries the file
   * system returned (sorted among themselves), not the first in name order.
   */
  list(path: string): { entries: string[]; truncated: boolean; limit: number } {
    const target = this.#resolve(path === "" ? "." : path);
    if (target.kind !== "dir") throw refusal("input", `${shown(path)} is not a directory`);
    const dir = pinDirectory(target.absolute, path);
    // Names and kinds both come through the pinned descriptor: a directory swapped for a link
    // after the pin cannot make the listing describe files outside the workspace.
    const limit = this.#maxListEntries;
    const entries: string[] = [];
    let truncated = false;
    try {
      const names: string[] = [];
      const stream = opendirSync(dir.base, { bufferSize: 256 });
      try {
        for (let entry = stream.readSync(); entry !== null; entry = stream.readSync()) {
          if (names.length === limit) {
            truncated = true; // one entry past the bound is enough to know
            break;
          }
          names.push(entry.name);
        }
      } finally {
        stream.closeSync();
      }
      names.sort();
      for (const name of names) {
        const rel = target.relative === "" ? name : `${target.relative}/${name}`;
        let kind: string;
        let size = "";
        try {
          const st = lstatSync(join(dir.base, name));
          kind = st.isSymbolicLink()
            ? "link"
            : st.isDirectory()
              ? "dir"
              : st.isFile()
                ? "file"
                : "other";
          if (st.isFile()) size = ` ${st.size}`;
        } catch (error) {
          if (isAbsentError(error)) continue;
          kind = "unreadable";
        }
        entries.push(
          `${kind} ${listedName(name)}${size}${isSecretPath(rel) ? " (secret: not readable by tools)" : ""}`,
        );
      }
    } finally {
      closeSync(dir.fd);
    }
    return { entries, truncated, limit };
  }

  /**
   * The spellings of a path the permission gate judges: links expanded (what the call touches,
   * shown first), normalised as written, and as given; the strictest rule over them holds, so
   * `docs/../private/x`, `./private/x`, an absolute path or a link cannot slip past a rule
   * written for `private/*`. Runs the pre-gate and the alias walk.
   * @throws {ToolRefusal} the same refusals as read, write and list.
   */
  gateSpellings(path: string): string[] {
    const target = this.#resolve(path === "" ? "." : path);
    const lexical = isAbsolute(path) ? relative(this.root, path) : path;
    let normalised = posix.normalize(lexical.split(sep).join("/"));
    if (normalised.length > 1 && normalised.endsWith("/")) normalised = normalised.slice(0, -1);
    const tidy = (spelling: string): string =>
      spelling === "" || spelling === "./"
        ? "."
        : spelling.startsWith("./")
          ? spelling.slice(2)
          : spelling;
    return [...new Set([tidy(target.relative), tidy(normalised), path])];
  }

  /**
   * Write_file runs on the host, outside the kernel sandbox, so it must not write where the
   * sandbox keeps Cells out: a repository's .git (hooks, core.fsmonitor and aliases are code the
   * host's git runs later; any depth, since a nested repository runs the same way once entered)
   * and the read-only folders the host runs programs from. Judged on the path as given and as
   * walked, so neither a link nor a case or trailing-dot spelling reaches them.
   */
  #refuseHostRunPaths(asGiven: string, target: Resolved): void {
    const lexical = isAbsolute(asGiven) ? relative(this.root, asGiven) : asGiven;
    if (namesGitDirectory(lexical) || namesGitDirectory(target.relative)) {
      throw refusal(
        "workspace",
        `Permission denied: ${shown(asGiven)} is inside a repository's .git (its hooks and config are code the host runs later); write_file does not write there`,
      );
    }
    for (const dir of this.#readOnlyPaths()) {
      if (isSameOrInside(target.absolute, dir)) {
        throw refusal(
          "workspace",
          `Permission denied: ${shown(asGiven)} is in ${shown(dir)}, a folder whose programs are run by the host; it is read-only to the tools`,
        );
      }
    }
  }

  /** The pre-gate, the alias walk and the protected-store hook. @throws {ToolRefusal} */
  #resolve(path: string): Resolved {
    if (path.includes("\0")) throw refusal("input", "the path contains a NUL character");
    if (path.trim() === "") throw refusal("input", "the path is empty");
    let rel = path;
    if (isAbsolute(path)) {
      const inside = relative(this.root, path);
      if (leavesRoot(inside)) {
        throw refusal(
          "workspace",
          `${shown(path)} is outside the workspace; give a path relative to it`,
        );
      }
      rel = inside;
    }
    if (isSecretPath(rel)) {
      throw refusal(
        "secret-path",
        `Permission denied: access to secret files (e.g. .env / keys) is blocked: ${shown(path)}`,
      );
    }
    this.#checkStore(join(this.root, rel));
    const resolved = this.#walk(rel, path);
    this.#checkStore(resolved.absolute);
    return resolved;
  }

  #checkStore(absolute: string): void {
    try {
      this.#protection.checkStorePath(absolute);
    } catch (error) {
      throw refusal(
        "protected-store",
        `Permission denied: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  #walk(rel: string, asGiven: string): Resolved {
    const resolved: string[] = [];
    const queue = rel.split("/");
    let hops = 0;
    let kind: Resolved["kind"] = "dir";
    while (queue.length > 0) {
      const segment = queue.shift() as string;
      if (segment === "" || segment === ".") continue;
      if (kind === null) {
        // Below an absent segment everything is absent; keep judging the names.
        if (segment === "..")
          throw refusal("input", `${shown(asGiven)} climbs out of a directory that does not exist`);
        resolved.push(segment);
        this.#judge(resolved, asGiven);
        continue;
      }
      if (kind !== "dir")
        throw refusal("input", `${shown(asGiven)}: a segment before the last is not a directory`);
      if (segment === "..") {
        if (resolved.length === 0) {
          throw refusal("workspace", `${shown(asGiven)} leads outside the workspace`);
        }
        resolved.pop();
        continue;
      }
      resolved.push(segment);
      this.#judge(resolved, asGiven);
      const here = join(this.root, ...resolved);
      let found;
      try {
        found = lstatKind(here);
      } catch (error) {
        throw refusal(
          "workspace",
          `unsafe alias inspection: ${shown(asGiven)} cannot be examined (${(error as NodeJS.ErrnoException).code ?? "error"})`,
        );
      }
      if (found === "symlink") {
        hops += 1;
        if (hops > MAX_LINK_HOPS) {
          throw refusal(
            "workspace",
            `unsafe alias inspection: ${shown(asGiven)} passes more than ${MAX_LINK_HOPS} symbolic links`,
          );
        }
        let link: string;
        try {
          link = readlinkSync(here);
        } catch (error) {
          throw refusal(
            "workspace",
            `unsafe alias inspection: the link ${shown(resolved.join("/"))} cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`,
          );
        }
        resolved.pop();
        if (isAbsolute(link)) {
          const inside = relative(this.root, link);
          if (leavesRoot(inside)) {
            throw refusal(
              "workspace",
              `Permission denied: ${shown(asGiven)} goes through a symbolic link that leads outside the workspace`,
            );
          }
          resolved.length = 0;
          queue.unshift(...inside.split(sep));
        } else {
          queue.unshift(...link.split("/"));
        }
        kind = "dir";
        continue;
      }
      kind = found;
    }
    const relativePath = resolved.join("/");
    return { relative: relativePath, absolute: join(this.root, ...resolved), kind };
  }

  #judge(segments: readonly string[], asGiven: string): void {
    if (isSecretPath(segments.join("/"))) {
      throw refusal(
        "secret-path",
        `Permission denied: access to secret files (e.g. .env / keys) is blocked: ${shown(asGiven)} resolves to a secret path`,
      );
    }
  }

  /** Opens a walked regular file no-follow and checks it is the file the walk found. */
  #openChecked(target: Resolved, flags: number): number {
    let fd: number;
    try {
      fd = openSync(
        target.absolute,
        flags | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY,
      );
    } catch (error) {
      throw refusal(
        "workspace",
        `${shown(target.relative)} cannot be opened (${(error as NodeJS.ErrnoException).code ?? "error"})`,
      );
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) throw refusal("input", `${shown(target.relative)} is not a regular file`);
      if (st.nlink > 1) {
        throw refusal(
          "workspace",
          `Permission denied: ${shown(target.relative)} has ${st.nlink} hard links, so it may be the same file as one outside the workspace`,
        );
      }
      const opened = descriptorPath(fd);
      if (opened !== null && opened !== target.absolute) {
        throw refusal("workspace", `${shown(target.relative)} changed while it was being opened`);
      }
      return fd;
    } catch (error) {
      closeSync(fd);
      throw error;
    }
  }
}

/**
 * Opens a walked directory and checks the descriptor is that directory; `base` is the path that
 * reaches it through the descriptor (itself where there is no /proc).
 */
function pinDirectory(path: string, asGiven: string): { fd: number; base: string } {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    throw refusal(
      "workspace",
      `the directory of ${shown(asGiven)} cannot be opened (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    );
  }
  const opened = descriptorPath(fd);
  if (opened !== null && opened !== path) {
    closeSync(fd);
    throw refusal(
      "workspace",
      `the directory of ${shown(asGiven)} changed while it was being opened`,
    );
  }
  return { fd, base: opened === null ? path : `/proc/self/fd/${fd}` };
}

/** The path the kernel records for an open descriptor (Linux /proc); null where there is none. */
function descriptorPath(fd: number): string | null {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return null;
  }
}

/** A name as listed: quoted as JSON when it holds a control character (a newline would forge a line). */
function listedName(name: string): string {
  for (let at = 0; at < name.length; at += 1) {
    const code = name.charCodeAt(at);
    if (code < 0x20 || code === 0x7f) return JSON.stringify(name);
  }
  return name;
}

/**
 * Whether any segment of a path is `.git` as a file system may read it: folded like secret names
 * (case, Unicode form, invisible characters), with the trailing dots and spaces Windows drops.
 */
function namesGitDirectory(path: string): boolean {
  for (const segment of path.split(/[/\\]/)) {
    let name = foldName(segment);
    let end = name.length;
    while (end > 0 && (name[end - 1] === "." || name[end - 1] === " ")) end -= 1;
    name = name.slice(0, end);
    if (name === ".git") return true;
  }
  return false;
}

/** Whether a path.relative() answer climbs out of its base. */
function leavesRoot(inside: string): boolean {
  return inside === ".." || inside.startsWith(`..${sep}`) || isAbsolute(inside);
}

function refusal(layer: ToolRefusal["layer"], message: string): ToolRefusal {
  return new ToolRefusal(layer, message);
}

function shown(path: string): string {
  return JSON.stringify(path.length > 300 ? `${path.slice(0, 300)}…` : path);
}
