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

const KEYCTL_NR: Readonly<Record<string, number>> = { x64: 250, arm64: 219 };

const PROBE = String.raw`
import ctypes, errno, fcntl, json, socket, sys

keyctl_nr = int(sys.argv[1])
out = {}

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

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long

def raw(nr, *args):
    ctypes.set_errno(0)
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    return [r, ctypes.get_errno()]

out["io_uring_setup"] = raw(425, 1, 0)
# An invalid keyctl operation: EOPNOTSUPP from the kernel, EPERM only from a filter.
out["keyctl"] = raw(keyctl_nr, 0x7fff, 0)
out["x32_getpid"] = raw(0x40000000 | 39)

def ioctl(request):
    try:
        fcntl.ioctl(0, request, b"x")
        return 0
    except OSError as e:
        return e.errno

# stdin is a pipe: without a filter both requests fail with ENOTTY.
out["tiocsti"] = ioctl(0x5412)
out["tcgets"] = ioctl(0x5401)

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
  readonly io_uring_setup: [number, number];
  readonly keyctl: [number, number];
  readonly x32_getpid: [number, number];
  readonly tiocsti: number;
  readonly tcgets: number;
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
    String(KEYCTL_NR[process.arch] ?? -1),
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

function hostAlreadyFiltered(): boolean {
  if (!isLinux) return false;
  return /^Seccomp:\s*[12]\s*$/m.test(readFileSync("/proc/self/status", "utf8"));
}

const skip = sandboxSkipReason();
const archSkip = KEYCTL_NR[process.arch] === undefined ? `no seccomp for ${process.arch}` : false;
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
    "socketpair, AF_INET datagram sockets and ordinary ioctls keep working under the filter",
    { skip: loadSkip },
    async () => {
      const { report } = await probe(true);
      assert.equal(report.socketpair, 0, "socketpair() and a round trip through it");
      assert.equal(report.af_inet_dgram, 0, "socket(AF_INET, SOCK_DGRAM)");
      assert.equal(report.tcgets, 25, "ioctl(TCGETS) on a pipe reaches the kernel: ENOTTY");
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
      assert.equal(report.tiocsti, 25, "TIOCSTI on a pipe is ENOTTY unfiltered");
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
});
