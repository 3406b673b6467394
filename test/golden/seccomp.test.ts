// Golden dumps of the seccomp program bytes bubblewrap loads. Any change to the filter shows up
// here as a reviewable diff, one instruction per line.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  ARCHITECTURES,
  buildSeccompProgram,
  encodeBpf,
  renderSeccompProgram,
  type SeccompArchitecture,
} from "../../src/render/seccomp.js";
import { assertGolden, bpfHexDump } from "./golden.js";

describe("seccomp program golden bytes", () => {
  test("x64 program bytes match seccomp-x86_64.hex", () => {
    assertGolden("seccomp-x86_64.hex", bpfHexDump(renderSeccompProgram("x64")));
  });

  test("arm64 program bytes match seccomp-aarch64.hex", () => {
    assertGolden("seccomp-aarch64.hex", bpfHexDump(renderSeccompProgram("arm64")));
  });

  test("the two architectures differ only in syscall numbers, the audit arch and aarch64's missing syscalls", () => {
    // x86_64 with chmod, creat, open and mknod removed, as aarch64 lacks them, has aarch64's shape.
    const x64 = ARCHITECTURES.x64;
    const withoutLegacy: SeccompArchitecture = {
      ...x64,
      syscalls: {
        ...x64.syscalls,
        chmod: undefined,
        creat: undefined,
        open: undefined,
        mknod: undefined,
      },
    };
    const shaped = encodeBpf(buildSeccompProgram(withoutLegacy));
    const arm64 = renderSeccompProgram("arm64");
    assert.equal(shaped.length, arm64.length, "same instruction count without the four blocks");
    // Opcodes and jump offsets (bytes 0..3 of each instruction) are identical: only k varies.
    for (let i = 0; i < arm64.length; i += 8) {
      assert.deepEqual(shaped.subarray(i, i + 4), arm64.subarray(i, i + 4), `instruction ${i / 8}`);
    }
    assert.equal(renderSeccompProgram("x64").length - arm64.length, 4 * 5 * 8, "five each");
  });

  test("rendering is deterministic: two renders give identical bytes", () => {
    assert.deepEqual(renderSeccompProgram("x64"), renderSeccompProgram("x64"));
    assert.deepEqual(renderSeccompProgram("arm64"), renderSeccompProgram("arm64"));
  });
});
