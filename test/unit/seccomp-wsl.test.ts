// The WSL seccomp programs, executed by the classic-BPF interpreter: the program the WSL form of
// the kernel sandbox actually feeds bubblewrap (taken from the backend's wrapped command, not
// rebuilt here) and the standalone WSL socket filter. Numbers are written out independently of
// the source's tables.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SandboxConfigurationError, UnsupportedArchitectureError } from "../../src/errors.js";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { renderSeccompProgram } from "../../src/render/seccomp.js";
import { renderWslSocketFilter } from "../../src/render/seccomp-wsl.js";
import { bubblewrapBackend } from "../../src/sandbox/backends.js";
import {
  assertVerdict,
  checkStructure,
  decode,
  run,
  type Insn,
} from "../helpers/bpf-interpreter.js";

const KILL_PROCESS = 0x80000000;
const ALLOW = 0x7fff0000;
const ERRNO_EPERM = 0x00050001;
const ERRNO_ENOSYS = 0x00050026;
const AUDIT_ARCH_I386 = 0x40000003;
const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
const X32_BIT = 0x40000000;
const AF_UNIX = 1;
const AF_INET = 2;
const AF_INET6 = 10;
const AF_VSOCK = 40;
const SOCK_STREAM = 1;
const SOCK_DGRAM = 2;
const SOCK_CLOEXEC = 0x80000;

interface Arch {
  readonly nodeArch: "x64" | "arm64";
  readonly auditArch: number;
  readonly otherAuditArch: number;
  readonly nr: {
    readonly socket: number;
    readonly write: number;
    readonly read: number;
    readonly ioUringSetup: number;
    readonly ioUringEnter: number;
  };
}

const ARCHES: readonly Arch[] = [
  {
    nodeArch: "x64",
    auditArch: AUDIT_ARCH_X86_64,
    otherAuditArch: AUDIT_ARCH_AARCH64,
    nr: { socket: 41, write: 1, read: 0, ioUringSetup: 425, ioUringEnter: 426 },
  },
  {
    nodeArch: "arm64",
    auditArch: AUDIT_ARCH_AARCH64,
    otherAuditArch: AUDIT_ARCH_X86_64,
    nr: { socket: 198, write: 64, read: 63, ioUringSetup: 425, ioUringEnter: 426 },
  },
];

// A WSL-form policy as build-policy makes it; only `wsl` matters for what the backend loads.
const WSL_POLICY: SandboxPolicy = {
  workspace: "/home/u/ws",
  tempDir: "/tmp/cellguard-kernel-abc",
  allowRawNetwork: false,
  denyRead: [],
  readMasks: [],
  dropCapabilities: false,
  wsl: {
    masks: [
      { path: "/init", type: "file" },
      { path: "/run", type: "directory" },
      { path: "/mnt/c", type: "directory" },
    ],
    resolverBinds: [],
    readOnlyRemounts: ["/run", "/mnt/c"],
    workspaceWindowsMount: null,
  },
};

/** The bytes the WSL form hands bubblewrap on its --seccomp descriptor, as the runtime spawns it. */
function loadedByWslForm(nodeArch: string): Uint8Array {
  const wrapped = bubblewrapBackend("/usr/bin/bwrap", nodeArch).wrap(WSL_POLICY, ["/bin/true"], {
    standalone: false,
  });
  const at = wrapped.args.indexOf("--seccomp");
  assert.ok(at >= 0, "the WSL form's argv loads a seccomp program");
  const fd = Number(wrapped.args[at + 1]);
  const fed = wrapped.inherited.find((entry) => entry.fd === fd);
  assert.ok(fed !== undefined, `descriptor ${fd} is fed in`);
  return fed.data;
}

const PROGRAMS: readonly {
  readonly name: string;
  readonly bytes: (nodeArch: string) => Uint8Array;
}[] = [
  { name: "the program the WSL form loads", bytes: loadedByWslForm },
  { name: "the standalone WSL socket filter", bytes: renderWslSocketFilter },
];

