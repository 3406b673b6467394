// The persistent kernel under the real sandbox (enforce): state across Cells, the native-load
// audit hook, interrupts that report whether they landed, timeouts that kill the whole process
// group, and bad input that runs nothing. The unprivileged re-run repeats all of it as a user.
import assert from "node:assert/strict";
import { spawn, type StdioOptions } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { SandboxConfigurationError } from "../../src/errors.js";
import { CellInputError, KernelClosedError } from "../../src/kernel/errors.js";
import type { Kernel } from "../../src/kernel/kernel.js";
import { runCell } from "../../src/kernel/run-cell.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { pause, startKernel } from "../helpers/kernel.js";
import { repoRoot } from "../helpers/paths.js";

const skip = sandboxSkipReason();

async function withKernel(
  fx: ReturnType<typeof useFixture>,
  body: (kernel: Kernel) => Promise<void>,
  options: Parameters<typeof startKernel>[1] = {},
): Promise<void> {
  const kernel = await startKernel(fx, options);
  try {
    await body(kernel);
  } finally {
    await kernel.close();
  }
}

// A real shared library the Cell can copy: the interpreter's own _ctypes extension. Loading the
// copy succeeds unless something refuses it, so the refusal is the hook's doing.
const COPY_AND_LOAD = [
  "import ctypes, shutil, _ctypes",
  'shutil.copy(_ctypes.__file__, "evil.so")',
  'ctypes.CDLL("./evil.so")',
  'print("loaded")',
].join("\n");

describe("Kernel: a persistent namespace in the real sandbox", { skip }, () => {
  const fx = useFixture();

  test("state persists: x = 41, then x + 1 shows 42 in the next Cell", async () => {
    await withKernel(fx, async (kernel) => {
      assert.equal(kernel.sandboxStatus.enforced, true);
      const first = await kernel.execute("x = 41");
      assert.equal(first.status, "ok");
      assert.equal(first.stdout, "");
      const second = await kernel.execute("x + 1");
      assert.equal(second.status, "ok");
      assert.equal(second.stdout, "42\n");
    });
  });

  test("stdout and stderr are kept apart, and an exception returns its traceback", async () => {
    await withKernel(fx, async (kernel) => {
      const r = await kernel.execute('import sys\nprint("out")\nprint("err", file=sys.stderr)');
      assert.deepEqual([r.stdout, r.stderr], ["out\n", "err\n"]);
      const failed = await kernel.execute("def f():\n    return 1 / 0\nf()");
      assert.equal(failed.status, "error");
      assert.equal(failed.error?.name, "ZeroDivisionError");
      assert.match(failed.error?.traceback ?? "", /File "<cell-\d+>", line 2, in f/);
      // The worker's own frames are not shown to the model.
      assert.doesNotMatch(failed.error?.traceback ?? "", /cellguard_worker/);
    });
  });

  test("a Cell that calls sys.exit or closes its stdout does not end the kernel", async () => {
    await withKernel(fx, async (kernel) => {
      await kernel.execute("y = 7");
      const exited = await kernel.execute("import sys\nsys.exit(3)");
      assert.equal(exited.status, "error");
      assert.equal(exited.error?.name, "SystemExit");
      await kernel.execute("import os\nos.close(1)");
      const after = await kernel.execute("print(y)");
      assert.match(after.stdout, /7\n$/);
    });
  });

  test("a Cell that closes every descriptor and opens files cannot capture the protocol", async () => {
    await withKernel(fx, async (kernel) => {
      const r = await kernel.execute(
        "import os\nos.closerange(3, 100)\nfiles = [open('f%d.txt' % i, 'w') for i in range(8)]\nprint('opened')",
        { timeoutMs: 30_000 },
      );
      assert.equal(r.status, "ok");
      assert.equal(r.stdout, "opened\n");
      assert.equal((await kernel.execute("len(files)")).stdout, "8\n");
    });
  });

  test("output printed through C stdio reaches the Cell's stdout", async () => {
    await withKernel(fx, async (kernel) => {
      const r = await kernel.execute(
        'import ctypes\nctypes.CDLL(None).printf(b"from C\\n")\nprint("from Python")',
      );
      assert.equal(r.status, "ok");
      assert.match(r.stdout, /from C\n/);
      assert.match(r.stdout, /from Python\n/);
    });
  });

  test("bash Cells run in the same sandbox and workspace, with their exit status", async () => {
    await withKernel(fx, async (kernel) => {
      const r = await kernel.execute('echo "$PWD"; touch from-bash; exit 3', { language: "bash" });
      assert.equal(r.status, "error");
      assert.equal(r.exitCode, 3);
      assert.equal(r.stdout, `${fx.workspace}\n`);
      assert.equal(existsSync(join(fx.workspace, "from-bash")), true);
      const outside = await kernel.execute(`touch ${join(fx.root, "escaped")}`, {
        language: "bash",
      });
      assert.notEqual(outside.exitCode, 0);
      assert.equal(existsSync(join(fx.root, "escaped")), false);
    });
  });

  test("Cells queued together run one at a time, in call order", async () => {
    await withKernel(fx, async (kernel) => {
      const runs = await Promise.all([
        kernel.execute("seen = []"),
        kernel.execute("import time\ntime.sleep(0.2)\nseen.append(1)"),
        kernel.execute("seen.append(2)"),
        kernel.execute("seen"),
      ]);
      assert.equal(runs[3]?.stdout, "[1, 2]\n");
    });
  });

  test("with the sandbox off the worker runs unconfined, says so, and interrupts still work", async () => {
    await withKernel(
      fx,
      async (kernel) => {
        assert.equal(kernel.sandboxStatus.state, "disabled");
        assert.equal(kernel.sandboxStatus.enforced, false);
        await kernel.execute("n = 5");
        const running = kernel.execute("import time\ntime.sleep(60)");
        await pause(300);
        assert.deepEqual(await kernel.interrupt(), { delivered: true, target: "local-process" });
        assert.equal((await running).status, "interrupted");
        assert.equal((await kernel.execute("n")).stdout, "5\n");
      },
      { sandbox: { mode: "off" } },
    );
  });

  test("restart() empties the namespace; close() is idempotent and removes the private temp", async () => {
    const kernel = await startKernel(fx);
    const temp = kernel.sandboxStatus.tempDir;
    assert.ok(temp !== null && existsSync(temp));
    await kernel.execute("z = 1");
    await kernel.restart();
    const gone = await kernel.execute("z");
    assert.equal(gone.error?.name, "NameError");
    assert.equal(await kernel.close(), null);
    assert.equal(await kernel.close(), null);
    assert.equal(existsSync(temp), false);
    await assert.rejects(kernel.execute("1"), KernelClosedError);
  });
});

