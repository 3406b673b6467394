// The seccomp program, executed: a small classic-BPF interpreter decodes the rendered bytes and
// runs them against fake struct seccomp_data values, so every verdict below is what the kernel
// would compute from these exact bytes. Syscall numbers are written out here, independently of
// the source's tables.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { UnsupportedArchitectureError } from "../../src/errors.js";
import {
  ARCHITECTURES,
  buildSeccompProgram,
  encodeBpf,
  ENOSYS,
  KERNEL_SECCOMP_POLICY,
  renderSeccompProgram,
  seccompArchitecture,
  type ArgumentCondition,
  type ArgumentRule,
  type SeccompArchitecture,
  type SeccompPolicy,
} from "../../src/render/seccomp.js";
import {
  ALU_AND_K,
  assertVerdict,
  checkStructure,
  decode,
  hex,
  JMP_JEQ_K,
  JUMPS,
  JMP_JSET_K,
  LD_W_ABS,
  RET_K,
  run,
  type Insn,
  type SeccompData,
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
const AF_NETLINK = 16;
const AF_VSOCK = 40;
const TCGETS = 0x5401;
const TIOCSTI = 0x5412;
const TIOCLINUX = 0x541c;

const SOCK_STREAM = 1;
const SOCK_DGRAM = 2;
const SOCK_RAW = 3;
const SOCK_SEQPACKET = 5;
const SOCK_NONBLOCK = 0x800;
const SOCK_CLOEXEC = 0x80000;

const AT_FDCWD = 0xffffff9c; // -100: its low word has the 06000 bits set, in the dirfd argument
const O_WRONLY = 0x1;
const O_RDWR = 0x2;
const O_CREAT = 0x40;
const O_TRUNC = 0x200;
const O_CLOEXEC = 0x80000;
const O_TMPFILE_X86_64 = 0x410000;
const O_TMPFILE_AARCH64 = 0x404000;

const SIGCHLD = 17;
const CLONE_VM = 0x100;
const CLONE_FILES = 0x400;
const CLONE_VFORK = 0x4000;
const CLONE_NEWNS = 0x20000;
const CLONE_NEWUSER = 0x10000000;
const CLONE_NEWPID = 0x20000000;
const CLONE_NEWNET = 0x40000000;
/** What glibc's pthread_create passes to clone: VM|FS|FILES|SIGHAND|THREAD|SYSVSEM|SETTLS|... */
const CLONE_THREAD_FLAGS = 0x3d0f00;

const PTRACE_TRACEME = 0;
const PTRACE_ATTACH = 16;

// The syscall names and numbers below are written out again on purpose, from the kernel's
// tables and not from src/render/seccomp.ts: a wrong number in the source must disagree with
// this independent copy, not be echoed by it.
type SyscallName =
  | "read"
  | "write"
  | "openat"
  | "ioctl"
  | "socket"
  | "socketpair"
  | "connect"
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
  | "openat2"
  | "mkdir"
  | "mkdirat"
  | "unshare"
  | "clone"
  | "clone3";

interface ArchCase {
  readonly nodeArch: "x64" | "arm64";
  readonly auditArch: number;
  readonly otherAuditArch: number;
  readonly oTmpfile: number;
  /** undefined: the architecture has no such syscall. */
  readonly nr: { readonly [name in SyscallName]: number | undefined };
}

// arch/x86/entry/syscalls/syscall_64.tbl and include/uapi/asm-generic/unistd.h.
const CASES: readonly ArchCase[] = [
  {
    nodeArch: "x64",
    auditArch: AUDIT_ARCH_X86_64,
    otherAuditArch: AUDIT_ARCH_AARCH64,
    oTmpfile: O_TMPFILE_X86_64,
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
      openat2: 437,
      mkdir: 83,
      mkdirat: 258,
      unshare: 272,
      clone: 56,
      clone3: 435,
    },
  },
  {
    nodeArch: "arm64",
    auditArch: AUDIT_ARCH_AARCH64,
    otherAuditArch: AUDIT_ARCH_X86_64,
    oTmpfile: O_TMPFILE_AARCH64,
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
      openat2: 437,
      mkdir: undefined,
      mkdirat: 34,
      unshare: 97,
      clone: 220,
      clone3: 435,
    },
  },
];

/** Whole syscalls and the verdict every call gets, whatever its arguments. */
const WHOLE_SYSCALLS: readonly (readonly [SyscallName, number])[] = [
  ["io_uring_setup", ERRNO_EPERM],
  ["io_uring_enter", ERRNO_EPERM],
  ["io_uring_register", ERRNO_EPERM],
  ["keyctl", ERRNO_EPERM],
  ["add_key", ERRNO_EPERM],
  ["request_key", ERRNO_EPERM],
  ["ptrace", ERRNO_EPERM],
  ["process_vm_readv", ERRNO_EPERM],
  ["process_vm_writev", ERRNO_EPERM],
  ["pidfd_getfd", ERRNO_EPERM],
  ["openat2", ERRNO_ENOSYS],
  ["clone3", ERRNO_ENOSYS],
];

