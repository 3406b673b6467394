// The supervisor and its client, as Python source run by the system python3 with `-I -S -c`
// (nothing read from a file a session could change). Python, because the channel passes the
// client's standard descriptors to the supervisor with SCM_RIGHTS, which Node cannot do.
//
// The supervisor runs outside the server's confinement. It starts the server (its bubblewrap
// argv fixed at launch) with one end of a SOCK_SEQPACKET pair as descriptor 4, and then serves
// requests on the other end: each message is {argv, cwd, env[, fds]} plus four descriptors (the
// client's stdin, stdout, stderr and a reply socket) and exactly `fds` more (at most
// MAX_EXTRA_FDS: a kernel worker's response pipe), which the child gets as 4, 5, … (3 is
// bubblewrap's seccomp program); a request whose descriptors do not match its count is refused
// and every descriptor it carried closed. A request names only what runs inside the
// child boundary; the boundary itself (the bubblewrap prefix, the seccomp program) was fixed at
// launch and is never taken from a request, so the server cannot ask for anything weaker.

/** The most descriptors a request may carry beyond stdin, stdout, stderr and the reply socket. */
export const MAX_EXTRA_FDS = 4;

/** The number a request's first extra descriptor gets in the child (after the seccomp fd 3). */
export const FIRST_EXTRA_CHILD_FD = 4;

/** Reads its configuration as JSON from descriptor 3 until EOF. */
export const SUPERVISOR_SOURCE = String.raw`
import array, base64, fcntl, json, os, re, signal, socket, sys, threading
MAX_EXTRA_FDS = ${MAX_EXTRA_FDS}
cfg = b""
while True:
    chunk = os.read(3, 65536)
    if not chunk: break
    cfg += chunk
os.close(3)
cfg = json.loads(cfg)
seccomp = base64.b64decode(cfg["seccomp"])
child_prefix = cfg["child"]
NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
children = set()
lock = threading.Lock()

def seccomp_fd():
    r, w = os.pipe()
    os.write(w, seccomp)
    os.close(w)
    return r

def spawn(argv, fds):
    # Sources first moved above every target, so no dup2 overwrites a later source.
    high = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 20) for fd in fds]
    actions = [(os.POSIX_SPAWN_DUP2, fd, i) for i, fd in enumerate(high)]
    try:
        return os.posix_spawn(argv[0], argv, {}, file_actions=actions, setsid=True)
    finally:
        for fd in high: os.close(fd)

def spawn_bwrap(options, command, fds):
    # bubblewrap reads its options from a descriptor (--args), never its argv: every local user
    # can read /proc/PID/cmdline, and the options hold the server's pass-through values and each
    # child's environment (--setenv NAME VALUE). Only the command stays on the argv (visible as
    # the command's own once it runs).
    fd = os.memfd_create("cellguard-bwrap-args")
    try:
        data = b"".join(a.encode() + b"\0" for a in options[1:])
        while data: data = data[os.write(fd, data):]
        os.lseek(fd, 0, os.SEEK_SET)
        return spawn([options[0], "--args", str(len(fds)), "--"] + command, fds + [fd])
    finally:
        os.close(fd)

def kill_group(pid, sig=signal.SIGKILL):
    try: os.killpg(pid, sig)
    except OSError: pass

def checked(req, extra):
    if not isinstance(req, dict) or set(req) not in ({"argv", "cwd", "env"}, {"argv", "cwd", "env", "fds"}):
        raise ValueError("a request is exactly {argv, cwd, env} or {argv, cwd, env, fds}")
    argv, cwd, env = req["argv"], req["cwd"], req["env"]
    fds = req.get("fds", 0)
    if type(fds) is not int or fds != extra:
        raise ValueError("the request declares " + repr(fds)[:20] + " extra descriptors but carried " + str(extra))
    if not isinstance(argv, list) or not argv or not all(isinstance(a, str) and "\0" not in a for a in argv):
        raise ValueError("argv must be a non-empty list of strings")
    if not isinstance(cwd, str) or not cwd.startswith("/") or "\0" in cwd:
        raise ValueError("cwd must be an absolute path")
    if not isinstance(env, dict) or not all(isinstance(k, str) and NAME.match(k) and isinstance(v, str) and "\0" not in v for k, v in env.items()):
        raise ValueError("env must map variable names to strings")
    return argv, cwd, env

def serve(data, fds):
    reply = socket.socket(fileno=fds[3])
    try:
        argv, cwd, env = checked(json.loads(data), len(fds) - 4)
        command = list(child_prefix)
        for k in sorted(env): command += ["--setenv", k, env[k]]
        command += ["--chdir", cwd]
        sfd = seccomp_fd()
        try: pid = spawn_bwrap(command, argv, fds[:3] + [sfd] + fds[4:])
        finally: os.close(sfd)
    except Exception as e:
        for fd in fds[:3] + fds[4:]: os.close(fd)
        try: reply.sendall(json.dumps({"error": str(e)[:400]}).encode())
        except OSError: pass
        reply.close()
        return
    for fd in fds[:3] + fds[4:]: os.close(fd)
    with lock: children.add(pid)
    done = []
    def watch():
        # The client forwards signals as {"signal": n}; its end closing means it died.
        while True:
            try: msg = reply.recv(256)
            except OSError: msg = b""
            if done: return
            if not msg:
                kill_group(pid)
                return
            try:
                n = int(json.loads(msg)["signal"])
                if n in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): kill_group(pid, n)
            except Exception:
                pass
    threading.Thread(target=watch, daemon=True).start()
    _, status = os.waitpid(pid, 0)
    kill_group(pid)
    done.append(True)
    with lock: children.discard(pid)
    answer = {"exit": os.waitstatus_to_exitcode(status)}
    try: reply.sendall(json.dumps(answer).encode())
    except OSError: pass
    reply.shutdown(socket.SHUT_RDWR)
    reply.close()

# The launcher's death is the supervisor's (PR_SET_PDEATHSIG): the server then gets SIGTERM.
try:
    import ctypes
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
except Exception:
    pass
sup, srv = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
sfd = seccomp_fd()
server = spawn_bwrap(cfg["server"], cfg["server_command"], [0, 1, 2, sfd, srv.fileno()])
os.close(sfd)
srv.close()
for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
    signal.signal(sig, lambda n, f: kill_group(server, n))

def receive():
    # Close-on-exec from the moment they arrive (MSG_CMSG_CLOEXEC; socket.recv_fds drops its
    # flags): posix_spawn keeps every other descriptor, so a child spawned meanwhile by another
    # thread would inherit them, and each child its own reply socket.
    fds = array.array("i")
    data, ancillary, flags, _ = sup.recvmsg(1 << 20, socket.CMSG_SPACE((4 + MAX_EXTRA_FDS) * fds.itemsize), socket.MSG_CMSG_CLOEXEC)
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
    if flags & (socket.MSG_CTRUNC | socket.MSG_TRUNC):
        # More descriptors (or bytes) than any request may carry: refused, all of them closed.
        for fd in fds: os.close(fd)
        return data or b"-", []
    return data, list(fds)

def loop():
    while True:
        try: data, fds = receive()
        except OSError: return
        if not data and not fds: return
        if not 4 <= len(fds) <= 4 + MAX_EXTRA_FDS:
            for fd in fds: os.close(fd)
            continue
        threading.Thread(target=serve, args=(data, fds), daemon=True).start()
threading.Thread(target=loop, daemon=True).start()
while True:
    try:
        _, status = os.waitpid(server, 0)
        break
    except InterruptedError:
        continue
kill_group(server)
with lock:
    for pid in list(children): kill_group(pid)
sys.exit(os.waitstatus_to_exitcode(status) if os.waitstatus_to_exitcode(status) >= 0 else 128 - os.waitstatus_to_exitcode(status))
`;

