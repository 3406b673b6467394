// The seccomp program loaded for real: bubblewrap reads it from fd 3 exactly as the runtime passes
// it, and a Python probe inside reports the errno of each refused or allowed call. A control run
// without --seccomp shows the refusals come from this filter, not from the host.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { killGroup, spawnWrapped, type WrappedCommand } from "../../src/platform/launch.js";
import { renderSeccompProgram } from "../../src/render/seccomp.js";
import { DEFAULT_PATH } from "../../src/kernel/environment.js";
import { bwrapPath, isLinux, isRoot, sandboxSkipReason, systemPython } from "../helpers/host.js";

const EPERM = 1;
const ENOSYS = 38;
const EINVAL = 22;
const ENOTTY = 25;
const ENOSPC = 28;

/** Syscall numbers the probe calls raw (ctypes has no wrapper for them), per Node architecture. */
const RAW_NR: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  x64: { keyctl: 250, ptrace: 101, process_vm_readv: 310, clone3: 435, openat2: 437 },
  arm64: { keyctl: 219, ptrace: 117, process_vm_readv: 270, clone3: 435, openat2: 437 },
};

const PROBE = String.raw`
import ctypes, errno, fcntl, json, os, socket, stat, subprocess, sys, tempfile, threading

nr = json.loads(sys.argv[1])
out = {}

def attempt(fn):
    try:
        fn()
        return 0
    except OSError as e:
        return e.errno

def sock(family, kind=socket.SOCK_STREAM):
    try:
        s = socket.socket(family, kind)
        s.close()
        return 0
    except OSError as e:
        return e.errno

out["af_unix"] = sock(socket.AF_UNIX)
out["af_unix_dgram"] = sock(socket.AF_UNIX, socket.SOCK_DGRAM)
out["af_vsock"] = sock(40)
out["af_inet_dgram"] = sock(socket.AF_INET, socket.SOCK_DGRAM)
try:
    a, b = socket.socketpair()
    a.sendall(b"x")
    out["socketpair"] = 0 if b.recv(1) == b"x" else -1
    a.close()
    b.close()
except OSError as e:
    out["socketpair"] = e.errno

def pair(kind):
    def make():
        a, b = socket.socketpair(socket.AF_UNIX, kind)
        a.close()
        b.close()
    return attempt(make)

out["socketpair_dgram"] = pair(socket.SOCK_DGRAM)
out["socketpair_raw"] = pair(socket.SOCK_RAW)  # AF_UNIX turns SOCK_RAW into SOCK_DGRAM
out["socketpair_seqpacket"] = pair(socket.SOCK_SEQPACKET)

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long

def raw(number, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args])
    return [r, ctypes.get_errno()]

out["io_uring_setup"] = raw(425, 1, 0)
# An invalid keyctl operation: EOPNOTSUPP from the kernel, EPERM only from a filter.
out["keyctl"] = raw(nr["keyctl"], 0x7fff, 0)
out["x32_getpid"] = raw(0x40000000 | 39)
# Reading no bytes of our own memory: 0 from the kernel.
out["process_vm_readv"] = raw(nr["process_vm_readv"], os.getpid(), 0, 0, 0, 0, 0)
# A zero size: EINVAL from the kernel, so neither call does anything unfiltered.
out["clone3"] = raw(nr["clone3"], 0, 0)
out["openat2"] = raw(nr["openat2"], -100, 0, 0, 0)

def in_child(fn):
    # A forked child, so a tracer or a user namespace stays there; its errno, 0, or 255.
    pid = os.fork()
    if pid == 0:
        code = 255
        try:
            r, e = fn()
            code = 0 if r == 0 else e
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)

out["ptrace_traceme"] = in_child(lambda: raw(nr["ptrace"], 0, 0, 0, 0))
def unshare_newuser():
    ctypes.set_errno(0)
    r = libc.unshare(0x10000000)  # CLONE_NEWUSER
    return [r, ctypes.get_errno()]
out["unshare_newuser"] = in_child(unshare_newuser)

def ioctl(request):
    try:
        fcntl.ioctl(0, request, b"x")
        return 0
    except OSError as e:
        return e.errno

# stdin is a pipe: without a filter both requests fail with ENOTTY.
out["tiocsti"] = ioctl(0x5412)
out["tcgets"] = ioctl(0x5401)

work = tempfile.mkdtemp()
target = os.path.join(work, "python-copy")
with open(target, "wb") as f:
    f.write(b"#!/bin/sh\n")
out["chmod_755"] = attempt(lambda: os.chmod(target, 0o755))
out["chmod_4755"] = attempt(lambda: os.chmod(target, 0o4755))
out["mode_after_chmod_4755"] = stat.S_IMODE(os.stat(target).st_mode)
os.chmod(target, 0o755)
out["chmod_2755"] = attempt(lambda: os.chmod(target, 0o2755))
os.chmod(target, 0o755)
def fchmod(mode):
    fd = os.open(target, os.O_RDONLY)
    try:
        os.fchmod(fd, mode)
    finally:
        os.close(fd)
out["fchmod_4755"] = attempt(lambda: fchmod(0o4755))
def create(name, mode):
    os.close(os.open(os.path.join(work, name), os.O_CREAT | os.O_WRONLY | os.O_EXCL, mode))
out["create_644"] = attempt(lambda: create("plain", 0o644))
out["create_4755"] = attempt(lambda: create("setuid", 0o4755))
out["mkdir_2755"] = attempt(lambda: os.mkdir(os.path.join(work, "shared"), 0o2755))

# glibc tries clone3 for threads and posix_spawn and falls back to clone on ENOSYS.
def run_thread():
    ids = []
    t = threading.Thread(target=lambda: ids.append(threading.get_native_id()))
    t.start()
    t.join()
    return ids
try:
    ids = run_thread()
    out["thread"] = 0 if len(ids) == 1 and ids[0] != threading.get_native_id() else -1
except RuntimeError as e:
    out["thread"] = str(e)
out["subprocess_true"] = subprocess.run(["true"]).returncode
def spawn_true():
    pid = os.posix_spawn("/bin/true", ["true"], {})
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
out["posix_spawn_true"] = spawn_true()
def fork_exit():
    pid = os.fork()
    if pid == 0:
        os._exit(7)
    return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
out["fork"] = fork_exit()

with open("/proc/self/status") as f:
    out["seccomp_line"] = [l.rstrip("\n") for l in f if l.startswith("Seccomp:")]
print(json.dumps(out))
`;

