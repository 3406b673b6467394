// createKernelSandbox with a team policy, driven with injected host facts: the §7.3 path rules
// (each a configuration error before anything is probed or created), a team policy that never
// degrades (auto, off, no backend, a failed or incomplete self-test, a planted hardlink), and
// the private temp under the protected root. The real bubblewrap path is in escape/team-read.
import assert from "node:assert/strict";
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeEach, describe, test } from "node:test";
import {
  createKernelSandbox,
  ReadIsolationConfigurationError,
  resetSelfTestCache,
  SandboxConfigurationError,
  SandboxUnavailableError,
  statusToJson,
  type KernelReadIsolation,
  type KernelSandboxOptions,
  type WrappedCommand,
} from "../../src/index.js";
import { LINUX_CHECKS } from "../../src/sandbox/backends.js";
import { TEAM_CHECKS, TEAM_MARKER } from "../../src/sandbox/team-probe.js";
import { normalizeReadIsolation } from "../../src/sandbox/read-isolation.js";
import { useFixture } from "../helpers/fixture-home.js";
import { reportingRunner } from "../helpers/reporting-runner.js";

const COMMON = [
  "workspace_write",
  "temp_write",
  "outside_write_blocked",
  "secret_read_blocked",
  "network_blocked",
];
const ALL_TEAM = [...COMMON, ...LINUX_CHECKS, ...TEAM_CHECKS, "allowed_roots_readable"];
const linux = { os: "linux", name: "linux", arch: "x64" } as const;

