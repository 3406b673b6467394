// The seccomp program, executed: a small classic-BPF interpreter decodes the rendered bytes and
// runs them against fake struct seccomp_data values, so every verdict below is what the kernel
// would compute from these exact bytes. Syscall numbers are written out here, independently of
// the source's tables.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { UnsupportedArchitectureError } from "../../src/errors.js";
import {
  buildSeccompProgram,
  encodeBpf,
  renderSeccompProgram,
  seccompArchitecture,
} from "../../src/render/seccomp.js";

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
const AF_NETLINK = 16;
const AF_VSOCK = 40;
const TCGETS = 0x5401;
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;

interface ArchCase {
  readonly nodeArch: "x64" | "arm64";
  readonly auditArch: number;
  readonly otherAuditArch: number;
  readonly nr: {
    readonly read: number;
    readonly write: number;
    readonly openat: number;
    readonly ioctl: number;
    readonly socket: number;
    readonly socketpair: number;
    readonly connect: number;
    readonly io_uring_setup: number;
    readonly io_uring_enter: number;
    readonly io_uring_register: number;
    readonly add_key: number;
    readonly request_key: number;
    readonly keyctl: number;
  };
}

// arch/x86/entry/syscalls/syscall_64.tbl and include/uapi/asm-generic/unistd.h.
const CASES: readonly ArchCase[] = [
  {
    nodeArch: "x64",
    auditArch: AUDIT_ARCH_X86_64,
    otherAuditArch: AUDIT_ARCH_AARCH64,
    nr: {
      read: 0,
      write: 1,
      openat: 257,
      ioctl: 16,
      socket: 41,
      socketpair: 53,
      connect: 42,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      add_key: 248,
      request_key: 249,
      keyctl: 250,
    },
  },
  {
    nodeArch: "arm64",
    auditArch: AUDIT_ARCH_AARCH64,
    otherAuditArch: AUDIT_ARCH_X86_64,
    nr: {
      read: 63,
      write: 64,
      openat: 56,
      ioctl: 29,
      socket: 198,
      socketpair: 199,
      connect: 203,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      add_key: 217,
      request_key: 218,
      keyctl: 219,
    },
  },
];

// ---- classic BPF, as the kernel's seccomp checker accepts it (only what this program uses)

interface Insn {
  readonly code: number;
  readonly jt: number;
  readonly jf: number;
  readonly k: number;
}

const LD_W_ABS = 0x20;
const JMP_JEQ_K = 0x15;
const JMP_JGE_K = 0x35;
const RET_K = 0x06;
const SECCOMP_DATA_SIZE = 64; // nr, arch, ip (u64), args[6] (u64)

