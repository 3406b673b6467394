// The WSL part of the self-test probe (spec §7.7): Python spliced into PROBE_SCRIPT, run only
// when the host passes WSL_PROBE_FLAG as the probe's first argument, that is in the WSL form.
// Like the rest of the probe it imports nothing beyond _socket and posix (named os there).

/** The probe's first argument in the WSL form. */
export const WSL_PROBE_FLAG = "--cellguard-wsl";

/** Takes the flag off argv; sets `wsl`. */
export const WSL_PROBE_ARGS = String.raw`
wsl = argv[:1] == ["${WSL_PROBE_FLAG}"]
if wsl:
    argv = argv[1:]
`;

/** The three checks; needs errno_of and checks from the main script. */
export const WSL_PROBE_CHECKS = String.raw`
if wsl:
    # The command is the only process in its PID namespace besides bubblewrap's init: nothing of
    # the distribution (its init, the interop server, other sessions) to signal or to enter
    # through /proc/<pid>/root.
    checks["wsl_private_pid"] = os.getpid() == 2 and os.getppid() == 1
    # The interop loader and its sockets: a Windows program started from here would run outside
    # every Linux boundary.
    checks["wsl_interop_hidden"] = not os.access("/init", os.X_OK) and not succeeds(lambda: os.lstat("/run/WSL"))
    # Hyper-V sockets reach the Windows host directly.
    def wsl_vsock():
        _socket.socket(40, _socket.SOCK_STREAM).close()
    checks["wsl_vsock_denied"] = errno_of(wsl_vsock) == 1
`;
