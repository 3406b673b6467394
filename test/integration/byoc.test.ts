// The provider helper's boundary. First its decisions, driven with injected host facts so every
// platform and failure path runs on any host; then the real thing on bubblewrap: the home is
// another mount, /run is empty but for the resolver, the network is shared, only the stage and
// the private temp take writes, and the helper's own check exits 71 when the boundary is missing.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { homedir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { beforeEach, describe, test } from "node:test";
import {
  createHelperBoundary,
  resetSelfTestCache,
  type ConfinedCommand,
  type HelperBoundaryOptions,
} from "../../src/byoc/confinement.js";
import {
  EXIT_NOT_CONFINED,
  EXPECT_CONFINED_VARIABLE,
  HOST_ANCHORS_VARIABLE,
} from "../../src/byoc/assert-confined.js";
import { SandboxConfigurationError, SandboxUnavailableError } from "../../src/errors.js";
import {
  runWrapped,
  spawnWrapped,
  type RunResult,
  type WrappedCommand,
} from "../../src/platform/launch.js";
import type { SelfTestRunner } from "../../src/sandbox/self-test.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { repoRoot } from "../helpers/paths.js";

const linux = { os: "linux", name: "linux", arch: "x64" } as const;
const darwin = { os: "darwin", name: "darwin", arch: "arm64" } as const;
const fakeWhich = (name: string): string => `/usr/bin/${name}`;

const result = (fields: Partial<RunResult>): RunResult => ({
  exitCode: 0,
  signal: null,
  stdout: "",
  stderr: "",
  timedOut: false,
  ...fields,
});

/** A runner that records every command and answers from `respond`, never starting anything. */
function fakeRunner(respond: (command: WrappedCommand) => RunResult): {
  runner: SelfTestRunner;
  calls: WrappedCommand[];
} {
  const calls: WrappedCommand[] = [];
  const runner: SelfTestRunner = (command) => {
    calls.push(command);
    return Promise.resolve(respond(command));
  };
  return { runner, calls };
}

/** The Linux probe's report, with identities chosen by `idOf` for each target it was given. */
function linuxReport(command: WrappedCommand, idOf: (target: string) => string): RunResult {
  const inner = command.args.slice(command.args.indexOf("--") + 1);
  // /bin/sh -c SCRIPT $0 stat stage temp outside targets…
  const targets = inner.slice(8);
  const ids = targets.map((t) => `id ${idOf(t)}`);
  return result({
    stdout: [
      "seccomp 2",
      "stage_write 1",
      "temp_write 1",
      "outside_write 0",
      ...ids,
      "end",
      "",
    ].join("\n"),
  });
}

const holdingRunner = (): ReturnType<typeof fakeRunner> =>
  fakeRunner((command) => linuxReport(command, () => "999999:1"));

const HELPER = ["/usr/bin/node", "/opt/helper/main.js"];

