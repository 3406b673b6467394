// npm run bench: what the kernel sandbox costs per command, printed beside the anchors it is
// judged against (bare spawn, a minimal bubblewrap, the srt CLI), all measured in the same run.
// A benchmark, not a test: a MISS is reported, never fatal. Exit 1 only when a row that must
// run could not (no build, a sandbox that cannot be proven, a command that fails).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createKernelSandbox, type KernelSandbox } from "../src/index.js";
import { hostPlatform } from "../src/platform/select.js";
import {
  commandSection,
  selfTestSection,
  startupSection,
  type Figures,
  type Section,
  type Target,
} from "./figures.js";
import { detectHost, SRT_INSTALL_HINT, type HostFacts } from "./host.js";
import {
  renderHeader,
  renderJson,
  renderRss,
  renderTable,
  renderTargets,
  type PeakRss,
} from "./render.js";
import { runInterleaved, type ScheduleResult } from "./schedule.js";
import { elapsedMs } from "./stats.js";
import {
  commandVariants,
  measurePeakRss,
  nodeBootVariant,
  selfTestVariant,
  timeSeccompRender,
  type BenchContext,
  type CommandSpec,
  type RowKind,
  type RunPlan,
} from "./variants.js";

/** About 70 s on a 2-vCPU host with srt installed; BENCH_RUNS=N overrides. */
const DEFAULT_RUNS = 30;
const MAX_RUNS = 10_000;

/** sandbox-anchors.md §8: workspace writable, no network (srt still starts its proxies). */
const SRT_SETTINGS = {
  network: { allowedDomains: [], deniedDomains: [] },
  filesystem: { denyRead: [], allowWrite: ["."], denyWrite: [] },
};

interface Measured {
  readonly result: ScheduleResult;
  readonly firstCreateMs: number | null;
  readonly seccompRenderMs: number | null;
  readonly rss: readonly PeakRss[] | null;
}

