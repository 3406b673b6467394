// Scratch directories and file modes for the store tests.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Runs `body` with a fresh directory, removed afterwards whatever happens. */
export function withTempDir(prefix: string, body: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), `cellguard-${prefix}-`));
  try {
    body(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `body` under umask 022, the common default that leaves new files group/world-readable. */
export function underUmask022(body: () => void): void {
  const previous = process.umask(0o022);
  try {
    body();
  } finally {
    process.umask(previous);
  }
}

export function modeOf(path: string): number {
  return statSync(path).mode & 0o7777;
}
