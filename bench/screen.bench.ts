// npm run bench:screen: what the screens cost, printed beside the anchors they are judged
// against, all measured in the same run: GNU grep for the injection scan's throughput over 100 MB
// of benign text, JSON.parse of the same 10 KB for the per-call cost of the code classifier, and
// Bandit (when installed) for the same Cells and for detection on the code corpora.
// A benchmark, not a test: a MISS is reported, never fatal. Exit 1 only when a row that must run
// could not (grep failing, Bandit writing no report).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { looksBiosecurityRelevant } from "../src/screen/biosecurity/index.js";
import { classifyCode, classifyCodeHeuristic } from "../src/screen/classifier/index.js";
import { scanToolResultStatic } from "../src/screen/injection/scan.js";
import { precheckCommand } from "../src/screen/shell/precheck.js";
import {
  benignText,
  buildCells,
  CELL_COUNT,
  evalDir,
  loadCorpora,
  shellLines,
  writeText,
  type BenignText,
  type Cells,
  type Corpus,
  type ShellLines,
} from "./screen/corpus.js";
import { measureAdversarial } from "./screen/adversarial.js";
import { detectScreenHost, type ScreenHost } from "./screen/host.js";
import {
  measureThroughput,
  megabytesPerSecond,
  perCallSamples,
  screenAll,
  utf8Bytes,
  type Throughput,
} from "./screen/measure.js";
import { anchorLiterals, anchorsEre, SPEC_FAMILIES, specFamiliesEre } from "./screen/patterns.js";
import { align, renderTargets } from "./render.js";
import {
  jsonSections,
  ratioText,
  renderSections,
  round,
  target,
  type Figure,
  type Section,
  type Target,
} from "./screen/report.js";
import { flaggedFiles, grepOnce, runBandit, type GrepPlan } from "./screen/tools.js";
import { median, summarize } from "./stats.js";

/** Runs per throughput figure; the figure is their median. */
const RUNS = 3;
const GREP_TIMEOUT_MS = 120_000;
/** The UTF-8-locale grep runs are capped: they can take minutes. */
const UTF8_TIMEOUT_MS = 30_000;
const BANDIT_TIMEOUT_MS = 600_000;
/** Rounds of per-call timing; each round calls every function once per Cell. */
const PER_CALL_ROUNDS = 125;
/** Volume per throughput run for the small inputs (shell lines, Cells), reached by passes. */
const PRECHECK_BYTES = 2_000_000;
const CELL_STREAM_BYTES = 20_000_000;

const INJECTION_VS_GREP_LIMIT = 0.5;
const CELL_LIMIT_MS = 0.2;

interface Inputs {
  readonly evalDir: string;
  readonly corpora: readonly Corpus[] | null;
  readonly text: BenignText;
  readonly textFile: string;
  readonly shell: ShellLines;
  readonly cells: Cells;
}

interface Detection {
  readonly corpus: string;
  readonly attacks: number;
  readonly benign: number;
  readonly ours: { readonly attacks: number; readonly benign: number };
  readonly bandit: {
    readonly attacks: number;
    readonly benign: number;
    readonly unparsed: number;
    readonly ms: number;
  } | null;
}