async function main(): Promise<number> {
  const plan = runPlan(process.env["BENCH_RUNS"]);
  const host = detectHost();
  if (host.cli === null) {
    throw new Error("build/cellguard.cjs is missing: run `npm run build` (npm run bench does)");
  }
  const root = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-bench-")));
  try {
    await bench(host, plan, { root, cli: host.cli });
    return 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function bench(
  host: HostFacts,
  plan: RunPlan,
  paths: { root: string; cli: string },
): Promise<void> {
  const workspace = join(paths.root, "workspace");
  const scratch = join(paths.root, "scratch");
  mkdirSync(workspace);
  mkdirSync(scratch);
  const commands = benchCommands(host);
  const { absent, notes } = absentRows(host);
  for (const line of [...renderHeader(host, plan), ...notes]) console.log(line);
  console.log("");

  const created = process.hrtime.bigint();
  const sandbox = host.sandboxSkip === null ? await createSandbox(workspace) : null;
  // The first self-test in a cold process: what a long-lived agent pays once.
  const firstCreateMs = sandbox === null ? null : elapsedMs(created);
  let measured: Measured;
  try {
    const ctx: BenchContext = {
      workspace,
      scratch,
      plan,
      cli: paths.cli,
      bwrap: host.sandboxSkip === null ? host.bwrap : null,
      sandbox,
      srt: srtSetup(host, scratch),
    };
    measured = { ...(await measure(ctx, host, commands)), firstCreateMs };
  } finally {
    sandbox?.close();
  }
  report({ host, plan, commands, absent, notes }, measured);
}

/** Created once, as an agent would: the self-test runs here and its result is kept. */
async function createSandbox(workspace: string): Promise<KernelSandbox> {
  // enforce: a sandbox that cannot be proven must stop the benchmark, not time unwrapped runs.
  return createKernelSandbox({ workspace, mode: "enforce" });
}

async function measure(
  ctx: BenchContext,
  host: HostFacts,
  commands: readonly CommandSpec[],
): Promise<Omit<Measured, "firstCreateMs">> {
  const variants = commands.flatMap((command) => commandVariants(ctx, command));
  if (ctx.sandbox !== null) variants.push(selfTestVariant(ctx), nodeBootVariant(ctx));
  const rounds = Math.max(...variants.map((v) => v.runs)) + ctx.plan.warmFast;
  console.log(`measuring ${variants.length} variants over ${rounds} interleaved rounds…`);
  const result = await runInterleaved(variants, progressReporter());
  const seccompRenderMs = ctx.sandbox === null ? null : timeSeccompRender(hostPlatform().arch);
  const rss: PeakRss[] = [];
  if (ctx.sandbox !== null && host.gnuTime !== null) {
    for (const command of commands) {
      const kib = await measurePeakRss(ctx, host.gnuTime, command);
      rss.push({ command: command.label, execKib: kib.exec, srtKib: kib.srt });
    }
  }
  return { result, seccompRenderMs, rss: rss.length === 0 ? null : rss };
}

function report(
  setup: {
    host: HostFacts;
    plan: RunPlan;
    commands: readonly CommandSpec[];
    absent: Partial<Record<RowKind, string>>;
    notes: readonly string[];
  },
  measured: Measured,
): void {
  const figures: Figures = { result: measured.result, absent: setup.absent };
  const [first] = setup.commands;
  const python = setup.commands.find((c) => c.key === "python") ?? null;
  const sections: Section[] = setup.commands.map((c) => commandSection(figures, c));
  if (setup.host.sandboxSkip === null && first !== undefined) {
    sections.push(selfTestSection(figures, python), startupSection(figures, first));
  }
  const targets: Target[] = sections.flatMap((s) =>
    s.rows.flatMap((r) => (r.target === null ? [] : [r.target])),
  );
  const lines = [...renderTable(sections), ""];
  if (measured.firstCreateMs !== null) {
    lines.push(
      `first createKernelSandbox in this process (cold, self-test included): ${measured.firstCreateMs.toFixed(2)} ms`,
    );
  }
  if (measured.seccompRenderMs !== null) {
    lines.push(
      `seccomp program render: ${measured.seccompRenderMs.toFixed(3)} ms (in-process median; part of the host side)`,
    );
  }
  lines.push(...rssLines(setup.host, measured.rss), renderTargets(targets));
  for (const line of lines) console.log(line);
  const { host, plan, notes } = setup;
  const { firstCreateMs, seccompRenderMs, rss: peakRssKib } = measured;
  console.log(
    renderJson({
      host,
      plan,
      sections,
      targets,
      firstCreateMs,
      seccompRenderMs,
      peakRssKib,
      notes,
    }),
  );
}

function rssLines(host: HostFacts, rss: readonly PeakRss[] | null): string[] {
  if (rss !== null) {
    return ["peak RSS (GNU time %M: largest process in the tree; median of 3):", ...renderRss(rss)];
  }
  if (host.sandboxSkip !== null) return [];
  return ["peak RSS: not measured (/usr/bin/time, GNU time, is not installed)"];
}

function benchCommands(host: HostFacts): CommandSpec[] {
  const commands: CommandSpec[] = [
    { key: "true", label: "/bin/true", title: "/bin/true", argv: ["/bin/true"] },
  ];
  if (host.python !== null) {
    const label = `${host.python} -c pass`;
    commands.push({
      key: "python",
      label,
      title: `${label} (system interpreter, ${host.pythonVersion ?? "version unknown"})`,
      argv: [host.python, "-c", "pass"],
    });
  }
  return commands;
}

/** Rows that cannot run on this host, each with the reason printed in its place. */
function absentRows(host: HostFacts): {
  absent: Partial<Record<RowKind, string>>;
  notes: string[];
} {
  const notes: string[] = [];
  const absent: Partial<Record<RowKind, string>> = {};
  if (host.sandboxSkip !== null) {
    // The full reason is printed once, above the table; the rows only point at it.
    const skipped = "skipped: no usable bubblewrap (see above)";
    Object.assign(absent, { bwrap: skipped, library: skipped, exec: skipped, srt: skipped });
    notes.push(`sandbox rows skipped: ${host.sandboxSkip}`);
  } else if (host.srt === null) {
    absent.srt = "not installed (see above)";
    notes.push(`srt: not installed (${SRT_INSTALL_HINT})`);
  }
  if (host.python === null) notes.push("python rows skipped: /usr/bin/python3 not found");
  if (host.sandboxSkip === null) {
    notes.push(
      "cellguard exec runs with --mode enforce: a self-test failure fails the row instead of timing an unsandboxed run",
    );
  }
  return { absent, notes };
}

function srtSetup(host: HostFacts, scratch: string): BenchContext["srt"] {
  if (host.srt === null || host.sandboxSkip !== null) return null;
  const settings = join(scratch, "srt-settings.json");
  writeFileSync(settings, JSON.stringify(SRT_SETTINGS));
  return { executable: host.srt, settings };
}

function runPlan(raw: string | undefined): RunPlan {
  const fast = raw === undefined || raw.trim() === "" ? DEFAULT_RUNS : Number(raw);
  if (!Number.isInteger(fast) || fast < 1 || fast > MAX_RUNS) {
    throw new RangeError(
      `BENCH_RUNS must be a whole number from 1 to ${MAX_RUNS}: current value is ${JSON.stringify(raw)}`,
    );
  }
  // Slow rows each cost a Node start-up (srt: half a second), so they get half the runs.
  return { fast, slow: Math.ceil(fast / 2), warmFast: 3, warmSlow: 2 };
}

/** Progress on a terminal only; a redirected run keeps its output to the table and the JSON. */
function progressReporter(): (message: string) => void {
  if (!process.stderr.isTTY) return () => undefined;
  return (message) => process.stderr.write(`\r\x1b[K${message}`);
}

main().then(
  (code) => {
    if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
    process.exitCode = code;
  },
  (error: unknown) => {
    if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
    console.error(
      `bench: could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