describe("Kernel: the native-load audit hook", { skip }, () => {
  const fx = useFixture();

  test("a shared library written into the workspace and loaded with ctypes.CDLL is refused", async () => {
    await withKernel(fx, async (kernel) => {
      assert.equal(kernel.workerInfo?.auditHook, true);
      const r = await kernel.execute(COPY_AND_LOAD);
      assert.equal(r.status, "error");
      assert.equal(r.error?.name, "PermissionError");
      assert.match(
        r.error?.message ?? "",
        /Refusing to dlopen shared library from a writable path: .*evil\.so/,
      );
      assert.match(r.error?.message ?? "", /site-packages/);
      assert.doesNotMatch(r.stdout, /loaded/);
    });
  });

  test("the same Cell loads the library when CELLGUARD_SAFETY_AUDIT_HOOK=0 (the refusal is the hook's)", async () => {
    await withKernel(
      fx,
      async (kernel) => {
        assert.equal(kernel.workerInfo?.auditHook, false);
        const r = await kernel.execute(COPY_AND_LOAD);
        assert.equal(r.status, "ok", r.error?.message);
        assert.equal(r.stdout, "loaded\n");
      },
      { env: { CELLGUARD_SAFETY_AUDIT_HOOK: "0" } },
    );
  });

  test("with the screens on, runCell refuses the same Cell before it runs (the classifier's multi-step signature)", async () => {
    await withKernel(fx, async (kernel) => {
      const run = await runCell(COPY_AND_LOAD, { kernel, env: {} });
      assert.equal(run.status, "refused");
      assert.equal(run.refusedBy, "classifier");
      assert.match(run.observation, /writes a shared library and then loads it/);
      assert.equal(existsSync(join(fx.workspace, "evil.so")), false, "nothing ran");
    });
  });

  test("system libraries still load: ctypes.CDLL('libc.so.6') works", async () => {
    await withKernel(fx, async (kernel) => {
      const r = await kernel.execute('import ctypes\nctypes.CDLL("libc.so.6").getpid() > 0');
      assert.equal(r.status, "ok", r.error?.message);
      assert.equal(r.stdout, "True\n");
    });
  });

  for (const [label, code] of [
    [
      "by absolute path from the private temp",
      'import os, shutil, ctypes, _ctypes\np = os.environ["TMPDIR"] + "/x.so"\nshutil.copy(_ctypes.__file__, p)\nctypes.CDLL(p)',
    ],
    [
      "under a bare name that shadows a system library in the working directory",
      'import shutil, ctypes, _ctypes\nshutil.copy(_ctypes.__file__, "libm.so.6")\nctypes.CDLL("libm.so.6")',
    ],
    [
      "as an extension module imported from the workspace",
      'import shutil, _ctypes\nshutil.copy(_ctypes.__file__, "evilmod" + __import__("importlib.machinery").machinery.EXTENSION_SUFFIXES[0])\nimport evilmod',
    ],
    [
      "through _ctypes.dlopen directly",
      'import shutil, _ctypes\nshutil.copy(_ctypes.__file__, "evil.so")\n_ctypes.dlopen("./evil.so")',
    ],
    [
      "named by a str subclass",
      'import shutil, ctypes, _ctypes\nshutil.copy(_ctypes.__file__, "evil.so")\nclass S(str):\n    def startswith(self, *a): return True\nctypes.CDLL(S("./evil.so"))',
    ],
    [
      "named by a bytes subclass",
      'import os, shutil, _ctypes\nshutil.copy(_ctypes.__file__, "evil.so")\nclass B(bytes): pass\n_ctypes.dlopen(B(os.path.abspath("evil.so").encode()))',
    ],
    [
      "named by an object with __fspath__",
      'import os, shutil, _ctypes\nshutil.copy(_ctypes.__file__, "evil.so")\nclass P:\n    def __fspath__(self): return os.path.abspath("evil.so")\n_ctypes.dlopen(P())',
    ],
    [
      "as an extension module whose file does not end in .so",
      'import shutil, _ctypes, importlib.util as u, importlib.machinery as m\nshutil.copy(_ctypes.__file__, "ext.txt")\nloader = m.ExtensionFileLoader("_ctypes", "ext.txt")\nloader.create_module(u.spec_from_loader("_ctypes", loader))',
    ],
    [
      "by a relative name after a chdir (the hook must use the current directory)",
      'import os, shutil, ctypes, _ctypes\nos.makedirs("usr/lib", exist_ok=True)\nshutil.copy(_ctypes.__file__, "usr/lib/evil.so")\nos.makedirs("a/b", exist_ok=True)\nos.chdir("a/b")\nctypes.CDLL("../../usr/lib/evil.so")',
    ],
    [
      "from a read-only memfd through /proc/self/fd",
      'import os, ctypes, _ctypes\nfd = os.memfd_create("lib")\nos.write(fd, open(_ctypes.__file__, "rb").read())\nos.fchmod(fd, 0o500)\nctypes.CDLL("/proc/self/fd/%d" % fd)',
    ],
    [
      "after a Cell replaces os.path.normpath's code (the hook binds no pure-Python helper)",
      'import os, posixpath, shutil, ctypes, _ctypes\nshutil.copy(_ctypes.__file__, "evil.so")\ndef fake(path):\n    return "/usr/lib/fake.so"\nposixpath.normpath.__code__ = fake.__code__\nposixpath.realpath.__code__ = (lambda path, *, strict=False: "/usr/lib/fake.so").__code__\nctypes.CDLL(os.getcwd() + "/evil.so")',
    ],
  ] as const) {
    test(`a load ${label} is refused`, async () => {
      await withKernel(fx, async (kernel) => {
        const r = await kernel.execute(code);
        assert.equal(r.status, "error");
        assert.equal(r.error?.name, "PermissionError", r.error?.traceback);
        assert.match(r.error?.message ?? "", /^Refusing to dlopen /);
      });
    });
  }

  test("a Cell cannot disarm the hook by rewriting or deleting its defaults or code", async () => {
    await withKernel(fx, async (kernel) => {
      const found = await kernel.execute(
        'import gc\nhooks = [o for o in gc.get_objects() if getattr(o, "__name__", "") == "hook" and "_blocked" in o.__code__.co_varnames]\nlen(hooks)',
      );
      assert.equal(found.stdout, "1\n");
      await kernel.execute(
        "def helper(hook, name):\n    return [d for d in hook.__defaults__ if getattr(d, '__name__', '') == name][0]",
      );
      for (const attack of [
        "hooks[0].__defaults__ = None",
        "del hooks[0].__defaults__",
        "hooks[0].__code__ = (lambda event, args: None).__code__",
        // Its helpers, reachable through its defaults: `under` decides what is blocked,
        // `resolve` follows links.
        "helper(hooks[0], 'under').__code__ = (lambda path, roots, _len=len: False).__code__",
        "helper(hooks[0], 'under').__defaults__ = None",
        "helper(hooks[0], 'resolve').__code__ = (lambda path: '/usr/lib/x.so').__code__",
        "helper(hooks[0], 'normalize').__code__ = (lambda path: '/usr/lib/x.so').__code__",
      ]) {
        const r = await kernel.execute(attack);
        assert.equal(r.status, "error", attack);
        assert.match(r.error?.message ?? "", /cannot be modified/, attack);
      }
      const still = await kernel.execute(COPY_AND_LOAD);
      assert.match(still.error?.message ?? "", /Refusing to dlopen/);
    });
  });
});

