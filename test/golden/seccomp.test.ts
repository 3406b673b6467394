// Golden dumps of the seccomp program bytes bubblewrap loads. Any change to the filter shows up
// here as a reviewable diff, one instruction per line.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { renderSeccompProgram } from "../../src/render/seccomp.js";
import { assertGolden, bpfHexDump } from "./golden.js";

describe("seccomp program golden bytes", () => {
  test("x64 program bytes match seccomp-x86_64.hex", () => {
    assertGolden("seccomp-x86_64.hex", bpfHexDump(renderSeccompProgram("x64")));
  });

  test("arm64 program bytes match seccomp-aarch64.hex", () => {
    assertGolden("seccomp-aarch64.hex", bpfHexDump(renderSeccompProgram("arm64")));
  });

  test("the two architectures differ only where syscall numbers and the audit arch differ", () => {
    const x64 = renderSeccompProgram("x64");
    const arm64 = renderSeccompProgram("arm64");
    assert.equal(x64.length, arm64.length, "same instruction count on both architectures");
    // Opcodes and jump offsets (bytes 0..3 of each instruction) are identical: only k varies.
    for (let i = 0; i < x64.length; i += 8) {
      assert.deepEqual(x64.subarray(i, i + 4), arm64.subarray(i, i + 4), `instruction ${i / 8}`);
    }
  });

  test("rendering is deterministic: two renders give identical bytes", () => {
    assert.deepEqual(renderSeccompProgram("x64"), renderSeccompProgram("x64"));
    assert.deepEqual(renderSeccompProgram("arm64"), renderSeccompProgram("arm64"));
  });
});
