// Random hex from the kernel's generator. Loading node:crypto costs about 4 ms at start-up, paid
// by every `cellguard exec`; reading /dev/urandom costs a system call.
import { closeSync, openSync, readSync } from "node:fs";

export function randomHex(bytes: number): string {
  const buffer = Buffer.alloc(bytes);
  const fd = openSync("/dev/urandom", "r");
  try {
    let filled = 0;
    while (filled < bytes) filled += readSync(fd, buffer, filled, bytes - filled, null);
  } finally {
    closeSync(fd);
  }
  return buffer.toString("hex");
}
