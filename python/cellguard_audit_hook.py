# The native-library guard of the kernel worker. A Cell that writes a shared library into the
# workspace (or any other place it can write) and then loads it runs native code that no screen
# has read. This audit hook refuses such loads: ctypes.dlopen and everything built on it
# (CDLL, PyDLL, cdll.LoadLibrary, _ctypes.dlopen), and the import of an extension module.
#
# Resistant to tampering from a Cell, not immune: every dependency is bound when the hook is
# defined (nothing is looked up in a module or in builtins when it runs), no Python reference to
# it is kept, and it refuses attempts to rewrite or delete its own code or defaults. A Cell with
# ctypes can still rewrite process memory; the OS sandbox is the boundary, this is a tripwire in
# front of it.
# It covers Python only: not R, not other interpreters, not native code already loaded.
import os
import sys

_EXTENSION_SUFFIXES = (".so", ".pyd", ".dylib", ".dll")
_SYSTEM_PREFIXES = (
    "/usr/lib", "/usr/lib64", "/usr/local/lib", "/lib", "/lib64",
    "/System/Library", "/usr/local/Cellar", "/opt/homebrew",
)


def _normal(path):
    return os.path.normpath(path) if path else path


def _real(path):
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return None


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
    roots = []
    for path in raw:
        if not path or not os.path.isabs(path):
            continue
        roots.append(_normal(path))
        roots.append(_real(path))
    return _unique(roots)


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
    out = []
    for path in prefixes:
        if path and os.path.isabs(path):
            out.append(_normal(path))
            out.append(_real(path))
    return _unique(out)


def _make_hook(blocked, allowed, cwd):
    def under(path, roots, _len=len):
        for root in roots:
            if root == "/" or path == root or (
                    path.startswith(root) and path[_len(root):_len(root) + 1] == "/"):
                return True
        return False

    # Every name the hook uses is a default argument, bound now. A Cell that replaces
    # os.path.realpath or builtins.isinstance later changes nothing here.
    def hook(event, args,
             _blocked=blocked, _allowed=allowed, _cwd=cwd,
             _str=str, _bytes=bytes, _tuple=tuple, _len=len, _type=type,
             _isabs=os.path.isabs, _join=os.path.join, _normpath=os.path.normpath,
             _realpath=os.path.realpath, _lexists=os.path.lexists, _dirname=os.path.dirname,
             _access=os.access, _W_OK=os.W_OK, _fsdecode=os.fsdecode,
             _suffixes=_EXTENSION_SUFFIXES, _PermissionError=PermissionError,
             _getframe=sys._getframe, _function=type(_normal), _under=under,
             _under_code=under.__code__,
             _guarded=("__code__", "__defaults__", "__kwdefaults__")):
        if event == "object.__setattr__" or event == "object.__delattr__":
            if _len(args) >= 2 and _type(args[0]) is _function and args[1] in _guarded:
                code = args[0].__code__
                if code is _getframe(0).f_code or code is _under_code:
                    raise _PermissionError("the cellguard audit hook cannot be modified")
            return
        if event == "import":
            # An extension module: the second argument is the file being loaded.
            if _len(args) < 2 or _type(args[1]) is not _str:
                return
            name = args[1]
            if not name.endswith(_suffixes):
                return
        elif event == "ctypes.dlopen":
            if not args:
                return
            name = args[0]
            if _type(name) is _bytes:
                try:
                    name = _fsdecode(name)
                except Exception:
                    return
            if _type(name) is not _str:
                return
        else:
            return
        if name == "":
            return  # the main program's own handle
        path_like = "/" in name or "\\" in name or name.startswith(".")
        try:
            literal = _normpath(name if _isabs(name) else _join(_cwd, name))
        except Exception:
            literal = name
        if not path_like:
            # A bare name is found by the loader's own search (system directories), unless a
            # file of that name sits in the working directory.
            if not _lexists(literal):
                return
            candidates = (literal,)
        else:
            try:
                resolved = _realpath(literal)
            except Exception:
                resolved = literal
            candidates = (literal, resolved)
        for candidate in candidates:
            if _under(candidate, _allowed):
                continue
            writable = _under(candidate, _blocked)
            if not writable:
                try:
                    writable = _access(_dirname(candidate) or "/", _W_OK) or (
                        _lexists(candidate) and _access(candidate, _W_OK))
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
    cwd = os.getcwd()
    sys.addaudithook(_make_hook(_blocked_roots(cwd), _allowed_prefixes(), cwd))
    sys._cellguard_audit_armed = True
    return True