/** Inside the server: hands argv[1:] (after "--") to the supervisor over descriptor 3. */
export const CLIENT_SOURCE = String.raw`
import json, os, signal, socket, sys
argv = sys.argv[1:]
def refuse(why):
    sys.stderr.write("cellguard protected child: nothing was run: " + why + "\n")
    sys.exit(125)
# --pass-fds N: this process's descriptors 4 .. 3+N go along; the child gets them as 4 .. 3+N.
extra = 0
if argv[:1] == ["--pass-fds"]:
    if len(argv) < 2 or not argv[1].isdigit() or int(argv[1]) > ${MAX_EXTRA_FDS}:
        refuse("--pass-fds takes a count from 0 to ${MAX_EXTRA_FDS}")
    extra = int(argv[1])
    argv = argv[2:]
if argv[:1] == ["--"]: argv = argv[1:]
if not argv: refuse("no command given")
try:
    channel = socket.socket(fileno=3)
    if channel.family != socket.AF_UNIX or channel.type != socket.SOCK_SEQPACKET: raise OSError("not the channel")
except OSError:
    refuse("no supervised execution channel on descriptor 3 (protected sessions run children only through the supervisor)")
os.set_inheritable(3, False)
mine, theirs = socket.socketpair()
request = json.dumps({"argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "fds": extra}).encode()
passed = list(range(${FIRST_EXTRA_CHILD_FD}, ${FIRST_EXTRA_CHILD_FD} + extra))
try:
    for fd in passed: os.fstat(fd)
except OSError:
    refuse("--pass-fds " + str(extra) + " names a descriptor that is not open")
try:
    socket.send_fds(channel, [request], [0, 1, 2, theirs.fileno()] + passed)
except OSError as e:
    refuse("the supervised execution channel is closed (" + str(e) + ")")
theirs.close()
for fd in passed: os.close(fd)
channel.close()
def forward(n, frame):
    try: mine.sendall(json.dumps({"signal": n}).encode())
    except OSError: pass
for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP): signal.signal(sig, forward)
answer = b""
while True:
    try: chunk = mine.recv(4096)
    except InterruptedError: continue
    if not chunk: break
    answer += chunk
try: result = json.loads(answer)
except ValueError: refuse("the supervised execution channel closed before the command ended")
if "error" in result: refuse("the supervisor refused the request: " + str(result["error"]))
code = int(result["exit"])
sys.exit(code if code >= 0 else 128 - code)
`;
