// The self-test probe, run inside the sandbox as `python3 -I -S -c PROBE_SCRIPT <json>`. It
// measures each boundary by attempting what the boundary forbids, and prints one JSON line.
// Kept free of imports beyond the builtins so it starts in a few milliseconds.
export const PROBE_SCRIPT = String.raw`
import json, os, socket, sys
a = json.loads(sys.argv[1])
checks = {}

def succeeds(fn):
    try:
        fn()
        return True
    except Exception:
        return False

def errno_of(fn):
    try:
        fn()
        return 0
    except OSError as e:
        return e.errno or -1

def write_then_unlink(path):
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        os.write(fd, b"cellguard")
    finally:
        os.close(fd)
    os.unlink(path)

checks["workspace_write"] = succeeds(lambda: write_then_unlink(a["workspace_file"]))
checks["temp_write"] = succeeds(lambda: write_then_unlink(a["temp_file"]))
checks["outside_write_blocked"] = not succeeds(lambda: write_then_unlink(a["outside_file"]))

if a["expect_network_blocked"]:
    def udp_connect():
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.connect(("198.51.100.1", 9))
        finally:
            s.close()
    checks["network_blocked"] = not succeeds(udp_connect)

def masked(item):
    try:
        st = os.stat(item["path"])
    except OSError:
        return True
    if st.st_dev == item["dev"] and st.st_ino == item["ino"]:
        return False
    try:
        if item["type"] == "directory":
            return len(os.listdir(item["path"])) == 0
        with open(item["path"], "rb") as f:
            return f.read(1) == b""
    except OSError:
        return True

probes = a["deny_probes"]
checks["secret_read_blocked"] = len(probes) > 0 and all(masked(p) for p in probes)

if a["linux"]:
    def host_environ_hidden():
        pid = a["host_pid"]
        try:
            with open("/proc/%d/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return True
        if len(fields) < 20 or fields[19] != a["host_start_time"]:
            return True
        return not succeeds(lambda: open("/proc/%d/environ" % pid, "rb").read(1))
    checks["host_environ_hidden"] = host_environ_hidden()

    def make_socket(family):
        socket.socket(family, socket.SOCK_STREAM).close()
    checks["unix_socket_blocked"] = errno_of(lambda: make_socket(socket.AF_UNIX)) == 1
    checks["vsock_blocked"] = errno_of(lambda: make_socket(40)) == 1

    def pair():
        x, y = socket.socketpair()
        x.close()
        y.close()
    checks["socketpair_allowed"] = succeeds(pair)

    import fcntl
    checks["tiocsti_blocked"] = errno_of(lambda: fcntl.ioctl(0, 0x5412, b"x")) == 1

    status = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            status[key] = value.strip()
    checks["no_new_privs"] = status.get("NoNewPrivs") == "1"
    checks["seccomp_filtered"] = status.get("Seccomp") == "2"
    checks["no_capabilities"] = int(status.get("CapEff", "1"), 16) == 0
    checks["private_pid"] = os.getpid() == 2 and os.getppid() == 1
    def opens_for_write(path):
        os.close(os.open(path, os.O_WRONLY))
    checks["proc_sys_readonly"] = not any(
        succeeds(lambda p=p: opens_for_write(p)) for p in ("/proc/sys/kernel/hostname", "/proc/sysrq-trigger")
    )

ok = all(checks.values())
print(json.dumps({"ok": ok, "checks": checks}, sort_keys=True))
sys.exit(0 if ok else 23)
`;