interface ProbeReport {
  readonly af_unix: number;
  readonly af_unix_dgram: number;
  readonly af_vsock: number;
  readonly af_inet_dgram: number;
  readonly socketpair: number;
  readonly socketpair_dgram: number;
  readonly socketpair_raw: number;
  readonly socketpair_seqpacket: number;
  readonly io_uring_setup: [number, number];
  readonly keyctl: [number, number];
  readonly x32_getpid: [number, number];
  readonly process_vm_readv: [number, number];
  readonly clone3: [number, number];
  readonly openat2: [number, number];
  readonly ptrace_traceme: number;
  readonly unshare_newuser: number;
  readonly tiocsti: number;
  readonly tcgets: number;
  readonly chmod_755: number;
  readonly chmod_4755: number;
  readonly mode_after_chmod_4755: number;
  readonly chmod_2755: number;
  readonly fchmod_4755: number;
  readonly create_644: number;
  readonly create_4755: number;
  readonly mkdir_2755: number;
  readonly thread: number | string;
  readonly subprocess_true: number;
  readonly posix_spawn_true: number;
  readonly fork: number;
  readonly seccomp_line: string[];
}

function runProbe(withSeccomp: boolean): Promise<{ report: ProbeReport; stderr: string }> {
  const bwrap = bwrapPath ?? "bwrap";
  const python = systemPython ?? "/usr/bin/python3";
  const args = [
    "--ro-bind",
    "/",
    "/",
    "--dev",
    "/dev",
    "--proc",
    "/proc",
    "--tmpfs",
    "/tmp",
    "--unshare-pid",
    "--die-with-parent",
    ...(isRoot ? ["--cap-drop", "ALL"] : []),
    ...(withSeccomp ? ["--seccomp", "3"] : []),
    "--",
    python,
    "-I",
    "-S",
    "-c",
    PROBE,
    JSON.stringify(RAW_NR[process.arch] ?? {}),
  ];
  const command: WrappedCommand = {
    file: bwrap,
    args,
    inherited: withSeccomp ? [{ fd: 3, data: renderSeccompProgram(process.arch) }] : [],
  };
  return new Promise((resolve, reject) => {
    const child = spawnWrapped(command, {
      cwd: "/",
      env: { PATH: DEFAULT_PATH, LANG: "C.UTF-8" },
      stdin: "pipe",
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => killGroup(child), 20_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`probe exited ${code ?? signal}: ${stderr.trim()}`));
        return;
      }
      try {
        resolve({ report: JSON.parse(stdout) as ProbeReport, stderr });
      } catch (error) {
        reject(new Error(`probe printed no JSON: ${stdout} ${stderr}`, { cause: error }));
      }
    });
    // Leave stdin an open, empty pipe: a pipe is not a terminal (ENOTTY without the filter).
  });
}

