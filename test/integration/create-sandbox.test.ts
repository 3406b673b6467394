// createKernelSandbox decisions, driven with injected host facts so every platform and failure
// path runs here; the real bubblewrap path is covered by the escape suite.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, test } from "node:test";
import {
  createKernelSandbox,
  resetSelfTestCache,
  SandboxConfigurationError,
  SandboxUnavailableError,
  type RunResult,
  type WrappedCommand,
} from "../../src/index.js";
import type { SelfTestRunner } from "../../src/sandbox/self-test.js";
import { LINUX_CHECKS } from "../../src/sandbox/backends.js";
import { useFixture } from "../helpers/fixture-home.js";
import { bwrapPath, sandboxSkipReason } from "../helpers/host.js";
import { reportingRunner } from "../helpers/reporting-runner.js";

const COMMON = [
  "workspace_write",
  "temp_write",
  "outside_write_blocked",
  "secret_read_blocked",
  "network_blocked",
];

function failingRunner(stderr: string): SelfTestRunner {
  return () =>
    Promise.resolve({
      exitCode: 1,
      signal: null,
      stdout: "",
      stderr,
      timedOut: false,
    } satisfies RunResult);
}

const darwin = { os: "darwin", name: "darwin", arch: "arm64" } as const;
const linux = { os: "linux", name: "linux", arch: "x64" } as const;

