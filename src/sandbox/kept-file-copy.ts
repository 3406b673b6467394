// Small regular files of a rebuilt directory are copied in rather than bound back. bubblewrap
// pays a mount, a read of the whole mount table and a remount for every bind, on every command;
// a dotfile's few bytes written into the tmpfs from a descriptor cost none of that. The copy is
// taken once, when the sandbox is created, as the rebuilt directory's listing already is: the
// Cell sees the file as it was then, read-only either way.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import type { KeptFileCopy } from "../policy/sandbox-policy.js";

/** Larger files are bound back: a copy is held in memory and written out for every command. */
export const MAX_COPIED_FILE_BYTES = 16 * 1024;
/** Files copied per sandbox; the rest are bound back. Each is one descriptor per spawn. */
export const MAX_COPIED_FILES = 32;

/**
 * The bytes and permission bits of a small regular file, or null (too large, not a regular file
 * now, unreadable, changed size while read): the caller binds it back instead. Never follows a
 * link, never blocks on a FIFO swapped in since the listing.
 */
export function copySmallFile(path: string): KeptFileCopy | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_COPIED_FILE_BYTES) return null;
    // One byte more than the size: a file that grew while read is bound back, not cut short.
    const buffer = Buffer.alloc(info.size + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length) return null;
    }
    if (length !== info.size) return null;
    // Set-id and sticky bits are not carried over: the copy is owned by the Cell's user.
    return { data: new Uint8Array(buffer.subarray(0, length)), mode: info.mode & 0o777 };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}
