# The native-library guard of the kernel worker. A Cell that writes a shared library into the
# workspace (or any other place it can write) and then loads it runs native code that no screen
# has read. This audit hook refuses such loads: ctypes.dlopen and everything built on it
# (CDLL, PyDLL, cdll.LoadLibrary, _ctypes.dlopen), and the loading of an extension module.
#
# Resistant to tampering from a Cell, not immune. Every dependency is bound when the hook is
# defined, and only C functions are bound: the path handling is written out here rather than
# taken from os.path, whose pure-Python functions (and their module globals) a Cell could
# replace. No Python reference to the hook is kept, and it refuses attempts to replace or delete
# the code or defaults of itself and its helpers. A Cell with ctypes can still rewrite process
# memory; the OS sandbox is the boundary, this is a tripwire in front of it. It covers this
# interpreter only: not a child process, not R, not native code already loaded.
import os
import sys

_SYSTEM_PREFIXES = (
    "/usr/lib", "/usr/lib64", "/usr/local/lib", "/lib", "/lib64",
    "/System/Library", "/usr/local/Cellar", "/opt/homebrew",
)


def _canonical(path):
    """Both spellings of a root: as given (normalised) and with links resolved."""
    out = []
    if path and os.path.isabs(path):
        out.append(os.path.normpath(path))
        try:
            out.append(os.path.realpath(path))
        except (OSError, ValueError):
            pass
    return out


def _unique(paths):
    seen = []
    for path in paths:
        if path and path not in seen:
            seen.append(path)
    return tuple(seen)


def _blocked_roots(cwd):
    explicit = os.environ.get("CELLGUARD_DLOPEN_BLOCK_ROOTS")
    if explicit:
        raw = [p for p in explicit.split(os.pathsep) if p]
    else:
        data_dir = os.environ.get("CELLGUARD_DATA_DIR") or os.path.join(
            os.path.expanduser("~"), ".local", "share", "cellguard")
        raw = [cwd, os.environ.get("CELLGUARD_WORKSPACE"), os.path.join(data_dir, "artifacts"),
               "/tmp", "/private/tmp", "/var/tmp", "/dev/shm", os.environ.get("TMPDIR")]
    return _unique(p for path in raw for p in _canonical(path))


def _allowed_prefixes():
    import site
    prefixes = [sys.prefix, sys.base_prefix, sys.exec_prefix, os.environ.get("CONDA_PREFIX")]
    try:
        prefixes.extend(site.getsitepackages())
    except Exception:
        pass
    try:
        prefixes.append(site.getusersitepackages())
    except Exception:
        pass
    prefixes.extend(_SYSTEM_PREFIXES)
    return _unique(p for path in prefixes for p in _canonical(path))