describe("createKernelSandbox", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  const base = (): {
    workspace: string;
    env: NodeJS.ProcessEnv;
    home: string;
    probePython: string;
  } => ({
    workspace: fx.workspace,
    env: fx.env,
    home: fx.home,
    probePython: "/usr/bin/python3",
  });

  test("a workspace path with NUL is a configuration error", async () => {
    await assert.rejects(
      createKernelSandbox({ ...base(), workspace: "/tmp/a\0b" }),
      SandboxConfigurationError,
    );
  });

  test("an invalid mode names the allowed values and nothing is probed", async () => {
    let probed = false;
    await assert.rejects(
      createKernelSandbox({ ...base(), mode: "maybe", which: () => ((probed = true), null) }),
      /must be one of auto, enforce, off/,
    );
    assert.equal(probed, false);
  });

  test("off makes no detection or runner calls and reports disabled", async () => {
    let calls = 0;
    const sandbox = await createKernelSandbox({
      ...base(),
      mode: "off",
      which: () => (calls++, "/usr/bin/bwrap"),
      runner: () => (calls++, Promise.reject(new Error("must not run"))),
    });
    assert.equal(calls, 0);
    assert.equal(sandbox.status.state, "disabled");
    assert.equal(sandbox.status.networkPolicy, "not_enforced");
    assert.deepEqual(sandbox.wrap(["/bin/true", "x"]), {
      file: "/bin/true",
      args: ["x"],
      inherited: [],
    });
  });

  test("on macOS a passing self-test enables Seatbelt, with the profile on sandbox-exec's argv", async () => {
    const calls: WrappedCommand[] = [];
    const sandbox = await createKernelSandbox({
      ...base(),
      platform: darwin,
      which: (name) => (name === "sandbox-exec" ? "/usr/bin/sandbox-exec" : null),
      runner: reportingRunner(COMMON, calls),
    });
    try {
      assert.equal(sandbox.status.state, "enabled");
      assert.equal(sandbox.status.backend, "seatbelt");
      assert.equal(calls.length, 1);
      const wrapped = sandbox.wrap(["/usr/bin/python3", "-c", "pass"]);
      assert.equal(wrapped.file, "/usr/bin/sandbox-exec");
      assert.equal(wrapped.args[0], "-p");
      assert.match(String(wrapped.args[1]), /\(deny network\*\)/);
      assert.deepEqual(wrapped.args.slice(2), ["/usr/bin/python3", "-c", "pass"]);
      const tempDir = sandbox.status.tempDir ?? "";
      assert.ok(existsSync(tempDir));
      const env = sandbox.applyEnvironment({ TMPDIR: "/elsewhere", HOME: fx.home });
      assert.equal(env["TMPDIR"], tempDir);
      assert.equal(env["TEMP"], tempDir);
      assert.equal(env["MPLCONFIGDIR"], join(tempDir, "matplotlib"));
      sandbox.close();
      sandbox.close();
      assert.equal(
        existsSync(tempDir),
        false,
        "close() removes the private temp, and is idempotent",
      );
      assert.throws(() => sandbox.wrap(["/bin/true"]), SandboxUnavailableError);
    } finally {
      sandbox.close();
    }
  });

  test("a self-test that omits a required check is refused even under auto", async () => {
    const error = await createKernelSandbox({
      ...base(),
      platform: darwin,
      which: () => "/usr/bin/sandbox-exec",
      runner: reportingRunner(COMMON.filter((c) => c !== "secret_read_blocked")),
      onWarning: () => assert.fail("a refused sandbox must not degrade with a warning"),
    }).then(
      () => assert.fail("the sandbox must not be created"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof SandboxUnavailableError);
    assert.match(error.message, /failed checks: secret_read_blocked/);
    assert.equal(error.status?.selfTestPassed, false);
    assert.equal(error.status?.state, "unavailable");
  });

  test("a sandbox that fails for a reason a Cell could cause is refused under auto, never run unconfined", async () => {
    // An earlier Cell can make the workspace unwritable, fill a disk, or break a mount: if that
    // degraded to an unconfined run, the next Cell would get the host.
    await assert.rejects(
      createKernelSandbox({
        ...base(),
        platform: darwin,
        which: () => "/usr/bin/sandbox-exec",
        runner: failingRunner("sandbox-exec: some rule failed"),
      }),
      /failed its self-test, so nothing runs/,
    );
  });

  test("a host that cannot create namespaces degrades visibly under auto and refuses under enforce", async () => {
    const warnings: string[] = [];
    const options = {
      ...base(),
      platform: linux,
      which: () => "/usr/bin/bwrap",
      runner: failingRunner("bwrap: No permissions to create a new namespace"),
      onWarning: (w: string) => warnings.push(w),
    };
    const degraded = await createKernelSandbox(options);
    assert.equal(degraded.status.state, "unavailable");
    assert.equal(degraded.status.backend, "bubblewrap");
    assert.equal(degraded.status.enforced, false);
    assert.equal(degraded.status.tempDir, null);
    assert.match(
      degraded.status.warning ?? "",
      /^CELLGUARD SECURITY WARNING: OS kernel sandbox is not enforced; /,
    );
    assert.equal(warnings.length, 1);
    await createKernelSandbox(options);
    assert.equal(warnings.length, 1, "the same warning is shown once per process");
    await assert.rejects(
      createKernelSandbox({ ...options, mode: "enforce" }),
      SandboxUnavailableError,
    );
  });

  test("an unsupported platform degrades under auto and refuses under enforce", async () => {
    const platform = { os: "other", name: "sunos", arch: "x64" } as const;
    const sandbox = await createKernelSandbox({ ...base(), platform, onWarning: () => undefined });
    assert.equal(sandbox.status.state, "unavailable");
    assert.match(sandbox.status.detail, /unsupported on platform 'sunos'/);
    await assert.rejects(
      createKernelSandbox({ ...base(), platform, mode: "enforce" }),
      /unsupported on platform/,
    );
  });

  test("an unknown CPU architecture is never run without the seccomp filter", async () => {
    let ran = false;
    const options = {
      ...base(),
      platform: { os: "linux", name: "linux", arch: "riscv64" } as const,
      which: () => "/usr/bin/bwrap",
      runner: () => ((ran = true), Promise.reject(new Error("must not run"))),
      onWarning: () => undefined,
    };
    const sandbox = await createKernelSandbox(options);
    assert.equal(sandbox.status.state, "unavailable");
    assert.match(
      sandbox.status.detail,
      /architecture must be x64 or arm64: current value is "riscv64"/,
    );
    assert.equal(ran, false);
    await assert.rejects(
      createKernelSandbox({ ...options, mode: "enforce" }),
      SandboxUnavailableError,
    );
  });

  /** A Linux sandbox on the real bubblewrap path whose probe is answered, not run. */
  const reported = (calls: WrappedCommand[] = [], env: NodeJS.ProcessEnv = fx.env) =>
    createKernelSandbox({
      ...base(),
      env,
      platform: linux,
      which: () => "/usr/bin/bwrap",
      runner: reportingRunner([...COMMON, ...LINUX_CHECKS], calls),
    });

  test("the self-test probes exactly the flags the runtime wraps with", async () => {
    const calls: WrappedCommand[] = [];
    const sandbox = await reported(calls);
    try {
      const probe = calls[0];
      assert.ok(probe !== undefined);
      const runtime = sandbox.wrap(["/usr/bin/python3"]);
      const flags = (c: WrappedCommand): string[] => c.args.slice(0, c.args.indexOf("--"));
      assert.deepEqual(flags(probe), flags(runtime));
      assert.deepEqual(probe.inherited, runtime.inherited);
      assert.deepEqual(probe.files, runtime.files);
      // The policy's arguments reach bubblewrap by descriptor, the same ones for both.
      assert.deepEqual(probe.argsViaDescriptor, runtime.argsViaDescriptor);
      assert.equal(runtime.args[runtime.argsViaDescriptor?.count ?? -1], "--");
      assert.ok(
        !runtime.args.includes("--new-session"),
        "the runtime spawns in a new session itself",
      );
      assert.ok(sandbox.wrapStandalone(["/bin/true"]).args.includes("--new-session"));
    } finally {
      sandbox.close();
    }
  });

  test("the self-test's deny canary is a file in the data directory: probed, with no mount of its own", async () => {
    const calls: WrappedCommand[] = [];
    const sandbox = await reported(calls);
    try {
      const canary = join(fx.dataDir, ".cellguard-deny-canary");
      assert.ok(readFileSync(canary, "utf8").length > 0, "the canary holds bytes to catch");
      assert.ok(calls[0]?.args.includes(canary), "the probe reads and stats the canary");
      const runtime = sandbox.wrap(["/bin/true"]).args;
      assert.ok(!runtime.some((a) => a.endsWith(".cellguard-deny-canary")), runtime.join(" "));
      // The data directory is left out of the rebuilt home: that is what hides the canary.
      assert.ok(runtime.includes(join(fx.home, ".local", "share")));
      assert.ok(!runtime.includes(fx.dataDir));
    } finally {
      sandbox.close();
    }
    const again = await reported();
    again.close();
    assert.ok(
      existsSync(join(fx.dataDir, ".cellguard-deny-canary")),
      "one canary, kept and reused",
    );
  });

  test("with no data directory to hold it, the canary goes in the private temp under its own mask", async () => {
    // A file where the data directory's parent would be: no data directory can be made.
    const blocked = join(fx.root, "blocked");
    writeFileSync(blocked, "");
    const calls: WrappedCommand[] = [];
    const sandbox = await reported(calls, {
      ...fx.env,
      CELLGUARD_DATA_DIR: join(blocked, "data"),
      XDG_DATA_HOME: blocked,
    });
    try {
      const temp = sandbox.status.tempDir ?? "";
      const canary = join(temp, ".cellguard-deny-canary");
      assert.ok(existsSync(canary));
      assert.ok(calls[0]?.args.includes(canary));
      const args = sandbox.wrap(["/bin/true"]).args;
      const i = args.indexOf(canary);
      assert.deepEqual(args.slice(i - 2, i + 1), ["--ro-bind", "/dev/null", canary]);
    } finally {
      sandbox.close();
    }
  });

  test("a data directory that does not exist yet is created owner-only so its mask is in place", async () => {
    const dataDir = join(fx.root, "fresh-data");
    const sandbox = await createKernelSandbox({
      ...base(),
      env: { ...fx.env, CELLGUARD_DATA_DIR: dataDir },
      platform: linux,
      which: () => "/usr/bin/bwrap",
      runner: reportingRunner([...COMMON, ...LINUX_CHECKS]),
    });
    try {
      assert.ok(existsSync(dataDir));
      const args = sandbox.wrap(["/bin/true"]).args;
      const i = args.indexOf(dataDir);
      assert.equal(args[i - 1], "--tmpfs");
    } finally {
      sandbox.close();
    }
  });

  test(
    "a facility failure (no user namespaces) is cached per process until reset",
    { skip: sandboxSkipReason() },
    async () => {
      // A stand-in bwrap that fails the way a kernel without user namespaces does, counting calls.
      const counter = join(fx.root, "calls");
      const fake = join(fx.root, "bwrap");
      writeFileSync(
        fake,
        `#!/bin/sh\necho x >> '${counter}'\necho 'bwrap: No permissions to create a new namespace' >&2\nexit 1\n`,
      );
      chmodSync(fake, 0o755);
      const options = { ...base(), platform: linux, which: () => fake, onWarning: () => undefined };
      const calls = (): number => readFileSync(counter, "utf8").split("\n").filter(Boolean).length;
      const first = await createKernelSandbox(options);
      // The self-test, then a minimal invocation that no Cell can influence confirms the facility.
      assert.equal(calls(), 2);
      const second = await createKernelSandbox(options);
      assert.equal(first.status.state, "unavailable");
      assert.match(second.status.detail, /No permissions to create a new namespace/);
      assert.equal(calls(), 2, "the second creation is answered from the cache");
      resetSelfTestCache();
      await createKernelSandbox(options);
      assert.equal(calls(), 4);
    },
  );
});

