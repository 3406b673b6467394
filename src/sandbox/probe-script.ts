// The self-test probe, run inside the sandbox as `python3 -I -S -c PROBE_SCRIPT ARGS…`. It
// measures each boundary by attempting what the boundary forbids, and prints one JSON line.
// It imports only C modules (_socket, not socket; posix, not os; no json, whose import compiles
// regular expressions): the probe runs before every sandboxed command, so its start-up is the
// cost.
//
// Arguments: workspace file, temp file, outside file, "1" if the network must be blocked,
// "1" for the Linux checks, host pid, host start time, then four per deny probe: path, type
// ("file" or "directory"), st_dev and st_ino as the host saw them; optionally
// "--cellguard-then" and a command to exec after a passing report (see runFusedProbe). A team
// policy adds its probe files before that, after "--cellguard-team" (see team-probe.ts). In the
// WSL form the first argument is WSL_PROBE_FLAG (see wsl-probe.ts).
import { WSL_PROBE_ARGS, WSL_PROBE_CHECKS } from "./wsl-probe.js";

export { WSL_PROBE_FLAG } from "./wsl-probe.js";

export const PROBE_SCRIPT = String.raw`
# posix, not os: importing os (collections.abc, posixpath, stat) is a tenth of the probe's own
# start-up, and every call below is posix's. os is imported for execvp alone, once the report
# is sent, while the host judges it.
import _socket, posix as os, sys
argv = sys.argv[1:]
${WSL_PROBE_ARGS}
# Fused with a command: the report goes to descriptor 4, then the command is exec'd here, in the
# very sandbox that was measured, once the host writes "go" on descriptor 5.
then = None
if "--cellguard-then" in argv:
    cut = argv.index("--cellguard-then")
    argv, then = argv[:cut], argv[cut + 1:]
# Team read isolation: "--cellguard-team", then a count and the sibling files, then a count and
# the allowed files (see team-probe.ts).
team = None
if "--cellguard-team" in argv:
    cut = argv.index("--cellguard-team")
    argv, rest = argv[:cut], argv[cut + 1:]
    n = int(rest[0])
    team = (rest[1:1 + n], rest[2 + n:2 + n + int(rest[1 + n])])
workspace_file, temp_file, outside_file, expect_net, linux, host_pid, host_start = argv[:7]
deny = [argv[i:i + 4] for i in range(7, len(argv), 4)]
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

checks["workspace_write"] = succeeds(lambda: write_then_unlink(workspace_file))
checks["temp_write"] = succeeds(lambda: write_then_unlink(temp_file))
checks["outside_write_blocked"] = not succeeds(lambda: write_then_unlink(outside_file))

if expect_net == "1":
    def udp_connect():
        s = _socket.socket(_socket.AF_INET, _socket.SOCK_DGRAM)
        try:
            s.connect(("198.51.100.1", 9))
        finally:
            s.close()
    checks["network_blocked"] = not succeeds(udp_connect)

def masked(path, kind, dev, ino):
    try:
        st = os.stat(path)
    except OSError:
        return True
    if str(st.st_dev) == dev and str(st.st_ino) == ino:
        # The host's own file, unmasked: held only if the kernel refuses this user the read
        # (for a directory: both listing it and reaching anything inside by name).
        if kind == "directory":
            return not succeeds(lambda: os.listdir(path)) and not succeeds(lambda: os.stat(path + "/."))
        return not succeeds(lambda: os.close(os.open(path, os.O_RDONLY)))
    try:
        if kind == "directory":
            return len(os.listdir(path)) == 0
        fd = os.open(path, os.O_RDONLY)
        try:
            return os.read(fd, 1) == b""
        finally:
            os.close(fd)
    except OSError:
        return True

checks["secret_read_blocked"] = len(deny) > 0 and all(masked(*d) for d in deny)

if linux == "1":
    def host_environ_hidden():
        try:
            fd = os.open("/proc/%s/stat" % host_pid, os.O_RDONLY)
            try:
                stat = os.read(fd, 4096).decode()
            finally:
                os.close(fd)
            fields = stat.rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            return True
        if len(fields) < 20 or fields[19] != host_start:
            return True
        return not succeeds(lambda: os.close(os.open("/proc/%s/environ" % host_pid, os.O_RDONLY)))
    checks["host_environ_hidden"] = host_environ_hidden()

    def make_socket(family):
        _socket.socket(family, _socket.SOCK_STREAM).close()
    checks["unix_socket_blocked"] = errno_of(lambda: make_socket(_socket.AF_UNIX)) == 1
    checks["vsock_blocked"] = errno_of(lambda: make_socket(40)) == 1

    def pair():
        x, y = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_STREAM, 0)
        x.close()
        y.close()
    checks["socketpair_allowed"] = succeeds(pair)

    checks["unix_dgram_pair_blocked"] = errno_of(
        lambda: _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_DGRAM, 0)) == 1

    def set_id_bit():
        path = temp_file + ".setid"
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        try:
            os.chmod(path, 0o4755)
        finally:
            os.unlink(path)
    checks["setid_blocked"] = errno_of(set_id_bit) == 1

    import fcntl
    # On /dev/null, never on an inherited terminal: the filter answers EPERM before the driver
    # would say ENOTTY, and nothing can be injected anywhere.
    null = os.open("/dev/null", os.O_RDONLY)
    try:
        checks["tiocsti_blocked"] = errno_of(lambda: fcntl.ioctl(null, 0x5412, b"x")) == 1
    finally:
        os.close(null)

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

if team is not None:
    siblings, allowed = team
    def readable(path):
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        except OSError:
            return False
        try:
            os.read(fd, 64)
            return True
        except OSError:
            return False
        finally:
            os.close(fd)
    def through_link(make, path, name):
        try:
            make(path, name)
        except OSError:
            return False  # a link that cannot even be made reads nothing
        try:
            return readable(name)
        finally:
            try:
                os.unlink(name)
            except OSError:
                pass
    checks["sibling_read_blocked"] = not any(readable(p) for p in siblings)
    checks["sibling_symlink_read_blocked"] = not any(
        through_link(os.symlink, p, "%s.sym%d" % (workspace_file, i)) for i, p in enumerate(siblings))
    checks["sibling_hardlink_read_blocked"] = not any(
        through_link(os.link, p, "%s.hard%d" % (workspace_file, i)) for i, p in enumerate(siblings))
    # No host descriptor above the probe's own pipes (0-9) may reach the command: neither the
    # pinned bind sources (10 and up, which bubblewrap closes) nor one the embedding process
    # inherited without close-on-exec. A directory opened on the host's mount climbs with ".."
    # out of the workspace into the hidden root (measured through the library API).
    def is_open(fd):
        try:
            os.fstat(fd)
            return True
        except OSError:
            return False
    checks["host_descriptors_closed"] = not any(is_open(fd) for fd in range(10, 1024))
    if allowed:
        checks["allowed_roots_readable"] = all(readable(p) for p in allowed)

${WSL_PROBE_CHECKS}
ok = all(checks.values())
body = ", ".join('"%s": %s' % (k, "true" if checks[k] else "false") for k in sorted(checks))
report = '{"checks": {%s}, "ok": %s}' % (body, "true" if ok else "false")
if then is None:
    print(report)
    sys.exit(0 if ok else 23)
os.write(4, (report + "\n").encode())
os.close(4)
if not ok:
    sys.exit(23)
import os as exec_os
word = os.read(5, 16)
os.close(5)
if word != b"go\n":
    sys.exit(125)
try:
    exec_os.execvp(then[0], then)
except OSError as e:
    os.write(2, ("cellguard: cannot run %s: %s\n" % (then[0], e.strerror)).encode())
    sys.exit(127 if e.errno == 2 else 126)
`;
