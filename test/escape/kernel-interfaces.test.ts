import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture } from "../helpers/fixture-home.js";
import { isRoot, needs, sandboxSkipReason } from "../helpers/host.js";
import { whichOnPath } from "../../src/platform/which.js";
import { SEALED_DATA_ROOT } from "../../src/platform/sealed-data.js";
import { assertNoCanary, attack } from "./harness.js";

const skip = sandboxSkipReason();
const scriptBinary = whichOnPath("script", process.env["PATH"] ?? "/usr/bin:/bin");

const SYSCALL = `
import ctypes
libc = ctypes.CDLL(None, use_errno=True)
def syscall(nr, *args):
    r = libc.syscall(ctypes.c_long(nr), *[ctypes.c_long(a) for a in args])
    return "ok" if r >= 0 else errno.errorcode.get(ctypes.get_errno(), "?")
import platform
X86 = platform.machine() == "x86_64"
`;

describe("escape: kernel interfaces", { skip }, () => {
  const fx = useFixture();

  test("io_uring cannot be set up (it would bypass the socket filter)", async () => {
    const r = await attack(
      fx,
      `${SYSCALL}
params = ctypes.create_string_buffer(120)
r = libc.syscall(ctypes.c_long(425), ctypes.c_long(8), params)
report(result="ok" if r >= 0 else errno.errorcode.get(ctypes.get_errno(), "?"))`,
    );
    assert.ok(
      ["EPERM", "ENOSYS"].includes(String(r.report["result"])),
      `io_uring_setup: ${String(r.report["result"])}`,
    );
  });

  test("the kernel keyring cannot be read or written", async () => {
    const r = await attack(
      fx,
      `${SYSCALL}
KEYCTL, ADD_KEY = (250, 248) if X86 else (219, 217)
# KEYCTL_GET_KEYRING_ID of the user keyring (-4), and adding a key to the session keyring (-3)
r = libc.syscall(ctypes.c_long(ADD_KEY), ctypes.c_char_p(b"user"), ctypes.c_char_p(b"cellguard"),
                 ctypes.c_char_p(b"x"), ctypes.c_long(1), ctypes.c_long(-3))
report(get=syscall(KEYCTL, 0, -4, 0), add="ok" if r >= 0 else errno.errorcode.get(ctypes.get_errno(), "?"))`,
    );
    assert.equal(r.report["get"], "EPERM");
    assert.equal(r.report["add"], "EPERM");
  });

  test(
    "TIOCSTI cannot inject keystrokes into the controlling terminal",
    {
      skip: needs(
        scriptBinary === null
          ? "needs script(1) from util-linux/bsdutils for a pseudo-terminal"
          : false,
      ),
    },
    async () => {
      // script(1) gives cellguard a real pseudo-terminal as its controlling terminal.
      const r = await attack(
        fx,
        `import fcntl, termios
report(isatty=os.isatty(0), result=attempt(lambda: [fcntl.ioctl(0, termios.TIOCSTI, c) for c in b"id\\n"]))`,
        { wrapInTerminal: scriptBinary ?? "script" },
      );
      assert.equal(r.report["isatty"], true, "the attack must really have a terminal on stdin");
      assert.equal(r.report["result"], "EPERM");
    },
  );

  test("the parent (the sandbox's init) can be signalled but the host process survives", async () => {
    const victim = spawn("/bin/sleep", ["30"], { stdio: "ignore" });
    try {
      const r = await attack(
        fx,
        `import signal
report(host=attempt(lambda: os.kill(int(sys.argv[1]), signal.SIGKILL)),
       parent=os.getppid(), everyone=attempt(lambda: os.kill(-1, 0)))`,
        { args: [String(victim.pid)] },
      );
      assert.equal(r.report["host"], "ESRCH", "a host pid must not even exist in the sandbox");
      assert.equal(r.report["parent"], 1);
      assert.equal(victim.exitCode, null);
      assert.equal(victim.signalCode, null);
    } finally {
      victim.kill("SIGKILL");
    }
  });

  test("ptrace of a host process fails", async () => {
    const victim = spawn("/bin/sleep", ["30"], { stdio: "ignore" });
    try {
      const r = await attack(
        fx,
        `${SYSCALL}
report(attach=syscall(101 if X86 else 117, 16, int(sys.argv[1]), 0, 0))`,
        { args: [String(victim.pid)] },
      );
      assert.ok(
        ["EPERM", "ESRCH"].includes(String(r.report["attach"])),
        String(r.report["attach"]),
      );
    } finally {
      victim.kill("SIGKILL");
    }
  });

  test("remounting / read-write fails", async () => {
    const r = await attack(
      fx,
      `${SYSCALL}
MS_REMOUNT, MS_BIND = 32, 4096
r = libc.mount(b"none", b"/", None, ctypes.c_ulong(MS_REMOUNT | MS_BIND), None)
report(remount="ok" if r == 0 else errno.errorcode.get(ctypes.get_errno(), "?"),
       write=attempt(lambda: write_text("/cellguard-remount-probe")))`,
    );
    assert.notEqual(r.report["remount"], "ok");
    assert.notEqual(r.report["write"], "ok");
  });

  test("a user namespace inside the sandbox cannot make / writable", async () => {
    const r = await attack(
      fx,
      `${SYSCALL}
CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000
u = libc.unshare(CLONE_NEWUSER | CLONE_NEWNS)
r = libc.mount(b"none", b"/", None, ctypes.c_ulong(32 | 4096), None)
report(unshare=u, remount="ok" if r == 0 else "refused", write=attempt(lambda: write_text("/cellguard-userns-probe")))`,
    );
    assert.notEqual(r.report["remount"], "ok");
    assert.notEqual(r.report["write"], "ok");
  });

  test("/proc/sys and /proc/sysrq-trigger cannot be opened for writing", async () => {
    const before = hostname();
    const r = await attack(
      fx,
      `def open_for_write(p):
    os.close(os.open(p, os.O_WRONLY))
report(hostname=attempt(lambda: open_for_write("/proc/sys/kernel/hostname")),
       sysrq=attempt(lambda: open_for_write("/proc/sysrq-trigger")),
       core=attempt(lambda: open_for_write("/proc/sys/kernel/core_pattern")))`,
    );
    assert.notEqual(r.report["hostname"], "ok");
    assert.notEqual(r.report["sysrq"], "ok");
    assert.notEqual(r.report["core"], "ok");
    assert.equal(hostname(), before);
  });

  test("sysfs cannot be written", async () => {
    const r = await attack(
      fx,
      `report(result=attempt(lambda: os.close(os.open("/sys/kernel/mm/transparent_hugepage/enabled", os.O_WRONLY))))`,
    );
    assert.notEqual(r.report["result"], "ok");
  });

  test("device nodes cannot be created and host disks are not visible", async () => {
    const r = await attack(
      fx,
      `import stat
report(mknod=attempt(lambda: os.mknod("disk", stat.S_IFBLK | 0o600, os.makedev(8, 0))),
       devices=sorted(os.listdir("/dev")))`,
    );
    assert.notEqual(r.report["mknod"], "ok");
    const devices = r.report["devices"] as string[];
    for (const name of devices)
      assert.doesNotMatch(name, /^(sd|vd|nvme|xvd|hd|mmcblk|loop|dm-|mem|kmem|port)/);
  });

  test("the sandbox runs with no capabilities, no new privileges and the seccomp filter", async () => {
    const r = await attack(
      fx,
      `report(status=read_text("/proc/self/status"), root=${isRoot ? "True" : "False"})`,
    );
    const status = String(r.report["status"]);
    assert.match(status, /CapEff:\s+0000000000000000/);
    assert.match(status, /NoNewPrivs:\s+1/);
    assert.match(status, /Seccomp:\s+2/);
  });

  test("ptrace of the sandbox's own init fails (it would let a Cell outlive a kill or timeout)", async () => {
    const r = await attack(
      fx,
      `${SYSCALL}
PTRACE = 101 if X86 else 117
report(attach=syscall(PTRACE, 16, 1, 0, 0), seize=syscall(PTRACE, 0x4206, 1, 0, 0), traceme=syscall(PTRACE, 0, 0, 0, 0))`,
    );
    assert.equal(r.report["attach"], "EPERM");
    assert.equal(r.report["seize"], "EPERM");
    assert.equal(r.report["traceme"], "EPERM");
  });

  test("a setuid or setgid file cannot be made in the workspace", async () => {
    const r = await attack(
      fx,
      `import shutil, stat
shutil.copy("/bin/true", "mine")
report(suid=attempt(lambda: os.chmod("mine", 0o4755)), sgid=attempt(lambda: os.chmod("mine", 0o2755)),
       plain=attempt(lambda: os.chmod("mine", 0o755)),
       created=attempt(lambda: os.close(os.open("born-suid", os.O_WRONLY | os.O_CREAT, 0o4755))),
       mknod=attempt(lambda: os.mknod("node-suid", stat.S_IFREG | 0o4755)),
       mode=oct(os.stat("mine").st_mode & 0o7777))`,
    );
    assert.equal(r.report["suid"], "EPERM");
    assert.equal(r.report["sgid"], "EPERM");
    assert.equal(r.report["plain"], "ok");
    assert.equal(r.report["created"], "EPERM");
    assert.equal(r.report["mknod"], "EPERM");
    assert.equal(r.report["mode"], "0o755");
  });

  test("a datagram socketpair cannot reach a named host socket", async () => {
    const r = await attack(
      fx,
      `report(dgram=attempt(lambda: socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)),
       stream=attempt(lambda: socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)))`,
    );
    assert.equal(r.report["dgram"], "EPERM");
    assert.equal(r.report["stream"], "ok");
  });

  test("a new user namespace (full capabilities inside it) cannot be created", async () => {
    const r = await attack(
      fx,
      `${SYSCALL}
report(unshare="ok" if libc.unshare(0x10000000) == 0 else errno.errorcode.get(ctypes.get_errno(), "?"),
       mountns="ok" if libc.unshare(0x00020000) == 0 else errno.errorcode.get(ctypes.get_errno(), "?"))`,
    );
    assert.equal(r.report["unshare"], "EPERM");
  });

  test("threads and child processes still work under the filter (clone3 falls back to clone)", async () => {
    const r = await attack(
      fx,
      `import threading, subprocess
out = []
t = threading.Thread(target=lambda: out.append(1)); t.start(); t.join()
report(thread=out == [1], child=subprocess.run(["/bin/echo", "ok"], capture_output=True, text=True).stdout.strip())`,
    );
    assert.equal(r.report["thread"], true);
    assert.equal(r.report["child"], "ok");
  });
});

