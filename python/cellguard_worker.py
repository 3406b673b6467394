# The kernel worker: runs inside the kernel sandbox, keeps one namespace across Cells, and talks
# to the host over two pipes with length-prefixed frames.
#
#   requests  (host -> worker): the worker's original standard input; NUL-separated fields
#   responses (worker -> host): the descriptor named by the host at start; JSON objects
#
# Standard input is then pointed at /dev/null, so neither a Cell nor anything it starts can read
# (or answer for) the protocol. A Cell's output goes to the worker's own stdout and stderr, which
# the host reads and bounds; after each Cell the worker writes the Cell's end marker to both, so
# the host knows it has all of the Cell's output.
#
# Interrupts arrive as a request frame. A reader thread handles them while the main thread runs
# the Cell: a Python Cell gets SIGINT sent to the main thread of this very process, a bash Cell's
# process group gets SIGINT while the worker still holds its unreaped leader (so the group id
# cannot have been reused). No numeric PID from outside is ever signalled. The thread answers
# whether the signal was sent.
#
# Start-up is on every kernel's critical path, so only C modules are loaded before the ready
# signal (no json, threading, signal or ast: each pulls in pure-Python modules that cost
# milliseconds); the rest is imported when a Cell first needs it.
import _ast
import _collections
import _signal
import _thread
import os
import sys

MAX_FRAME = 16 * 1024 * 1024
MAX_TRACEBACK = 64 * 1024
MAX_MESSAGE = 8 * 1024
KEPT_SOURCES = 1000

_ESCAPES = {i: "\\u%04x" % i for i in range(32)}
_ESCAPES[ord('"')] = '\\"'
_ESCAPES[ord("\\")] = "\\\\"


