// Output: a compact aligned table for people, then one JSON line for machines. The table aligner
// and the targets line serve the screening benchmark too (screen.bench.ts, screen/report.ts).
import type { Row, Section, Target } from "./figures.js";
import type { HostFacts } from "./host.js";
import type { Summary } from "./stats.js";
import type { RunPlan } from "./variants.js";

export interface PeakRss {
  readonly command: string;
  readonly execKib: number;
  readonly srtKib: number | null;
}

const HEADER = ["", "n", "median ms", "p25–p75 ms", "vs anchor (same run)", "target"];
/** Columns that hold numbers are right-aligned. */
const RIGHT_ALIGNED = new Set([1, 2]);

export function renderTable(sections: readonly Section[]): string[] {
  const grid: (string[] | string)[] = [HEADER];
  for (const section of sections) {
    grid.push(section.title);
    for (const row of section.rows) grid.push(rowCells(row));
  }
  return align(grid, RIGHT_ALIGNED);
}

/** Columns padded to their widest cell; a bare string is a title line. */
export function align(
  grid: readonly (readonly string[] | string)[],
  rightAligned: ReadonlySet<number>,
): string[] {
  const columns = Math.max(...grid.map((line) => (typeof line === "string" ? 0 : line.length)));
  const widths = Array.from({ length: columns }, (_, column) =>
    Math.max(...grid.map((line) => (typeof line === "string" ? 0 : (line[column] ?? "").length))),
  );
  return grid.map((line) =>
    typeof line === "string"
      ? line
      : line
          .map((cell, column) =>
            rightAligned.has(column)
              ? cell.padStart(widths[column] ?? 0)
              : cell.padEnd(widths[column] ?? 0),
          )
          .join("  ")
          .trimEnd(),
  );
}

function rowCells(row: Row): string[] {
  const s = row.summary;
  return [
    `  ${row.label}`,
    s === null ? "-" : String(s.n),
    s === null ? "-" : ms(s.medianMs),
    s === null ? "" : `${ms(s.p25Ms)}–${ms(s.p75Ms)}`,
    row.anchor,
    row.target === null ? "" : targetText(row.target),
  ];
}

function targetText(target: Target): string {
  const verdict = target.pass ? "PASS" : "MISS";
  const limit = target.unit === "x" ? `≤ ${target.limit}×` : `< ${target.limit} ms`;
  return `${limit} ${verdict}${target.basis === "recorded" ? " (vs recorded srt)" : ""}`;
}

export function renderHeader(host: HostFacts, plan: RunPlan): string[] {
  const tools = [
    host.bwrapVersion ?? (host.bwrap === null ? "no bwrap" : "bwrap (version unknown)"),
    host.srt === null ? "srt not installed" : `srt ${host.srtVersion ?? "(version unknown)"}`,
  ];
  const python =
    host.python === null
      ? "/usr/bin/python3 not found: the python rows are skipped"
      : `${host.python} (the system interpreter, ${host.pythonVersion ?? "version unknown"}; not a pyenv shim)`;
  return [
    "cellguard sandbox benchmark",
    `host    ${host.os} · ${host.cpuCount} × ${host.cpuModel} · node ${host.node} · ${tools.join(" · ")}`,
    `python  ${python}`,
    `plan    ${plan.fast} runs per fast row, ${plan.slow} per slow row (cellguard exec, srt, node -e 0);` +
      ` warm-ups ${plan.warmFast}/${plan.warmSlow}; interleaved round-robin (BENCH_RUNS=N to change)`,
    "        wall time from spawn (or wrap) to close; median and interquartile range",
    ...(!host.extraCaCerts
      ? []
      : [
          "note    NODE_EXTRA_CA_CERTS is set: Node 20 parses that file at every start-up. srt pays",
          "        it; cellguard exec's launcher drops it (exec opens no TLS connection)",
        ]),
  ];
}

export function renderRss(rss: readonly PeakRss[]): string[] {
  return rss.map((r) => {
    const srt =
      r.srtKib === null
        ? ""
        : `  ${(r.execKib / r.srtKib).toFixed(2)}× srt (${mib(r.srtKib)} measured)`;
    return `  cellguard exec ${r.command}: ${mib(r.execKib)}${srt}`;
  });
}

export function renderTargets(
  targets: readonly { readonly name: string; readonly pass: boolean }[],
): string {
  if (targets.length === 0) return "targets: none measured (their rows were skipped)";
  const missed = targets.filter((t) => !t.pass);
  const misses = missed.length === 0 ? "" : ` — missed: ${missed.map((t) => t.name).join("; ")}`;
  return `targets: ${targets.length - missed.length} PASS, ${missed.length} MISS${misses}`;
}

export interface JsonInput {
  readonly host: HostFacts;
  readonly plan: RunPlan;
  readonly sections: readonly Section[];
  readonly targets: readonly Target[];
  readonly firstCreateMs: number | null;
  readonly seccompRenderMs: number | null;
  readonly peakRssKib: readonly PeakRss[] | null;
  readonly notes: readonly string[];
}

export function renderJson(input: JsonInput): string {
  const sections = Object.fromEntries(
    input.sections.map((section) => [
      section.key,
      Object.fromEntries(section.rows.map((row) => [row.key, jsonRow(row)])),
    ]),
  );
  return JSON.stringify({
    bench: "sandbox",
    schema: 1,
    host: input.host,
    plan: input.plan,
    sections,
    firstCreateMs: input.firstCreateMs === null ? null : round(input.firstCreateMs),
    seccompRenderMs: input.seccompRenderMs === null ? null : round(input.seccompRenderMs),
    peakRssKib: input.peakRssKib,
    targets: input.targets.map((t) => ({ ...t, value: round(t.value) })),
    notes: input.notes,
  });
}

function jsonRow(row: Row): Record<string, unknown> {
  return {
    label: row.label.trim(),
    ...(row.summary === null ? { summary: null } : { summary: roundSummary(row.summary) }),
    anchor: row.anchor,
    ratio: row.ratio === null ? null : round(row.ratio),
    pairedRatio: row.pairedRatio === null ? null : round(row.pairedRatio),
  };
}

function roundSummary(s: Summary): Record<string, number> {
  return {
    n: s.n,
    medianMs: round(s.medianMs),
    p25Ms: round(s.p25Ms),
    p75Ms: round(s.p75Ms),
    minMs: round(s.minMs),
    maxMs: round(s.maxMs),
  };
}

function ms(value: number): string {
  return value.toFixed(2);
}

function mib(kib: number): string {
  return `${(kib / 1024).toFixed(1)} MiB`;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
