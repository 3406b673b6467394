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
/** The socket type sits in the low bits of socket(2)'s type; SOCK_NONBLOCK/SOCK_CLOEXEC above. */
export const SOCK_TYPE_MASK = 0xf;
export const SOCK_DGRAM = 2;
export const SOCK_RAW = 3;
/** Set-user-ID and set-group-ID mode bits (S_ISUID | S_ISGID). */
export const S_ISUID = 0o4000;
export const S_ISGID = 0o2000;
export const CLONE_NEWUSER = 0x10000000;

/** Offsets in struct seccomp_data: nr (u32), arch (u32), ip (u64), args[6] (u64, low word first). */
export const SECCOMP_DATA_NR = 0;
export const SECCOMP_DATA_ARCH = 4;
export const seccompDataArg = (index: number): number => 16 + 8 * index;

/** Every syscall the policy names; each architecture maps it to a number or to undefined. */
export type SyscallName =
  | "socket"
  | "socketpair"
  | "ioctl"
  | "io_uring_setup"
  | "io_uring_enter"
  | "io_uring_register"
  | "add_key"
  | "request_key"
  | "keyctl"
  | "ptrace"
  | "process_vm_readv"
  | "process_vm_writev"
  | "pidfd_getfd"
  | "chmod"
  | "fchmod"
  | "fchmodat"
  | "fchmodat2"
  | "mknod"
  | "mknodat"
  | "creat"
  | "open"
  | "openat"
  | "openat2"
  | "unshare"
  | "clone"
  | "clone3";

export interface SeccompArchitecture {
  readonly name: "x86_64" | "aarch64";
  readonly auditArch: number;
  /**
   * Syscall numbers. `undefined` where the architecture has no such syscall (aarch64 has no
   * chmod, creat or open: its libc uses fchmodat and openat): every rule naming it is skipped
   * there. Every name must be listed, so a forgotten entry is a type error, not a gap.
   */
  readonly syscalls: { readonly [name in SyscallName]: number | undefined };
}

