// Byte-for-byte comparison against a checked-in file under test/golden/files/. With
// CELLGUARD_UPDATE_GOLDEN=1 the file is rewritten instead (and the assertion passes): review the
// diff before committing it.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { repoRoot } from "../helpers/paths.js";

export function goldenPath(name: string): string {
  return join(repoRoot(), "test", "golden", "files", name);
}

export const updatingGolden = process.env["CELLGUARD_UPDATE_GOLDEN"] === "1";

export function assertGolden(name: string, actual: string): void {
  const path = goldenPath(name);
  if (updatingGolden) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual, "utf8");
    return;
  }
  assert.ok(
    existsSync(path),
    `golden file ${path} is missing: regenerate with CELLGUARD_UPDATE_GOLDEN=1 and review it`,
  );
  const expected = readFileSync(path, "utf8");
  assert.equal(
    actual,
    expected,
    `output differs from golden file ${name}; if the change is intended, regenerate with CELLGUARD_UPDATE_GOLDEN=1 and review the diff`,
  );
}

/** Classic-BPF bytes as hex, one 8-byte instruction per line: code(2) jt(1) jf(1) k(4), little-endian. */
export function bpfHexDump(bytes: Uint8Array): string {
  assert.equal(bytes.length % 8, 0, "BPF program length must be a multiple of 8");
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += 8) {
    const hex = (from: number, to: number): string =>
      Array.from(bytes.subarray(i + from, i + to), (b) => b.toString(16).padStart(2, "0")).join("");
    lines.push(`${hex(0, 2)} ${hex(2, 3)} ${hex(3, 4)} ${hex(4, 8)}`);
  }
  return `${lines.join("\n")}\n`;
}
