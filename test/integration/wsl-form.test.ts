// The WSL form of the kernel sandbox, driven on this (non-WSL) machine: createKernelSandbox gets
// a fake WSL host (a Microsoft kernel release, WSL_DISTRO_NAME, a mount table naming "Windows
// drives" at real directories of this machine), and everything else is real: bubblewrap, the
// Python probe, the seccomp program on an inherited descriptor. What can only be seen on real
// WSL (real drvfs mounts, /init, the interop sockets, AF_VSOCK reaching Hyper-V) is not here.
import assert from "node:assert/strict";
import {
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, test } from "node:test";
import {
  createKernelSandbox,
  resetSelfTestCache,
  SandboxConfigurationError,
  SandboxUnavailableError,
  type WrappedCommand,
} from "../../src/index.js";
import { DEFAULT_PATH } from "../../src/kernel/environment.js";
import { runWrapped } from "../../src/platform/launch.js";
import { renderWslSocketFilter } from "../../src/render/seccomp-wsl.js";
import { LINUX_CHECKS } from "../../src/sandbox/backends.js";
import { reportingRunner } from "../helpers/reporting-runner.js";
import { realWslSandboxHost, WSL_CHECKS, type WslSandboxHost } from "../../src/sandbox/wsl-form.js";
import { PROBE_SCRIPT, WSL_PROBE_FLAG } from "../../src/sandbox/probe-script.js";
import { fakeHost, WSL2_RELEASE } from "../helpers/fake-wsl-host.js";
import { useFixture } from "../helpers/fixture-home.js";
import { bwrapPath, isRoot, needs, sandboxSkipReason, systemPython } from "../helpers/host.js";

const EPERM = 1;
const EROFS = 30;

const COMMON = [
  "workspace_write",
  "temp_write",
  "outside_write_blocked",
  "secret_read_blocked",
  "network_blocked",
];

const linux = { os: "linux", name: "linux", arch: "x64" } as const;

/** A drvfs line of /proc/self/mountinfo for a "drive" mounted at `path`. */
function drvfsLine(id: number, path: string, drive: string): string {
  return `${id} 61 0:${id} / ${path.replaceAll(" ", "\\040")} rw,noatime - 9p ${drive}:\\134 rw,aname=drvfs;path=${drive}:\\;uid=1000`;
}

/**
 * A WSL host whose facts are fake and whose file system is this machine's: what exists is asked
 * of the real file system, so bubblewrap can mount over it.
 */
function wslOnThisMachine(
  drives: Readonly<Record<string, string>>,
  links: Readonly<Record<string, string>> = {},
): WslSandboxHost {
  const lines = [
    "61 1 8:1 / / rw,relatime - ext4 /dev/sda1 rw",
    ...Object.entries(drives).map(([drive, path], i) => drvfsLine(80 + i, path, drive)),
    "",
  ];
  const facts = fakeHost({
    files: {
      "/proc/sys/kernel/osrelease": WSL2_RELEASE,
      "/proc/self/mountinfo": lines.join("\n"),
    },
    links,
    env: { WSL_DISTRO_NAME: "Debian" },
  });
  const real = realWslSandboxHost();
  return { ...facts, kind: (path) => real.kind(path) };
}

const ALL_WSL_FORM_CHECKS = [...COMMON, ...LINUX_CHECKS, ...WSL_CHECKS];