describe("createKernelSandbox with team read isolation", () => {
  const fx = useFixture();
  beforeEach(() => resetSelfTestCache());

  const layout = () => {
    const root = join(fx.root, "team");
    const workspace = join(root, "alice", "ws");
    const input = join(root, "shared", "inputs");
    const sibling = join(root, "bob", "notes.txt");
    for (const dir of [workspace, input, dirname(sibling)]) mkdirSync(dir, { recursive: true });
    writeFileSync(sibling, fx.canary);
    writeFileSync(join(input, "data.csv"), "1,2\n");
    return { root, workspace, input, sibling };
  };

  /** Options that count every detection and runner call, so "nothing started" is measured. */
  const counted = (overrides: Partial<KernelSandboxOptions> = {}) => {
    const t = layout();
    const calls = { which: 0, runner: 0 };
    const options: KernelSandboxOptions = {
      workspace: t.workspace,
      env: fx.env,
      home: fx.home,
      probePython: "/usr/bin/python3",
      platform: linux,
      mode: "enforce",
      which: () => (calls.which++, "/usr/bin/bwrap"),
      runner: (command, opts) => (calls.runner++, reportingRunner(ALL_TEAM)(command, opts)),
      readIsolation: { roots: [t.root], allowedRoots: [t.input] },
      onWarning: () => assert.fail("a team policy must never degrade with a warning"),
      ...overrides,
    };
    return { t, calls, options };
  };

  const configurationError = async (
    options: KernelSandboxOptions,
    calls: { which: number; runner: number },
    pattern: RegExp,
  ): Promise<void> => {
    const error = await createKernelSandbox(options).then(
      () => assert.fail("the sandbox must not be created"),
      (e: unknown) => e,
    );
    assert.ok(error instanceof SandboxConfigurationError, String(error));
    assert.match(error.message, pattern);
    assert.deepEqual(calls, { which: 0, runner: 0 }, "nothing was probed or run");
  };

  test("a team root that does not contain the workspace is a configuration error", async () => {
    const { calls, options } = counted();
    const elsewhere = join(fx.root, "elsewhere");
    mkdirSync(elsewhere);
    await configurationError(
      { ...options, readIsolation: { roots: [elsewhere] } },
      calls,
      /must be a strict child of a protected root/,
    );
    assert.equal(existsSync(join(elsewhere, "kernel-temp")), false);
  });

  test("the workspace equal to the root is not a strict child", async () => {
    const { t, calls, options } = counted();
    await configurationError(
      { ...options, readIsolation: { roots: [t.workspace] } },
      calls,
      /strict child/,
    );
  });

  test("a NUL in a root, an allowed root or the workspace is a configuration error", async () => {
    for (const bad of [
      (t: ReturnType<typeof layout>) => ({ readIsolation: { roots: [`${t.root}\0x`] } }),
      (t: ReturnType<typeof layout>) => ({
        readIsolation: { roots: [t.root], allowedRoots: [`${t.input}\0`] },
      }),
      (t: ReturnType<typeof layout>) => ({
        workspace: `${t.workspace}\0`,
        readIsolation: { roots: [t.root] },
      }),
    ]) {
      const { t, calls, options } = counted();
      await configurationError({ ...options, ...bad(t) }, calls, /NUL character/);
    }
  });

  test("an allowed root that contains the workspace is a configuration error", async () => {
    const { t, calls, options } = counted();
    await configurationError(
      { ...options, readIsolation: { roots: [t.root], allowedRoots: [join(t.root, "alice")] } },
      calls,
      /contains the workspace/,
    );
    assert.equal(existsSync(join(t.root, "kernel-temp")), false, "no team temp was created");
  });

  test("an allowed root outside every root that contains one, a protected root as exception, a relative or missing path: each refused", async () => {
    const { t, calls, options } = counted();
    const cases: [KernelReadIsolation, RegExp][] = [
      [{ roots: [t.root], allowedRoots: [fx.root] }, /contains the protected root/],
      [{ roots: [t.root], allowedRoots: [t.root] }, /is a protected root/],
      [{ roots: ["team"] }, /must be an absolute path/],
      [{ roots: [join(fx.root, "missing")] }, /must be an existing directory/],
      [
        { roots: [t.root], allowedRoots: [join(t.root, "shared", "missing")] },
        /must be an existing directory/,
      ],
      [{ roots: [] }, /at least one protected root/],
      [{ roots: ["/"] }, /cannot be the filesystem root/],
    ];
    for (const [readIsolation, pattern] of cases) {
      await configurationError({ ...options, readIsolation }, calls, pattern);
    }
  });

  test("the error has its own class and code, and is a SandboxConfigurationError", async () => {
    const { t, options } = counted();
    const error = await createKernelSandbox({
      ...options,
      readIsolation: { roots: [join(t.root, "alice", "ws")] },
    }).catch((e: unknown) => e);
    assert.ok(error instanceof ReadIsolationConfigurationError);
    assert.ok(error instanceof SandboxConfigurationError);
    assert.equal(error.code, "ERR_SANDBOX_READ_ISOLATION");
  });

  test("roots and exceptions are canonical and minimal; exceptions in the workspace or outside every root need no bind", () => {
    const t = layout();
    mkdirSync(join(t.input, "sub"));
    mkdirSync(join(t.workspace, "inner"));
    symlinkSync(t.root, join(fx.root, "alias"));
    const outside = join(fx.root, "outside");
    mkdirSync(outside);
    const team = normalizeReadIsolation(
      {
        roots: [join(t.root, "alice"), join(fx.root, "alias"), t.root],
        allowedRoots: [join(t.input, "sub"), t.input, t.input, join(t.workspace, "inner"), outside],
      },
      realpathSync(t.workspace),
    );
    assert.deepEqual(team, {
      roots: [realpathSync(t.root)],
      allowedRoots: [realpathSync(t.input)],
    });
  });

  test("auto with no backend refuses a team policy instead of degrading", async () => {
    const { calls, options } = counted({ mode: "auto", which: () => null });
    const error = await createKernelSandbox(options).catch((e: unknown) => e);
    assert.ok(error instanceof SandboxUnavailableError);
    assert.match(error.message, /never degrades \(mode auto\).*bubblewrap \(bwrap\) was not found/);
    assert.equal(calls.runner, 0);
  });

  test("mode off refuses a team policy and probes nothing", async () => {
    const { calls, options } = counted({ mode: "off" });
    const error = await createKernelSandbox(options).catch((e: unknown) => e);
    assert.ok(error instanceof SandboxUnavailableError);
    assert.match(error.message, /mode off .* cannot be combined with a team policy/);
    assert.deepEqual(calls, { which: 0, runner: 0 });
    assert.equal(error.status?.state, "unavailable");
  });

  test("a host that cannot create namespaces refuses a team policy under auto", async () => {
    const { options } = counted({
      mode: "auto",
      runner: () =>
        Promise.resolve({
          exitCode: 1,
          signal: null,
          stdout: "",
          stderr: "bwrap: No permissions to create a new namespace",
          timedOut: false,
        }),
    });
    await assert.rejects(createKernelSandbox(options), (e: unknown) => {
      assert.ok(e instanceof SandboxUnavailableError);
      assert.match(e.message, /never degrades/);
      return true;
    });
  });

  test("a probe without the sibling checks fails the self-test, and the temp is removed", async () => {
    const { t, options } = counted({
      mode: "auto",
      runner: reportingRunner([...COMMON, ...LINUX_CHECKS, "allowed_roots_readable"]),
    });
    const error = await createKernelSandbox(options).catch((e: unknown) => e);
    assert.ok(error instanceof SandboxUnavailableError);
    assert.match(
      error.message,
      /self-test failed .*sibling_read_blocked, sibling_symlink_read_blocked, sibling_hardlink_read_blocked/,
    );
    assert.deepEqual(readdirSync(join(t.root, "kernel-temp")), []);
  });

  test("a probe without allowed_roots_readable fails when an input root is given", async () => {
    const { options } = counted({
      runner: reportingRunner([...COMMON, ...LINUX_CHECKS, ...TEAM_CHECKS]),
    });
    await assert.rejects(createKernelSandbox(options), /failed checks: allowed_roots_readable/);
  });

  test("a complete team probe enables the sandbox: temp under <root>/kernel-temp, system temp hidden, this temp and the input shown", async () => {
    const calls: WrappedCommand[] = [];
    const { t, options } = counted({ runner: reportingRunner(ALL_TEAM, calls) });
    const sandbox = await createKernelSandbox(options);
    try {
      const root = realpathSync(t.root);
      const temp = sandbox.status.tempDir ?? "";
      assert.equal(dirname(temp), join(root, "kernel-temp"));
      assert.match(sandbox.status.detail, /; team reads isolated under /);
      const systemTemp = realpathSync(tmpdir());
      const iso = sandbox.status.readIsolation;
      assert.ok(iso !== undefined);
      // The fixture lives in the system temp, so that root absorbs the team root.
      assert.ok(iso.roots.includes(systemTemp), `${iso.roots.join()} has the system temp`);
      assert.ok(
        iso.allowedRoots.includes(temp) && iso.allowedRoots.includes(realpathSync(t.input)),
      );
      assert.deepEqual(statusToJson(sandbox.status)["read_isolation"], {
        roots: iso.roots,
        allowed_roots: iso.allowedRoots,
      });
      // The self-test got the team probe: one sibling per root, and the input's own file.
      const probeArgs = calls[0]?.args ?? [];
      const marker = probeArgs.indexOf(TEAM_MARKER);
      assert.ok(marker > 0);
      assert.equal(probeArgs[marker + 1], String(iso.roots.length));
      assert.equal(
        probeArgs[marker + iso.roots.length + 3],
        join(realpathSync(t.input), "data.csv"),
      );
      // The sibling probes, one under each root, are gone again.
      const siblings = probeArgs.slice(marker + 2, marker + 2 + iso.roots.length);
      for (const [i, file] of siblings.entries()) {
        assert.equal(dirname(dirname(file)), iso.roots[i]);
        assert.match(file, /\/\.cellguard-sandbox-read-deny-[^/]+\/must-not-read$/);
        assert.equal(existsSync(dirname(file)), false, `${file} was removed`);
      }
      const argv = sandbox.wrap(["/bin/true"]).args;
      assert.ok(argv.join(" ").includes(`--tmpfs ${systemTemp}`));
      assert.ok(argv.join(" ").includes(`--ro-bind-fd 11 ${realpathSync(t.input)}`));
      assert.ok(!argv.some((a) => a.includes("/bob")), "the sibling is never named");
    } finally {
      sandbox.close();
    }
  });

  test("a runtime folder in the system temp, outside the team root, is bound back exactly", async () => {
    const runtime = join(fx.root, "runtime");
    mkdirSync(runtime);
    writeFileSync(join(runtime, "tool.py"), "pass\n");
    const { t, options } = counted();
    const sandbox = await createKernelSandbox({
      ...options,
      readIsolation: { roots: [t.root], allowedRoots: [t.input, runtime] },
    });
    try {
      const allowed = sandbox.status.readIsolation?.allowedRoots ?? [];
      assert.ok(allowed.includes(realpathSync(runtime)), allowed.join());
      assert.ok(!allowed.includes(realpathSync(fx.root)));
    } finally {
      sandbox.close();
    }
  });

  test("a symlinked kernel-temp is a configuration error", async () => {
    const { t, options } = counted();
    const decoy = join(fx.root, "decoy");
    mkdirSync(decoy);
    symlinkSync(decoy, join(t.root, "kernel-temp"));
    await assert.rejects(createKernelSandbox(options), /cannot be a symlink/);
    assert.deepEqual(readdirSync(decoy), []);
  });

  test("a kernel-temp writable by others is a configuration error", async () => {
    const { t, options } = counted();
    mkdirSync(join(t.root, "kernel-temp"), { mode: 0o700 });
    chmodSync(join(t.root, "kernel-temp"), 0o777);
    await assert.rejects(createKernelSandbox(options), /writable only by it: .*mode 777/);
    assert.deepEqual(readdirSync(join(t.root, "kernel-temp")), []);
  });

  test("a hardlink planted before start refuses before anything runs; one made later refuses the next wrap", async () => {
    const { t, calls, options } = counted({ mode: "auto" });
    linkSync(t.sibling, join(t.workspace, "copy.txt"));
    const error = await createKernelSandbox(options).catch((e: unknown) => e);
    assert.ok(error instanceof SandboxUnavailableError);
    assert.match(error.message, /hardlinked outside the workspace: .*copy\.txt/);
    assert.equal(calls.runner, 0, "no self-test was started");
    assert.equal(existsSync(join(t.root, "kernel-temp")), false, "no temp was allocated");

    rmSync(join(t.workspace, "copy.txt"));
    const sandbox = await createKernelSandbox(options);
    try {
      linkSync(t.sibling, join(t.workspace, "later.txt"));
      assert.throws(
        () => sandbox.wrap(["/bin/true"]),
        /hardlinked outside the workspace: .*later\.txt/,
      );
    } finally {
      sandbox.close();
    }
  });
});