for (const program of PROGRAMS) {
  for (const arch of ARCHES) {
    describe(`${program.name} (${arch.nodeArch})`, () => {
      const insns = (): Insn[] => decode(program.bytes(arch.nodeArch));
      const call = (nr: number, args: readonly number[] = []): number =>
        run(insns(), { nr, arch: arch.auditArch, args });

      test("io_uring_setup gets EPERM (a ring could open AF_VSOCK unseen)", () => {
        assertVerdict(
          insns(),
          { nr: arch.nr.ioUringSetup, arch: arch.auditArch, args: [1, 0] },
          ERRNO_EPERM,
          "io_uring_setup",
        );
      });

      test("socket(AF_VSOCK, ...) gets EPERM, with any type and flags", () => {
        for (const type of [SOCK_STREAM, SOCK_DGRAM, SOCK_STREAM | SOCK_CLOEXEC])
          assert.equal(call(arch.nr.socket, [AF_VSOCK, type, 0]), ERRNO_EPERM, `type ${type}`);
      });

      test("socket(AF_INET) and socket(AF_INET6) are allowed: ordinary TCP and UDP keep working", () => {
        assert.equal(call(arch.nr.socket, [AF_INET, SOCK_STREAM, 0]), ALLOW);
        assert.equal(call(arch.nr.socket, [AF_INET, SOCK_DGRAM, 0]), ALLOW);
        assert.equal(call(arch.nr.socket, [AF_INET6, SOCK_STREAM, 0]), ALLOW);
      });

      test("write and read are allowed", () => {
        assert.equal(call(arch.nr.write, [1, 0x7ffd1000, 5]), ALLOW);
        assert.equal(call(arch.nr.read, [0, 0x7ffd1000, 5]), ALLOW);
      });

      test("an x32-ABI socket call gets ENOSYS", () => {
        assert.equal(call(arch.nr.socket | X32_BIT, [AF_VSOCK, SOCK_STREAM, 0]), ERRNO_ENOSYS);
        assert.equal(call(arch.nr.socket | X32_BIT, [AF_INET, SOCK_STREAM, 0]), ERRNO_ENOSYS);
      });

      test("a foreign architecture is killed, whatever the call (i386 socketcall, the other 64-bit ABI)", () => {
        for (const foreign of [AUDIT_ARCH_I386, arch.otherAuditArch, 0]) {
          for (const nr of [102, arch.nr.socket, arch.nr.write, arch.nr.ioUringSetup]) {
            assert.equal(run(insns(), { nr, arch: foreign, args: [AF_VSOCK] }), KILL_PROCESS);
          }
        }
      });

      test("the family is read from args[0] only, and high bits cannot smuggle AF_VSOCK past", () => {
        assert.equal(call(arch.nr.socket, [AF_INET, AF_VSOCK, AF_VSOCK]), ALLOW);
        const highWord = run(insns(), {
          nr: arch.nr.socket,
          arch: arch.auditArch,
          args: [AF_VSOCK, SOCK_STREAM],
          argsHigh: [0xffffffff],
        });
        // socket() takes an int: the kernel sees family 40 whatever the high word holds.
        assert.equal(highWord, ERRNO_EPERM);
      });

      test("every path returns, no dead code, and the architecture is checked first", () => {
        const program = insns();
        const dispatched = checkStructure(program);
        assert.ok(dispatched.has(arch.nr.ioUringSetup) && dispatched.has(arch.nr.socket));
        assert.deepEqual(program[0], { code: 0x20, jt: 0, jf: 0, k: 4 }, "load arch first");
      });
    });
  }
}

describe("the program the WSL form loads", () => {
  test("is the kernel sandbox's own program, a superset of the WSL socket filter", () => {
    for (const arch of ARCHES) {
      assert.deepEqual(loadedByWslForm(arch.nodeArch), renderSeccompProgram(arch.nodeArch));
      const loaded = decode(loadedByWslForm(arch.nodeArch));
      const wsl = decode(renderWslSocketFilter(arch.nodeArch));
      // Wherever the WSL filter refuses, the loaded program refuses the same way.
      for (let nr = 0; nr < 600; nr++) {
        for (const family of [AF_UNIX, AF_INET, AF_INET6, AF_VSOCK, 16, 0]) {
          const data = { nr, arch: arch.auditArch, args: [family, SOCK_STREAM, 0] };
          const verdict = run(wsl, data);
          if (verdict !== ALLOW)
            assert.equal(run(loaded, data), verdict, `nr ${nr} family ${family}`);
        }
      }
    }
  });

  test("also refuses AF_UNIX, which the WSL interop sockets under /run/WSL need", () => {
    for (const arch of ARCHES) {
      const data = { nr: arch.nr.socket, arch: arch.auditArch, args: [AF_UNIX, SOCK_STREAM, 0] };
      assert.equal(run(decode(loadedByWslForm(arch.nodeArch)), data), ERRNO_EPERM);
    }
  });
});

describe("the standalone WSL socket filter", () => {
  test("refuses exactly io_uring_setup and AF_VSOCK sockets: every other call 0..600 is allowed", () => {
    for (const arch of ARCHES) {
      const program = decode(renderWslSocketFilter(arch.nodeArch));
      for (let nr = 0; nr < 600; nr++) {
        if (nr === arch.nr.ioUringSetup) continue;
        for (const first of [AF_UNIX, AF_INET, 0, 0xffffffff]) {
          assert.equal(
            run(program, { nr, arch: arch.auditArch, args: [first] }),
            ALLOW,
            `nr ${nr}`,
          );
        }
      }
      assert.equal(
        run(program, { nr: arch.nr.ioUringEnter, arch: arch.auditArch }),
        ALLOW,
        "io_uring_enter needs a ring, which only io_uring_setup makes",
      );
    }
  });

  for (const bad of ["ia32", "riscv64", "x86_64", "", "constructor", "__proto__"]) {
    test(`an unknown architecture ${JSON.stringify(bad)} is a configuration error, never an empty filter`, () => {
      assert.throws(
        () => renderWslSocketFilter(bad),
        (error: unknown) =>
          error instanceof UnsupportedArchitectureError &&
          error instanceof SandboxConfigurationError &&
          error.code === "ERR_UNSUPPORTED_ARCH" &&
          error.message.includes(JSON.stringify(bad)),
      );
      assert.throws(() => bubblewrapBackend("/usr/bin/bwrap", bad), UnsupportedArchitectureError);
    });
  }
});