describe("createKernelSandbox with an injected WSL host (fake runner)", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());
  const base = (): Record<string, unknown> & {
    workspace: string;
    env: NodeJS.ProcessEnv;
    home: string;
  } => ({
    workspace: fx.workspace,
    env: fx.env,
    home: fx.home,
    probePython: "/usr/bin/python3",
    platform: linux,
    which: (name: string) => (name === "bwrap" ? "/usr/bin/bwrap" : null),
  });
  // Two real directories of this machine play drives C: and D:.
  const host = (): WslSandboxHost => wslOnThisMachine({ C: "/usr/share/doc", D: "/srv" });

  test("the policy gains the WSL parts, the probe runs the WSL checks, the status publishes the form", async () => {
    const calls: WrappedCommand[] = [];
    const sandbox = await createKernelSandbox({
      ...base(),
      mode: "enforce",
      wslHost: host(),
      runner: reportingRunner(ALL_WSL_FORM_CHECKS, calls),
    });
    try {
      const wsl = sandbox.policy?.wsl;
      assert.ok(wsl !== undefined && wsl !== null, "policy.wsl is set");
      const masked = wsl.masks.map((m) => m.path);
      for (const path of ["/run", "/tmp", "/var/tmp", "/usr/share/doc"])
        assert.ok(masked.includes(path), `${path} is masked`);
      assert.ok(
        !wsl.readOnlyRemounts.includes("/tmp") && !wsl.readOnlyRemounts.includes("/var/tmp"),
      );
      assert.ok(wsl.readOnlyRemounts.includes("/usr/share/doc"));
      // The self-test ran with exactly the runtime argv, plus the WSL flag for the probe.
      assert.equal(calls.length, 1);
      const args = calls[0]?.args ?? [];
      const script = args.indexOf("-c");
      assert.equal(
        args[script + 2],
        WSL_PROBE_FLAG,
        "the probe's first argument asks for the WSL checks",
      );
      const runtime = sandbox.wrap(["/bin/true"]);
      const prefix = (list: readonly string[]): string[] => list.slice(0, list.indexOf("--"));
      assert.deepEqual(prefix(args), prefix(runtime.args), "the self-test argv is the runtime's");
      assert.deepEqual(calls[0]?.inherited, runtime.inherited, "and the same seccomp program");
      assert.equal(sandbox.status.state, "enabled");
      for (const check of WSL_CHECKS) assert.equal(sandbox.status.checks?.[check], true, check);
      assert.deepEqual(sandbox.status.wsl?.masked, masked);
      assert.match(sandbox.status.detail, /; WSL form: hidden .*\/usr\/share\/doc/);
      assert.equal(sandbox.status.warning, null);
    } finally {
      sandbox.close();
    }
  });

  for (const mode of ["auto", "enforce"]) {
    test(`a probe without the wsl_ checks is refused under ${mode}: the WSL form never degrades silently`, async () => {
      await assert.rejects(
        createKernelSandbox({
          ...base(),
          mode,
          wslHost: host(),
          runner: reportingRunner([...COMMON, ...LINUX_CHECKS]),
        }),
        (error: unknown) =>
          error instanceof SandboxUnavailableError &&
          error.message.includes(
            "failed checks: wsl_private_pid, wsl_interop_hidden, wsl_vsock_denied",
          ),
      );
    });
  }

  test("a workspace that contains a hidden WSL path is a configuration error, and nothing runs", async () => {
    const calls: WrappedCommand[] = [];
    // The fixture's workspace plays the automount root: a "drive" is mounted inside it.
    const drive = join(fx.workspace, "c");
    await assert.rejects(
      createKernelSandbox({
        ...base(),
        mode: "enforce",
        wslHost: wslOnThisMachine({ C: drive }),
        runner: reportingRunner(ALL_WSL_FORM_CHECKS, calls),
      }),
      (error: unknown) =>
        error instanceof SandboxConfigurationError &&
        error.message.includes(drive) &&
        error.message.includes("WSL form"),
    );
    assert.equal(calls.length, 0);
  });

  test("a workspace on a Windows drive holding a file hardlinked from outside is refused before anything runs", async () => {
    const calls: WrappedCommand[] = [];
    // The fixture's root plays drive C:, so the workspace lies on it.
    const outside = join(fx.root, "outside-secret.txt");
    writeFileSync(outside, "not for the Cell\n");
    linkSync(outside, join(fx.workspace, "innocent.txt"));
    for (const mode of ["auto", "enforce"]) {
      await assert.rejects(
        createKernelSandbox({
          ...base(),
          mode,
          wslHost: wslOnThisMachine({ C: fx.root }),
          runner: reportingRunner(ALL_WSL_FORM_CHECKS, calls),
        }),
        (error: unknown) =>
          error instanceof SandboxUnavailableError &&
          error.message.includes(fx.root) &&
          error.message.includes("Windows drive"),
      );
    }
    assert.equal(calls.length, 0, "no self-test ran");
  });

  test("a workspace on a Windows drive passes the inventory when clean, and a hardlink planted later stops the next command", async () => {
    const calls: WrappedCommand[] = [];
    const sandbox = await createKernelSandbox({
      ...base(),
      mode: "enforce",
      wslHost: wslOnThisMachine({ C: fx.root }),
      runner: reportingRunner(ALL_WSL_FORM_CHECKS, calls),
    });
    try {
      assert.equal(sandbox.status.state, "enabled");
      assert.equal(calls.length, 1, "the self-test ran once");
      assert.ok(sandbox.wrap(["/bin/true"]).args.length > 0);
      const outside = join(fx.root, "planted-later.txt");
      writeFileSync(outside, "not for the Cell\n");
      linkSync(outside, join(fx.workspace, "planted.txt"));
      assert.throws(
        () => sandbox.wrap(["/bin/true"]),
        (error: unknown) =>
          error instanceof SandboxUnavailableError && error.message.includes("Windows drive"),
      );
    } finally {
      sandbox.close();
    }
  });

  test("a workspace on a Windows drive that holds a .git is refused: a drive reaches it by other names", async () => {
    const calls: WrappedCommand[] = [];
    mkdirSync(join(fx.workspace, ".git"));
    await assert.rejects(
      createKernelSandbox({
        ...base(),
        mode: "enforce",
        wslHost: wslOnThisMachine({ C: fx.root }),
        runner: reportingRunner(ALL_WSL_FORM_CHECKS, calls),
      }),
      (error: unknown) =>
        error instanceof SandboxConfigurationError &&
        error.message.includes(join(fx.workspace, ".git")) &&
        error.message.includes("other names"),
    );
    assert.equal(calls.length, 0, "no self-test ran");
  });

  for (const mode of ["auto", "enforce"]) {
    test(`an unknown architecture on WSL starts nothing under ${mode} and says why`, async () => {
      const calls: WrappedCommand[] = [];
      const warnings: string[] = [];
      const attempt = createKernelSandbox({
        ...base(),
        mode,
        platform: { ...linux, arch: "riscv64" },
        wslHost: host(),
        runner: reportingRunner(ALL_WSL_FORM_CHECKS, calls),
        onWarning: (message: string) => warnings.push(message),
      });
      if (mode === "enforce") {
        await assert.rejects(
          attempt,
          (error: unknown) =>
            error instanceof SandboxUnavailableError && error.message.includes('"riscv64"'),
        );
      } else {
        const sandbox = await attempt;
        assert.equal(sandbox.status.state, "unavailable");
        assert.equal(sandbox.status.enforced, false);
        assert.equal(sandbox.status.wsl ?? null, null, "no WSL form is claimed");
        assert.equal(warnings.length, 1);
        assert.match(warnings[0] ?? "", /SECURITY WARNING.*"riscv64"/);
      }
      assert.equal(calls.length, 0, "no self-test ran");
    });
  }

  test("off WSL the same options give no WSL parts, no WSL flag and no wsl_ checks", async () => {
    const calls: WrappedCommand[] = [];
    const sandbox = await createKernelSandbox({
      ...base(),
      mode: "enforce",
      wslHost: fakeHost({
        files: { "/proc/sys/kernel/osrelease": "6.1.0-18-amd64\n" },
        kinds: { "/run": "directory", "/tmp": "directory" },
      }),
      runner: reportingRunner([...COMMON, ...LINUX_CHECKS], calls),
    });
    try {
      assert.equal(sandbox.policy?.wsl, null);
      assert.equal(sandbox.status.wsl ?? null, null);
      assert.ok(!(calls[0]?.args ?? []).includes(WSL_PROBE_FLAG));
      assert.doesNotMatch(sandbox.status.detail, /WSL form/);
    } finally {
      sandbox.close();
    }
  });
});

