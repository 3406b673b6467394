// npm run bench (third part): the kernel's warm round trip and cold start, each beside its
// anchor measured in the same run. The round trip of the Cell `1+1` is set beside an ipykernel
// kernel driven through jupyter_client (when the Debian packages python3-ipykernel and
// python3-jupyter-client are installed); the cold start of Kernel.start beside `python3 -c pass`
// under a minimal bubblewrap and beside the self-test alone. A benchmark, not a test: a MISS is
// reported, never fatal. Exit 1 only when a row that must run could not.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createKernelSandbox, Kernel } from "../src/index.js";
import { formatRatio } from "./figures.js";
import { detectHost, SYSTEM_PYTHON } from "./host.js";
import { align } from "./render.js";
import { summarize, type Summary } from "./stats.js";
import { MINIMAL_BWRAP_FLAGS } from "./variants.js";

const ROUND_TRIPS = positive(process.env["BENCH_KERNEL_ROUND_TRIPS"], 500);
const WARM_UP = 50;
const INTERRUPTS = 20;
const COLD_STARTS = positive(process.env["BENCH_KERNEL_COLD_STARTS"], 15);
const ROUND_TRIP_VS_JUPYTER = 0.5;
const ROUND_TRIP_LIMIT_MS = 2;
const COLD_START_LIMIT = 1.5;

// Driven the way a Jupyter front end drives a kernel: execute, then wait for the reply and for
// the kernel to go idle (after the execute_result). Timed in the client, as ours is.
const JUPYTER_DRIVER = `
import json, sys, time
from jupyter_client.manager import start_new_kernel
warm, n = int(sys.argv[1]), int(sys.argv[2])
km, kc = start_new_kernel(kernel_name="python3")
try:
    def once():
        started = time.perf_counter()
        msg_id = kc.execute("1+1")
        kc.get_shell_msg(timeout=30)
        while True:
            m = kc.get_iopub_msg(timeout=30)
            if (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                    and m["content"]["execution_state"] == "idle"):
                break
        return (time.perf_counter() - started) * 1000
    for _ in range(warm):
        once()
    print(json.dumps([once() for _ in range(n)]))
finally:
    kc.stop_channels()
    km.shutdown_kernel(now=True)
`;

interface Row {
  readonly label: string;
  readonly summary: Summary | null;
  readonly note: string;
}

