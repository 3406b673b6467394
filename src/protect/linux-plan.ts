// The Linux form of a rule set (spec §9, checked on the kernel): bubblewrap mounts. A mount pins
// an inode, not a path, so each Seatbelt rule becomes the mount that holds on Linux:
// - an existing write-denied path is bound read-only onto itself;
// - an existing read-denied path is masked: a directory by a read-only tmpfs with its work
//   members bound back, a file by an empty mode-000 file (reads fail, not just read empty);
// - a missing path cannot be made by binding it, so its nearest existing directory is rebuilt:
//   a read-only tmpfs holding its existing entries bound back, which nothing inside can add a
//   name to, and which does not show names created on the host later (a credential written
//   after launch stays invisible);
// - a symlink that must not be replaced has its directory rebuilt the same way;
// - every existing ancestor is bound onto itself: the kernel refuses to rename or remove a mount
//   point (EBUSY), while it lets an ancestor of one be renamed with the mount inside it.
// Probing the host (planLinuxMounts) is separate from rendering (renderMountArgs, pure).
import { lstatSync, readdirSync, readlinkSync, realpathSync } from "node:fs";
import { ProtectedStoreError } from "./errors.js";
import { isSameOrInside, joinPath, parentOf } from "./paths.js";
import { MAX_ENTRIES, type ProtectRuleSet } from "./rules.js";

export type RebuiltEntry =
  | { readonly name: string; readonly kind: "bind" }
  | { readonly name: string; readonly kind: "symlink"; readonly target: string };

export type MountOp =
  | { readonly op: "self-bind"; readonly path: string }
  | { readonly op: "ro-bind"; readonly path: string }
  | { readonly op: "mask-file"; readonly path: string }
  | { readonly op: "mask-dir"; readonly path: string; readonly keep: readonly string[] }
  | {
      readonly op: "rebuild";
      readonly path: string;
      readonly mode: number;
      readonly entries: readonly RebuiltEntry[];
    };

/** Mounts in the order bubblewrap must make them (parents first). */
export interface LinuxMountPlan {
  /**
   * The top-level directories bound back writable over a read-only "/". Everything else at the
   * top (the system trees, and every name in "/" itself) stays read-only: a process running as
   * root owns those files, and the loader configuration, shared libraries and interpreters there
   * are what the supervisor and every bubblewrap it starts load outside any confinement.
   */
  readonly writableRoots: readonly string[];
  readonly ops: readonly MountOp[];
}

/**
 * Top-level names never bound back writable: the code and loader configuration run outside the
 * confinement (/etc/ld.so.preload, the ELF interpreter, libraries, interpreters), and the kernel
 * trees that get their own mounts.
 */
export const SYSTEM_ROOTS: ReadonlySet<string> = new Set([
  "bin",
  "boot",
  "dev",
  "etc",
  "lib",
  "lib32",
  "lib64",
  "libx32",
  "proc",
  "sbin",
  "sys",
  "usr",
]);

/** The real (not linked) top-level directories outside SYSTEM_ROOTS, sorted. */
function writableTopLevel(): string[] {
  let names: string[];
  try {
    names = readdirSync("/");
  } catch (error) {
    throw new ProtectedStoreError(
      "ERR_PROTECT_RESOLVE",
      `cannot list "/" for the Linux mounts: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      { cause: error },
    );
  }
  return names
    .filter((name) => !SYSTEM_ROOTS.has(name))
    .map((name) => joinPath("/", name))
    .filter((path) => kindOf(path) === "directory")
    .sort(byCodeUnit);
}

/** Whether a path lies in the read-only part of "/" (outside every writable root). */
export function inReadOnlySystem(
  plan: Pick<LinuxMountPlan, "writableRoots">,
  path: string,
): boolean {
  return !plan.writableRoots.some((w) => isSameOrInside(path, w));
}

const STRENGTH: Readonly<Record<MountOp["op"], number>> = {
  "self-bind": 0,
  rebuild: 1,
  "ro-bind": 2,
  "mask-dir": 3,
  "mask-file": 3,
};

/** A bound on bubblewrap arguments, so a huge rebuilt directory fails closed at launch. */
export const MAX_MOUNTS = 2 * MAX_ENTRIES;

const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const depth = (p: string): number => (p === "/" ? 0 : p.split("/").length - 1);

type Kind = "missing" | "symlink" | "directory" | "file" | "other";

function kindOf(path: string): Kind {
  try {
    const st = lstatSync(path);
    if (st.isSymbolicLink()) return "symlink";
    if (st.isDirectory()) return "directory";
    if (st.isFile()) return "file";
    return "other";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw new ProtectedStoreError(
      "ERR_PROTECT_RESOLVE",
      `cannot inspect ${JSON.stringify(path)} for the Linux mounts: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      { cause: error },
    );
  }
}

function isCanonical(path: string): boolean {
  try {
    return realpathSync.native(path) === path;
  } catch {
    return false;
  }
}

function realParent(path: string): string | null {
  const parent = parentOf(path);
  return parent === null ? null : realpathSync.native(parent);
}