describe("Kernel: interrupts and timeouts", { skip }, () => {
  const fx = useFixture();

  for (const [label, code, language] of [
    ["a Cell blocked in time.sleep(60)", "import time\ntime.sleep(60)", "python"],
    ["a busy loop", "while True:\n    pass", "python"],
    ["a bash Cell running sleep 60", "sleep 60", "bash"],
  ] as const) {
    test(`${label} is interrupted, and the namespace survives`, async () => {
      await withKernel(
        fx,
        async (kernel) => {
          await kernel.execute("kept = 'still here'");
          const running = kernel.execute(code, { language });
          await pause(400);
          const delivery = await kernel.interrupt();
          assert.deepEqual(delivery, { delivered: true, target: "sandbox" });
          const r = await running;
          // Not the timeout: the interrupt ended it.
          assert.equal(r.status, "interrupted");
          if (language === "python") assert.equal(r.error?.name, "KeyboardInterrupt");
          const after = await kernel.execute("kept");
          assert.equal(after.stdout, "'still here'\n");
          assert.equal(kernel.takeInterruptGap(), null);
        },
        { timeoutMs: 60_000 },
      );
    });
  }

  test("an interrupt sent right after execute() stops that Cell before it runs", async () => {
    await withKernel(fx, async (kernel) => {
      const running = kernel.execute("open('ran', 'w').close()\nimport time\ntime.sleep(60)");
      const delivery = await kernel.interrupt();
      assert.equal(delivery.delivered, true);
      const r = await running;
      assert.equal(r.status, "interrupted");
      assert.equal(existsSync(join(fx.workspace, "ran")), false, "the Cell ran");
      assert.equal((await kernel.execute("1 + 1")).stdout, "2\n");
    });
  });

  test("aborting a running Cell's signal interrupts that Cell, and the namespace survives", async () => {
    await withKernel(
      fx,
      async (kernel) => {
        await kernel.execute("kept = 'still here'");
        const controller = new AbortController();
        const running = kernel.execute("import time\ntime.sleep(60)", {
          signal: controller.signal,
        });
        await pause(400);
        controller.abort();
        const r = await running;
        assert.equal(r.status, "interrupted");
        assert.equal(r.error?.name, "KeyboardInterrupt");
        assert.equal((await kernel.execute("kept")).stdout, "'still here'\n");
      },
      { timeoutMs: 60_000 },
    );
  });

  test("aborting a queued Cell's signal stops it before it runs and leaves the running Cell alone", async () => {
    await withKernel(
      fx,
      async (kernel) => {
        const first = kernel.execute("import time\ntime.sleep(1.5)\nprint('first done')");
        const controller = new AbortController();
        const queued = kernel.execute("open('queued-ran', 'w').close()", {
          signal: controller.signal,
        });
        await pause(300);
        controller.abort();
        const [a, b] = await Promise.all([first, queued]);
        assert.equal(a.status, "ok", "the other Cell was interrupted");
        assert.equal(a.stdout, "first done\n");
        assert.equal(b.status, "interrupted");
        assert.equal(existsSync(join(fx.workspace, "queued-ran")), false, "the queued Cell ran");
      },
      { timeoutMs: 60_000 },
    );
  });

  test("a Cell whose signal is already aborted never runs; a finished Cell's abort reaches nothing", async () => {
    await withKernel(fx, async (kernel) => {
      const aborted = AbortSignal.abort();
      const r = await kernel.execute("open('pre-aborted-ran', 'w').close()", { signal: aborted });
      assert.equal(r.status, "interrupted");
      assert.equal(existsSync(join(fx.workspace, "pre-aborted-ran")), false);
      const controller = new AbortController();
      assert.equal((await kernel.execute("1 + 1", { signal: controller.signal })).stdout, "2\n");
      const next = kernel.execute("import time\ntime.sleep(0.8)\nprint('next done')");
      await pause(200);
      controller.abort();
      assert.equal((await next).stdout, "next done\n", "a late abort interrupted another Cell");
    });
  });

  test("a signal that is not an AbortSignal is refused before anything runs", async () => {
    await withKernel(fx, async (kernel) => {
      await assert.rejects(
        kernel.execute("1", { signal: {} as AbortSignal }),
        /signal must be an AbortSignal/,
      );
    });
  });

  test("an interrupt with no Cell running says so and delivers nothing", async () => {
    await withKernel(fx, async (kernel) => {
      const delivery = await kernel.interrupt();
      assert.equal(delivery.delivered, false);
      assert.match(delivery.reason ?? "", /no Cell is running/);
    });
  });

  test("a Cell that ignores interrupts is killed at its timeout with its whole process group, and the kernel restarts", async () => {
    const token = `${process.pid}${Date.now()}`.slice(-9);
    await withKernel(fx, async (kernel) => {
      await kernel.execute("before = 1");
      const r = await kernel.execute(
        [
          "import signal, subprocess, time",
          "signal.signal(signal.SIGINT, signal.SIG_IGN)",
          `child = subprocess.Popen(["sleep", "1000.${token}"], start_new_session=True)`,
          "time.sleep(60)",
        ].join("\n"),
        { timeoutMs: 2_000 },
      );
      assert.equal(r.status, "timeout");
      assert.match(r.error?.message ?? "", /process group was killed/);
      assert.equal(countProcessesWith(`1000.${token}`), 0, "a child of the Cell outlived it");
      const fresh = await kernel.execute("before");
      assert.equal(fresh.error?.name, "NameError");
      const works = await kernel.execute("1 + 1");
      assert.equal(works.stdout, "2\n");
    });
  });

  test("a worker killed under a running Cell: interrupt() answers delivered: false with a reason and records the gap", async () => {
    const warnings: string[] = [];
    await withKernel(
      fx,
      async (kernel) => {
        const running = kernel.execute("import time\ntime.sleep(60)");
        await pause(400);
        const worker = workerPids(fx.workspace);
        assert.equal(worker.length, 1, `expected one worker, found ${worker.join(", ")}`);
        process.kill(worker[0]!, "SIGKILL");
        // Asked in the same tick: the host has not yet seen the exit, so this goes to a dead worker.
        const delivery = await kernel.interrupt();
        assert.equal(delivery.delivered, false);
        assert.match(delivery.reason ?? "", /exited|not running/);
        assert.equal(kernel.takeInterruptGap(), delivery.reason);
        assert.equal(kernel.takeInterruptGap(), null, "the gap is consumed once");
        const r = await running;
        assert.equal(r.status, "error");
        assert.equal(r.error?.name, "KernelDied");
        // The next Cell gets a fresh worker.
        assert.equal((await kernel.execute("3 * 3")).stdout, "9\n");
      },
      { onWarning: (m) => warnings.push(m), timeoutMs: 60_000 },
    );
    assert.equal(warnings.filter((w) => w.includes("cannot reach the sandboxed worker")).length, 1);
  });

  test("a worker that cannot answer (stopped) is reported undelivered, the gap is said once per kernel, and the timeout recovers the Cell", async () => {
    const warnings: string[] = [];
    await withKernel(
      fx,
      async (kernel) => {
        for (let round = 0; round < 2; round += 1) {
          const running = kernel.execute(
            "import os, signal\nos.kill(os.getpid(), signal.SIGSTOP)",
            {
              timeoutMs: 3_000,
            },
          );
          await pause(400);
          const delivery = await kernel.interrupt();
          assert.equal(delivery.delivered, false);
          assert.match(delivery.reason ?? "", /did not answer within 1000 ms/);
          assert.equal(kernel.takeInterruptGap(), delivery.reason);
          assert.equal((await running).status, "timeout");
        }
      },
      { onWarning: (m) => warnings.push(m), timeoutMs: 60_000 },
    );
    const gaps = warnings.filter((w) => w.includes("cannot reach the sandboxed worker"));
    assert.equal(gaps.length, 1, `the gap was said ${gaps.length} times`);
  });
});

