// The rows of the benchmark, one Variant each, all run in the same temp workspace. Rows that
// compare against each other spawn the same way, so a ratio measures the sandbox, not Node.
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import {
  buildKernelEnvironment,
  createKernelSandbox,
  renderSeccompProgram,
  runWrapped,
  type KernelSandbox,
  type KernelSandboxOptions,
} from "../src/index.js";
import { hostEnv, peakRssKib, plainCommand, timeRun, type Launch } from "./processes.js";
import type { Sample, Variant } from "./schedule.js";
import { elapsedMs, median } from "./stats.js";

export interface RunPlan {
  /** Runs per fast row (spawns, the library wrap, the self-test). */
  readonly fast: number;
  /** Runs per slow row (cellguard exec, srt, node -e 0): each costs a Node start-up or more. */
  readonly slow: number;
  readonly warmFast: number;
  readonly warmSlow: number;
}

export interface CommandSpec {
  /** Short key for ids and JSON: "true", "python". */
  readonly key: string;
  /** The command line, short: "/bin/true". */
  readonly label: string;
  /** The section heading: the command line with anything a reader must know about it. */
  readonly title: string;
  readonly argv: readonly string[];
}

export interface BenchContext {
  readonly workspace: string;
  /** Private scratch space outside the workspace (srt settings, GNU time output). */
  readonly scratch: string;
  readonly plan: RunPlan;
  readonly cli: string;
  readonly bwrap: string | null;
  /** Created once; null when the sandbox rows are skipped. */
  readonly sandbox: KernelSandbox | null;
  readonly srt: { readonly executable: string; readonly settings: string } | null;
}

export type RowKind = "bare" | "bwrap" | "library" | "exec" | "srt";

/** Exactly the minimal bubblewrap of sandbox-anchors.md §8. */
export const MINIMAL_BWRAP_FLAGS: readonly string[] = [
  "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--unshare-all", "--die-with-parent",
]; // prettier-ignore

const SELF_TEST_ID = "selftest";
const NODE_BOOT_ID = "ref/node";
const SECCOMP_RENDER_CALLS = 200;
const RSS_RUNS = 3;

export function variantId(command: CommandSpec, kind: RowKind): string {
  return `${command.key}/${kind}`;
}

export function selfTestId(): string {
  return SELF_TEST_ID;
}

export function nodeBootId(): string {
  return NODE_BOOT_ID;
}

export function commandVariants(ctx: BenchContext, command: CommandSpec): Variant[] {
  // Rows 1 and 2 get the same filtered environment the library row gets, minus its temp fix-up.
  const workerEnv = buildKernelEnvironment(process.env, { cwd: ctx.workspace, mode: "exec" });
  const fixed = (argv: readonly string[], env: Readonly<Record<string, string>>): Launch => ({
    command: plainCommand(argv),
    cwd: ctx.workspace,
    env,
  });
  const fast = { runs: ctx.plan.fast, warmups: ctx.plan.warmFast, optional: false };
  const slow = { runs: ctx.plan.slow, warmups: ctx.plan.warmSlow };
  const variants: Variant[] = [];
  const bare = fixed(command.argv, workerEnv);
  variants.push({ ...fast, ...named(command, "bare"), run: () => sampled(() => bare) });
  if (ctx.bwrap !== null) {
    const bwrap = fixed([ctx.bwrap, ...MINIMAL_BWRAP_FLAGS, ...command.argv], workerEnv);
    variants.push({ ...fast, ...named(command, "bwrap"), run: () => sampled(() => bwrap) });
  }
  const sandbox = ctx.sandbox;
  if (sandbox !== null) {
    const library = (): Launch => libraryLaunch(sandbox, ctx.workspace, command.argv);
    variants.push({ ...fast, ...named(command, "library"), run: () => sampled(library) });
    const exec = fixed(execArgv(ctx, command.argv), cliEnv());
    variants.push({
      ...slow,
      ...named(command, "exec"),
      optional: false,
      run: () => sampled(() => exec),
    });
  }
  if (ctx.srt !== null) {
    const srt = fixed(srtArgv(ctx.srt, command.argv), hostEnv());
    // srt's CLI leaves /tmp/srt-mux-<pid>-0.sock behind on every run (§8): remove ours.
    const cleanup = (pid: number | undefined): void => {
      if (pid !== undefined) rmSync(join(tmpdir(), `srt-mux-${pid}-0.sock`), { force: true });
    };
    variants.push({
      ...slow,
      ...named(command, "srt"),
      optional: true,
      run: () => sampled(() => srt, cleanup),
    });
  }
  return variants;
}

/** The library as an embedding agent uses it: wrap and environment per command, spawn, wait. */
function libraryLaunch(sandbox: KernelSandbox, workspace: string, argv: readonly string[]): Launch {
  const env = sandbox.applyEnvironment(
    buildKernelEnvironment(process.env, { cwd: workspace, mode: "exec" }),
  );
  return { command: sandbox.wrap(argv), cwd: workspace, env };
}