describe("createKernelSandbox: a faked facility failure is not believed", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  test(
    "a namespace error that a minimal bubblewrap run does not reproduce is refused, not degraded",
    { skip: sandboxSkipReason() },
    async () => {
      // A stand-in bwrap that fails with the facility message only for the full policy (as if a
      // Cell had broken something the policy mounts) and works for the minimal invocation.
      const fake = join(fx.root, "bwrap");
      writeFileSync(
        fake,
        `#!/bin/sh\ncase "$*" in *--seccomp*) echo 'bwrap: Creating new namespace failed: Operation not permitted' >&2; exit 1;; esac\nexec ${bwrapPath ?? "/usr/bin/bwrap"} "$@"\n`,
      );
      chmodSync(fake, 0o755);
      await assert.rejects(
        createKernelSandbox({
          workspace: fx.workspace,
          env: fx.env,
          home: fx.home,
          platform: linux,
          which: () => fake,
          onWarning: () => assert.fail("must not degrade"),
        }),
        /failed its self-test, so nothing runs/,
      );
    },
  );
});

describe("createKernelSandbox: cleanup never deletes recursively where a Cell writes", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  test("a directory planted at the probe's workspace file name survives the self-test's cleanup", async () => {
    // A concurrent Cell that swaps a directory (or a link to one) in at the probe's file name must
    // not get the host to empty it: the cleanup unlinks, it never walks.
    let planted = "";
    const runner: SelfTestRunner = (command) => {
      const wsFile = command.args.find((a) => a.includes(".cellguard-sandbox-test-")) ?? "";
      planted = wsFile;
      mkdirSync(wsFile);
      writeFileSync(join(wsFile, "victim"), "keep me");
      return reportingRunner(COMMON)(command, {} as never);
    };
    const sandbox = await createKernelSandbox({
      workspace: fx.workspace,
      env: fx.env,
      home: fx.home,
      probePython: "/usr/bin/python3",
      platform: darwin,
      which: () => "/usr/bin/sandbox-exec",
      runner,
    });
    sandbox.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(planted !== "");
    assert.equal(readFileSync(join(planted, "victim"), "utf8"), "keep me");
  });
});