describe("helper boundary decisions (injected host facts)", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  const base = (over: Partial<HelperBoundaryOptions> = {}): HelperBoundaryOptions => ({
    home: fx.home,
    env: { PATH: "/usr/bin:/bin" },
    platform: linux,
    which: fakeWhich,
    onWarning: () => undefined,
    ...over,
  });

  test("an unknown mode is an error naming the variable, before anything runs", () => {
    const { runner, calls } = holdingRunner();
    assert.throws(
      () =>
        createHelperBoundary(base({ runner, env: { CELLGUARD_COMPUTE_CONFINEMENT: "strict" } })),
      (error: unknown) =>
        error instanceof SandboxConfigurationError &&
        error.message.startsWith("CELLGUARD_COMPUTE_CONFINEMENT must be one of auto, enforce, off"),
    );
    assert.throws(
      () => createHelperBoundary(base({ runner, mode: "on" })),
      (error: unknown) =>
        error instanceof SandboxConfigurationError && /^mode must be one of/.test(error.message),
    );
    assert.equal(calls.length, 0);
  });

  test("bad input is refused with a clear error and nothing starts", async () => {
    const { runner, calls } = holdingRunner();
    const boundary = createHelperBoundary(base({ runner, mode: "enforce" }));
    const stage = fx.workspace;
    const config = (pattern: RegExp) => (error: unknown) =>
      error instanceof SandboxConfigurationError && pattern.test(error.message);
    await assert.rejects(
      boundary.wrap(HELPER, join(fx.root, "missing")),
      config(/stage must be an existing directory/),
    );
    await assert.rejects(boundary.wrap(HELPER, `${stage}\0x`), config(/stage contains a NUL/));
    await assert.rejects(
      boundary.wrap(HELPER, stage, { readPaths: ["/usr\0/lib"] }),
      config(/read path contains a NUL/),
    );
    await assert.rejects(
      boundary.wrap(HELPER, stage, { readPaths: ["usr/lib"] }),
      config(/read path must be an absolute path/),
    );
    await assert.rejects(
      boundary.wrap(["node", "main.js"], stage),
      config(/helper program must be an absolute path/),
    );
    await assert.rejects(boundary.wrap(["/usr/bin/node", "a\0b"], stage), TypeError);
    await assert.rejects(boundary.wrap([], stage), TypeError);
    await assert.rejects(
      boundary.wrap(HELPER, stage, { readPaths: [fx.root] }),
      config(/read path must not be, or contain, a home/),
    );
    assert.throws(
      () => createHelperBoundary(base({ runner, home: `${fx.home}\0` })),
      config(/home contains a NUL/),
    );
    assert.equal(calls.length, 0, "no probe and no helper was started");
  });

  test("the helper's environment is an allowlist of the caller's: no credential, token or proxy crosses", async () => {
    const { runner } = holdingRunner();
    const env = {
      PATH: "/usr/bin:/bin",
      LANG: "C.UTF-8",
      OPENAI_API_KEY: "sk-canary",
      NGC_API_KEY: "ngc-canary",
      HF_TOKEN: "hf-canary",
      HTTPS_PROXY: "http://user:pass@proxy:3128",
      SSH_AUTH_SOCK: "/tmp/ssh-agent.sock",
      LD_PRELOAD: "/tmp/evil.so",
    };
    for (const mode of ["off", "auto"]) {
      const command = await createHelperBoundary(
        base({ runner, env, mode, which: () => null }),
      ).wrap(HELPER, fx.workspace);
      const text = JSON.stringify(command.env);
      for (const leaked of ["canary", "pass@proxy", "ssh-agent", "evil.so"]) {
        assert.ok(!text.includes(leaked), `${mode}: ${leaked} reached the helper's environment`);
      }
      assert.equal(command.env["LANG"], "C.UTF-8");
      assert.equal(command.env["PATH"], "/usr/bin:/bin");
    }
  });

  test("auto without bubblewrap runs unconfined, with a visible warning shown once", async () => {
    const warnings: string[] = [];
    const { runner, calls } = holdingRunner();
    const boundary = createHelperBoundary(
      base({ runner, which: () => null, onWarning: (m) => warnings.push(m) }),
    );
    for (let i = 0; i < 2; i++) {
      const command = await boundary.wrap(HELPER, fx.workspace);
      assert.equal(command.confined, false);
      assert.equal(command.file, HELPER[0]);
      assert.deepEqual(command.args, HELPER.slice(1));
      assert.equal(command.env[EXPECT_CONFINED_VARIABLE], "0");
    }
    assert.equal(warnings.length, 1);
    assert.match(warnings[0] ?? "", /^CELLGUARD SECURITY WARNING: .*bwrap is not on PATH/);
    const posture = await boundary.posture();
    assert.equal(posture.state, "unavailable");
    assert.equal(posture.enforced, false);
    assert.equal(posture.networkIsolated, false);
    assert.match(posture.warning ?? "", /^CELLGUARD SECURITY WARNING/);
    assert.equal(calls.length, 0);
  });

  test("enforce without bubblewrap refuses with SandboxUnavailableError", async () => {
    const boundary = createHelperBoundary(base({ mode: "enforce", which: () => null }));
    await assert.rejects(
      boundary.wrap(HELPER, fx.workspace),
      (error: unknown) =>
        error instanceof SandboxUnavailableError &&
        /CELLGUARD_COMPUTE_CONFINEMENT=enforce/.test(error.message) &&
        /bwrap is not on PATH/.test(error.message),
    );
    const posture = await boundary.posture();
    assert.equal(posture.warning, null);
    assert.match(posture.detail, /Under enforce it does not run/);
  });

  test("off runs unconfined and measures nothing", async () => {
    const { runner, calls } = holdingRunner();
    const boundary = createHelperBoundary(base({ runner, mode: "off" }));
    const command = await boundary.wrap(HELPER, fx.workspace);
    assert.equal(command.confined, false);
    const posture = await boundary.posture();
    assert.equal(posture.state, "disabled");
    assert.match(posture.detail, /CELLGUARD_COMPUTE_CONFINEMENT=off/);
    assert.equal(calls.length, 0);
  });

  test("an unsupported platform has no backend", async () => {
    const boundary = createHelperBoundary(
      base({ platform: { os: "other", name: "win32", arch: "x64" } }),
    );
    const verdict = await boundary.available();
    assert.equal(verdict.kind, "host_cannot");
    assert.match(verdict.detail, /no confinement backend for platform 'win32'/);
  });

  test("namespaces refused by policy, confirmed by a minimal invocation: auto degrades", async () => {
    const { runner, calls } = fakeRunner(() =>
      result({ exitCode: 1, stderr: "bwrap: No permissions to creating new namespace\n" }),
    );
    const boundary = createHelperBoundary(base({ runner }));
    const verdict = await boundary.available();
    assert.equal(verdict.kind, "host_cannot");
    assert.equal(calls.length, 2, "the probe, then the minimal invocation");
    assert.deepEqual(calls[1]?.args, ["--unshare-pid", "--ro-bind", "/", "/", "--", "/bin/true"]);
    assert.equal((await boundary.wrap(HELPER, fx.workspace)).confined, false);
    await boundary.available();
    assert.equal(calls.length, 6, "a probed 'host cannot' is not cached: measured again");
  });

  test("ENOSPC (a full max_user_namespaces, which any process can cause) is a failure, not 'host cannot'", async () => {
    const { runner, calls } = fakeRunner(() =>
      result({
        exitCode: 1,
        stderr: "bwrap: Creating new namespace failed: No space left on device\n",
      }),
    );
    const boundary = createHelperBoundary(base({ runner }));
    const verdict = await boundary.available();
    assert.equal(verdict.kind, "failed", verdict.detail);
    assert.equal(calls.length, 1, "no minimal invocation can turn it into 'host cannot'");
    await assert.rejects(boundary.wrap(HELPER, fx.workspace), SandboxUnavailableError);
    await boundary.available();
    assert.equal(calls.length, 3, "measured again: nothing is cached");
  });

  test("the probe must see a loaded seccomp filter", async () => {
    const { runner } = fakeRunner((command) => {
      const report = linuxReport(command, () => "999999:1");
      return { ...report, stdout: report.stdout.replace("seccomp 2", "seccomp 0") };
    });
    const verdict = await createHelperBoundary(base({ runner })).available();
    assert.equal(verdict.kind, "failed");
    assert.match(verdict.detail, /does not hold here: seccomp_filtered/);
  });

  test("stage and read paths over /proc, /sys, /dev, /run, a credential store or / are refused", async () => {
    const { runner, calls } = holdingRunner();
    const boundary = createHelperBoundary(base({ runner, mode: "enforce" }));
    const ssh = join(fx.home, ".ssh");
    mkdirSync(ssh, { recursive: true });
    const refusedWith = (pattern: RegExp) => (error: unknown) =>
      error instanceof SandboxConfigurationError && pattern.test(error.message);
    for (const path of ["/proc", "/sys", "/dev", "/run"]) {
      if (!existsSync(path)) continue;
      const pattern = new RegExp(`must not overlap \\${path}`);
      await assert.rejects(boundary.wrap(HELPER, path), refusedWith(pattern));
      await assert.rejects(
        boundary.wrap(HELPER, fx.workspace, { readPaths: [path] }),
        refusedWith(pattern),
      );
    }
    await assert.rejects(
      boundary.wrap(HELPER, fx.workspace, { readPaths: ["/proc/self"] }),
      refusedWith(/must not overlap \/proc/),
    );
    await assert.rejects(boundary.wrap(HELPER, ssh), refusedWith(/credential store/));
    await assert.rejects(
      boundary.wrap(HELPER, fx.workspace, { readPaths: [ssh] }),
      refusedWith(/credential store/),
    );
    await assert.rejects(boundary.wrap(HELPER, "/"), refusedWith(/stage must not be \//));
    await assert.rejects(
      boundary.wrap(HELPER, fx.workspace, { readPaths: ["/"] }),
      refusedWith(/read path must not be \//),
    );
    assert.equal(calls.length, 0, "nothing was started");
  });

  test("exhaustion is not 'this host cannot': the run is refused under auto too", async () => {
    const { runner } = fakeRunner(() =>
      result({ exitCode: 1, stderr: "bwrap: clone: Resource temporarily unavailable\n" }),
    );
    const boundary = createHelperBoundary(base({ runner }));
    const verdict = await boundary.available();
    assert.equal(verdict.kind, "failed");
    assert.match(verdict.detail, /did not establish a filesystem boundary/);
    await assert.rejects(boundary.wrap(HELPER, fx.workspace), SandboxUnavailableError);
  });

  test("a boundary that starts but does not hold is refused under auto too", async () => {
    // The probe sees the host's own identities: the home, the canary and the PID namespace.
    const { runner } = fakeRunner((command) =>
      linuxReport(command, (target) => hostIdentity(target) ?? "none"),
    );
    const boundary = createHelperBoundary(base({ runner }));
    const verdict = await boundary.available();
    assert.equal(verdict.kind, "failed");
    assert.match(verdict.detail, /does not hold here: .*home_hidden/);
    assert.match(verdict.detail, /private_pid/);
    await assert.rejects(boundary.wrap(HELPER, fx.workspace), SandboxUnavailableError);
    assert.equal((await boundary.posture()).state, "unavailable");
  });

  test("a hang gives a failure, not a wait", async () => {
    const { runner } = fakeRunner(() =>
      result({ exitCode: null, signal: "SIGKILL", timedOut: true }),
    );
    const verdict = await createHelperBoundary(base({ runner })).available();
    assert.equal(verdict.kind, "failed");
    assert.match(verdict.detail, /did not answer its boundary self-test within 30s/);
  });

  test("the verdict is cached; force and resetSelfTestCache() measure again; failures are not kept", async () => {
    const { runner, calls } = holdingRunner();
    const boundary = createHelperBoundary(base({ runner }));
    assert.equal((await boundary.available()).ok, true);
    assert.equal((await boundary.available()).ok, true);
    assert.equal((await boundary.posture("enforce")).state, "active");
    assert.equal(calls.length, 1);
    await boundary.selfTest({ force: true });
    assert.equal(calls.length, 2);
    resetSelfTestCache();
    await boundary.available();
    assert.equal(calls.length, 3);

    const failing = fakeRunner(() => result({ exitCode: 1, stderr: "bwrap: something odd\n" }));
    const broken = createHelperBoundary(base({ runner: failing.runner }));
    await broken.available();
    await broken.available();
    assert.equal(failing.calls.length, 2, "a failed verdict is measured again");
  });

  test("a holding Linux boundary wraps with the measured bubblewrap and passes anchors", async () => {
    const { runner } = holdingRunner();
    const boundary = createHelperBoundary(base({ runner, mode: "enforce" }));
    const command = await boundary.wrap(HELPER, fx.workspace, { readPaths: ["/usr/lib"] });
    try {
      assert.equal(command.confined, true);
      assert.equal(command.file, "/usr/bin/bwrap");
      assert.ok(!command.args.includes("--unshare-net"));
      assert.deepEqual(command.args.slice(command.args.indexOf("--") + 1), HELPER);
      assert.equal(command.env[EXPECT_CONFINED_VARIABLE], "1");
      assert.equal(command.env["TMPDIR"], command.tempDir);
      const anchors = JSON.parse(command.env[HOST_ANCHORS_VARIABLE] ?? "{}") as {
        homes: { path: string }[];
      };
      // The option adds a home; $HOME and the account's home stay hidden as well.
      const expected = [fx.home, homedir(), userInfo().homedir]
        .map((h) => (existsSync(h) ? realpathSync(h) : null))
        .filter((h): h is string => h !== null && h !== "/" && statSync(h).isDirectory());
      assert.deepEqual(
        anchors.homes.map((h) => h.path),
        [...new Set(expected)],
      );
      assert.deepEqual(
        command.inherited.map((i) => i.fd),
        [3],
        "the seccomp program on fd 3",
      );
      assert.ok(command.inherited[0] !== undefined && command.inherited[0].data.length > 0);
      assert.equal(command.args[command.args.indexOf("--seccomp") + 1], "3");
      assert.ok(command.args.includes("--new-session"));
      assert.ok(command.tempDir !== null && existsSync(command.tempDir));
    } finally {
      command.dispose();
    }
    assert.ok(command.tempDir !== null && !existsSync(command.tempDir), "dispose() removes it");
  });

  test("macOS: the probe runs the interpreter under the profile, and its exit codes are named", async () => {
    const interpreter = process.execPath;
    const answers: RunResult[] = [
      result({ exitCode: 81 }),
      result({
        exitCode: 1,
        stderr: "sandbox-exec: execvp() of 'node' failed: Operation not permitted",
      }),
      result({ exitCode: 0 }),
    ];
    const { runner, calls } = fakeRunner(() => answers.shift() ?? result({ exitCode: 0 }));
    const boundary = createHelperBoundary(base({ runner, platform: darwin, interpreter }));
    const listed = await boundary.available();
    assert.equal(listed.kind, "failed");
    assert.match(listed.detail, /macOS Seatbelt ran, but .*a home directory can be listed/);
    const execvp = await boundary.available();
    assert.match(execvp.detail, /denies the interpreter itself \(.*node\)/);
    const holds = await boundary.available();
    assert.equal(holds.detail, "macOS Seatbelt");
    const probe = calls[0];
    assert.equal(probe?.file, "/usr/bin/sandbox-exec");
    assert.equal(probe?.args[0], "-p");
    assert.match(probe?.args[1] ?? "", /\(deny file-read\* \(subpath ".*home"\)\)/);
    assert.equal(probe?.args[2], interpreter, "the interpreter, not a shell");
    const command = await boundary.wrap(HELPER, fx.workspace);
    try {
      assert.equal(command.file, "/usr/bin/sandbox-exec");
      assert.deepEqual(command.args.slice(2), HELPER);
      assert.match(command.args[1] ?? "", /^\(version 1\)\n\(allow default\)\n/);
    } finally {
      command.dispose();
    }
  });
});

/** `<st_dev>:<st_ino>` as the host sees it, or null. */
function hostIdentity(path: string): string | null {
  try {
    const st = statSync(path, { bigint: true });
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}

// ---- the real boundary

const skip = sandboxSkipReason();

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a wrapped command to its end, with an optional stdin that is written then kept open. */
function run(
  command: WrappedCommand,
  options: { cwd: string; env: Record<string, string>; input?: string; closeStdin?: boolean },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawnWrapped(command, { cwd: options.cwd, env: options.env, stdin: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin?.on("error", () => undefined);
    if (options.input !== undefined) child.stdin?.write(options.input);
    if (options.closeStdin !== false) child.stdin?.end();
  });
}

describe("the helper boundary on real bubblewrap", { skip }, () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  const boundary = (): ReturnType<typeof createHelperBoundary> =>
    createHelperBoundary({ home: fx.home, mode: "enforce", onWarning: () => undefined });
  const envFor = (command: ConfinedCommand): Record<string, string> => ({
    PATH: "/usr/bin:/bin",
    HOME: fx.home,
    LANG: "C.UTF-8",
    ...command.env,
  });
  const sh = async (
    script: string,
    args: readonly string[],
    readPaths: readonly string[] = [],
  ): Promise<Run & { command: ConfinedCommand }> => {
    const command = await boundary().wrap(["/bin/sh", "-c", script, "sh", ...args], fx.workspace, {
      readPaths,
    });
    try {
      assert.equal(command.confined, true);
      return { ...(await run(command, { cwd: fx.workspace, env: envFor(command) })), command };
    } finally {
      command.dispose();
    }
  };

  test("selfTest() measures a holding boundary; posture() says the network is not isolated", async () => {
    const b = boundary();
    const verdict = await b.selfTest();
    assert.equal(verdict.ok, true, verdict.detail);
    assert.equal(verdict.detail, "Linux bubblewrap");
    const posture = await b.posture();
    assert.equal(posture.state, "active");
    assert.equal(posture.networkIsolated, false);
    assert.match(posture.detail, /network is NOT isolated/);
  });

  test("the self-test notices a missing boundary: its probe run unconfined fails", async () => {
    const unconfined: SelfTestRunner = (command, options) => {
      const inner = command.args.slice(command.args.indexOf("--") + 1);
      const [file, ...args] = inner;
      return runWrapped({ file: file ?? "/bin/false", args, inherited: [] }, options);
    };
    const b = createHelperBoundary({ home: fx.home, runner: unconfined });
    const verdict = await b.selfTest();
    assert.equal(verdict.kind, "failed");
    assert.match(verdict.detail, /home_hidden/);
    assert.match(verdict.detail, /canary_hidden/);
    assert.match(verdict.detail, /outside_write_blocked/);
    assert.match(verdict.detail, /private_pid/);
  });

  test("inside, $HOME is another mount and a canary planted in it is not visible", async () => {
    const canary = fx.plant("secret.txt");
    const host = hostIdentity(fx.home) ?? "";
    const r = await sh('stat -L -c %d:%i "$1"; cat "$2"; ls -A "$1"', [fx.home, canary]);
    const [inside] = r.stdout.split("\n");
    assert.ok(inside !== undefined && /^\d+:\d+$/.test(inside), r.stdout + r.stderr);
    assert.notEqual(inside.split(":")[0], host.split(":")[0], "the home is another device inside");
    assert.ok(!r.stdout.includes(fx.canary), "the canary's content is not readable");
    assert.ok(!r.stdout.includes("secret.txt"), "the canary's name is not listed");
  });

  test("/run is empty apart from the rebound resolver, and the resolver is readable", async () => {
    const r = await sh('ls -A /run; echo "--"; cat /etc/resolv.conf 2>/dev/null || echo none', []);
    const [listing = "", resolver = ""] = r.stdout.split("--\n");
    const expected = new Set(
      (r.command.policy?.resolverRebinds ?? []).map((p) => p.split("/")[2] ?? ""),
    );
    assert.deepEqual(new Set(listing.split("\n").filter((l) => l !== "")), expected, r.stderr);
    const hostResolver = existsSync("/etc/resolv.conf")
      ? readFileSync("/etc/resolv.conf", "utf8")
      : "none\n";
    assert.equal(resolver, hostResolver);
  });

  test("the network is shared: a TCP connection to a loopback server from the test succeeds", async () => {
    const server = createServer((socket) => {
      socket.once("data", (data) => socket.end(`pong:${data.toString()}`));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const client = [
        'const s = require("node:net").connect(Number(process.argv[1]), "127.0.0.1", () => s.write("ping"));',
        "s.setEncoding('utf8').on('data', (d) => process.stdout.write(d));",
        "s.on('error', (e) => { console.error(e.message); process.exit(3); });",
      ].join("\n");
      const command = await boundary().wrap(
        [process.execPath, "-e", client, String(port)],
        fx.workspace,
        { readPaths: [dirname(realpathSync(process.execPath))] },
      );
      try {
        const r = await run(command, { cwd: fx.workspace, env: envFor(command) });
        assert.equal(r.code, 0, r.stderr);
        assert.equal(r.stdout, "pong:ping");
      } finally {
        command.dispose();
      }
    } finally {
      server.close();
    }
  });

  test("Unix sockets in the host's /tmp and abstract sockets are unreachable; loopback TCP is not", async () => {
    const listen = (
      server: ReturnType<typeof createServer>,
      ...args: readonly unknown[]
    ): Promise<void> =>
      new Promise((resolve, reject) => {
        server.once("error", reject);
        (server.listen as (...a: unknown[]) => void)(...args, resolve);
      });
    const answer = (name: string) => () => createServer((socket) => socket.end(`reached:${name}`));
    const token = `${process.pid}-${Date.now()}`;
    const socketPath = join("/tmp", `cellguard-byoc-test-${token}.sock`);
    const abstractName = `\0cellguard-byoc-test-${token}`;
    const unix = answer("unix")();
    const abstract = answer("abstract")();
    const tcp = answer("tcp")();
    await listen(unix, socketPath);
    await listen(abstract, abstractName);
    await listen(tcp, 0, "127.0.0.1");
    const { port } = tcp.address() as AddressInfo;
    try {
      // Each target in turn: what the server said, or the error code of the attempt.
      const client = [
        'const net = require("node:net");',
        "const targets = JSON.parse(process.argv[1]);",
        "(async () => {",
        "  for (const t of targets) {",
        "    const line = await new Promise((resolve) => {",
        "      let s;",
        "      try { s = net.connect(t); } catch (e) { resolve(`error:${e.code}`); return; }",
        "      let data = '';",
        "      s.setEncoding('utf8').on('data', (d) => (data += d));",
        "      s.on('end', () => resolve(data));",
        "      s.on('error', (e) => resolve(`error:${e.code}`));",
        "    });",
        "    console.log(line);",
        "  }",
        "})();",
      ].join("\n");
      const targets = [{ path: socketPath }, { path: abstractName }, { port, host: "127.0.0.1" }];
      const command = await boundary().wrap(
        [process.execPath, "-e", client, JSON.stringify(targets)],
        fx.workspace,
        { readPaths: [dirname(realpathSync(process.execPath))] },
      );
      try {
        const r = await run(command, { cwd: fx.workspace, env: envFor(command) });
        assert.equal(r.code, 0, r.stderr);
        const [named = "", abstractLine = "", tcpLine = ""] = r.stdout.split("\n");
        assert.match(named, /^error:/, "the /tmp socket is not reachable");
        assert.match(abstractLine, /^error:/, "the abstract socket is not reachable");
        assert.equal(tcpLine, "reached:tcp", r.stdout + r.stderr);
      } finally {
        command.dispose();
      }
    } finally {
      for (const server of [unix, abstract, tcp]) server.close();
    }
  });

  test("only the stage and the private temp take writes", async () => {
    const outside = join(fx.root, "outside");
    mkdirSync(outside);
    const stageFile = join(fx.workspace, "ok");
    const blocked = [join(outside, "x"), join(fx.home, "x"), join(fx.root, "x")];
    const r = await sh(
      'for f in "$@" "$TMPDIR/ok"; do if (: > "$f") 2>/dev/null; then echo "wrote $f"; else echo "blocked $f"; fi; done',
      [stageFile, ...blocked],
    );
    const lines = r.stdout.split("\n");
    assert.ok(lines.includes(`wrote ${stageFile}`), r.stdout);
    assert.ok(lines.includes(`wrote ${r.command.tempDir ?? "?"}/ok`), r.stdout);
    for (const path of blocked) {
      assert.ok(lines.includes(`blocked ${path}`), `${path} is not writable inside:\n${r.stdout}`);
      assert.ok(!existsSync(path), `nothing appeared at ${path} on the host`);
    }
    assert.ok(existsSync(stageFile), "the stage write reached the host");
  });

  test("a stage inside the home stays writable while the rest of the home is hidden", async () => {
    const canary = fx.plant("secret.txt");
    const stage = join(fx.home, ".local", "share", "cellguard", "stage");
    mkdirSync(stage, { recursive: true });
    const command = await boundary().wrap(
      ["/bin/sh", "-c", ': > "$1/out" && echo wrote; cat "$2"', "sh", stage, canary],
      stage,
    );
    try {
      const r = await run(command, { cwd: stage, env: envFor(command) });
      assert.equal(r.stdout, "wrote\n", r.stderr);
      assert.ok(existsSync(join(stage, "out")), "the write reached the host's stage");
      assert.match(r.stderr, /No such file or directory/);
    } finally {
      command.dispose();
    }
  });

  test("the caller's read paths are readable inside the hidden home; their siblings are not", async () => {
    const runtime = fx.plant("runtime/lib.txt", "runtime-ok");
    const sibling = fx.plant("other/secret.txt");
    const r = await sh('cat "$1"; cat "$2"', [runtime, sibling], [dirname(runtime)]);
    assert.match(r.stdout, /^runtime-ok/);
    assert.ok(!r.stdout.includes(fx.canary));
    assert.match(r.stderr, /No such file or directory/);
  });

  test("assertConfined() exits 71 before reading stdin when unconfined, and passes inside", async () => {
    const child = join(repoRoot(), "build", "test", "helpers", "byoc-child.js");
    const readPaths = [
      dirname(realpathSync(process.execPath)),
      join(repoRoot(), "build"),
      join(repoRoot(), "package.json"),
    ];
    const command = await boundary().wrap([process.execPath, child], fx.workspace, { readPaths });
    try {
      const inside = await run(command, {
        cwd: fx.workspace,
        env: envFor(command),
        input: "token",
      });
      assert.equal(inside.code, 0, inside.stderr);
      assert.equal(inside.stdout, "read:token");

      // The same expectation and anchors, but no boundary: stdin stays open, and a helper that
      // read it would hang here instead of exiting.
      const plain = { file: process.execPath, args: [child], inherited: [] };
      const unconfined = await run(plain, {
        cwd: fx.workspace,
        env: envFor(command),
        input: "token",
        closeStdin: false,
      });
      assert.equal(unconfined.code, EXIT_NOT_CONFINED, unconfined.stderr);
      assert.equal(unconfined.stdout, "");
      assert.match(unconfined.stderr, /boundary does not hold: .*host's own mount/);

      // No anchors at all: it cannot verify, so it fails closed.
      const bare = await run(plain, {
        cwd: fx.workspace,
        env: { PATH: "/usr/bin:/bin", HOME: fx.home, [EXPECT_CONFINED_VARIABLE]: "1" },
        input: "token",
        closeStdin: false,
      });
      assert.equal(bare.code, EXIT_NOT_CONFINED, bare.stderr);

      // Not expected: it returns and reads stdin.
      const relaxed = await run(plain, {
        cwd: fx.workspace,
        env: { PATH: "/usr/bin:/bin", HOME: fx.home, [EXPECT_CONFINED_VARIABLE]: "0" },
        input: "token",
      });
      assert.equal(relaxed.code, 0, relaxed.stderr);
      assert.equal(relaxed.stdout, "read:token");
    } finally {
      command.dispose();
    }
  });
});
