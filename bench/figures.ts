// Turns raw samples into the report: each figure beside the anchor it is judged against, both
// measured in the same run, and the targets with their verdicts.
import type { Sample, ScheduleResult } from "./schedule.js";
import { median, summarize, type Summary } from "./stats.js";
import { nodeBootId, selfTestId, variantId, type CommandSpec, type RowKind } from "./variants.js";

/**
 * The srt CLI as recorded on this machine type (sandbox-anchors.md §8: hyperfine medians, n=40,
 * 2 shared vCPUs). Used only when srt is not installed, and always labelled as recorded.
 */
export const RECORDED_SRT_MS: Readonly<Record<string, number>> = { true: 565.6, python: 569.6 };

const LIBRARY_LIMIT = 1.2;
const EXEC_VS_SRT_LIMIT = 0.35;
const SELF_TEST_LIMIT_MS = 100;
const STARTUP_TITLE = "cellguard exec start-up floor";

export interface Target {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  readonly unit: "x" | "ms";
  /** "recorded" when the anchor is the §8 figure rather than a measurement from this run. */
  readonly basis: "measured" | "recorded";
  readonly pass: boolean;
}

/** A figure's relation to its anchor. */
export interface Comparison {
  /** e.g. "10.4× bare spawn (paired 10.1×)", or why the row is empty. */
  readonly anchor: string;
  /** Ratio of medians: the figure the targets are judged on. */
  readonly ratio: number | null;
  /** Median of per-round ratios; null when the rows cannot be paired. */
  readonly pairedRatio: number | null;
  readonly target: Target | null;
}

export interface Row extends Comparison {
  readonly key: string;
  readonly label: string;
  readonly summary: Summary | null;
}

export interface Section {
  readonly key: string;
  readonly title: string;
  readonly rows: readonly Row[];
}

export interface Figures {
  readonly result: ScheduleResult;
  /** Row kind → why it did not run at all (bwrap missing, srt not installed, …). */
  readonly absent: Readonly<Partial<Record<RowKind, string>>>;
}

const LABELS: Readonly<Record<RowKind, string>> = {
  bare: "bare spawn",
  bwrap: "minimal bwrap",
  library: "library wrap",
  exec: "cellguard exec",
  srt: "srt",
};

const NO_COMPARISON: Comparison = { anchor: "", ratio: null, pairedRatio: null, target: null };

export function commandSection(figures: Figures, command: CommandSpec): Section {
  const id = (kind: RowKind): string => variantId(command, kind);
  const compare = (kind: RowKind, anchor: RowKind): Comparison =>
    against(figures, { valueId: id(kind), anchorId: id(anchor), anchorName: LABELS[anchor] });
  const row = (kind: RowKind, comparison: Comparison): Row => {
    const summary = statOf(figures, id(kind));
    const missing = summary === null ? whyMissing(figures, command, kind) : null;
    return { key: kind, label: LABELS[kind], summary, ...comparison, ...(missing ?? {}) };
  };
  const library = compare("library", "bwrap");
  const srtAnchor: RowKind = statOf(figures, id("bwrap")) === null ? "bare" : "bwrap";
  return {
    key: command.key,
    title: command.title,
    rows: [
      row("bare", { ...NO_COMPARISON, anchor: "(base)" }),
      row("bwrap", compare("bwrap", "bare")),
      row("library", {
        ...library,
        target: ratioTarget(
          `library wrap ≤ ${LIBRARY_LIMIT}× minimal bwrap, ${command.label}`,
          library.ratio,
          LIBRARY_LIMIT,
        ),
      }),
      row("exec", execVersusSrt(figures, command)),
      row("srt", compare("srt", srtAnchor)),
    ],
  };
}

// Against srt measured in this run when it ran; otherwise against the recorded figure, so the
// target still gets a (clearly labelled) verdict.
function execVersusSrt(figures: Figures, command: CommandSpec): Comparison {
  const name = `cellguard exec ≤ ${EXEC_VS_SRT_LIMIT}× srt, ${command.label}`;
  const execId = variantId(command, "exec");
  const srtId = variantId(command, "srt");
  if (statOf(figures, srtId) !== null) {
    const measured = against(figures, { valueId: execId, anchorId: srtId, anchorName: "srt" });
    return { ...measured, target: ratioTarget(name, measured.ratio, EXEC_VS_SRT_LIMIT) };
  }
  const exec = statOf(figures, execId);
  const recorded = RECORDED_SRT_MS[command.key];
  if (exec === null || recorded === undefined) return NO_COMPARISON;
  const ratio = exec.medianMs / recorded;
  return {
    anchor: `${formatRatio(ratio)} srt RECORDED ${recorded} ms (§8; not measured here)`,
    ratio,
    pairedRatio: null,
    target: {
      name: `${name} (recorded srt)`,
      value: ratio,
      limit: EXEC_VS_SRT_LIMIT,
      unit: "x",
      basis: "recorded",
      pass: ratio <= EXEC_VS_SRT_LIMIT,
    },
  };
}