describe("Kernel: bad input runs nothing", { skip }, () => {
  const fx = useFixture();

  test("an empty Cell is a no-op ok", async () => {
    await withKernel(fx, async (kernel) => {
      for (const empty of ["", "   \n\t "]) {
        const r = await kernel.execute(empty);
        assert.deepEqual(
          { status: r.status, stdout: r.stdout, stderr: r.stderr },
          { status: "ok", stdout: "", stderr: "" },
        );
      }
    });
  });

  test("a Cell with a NUL byte, or in an unknown language, is refused before anything runs", async () => {
    await withKernel(fx, async (kernel) => {
      await assert.rejects(kernel.execute("open('ran', 'w')\0"), (error: unknown) => {
        assert.ok(error instanceof CellInputError);
        assert.equal(error.code, "ERR_CELL_INPUT");
        assert.match(error.message, /NUL character/);
        return true;
      });
      await assert.rejects(
        kernel.execute("open('ran', 'w')", { language: "ruby" as never }),
        /language must be one of python, bash: current value is "ruby"/,
      );
      await assert.rejects(kernel.execute("1", { timeoutMs: -5 }), CellInputError);
      assert.equal(existsSync(join(fx.workspace, "ran")), false);
      // The kernel is still usable.
      assert.equal((await kernel.execute("2")).stdout, "2\n");
    });
  });

  test("a workspace that does not exist is a configuration error, and nothing starts", async () => {
    await assert.rejects(
      startKernel({ ...fx, workspace: join(fx.root, "missing") }),
      (error: unknown) =>
        error instanceof SandboxConfigurationError && /does not exist/.test(error.message),
    );
  });

  test("a descriptor the host process inherited does not reach a Cell", async () => {
    // fd 20 of the child is an open pipe it never closes, as from a careless launcher.
    const stdio: StdioOptions = [
      "ignore",
      "pipe",
      "pipe",
      ...Array<"ignore">(17).fill("ignore"),
      "pipe",
    ];
    const child = spawn(
      process.execPath,
      [
        join(repoRoot(), "build", "test", "helpers", "kernel-one-cell.js"),
        fx.workspace,
        "import os\nsorted(int(fd) for fd in os.listdir('/proc/self/fd') if int(fd) < 100)",
      ],
      { env: { ...fx.env, PATH: "/usr/local/bin:/usr/bin:/bin" }, stdio },
    );
    let out = "";
    child.stdout?.setEncoding("utf8").on("data", (d: string) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    assert.equal(code, 0, out);
    const r = JSON.parse(out) as { status: string; stdout: string };
    assert.equal(r.status, "ok");
    // 0, 1, 2 and the descriptor listdir itself opened: nothing inherited.
    assert.equal(r.stdout, "[0, 1, 2, 3]\n");
  });

  test("50 MB of output is cut to the bound, and the host's peak RSS stays under 200 MB", async () => {
    const child = spawn(
      process.execPath,
      [join(repoRoot(), "build", "test", "helpers", "kernel-flood.js"), fx.workspace],
      {
        env: { ...fx.env, PATH: "/usr/local/bin:/usr/bin:/bin" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (out += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as {
      status: string;
      truncated: boolean;
      stdoutBytes: number;
      marker: string;
      tail: string;
      maxRssMb: number;
    };
    assert.equal(report.status, "ok");
    assert.equal(report.truncated, true);
    assert.ok(report.stdoutBytes <= 1024 * 1024 + 200, `kept ${report.stdoutBytes} bytes`);
    assert.match(
      report.marker,
      /^\[cellguard: \d+ bytes of stdout were cut; the last 1048576 bytes follow\]$/,
    );
    assert.equal(report.tail, "END\n", "the tail of the output is what is kept");
    assert.ok(report.maxRssMb < 200, `peak RSS ${report.maxRssMb} MB`);
  });
});

// The kernel worker of `workspace`: a python running the cellguard bootstrap there.
function workerPids(workspace: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "latin1");
      if (!cmdline.includes("cellguard_worker") || cmdline.includes("bwrap")) continue;
      if (readlinkSync(`/proc/${entry}/cwd`) === workspace) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

// Processes on this host whose command line contains `needle` (the sandbox's PID namespace is a
// child of ours, so its processes are visible here).
function countProcessesWith(needle: string): number {
  let count = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "latin1").includes(needle)) count += 1;
    } catch {
      // gone, or not ours to read
    }
  }
  return count;
}