async function main(): Promise<number> {
  const host = detectHost();
  const python = host.python;
  console.log("cellguard kernel benchmark");
  console.log(`host    ${host.os} · ${host.cpuCount} × ${host.cpuModel} · node ${host.node}`);
  if (python === null || host.sandboxSkip !== null || host.bwrap === null) {
    console.log(
      `kernel rows skipped: ${host.sandboxSkip ?? (python === null ? `${SYSTEM_PYTHON} not found` : "no bubblewrap")}`,
    );
    return 1;
  }
  console.log(
    `python  ${python} (${host.pythonVersion ?? "version unknown"}) for the kernel and every anchor`,
  );
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-kernel-bench-")));
  const env = { ...process.env, PATH: "/usr/local/bin:/usr/bin:/bin" };
  try {
    const { samples: ours, interrupts } = await roundTrips(workspace, env, python);
    const jupyter = jupyterRoundTrips(python);
    const cold = await coldStarts(workspace, env, python, host.bwrap);

    const oursSummary = summarize(ours);
    const jupyterSummary = Array.isArray(jupyter) ? summarize(jupyter) : null;
    const vsJupyter =
      jupyterSummary === null ? null : oursSummary.medianMs / jupyterSummary.medianMs;
    const start = summarize(cold.start);
    const selfTest = summarize(cold.selfTest);
    const bare = summarize(cold.bare);
    const coldRatio = (start.medianMs - selfTest.medianMs) / bare.medianMs;

    const targets = [
      {
        name: "warm round trip vs Jupyter",
        value: vsJupyter,
        limit: `≤ ${ROUND_TRIP_VS_JUPYTER}×`,
        pass: vsJupyter === null ? null : vsJupyter <= ROUND_TRIP_VS_JUPYTER,
        shown: vsJupyter === null ? "-" : formatRatio(vsJupyter),
      },
      {
        name: "warm round trip",
        value: oursSummary.medianMs,
        limit: `< ${ROUND_TRIP_LIMIT_MS} ms`,
        pass: oursSummary.medianMs < ROUND_TRIP_LIMIT_MS,
        shown: `${ms(oursSummary.medianMs)} ms`,
      },
      {
        name: "cold start minus the self-test, vs python3 -c pass under minimal bwrap",
        value: coldRatio,
        limit: `≤ ${COLD_START_LIMIT}×`,
        pass: coldRatio <= COLD_START_LIMIT,
        shown: formatRatio(coldRatio),
      },
    ];

    const rows: (Row | string)[] = [
      `warm round trip of the Cell 1+1 (after ${WARM_UP} warm-up Cells)`,
      {
        label: "cellguard Kernel.execute",
        summary: oursSummary,
        note: vsJupyter === null ? "" : `${formatRatio(vsJupyter)} Jupyter`,
      },
      {
        label: "ipykernel via jupyter_client",
        summary: jupyterSummary,
        note: Array.isArray(jupyter) ? "anchor" : jupyter,
      },
      `interrupt of a Cell blocked in time.sleep(60), until its result`,
      { label: "Kernel.interrupt", summary: summarize(interrupts), note: "must land within 1 s" },
      `cold start (each round: one of each, interleaved)`,
      {
        label: "Kernel.start (self-test + worker)",
        summary: start,
        note: `${formatRatio(start.medianMs / bare.medianMs)} bare python under bwrap`,
      },
      { label: "self-test alone (createKernelSandbox)", summary: selfTest, note: "" },
      { label: "python3 -c pass under minimal bwrap", summary: bare, note: "anchor" },
    ];
    const grid = [
      ["", "n", "median ms", "p25–p75 ms", "vs anchor (same run)"],
      ...rows.map((row) =>
        typeof row === "string"
          ? row
          : [
              `  ${row.label}`,
              row.summary === null ? "-" : String(row.summary.n),
              row.summary === null ? "-" : ms(row.summary.medianMs),
              row.summary === null ? "" : `${ms(row.summary.p25Ms)}–${ms(row.summary.p75Ms)}`,
              row.note,
            ],
      ),
    ];
    console.log("");
    for (const line of align(grid, new Set([1, 2]))) console.log(line);
    console.log("");
    console.log("targets (issue 4)");
    for (const t of targets) {
      const verdict = t.pass === null ? "NOT MEASURED" : t.pass ? "PASS" : "MISS";
      console.log(`  ${t.name}: ${t.shown} (${t.limit}) ${verdict}`);
    }
    console.log(
      JSON.stringify({
        kernel_round_trip_ms: oursSummary.medianMs,
        jupyter_round_trip_ms: jupyterSummary?.medianMs ?? null,
        jupyter_absent: Array.isArray(jupyter) ? null : jupyter,
        interrupt_ms: summarize(interrupts).medianMs,
        kernel_start_ms: start.medianMs,
        self_test_ms: selfTest.medianMs,
        bare_python_bwrap_ms: bare.medianMs,
        targets: targets.map(({ name, value, pass }) => ({ name, value, pass })),
      }),
    );
    return 0;
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

async function roundTrips(
  workspace: string,
  env: NodeJS.ProcessEnv,
  python: string,
): Promise<{ samples: number[]; interrupts: number[] }> {
  const kernel = await Kernel.start({ workspace, env, python, sandbox: { mode: "enforce" } });
  try {
    for (let i = 0; i < WARM_UP; i += 1) await kernel.execute("1+1");
    const samples: number[] = [];
    for (let i = 0; i < ROUND_TRIPS; i += 1) {
      const started = performance.now();
      const r = await kernel.execute("1+1");
      samples.push(performance.now() - started);
      if (r.stdout !== "2\n") throw new Error(`the Cell 1+1 printed ${JSON.stringify(r.stdout)}`);
    }
    // From interrupt() to the interrupted Cell's result, for a Cell blocked in time.sleep(60).
    const interrupts: number[] = [];
    for (let i = 0; i < INTERRUPTS; i += 1) {
      const running = kernel.execute("import time\ntime.sleep(60)");
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const delivery = await kernel.interrupt();
      const r = await running;
      interrupts.push(performance.now() - started);
      if (!delivery.delivered || r.status !== "interrupted") {
        throw new Error(`the interrupt did not land: ${delivery.reason ?? r.status}`);
      }
    }
    return { samples, interrupts };
  } finally {
    await kernel.close();
  }
}

/** The samples, or why Jupyter could not be measured here. */
function jupyterRoundTrips(python: string): number[] | string {
  const probe = spawnSync(python, ["-c", "import jupyter_client, ipykernel"], {
    encoding: "utf8",
  });
  if (probe.status !== 0) {
    return "not installed (apt-get install python3-ipykernel python3-jupyter-client)";
  }
  const r = spawnSync(python, ["-c", JUPYTER_DRIVER, String(WARM_UP), String(ROUND_TRIPS)], {
    encoding: "utf8",
    timeout: 300_000,
  });
  if (r.status !== 0) return `could not be driven: ${r.stderr.trim().split("\n").pop() ?? ""}`;
  return JSON.parse(r.stdout) as number[];
}

async function coldStarts(
  workspace: string,
  env: NodeJS.ProcessEnv,
  python: string,
  bwrap: string,
): Promise<{ start: number[]; selfTest: number[]; bare: number[] }> {
  const start: number[] = [];
  const selfTest: number[] = [];
  const bare: number[] = [];
  const onWarning = (): void => undefined;
  for (let round = -1; round < COLD_STARTS; round += 1) {
    // Round -1 warms the page cache and is not kept.
    let t = performance.now();
    const kernel = await Kernel.start({
      workspace,
      env,
      python,
      onWarning,
      sandbox: { mode: "enforce" },
    });
    const startMs = performance.now() - t;
    await kernel.close();

    t = performance.now();
    const sandbox = await createKernelSandbox({ workspace, env, mode: "enforce", onWarning });
    const selfTestMs = performance.now() - t;
    sandbox.close();

    t = performance.now();
    await spawnAndWait(bwrap, [...MINIMAL_BWRAP_FLAGS, python, "-c", "pass"]);
    const bareMs = performance.now() - t;
    if (round >= 0) {
      start.push(startMs);
      selfTest.push(selfTestMs);
      bare.push(bareMs);
    }
  }
  return { start, selfTest, bare };
}

function spawnAndWait(file: string, args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${file} exited with ${String(code)}`)),
    );
  });
}

function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

function positive(raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) {
    throw new RangeError(`expected a whole number from 1 to 100000: current value is ${raw}`);
  }
  return n;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `kernel benchmark failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
