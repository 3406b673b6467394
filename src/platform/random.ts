// Random hex from the kernel's generator. Loading node:crypto costs about 4 ms at start-up, paid
// by every `cellguard exec`; reading /dev/urandom costs a system call. Bytes are read a block at
// a time and each is handed out once, so a Cell's end marker (one per Cell) costs no system call
// most of the time. The pool lives in this process only; nothing sandboxed can read it.
import { closeSync, openSync, readSync } from "node:fs";

const BLOCK = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function fill(buffer: Buffer): void {
  const fd = openSync("/dev/urandom", "r");
  try {
    let filled = 0;
    while (filled < buffer.length)
      filled += readSync(fd, buffer, filled, buffer.length - filled, null);
  } finally {
    closeSync(fd);
  }
}

export function randomHex(bytes: number): string {
  if (bytes > BLOCK) {
    const large = Buffer.alloc(bytes);
    fill(large);
    return large.toString("hex");
  }
  if (pool.length - used < bytes) {
    pool = Buffer.alloc(BLOCK);
    fill(pool);
    used = 0;
  }
  const hex = pool.toString("hex", used, used + bytes);
  used += bytes;
  return hex;
}