// The seccomp program, bubblewrap's arguments and the copied home files reach bubblewrap through
// unlinked files in the host's /dev/shm (platform/sealed-data.ts). That is safe only while no
// Cell can see that directory or hold one of those files open: a Cell that could rewrite one
// would choose the filter of the next command.
describe("escape: the descriptors bubblewrap reads its policy from", { skip }, () => {
  const fx = useFixture();

  test("a Cell cannot see the host's /dev/shm and holds no sealed descriptor", async () => {
    const planted = join(SEALED_DATA_ROOT, `.cellguard-escape-${process.pid}-${Date.now()}`);
    writeFileSync(planted, fx.canary, { mode: 0o644 });
    try {
      const r = await attack(
        fx,
        `names = os.listdir("/dev/shm")
held = []
for fd in os.listdir("/proc/self/fd"):
    try:
        held.append(os.readlink("/proc/self/fd/" + fd))
    except OSError:
        pass
report(names=names, planted=attempt(lambda: read_text(sys.argv[1])),
       sealed=[t for t in held if "cellguard-sealed" in t or t.startswith("/dev/shm")])`,
        { args: [planted] },
      );
      assert.deepEqual(r.report["names"], [], "the Cell's /dev/shm is its own, empty");
      assert.notEqual(r.report["planted"], "ok", "a file in the host's /dev/shm was readable");
      assert.deepEqual(r.report["sealed"], [], "the Cell holds a descriptor on a sealed file");
      assertNoCanary(r, fx);
    } finally {
      rmSync(planted, { force: true });
    }
  });
});
