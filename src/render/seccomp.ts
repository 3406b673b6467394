// Pure renderer: the kernel sandbox's seccomp program as classic-BPF bytes, generated here so
// there is no binary to ship or trust. bubblewrap loads it from an inherited descriptor.
import { UnsupportedArchitectureError } from "../errors.js";

/** seccomp return values (include/uapi/linux/seccomp.h). */
export const SECCOMP_RET_KILL_PROCESS = 0x80000000;
export const SECCOMP_RET_ERRNO = 0x00050000;
export const SECCOMP_RET_ALLOW = 0x7fff0000;
export const EPERM = 1;
export const ENOSYS = 38;

/** Syscall numbers at or above this select the x32 ABI on x86_64. */
export const X32_SYSCALL_BIT = 0x40000000;

export const AF_UNIX = 1;
export const AF_VSOCK = 40;
export const TIOCSTI = 0x5412;
export const TIOCLINUX = 0x541c;

/** Offsets in struct seccomp_data: nr (u32), arch (u32), ip (u64), args[6] (u64, low word first). */
export const SECCOMP_DATA_NR = 0;
export const SECCOMP_DATA_ARCH = 4;
export const seccompDataArg = (index: number): number => 16 + 8 * index;

export interface SeccompArchitecture {
  readonly name: "x86_64" | "aarch64";
  readonly auditArch: number;
  readonly syscalls: {
    readonly socket: number;
    readonly ioctl: number;
    readonly io_uring_setup: number;
    readonly io_uring_enter: number;
    readonly io_uring_register: number;
    readonly add_key: number;
    readonly request_key: number;
    readonly keyctl: number;
  };
}

export const ARCHITECTURES: Readonly<Record<"x64" | "arm64", SeccompArchitecture>> = {
  x64: {
    name: "x86_64",
    auditArch: 0xc000003e,
    syscalls: {
      socket: 41,
      ioctl: 16,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      add_key: 248,
      request_key: 249,
      keyctl: 250,
    },
  },
  arm64: {
    name: "aarch64",
    auditArch: 0xc00000b7,
    syscalls: {
      socket: 198,
      ioctl: 29,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      add_key: 217,
      request_key: 218,
      keyctl: 219,
    },
  },
};

/** Node's architecture name → the seccomp definition; an unknown one is an error, never "no filter". */
export function seccompArchitecture(nodeArch: string): SeccompArchitecture {
  if (nodeArch === "x64" || nodeArch === "arm64") return ARCHITECTURES[nodeArch];
  throw new UnsupportedArchitectureError(nodeArch);
}

export interface BpfInstruction {
  readonly code: number;
  readonly jt: number;
  readonly jf: number;
  readonly k: number;
}

// Classic BPF opcodes used here (linux/bpf_common.h).
export const BPF_LD_W_ABS = 0x20;
export const BPF_JMP_JEQ_K = 0x15;
export const BPF_JMP_JGE_K = 0x35;
export const BPF_RET_K = 0x06;

const load = (offset: number): BpfInstruction => ({ code: BPF_LD_W_ABS, jt: 0, jf: 0, k: offset });
const ret = (value: number): BpfInstruction => ({ code: BPF_RET_K, jt: 0, jf: 0, k: value >>> 0 });
const jumpIfEqual = (k: number, jt: number, jf: number): BpfInstruction => ({
  code: BPF_JMP_JEQ_K,
  jt,
  jf,
  k: k >>> 0,
});
const jumpIfAtLeast = (k: number, jt: number, jf: number): BpfInstruction => ({
  code: BPF_JMP_JGE_K,
  jt,
  jf,
  k: k >>> 0,
});
const errno = (code: number): number => (SECCOMP_RET_ERRNO | code) >>> 0;

/** What the kernel sandbox denies, as data: the program below is generated from it. */
export interface SeccompPolicy {
  /** Whole syscalls answered with EPERM. */
  readonly deniedSyscalls: readonly (keyof SeccompArchitecture["syscalls"])[];
  /** Syscalls whose argument (low 32 bits) selects an EPERM. */
  readonly deniedArguments: readonly {
    readonly syscall: keyof SeccompArchitecture["syscalls"];
    readonly argument: number;
    readonly values: readonly number[];
  }[];
}

export const KERNEL_SECCOMP_POLICY: SeccompPolicy = {
  // io_uring can open sockets without the socket syscall ever being seen; the kernel keyring
  // can hold credentials of the user's other sessions.
  deniedSyscalls: [
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "keyctl",
    "add_key",
    "request_key",
  ],
  deniedArguments: [
    // Named Unix sockets stay connectable through a read-only bind (the D-Bus session bus and
    // its keyring, agent sockets); Hyper-V sockets reach the Windows host on WSL. socketpair(2)
    // is a different syscall and keeps working.
    { syscall: "socket", argument: 0, values: [AF_UNIX, AF_VSOCK] },
    // Terminal input injection, in case a terminal descriptor is inherited despite the new session.
    { syscall: "ioctl", argument: 1, values: [TIOCSTI, TIOCLINUX] },
  ],
};

export function buildSeccompProgram(
  arch: SeccompArchitecture,
  policy: SeccompPolicy = KERNEL_SECCOMP_POLICY,
): BpfInstruction[] {
  const program: BpfInstruction[] = [
    load(SECCOMP_DATA_ARCH),
    jumpIfEqual(arch.auditArch, 1, 0),
    // A foreign ABI (i386 socketcall, say) would bypass every number below.
    ret(SECCOMP_RET_KILL_PROCESS),
    load(SECCOMP_DATA_NR),
    jumpIfAtLeast(X32_SYSCALL_BIT, 0, 1),
    ret(errno(ENOSYS)),
  ];
  for (const name of policy.deniedSyscalls) {
    program.push(jumpIfEqual(arch.syscalls[name], 0, 1), ret(errno(EPERM)));
  }
  for (const rule of policy.deniedArguments) {
    // Every path through the block returns, so the accumulator (the syscall number) is only
    // clobbered where it is no longer needed.
    const block: BpfInstruction[] = [load(seccompDataArg(rule.argument))];
    for (const value of rule.values) block.push(jumpIfEqual(value, 0, 1), ret(errno(EPERM)));
    block.push(ret(SECCOMP_RET_ALLOW));
    program.push(jumpIfEqual(arch.syscalls[rule.syscall], 0, block.length), ...block);
  }
  program.push(ret(SECCOMP_RET_ALLOW));
  return program;
}

/** Encodes instructions as struct sock_filter (u16 code, u8 jt, u8 jf, u32 k), little-endian. */
export function encodeBpf(program: readonly BpfInstruction[]): Uint8Array {
  const bytes = new Uint8Array(program.length * 8);
  const view = new DataView(bytes.buffer);
  program.forEach((insn, i) => {
    if (insn.jt > 255 || insn.jf > 255)
      throw new RangeError(`Cannot encode BPF: jump at ${i} is out of range`);
    view.setUint16(i * 8, insn.code, true);
    view.setUint8(i * 8 + 2, insn.jt);
    view.setUint8(i * 8 + 3, insn.jf);
    view.setUint32(i * 8 + 4, insn.k, true);
  });
  return bytes;
}

/** The kernel sandbox's seccomp program for a Node architecture name, as bytes for --seccomp. */
export function renderSeccompProgram(nodeArch: string): Uint8Array {
  return encodeBpf(buildSeccompProgram(seccompArchitecture(nodeArch)));
}