// One run per mode, shared by the tests that read its report.
const runs = new Map<boolean, Promise<{ report: ProbeReport; stderr: string }>>();
function probe(withSeccomp: boolean): Promise<{ report: ProbeReport; stderr: string }> {
  let run = runs.get(withSeccomp);
  if (run === undefined) {
    run = runProbe(withSeccomp);
    runs.set(withSeccomp, run);
  }
  return run;
}

/** io_uring switched off by sysctl (kernel.io_uring_disabled, Linux 6.6+) answers EPERM itself. */
function ioUringDisabledBySysctl(): boolean {
  try {
    return readFileSync("/proc/sys/kernel/io_uring_disabled", "utf8").trim() !== "0";
  } catch {
    return false;
  }
}

/** Yama's ptrace_scope 2 or 3 refuses PTRACE_TRACEME itself (without CAP_SYS_PTRACE). */
function yamaRefusesTraceme(): boolean {
  try {
    return Number(readFileSync("/proc/sys/kernel/yama/ptrace_scope", "utf8").trim()) >= 2;
  } catch {
    return false;
  }
}

function hostAlreadyFiltered(): boolean {
  if (!isLinux) return false;
  return /^Seccomp:\s*[12]\s*$/m.test(readFileSync("/proc/self/status", "utf8"));
}

const skip = sandboxSkipReason();
const archSkip = RAW_NR[process.arch] === undefined ? `no seccomp for ${process.arch}` : false;
const loadSkip = skip !== false ? skip : archSkip;