export function planLinuxMounts(rules: ProtectRuleSet): LinuxMountPlan {
  const writableRoots = writableTopLevel();
  const wanted = new Map<string, MountOp["op"]>();
  const want = (path: string | null, op: MountOp["op"]): void => {
    if (path === null) return;
    const have = wanted.get(path);
    if (have === undefined || STRENGTH[op] > STRENGTH[have]) wanted.set(path, op);
  };
  const reads = new Set(rules.reads);
  const nearestExisting = (path: string): string | null => {
    for (let p = parentOf(path); p !== null; p = parentOf(p)) {
      const kind = kindOf(p);
      if (kind === "missing") continue;
      return realpathSync.native(p);
    }
    return null;
  };
  for (const path of rules.writes) {
    const kind = kindOf(path);
    if (kind === "missing") {
      want(nearestExisting(path), "rebuild");
      continue;
    }
    if (kind === "symlink") {
      // The link's name must not be replaced; its target is protected by its resolved spelling.
      want(realParent(path), "rebuild");
      continue;
    }
    if (!isCanonical(path)) continue; // reached through a linked ancestor: the twin is bound
    if (reads.has(path)) want(path, kind === "directory" ? "mask-dir" : "mask-file");
    else want(path, "ro-bind");
  }
  for (const path of rules.ancestors) {
    const kind = kindOf(path);
    if (kind === "symlink") want(realParent(path), "rebuild");
    // "/" is the sandbox root mount already.
    else if (kind === "directory" && path !== "/" && isCanonical(path)) want(path, "self-bind");
  }
  const masked = [...wanted].filter(([, op]) => op === "mask-dir").map(([p]) => p);
  const keptIn = (dir: string): string[] =>
    rules.workPaths
      .filter((w) => parentOf(w) === dir && kindOf(w) === "directory" && isCanonical(w))
      .sort(byCodeUnit);
  // Inside a masked directory only its work members exist; what lies in them keeps its mounts
  // (a control path inside a work member stays read-only: the control denials win).
  const hidden = (path: string): boolean =>
    masked.some(
      (m) =>
        m !== path && isSameOrInside(path, m) && !keptIn(m).some((w) => isSameOrInside(path, w)),
    );
  const ops: MountOp[] = [];
  const paths = [...wanted.keys()].sort((a, b) => depth(a) - depth(b) || byCodeUnit(a, b));
  let mounts = 0;
  const readOnly: string[] = [];
  for (const path of paths) {
    if (hidden(path)) continue;
    const op = wanted.get(path);
    if (op === undefined) continue;
    // Below a read-only bind nothing can be written, renamed or removed already: a second bind
    // would only cost a mount (bubblewrap's cost grows with the square of the mount count).
    const underReadOnly =
      inReadOnlySystem({ writableRoots }, path) ||
      readOnly.some((r) => r !== path && isSameOrInside(path, r));
    if (underReadOnly && (op === "ro-bind" || op === "self-bind")) continue;
    if (op === "ro-bind") readOnly.push(path);
    if (op === "mask-dir") {
      const keep = keptIn(path).map((w) => w.slice(path.length + 1));
      ops.push({ op, path, keep });
      mounts += 1 + keep.length;
    } else if (op === "rebuild") {
      const entries = rebuiltEntries(path);
      ops.push({ op, path, mode: lstatSync(path).mode & 0o7777, entries });
      mounts += 1 + entries.length;
    } else {
      ops.push({ op, path });
      mounts += 1;
    }
    if (mounts > MAX_MOUNTS)
      throw new ProtectedStoreError(
        "ERR_PROTECT_LIMIT",
        `the Linux form of the protected rules needs more than ${MAX_MOUNTS} mounts (a rebuilt directory with many entries?); protect fewer or deeper paths`,
      );
  }
  return Object.freeze({
    writableRoots: Object.freeze(writableRoots),
    ops: Object.freeze(ops),
  });
}

function rebuiltEntries(dir: string): RebuiltEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw new ProtectedStoreError(
      "ERR_PROTECT_RESOLVE",
      `cannot list ${JSON.stringify(dir)} to rebuild it: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      { cause: error },
    );
  }
  return names.sort(byCodeUnit).map((name): RebuiltEntry => {
    const path = joinPath(dir, name);
    if (kindOf(path) === "symlink") return { name, kind: "symlink", target: readlinkSync(path) };
    return { name, kind: "bind" };
  });
}

export interface MountRenderOptions {
  /** An empty mode-000 file bound over read-denied files (owned by the launch, never written). */
  readonly deniedFile: string;
}

/**
 * bubblewrap mount arguments for a plan; pure. Inside a read-only subtree a self-bind or a
 * rebuilt entry is bound back read-only, so pinning a directory never reopens it.
 */
export function renderMountArgs(plan: LinuxMountPlan, options: MountRenderOptions): string[] {
  const args: string[] = [];
  const readOnlyRoots: string[] = [];
  const underReadOnly = (path: string): boolean =>
    inReadOnlySystem(plan, path) || readOnlyRoots.some((r) => isSameOrInside(path, r));
  const bindBack = (path: string): void => {
    args.push(underReadOnly(path) ? "--ro-bind" : "--bind", path, path);
  };
  for (const op of plan.ops) {
    switch (op.op) {
      case "self-bind":
        bindBack(op.path);
        break;
      case "ro-bind":
        args.push("--ro-bind", op.path, op.path);
        readOnlyRoots.push(op.path);
        break;
      case "mask-file":
        args.push("--ro-bind", options.deniedFile, op.path);
        readOnlyRoots.push(op.path);
        break;
      case "mask-dir":
        args.push("--perms", "0700", "--tmpfs", op.path);
        for (const member of op.keep) bindBack(joinPath(op.path, member));
        args.push("--remount-ro", op.path);
        break;
      case "rebuild":
        args.push("--perms", (op.mode & 0o777).toString(8).padStart(4, "0"), "--tmpfs", op.path);
        for (const entry of op.entries) {
          const path = joinPath(op.path, entry.name);
          if (entry.kind === "symlink") args.push("--symlink", entry.target, path);
          else bindBack(path);
        }
        args.push("--remount-ro", op.path);
        break;
    }
  }
  return args;
}
