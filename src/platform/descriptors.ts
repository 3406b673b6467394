// Descriptors a process inherited without close-on-exec pass straight through every spawn, and
// bubblewrap does not close them: a directory descriptor opened on the host would let a Cell
// write beside its read-only mounts. Node cannot set FD_CLOEXEC, so such descriptors are closed.
import { closeSync, readdirSync, readFileSync } from "node:fs";

const O_CLOEXEC = 0o2000000;

/** Inherited descriptors above stderr that would leak into a child (Linux; elsewhere empty). */
export function leakingDescriptors(procFd = "/proc/self/fd"): number[] {
  let entries: string[];
  try {
    entries = readdirSync(procFd);
  } catch {
    return [];
  }
  const leaking: number[] = [];
  for (const entry of entries) {
    const fd = Number(entry);
    if (!Number.isInteger(fd) || fd <= 2) continue;
    try {
      const info = readFileSync(`${procFd.replace(/fd$/, "fdinfo")}/${fd}`, "utf8");
      const flags = /^flags:\s*([0-7]+)$/m.exec(info)?.[1];
      if (flags !== undefined && (parseInt(flags, 8) & O_CLOEXEC) === 0) leaking.push(fd);
    } catch {
      // the listing's own descriptor, already closed: nothing to do
    }
  }
  return leaking;
}

/**
 * Closes every inherited descriptor that would leak into a sandboxed child. For a process whose
 * only job is to run sandboxed commands (the CLI); an embedding application decides for itself.
 */
export function closeLeakingDescriptors(): number[] {
  const closed = leakingDescriptors();
  for (const fd of closed) {
    try {
      closeSync(fd);
    } catch {
      // already gone
    }
  }
  return closed;
}