describe("seccomp program loaded by bubblewrap", () => {
  test(
    "the kernel accepts the program and refuses AF_UNIX, AF_VSOCK, io_uring, keyctl and TIOCSTI",
    { skip: loadSkip },
    async () => {
      const { report } = await probe(true);
      assert.deepEqual(report.seccomp_line, ["Seccomp:\t2"], "filter mode in /proc/self/status");
      assert.equal(report.af_unix, EPERM, "socket(AF_UNIX, SOCK_STREAM)");
      assert.equal(report.af_unix_dgram, EPERM, "socket(AF_UNIX, SOCK_DGRAM)");
      assert.equal(report.af_vsock, EPERM, "socket(AF_VSOCK)");
      assert.deepEqual(report.io_uring_setup, [-1, EPERM], "io_uring_setup");
      assert.deepEqual(report.keyctl, [-1, EPERM], "keyctl");
      assert.deepEqual(report.x32_getpid, [-1, ENOSYS], "x32 syscall number");
      assert.equal(report.tiocsti, EPERM, "ioctl(TIOCSTI)");
    },
  );

  test(
    "the filter refuses ptrace, process_vm_readv, set-ID modes, datagram socketpairs and new user namespaces",
    { skip: loadSkip },
    async () => {
      const { report } = await probe(true);
      assert.equal(report.ptrace_traceme, EPERM, "ptrace(PTRACE_TRACEME)");
      assert.deepEqual(report.process_vm_readv, [-1, EPERM], "process_vm_readv of itself");
      assert.equal(report.chmod_4755, EPERM, "chmod 04755");
      assert.equal(report.mode_after_chmod_4755, 0o755, "the refused chmod changed nothing");
      assert.equal(report.chmod_2755, EPERM, "chmod 02755");
      assert.equal(report.fchmod_4755, EPERM, "fchmod 04755");
      assert.equal(report.create_4755, EPERM, "open(O_CREAT, 04755)");
      assert.equal(report.socketpair_dgram, EPERM, "socketpair(AF_UNIX, SOCK_DGRAM)");
      assert.equal(report.socketpair_raw, EPERM, "socketpair(AF_UNIX, SOCK_RAW)");
      assert.equal(report.unshare_newuser, EPERM, "unshare(CLONE_NEWUSER)");
    },
  );

  test(
    "clone3 and openat2 get ENOSYS, and threads, fork, posix_spawn and subprocess still work",
    { skip: loadSkip },
    async () => {
      const { report } = await probe(true);
      assert.deepEqual(report.clone3, [-1, ENOSYS], "clone3");
      assert.deepEqual(report.openat2, [-1, ENOSYS], "openat2");
      // glibc falls back from clone3 to clone on ENOSYS for pthread_create and posix_spawn.
      assert.equal(report.thread, 0, "threading.Thread runs on a thread of its own");
      assert.equal(report.subprocess_true, 0, 'subprocess.run(["true"])');
      assert.equal(report.posix_spawn_true, 0, 'os.posix_spawn("/bin/true")');
      assert.equal(report.fork, 7, "os.fork() and the child's exit status");
    },
  );

  test(
    "socketpair, AF_INET datagram sockets and ordinary ioctls keep working under the filter",
    { skip: loadSkip },
    async () => {
      const { report } = await probe(true);
      assert.equal(report.socketpair, 0, "socketpair() and a round trip through it");
      assert.equal(report.af_inet_dgram, 0, "socket(AF_INET, SOCK_DGRAM)");
      assert.equal(report.tcgets, ENOTTY, "ioctl(TCGETS) on a pipe reaches the kernel: ENOTTY");
      assert.equal(report.socketpair_seqpacket, 0, "socketpair(AF_UNIX, SOCK_SEQPACKET)");
      assert.equal(report.chmod_755, 0, "chmod 0755");
      assert.equal(report.create_644, 0, "open(O_CREAT, 0644)");
      assert.equal(report.mkdir_2755, 0, "mkdir 02755 (a set-group-ID directory is harmless)");
    },
  );

  const controlSkip =
    loadSkip !== false
      ? loadSkip
      : hostAlreadyFiltered()
        ? "this test process already runs under a seccomp filter (container?)"
        : false;

  test(
    "control: without --seccomp, AF_UNIX, AF_VSOCK, keyctl and TIOCSTI are not refused with EPERM",
    { skip: controlSkip },
    async () => {
      const { report } = await probe(false);
      assert.deepEqual(report.seccomp_line, ["Seccomp:\t0"]);
      assert.equal(report.af_unix, 0, "socket(AF_UNIX) works unfiltered");
      assert.notEqual(report.af_vsock, EPERM, "socket(AF_VSOCK) is not EPERM unfiltered");
      assert.notEqual(report.keyctl[1], EPERM, "keyctl is not EPERM unfiltered");
      assert.equal(report.tiocsti, ENOTTY, "TIOCSTI on a pipe is ENOTTY unfiltered");
    },
  );

  test(
    "control: without --seccomp, io_uring_setup is not refused with EPERM",
    {
      skip:
        controlSkip !== false
          ? controlSkip
          : ioUringDisabledBySysctl()
            ? "kernel.io_uring_disabled is set: the kernel itself answers EPERM"
            : false,
    },
    async () => {
      const { report } = await probe(false);
      assert.notEqual(report.io_uring_setup[1], EPERM, "io_uring_setup is not EPERM unfiltered");
    },
  );

  test(
    "control: without --seccomp, set-ID modes, datagram socketpairs and process_vm_readv work",
    { skip: controlSkip },
    async () => {
      const { report } = await probe(false);
      assert.equal(report.chmod_4755, 0, "chmod 04755 works unfiltered");
      assert.equal(report.mode_after_chmod_4755, 0o4755, "and leaves a set-user-ID file");
      assert.equal(report.fchmod_4755, 0, "fchmod 04755 works unfiltered");
      assert.equal(report.create_4755, 0, "open(O_CREAT, 04755) works unfiltered");
      assert.equal(report.socketpair_dgram, 0, "socketpair(AF_UNIX, SOCK_DGRAM) works unfiltered");
      assert.equal(report.socketpair_raw, 0, "socketpair(AF_UNIX, SOCK_RAW) works unfiltered");
      assert.deepEqual(report.process_vm_readv, [0, 0], "process_vm_readv of itself works");
      assert.equal(report.thread, 0);
      assert.equal(report.subprocess_true, 0);
    },
  );

  test(
    "control: without --seccomp, ptrace(PTRACE_TRACEME) succeeds",
    {
      skip:
        controlSkip !== false
          ? controlSkip
          : yamaRefusesTraceme()
            ? "kernel.yama.ptrace_scope >= 2: the kernel itself refuses PTRACE_TRACEME"
            : false,
    },
    async () => {
      const { report } = await probe(false);
      assert.equal(report.ptrace_traceme, 0, "ptrace(PTRACE_TRACEME) works unfiltered");
    },
  );

  test(
    "control: without --seccomp, clone3 and openat2 reach the kernel (EINVAL for a zero size)",
    { skip: controlSkip },
    async (t) => {
      const { report } = await probe(false);
      if (report.openat2[1] === ENOSYS || report.clone3[1] === ENOSYS) {
        t.skip("this kernel predates clone3 (5.3) or openat2 (5.6)");
        return;
      }
      assert.deepEqual(report.clone3, [-1, EINVAL], "clone3 with size 0");
      assert.deepEqual(report.openat2, [-1, EINVAL], "openat2 with size 0");
    },
  );

  test(
    "control: without --seccomp, unshare(CLONE_NEWUSER) is not refused by this filter",
    { skip: controlSkip },
    async (t) => {
      const { report } = await probe(false);
      if (report.unshare_newuser === EPERM || report.unshare_newuser === ENOSPC) {
        // user.max_user_namespaces, AppArmor's userns restriction, a nesting limit.
        t.skip(
          `the host itself refuses a new user namespace here (errno ${report.unshare_newuser})`,
        );
        return;
      }
      assert.equal(report.unshare_newuser, 0, "unshare(CLONE_NEWUSER) works unfiltered");
    },
  );
});