// ---- real bubblewrap

const skip = sandboxSkipReason();

/** A readable regular file directly in `dir` or one level below, or null. */
function someReadableFile(dir: string): string | null {
  const visit = (at: string, depth: number): string | null => {
    let names: string[];
    try {
      names = readdirSync(at).sort();
    } catch {
      return null;
    }
    for (const name of names) {
      const path = join(at, name);
      try {
        const st = lstatSync(path);
        if (st.isFile()) {
          readFileSync(path);
          return path;
        }
        if (st.isDirectory() && depth > 0) {
          const found = visit(path, depth - 1);
          if (found !== null) return found;
        }
      } catch {
        // unreadable: try the next
      }
    }
    return null;
  };
  return visit(dir, 1);
}

const PROBE = String.raw`
import ctypes, json, os, socket, sys
drive_file, resolver, host_tmp_canary = sys.argv[1:4]
out = {}

def errno_of(fn):
    try:
        fn()
        return 0
    except OSError as e:
        return e.errno

def write(path):
    with open(path, "w") as f:
        f.write("x")
    os.unlink(path)

out["pid"] = [os.getpid(), os.getppid()]
out["drive_listing"] = sorted(os.listdir("/usr/share/doc"))
out["drive_file_read"] = errno_of(lambda: open(drive_file).read())
out["drive_write"] = errno_of(lambda: write("/usr/share/doc/cellguard-probe"))
out["run_listing"] = sorted(os.listdir("/run"))
out["run_write"] = errno_of(lambda: write("/run/cellguard-probe"))
out["resolver"] = open(resolver).read() if resolver else None
out["tmp_write"] = errno_of(lambda: write("/tmp/cellguard-probe"))
out["var_tmp_write"] = errno_of(lambda: write("/var/tmp/cellguard-probe"))
out["host_tmp_canary_visible"] = os.path.lexists(host_tmp_canary)

def vsock():
    socket.socket(40, socket.SOCK_STREAM).close()
out["af_vsock"] = errno_of(vsock)

libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
ctypes.set_errno(0)
r = libc.syscall(ctypes.c_long(425), ctypes.c_long(1), ctypes.c_long(0))
out["io_uring_setup"] = [r, ctypes.get_errno()]

def tcp_round_trip():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    client.connect(server.getsockname())
    peer, _ = server.accept()
    client.sendall(b"ping")
    got = peer.recv(4)
    for s in (peer, client, server):
        s.close()
    if got != b"ping":
        raise OSError(-1, "no echo")
out["tcp"] = errno_of(tcp_round_trip)
print(json.dumps(out))
`;