/** Syscalls whose verdict depends on their arguments. */
const ARGUMENT_FILTERED: readonly SyscallName[] = [
  "socket",
  "socketpair",
  "ioctl",
  "chmod",
  "fchmod",
  "fchmodat",
  "fchmodat2",
  "mknod",
  "mknodat",
  "creat",
  "open",
  "openat",
  "unshare",
  "clone",
];

/** The syscalls aarch64 lacks: the program must not mention them (nor a stray number 0). */
const X86_64_ONLY: readonly SyscallName[] = ["chmod", "creat", "open", "mknod", "mkdir"];

interface VerdictCase {
  readonly what: string;
  readonly syscall: SyscallName;
  readonly args: readonly number[] | ((c: ArchCase) => readonly number[]);
  readonly argsHigh?: readonly number[];
  readonly expected: number;
}

const PATH = 0x7ffd1000; // a user pointer's low word
const PATH_WITH_SETID_BITS = 0x7ffd1c00; // a pointer whose low word happens to hold 06000

// Every new rule with its allowed neighbours. A case whose syscall the architecture lacks is
// skipped for it (and the program is shown not to mention that number at all).
const VERDICTS: readonly VerdictCase[] = [
  // ptrace and the process_vm_* pair
  {
    what: "ptrace(PTRACE_TRACEME)",
    syscall: "ptrace",
    args: [PTRACE_TRACEME],
    expected: ERRNO_EPERM,
  },
  {
    what: "ptrace(PTRACE_ATTACH, 1)",
    syscall: "ptrace",
    args: [PTRACE_ATTACH, 1],
    expected: ERRNO_EPERM,
  },
  {
    what: "process_vm_readv(1, ...)",
    syscall: "process_vm_readv",
    args: [1, PATH, 1, PATH, 1, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "process_vm_writev(1, ...)",
    syscall: "process_vm_writev",
    args: [1, PATH, 1, PATH, 1, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "pidfd_getfd(pidfd, 0, 0)",
    syscall: "pidfd_getfd",
    args: [3, 0, 0],
    expected: ERRNO_EPERM,
  },
  // chmod and friends: the set-ID bits in the mode
  { what: "chmod(p, 0755)", syscall: "chmod", args: [PATH, 0o755], expected: ALLOW },
  { what: "chmod(p, 0644)", syscall: "chmod", args: [PATH, 0o644], expected: ALLOW },
  { what: "chmod(p, 01777) (sticky)", syscall: "chmod", args: [PATH, 0o1777], expected: ALLOW },
  { what: "chmod(p, 0)", syscall: "chmod", args: [PATH, 0], expected: ALLOW },
  { what: "chmod(p, 04755)", syscall: "chmod", args: [PATH, 0o4755], expected: ERRNO_EPERM },
  { what: "chmod(p, 02755)", syscall: "chmod", args: [PATH, 0o2755], expected: ERRNO_EPERM },
  { what: "chmod(p, 06755)", syscall: "chmod", args: [PATH, 0o6755], expected: ERRNO_EPERM },
  { what: "chmod(p, 04000)", syscall: "chmod", args: [PATH, 0o4000], expected: ERRNO_EPERM },
  { what: "chmod(p, 07777)", syscall: "chmod", args: [PATH, 0o7777], expected: ERRNO_EPERM },
  {
    what: "chmod: the path pointer's bits do not count",
    syscall: "chmod",
    args: [PATH_WITH_SETID_BITS, 0o755],
    expected: ALLOW,
  },
  {
    what: "chmod(p, 0755), garbage high word",
    syscall: "chmod",
    args: [PATH, 0o755],
    argsHigh: [0, 0xffffffff],
    expected: ALLOW,
  },
  {
    what: "chmod(p, 04755), garbage high word",
    syscall: "chmod",
    args: [PATH, 0o4755],
    argsHigh: [0, 0xffffffff],
    expected: ERRNO_EPERM,
  },
  { what: "fchmod(3, 0644)", syscall: "fchmod", args: [3, 0o644], expected: ALLOW },
  { what: "fchmod(3, 04755)", syscall: "fchmod", args: [3, 0o4755], expected: ERRNO_EPERM },
  { what: "fchmod(3, 02755)", syscall: "fchmod", args: [3, 0o2755], expected: ERRNO_EPERM },
  {
    what: "fchmodat(AT_FDCWD, p, 0755)",
    syscall: "fchmodat",
    args: [AT_FDCWD, PATH_WITH_SETID_BITS, 0o755],
    expected: ALLOW,
  },
  {
    what: "fchmodat(AT_FDCWD, p, 04755)",
    syscall: "fchmodat",
    args: [AT_FDCWD, PATH, 0o4755],
    expected: ERRNO_EPERM,
  },
  {
    what: "fchmodat(AT_FDCWD, p, 02755)",
    syscall: "fchmodat",
    args: [AT_FDCWD, PATH, 0o2755],
    expected: ERRNO_EPERM,
  },
  {
    what: "fchmodat2(AT_FDCWD, p, 0755, AT_SYMLINK_NOFOLLOW)",
    syscall: "fchmodat2",
    args: [AT_FDCWD, PATH, 0o755, 0x100],
    expected: ALLOW,
  },
  {
    what: "fchmodat2(AT_FDCWD, p, 04755, 0)",
    syscall: "fchmodat2",
    args: [AT_FDCWD, PATH, 0o4755, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "fchmodat2(AT_FDCWD, p, 02755, AT_EMPTY_PATH)",
    syscall: "fchmodat2",
    args: [3, PATH, 0o2755, 0x1000],
    expected: ERRNO_EPERM,
  },
  // Creating opens
  { what: "creat(p, 0644)", syscall: "creat", args: [PATH, 0o644], expected: ALLOW },
  { what: "creat(p, 04755)", syscall: "creat", args: [PATH, 0o4755], expected: ERRNO_EPERM },
  { what: "open(p, O_RDONLY)", syscall: "open", args: [PATH, 0, 0], expected: ALLOW },
  {
    what: "open(p, O_CREAT|O_WRONLY, 0644)",
    syscall: "open",
    args: [PATH, O_CREAT | O_WRONLY, 0o644],
    expected: ALLOW,
  },
  {
    what: "open(p, O_CREAT|O_WRONLY, 04755)",
    syscall: "open",
    args: [PATH, O_CREAT | O_WRONLY, 0o4755],
    expected: ERRNO_EPERM,
  },
  {
    what: "open(p, O_TMPFILE|O_RDWR, 02755)",
    syscall: "open",
    args: (c) => [PATH, c.oTmpfile | O_RDWR, 0o2755],
    expected: ERRNO_EPERM,
  },
  {
    what: "open(p, O_RDONLY, 04755): the mode is refused whatever the flags",
    syscall: "open",
    args: [PATH, 0, 0o4755],
    expected: ERRNO_EPERM,
  },
  {
    what: "openat(AT_FDCWD, p, O_RDONLY|O_CLOEXEC)",
    syscall: "openat",
    args: [AT_FDCWD, PATH_WITH_SETID_BITS, O_CLOEXEC, 0],
    expected: ALLOW,
  },
  {
    what: "openat(AT_FDCWD, p, O_CREAT|O_WRONLY|O_TRUNC, 0644)",
    syscall: "openat",
    args: [AT_FDCWD, PATH, O_CREAT | O_WRONLY | O_TRUNC, 0o644],
    expected: ALLOW,
  },
  {
    what: "openat(AT_FDCWD, p, O_CREAT|O_WRONLY, 01777)",
    syscall: "openat",
    args: [AT_FDCWD, PATH, O_CREAT | O_WRONLY, 0o1777],
    expected: ALLOW,
  },
  {
    what: "openat(AT_FDCWD, p, O_CREAT|O_WRONLY|O_TRUNC, 04755)",
    syscall: "openat",
    args: [AT_FDCWD, PATH, O_CREAT | O_WRONLY | O_TRUNC, 0o4755],
    expected: ERRNO_EPERM,
  },
  {
    what: "openat(AT_FDCWD, p, O_CREAT|O_WRONLY, 02755)",
    syscall: "openat",
    args: [AT_FDCWD, PATH, O_CREAT | O_WRONLY, 0o2755],
    expected: ERRNO_EPERM,
  },
  {
    what: "openat(dir, p, O_TMPFILE|O_RDWR, 04755)",
    syscall: "openat",
    args: (c) => [3, PATH, c.oTmpfile | O_RDWR, 0o4755],
    expected: ERRNO_EPERM,
  },
  {
    what: "openat(AT_FDCWD, p, O_RDONLY, 04755): whatever the flags",
    syscall: "openat",
    args: [AT_FDCWD, PATH, 0, 0o4755],
    expected: ERRNO_EPERM,
  },
  {
    what: "openat2(AT_FDCWD, p, how, 24)",
    syscall: "openat2",
    args: [AT_FDCWD, PATH, PATH, 24],
    expected: ERRNO_ENOSYS,
  },
  { what: "openat2 with no arguments", syscall: "openat2", args: [], expected: ERRNO_ENOSYS },
  // A set-group-ID directory is harmless: mkdir and mkdirat are not filtered
  { what: "mkdir(p, 02775)", syscall: "mkdir", args: [PATH, 0o2775], expected: ALLOW },
  {
    what: "mkdirat(AT_FDCWD, p, 02775)",
    syscall: "mkdirat",
    args: [AT_FDCWD, PATH, 0o2775],
    expected: ALLOW,
  },
  // socketpair: datagram pairs can sendto() a named socket
  {
    what: "socketpair(AF_UNIX, SOCK_STREAM)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_STREAM, 0],
    expected: ALLOW,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_STREAM|SOCK_CLOEXEC)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0],
    expected: ALLOW,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_SEQPACKET)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_SEQPACKET, 0],
    expected: ALLOW,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_SEQPACKET|SOCK_NONBLOCK|SOCK_CLOEXEC)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_SEQPACKET | SOCK_NONBLOCK | SOCK_CLOEXEC, 0],
    expected: ALLOW,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_DGRAM)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_DGRAM, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_DGRAM|SOCK_CLOEXEC)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_DGRAM|SOCK_NONBLOCK)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_DGRAM | SOCK_NONBLOCK, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_RAW): the kernel makes it SOCK_DGRAM",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_RAW, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_RAW|SOCK_CLOEXEC)",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_RAW | SOCK_CLOEXEC, 0],
    expected: ERRNO_EPERM,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_DGRAM), garbage high words",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_DGRAM],
    argsHigh: [1, 0xffffffff],
    expected: ERRNO_EPERM,
  },
  {
    what: "socketpair(AF_UNIX, SOCK_STREAM), garbage high words",
    syscall: "socketpair",
    args: [AF_UNIX, SOCK_STREAM],
    argsHigh: [1, 0xffffffff],
    expected: ALLOW,
  },
  {
    what: "socketpair(AF_INET, SOCK_DGRAM) (the kernel refuses it)",
    syscall: "socketpair",
    args: [AF_INET, SOCK_DGRAM, 0],
    expected: ALLOW,
  },
  {
    what: "socketpair(SOCK_DGRAM, AF_UNIX): family and type swapped",
    syscall: "socketpair",
    args: [SOCK_DGRAM, AF_UNIX, 0],
    expected: ALLOW,
  },
  // New user namespaces
  { what: "unshare(CLONE_NEWNS)", syscall: "unshare", args: [CLONE_NEWNS], expected: ALLOW },
  { what: "unshare(CLONE_FILES)", syscall: "unshare", args: [CLONE_FILES], expected: ALLOW },
  { what: "unshare(0)", syscall: "unshare", args: [0], expected: ALLOW },
  {
    what: "unshare(CLONE_NEWUSER)",
    syscall: "unshare",
    args: [CLONE_NEWUSER],
    expected: ERRNO_EPERM,
  },
  {
    what: "unshare(CLONE_NEWUSER|CLONE_NEWNS)",
    syscall: "unshare",
    args: [CLONE_NEWUSER | CLONE_NEWNS],
    expected: ERRNO_EPERM,
  },
  { what: "unshare(~0)", syscall: "unshare", args: [0xffffffff], expected: ERRNO_EPERM },
  {
    what: "clone(thread flags 0x3d0f00)",
    syscall: "clone",
    args: [CLONE_THREAD_FLAGS, PATH],
    expected: ALLOW,
  },
  { what: "clone(SIGCHLD) (fork)", syscall: "clone", args: [SIGCHLD], expected: ALLOW },
  {
    what: "clone(CLONE_VM|CLONE_VFORK|SIGCHLD) (posix_spawn)",
    syscall: "clone",
    args: [CLONE_VM | CLONE_VFORK | SIGCHLD],
    expected: ALLOW,
  },
  {
    what: "clone(CLONE_NEWNET|SIGCHLD) (the kernel wants a capability)",
    syscall: "clone",
    args: [CLONE_NEWNET | SIGCHLD],
    expected: ALLOW,
  },
  {
    what: "clone(CLONE_NEWUSER|SIGCHLD)",
    syscall: "clone",
    args: [CLONE_NEWUSER | SIGCHLD],
    expected: ERRNO_EPERM,
  },
  {
    what: "clone(CLONE_NEWUSER|CLONE_NEWPID|CLONE_NEWNS|SIGCHLD)",
    syscall: "clone",
    args: [CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | SIGCHLD],
    expected: ERRNO_EPERM,
  },
  {
    what: "clone(thread flags|CLONE_NEWUSER)",
    syscall: "clone",
    args: [CLONE_THREAD_FLAGS | CLONE_NEWUSER],
    expected: ERRNO_EPERM,
  },
  {
    what: "clone(SIGCHLD, stack with CLONE_NEWUSER's bit)",
    syscall: "clone",
    args: [SIGCHLD, CLONE_NEWUSER, CLONE_NEWUSER],
    expected: ALLOW,
  },
  { what: "clone3(args, 88)", syscall: "clone3", args: [PATH, 88], expected: ERRNO_ENOSYS },
  { what: "clone3(NULL, 0)", syscall: "clone3", args: [], expected: ERRNO_ENOSYS },
];