def to_json(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    kind = type(value)
    if kind is int:
        return str(value)
    if kind is str:
        return '"' + value.translate(_ESCAPES) + '"'
    if kind is dict:
        return "{" + ",".join(to_json(str(k)) + ":" + to_json(v) for k, v in value.items()) + "}"
    if kind is list or kind is tuple:
        return "[" + ",".join(to_json(v) for v in value) + "]"
    return to_json(str(value))


def read_exactly(fd, count):
    parts = []
    while count > 0:
        chunk = os.read(fd, min(count, 1 << 20))
        if not chunk:
            return None
        parts.append(chunk)
        count -= len(chunk)
    return b"".join(parts)


class Channel:
    def __init__(self, read_fd, write_fd):
        self.read_fd = read_fd
        self.write_fd = write_fd
        self.write_lock = _thread.allocate_lock()
        stat = os.fstat(write_fd)
        self.identity = (stat.st_dev, stat.st_ino)

    def receive(self):
        """The next request as a list of fields, or None at end of input."""
        head = read_exactly(self.read_fd, 4)
        if head is None:
            return None
        size = int.from_bytes(head, "big")
        if size > MAX_FRAME:
            raise ValueError("request frame of %d bytes is over the limit" % size)
        body = read_exactly(self.read_fd, size)
        if body is None:
            return None
        return body.decode("utf-8").split("\0")

    def send(self, message):
        # backslashreplace: a lone surrogate in a message becomes a \udXXX escape, still JSON.
        body = to_json(message).encode("utf-8", "backslashreplace")
        frame = len(body).to_bytes(4, "big") + body
        with self.write_lock:
            # A Cell that closed the descriptor and opened a file in its place must not get the
            # protocol written into that file: the worker ends instead, and the host restarts it.
            try:
                stat = os.fstat(self.write_fd)
            except OSError:
                os._exit(75)
            if (stat.st_dev, stat.st_ino) != self.identity:
                os._exit(75)
            view = memoryview(frame)
            while view:
                written = os.write(self.write_fd, view)
                view = view[written:]


class Mailbox:
    """Requests handed from the reader thread to the main thread."""

    def __init__(self):
        self.items = _collections.deque()
        self.available = _thread.allocate_lock()
        self.available.acquire()

    def put(self, item):
        self.items.append(item)
        try:
            self.available.release()
        except RuntimeError:
            pass  # already signalled

    def get(self):
        while not self.items:
            self.available.acquire()
        return self.items.popleft()


class CellState:
    """What is running now, shared by the main thread and the reader thread."""

    def __init__(self):
        self.lock = _thread.allocate_lock()
        self.cell_id = None
        self.last_started = 0
        self.language = None
        self.process = None  # a bash Cell's leader, unreaped while set
        self.in_python = False
        self.interrupted = False
        # A Cell asked to stop before it could be signalled (still compiling, its shell not yet
        # started, or its request not yet taken): it stops as soon as it starts.
        self.pending = -1


STATE = CellState()
MAIN_THREAD = _thread.get_ident()
SOURCES = {}
SAVED_OUTPUT = {}


def _sigint_handler(signum, frame):
    # A signal that lands after the Cell has finished is dropped: it must not break the loop.
    if STATE.in_python:
        raise KeyboardInterrupt
    return None


def interrupt(request_id, cell, channel):
    with STATE.lock:
        if STATE.cell_id == cell and STATE.language == "bash" and STATE.process is not None:
            try:
                os.killpg(STATE.process.pid, _signal.SIGINT)
                STATE.interrupted = True
                reply = {"delivered": True}
            except OSError as error:
                reply = {"delivered": False,
                         "reason": "the bash Cell did not accept the signal (%s)" % error.strerror}
        elif STATE.cell_id == cell and STATE.in_python:
            try:
                _signal.pthread_kill(MAIN_THREAD, _signal.SIGINT)
                STATE.interrupted = True
                reply = {"delivered": True}
            except OSError as error:
                reply = {"delivered": False,
                         "reason": "the worker did not accept the signal (%s)" % error.strerror}
        elif STATE.cell_id == cell or cell > STATE.last_started:
            STATE.pending = cell
            reply = {"delivered": True}
        else:
            reply = {"delivered": False, "reason": "the Cell had already finished"}
    reply.update({"op": "interrupt-ack", "id": request_id, "cell": cell})
    channel.send(reply)


def reader(channel, mailbox):
    while True:
        try:
            fields = channel.receive()
        except Exception as error:
            mailbox.put(["protocol-error", str(error)[:MAX_MESSAGE]])
            return
        if fields is None:
            mailbox.put(["shutdown"])
            return
        if fields[0] == "interrupt" and len(fields) == 3:
            interrupt(int(fields[1]), int(fields[2]), channel)
        else:
            mailbox.put(fields)


def _bounded(text, limit):
    if len(text) <= limit:
        return text
    return "... (%d characters cut) ...\n%s" % (len(text) - limit, text[-limit:])


def remember_source(name, code):
    SOURCES[name] = code
    if len(SOURCES) > KEPT_SOURCES:
        del SOURCES[next(iter(SOURCES))]
    linecache = sys.modules.get("linecache")
    if linecache is not None:
        linecache.cache[name] = (len(code), None, code.splitlines(True), name)


def describe_error(error, cell_name):
    import linecache
    import traceback
    for name, code in SOURCES.items():
        linecache.cache[name] = (len(code), None, code.splitlines(True), name)
    # Only the Cell's frames and what it called: the worker's own (its exec machinery, its
    # SIGINT handler) say nothing to the model.
    frames = [frame for frame in traceback.extract_tb(error.__traceback__)
              if frame.filename != "<cellguard_worker>"]
    while frames and frames[0].filename != cell_name:
        frames.pop(0)
    lines = []
    if frames:
        lines.append("Traceback (most recent call last):\n")
        lines.extend(traceback.format_list(frames))
    lines.extend(traceback.format_exception_only(type(error), error))
    try:
        message = str(error)
    except Exception:
        message = "<the exception's message could not be read>"
    return {
        "name": type(error).__name__,
        "message": _bounded(message, MAX_MESSAGE),
        "traceback": _bounded("".join(lines), MAX_TRACEBACK),
    }


class PythonRunner:
    def __init__(self):
        main = type(sys)("__main__")
        main.__dict__["__builtins__"] = __import__("builtins")
        # Pickling a function defined in a Cell looks it up in __main__, as in a notebook.
        sys.modules["__main__"] = main
        self.namespace = main.__dict__
        self.count = 0

    def run(self, cell_id, code):
        self.count += 1
        name = "<cell-%d>" % self.count
        remember_source(name, code)
        tree = compile(code, name, "exec", _ast.PyCF_ONLY_AST, dont_inherit=True)
        last = None
        if tree.body and type(tree.body[-1]) is _ast.Expr:
            # As in a notebook: the value of a final expression is shown.
            last = _ast.Expression(tree.body.pop().value)
        body = compile(tree, name, "exec", dont_inherit=True)
        try:
            with STATE.lock:
                STATE.in_python = True
                stop = STATE.pending == cell_id
            if stop:
                raise KeyboardInterrupt
            exec(body, self.namespace)
            if last is not None:
                value = eval(compile(last, name, "eval", dont_inherit=True), self.namespace)
                if value is not None:
                    sys.displayhook(value)
        finally:
            STATE.in_python = False


def run_bash(cell_id, code):
    import subprocess
    process = subprocess.Popen(
        ["bash", "-c", code], stdin=subprocess.DEVNULL, stdout=1, stderr=2,
        start_new_session=True, close_fds=True, cwd=os.getcwd())
    with STATE.lock:
        STATE.process = process
        if STATE.pending == cell_id:
            os.killpg(process.pid, _signal.SIGINT)
            STATE.interrupted = True
    # Wait without reaping: while the leader is an unreaped child its id (and so its group id)
    # cannot be reused, so the reader thread may signal the group until the lock says it ended.
    try:
        os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOWAIT)
    except ChildProcessError:
        pass
    with STATE.lock:
        STATE.process = None
        # Members left in the background must not outlive the Cell. The leader is still
        # unreaped here, so the group id is still this Cell's.
        try:
            os.killpg(process.pid, _signal.SIGKILL)
        except OSError:
            pass
        return process.wait()