// arch/x86/entry/syscalls/syscall_64.tbl and include/uapi/asm-generic/unistd.h.
export const ARCHITECTURES: Readonly<Record<"x64" | "arm64", SeccompArchitecture>> = {
  x64: {
    name: "x86_64",
    auditArch: 0xc000003e,
    syscalls: {
      socket: 41,
      socketpair: 53,
      ioctl: 16,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      add_key: 248,
      request_key: 249,
      keyctl: 250,
      ptrace: 101,
      process_vm_readv: 310,
      process_vm_writev: 311,
      pidfd_getfd: 438,
      chmod: 90,
      fchmod: 91,
      fchmodat: 268,
      fchmodat2: 452,
      mknod: 133,
      mknodat: 259,
      creat: 85,
      open: 2,
      openat: 257,
      openat2: 437,
      unshare: 272,
      clone: 56,
      clone3: 435,
    },
  },
  arm64: {
    name: "aarch64",
    auditArch: 0xc00000b7,
    syscalls: {
      socket: 198,
      socketpair: 199,
      ioctl: 29,
      io_uring_setup: 425,
      io_uring_enter: 426,
      io_uring_register: 427,
      add_key: 217,
      request_key: 218,
      keyctl: 219,
      ptrace: 117,
      process_vm_readv: 270,
      process_vm_writev: 271,
      pidfd_getfd: 438,
      chmod: undefined,
      fchmod: 52,
      fchmodat: 53,
      fchmodat2: 452,
      mknod: undefined,
      mknodat: 33,
      creat: undefined,
      open: undefined,
      openat: 56,
      openat2: 437,
      unshare: 97,
      clone: 220,
      clone3: 435,
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

// Classic BPF opcodes used here (linux/bpf_common.h); all are accepted by seccomp's checker.
export const BPF_LD_W_ABS = 0x20;
export const BPF_JMP_JEQ_K = 0x15;
export const BPF_JMP_JGE_K = 0x35;
export const BPF_JMP_JSET_K = 0x45;
export const BPF_ALU_AND_K = 0x54;
export const BPF_RET_K = 0x06;

const load = (offset: number): BpfInstruction => ({ code: BPF_LD_W_ABS, jt: 0, jf: 0, k: offset });
const ret = (value: number): BpfInstruction => ({ code: BPF_RET_K, jt: 0, jf: 0, k: value >>> 0 });
const and = (k: number): BpfInstruction => ({ code: BPF_ALU_AND_K, jt: 0, jf: 0, k: k >>> 0 });
const jump = (code: number, k: number, jt: number, jf: number): BpfInstruction => ({
  code,
  jt,
  jf,
  k: k >>> 0,
});
const errno = (code: number): number => (SECCOMP_RET_ERRNO | code) >>> 0;

/**
 * One test on the low 32 bits of a syscall argument (every argument filtered here is an int,
 * a mode or flags whose bits of interest sit in the low word). "eq": (arg & mask) == value, the
 * mask defaulting to all bits. "any-bit": arg & value != 0.
 */
export type ArgumentCondition =
  | {
      readonly argument: number;
      readonly op: "eq";
      readonly value: number;
      readonly mask?: number;
    }
  | { readonly argument: number; readonly op: "any-bit"; readonly value: number };

/** A verdict for calls whose arguments meet every condition. */
export interface ArgumentRule {
  readonly when: readonly ArgumentCondition[];
  readonly errno: number;
}

/** What the kernel sandbox denies, as data: the program below is generated from it. */
export interface SeccompPolicy {
  /** Whole syscalls answered with EPERM. */
  readonly deniedSyscalls: readonly SyscallName[];
  /**
   * Whole syscalls answered with another errno: ENOSYS where the arguments sit in a struct the
   * filter cannot read, so the caller falls back to an older syscall the filter can inspect.
   */
  readonly errnoSyscalls: readonly { readonly syscall: SyscallName; readonly errno: number }[];
  /** Per syscall, rules tried in order: the first that matches returns its errno; none: allowed. */
  readonly argumentRules: readonly {
    readonly syscall: SyscallName;
    readonly rules: readonly ArgumentRule[];
  }[];
}

const SETID_BITS = S_ISUID | S_ISGID;
const denySetIdMode = (argument: number): readonly ArgumentRule[] => [
  { when: [{ argument, op: "any-bit", value: SETID_BITS }], errno: EPERM },
];

export const KERNEL_SECCOMP_POLICY: SeccompPolicy = {
  deniedSyscalls: [
    // io_uring can open sockets without the socket syscall ever being seen; the kernel keyring
    // can hold credentials of the user's other sessions.
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "keyctl",
    "add_key",
    "request_key",
    // bubblewrap's init (pid 1 in the sandbox) runs as the Cell's user: traced, it could be made
    // to clear its parent-death signal and outlive cellguard. process_vm_readv and
    // process_vm_writev reach another process's memory on the same permission check.
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    // Copies another process's descriptor on the same check: bubblewrap's init holds its own.
    "pidfd_getfd",
  ],
  errnoSyscalls: [
    // openat2's mode and clone3's flags sit in structs behind a pointer the filter cannot read.
    // Callers fall back to openat and clone on ENOSYS (glibc's pthread_create and posix_spawn
    // do for clone3, as under Docker's default profile), whose arguments the rules inspect.
    { syscall: "openat2", errno: ENOSYS },
    { syscall: "clone3", errno: ENOSYS },
  ],
  argumentRules: [
    {
      // Named Unix sockets stay connectable through a read-only bind (the D-Bus session bus and
      // its keyring, agent sockets); Hyper-V sockets reach the Windows host on WSL.
      syscall: "socket",
      rules: [
        { when: [{ argument: 0, op: "eq", value: AF_UNIX }], errno: EPERM },
        { when: [{ argument: 0, op: "eq", value: AF_VSOCK }], errno: EPERM },
      ],
    },
    {
      // Terminal input injection, in case a terminal descriptor is inherited despite the new session.
      syscall: "ioctl",
      rules: [TIOCSTI, TIOCLINUX].map((value) => ({
        when: [{ argument: 1, op: "eq", value }],
        errno: EPERM,
      })),
    },
    {
      // A datagram socketpair can sendto() a named host socket path; stream and seqpacket pairs
      // cannot, and stay allowed. The kernel turns AF_UNIX SOCK_RAW into SOCK_DGRAM.
      syscall: "socketpair",
      rules: [SOCK_DGRAM, SOCK_RAW].map((type) => ({
        when: [
          { argument: 0, op: "eq", value: AF_UNIX },
          { argument: 1, op: "eq", mask: SOCK_TYPE_MASK, value: type },
        ],
        errno: EPERM,
      })),
    },
    // No set-user-ID or set-group-ID files: a Cell running as root (without capabilities) could
    // otherwise leave a setuid-root binary in the workspace for any local user. (A setgid
    // directory is harmless: mkdir and mkdirat stay unfiltered.)
    { syscall: "chmod", rules: denySetIdMode(1) },
    { syscall: "fchmod", rules: denySetIdMode(1) },
    { syscall: "fchmodat", rules: denySetIdMode(2) },
    { syscall: "fchmodat2", rules: denySetIdMode(2) },
    // mknod(S_IFREG | 04755) makes an empty set-id file that host root could later fill.
    { syscall: "mknod", rules: denySetIdMode(1) },
    { syscall: "mknodat", rules: denySetIdMode(2) },
    // The creating opens: the mode is refused whatever the flags. The kernel reads the mode only
    // with O_CREAT or O_TMPFILE, and glibc and musl pass 0 otherwise, so no legitimate call is
    // refused, and no per-architecture O_TMPFILE value (0x410000 on x86_64, 0x404000 on
    // aarch64) has to be right for a creation to be caught.
    { syscall: "creat", rules: denySetIdMode(1) },
    { syscall: "open", rules: denySetIdMode(2) },
    { syscall: "openat", rules: denySetIdMode(3) },
    // A new user namespace gives the Cell every capability over its own namespaces, and with
    // them kernel code (mount, netfilter, ...) it cannot otherwise reach.
    {
      syscall: "unshare",
      rules: [{ when: [{ argument: 0, op: "any-bit", value: CLONE_NEWUSER }], errno: EPERM }],
    },
    {
      syscall: "clone",
      rules: [{ when: [{ argument: 0, op: "any-bit", value: CLONE_NEWUSER }], errno: EPERM }],
    },
  ],
};

/** What the accumulator holds: an argument's low word, possibly masked; undefined: anything else. */
type Accumulator = { readonly argument: number; readonly mask: number | undefined } | undefined;

const sameAccumulator = (a: Accumulator, b: Accumulator): boolean =>
  a !== undefined && b !== undefined && a.argument === b.argument && a.mask === b.mask;

function checkWord(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 0 || value > 0xffffffff)
    throw new RangeError(`Cannot build seccomp program: ${what} ${value} is not a u32`);
}

function checkErrno(code: number): void {
  if (!Number.isInteger(code) || code < 1 || code > 4095)
    throw new RangeError(`Cannot build seccomp program: errno ${code} is out of range`);
}

/**
 * The instructions after a syscall-number match: each rule's conditions in turn, a failed one
 * jumping to the next rule, a rule whose conditions all hold returning its errno, and ALLOW at
 * the end. Every path through the block returns, so the accumulator (the syscall number) is
 * only clobbered where it is no longer needed.
 */
function argumentBlock(rules: readonly ArgumentRule[]): BpfInstruction[] {
  const block: BpfInstruction[] = [];
  // What the accumulator holds where a rule starts: known only when every way in agrees.
  let entry: Accumulator = undefined;
  for (const rule of rules) {
    if (rule.when.length === 0)
      throw new RangeError("Cannot build seccomp program: a rule without conditions");
    checkErrno(rule.errno);
    const body: BpfInstruction[] = [];
    const exits: { at: number; accumulator: Accumulator }[] = [];
    let accumulator = entry;
    for (const condition of rule.when) {
      const { argument } = condition;
      if (!Number.isInteger(argument) || argument < 0 || argument > 5)
        throw new RangeError(`Cannot build seccomp program: no syscall argument ${argument}`);
      checkWord(condition.value, "value");
      const mask = condition.op === "eq" ? condition.mask : undefined;
      if (mask !== undefined) checkWord(mask, "mask");
      // A condition that can never hold would silently disable its rule.
      if (
        condition.op === "any-bit" ? condition.value === 0 : (condition.value & ~(mask ?? -1)) !== 0
      )
        throw new RangeError(`Cannot build seccomp program: a condition that never holds`);
      if (
        accumulator?.argument !== argument ||
        (accumulator.mask !== undefined && accumulator.mask !== mask)
      ) {
        body.push(load(seccompDataArg(argument)));
        accumulator = { argument, mask: undefined };
      }
      if (mask !== undefined && accumulator.mask !== mask) {
        body.push(and(mask));
        accumulator = { argument, mask };
      }
      exits.push({ at: body.length, accumulator });
      const code = condition.op === "eq" ? BPF_JMP_JEQ_K : BPF_JMP_JSET_K;
      body.push(jump(code, condition.value, 0, 0)); // jf patched below
    }
    body.push(ret(errno(rule.errno)));
    // A condition that fails jumps past this rule's RET, to the next rule (or the final ALLOW).
    for (const { at } of exits) {
      const insn = body[at];
      if (insn !== undefined) body[at] = { ...insn, jf: body.length - at - 1 };
    }
    const first = exits[0]?.accumulator;
    entry = exits.every((e) => sameAccumulator(e.accumulator, first)) ? first : undefined;
    block.push(...body);
  }
  block.push(ret(SECCOMP_RET_ALLOW));
  return block;
}

export function buildSeccompProgram(
  arch: SeccompArchitecture,
  policy: SeccompPolicy = KERNEL_SECCOMP_POLICY,
): BpfInstruction[] {
  const program: BpfInstruction[] = [
    load(SECCOMP_DATA_ARCH),
    jump(BPF_JMP_JEQ_K, arch.auditArch, 1, 0),
    // A foreign ABI (i386 socketcall, say) would bypass every number below.
    ret(SECCOMP_RET_KILL_PROCESS),
    load(SECCOMP_DATA_NR),
    jump(BPF_JMP_JGE_K, X32_SYSCALL_BIT, 0, 1),
    ret(errno(ENOSYS)),
  ];
  const seen = new Set<SyscallName>();
  // The syscall's number, or undefined where the architecture lacks it (its rules are skipped).
  const number = (name: SyscallName): number | undefined => {
    if (seen.has(name))
      throw new RangeError(`Cannot build seccomp program: ${name} appears twice in the policy`);
    seen.add(name);
    const nr = arch.syscalls[name];
    if (nr !== undefined && (!Number.isInteger(nr) || nr < 0 || nr >= X32_SYSCALL_BIT))
      throw new RangeError(`Cannot build seccomp program: ${name} has number ${nr}`);
    return nr;
  };
  const whole = [
    ...policy.deniedSyscalls.map((syscall) => ({ syscall, errno: EPERM })),
    ...policy.errnoSyscalls,
  ];
  for (const { syscall, errno: code } of whole) {
    const nr = number(syscall);
    if (nr === undefined) continue;
    checkErrno(code);
    program.push(jump(BPF_JMP_JEQ_K, nr, 0, 1), ret(errno(code)));
  }
  for (const { syscall, rules } of policy.argumentRules) {
    const nr = number(syscall);
    if (nr === undefined) continue;
    const block = argumentBlock(rules);
    program.push(jump(BPF_JMP_JEQ_K, nr, 0, block.length), ...block);
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