interface WslProbeReport {
  readonly pid: [number, number];
  readonly drive_listing: string[];
  readonly drive_file_read: number;
  readonly drive_write: number;
  readonly run_listing: string[];
  readonly run_write: number;
  readonly resolver: string | null;
  readonly tmp_write: number;
  readonly var_tmp_write: number;
  readonly host_tmp_canary_visible: boolean;
  readonly af_vsock: number;
  readonly io_uring_setup: [number, number];
  readonly tcp: number;
}

async function runInside(
  command: WrappedCommand,
  cwd: string,
  env: Record<string, string>,
): Promise<WslProbeReport> {
  const result = await runWrapped(command, {
    cwd,
    env,
    timeoutMs: 20_000,
    maxOutputBytes: 1 << 20,
  });
  assert.equal(result.exitCode, 0, `the probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as WslProbeReport;
}

describe("the WSL form on real bubblewrap (fake WSL host facts)", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  test(
    "the self-test passes with the wsl_ checks, and a Cell sees the drives, /run and the shared temps masked while TCP works",
    { skip, timeout: 60_000 },
    async () => {
      const python = systemPython ?? "/usr/bin/python3";
      const driveFile = someReadableFile("/usr/share/doc");
      assert.ok(driveFile !== null, "this machine has a readable file under /usr/share/doc");
      const resolverTarget = someReadableFile("/run");
      const canary = mkdtempSync(join(tmpdir(), "cellguard-wsl-host-tmp-"));
      writeFileSync(join(canary, "canary"), fx.canary);
      try {
        const sandbox = await createKernelSandbox({
          workspace: fx.workspace,
          env: fx.env,
          home: fx.home,
          mode: "enforce",
          probePython: python,
          wslHost: wslOnThisMachine(
            { C: "/usr/share/doc", D: "/srv" },
            resolverTarget === null ? {} : { "/etc/resolv.conf": resolverTarget },
          ),
        });
        try {
          assert.equal(sandbox.status.state, "enabled", sandbox.status.detail);
          for (const check of WSL_CHECKS) assert.equal(sandbox.status.checks?.[check], true, check);
          assert.deepEqual(
            sandbox.policy?.wsl?.resolverBinds,
            resolverTarget === null ? [] : [resolverTarget],
          );
          const report = await runInside(
            sandbox.wrap([
              python,
              "-I",
              "-S",
              "-c",
              PROBE,
              driveFile,
              resolverTarget ?? "",
              join(canary, "canary"),
            ]),
            fx.workspace,
            sandbox.applyEnvironment({ PATH: DEFAULT_PATH, LANG: "C.UTF-8" }),
          );
          assert.deepEqual(report.pid, [2, 1], "private PID namespace: pid 2, parent 1");
          assert.deepEqual(report.drive_listing, [], "the drive's mount point is empty");
          assert.notEqual(report.drive_file_read, 0, "a file on the drive cannot be read");
          assert.equal(report.drive_write, EROFS, "the masked drive is read-only");
          assert.equal(report.run_write, EROFS, "/run is read-only");
          if (resolverTarget === null) {
            assert.deepEqual(report.run_listing, [], "/run is empty");
          } else {
            // Only the path down to the rebound resolver file exists in /run.
            const first = resolverTarget.slice("/run/".length).split("/")[0];
            assert.deepEqual(report.run_listing, [first]);
            assert.equal(report.resolver, readFileSync(resolverTarget, "utf8"));
          }
          assert.equal(report.tmp_write, 0, "/tmp stays writable");
          assert.equal(report.var_tmp_write, 0, "/var/tmp stays writable");
          assert.equal(report.host_tmp_canary_visible, false, "the host's /tmp is not visible");
          assert.equal(report.af_vsock, EPERM, "socket(AF_VSOCK) gets EPERM");
          assert.deepEqual(report.io_uring_setup, [-1, EPERM], "io_uring_setup gets EPERM");
          assert.equal(report.tcp, 0, "an ordinary TCP socket opens and carries data");
        } finally {
          sandbox.close();
        }
      } finally {
        rmSync(canary, { recursive: true, force: true });
      }
    },
  );
});

const SOCKET_PROBE = String.raw`
import ctypes, json, socket
def errno_of(fn):
    try:
        fn()
        return 0
    except OSError as e:
        return e.errno
def make(family, kind=socket.SOCK_STREAM):
    socket.socket(family, kind).close()
def tcp():
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    client = socket.create_connection(server.getsockname())
    peer, _ = server.accept()
    client.sendall(b"ping")
    assert peer.recv(4) == b"ping"
    for s in (peer, client, server):
        s.close()
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
ctypes.set_errno(0)
r = libc.syscall(ctypes.c_long(425), ctypes.c_long(1), ctypes.c_long(0))
with open("/proc/self/status") as f:
    seccomp = [l.split()[1] for l in f if l.startswith("Seccomp:")]
print(json.dumps({
    "af_vsock": errno_of(lambda: make(40)),
    "af_inet_stream": errno_of(lambda: make(socket.AF_INET)),
    "af_unix": errno_of(lambda: make(socket.AF_UNIX)),
    "tcp": errno_of(tcp),
    "io_uring_setup": [r, ctypes.get_errno()],
    "seccomp": seccomp,
}))
`;

interface SocketReport {
  readonly af_vsock: number;
  readonly af_inet_stream: number;
  readonly af_unix: number;
  readonly tcp: number;
  readonly io_uring_setup: [number, number];
  readonly seccomp: string[];
}

async function socketProbe(filter: Uint8Array | null): Promise<SocketReport> {
  const python = systemPython ?? "/usr/bin/python3";
  const command: WrappedCommand = {
    file: bwrapPath ?? "bwrap",
    args: [
      "--die-with-parent",
      "--unshare-pid",
      "--unshare-net",
      "--ro-bind",
      "/",
      "/",
      "--dev",
      "/dev",
      "--proc",
      "/proc",
      ...(isRoot ? ["--cap-drop", "ALL"] : []),
      ...(filter === null ? [] : ["--seccomp", "3"]),
      "--",
      python,
      "-I",
      "-S",
      "-c",
      SOCKET_PROBE,
    ],
    inherited: filter === null ? [] : [{ fd: 3, data: filter }],
  };
  const result = await runWrapped(command, {
    cwd: "/",
    env: { PATH: DEFAULT_PATH, LANG: "C.UTF-8" },
    timeoutMs: 20_000,
    maxOutputBytes: 1 << 20,
  });
  assert.equal(result.exitCode, 0, `the probe failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as SocketReport;
}

function ioUringDisabledBySysctl(): boolean {
  try {
    return readFileSync("/proc/sys/kernel/io_uring_disabled", "utf8").trim() !== "0";
  } catch {
    return false;
  }
}

describe("the standalone WSL socket filter loaded by real bubblewrap (--seccomp on fd 3)", () => {
  const archSkip =
    process.arch === "x64" || process.arch === "arm64"
      ? false
      : needs(`no seccomp program for ${process.arch}`);
  const loadSkip = skip !== false ? skip : archSkip;

  test(
    "socket(AF_VSOCK) and io_uring_setup get EPERM; TCP and (this filter only) AF_UNIX still work",
    { skip: loadSkip },
    async () => {
      const report = await socketProbe(renderWslSocketFilter(process.arch));
      assert.deepEqual(report.seccomp, ["2"], "a filter is loaded");
      assert.equal(report.af_vsock, EPERM);
      assert.deepEqual(report.io_uring_setup, [-1, EPERM]);
      assert.equal(report.af_inet_stream, 0);
      assert.equal(report.tcp, 0, "a loopback TCP round trip");
      assert.equal(report.af_unix, 0, "the standalone filter leaves AF_UNIX to the kernel program");
    },
  );

  test(
    "control: without the filter, io_uring_setup and AF_VSOCK are not refused with EPERM",
    {
      skip:
        loadSkip !== false
          ? loadSkip
          : /^Seccomp:\s*[12]\s*$/m.test(readFileSync("/proc/self/status", "utf8"))
            ? "this test process already runs under a seccomp filter (container?)"
            : ioUringDisabledBySysctl()
              ? "kernel.io_uring_disabled is set: the kernel itself answers EPERM"
              : false,
    },
    async () => {
      const report = await socketProbe(null);
      assert.deepEqual(report.seccomp, ["0"]);
      assert.notEqual(report.io_uring_setup[1], EPERM);
      assert.notEqual(report.af_vsock, EPERM);
      assert.equal(report.tcp, 0);
    },
  );
});

/** bubblewrap options for a root file system that is an empty tmpfs with the system bound in. */
function systemOnTmpfsRoot(): string[] {
  const args = ["--tmpfs", "/", "--ro-bind", "/usr", "/usr", "--ro-bind", "/etc", "/etc"];
  for (const top of ["/bin", "/sbin", "/lib", "/lib64", "/lib32"]) {
    try {
      const st = lstatSync(top);
      if (st.isSymbolicLink()) args.push("--symlink", readlinkSync(top), top);
      else if (st.isDirectory()) args.push("--ro-bind", top, top);
    } catch {
      // not on this system
    }
  }
  return args;
}

describe("the wsl_ self-test checks can fail", () => {
  // What the WSL form hides, put back one at a time: an executable interop loader, its runtime dir.
  const exposures: readonly (readonly string[])[] = [
    ["--ro-bind", "/usr/bin/true", "/init"],
    ["--dir", "/run/WSL"],
  ];
  for (const exposure of exposures) {
    test(
      `without the WSL form's boundary (host PID namespace, no filter, ${exposure.at(-1) ?? ""} present) each wsl_ check is false`,
      { skip },
      async () => {
        const python = systemPython ?? "/usr/bin/python3";
        const dir = mkdtempSync(join(tmpdir(), "cellguard-wsl-probe-"));
        try {
          const command: WrappedCommand = {
            file: bwrapPath ?? "bwrap",
            args: [
              "--die-with-parent",
              ...systemOnTmpfsRoot(),
              "--dev",
              "/dev",
              "--proc",
              "/proc",
              "--bind",
              dir,
              dir,
              ...exposure,
              ...(isRoot ? ["--cap-drop", "ALL"] : []),
              "--",
              python,
              "-I",
              "-S",
              "-c",
              PROBE_SCRIPT,
              WSL_PROBE_FLAG,
              join(dir, "w"),
              join(dir, "t"),
              join(dir, "outside"),
              "1",
              "0",
              String(process.pid),
              "",
            ],
            inherited: [],
          };
          const result = await runWrapped(command, {
            cwd: "/",
            env: { PATH: DEFAULT_PATH, LANG: "C.UTF-8" },
            timeoutMs: 20_000,
            maxOutputBytes: 1 << 20,
          });
          assert.equal(result.exitCode, 23, `the probe reports failure: ${result.stderr}`);
          const { checks } = JSON.parse(result.stdout) as { checks: Record<string, boolean> };
          for (const check of WSL_CHECKS) assert.equal(checks[check], false, check);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  }
});