async function main(): Promise<number> {
  const host = detectScreenHost();
  const root = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-screen-bench-")));
  try {
    progress("building the inputs…");
    const dir = evalDir();
    const corpora = loadCorpora(dir);
    const text = benignText(corpora);
    const textFile = join(root, "benign.txt");
    writeText(text, textFile);
    const inputs: Inputs = {
      evalDir: dir,
      corpora,
      text,
      textFile,
      shell: shellLines(corpora),
      cells: buildCells(corpora, host.python),
    };
    const notes = inputNotes(host, inputs);
    for (const line of header(host, inputs)) console.log(line);
    for (const note of notes) console.log(`note    ${note}`);
    console.log("");
    const text100 = measureText(host, inputs);
    const injectionMbps = text100.injectionMbps;
    const small = measureSmallInputs(inputs, injectionMbps);
    const banditTiming = host.bandit === null ? null : timeBandit(host.bandit, inputs.cells, root);
    const calls = await measureCalls(inputs.cells, banditTiming);
    const detection = compareDetection(host, inputs.corpora, root);
    const sections: Section[] = [
      {
        key: "throughput",
        title: `throughput over ${(text.bytes / 1e6).toFixed(1)} MB of benign text (median of ${RUNS} runs; spread = min–max of the runs)`,
        figures: [...text100.figures, ...small],
      },
      calls,
      banditSection(host, banditTiming, calls),
      measureAdversarial(inputs.corpora),
    ];
    const targets: Target[] = sections.flatMap((s) =>
      s.figures.flatMap((f) => (f.target === null ? [] : [f.target])),
    );
    clearProgress();
    const lines = [
      ...renderSections(sections),
      "",
      ...footnotes(sections),
      "",
      ...detectionLines(host, detection),
      "",
    ];
    lines.push(renderTargets(targets));
    for (const line of lines) console.log(line);
    console.log(
      JSON.stringify({
        bench: "screen",
        schema: 1,
        host,
        inputs: inputsJson(inputs),
        sections: jsonSections(sections),
        detection,
        targets: targets.map((t) => ({ ...t, value: round(t.value) })),
        notes,
      }),
    );
    return 0;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 100 MB: injection, grep, bio

interface TextFigures {
  readonly figures: Figure[];
  readonly injectionMbps: number;
}

function measureText(host: ScreenHost, inputs: Inputs): TextFigures {
  const { text, textFile } = inputs;
  const chunks = { items: text.chunks, passes: 1 };
  const scan = (chunk: string): boolean => scanToolResultStatic(chunk).injected;
  // Untimed: warms the JIT and checks that no chunk ends the scan early.
  progress("checking the chunks…");
  const flaggedChunks = screenAll(chunks, scan).hits;
  const plans =
    host.grep === null
      ? null
      : {
          spec: grepPlan(host.grep, specFamiliesEre(), textFile, "C"),
          anchors: grepPlan(host.grep, anchorsEre(), textFile, "C"),
        };
  const ours: number[] = [];
  const spec: number[] = [];
  const anchors: number[] = [];
  const lines = { spec: 0, anchors: 0 };
  const warnings = new Set<string>();
  // Interleaved: one run of each per round, so a burst of load next door hits all three.
  for (let run = 0; run < RUNS; run++) {
    progress(`injection scan and grep, round ${run + 1} of ${RUNS}…`);
    ours.push(screenAll(chunks, scan).ms);
    if (plans === null) continue;
    for (const [key, samples] of [
      ["spec", spec],
      ["anchors", anchors],
    ] as const) {
      const result = grepOnce(plans[key], GREP_TIMEOUT_MS);
      if (result.ms === null) throw new Error(`grep timed out after ${GREP_TIMEOUT_MS / 1000} s`);
      samples.push(result.ms);
      lines[key] = result.matchingLines ?? 0;
      if (result.stderr !== "") warnings.add(result.stderr);
    }
  }
  const mbps = (ms: number): number => megabytesPerSecond(text.bytes, ms);
  const oursMbps = median(ours.map(mbps));
  const grepFigures: Figure[] = [];
  const ratios: Record<string, number> = {};
  const anchorText: string[] = [];
  let injectionTarget: Target | null = null;
  if (plans !== null) {
    const specMbps = median(spec.map(mbps));
    const anchorsMbps = median(anchors.map(mbps));
    ratios["grepAnchors"] = oursMbps / anchorsMbps;
    ratios["grepSpec"] = oursMbps / specMbps;
    ratios["grepAnchorsPaired"] = median(ours.map((ms, i) => (anchors[i] as number) / ms));
    ratios["grepSpecPaired"] = median(ours.map((ms, i) => (spec[i] as number) / ms));
    anchorText.push(
      `${ratioText(ratios["grepAnchors"])} grep (b) (paired ${ratioText(ratios["grepAnchorsPaired"])})`,
      `${ratioText(ratios["grepSpec"])} grep (a)`,
    );
    injectionTarget = target(
      `injection scan ≥ ${INJECTION_VS_GREP_LIMIT}× GNU grep (b) anchor literals, LC_ALL=C`,
      ratios["grepAnchors"],
      { limit: INJECTION_VS_GREP_LIMIT, unit: "x", op: ">=", against: "grep (b)" },
    );
    const warning = [...warnings].join(" ").slice(0, 200);
    grepFigures.push(
      throughputFigure({
        key: "grepSpec",
        label: `GNU grep -E -i -c (a) spec §3 families (${SPEC_FAMILIES.length}), LC_ALL=C`,
        bytes: text.bytes,
        samplesMs: spec,
        anchor: `(anchor) ${lines.spec} matching lines${warning === "" ? "" : `; grep: ${warning}`}`,
        facts: { matchingLines: lines.spec },
      }),
      throughputFigure({
        key: "grepAnchors",
        label: `GNU grep -E -i -c (b) our ${anchorLiterals().length} anchor literals, LC_ALL=C`,
        bytes: text.bytes,
        samplesMs: anchors,
        anchor: `(anchor, the target's) ${lines.anchors} matching lines`,
        facts: { matchingLines: lines.anchors },
      }),
      ...utf8Figures(host, inputs, { spec: median(spec), anchors: median(anchors) }),
    );
  } else {
    anchorText.push("grep not on PATH: no anchor");
  }
  const injection = throughputFigure({
    key: "injection",
    label: `scanToolResultStatic (injection, static tier), per ~1 MiB chunk`,
    bytes: text.bytes,
    samplesMs: ours,
    anchor: anchorText.join(" · "),
    ratios,
    target: injectionTarget,
    facts: { chunks: text.chunks.length, chunksFlagged: flaggedChunks },
  });
  progress("looksBiosecurityRelevant over the chunks…");
  const bio = measureThroughput({ ...chunks, runs: RUNS }, looksBiosecurityRelevant);
  const bioFigure = relativeFigure({
    key: "bio",
    label: "looksBiosecurityRelevant (bio trigger), per ~1 MiB chunk",
    measured: bio,
    injectionMbps: oursMbps,
    facts: { chunksFlagged: bio.hits },
  });
  return { figures: [injection, ...grepFigures, bioFigure], injectionMbps: oursMbps };
}

function grepPlan(grep: string, pattern: string, file: string, locale: string): GrepPlan {
  return { grep, pattern, file, locale };
}

/** The same two greps in a UTF-8 locale, each capped at 30 s, stopping at the first timeout. */
function utf8Figures(
  host: ScreenHost,
  inputs: Inputs,
  cMedianMs: { spec: number; anchors: number },
): Figure[] {
  const locale = host.utf8Locale;
  const grep = host.grep;
  if (grep === null) return [];
  const sets = [
    { key: "grepSpecUtf8", name: "(a)", pattern: specFamiliesEre(), cMs: cMedianMs.spec },
    { key: "grepAnchorsUtf8", name: "(b)", pattern: anchorsEre(), cMs: cMedianMs.anchors },
  ];
  return sets.map((set) => {
    const label = `GNU grep -E -i -c ${set.name}, LC_ALL=${locale ?? "(a UTF-8 locale)"}`;
    if (locale === null) {
      return absentFigure(set.key, label, `skipped: ${host.utf8Skip ?? "no UTF-8 locale"}`);
    }
    const samples: number[] = [];
    let timedOut = false;
    for (let run = 0; run < RUNS && !timedOut; run++) {
      progress(`grep ${set.name} in ${locale}, run ${run + 1}…`);
      const result = grepOnce(
        grepPlan(grep, set.pattern, inputs.textFile, locale),
        UTF8_TIMEOUT_MS,
      );
      if (result.ms === null) timedOut = true;
      else samples.push(result.ms);
    }
    const slowest = UTF8_TIMEOUT_MS / 1000;
    if (samples.length === 0) {
      const bound = megabytesPerSecond(inputs.text.bytes, UTF8_TIMEOUT_MS);
      const ratio = megabytesPerSecond(inputs.text.bytes, set.cMs) / bound;
      return {
        ...absentFigure(
          set.key,
          label,
          `TIMEOUT: no result within ${slowest} s (< ${bound.toFixed(1)} MB/s, > ${ratio.toFixed(0)}× slower than LC_ALL=C)`,
        ),
        facts: { timedOutAfterMs: UTF8_TIMEOUT_MS },
      };
    }
    const slowdown = median(samples) / set.cMs;
    const relation =
      slowdown >= 1 ? `${slowdown.toFixed(1)}× slower` : `${(1 / slowdown).toFixed(1)}× faster`;
    return throughputFigure({
      key: set.key,
      label,
      bytes: inputs.text.bytes,
      samplesMs: samples,
      anchor: `${ratioText(1 / slowdown)} the same grep in LC_ALL=C (${relation})${timedOut ? `; a later run timed out at ${slowest} s` : ""}`,
      ratios: { grepSameInC: 1 / slowdown },
    });
  });
}

// ---------------------------------------------------------------- shell lines and Cells, streamed

function measureSmallInputs(inputs: Inputs, injectionMbps: number): Figure[] {
  const { shell, cells } = inputs;
  progress("precheckCommand over the shell lines…");
  const shellPasses = Math.ceil(PRECHECK_BYTES / utf8Bytes(shell.lines));
  const precheck = measureThroughput(
    { items: shell.lines, passes: shellPasses, runs: RUNS },
    (line) => precheckCommand(line) !== null,
  );
  const cellPasses = Math.ceil(CELL_STREAM_BYTES / utf8Bytes(cells.cells));
  const unsafe = (cell: string): boolean => classifyCodeHeuristic(cell).decision === "UNSAFE";
  progress("classifyCodeHeuristic over the Cells…");
  const plain = measureThroughput({ items: cells.cells, passes: cellPasses, runs: RUNS }, unsafe);
  const risky = measureThroughput(
    { items: cells.riskCells, passes: cellPasses, runs: RUNS },
    unsafe,
  );
  return [
    relativeFigure({
      key: "precheck",
      label: `precheckCommand (shell), per case: ${shell.lines.length} benign cases × ${shellPasses} passes`,
      measured: precheck,
      injectionMbps,
      facts: { casesFlagged: precheck.hits, calls: precheck.calls },
    }),
    relativeFigure({
      key: "heuristic",
      label: `classifyCodeHeuristic, ${cells.cells.length} Cells of ~10 KB × ${cellPasses} passes`,
      measured: plain,
      injectionMbps,
      facts: { cellsUnsafe: plain.hits, source: sourcesOf(cells.cells) },
    }),
    relativeFigure({
      key: "heuristicRisk",
      label: "  same Cells + a risk-token line (signature scan runs)",
      measured: risky,
      injectionMbps,
      facts: { cellsUnsafe: risky.hits, source: sourcesOf(cells.riskCells) },
    }),
  ];
}

function sourcesOf(cells: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const cell of cells) {
    const verdict = classifyCodeHeuristic(cell);
    const key = `${verdict.decision} ${verdict.source}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n} ${key}`).join(", ");
}

// ---------------------------------------------------------------- per call on a 10 KB Cell

async function measureCalls(cells: Cells, bandit: BanditTiming | null): Promise<Section> {
  progress(`per-call timing, ${PER_CALL_ROUNDS} rounds…`);
  const json = cells.cells.map((cell) => JSON.stringify(cell));
  const samples = await perCallSamples(
    {
      json: { kind: "sync", run: (encoded): unknown => JSON.parse(encoded) as unknown },
      classify: { kind: "async", run: (cell) => classifyCode(cell) },
      heuristic: { kind: "sync", run: (cell) => classifyCodeHeuristic(cell) },
      classifyRisk: { kind: "async", run: (cell) => classifyCode(cell) },
      heuristicRisk: { kind: "sync", run: (cell) => classifyCodeHeuristic(cell) },
    },
    {
      json,
      classify: cells.cells,
      heuristic: cells.cells,
      classifyRisk: cells.riskCells,
      heuristicRisk: cells.riskCells,
    },
    PER_CALL_ROUNDS,
  );
  const of = (key: string): number[] => samples.get(key) ?? [];
  const anchorMs = summarize(of("json")).medianMs;
  const banditCellMs = bandit === null ? null : bandit.perCellMs;
  const figure = (key: string, label: string, withTarget: boolean): Figure => {
    const s = summarize(of(key));
    const ratios: Record<string, number> = { jsonParse: s.medianMs / anchorMs };
    const anchor = [`${ratioText(s.medianMs / anchorMs)} JSON.parse`];
    if (banditCellMs !== null) {
      ratios["banditPerCell"] = s.medianMs / banditCellMs;
      anchor.push(`${ratioText(s.medianMs / banditCellMs)} bandit per Cell`);
    }
    return {
      key,
      label,
      n: s.n,
      median: s.medianMs,
      unit: "ms",
      spread: [s.p25Ms, s.p75Ms],
      anchor: anchor.join(" · "),
      ratios,
      target: withTarget
        ? target(`classifyCode < ${CELL_LIMIT_MS} ms per 10 KB Cell, ${label.trim()}`, s.medianMs, {
            limit: CELL_LIMIT_MS,
            unit: "ms",
            op: "<",
          })
        : null,
    };
  };
  const json0 = summarize(of("json"));
  const sizes = cells.cells.map((cell) => Buffer.byteLength(cell));
  return {
    key: "perCall",
    title: `per call on a ~10 KB Cell (${cells.cells.length} Cells, ${(Math.min(...sizes) / 1024).toFixed(1)}–${(Math.max(...sizes) / 1024).toFixed(1)} KiB; ${PER_CALL_ROUNDS} interleaved rounds after 1 warm-up; spread = p25–p75)`,
    figures: [
      {
        key: "json",
        label: "JSON.parse of the Cell as a JSON string (anchor: one native pass)",
        n: json0.n,
        median: json0.medianMs,
        unit: "ms",
        spread: [json0.p25Ms, json0.p75Ms],
        anchor: "(anchor)",
        ratios: {},
        target: null,
      },
      figure("classify", "classifyCode (heuristic default, awaited)", true),
      figure("heuristic", "classifyCodeHeuristic (sync)", false),
      figure("classifyRisk", "classifyCode, Cell + risk-token line (signature scan)", true),
      figure("heuristicRisk", "classifyCodeHeuristic, Cell + risk-token line", false),
    ],
  };
}

// ---------------------------------------------------------------- Bandit

interface BanditTiming {
  readonly directoryMs: number[];
  readonly perCellMs: number;
  readonly singleMs: number[];
  readonly cellsFlagged: number;
  readonly cellsUnparsed: number;
}

/** One run over the directory of Cells (÷ Cells), and one file alone: each 3 times. */
function timeBandit(bandit: string, cells: Cells, root: string): BanditTiming {
  const dir = join(root, "cells");
  mkdirSync(dir);
  const files = cells.cells.map((cell, i) => {
    const file = join(dir, `cell_${String(i).padStart(2, "0")}.py`);
    writeFileSync(file, cell);
    return file;
  });
  const directoryMs: number[] = [];
  const singleMs: number[] = [];
  let flagged = 0;
  let unparsed = 0;
  for (let run = 0; run < RUNS; run++) {
    progress(`bandit over the Cells, run ${run + 1} of ${RUNS}…`);
    const report = runBandit(bandit, ["-r", dir], BANDIT_TIMEOUT_MS);
    directoryMs.push(report.ms);
    flagged = flaggedFiles(report).size;
    unparsed = report.errors.length;
    singleMs.push(runBandit(bandit, [files[run % files.length] as string], BANDIT_TIMEOUT_MS).ms);
  }
  return {
    directoryMs,
    perCellMs: median(directoryMs) / files.length,
    singleMs,
    cellsFlagged: flagged,
    cellsUnparsed: unparsed,
  };
}

function banditSection(host: ScreenHost, timing: BanditTiming | null, calls: Section): Section {
  const title = `Bandit on the same Cells (a process per run; median of ${RUNS} runs; spread = min–max)`;
  if (host.bandit === null || timing === null) {
    const skipped = "bandit not installed: skipped (Debian package bandit)";
    return {
      key: "bandit",
      title,
      figures: [
        absentFigure("perCell", "bandit per Cell", skipped),
        absentFigure("single", "bandit, one file", skipped),
      ],
    };
  }
  const classify = calls.figures.find((f) => f.key === "classify")?.median ?? null;
  const vsClassify = (ms: number): string =>
    classify === null ? "" : ` · classifyCode is ${ratioText(classify / ms)} of this`;
  const perCell = timing.directoryMs.map((ms) => ms / CELL_COUNT);
  return {
    key: "bandit",
    title: `${title}; ${host.banditVersion ?? "version unknown"}`,
    figures: [
      {
        key: "perCell",
        label: `bandit -r over ${CELL_COUNT} Cells -f json -q, ÷ ${CELL_COUNT}`,
        n: perCell.length,
        median: timing.perCellMs,
        unit: "ms",
        spread: [Math.min(...perCell), Math.max(...perCell)],
        anchor: `(anchor) ${timing.cellsFlagged} Cells flagged MEDIUM/HIGH, ${timing.cellsUnparsed} unparsed${vsClassify(timing.perCellMs)}`,
        ratios: classify === null ? {} : { classifyCode: classify / timing.perCellMs },
        target: null,
        facts: { cellsFlagged: timing.cellsFlagged, cellsUnparsed: timing.cellsUnparsed },
      },
      {
        key: "single",
        label: "bandit -f json -q, one Cell file",
        n: timing.singleMs.length,
        median: median(timing.singleMs),
        unit: "ms",
        spread: [Math.min(...timing.singleMs), Math.max(...timing.singleMs)],
        anchor: `(anchor: latency of one file, start-up included)${vsClassify(median(timing.singleMs))}`,
        ratios: classify === null ? {} : { classifyCode: classify / median(timing.singleMs) },
        target: null,
      },
    ],
  };
}

/** Ours and Bandit's flags on every case of every code-* corpus. */
function compareDetection(
  host: ScreenHost,
  corpora: readonly Corpus[] | null,
  root: string,
): Detection[] {
  const code = (corpora ?? []).filter((c) => c.name.startsWith("code-"));
  return code.map((corpus) => {
    progress(`detection on ${corpus.name}…`);
    const attacks = corpus.cases.filter((c) => c.label === "attack");
    const benign = corpus.cases.filter((c) => c.label === "benign");
    const unsafe = (c: { text: string }): boolean =>
      classifyCodeHeuristic(c.text).decision === "UNSAFE";
    const ours = { attacks: attacks.filter(unsafe).length, benign: benign.filter(unsafe).length };
    if (host.bandit === null) {
      return {
        corpus: corpus.name,
        attacks: attacks.length,
        benign: benign.length,
        ours,
        bandit: null,
      };
    }
    const dir = join(root, "detect", corpus.name);
    mkdirSync(dir, { recursive: true });
    const names = corpus.cases.map((c, i) => {
      const name = `case_${String(i).padStart(4, "0")}.py`;
      writeFileSync(join(dir, name), c.text);
      return name;
    });
    const report = runBandit(host.bandit, ["-r", dir], BANDIT_TIMEOUT_MS);
    const flagged = flaggedFiles(report);
    const count = (label: "attack" | "benign"): number =>
      names.filter((name, i) => corpus.cases[i]?.label === label && flagged.has(name)).length;
    return {
      corpus: corpus.name,
      attacks: attacks.length,
      benign: benign.length,
      ours,
      bandit: {
        attacks: count("attack"),
        benign: count("benign"),
        unparsed: report.errors.length,
        ms: round(report.ms),
      },
    };
  });
}

function detectionLines(host: ScreenHost, detection: readonly Detection[]): string[] {
  const title =
    "detection on the code corpora: flagged = UNSAFE from classifyCodeHeuristic; for Bandit, any issue of severity MEDIUM or HIGH";
  if (detection.length === 0)
    return [`${title}`, "  skipped: no code-* corpora in the eval folder"];
  const pct = (n: number, of: number): string =>
    of === 0 ? "–" : `${n}/${of} (${((100 * n) / of).toFixed(1)}%)`;
  const grid: (string[] | string)[] = [
    title,
    ["  corpus", "attacks: ours", "bandit", "benign flagged: ours", "bandit", "bandit unparsed"],
  ];
  for (const d of detection) {
    grid.push([
      `  ${d.corpus}`,
      pct(d.ours.attacks, d.attacks),
      d.bandit === null ? "-" : pct(d.bandit.attacks, d.attacks),
      pct(d.ours.benign, d.benign),
      d.bandit === null ? "-" : pct(d.bandit.benign, d.benign),
      d.bandit === null ? "-" : String(d.bandit.unparsed),
    ]);
  }
  const lines = align(grid, new Set([1, 2, 3, 4, 5]));
  if (host.bandit === null) lines.push("  bandit not installed: skipped (its columns are empty)");
  else {
    lines.push(
      "  a file Bandit cannot parse (not Python, or Python 2) is reported by it and counts as not flagged",
    );
  }
  return lines;
}

// ---------------------------------------------------------------- figures and text

/** What the figures rest on: whether each scan ran to the end of its input. */
function footnotes(sections: readonly Section[]): string[] {
  const fact = (key: string, name: string): number | string | undefined =>
    sections.flatMap((s) => s.figures).find((f) => f.key === key)?.facts?.[name];
  const chunks = fact("injection", "chunks");
  const lines: string[] = [];
  const scanFlagged = fact("injection", "chunksFlagged");
  if (chunks !== undefined && scanFlagged !== undefined) {
    lines.push(
      scanFlagged === 0
        ? `  injection scan: 0 of ${chunks} chunks flagged, so every timed scan ran to the end of its chunk`
        : `  injection scan: ${scanFlagged} of ${chunks} chunks FLAGGED: those scans stopped early and flatter the figure`,
    );
  }
  const bioFlagged = fact("bio", "chunksFlagged");
  if (chunks !== undefined && bioFlagged !== undefined && bioFlagged !== 0) {
    lines.push(
      `  bio trigger: ${bioFlagged} of ${chunks} chunks are relevant; on those a call may return at its first hit, before every check has run`,
    );
  }
  return lines;
}

function throughputFigure(spec: {
  key: string;
  label: string;
  bytes: number;
  samplesMs: readonly number[];
  anchor: string;
  ratios?: Record<string, number>;
  target?: Target | null;
  facts?: Record<string, number | string>;
}): Figure {
  const mbps = spec.samplesMs.map((ms) => megabytesPerSecond(spec.bytes, ms));
  return {
    key: spec.key,
    label: spec.label,
    n: mbps.length,
    median: median(mbps),
    unit: "MB/s",
    spread: [Math.min(...mbps), Math.max(...mbps)],
    anchor: spec.anchor,
    ratios: spec.ratios ?? {},
    target: spec.target ?? null,
    ...(spec.facts === undefined ? {} : { facts: spec.facts }),
  };
}

/** A throughput with no tool anchor: shown as a ratio to the injection scan's figure. */
function relativeFigure(spec: {
  key: string;
  label: string;
  measured: Throughput;
  injectionMbps: number;
  facts: Record<string, number | string>;
}): Figure {
  const figure = throughputFigure({
    key: spec.key,
    label: spec.label,
    bytes: spec.measured.bytes,
    samplesMs: spec.measured.samplesMs,
    anchor: "",
    facts: spec.facts,
  });
  const ratio = (figure.median ?? 0) / spec.injectionMbps;
  const facts = Object.entries(spec.facts)
    .filter(([key]) => key !== "calls")
    .map(([key, value]) => `${key} ${value}`)
    .join(", ");
  return {
    ...figure,
    anchor: `${ratioText(ratio)} the injection scan · ${facts}`,
    ratios: { injectionScan: ratio },
  };
}

function absentFigure(key: string, label: string, why: string): Figure {
  return {
    key,
    label,
    n: 0,
    median: null,
    unit: "MB/s",
    spread: null,
    anchor: why,
    ratios: {},
    target: null,
  };
}

function header(host: ScreenHost, inputs: Inputs): string[] {
  const tools = [
    host.grepVersion ?? (host.grep === null ? "grep not on PATH" : "grep (version unknown)"),
    host.bandit === null
      ? "bandit not installed"
      : (host.banditVersion ?? "bandit (version unknown)"),
  ];
  const { text, shell, cells } = inputs;
  const sizes = cells.cells.map((cell) => Buffer.byteLength(cell));
  const from =
    text.source === "corpora"
      ? `${text.pieces} benign cases of ${text.corpora} corpora in ${inputs.evalDir}`
      : `GENERATED text (no corpora at ${inputs.evalDir}): ${text.pieces} seeded blocks of prose, Python and log lines`;
  return [
    "cellguard screening benchmark",
    `host    ${host.os} · ${host.cpuCount} × ${host.cpuModel} · node ${host.node} · ${tools.join(" · ")}`,
    `text    ${(text.bytes / 1e6).toFixed(1)} MB (${grouped(text.bytes)} bytes, ${grouped(text.lines)} lines) in ${text.chunks.length} chunks of ~1 MiB split at line boundaries; the same bytes in one temp file for grep`,
    `        ${from}, ${text.excluded} left out because the static injection scan flags them${text.excludedNul > 0 ? ` and ${text.excludedNul} for a NUL byte` : ""}; ${(text.unitBytes / 1e3).toFixed(0)} kB repeated ${(text.bytes / text.unitBytes).toFixed(1)}×`,
    `shell   ${shell.lines.length} ${shell.source === "corpora" ? "benign cases of the shell-* corpora" : "GENERATED benign commands (no shell corpora)"}`,
    `cells   ${cells.cells.length} Cells of ${(Math.min(...sizes) / 1024).toFixed(1)}–${(Math.max(...sizes) / 1024).toFixed(1)} KiB packed from ${cells.pieces} ${cells.source === "corpora" ? "benign cases of code-bipia and code-humaneval, interleaved" : "GENERATED numpy/pandas functions (no code corpora)"}; ${cells.parseCheck}${cells.droppedUnparseable > 0 ? `, ${cells.droppedUnparseable} that do not parse left out` : ""}`,
    "method  MB = 10^6 bytes of UTF-8. grep reads the temp file (page cache); the library screens the chunks in memory.",
    `        grep runs with LC_ALL=C (bytes). In a UTF-8 locale GNU grep -i with many alternatives takes a far slower path: measured too, capped at ${UTF8_TIMEOUT_MS / 1000} s a run.`,
    "        The target is judged against grep (b), our own anchor literals as one ERE; (a) is the spec's marker families (§3).",
  ];
}

function inputNotes(host: ScreenHost, inputs: Inputs): string[] {
  const notes: string[] = [];
  if (inputs.text.source === "generated") {
    notes.push(
      `no corpora at ${inputs.evalDir}: the text, shell lines and Cells are GENERATED (seeded)`,
    );
  }
  if (host.grep !== null && !host.grepIsGnu) {
    notes.push(
      `${host.grep} is not GNU grep (${host.grepVersion ?? "no --version"}): the anchor is not the one the issue names`,
    );
  }
  if (host.bandit === null) notes.push("bandit not installed: skipped");
  notes.push(
    "grep's ERE is matched line by line and folds no look-alike letters; (b) has no word-boundary checks or phrase windows: a grep screen, not our scan",
  );
  return notes;
}

function inputsJson(inputs: Inputs): Record<string, unknown> {
  const { text, shell, cells } = inputs;
  return {
    evalDir: inputs.evalDir,
    source: text.source,
    text: {
      bytes: text.bytes,
      lines: text.lines,
      chunks: text.chunks.length,
      pieces: text.pieces,
      excludedFlagged: text.excluded,
      excludedNul: text.excludedNul,
      unitBytes: text.unitBytes,
    },
    shell: { source: shell.source, lines: shell.lines.length, bytes: utf8Bytes(shell.lines) },
    cells: {
      source: cells.source,
      count: cells.cells.length,
      bytes: cells.cells.map((cell) => Buffer.byteLength(cell)),
      pieces: cells.pieces,
      droppedUnparseable: cells.droppedUnparseable,
      parseCheck: cells.parseCheck,
    },
    patterns: { spec: specFamiliesEre(), anchorLiterals: anchorLiterals().length },
  };
}

function grouped(n: number): string {
  return n.toLocaleString("en-US");
}

function progress(message: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${message}`);
}

function clearProgress(): void {
  if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
}

main().then(
  (code) => {
    clearProgress();
    process.exitCode = code;
  },
  (error: unknown) => {
    clearProgress();
    console.error(
      `bench:screen: could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
