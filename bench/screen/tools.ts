// The external anchors: GNU grep over the text file and Bandit over the Cells and the code
// corpora. Each is found on PATH (absolute path), spawned with an argument array, and timed from
// spawn to exit, start-up included (a few ms against seconds of work for grep).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { elapsedMs } from "../stats.js";

export interface ToolRun {
  readonly ms: number;
  readonly status: number | null;
  readonly timedOut: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

export interface ToolOptions {
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
}

export function runTool(file: string, args: readonly string[], options: ToolOptions): ToolRun {
  const started = process.hrtime.bigint();
  const result = spawnSync(file, args, {
    encoding: "utf8",
    timeout: options.timeoutMs,
    killSignal: "SIGKILL",
    maxBuffer: 512 * 1024 * 1024,
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.env === undefined ? {} : { env: options.env }),
  });
  const ms = elapsedMs(started);
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  if (result.error !== undefined && code !== "ETIMEDOUT") throw result.error;
  return {
    ms,
    status: result.status,
    timedOut: code === "ETIMEDOUT",
    stdout: result.stdout ?? "",
    stderr: result.stderr ?? "",
  };
}

/** The first line of `tool --version`, or null. */
export function versionOf(file: string): string | null {
  const run = runTool(file, ["--version"], { timeoutMs: 15_000 });
  const line = `${run.stdout}${run.stderr}`.trim().split("\n")[0] ?? "";
  return run.status === 0 && line !== "" ? line : null;
}

/** process.env without its undefined holes, with overrides. */
export function envWith(overrides: Readonly<Record<string, string>>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...overrides };
}

export interface GrepPlan {
  readonly grep: string;
  readonly pattern: string;
  readonly file: string;
  /** LC_ALL for the run. */
  readonly locale: string;
}

export interface GrepRun {
  readonly ms: number | null;
  /** grep -c's count of matching lines. */
  readonly matchingLines: number | null;
  readonly timedOut: boolean;
  readonly stderr: string;
}

/** One `grep -E -i -c` run over the whole file. Exit 1 (no line matched) is a clean run. */
export function grepOnce(plan: GrepPlan, timeoutMs: number): GrepRun {
  // The pattern goes in a file: our anchor literals as one ERE are longer than one argument
  // may be (MAX_ARG_STRLEN, 128 KiB). One line, so it is the same single ERE as `-e`.
  const patternFile = `${plan.file}.ere`;
  writeFileSync(patternFile, `${plan.pattern}\n`);
  const run = runTool(plan.grep, ["-E", "-i", "-c", "-f", patternFile, "--", plan.file], {
    env: envWith({ LC_ALL: plan.locale }),
    timeoutMs,
  });
  if (run.timedOut) return { ms: null, matchingLines: null, timedOut: true, stderr: run.stderr };
  if (run.status !== 0 && run.status !== 1) {
    throw new Error(
      `grep exited ${run.status ?? "on a signal"}: ${run.stderr.trim().slice(0, 300)}`,
    );
  }
  const count = Number.parseInt(run.stdout.trim(), 10);
  return {
    ms: run.ms,
    matchingLines: Number.isFinite(count) ? count : null,
    timedOut: false,
    stderr: run.stderr.trim(),
  };
}

export interface BanditIssue {
  readonly filename: string;
  readonly issue_severity: string;
  readonly test_id: string;
}

export interface BanditReport {
  readonly ms: number;
  readonly results: readonly BanditIssue[];
  /** Files Bandit could not parse (it reports them and skips them). */
  readonly errors: readonly { readonly filename: string }[];
}

/**
 * `bandit -f json -q` over files or (with -r) a directory. Exit 1 means issues were found;
 * only a missing or malformed JSON report is an error.
 */
export function runBandit(
  bandit: string,
  targets: readonly string[],
  timeoutMs: number,
): BanditReport {
  const run = runTool(bandit, ["-f", "json", "-q", ...targets], { timeoutMs });
  if (run.timedOut) throw new Error(`bandit timed out after ${timeoutMs / 1000} s`);
  let parsed: Partial<BanditReport>;
  try {
    parsed = JSON.parse(run.stdout) as Partial<BanditReport>;
  } catch {
    throw new Error(
      `bandit exited ${run.status ?? "on a signal"} without a JSON report: ${run.stderr.trim().slice(0, 300)}`,
    );
  }
  return { ms: run.ms, results: parsed.results ?? [], errors: parsed.errors ?? [] };
}

/** Severity MEDIUM or HIGH: what counts as "flagged" for Bandit in this benchmark. */
export function flaggedFiles(report: BanditReport): Set<string> {
  return new Set(
    report.results
      .filter((r) => r.issue_severity === "MEDIUM" || r.issue_severity === "HIGH")
      .map((r) => basename(r.filename)),
  );
}
