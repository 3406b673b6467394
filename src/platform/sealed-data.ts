// Inherited data (the seccomp program) handed to a child as a read-only file rather than a pipe.
// A pipe is filled by this process only after the spawn returns, and bubblewrap blocks on it
// until the event loop gets there; a file already holds every byte when the child starts. On
// the benchmark host that is about 0.8 ms of each sandboxed command's ~20 ms.
//
// The file lives in /dev/shm for microseconds: created exclusively (a planted name or symlink
// fails the open), owner read-only, reopened for reading, then unlinked before the spawn. No
// sandbox sees the host's /dev/shm (bubblewrap mounts a fresh /dev), and bubblewrap closes the
// descriptor after reading the program, so a Cell never holds it. Any failure returns null and
// the caller falls back to the pipe.
//
// What this trusts: a process of the same user outside every sandbox could reopen the unlinked
// file through /proc/<pid>/fd in the milliseconds before bubblewrap reads it, and change it (a
// pipe cannot be reopened that way). Such a process already runs with every right a Cell is
// denied, so no boundary cellguard claims moves; a Cell cannot see this process's /proc.
import { closeSync, fstatSync, openSync, unlinkSync, writeSync } from "node:fs";
import { randomHex } from "./random.js";

/** The host's shared-memory tmpfs: never visible inside a sandbox. */
export const SEALED_DATA_ROOT = "/dev/shm";

/**
 * A fresh read-only descriptor, at offset 0, on an unlinked file holding exactly `data`; null
 * when the root is unusable (absent, full, not a tmpfs we may write). The caller closes it.
 */
export function openSealedCopy(data: Uint8Array, root: string = SEALED_DATA_ROOT): number | null {
  const path = `${root}/.cellguard-sealed-${process.pid}-${randomHex(8)}`;
  let writer: number;
  try {
    writer = openSync(path, "wx", 0o400);
  } catch {
    return null;
  }
  try {
    let written = 0;
    while (written < data.byteLength) {
      written += writeSync(writer, data, written, data.byteLength - written);
    }
    const reader = openSync(path, "r");
    let whole = false;
    try {
      whole = fstatSync(reader).size === data.byteLength;
    } finally {
      if (!whole) closeSync(reader);
    }
    return whole ? reader : null;
  } catch {
    return null;
  } finally {
    closeSync(writer);
    try {
      unlinkSync(path);
    } catch {
      // Already gone: nothing names the data either way.
    }
  }
}