function decode(bytes: Uint8Array): Insn[] {
  if (bytes.length % 8 !== 0) throw new Error(`program length ${bytes.length} is not 8k`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const program: Insn[] = [];
  for (let at = 0; at < bytes.length; at += 8) {
    program.push({
      code: view.getUint16(at, true),
      jt: view.getUint8(at + 2),
      jf: view.getUint8(at + 3),
      k: view.getUint32(at + 4, true),
    });
  }
  return program;
}

interface SeccompData {
  readonly nr: number;
  readonly arch: number;
  /** Low 32 bits of args[0..5]; missing ones are 0. */
  readonly args?: readonly number[];
  /** High 32 bits of args[0..5], to show only the low word is examined. */
  readonly argsHigh?: readonly number[];
}

function seccompData(data: SeccompData): DataView {
  const view = new DataView(new ArrayBuffer(SECCOMP_DATA_SIZE));
  view.setUint32(0, data.nr >>> 0, true);
  view.setUint32(4, data.arch >>> 0, true);
  view.setBigUint64(8, 0x7fffdeadbeefn, true); // instruction pointer: never examined
  for (let i = 0; i < 6; i++) {
    view.setUint32(16 + 8 * i, (data.args?.[i] ?? 0) >>> 0, true);
    view.setUint32(20 + 8 * i, (data.argsHigh?.[i] ?? 0) >>> 0, true);
  }
  return view;
}

function run(program: readonly Insn[], data: SeccompData): number {
  const mem = seccompData(data);
  let acc = 0;
  let pc = 0;
  for (;;) {
    const insn = program[pc];
    if (insn === undefined) throw new Error(`fell off the end of the program at ${pc}`);
    switch (insn.code) {
      case LD_W_ABS:
        if (insn.k % 4 !== 0 || insn.k + 4 > SECCOMP_DATA_SIZE)
          throw new Error(`load at ${pc}: offset ${insn.k} outside struct seccomp_data`);
        acc = mem.getUint32(insn.k, true);
        pc += 1;
        break;
      case JMP_JEQ_K:
        pc += 1 + (acc === insn.k ? insn.jt : insn.jf);
        break;
      case JMP_JGE_K:
        pc += 1 + (acc >= insn.k ? insn.jt : insn.jf);
        break;
      case RET_K:
        return insn.k;
      default:
        throw new Error(`unsupported opcode 0x${insn.code.toString(16)} at ${pc}`);
    }
  }
}

function programFor(nodeArch: string): Insn[] {
  return decode(renderSeccompProgram(nodeArch));
}

const hex = (n: number): string => `0x${(n >>> 0).toString(16).padStart(8, "0")}`;

function assertVerdict(
  program: readonly Insn[],
  data: SeccompData,
  expected: number,
  what: string,
): void {
  const got = run(program, data);
  assert.equal(hex(got), hex(expected), what);
}

describe("BPF interpreter self-check", () => {
  test("the interpreter refuses opcodes it does not model", () => {
    assert.throws(() => run([{ code: 0x07, jt: 0, jf: 0, k: 0 }], { nr: 0, arch: 0 }), /opcode/);
  });

  test("the interpreter refuses a program that falls off its end", () => {
    assert.throws(() => run([{ code: LD_W_ABS, jt: 0, jf: 0, k: 0 }], { nr: 0, arch: 0 }), /end/);
  });

  test("the interpreter refuses loads outside struct seccomp_data", () => {
    assert.throws(
      () => run([{ code: LD_W_ABS, jt: 0, jf: 0, k: 64 }], { nr: 0, arch: 0 }),
      /outside/,
    );
  });
});

for (const c of CASES) {
  describe(`seccomp program for ${c.nodeArch}`, () => {
    const program = (): Insn[] => programFor(c.nodeArch);
    const call = (nr: number, args: readonly number[] = []): SeccompData => ({
      nr,
      arch: c.auditArch,
      args,
    });

    test("a foreign architecture (i386 socketcall, the other 64-bit ABI) is killed", () => {
      for (const arch of [AUDIT_ARCH_I386, c.otherAuditArch, 0, 0xffffffff]) {
        for (const nr of [0, 1, 102, c.nr.socket, c.nr.read]) {
          assertVerdict(
            program(),
            { nr, arch, args: [AF_INET] },
            KILL_PROCESS,
            `arch ${hex(arch)} nr ${nr}`,
          );
        }
      }
    });

    test("an x32-ABI syscall number (nr | 0x40000000) gets ENOSYS", () => {
      for (const nr of [c.nr.socket, c.nr.read, c.nr.io_uring_setup, c.nr.keyctl, 0]) {
        assertVerdict(
          program(),
          call((nr | X32_BIT) >>> 0, [AF_UNIX]),
          ERRNO_ENOSYS,
          `x32 nr ${nr}`,
        );
      }
      assertVerdict(program(), call(X32_BIT), ERRNO_ENOSYS, "exactly 0x40000000");
      assertVerdict(program(), call(0xffffffff), ERRNO_ENOSYS, "nr -1");
      assertVerdict(program(), call(X32_BIT - 1), ALLOW, "0x3fffffff is below the x32 bit");
    });

    test("io_uring_setup, io_uring_enter and io_uring_register get EPERM", () => {
      for (const name of ["io_uring_setup", "io_uring_enter", "io_uring_register"] as const) {
        assertVerdict(program(), call(c.nr[name], [1, 0]), ERRNO_EPERM, name);
      }
    });

    test("keyctl, add_key and request_key get EPERM (the kernel keyring holds credentials)", () => {
      for (const name of ["keyctl", "add_key", "request_key"] as const) {
        assertVerdict(program(), call(c.nr[name]), ERRNO_EPERM, name);
      }
    });

    test("socket(AF_UNIX) and socket(AF_VSOCK) get EPERM", () => {
      assertVerdict(program(), call(c.nr.socket, [AF_UNIX, 1, 0]), ERRNO_EPERM, "AF_UNIX");
      assertVerdict(program(), call(c.nr.socket, [AF_VSOCK, 1, 0]), ERRNO_EPERM, "AF_VSOCK");
      for (const type of [1, 2, 5, 0x80001, 0x800]) {
        assertVerdict(program(), call(c.nr.socket, [AF_UNIX, type]), ERRNO_EPERM, `type ${type}`);
      }
    });

    test("socket(AF_INET), socket(AF_INET6) and socket(AF_NETLINK) are allowed", () => {
      for (const family of [AF_INET, AF_INET6, AF_NETLINK, 0, 3, 39, 41]) {
        assertVerdict(program(), call(c.nr.socket, [family, 1, 0]), ALLOW, `family ${family}`);
      }
    });

    test("the socket family is read from args[0] only", () => {
      assertVerdict(program(), call(c.nr.socket, [AF_INET, AF_UNIX, AF_VSOCK]), ALLOW, "inet");
    });

    test("high bits in args[0] cannot smuggle AF_UNIX past the filter (socket takes an int)", () => {
      for (const high of [1, 0xffffffff, 0x80000000]) {
        assertVerdict(
          program(),
          { nr: c.nr.socket, arch: c.auditArch, args: [AF_UNIX], argsHigh: [high] },
          ERRNO_EPERM,
          `AF_UNIX with high word ${hex(high)}`,
        );
        assertVerdict(
          program(),
          { nr: c.nr.ioctl, arch: c.auditArch, args: [0, TIOCSTI], argsHigh: [0, high] },
          ERRNO_EPERM,
          `TIOCSTI with high word ${hex(high)}`,
        );
      }
    });

    test("ioctl(TIOCSTI) and ioctl(TIOCLINUX) get EPERM; other requests are allowed", () => {
      for (const fd of [0, 1, 2, 255]) {
        assertVerdict(program(), call(c.nr.ioctl, [fd, TIOCSTI]), ERRNO_EPERM, `TIOCSTI fd ${fd}`);
        assertVerdict(program(), call(c.nr.ioctl, [fd, TIOCLINUX]), ERRNO_EPERM, "TIOCLINUX");
      }
      assertVerdict(program(), call(c.nr.ioctl, [0, TCGETS]), ALLOW, "TCGETS");
      assertVerdict(program(), call(c.nr.ioctl, [TIOCSTI, TCGETS]), ALLOW, "TIOCSTI as the fd");
      assertVerdict(program(), call(c.nr.ioctl, [0, 0x5413]), ALLOW, "TIOCGWINSZ");
    });

    test("socketpair, write, read, openat and connect are allowed", () => {
      assertVerdict(program(), call(c.nr.socketpair, [AF_UNIX, 1, 0]), ALLOW, "socketpair");
      assertVerdict(program(), call(c.nr.write, [1]), ALLOW, "write");
      assertVerdict(program(), call(c.nr.read, [0]), ALLOW, "read");
      assertVerdict(program(), call(c.nr.openat, [0xffffff9c]), ALLOW, "openat");
      assertVerdict(program(), call(c.nr.connect, [3]), ALLOW, "connect");
    });

    test("every other syscall number 0..600 is allowed, whatever its arguments", () => {
      const denied = new Set([
        c.nr.io_uring_setup,
        c.nr.io_uring_enter,
        c.nr.io_uring_register,
        c.nr.keyctl,
        c.nr.add_key,
        c.nr.request_key,
      ]);
      const argumentFiltered = new Set([c.nr.socket, c.nr.ioctl]);
      let checked = 0;
      for (let nr = 0; nr <= 600; nr++) {
        if (denied.has(nr)) {
          assertVerdict(program(), call(nr), ERRNO_EPERM, `denied nr ${nr}`);
          continue;
        }
        if (argumentFiltered.has(nr)) continue;
        // Arguments that would be refused for socket/ioctl change nothing elsewhere.
        assertVerdict(program(), call(nr, [AF_UNIX, TIOCSTI, AF_VSOCK]), ALLOW, `nr ${nr}`);
        assertVerdict(program(), call(nr, [AF_VSOCK, TIOCLINUX]), ALLOW, `nr ${nr}`);
        checked += 1;
      }
      assert.equal(checked, 601 - denied.size - argumentFiltered.size);
    });

    test("every jump target stays inside the program and the program ends in RET", () => {
      const insns = program();
      assert.ok(insns.length > 0 && insns.length <= 4096, "within BPF_MAXINSNS");
      insns.forEach((insn, i) => {
        assert.ok(
          [LD_W_ABS, JMP_JEQ_K, JMP_JGE_K, RET_K].includes(insn.code),
          `opcode at ${i}: 0x${insn.code.toString(16)}`,
        );
        if (insn.code === JMP_JEQ_K || insn.code === JMP_JGE_K) {
          assert.ok(i + 1 + insn.jt < insns.length, `jt of ${i} in range`);
          assert.ok(i + 1 + insn.jf < insns.length, `jf of ${i} in range`);
        } else {
          assert.equal(insn.jt, 0, `jt of non-jump ${i}`);
          assert.equal(insn.jf, 0, `jf of non-jump ${i}`);
        }
      });
      assert.equal(insns.at(-1)?.code, RET_K);
      assert.equal(insns.at(-1)?.k, ALLOW, "the default verdict is ALLOW, reached last");
    });

    test("the first instructions check the architecture before anything else", () => {
      const [first, second, third] = program();
      assert.deepEqual(first, { code: LD_W_ABS, jt: 0, jf: 0, k: 4 });
      assert.deepEqual(second, { code: JMP_JEQ_K, jt: 1, jf: 0, k: c.auditArch });
      assert.deepEqual(third, { code: RET_K, jt: 0, jf: 0, k: KILL_PROCESS });
    });

    test("the byte length is a multiple of 8 and matches the instruction list", () => {
      const bytes = renderSeccompProgram(c.nodeArch);
      assert.equal(bytes.length % 8, 0);
      assert.equal(bytes.length, buildSeccompProgram(seccompArchitecture(c.nodeArch)).length * 8);
      assert.ok(bytes.length >= 8 * 10);
    });
  });
}

describe("seccomp architecture selection", () => {
  for (const arch of ["ia32", "riscv64", "", "x86_64", "aarch64", "arm", "X64", " x64"]) {
    test(`an unknown architecture ${JSON.stringify(arch)} throws UnsupportedArchitectureError, never an empty program`, () => {
      assert.throws(
        () => renderSeccompProgram(arch),
        (error: unknown) =>
          error instanceof UnsupportedArchitectureError &&
          error.arch === arch &&
          error.code === "ERR_UNSUPPORTED_ARCH" &&
          error.message.includes("x64 or arm64"),
      );
    });
  }

  test("prototype names are not architectures", () => {
    for (const arch of ["constructor", "__proto__", "toString"]) {
      assert.throws(() => renderSeccompProgram(arch), UnsupportedArchitectureError);
    }
  });
});

describe("encodeBpf", () => {
  test("encodes u16 code, u8 jt, u8 jf, u32 k little-endian", () => {
    const bytes = encodeBpf([{ code: 0x0115, jt: 3, jf: 250, k: 0x80000001 }]);
    assert.deepEqual([...bytes], [0x15, 0x01, 3, 250, 0x01, 0x00, 0x00, 0x80]);
  });

  test("a jump offset beyond 255 is refused rather than truncated", () => {
    assert.throws(() => encodeBpf([{ code: JMP_JEQ_K, jt: 256, jf: 0, k: 0 }]), RangeError);
    assert.throws(() => encodeBpf([{ code: JMP_JEQ_K, jt: 0, jf: 300, k: 0 }]), RangeError);
  });

  test("an empty instruction list encodes to no bytes (the renderer never produces one)", () => {
    assert.equal(encodeBpf([]).length, 0);
    assert.ok(renderSeccompProgram("x64").length > 0);
  });
});