function programFor(nodeArch: string): Insn[] {
  return decode(renderSeccompProgram(nodeArch));
}

describe("BPF interpreter self-check", () => {
  test("the interpreter refuses opcodes it does not model", () => {
    for (const code of [0x07, 0x04, 0x44, 0x25, 0x1d, 0x16, 0x28, 0x00, 0x5c]) {
      assert.throws(() => run([{ code, jt: 0, jf: 0, k: 0 }], { nr: 0, arch: 0 }), /opcode/);
    }
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

  test("JSET takes jt when any bit of k is set in the accumulator, jf otherwise", () => {
    const program: Insn[] = [
      { code: LD_W_ABS, jt: 0, jf: 0, k: 16 },
      { code: JMP_JSET_K, jt: 1, jf: 0, k: 0xc00 },
      { code: RET_K, jt: 0, jf: 0, k: 1 },
      { code: RET_K, jt: 0, jf: 0, k: 2 },
    ];
    for (const [arg, expected] of [
      [0o755, 1],
      [0o4755, 2],
      [0o2000, 2],
      [0o1777, 1],
      [0xffffffff, 2],
      [0, 1],
    ] as const) {
      assert.equal(run(program, { nr: 0, arch: 0, args: [arg] }), expected, `arg ${arg}`);
    }
  });

  test("ALU AND masks the accumulator in place (unsigned)", () => {
    const program: Insn[] = [
      { code: LD_W_ABS, jt: 0, jf: 0, k: 24 },
      { code: ALU_AND_K, jt: 0, jf: 0, k: 0xf },
      { code: JMP_JEQ_K, jt: 0, jf: 1, k: 2 },
      { code: RET_K, jt: 0, jf: 0, k: 1 },
      { code: LD_W_ABS, jt: 0, jf: 0, k: 24 },
      { code: ALU_AND_K, jt: 0, jf: 0, k: 0x80000000 },
      { code: JMP_JEQ_K, jt: 0, jf: 1, k: 0x80000000 },
      { code: RET_K, jt: 0, jf: 0, k: 2 },
      { code: RET_K, jt: 0, jf: 0, k: 3 },
    ];
    assert.equal(run(program, { nr: 0, arch: 0, args: [0, 0x80002] }), 1);
    assert.equal(run(program, { nr: 0, arch: 0, args: [0, 0x80000001] }), 2);
    assert.equal(run(program, { nr: 0, arch: 0, args: [0, 0x80001] }), 3);
  });

  test("the structure check rejects a comparison that sees two kinds of value", () => {
    // A block that falls through into the next syscall comparison with an argument loaded.
    const program: Insn[] = [
      { code: LD_W_ABS, jt: 0, jf: 0, k: 0 },
      { code: JMP_JEQ_K, jt: 0, jf: 1, k: 41 },
      { code: LD_W_ABS, jt: 0, jf: 0, k: 16 },
      { code: JMP_JEQ_K, jt: 0, jf: 1, k: 101 },
      { code: RET_K, jt: 0, jf: 0, k: ERRNO_EPERM },
      { code: RET_K, jt: 0, jf: 0, k: ALLOW },
    ];
    assert.throws(() => checkStructure(program), /sees (nr or arg0|arg0 or nr)/);
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
    /** The number of a syscall this architecture has. */
    const nr = (name: SyscallName): number => {
      const n = c.nr[name];
      assert.ok(n !== undefined, `${c.nodeArch} has no ${name}`);
      return n;
    };
    const present = (names: readonly SyscallName[]): number[] =>
      names.flatMap((name) => (c.nr[name] === undefined ? [] : [c.nr[name]]));

    test("a foreign architecture (i386 socketcall, the other 64-bit ABI) is killed", () => {
      for (const arch of [AUDIT_ARCH_I386, c.otherAuditArch, 0, 0xffffffff]) {
        for (const n of [0, 1, 102, nr("socket"), nr("read"), nr("ptrace"), nr("clone3")]) {
          assertVerdict(
            program(),
            { nr: n, arch, args: [AF_INET] },
            KILL_PROCESS,
            `arch ${hex(arch)} nr ${n}`,
          );
        }
      }
    });

    test("an x32-ABI syscall number (nr | 0x40000000) gets ENOSYS", () => {
      for (const n of [nr("socket"), nr("read"), nr("io_uring_setup"), nr("keyctl"), 0]) {
        assertVerdict(program(), call((n | X32_BIT) >>> 0, [AF_UNIX]), ERRNO_ENOSYS, `x32 nr ${n}`);
      }
      assertVerdict(program(), call(X32_BIT), ERRNO_ENOSYS, "exactly 0x40000000");
      assertVerdict(program(), call(0xffffffff), ERRNO_ENOSYS, "nr -1");
      assertVerdict(program(), call(X32_BIT - 1), ALLOW, "0x3fffffff is below the x32 bit");
    });

    test("io_uring_setup, io_uring_enter and io_uring_register get EPERM", () => {
      for (const name of ["io_uring_setup", "io_uring_enter", "io_uring_register"] as const) {
        assertVerdict(program(), call(nr(name), [1, 0]), ERRNO_EPERM, name);
      }
    });

    test("keyctl, add_key and request_key get EPERM (the kernel keyring holds credentials)", () => {
      for (const name of ["keyctl", "add_key", "request_key"] as const) {
        assertVerdict(program(), call(nr(name)), ERRNO_EPERM, name);
      }
    });

    test("ptrace, process_vm_readv and process_vm_writev get EPERM whatever the arguments", () => {
      for (const name of ["ptrace", "process_vm_readv", "process_vm_writev"] as const) {
        for (const args of [[], [PTRACE_TRACEME], [PTRACE_ATTACH, 1], [0xffffffff, 0xffffffff]]) {
          assertVerdict(program(), call(nr(name), args), ERRNO_EPERM, `${name}(${args.join()})`);
        }
      }
    });

    test("openat2 and clone3 get ENOSYS whatever the arguments (callers fall back)", () => {
      for (const name of ["openat2", "clone3"] as const) {
        for (const args of [[], [AT_FDCWD, PATH, PATH, 24], [0xffffffff, 0xffffffff]]) {
          assertVerdict(program(), call(nr(name), args), ERRNO_ENOSYS, `${name}(${args.join()})`);
        }
      }
    });

    test("socket(AF_UNIX) and socket(AF_VSOCK) get EPERM", () => {
      assertVerdict(program(), call(nr("socket"), [AF_UNIX, 1, 0]), ERRNO_EPERM, "AF_UNIX");
      assertVerdict(program(), call(nr("socket"), [AF_VSOCK, 1, 0]), ERRNO_EPERM, "AF_VSOCK");
      for (const type of [1, 2, 5, 0x80001, 0x800]) {
        assertVerdict(program(), call(nr("socket"), [AF_UNIX, type]), ERRNO_EPERM, `type ${type}`);
      }
    });

    test("socket(AF_INET), socket(AF_INET6) and socket(AF_NETLINK) are allowed", () => {
      for (const family of [AF_INET, AF_INET6, AF_NETLINK, 0, 3, 39, 41]) {
        assertVerdict(program(), call(nr("socket"), [family, 1, 0]), ALLOW, `family ${family}`);
      }
    });

    test("the socket family is read from args[0] only", () => {
      assertVerdict(program(), call(nr("socket"), [AF_INET, AF_UNIX, AF_VSOCK]), ALLOW, "inet");
    });

    test("high bits in args[0] cannot smuggle AF_UNIX past the filter (socket takes an int)", () => {
      for (const high of [1, 0xffffffff, 0x80000000]) {
        assertVerdict(
          program(),
          { nr: nr("socket"), arch: c.auditArch, args: [AF_UNIX], argsHigh: [high] },
          ERRNO_EPERM,
          `AF_UNIX with high word ${hex(high)}`,
        );
        assertVerdict(
          program(),
          { nr: nr("ioctl"), arch: c.auditArch, args: [0, TIOCSTI], argsHigh: [0, high] },
          ERRNO_EPERM,
          `TIOCSTI with high word ${hex(high)}`,
        );
        assertVerdict(
          program(),
          { nr: nr("unshare"), arch: c.auditArch, args: [CLONE_NEWUSER], argsHigh: [high] },
          ERRNO_EPERM,
          `CLONE_NEWUSER with high word ${hex(high)}`,
        );
      }
    });

    test("ioctl(TIOCSTI) and ioctl(TIOCLINUX) get EPERM; other requests are allowed", () => {
      for (const fd of [0, 1, 2, 255]) {
        assertVerdict(program(), call(nr("ioctl"), [fd, TIOCSTI]), ERRNO_EPERM, `TIOCSTI fd ${fd}`);
        assertVerdict(program(), call(nr("ioctl"), [fd, TIOCLINUX]), ERRNO_EPERM, "TIOCLINUX");
      }
      assertVerdict(program(), call(nr("ioctl"), [0, TCGETS]), ALLOW, "TCGETS");
      assertVerdict(program(), call(nr("ioctl"), [TIOCSTI, TCGETS]), ALLOW, "TIOCSTI as the fd");
      assertVerdict(program(), call(nr("ioctl"), [0, 0x5413]), ALLOW, "TIOCGWINSZ");
    });

    test("the verdict table: set-ID modes, datagram socketpairs, user namespaces and their neighbours", () => {
      let checked = 0;
      for (const v of VERDICTS) {
        const n = c.nr[v.syscall];
        if (n === undefined) continue;
        const args = typeof v.args === "function" ? v.args(c) : v.args;
        const data: SeccompData =
          v.argsHigh === undefined
            ? call(n, args)
            : { nr: n, arch: c.auditArch, args, argsHigh: v.argsHigh };
        assertVerdict(program(), data, v.expected, v.what);
        checked += 1;
      }
      const skipped = VERDICTS.filter((v) => c.nr[v.syscall] === undefined).length;
      assert.equal(checked + skipped, VERDICTS.length);
      assert.equal(skipped, c.nodeArch === "arm64" ? 20 : 0, "cases for syscalls aarch64 lacks");
    });

    test("socketpair(AF_UNIX, SOCK_STREAM), write, read, openat and connect are allowed", () => {
      assertVerdict(program(), call(nr("socketpair"), [AF_UNIX, 1, 0]), ALLOW, "socketpair");
      assertVerdict(program(), call(nr("write"), [1]), ALLOW, "write");
      assertVerdict(program(), call(nr("read"), [0]), ALLOW, "read");
      assertVerdict(program(), call(nr("openat"), [AT_FDCWD]), ALLOW, "openat");
      assertVerdict(program(), call(nr("connect"), [3]), ALLOW, "connect");
    });

    test("every other syscall number 0..600 is allowed, whatever its arguments", () => {
      const whole = new Map<number, number>();
      for (const [name, verdict] of WHOLE_SYSCALLS) whole.set(nr(name), verdict);
      const argumentFiltered = new Set(present(ARGUMENT_FILTERED));
      // Arguments every rule would refuse on some syscall: set-ID modes in every slot,
      // CLONE_NEWUSER, AF_UNIX with SOCK_DGRAM, TIOCSTI, all bits set.
      const hostile: readonly (readonly number[])[] = [
        [AF_UNIX, TIOCSTI, AF_VSOCK],
        [AF_VSOCK, TIOCLINUX],
        [AF_UNIX, SOCK_DGRAM, 0o4755, 0o6755, 0o2000, 0o4000],
        [CLONE_NEWUSER | CLONE_NEWNS, 0o4755, 0o4755, 0o4755],
        [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
      ];
      let checked = 0;
      for (let n = 0; n <= 600; n++) {
        const verdict = whole.get(n);
        if (verdict !== undefined) {
          for (const args of hostile) assertVerdict(program(), call(n, args), verdict, `nr ${n}`);
          continue;
        }
        if (argumentFiltered.has(n)) continue;
        for (const args of hostile) assertVerdict(program(), call(n, args), ALLOW, `nr ${n}`);
        checked += 1;
      }
      assert.equal(checked, 601 - whole.size - argumentFiltered.size);
      assert.equal(argumentFiltered.size, c.nodeArch === "arm64" ? 10 : 14);
    });

    test("argument values equal to filtered syscall numbers do not leak into the dispatch", () => {
      // A block that fell through with an argument loaded would compare it against the next
      // syscall numbers: a call whose arguments are such a number must still be allowed.
      const numbers = [...whole(), ...present(ARGUMENT_FILTERED)];
      for (const filtered of present(ARGUMENT_FILTERED)) {
        for (const value of numbers) {
          assertVerdict(
            program(),
            call(filtered, [value, value, value, value, value, value]),
            ALLOW,
            `nr ${filtered} with every argument ${value}`,
          );
        }
      }
      function whole(): number[] {
        return WHOLE_SYSCALLS.map(([name]) => nr(name));
      }
    });

    test("the program dispatches on exactly the policy's syscall numbers, none for missing syscalls", () => {
      const expected = new Set([
        ...WHOLE_SYSCALLS.map(([name]) => nr(name)),
        ...present(ARGUMENT_FILTERED),
      ]);
      assert.deepEqual(
        [...checkStructure(program())].sort((a, b) => a - b),
        [...expected].sort((a, b) => a - b),
      );
      if (c.nodeArch === "arm64") {
        for (const name of X86_64_ONLY) assert.equal(c.nr[name], undefined, name);
        assert.equal(ARCHITECTURES.arm64.syscalls.chmod, undefined);
        assert.equal(ARCHITECTURES.arm64.syscalls.creat, undefined);
        assert.equal(ARCHITECTURES.arm64.syscalls.open, undefined);
        // aarch64's 0 (io_setup) would be the number of a missing syscall coerced to a u32.
        assert.ok(!checkStructure(program()).has(0), "no dispatch on syscall number 0");
      }
    });

    test("every jump target stays inside the program and the program ends in RET", () => {
      const insns = program();
      assert.ok(insns.length > 0 && insns.length <= 4096, "within BPF_MAXINSNS");
      insns.forEach((insn, i) => {
        assert.ok(
          [LD_W_ABS, ALU_AND_K, ...JUMPS, RET_K].includes(insn.code),
          `opcode at ${i}: 0x${insn.code.toString(16)}`,
        );
        if (JUMPS.includes(insn.code)) {
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
      assert.equal(bytes.length / 8, c.nodeArch === "arm64" ? 94 : 114, "instruction count");
    });
  });
}

// ---- the rule language, compiled for arbitrary policies and checked against its meaning

type Condition = ArgumentCondition;

/** The policy's meaning, evaluated directly: the first rule whose conditions all hold wins. */
function reference(rules: readonly ArgumentRule[], args: readonly number[]): number {
  const holds = (cond: Condition): boolean => {
    const word = (args[cond.argument] ?? 0) >>> 0;
    if (cond.op === "any-bit") return (word & cond.value) >>> 0 !== 0;
    return (word & (cond.mask ?? 0xffffffff)) >>> 0 === cond.value;
  };
  for (const rule of rules) {
    if (rule.when.every(holds)) return (0x00050000 | rule.errno) >>> 0;
  }
  return ALLOW;
}

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EMPTY_POLICY: SeccompPolicy = { deniedSyscalls: [], errnoSyscalls: [], argumentRules: [] };

describe("seccomp rule language", () => {
  test("random policies compile to programs that agree with the policy's meaning", () => {
    const next = random(0x5ecc0);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
    const values = [0, 1, 2, 3, 5, 0xc00, 0x800, 0x10000000];
    const words = [0, 1, 2, 3, 5, 0x802, 0xc00, 0x10000002, 0x80003, 0xffffffff];
    const arch = seccompArchitecture("x64");
    for (let round = 0; round < 300; round++) {
      const rules: ArgumentRule[] = Array.from({ length: 1 + Math.floor(next() * 4) }, () => ({
        when: Array.from({ length: 1 + Math.floor(next() * 3) }, (): Condition => {
          const argument = Math.floor(next() * 3);
          if (next() < 0.3) return { argument, op: "any-bit", value: pick(values.slice(1)) };
          const mask = pick([undefined, undefined, 0xf, 0x3]);
          return mask === undefined
            ? { argument, op: "eq", value: pick(values) }
            : { argument, op: "eq", value: pick(values) & mask, mask };
        }),
        errno: 1 + Math.floor(next() * 5),
      }));
      const policy: SeccompPolicy = {
        ...EMPTY_POLICY,
        argumentRules: [{ syscall: "socketpair", rules }],
      };
      const program = decode(encodeBpf(buildSeccompProgram(arch, policy)));
      checkStructure(program);
      for (let sample = 0; sample < 40; sample++) {
        const args = [pick(words), pick(words), pick(words)];
        assertVerdict(
          program,
          { nr: 53, arch: AUDIT_ARCH_X86_64, args },
          reference(rules, args),
          `round ${round} ${JSON.stringify(rules)} args ${args.join()}`,
        );
      }
      assertVerdict(program, { nr: 41, arch: AUDIT_ARCH_X86_64, args: [1, 2] }, ALLOW, "other");
    }
  });

  test("the kernel policy's argument rules agree with their meaning on both architectures", () => {
    const words = [0, 1, 2, 3, 5, AT_FDCWD, 0o755, 0o4755, 0o2755, 0x80002, CLONE_NEWUSER];
    for (const c of CASES) {
      const program = programFor(c.nodeArch);
      for (const { syscall, rules } of KERNEL_SECCOMP_POLICY.argumentRules) {
        const n = seccompArchitecture(c.nodeArch).syscalls[syscall];
        if (n === undefined) continue;
        for (const a of words)
          for (const b of words)
            for (const d of [0, 0o4755, 0o644]) {
              const args = [a, b, d, d];
              assertVerdict(
                program,
                { nr: n, arch: c.auditArch, args },
                reference(rules, args),
                `${c.nodeArch} ${syscall}(${args.join()})`,
              );
            }
      }
    }
  });

  test("a syscall an architecture lacks is skipped, with all its rules", () => {
    const arm64 = seccompArchitecture("arm64");
    const onlyMissing: SeccompPolicy = {
      deniedSyscalls: ["chmod"],
      errnoSyscalls: [{ syscall: "open", errno: ENOSYS }],
      argumentRules: [
        {
          syscall: "creat",
          rules: [{ when: [{ argument: 1, op: "any-bit", value: 0o6000 }], errno: 1 }],
        },
      ],
    };
    const bare = buildSeccompProgram(arm64, EMPTY_POLICY);
    assert.equal(bare.length, 7, "architecture check, x32 check and ALLOW");
    assert.deepEqual(buildSeccompProgram(arm64, onlyMissing), bare);
    assert.equal(
      buildSeccompProgram(seccompArchitecture("x64"), onlyMissing).length,
      7 + 2 + 2 + 5,
    );
    // x86_64 has four more argument blocks (chmod, creat, open, mknod), five instructions each.
    const x64 = buildSeccompProgram(seccompArchitecture("x64"));
    const arm = buildSeccompProgram(arm64);
    assert.equal(x64.length - arm.length, 4 * 5);
  });

  test("an unusable policy is refused, never compiled into a gap", () => {
    const arch = seccompArchitecture("x64");
    const rule = (when: readonly Condition[], errno = 1): SeccompPolicy => ({
      ...EMPTY_POLICY,
      argumentRules: [{ syscall: "socket", rules: [{ when, errno }] }],
    });
    const refused: readonly [string, SeccompPolicy][] = [
      ["no conditions", rule([])],
      ["argument 6", rule([{ argument: 6, op: "eq", value: 1 }])],
      ["argument -1", rule([{ argument: -1, op: "eq", value: 1 }])],
      ["value 2^32", rule([{ argument: 0, op: "eq", value: 0x100000000 }])],
      ["negative value", rule([{ argument: 0, op: "any-bit", value: -1 }])],
      ["fractional mask", rule([{ argument: 0, op: "eq", value: 1, mask: 1.5 }])],
      ["any-bit 0", rule([{ argument: 0, op: "any-bit", value: 0 }])],
      ["value outside its mask", rule([{ argument: 1, op: "eq", value: 0x12, mask: 0xf }])],
      ["errno 0", rule([{ argument: 0, op: "eq", value: 1 }], 0)],
      ["errno 4096", rule([{ argument: 0, op: "eq", value: 1 }], 4096)],
      [
        "twice",
        {
          ...EMPTY_POLICY,
          deniedSyscalls: ["ptrace"],
          errnoSyscalls: [{ syscall: "ptrace", errno: 38 }],
        },
      ],
      ["bad errno", { ...EMPTY_POLICY, errnoSyscalls: [{ syscall: "clone3", errno: 0x10000 }] }],
    ];
    for (const [what, policy] of refused) {
      assert.throws(() => buildSeccompProgram(arch, policy), RangeError, what);
    }
    const badArch: SeccompArchitecture = {
      ...arch,
      syscalls: { ...arch.syscalls, ptrace: X32_BIT },
    };
    assert.throws(() => buildSeccompProgram(badArch), RangeError, "an x32 number");
  });

  test("a block longer than a jump can skip is refused by the encoder", () => {
    const rules: ArgumentRule[] = Array.from({ length: 130 }, (_, i) => ({
      when: [{ argument: 0, op: "eq", value: i }],
      errno: 1,
    }));
    const program = buildSeccompProgram(seccompArchitecture("x64"), {
      ...EMPTY_POLICY,
      argumentRules: [{ syscall: "socket", rules }],
    });
    assert.throws(() => encodeBpf(program), RangeError);
  });
});

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