// --mode enforce costs nothing when the self-test passes, and turns a silent fallback to an
// unsandboxed run (which would flatter the figure) into a failed row. The program itself, as a
// user on PATH runs it: its launcher line is part of what `cellguard exec` costs.
function execArgv(ctx: BenchContext, argv: readonly string[]): string[] {
  return [ctx.cli, "exec", "--mode", "enforce", "--workspace", ctx.workspace, "--", ...argv];
}

function srtArgv(srt: NonNullable<BenchContext["srt"]>, argv: readonly string[]): string[] {
  return [srt.executable, "--settings", srt.settings, "--", ...argv];
}

export function selfTestVariant(ctx: BenchContext): Variant {
  return {
    id: SELF_TEST_ID,
    label: "self-test (fresh createKernelSandbox)",
    runs: ctx.plan.fast,
    warmups: ctx.plan.warmFast,
    optional: false,
    run: () => timeSelfTest(ctx.workspace),
  };
}

/**
 * The host environment with this benchmark's node first on PATH: the CLI's launcher starts
 * `node` from PATH, and the figures must be this node's.
 */
function cliEnv(): Record<string, string> {
  const path = process.env["PATH"];
  const nodeDir = dirname(process.execPath);
  return hostEnv({ PATH: path === undefined ? nodeDir : `${nodeDir}${delimiter}${path}` });
}

/**
 * Node's own start-up, the floor under every cellguard exec run: started as exec's launcher
 * starts it, without NODE_EXTRA_CA_CERTS (see scripts/bundle.mjs).
 */
export function nodeBootVariant(ctx: BenchContext): Variant {
  const env = hostEnv();
  delete env["NODE_EXTRA_CA_CERTS"];
  const launch: Launch = {
    command: plainCommand([process.execPath, "-e", "0"]),
    cwd: ctx.workspace,
    env,
  };
  return {
    id: NODE_BOOT_ID,
    label: "node -e 0",
    runs: ctx.plan.slow,
    warmups: ctx.plan.warmSlow,
    optional: false,
    run: () => sampled(() => launch),
  };
}

/**
 * One fresh createKernelSandbox, timed to the resolved promise; close() is cleanup, not measured.
 * The runner only wraps the default runWrapped to time the probe process on its own.
 */
async function timeSelfTest(workspace: string): Promise<Sample> {
  let probeMs = Number.NaN;
  const runner: NonNullable<KernelSandboxOptions["runner"]> = async (command, options) => {
    const started = process.hrtime.bigint();
    try {
      return await runWrapped(command, options);
    } finally {
      probeMs = elapsedMs(started);
    }
  };
  const started = process.hrtime.bigint();
  const sandbox = await createKernelSandbox({ workspace, mode: "enforce", runner });
  const ms = elapsedMs(started);
  sandbox.close();
  return { ms, parts: { probe: probeMs, host: ms - probeMs } };
}

/** In-process and pure CPU, so a tight loop is fair here; it is part of the host-side cost. */
export function timeSeccompRender(arch: string): number {
  const samples: number[] = [];
  for (let i = 0; i < SECCOMP_RENDER_CALLS; i++) {
    const started = process.hrtime.bigint();
    renderSeccompProgram(arch);
    samples.push(elapsedMs(started));
  }
  return median(samples);
}

/** Median peak RSS (KiB) of cellguard exec and, when present, srt; measured after the timing. */
export async function measurePeakRss(
  ctx: BenchContext,
  gnuTime: string,
  command: CommandSpec,
): Promise<{ exec: number; srt: number | null }> {
  const out = join(ctx.scratch, "gnu-time.out");
  const exec: Launch = {
    command: plainCommand(execArgv(ctx, command.argv)),
    cwd: ctx.workspace,
    env: cliEnv(),
  };
  const execKib = await medianOf(RSS_RUNS, () => peakRssKib(gnuTime, exec, out));
  if (ctx.srt === null) return { exec: execKib, srt: null };
  // Under GNU time srt's pid is unknown, so its leaked sockets go to a temp dir removed at the end.
  const srtTemp = join(ctx.scratch, "srt-tmp");
  mkdirSync(srtTemp, { recursive: true });
  const srt: Launch = {
    command: plainCommand(srtArgv(ctx.srt, command.argv)),
    cwd: ctx.workspace,
    env: hostEnv({ TMPDIR: srtTemp }),
  };
  return { exec: execKib, srt: await medianOf(RSS_RUNS, () => peakRssKib(gnuTime, srt, out)) };
}

async function medianOf(runs: number, measure: () => Promise<number>): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < runs; i++) values.push(await measure());
  return median(values);
}

function named(command: CommandSpec, kind: RowKind): { id: string; label: string } {
  return { id: variantId(command, kind), label: `${kind} ${command.label}` };
}

async function sampled(
  prepare: () => Launch,
  afterExit?: (pid: number | undefined) => void,
): Promise<Sample> {
  return { ms: await timeRun(prepare, afterExit) };
}
