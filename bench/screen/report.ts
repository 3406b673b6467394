// Output of the screening benchmark: aligned tables for people (each figure beside its anchor from
// the same run, as a ratio, with PASS/MISS where there is a target), then one JSON line.
import { align } from "../render.js";

export interface Target {
  readonly name: string;
  readonly value: number;
  readonly limit: number;
  readonly unit: "x" | "ms";
  /** ">=": the value must reach the limit (throughput); "<": stay under it (latency). */
  readonly op: ">=" | "<";
  /** What a ratio is taken against, shown in the row: "grep (b)". */
  readonly against?: string;
  readonly pass: boolean;
}

export interface Figure {
  readonly key: string;
  readonly label: string;
  readonly n: number;
  readonly median: number | null;
  readonly unit: "MB/s" | "ms";
  /** min–max of the runs (MB/s) or p25–p75 of the calls (ms). */
  readonly spread: readonly [number, number] | null;
  /** e.g. "0.14× grep (b)", or why there is no figure. */
  readonly anchor: string;
  /** Ratio to each anchor, by name, for the JSON line. */
  readonly ratios: Readonly<Record<string, number>>;
  readonly target: Target | null;
  /** Facts about the figure that are not figures (flagged inputs, matching lines). */
  readonly facts?: Readonly<Record<string, number | string>>;
}

export interface Section {
  readonly key: string;
  readonly title: string;
  readonly figures: readonly Figure[];
}

export function target(
  name: string,
  value: number | null,
  rule: { limit: number; unit: "x" | "ms"; op: ">=" | "<"; against?: string },
): Target | null {
  if (value === null) return null;
  const pass = rule.op === ">=" ? value >= rule.limit : value < rule.limit;
  return { name, value, ...rule, pass };
}

const HEADER = ["", "n", "median", "spread", "vs anchor (same run)", "target"];
const RIGHT_ALIGNED = new Set([1, 2, 3]);

export function renderSections(sections: readonly Section[]): string[] {
  const grid: (string[] | string)[] = [HEADER];
  for (const section of sections) {
    grid.push(section.title);
    for (const figure of section.figures) grid.push(cells(figure));
  }
  return align(grid, RIGHT_ALIGNED);
}

function cells(figure: Figure): string[] {
  const unit = figure.unit;
  return [
    `  ${figure.label}`,
    figure.n === 0 ? "-" : String(figure.n),
    figure.median === null ? "-" : `${number(figure.median, unit)} ${unit}`,
    figure.spread === null
      ? ""
      : `${number(figure.spread[0], unit)}–${number(figure.spread[1], unit)}`,
    figure.anchor,
    figure.target === null ? "" : targetText(figure.target),
  ];
}

function targetText(t: Target): string {
  const against = t.against === undefined ? "" : ` ${t.against}`;
  const limit = `${t.op === ">=" ? "≥" : "<"} ${t.limit}${t.unit === "x" ? "×" : " ms"}${against}`;
  return `${limit} ${t.pass ? "PASS" : "MISS"}`;
}

/** Ratios span 1e-5 (against Bandit) to 1e2: two significant digits below 0.1. */
export function ratioText(ratio: number): string {
  if (ratio >= 10) return `${ratio.toFixed(1)}×`;
  if (ratio >= 0.1) return `${ratio.toFixed(2)}×`;
  return `${ratio.toPrecision(2)}×`;
}

function number(value: number, unit: "MB/s" | "ms"): string {
  if (unit === "MB/s") return value >= 100 ? value.toFixed(0) : value.toFixed(1);
  if (value >= 100) return value.toFixed(0);
  if (value >= 1) return value.toFixed(2);
  return value.toFixed(4);
}

export function round(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const digits = Math.max(3, 3 - Math.floor(Math.log10(Math.abs(value))));
  return Number(value.toFixed(Math.min(digits, 12)));
}

export function jsonSections(sections: readonly Section[]): Record<string, unknown> {
  return Object.fromEntries(
    sections.map((section) => [
      section.key,
      Object.fromEntries(
        section.figures.map((f) => [
          f.key,
          {
            label: f.label.trim(),
            n: f.n,
            median: f.median === null ? null : round(f.median),
            unit: f.unit,
            spread: f.spread === null ? null : f.spread.map(round),
            anchor: f.anchor,
            ratios: Object.fromEntries(Object.entries(f.ratios).map(([k, v]) => [k, round(v)])),
            ...(f.facts === undefined ? {} : { facts: f.facts }),
          },
        ]),
      ),
    ]),
  );
}
