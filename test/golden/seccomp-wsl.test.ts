// Golden dumps of the standalone WSL socket filter: any change to it shows up as a reviewable
// diff, one instruction per line.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderWslSocketFilter } from "../../src/render/seccomp-wsl.js";
import { assertGolden, bpfHexDump } from "./golden.js";

describe("WSL socket filter golden bytes", () => {
  test("x64 filter bytes match seccomp-wsl-x86_64.hex", () => {
    assertGolden("seccomp-wsl-x86_64.hex", bpfHexDump(renderWslSocketFilter("x64")));
  });

  test("arm64 filter bytes match seccomp-wsl-aarch64.hex", () => {
    assertGolden("seccomp-wsl-aarch64.hex", bpfHexDump(renderWslSocketFilter("arm64")));
  });

  test("14 instructions on each architecture: the spec's 13 plus the argument block's own ALLOW", () => {
    for (const arch of ["x64", "arm64"]) assert.equal(renderWslSocketFilter(arch).length, 14 * 8);
  });
});