def execute(cell_id, language, marker, code, runner, channel):
    with STATE.lock:
        STATE.cell_id = cell_id
        STATE.last_started = max(STATE.last_started, cell_id)
        STATE.language = language
        STATE.interrupted = False
    reply = {"op": "done", "id": cell_id, "status": "ok"}
    try:
        try:
            if STATE.pending == cell_id:
                raise KeyboardInterrupt
            if language == "bash":
                exit_code = run_bash(cell_id, code)
                # The shell's convention for a command killed by a signal.
                if exit_code < 0:
                    exit_code = 128 - exit_code
                reply["exit_code"] = exit_code
                if exit_code != 0:
                    if STATE.interrupted and exit_code == 128 + _signal.SIGINT:
                        reply["status"] = "interrupted"
                    else:
                        reply["status"] = "error"
                        reply["error"] = {
                            "name": "ExitStatus",
                            "message": "bash exited with status %d" % exit_code,
                            "traceback": "",
                        }
            else:
                runner.run(cell_id, code)
        finally:
            with STATE.lock:
                STATE.cell_id = None
                STATE.language = None
                if STATE.pending == cell_id:
                    STATE.pending = -1
    except KeyboardInterrupt as error:
        reply["status"] = "interrupted"
        reply["error"] = describe_error(error, "<cell-%d>" % runner.count)
    except BaseException as error:  # SystemExit too: a Cell does not end the kernel
        reply["status"] = "error"
        reply["error"] = describe_error(error, "<cell-%d>" % runner.count)
    finish_output(marker, reply)
    channel.send(reply)


def flush_c_stdio():
    # Output a Cell printed through C stdio (printf from a library) sits in libc's buffers. Only
    # when ctypes is already loaded: importing it for every kernel would cost start-up time.
    if "_ctypes" not in sys.modules:
        return
    try:
        if "libc" not in FLUSH:
            import ctypes
            FLUSH["libc"] = ctypes.CDLL(None).fflush
        FLUSH["libc"](None)
    except Exception:
        pass


FLUSH = {}


def finish_output(marker, reply):
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except Exception:
            pass
    flush_c_stdio()
    # A Cell may have closed or redirected its output: the next Cell starts on the real pipes.
    for fd, saved in SAVED_OUTPUT.items():
        try:
            os.dup2(saved, fd)
        except OSError:
            pass
    for name, fd in (("stdout", 1), ("stderr", 2)):
        stream = getattr(sys, name, None)
        if stream is None or getattr(stream, "closed", True):
            setattr(sys, name, open(fd, "w", closefd=False, errors="backslashreplace"))
    written = []
    for fd in (1, 2):
        try:
            os.write(fd, marker)
            written.append(fd)
        except OSError:
            pass
    reply["marked"] = written


def high_descriptor(fd):
    """A close-on-exec copy of fd far above where a Cell's own files land; the original closed."""
    import fcntl
    for floor in (1000, 200, 20):
        try:
            high = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, floor)
            break
        except OSError:
            continue
    else:
        high = os.dup(fd)
        os.set_inheritable(high, False)
    os.close(fd)
    return high


def main(request_fd, response_fd, audit_hook_source):
    # Nothing the host process happened to inherit reaches a Cell: only 0, 1, 2 and the
    # protocol pipes stay open.
    keep = sorted({request_fd, response_fd})
    low = 3
    for fd in keep:
        if fd >= low:
            os.closerange(low, fd)
            low = fd + 1
    os.closerange(low, 1 << 16)
    request_fd = high_descriptor(request_fd)
    response_fd = high_descriptor(response_fd)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin = open(0, "r", closefd=False)
    for fd in (1, 2):
        SAVED_OUTPUT[fd] = high_descriptor(os.dup(fd))

    armed = False
    if os.environ.get("CELLGUARD_SAFETY_AUDIT_HOOK", "1").strip().lower() not in (
            "0", "false", "no", "off", ""):
        hook_namespace = {"__name__": "cellguard_audit_hook"}
        exec(compile(audit_hook_source, "<cellguard_audit_hook>", "exec"), hook_namespace)
        armed = hook_namespace["install"](enabled=True)
        hook_namespace.clear()
    _signal.signal(_signal.SIGINT, _sigint_handler)
    # As in a notebook: modules in the working directory are importable.
    sys.path.insert(0, "")

    channel = Channel(request_fd, response_fd)
    mailbox = Mailbox()
    _thread.start_new_thread(reader, (channel, mailbox))
    runner = PythonRunner()
    channel.send({
        "op": "ready",
        "python": "%d.%d.%d" % sys.version_info[:3],
        "executable": sys.executable,
        "audit_hook": armed,
    })
    while True:
        fields = mailbox.get()
        op = fields[0]
        if op == "shutdown":
            break
        if op == "protocol-error":
            sys.stderr.write("cellguard worker: %s\n" % fields[1])
            break
        if op == "execute" and len(fields) == 5:
            _, cell_id, language, marker, code = fields
            execute(int(cell_id), language, ("\0cellguard:end:%s\0" % marker).encode("ascii"),
                    code, runner, channel)
            # A Cell may have replaced the handler: the next Cell must stay interruptible.
            _signal.signal(_signal.SIGINT, _sigint_handler)
    try:
        sys.stdout.flush()
    except Exception:
        pass
    os._exit(0)