def _make_hook(blocked, allowed, fs_encoding):
    # Each helper takes what it uses as default arguments, bound now, and calls only C functions
    # and methods of built-in types, which a Cell cannot replace.

    def under(path, roots, _len=len):
        for root in roots:
            if root == "/" or path == root or (
                    path.startswith(root) and path[_len(root):_len(root) + 1] == "/"):
                return True
        return False

    def normalize(path):
        # An absolute POSIX path without ".", ".." or repeated slashes.
        parts = []
        for part in path.split("/"):
            if part == "" or part == ".":
                continue
            if part == "..":
                if parts:
                    parts.pop()
                continue
            parts.append(part)
        return "/" + "/".join(parts)

    def resolve(path, _lstat=os.lstat, _readlink=os.readlink, _OSError=OSError,
                _normalize=normalize):
        # realpath(3) by hand, following at most 40 links. None when the path goes through
        # /proc (a descriptor, a memfd, another process's root): refused outright.
        pending = path.split("/")
        done = ""
        links = 0
        while pending:
            part = pending.pop(0)
            if part == "" or part == ".":
                continue
            if part == "..":
                done = done[:done.rfind("/")]
                continue
            candidate = done + "/" + part
            if candidate == "/proc" or candidate == "/dev/fd":
                return None
            try:
                mode = _lstat(candidate).st_mode
            except _OSError:
                # Missing from here on: the rest stays as written.
                return _normalize(candidate + "/" + "/".join(pending))
            if mode & 0o170000 == 0o120000:
                links += 1
                if links > 40:
                    return None
                target = _readlink(candidate)
                if target.startswith("/"):
                    done = ""
                pending = target.split("/") + pending
            else:
                done = candidate
        return done or "/"

    def hook(event, args,
             _blocked=blocked, _allowed=allowed, _fs_encoding=fs_encoding,
             _str=str, _bytes=bytes, _len=len, _type=type, _isinstance=isinstance,
             _everything=slice(None),
             _getcwd=os.getcwd, _lstat=os.lstat, _access=os.access, _W_OK=os.W_OK,
             _OSError=OSError, _PermissionError=PermissionError,
             _getframe=sys._getframe, _function=type(_canonical),
             _under=under, _normalize=normalize, _resolve=resolve,
             _helpers=(under.__code__, normalize.__code__, resolve.__code__),
             _guarded=("__code__", "__defaults__", "__kwdefaults__")):
        if event == "object.__setattr__" or event == "object.__delattr__":
            if _len(args) >= 2 and _type(args[0]) is _function and args[1] in _guarded:
                code = args[0].__code__
                if code is _getframe(0).f_code or code in _helpers:
                    raise _PermissionError("the cellguard audit hook cannot be modified")
            return
        if event == "ctypes.dlopen":
            if not args:
                return
            name = args[0]
        elif event == "import":
            # The second argument is set only when an extension module's file is loaded.
            if _len(args) < 2:
                return
            name = args[1]
        else:
            return
        if name is None:
            return  # the main program's own handle, or a module that is not a file
        # The exact text the loader will see: the built-in slice copies a subclass's data
        # without calling any method the subclass overrides.
        if _isinstance(name, _str):
            name = _str.__getitem__(name, _everything)
        elif _isinstance(name, _bytes):
            name = _bytes.__getitem__(name, _everything).decode(_fs_encoding, "surrogateescape")
        else:
            raise _PermissionError(
                "Refusing to dlopen a shared library named by a non-string object: pass the "
                "path as a str")
        if name == "":
            return
        path_like = "/" in name or name.startswith(".")
        literal = _normalize(name if name.startswith("/") else _getcwd() + "/" + name)
        if not path_like:
            # A bare name is found by the loader's own search (system directories), unless a
            # file of that name sits in the working directory.
            try:
                _lstat(literal)
            except _OSError:
                return
            candidates = (literal,)
        else:
            candidates = (literal, _resolve(literal))
        for candidate in candidates:
            if candidate is None or candidate == "/proc" or candidate.startswith("/proc/") \
                    or candidate.startswith("/dev/fd/"):
                raise _PermissionError(
                    "Refusing to dlopen shared library through /proc or a file descriptor: %s. "
                    "Load native libraries from the Python environment (its prefix or "
                    "site-packages) or the system library directories." % name)
            if _under(candidate, _allowed):
                continue
            writable = _under(candidate, _blocked)
            if not writable:
                parent = candidate[:candidate.rfind("/")] or "/"
                try:
                    writable = _access(parent, _W_OK) or _access(candidate, _W_OK)
                except Exception:
                    writable = False
            if writable:
                raise _PermissionError(
                    "Refusing to dlopen shared library from a writable path: %s. Load native "
                    "libraries from the Python environment (its prefix or site-packages) or the "
                    "system library directories, not from the workspace, a temp directory or "
                    "anywhere else a Cell can write." % candidate)

    return hook


def install(*, enabled=True):
    """Arms the hook once per process; returns False when disabled."""
    if not enabled:
        return False
    if getattr(sys, "_cellguard_audit_armed", False):
        return True
    hook = _make_hook(_blocked_roots(os.getcwd()), _allowed_prefixes(),
                      sys.getfilesystemencoding())
    sys.addaudithook(hook)
    sys._cellguard_audit_armed = True
    return True