export function selfTestSection(figures: Figures, python: CommandSpec | null): Section {
  const samples = figures.result.samples.get(selfTestId()) ?? [];
  const total = statOf(figures, selfTestId());
  const probe = partStat(samples, "probe");
  const host = partStat(samples, "host");
  const floorId = python === null ? null : variantId(python, "bwrap");
  const floor = floorId === null ? null : statOf(figures, floorId);
  const floorName = "minimal bwrap python -c pass";
  const totalComparison =
    floorId === null
      ? NO_COMPARISON
      : against(figures, { valueId: selfTestId(), anchorId: floorId, anchorName: floorName });
  // The parts are not samples of their own, so they are compared by medians only.
  const probeRatio = probe === null || floor === null ? null : probe.medianMs / floor.medianMs;
  const rows: Row[] = [
    {
      key: "total",
      label: "total",
      summary: total,
      ...totalComparison,
      target:
        total === null
          ? null
          : {
              name: `self-test < ${SELF_TEST_LIMIT_MS} ms`,
              value: total.medianMs,
              limit: SELF_TEST_LIMIT_MS,
              unit: "ms",
              basis: "measured",
              pass: total.medianMs < SELF_TEST_LIMIT_MS,
            },
    },
    {
      key: "probe",
      label: "  probe run (bwrap + probe)",
      summary: probe,
      ...NO_COMPARISON,
      anchor: probeRatio === null ? "" : `${formatRatio(probeRatio)} ${floorName}`,
      ratio: probeRatio,
    },
    {
      key: "host",
      label: "  host side (policy, temp, judge)",
      summary: host,
      ...NO_COMPARISON,
      anchor:
        host === null || total === null
          ? ""
          : `${percent(host.medianMs / total.medianMs)} of total`,
    },
  ];
  return {
    key: "selftest",
    title: "self-test: fresh createKernelSandbox each run (closed after)",
    rows,
  };
}

/**
 * Node's start-up beside cellguard exec, and what is left of exec once Node, the self-test and
 * the wrapped command are taken out: how much of exec is Node rather than cellguard.
 */
export function startupSection(figures: Figures, first: CommandSpec): Section {
  const node = statOf(figures, nodeBootId());
  const exec = statOf(figures, variantId(first, "exec"));
  const selfTest = statOf(figures, selfTestId());
  const library = statOf(figures, variantId(first, "library"));
  const nodeRow: Row = {
    key: "node",
    label: "node -e 0",
    summary: node,
    ...NO_COMPARISON,
    anchor:
      node === null || exec === null
        ? ""
        : `${percent(node.medianMs / exec.medianMs)} of cellguard exec ${first.label}`,
  };
  if (node === null || exec === null || selfTest === null || library === null) {
    return { key: "startup", title: STARTUP_TITLE, rows: [nodeRow] };
  }
  // The CLI's self-test runs in a cold Node, the in-process one warm: the rest includes that.
  const rest = exec.medianMs - node.medianMs - selfTest.medianMs - library.medianMs;
  const restRow: Row = {
    key: "rest",
    label: "  rest of exec (imports, CLI, cold JIT)",
    summary: null,
    ...NO_COMPARISON,
    anchor:
      rest < 0
        ? "n/a: exec − node − self-test − library wrap is negative (noise exceeds the rest)"
        : `≈ ${rest.toFixed(1)} ms: exec − node − self-test − library wrap (medians)`,
  };
  return { key: "startup", title: STARTUP_TITLE, rows: [nodeRow, restRow] };
}

function against(
  figures: Figures,
  ids: { valueId: string; anchorId: string; anchorName: string },
): Comparison {
  const value = statOf(figures, ids.valueId);
  const anchor = statOf(figures, ids.anchorId);
  if (value === null || anchor === null) return NO_COMPARISON;
  const ratio = value.medianMs / anchor.medianMs;
  const paired = pairedRatio(figures, ids.valueId, ids.anchorId);
  const pairedText = paired === null ? "" : ` (paired ${formatRatio(paired)})`;
  return {
    anchor: `${formatRatio(ratio)} ${ids.anchorName}${pairedText}`,
    ratio,
    pairedRatio: paired,
    target: null,
  };
}

/**
 * The median of per-round ratios. Both rows ran in the same rounds, so load that comes and goes
 * (a compile next door) largely cancels within each pair. Shown beside the ratio of medians,
 * which stays the figure the targets are judged on.
 */
function pairedRatio(figures: Figures, valueId: string, anchorId: string): number | null {
  const anchorByRound = new Map(
    (figures.result.samples.get(anchorId) ?? []).map((s) => [s.round, s.ms]),
  );
  const ratios: number[] = [];
  for (const sample of figures.result.samples.get(valueId) ?? []) {
    const anchor = anchorByRound.get(sample.round);
    if (anchor !== undefined && anchor > 0) ratios.push(sample.ms / anchor);
  }
  return ratios.length === 0 ? null : median(ratios);
}

function ratioTarget(name: string, ratio: number | null, limit: number): Target | null {
  if (ratio === null) return null;
  return { name, value: ratio, limit, unit: "x", basis: "measured", pass: ratio <= limit };
}

function whyMissing(
  figures: Figures,
  command: CommandSpec,
  kind: RowKind,
): { anchor: string } | null {
  const dropped = figures.result.dropped.get(variantId(command, kind));
  if (dropped !== undefined) return { anchor: `failed, dropped: ${dropped.slice(0, 200)}` };
  const absent = figures.absent[kind];
  return absent === undefined ? null : { anchor: absent };
}

// A dropped variant's partial samples are not a figure: its anchor falls back instead.
function statOf(figures: Figures, id: string): Summary | null {
  if (figures.result.dropped.has(id)) return null;
  const samples = figures.result.samples.get(id);
  return samples === undefined || samples.length === 0 ? null : summarize(samples.map((s) => s.ms));
}

function partStat(samples: readonly Sample[], part: string): Summary | null {
  const values = samples.map((s) => s.parts?.[part]).filter((v) => v !== undefined);
  return values.length === 0 ? null : summarize(values);
}

export function formatRatio(ratio: number): string {
  return `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

function percent(fraction: number): string {
  return `${(fraction * 100).toFixed(0)}%`;
}
