// The inputs the screening benchmark times: 100 MB of benign text (in memory as ~1 MiB chunks and
// on disk for grep), the benign shell lines, 10 KB Python Cells, and the code corpora for the
// detection comparison. All from the public corpora in the eval folder when it is there; from
// the seeded generator otherwise, and the header says which.
import { spawnSync } from "node:child_process";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { scanToolResultStatic } from "../../src/screen/injection/scan.js";
import {
  generatedBenignBlocks,
  generatedCodeCases,
  generatedShellLines,
  SCIENTIFIC_HEADER,
} from "./generate.js";

export interface Case {
  readonly text: string;
  readonly label: "attack" | "benign";
  readonly category: string;
  /** Shell corpora: "catastrophic:…", "destructive-or-risky-broad" or "benign". */
  readonly scope?: string;
  /** 1-based line number in cases.jsonl: rules are tuned on even lines, odd ones are held out. */
  readonly line: number;
}

/** The public corpora: CELLGUARD_EVAL_DIR, or shared/eval beside the repository. */
export function evalDir(): string {
  // This file runs from build/bench/screen/; the repository is three levels up.
  const here = fileURLToPath(new URL(".", import.meta.url));
  return (
    process.env["CELLGUARD_EVAL_DIR"] ?? resolve(here, "..", "..", "..", "..", "shared", "eval")
  );
}

export interface Corpus {
  readonly name: string;
  readonly cases: readonly Case[];
}

/** 100 MB, decimal: the MB of every MB/s figure is 10^6 bytes of UTF-8. */
export const TEXT_BYTES = 100_000_000;
const CHUNK_BYTES = 1024 * 1024;
export const CELL_BYTES = 10 * 1024;
export const CELL_COUNT = 16;
/** Benign corpora of code that reads like a Cell; the Bandit examples are API misuse on purpose. */
const CELL_CORPORA = ["code-bipia", "code-humaneval"];
/** A line the spec pins as SAFE in heuristic mode, but whose risk token defeats the fast path. */
const RISK_LINE = 'import subprocess\nsubprocess.run(["ls", "-la"])\n';

/** Every <layer>-<name>/cases.jsonl in the folder, or null when the folder has none. */
export function loadCorpora(dir: string): Corpus[] | null {
  if (!existsSync(dir)) return null;
  const corpora: Corpus[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name, "cases.jsonl");
    if (!existsSync(file)) continue;
    const cases = readFileSync(file, "utf8")
      .split("\n")
      .map((text, index) => ({ text, line: index + 1 }))
      .filter(({ text }) => text.trim() !== "")
      .map(({ text, line }) => ({ ...(JSON.parse(text) as Omit<Case, "line">), line }));
    corpora.push({ name, cases });
  }
  return corpora.length === 0 ? null : corpora;
}

export interface BenignText {
  readonly source: "corpora" | "generated";
  /** The pieces the text repeats: benign cases, or generated blocks. */
  readonly pieces: number;
  /** Pieces the static injection scan flagged, left out so that every scan runs to the end. */
  readonly excluded: number;
  /** Pieces left out for a NUL byte, which would make grep treat the file as binary. */
  readonly excludedNul: number;
  readonly corpora: number;
  /** UTF-8 bytes of one copy of the pieces. */
  readonly unitBytes: number;
  readonly chunks: readonly string[];
  readonly bytes: number;
  readonly lines: number;
}

/** The benign cases of every corpus (or generated blocks), repeated to 100 MB. */
export function benignText(corpora: readonly Corpus[] | null): BenignText {
  const source = corpora === null ? "generated" : "corpora";
  const raw =
    corpora === null
      ? generatedBenignBlocks(4 * CHUNK_BYTES)
      : corpora.flatMap((c) => c.cases.filter((x) => x.label === "benign").map((x) => x.text));
  const withoutNul = raw.filter((text) => !text.includes("\0"));
  const kept = withoutNul.filter((text) => !scanToolResultStatic(text).injected);
  if (kept.length === 0) throw new Error("no benign text is left to time");
  const lines = kept.join("\n").split("\n");
  const sizes = lines.map((line) => Buffer.byteLength(line) + 1);
  const chunks: string[] = [];
  let chunk: string[] = [];
  let chunkBytes = 0;
  let bytes = 0;
  let count = 0;
  for (let i = 0; bytes < TEXT_BYTES; i = (i + 1) % lines.length) {
    chunk.push(lines[i] as string);
    chunkBytes += sizes[i] as number;
    bytes += sizes[i] as number;
    count++;
    if (chunkBytes >= CHUNK_BYTES || bytes >= TEXT_BYTES) {
      chunks.push(`${chunk.join("\n")}\n`);
      chunk = [];
      chunkBytes = 0;
    }
  }
  return {
    source,
    pieces: kept.length,
    excluded: withoutNul.length - kept.length,
    excludedNul: raw.length - withoutNul.length,
    corpora: corpora?.length ?? 0,
    unitBytes: sizes.reduce((a, b) => a + b, 0),
    chunks,
    bytes,
    lines: count,
  };
}

/** The chunks, byte for byte, as one file for grep. */
export function writeText(text: BenignText, file: string): void {
  const fd = openSync(file, "w");
  try {
    for (const chunk of text.chunks) writeSync(fd, chunk);
  } finally {
    closeSync(fd);
  }
}

export interface ShellLines {
  readonly source: "corpora" | "generated";
  readonly lines: readonly string[];
}

/** The benign cases of the shell corpora, one precheck call each. */
export function shellLines(corpora: readonly Corpus[] | null): ShellLines {
  const lines = (corpora ?? [])
    .filter((c) => c.name.startsWith("shell-"))
    .flatMap((c) => c.cases.filter((x) => x.label === "benign").map((x) => x.text));
  return lines.length > 0
    ? { source: "corpora", lines }
    : { source: "generated", lines: generatedShellLines(1500) };
}

export interface Cells {
  readonly source: "corpora" | "generated";
  /** How the pieces were checked to be Python: by python3's ast.parse, or not at all. */
  readonly parseCheck: string;
  readonly pieces: number;
  readonly droppedUnparseable: number;
  readonly cells: readonly string[];
  /** The same Cells with RISK_LINE in the middle: the signature scan runs, the verdict stays SAFE. */
  readonly riskCells: readonly string[];
}

/**
 * CELL_COUNT Cells of about 10 KB: whole benign code cases (bipia and humaneval interleaved, or
 * generated numpy/pandas functions) packed until the next would pass 10 KB. Each Cell starts at a
 * different case, so no two are the same text.
 */
export function buildCells(corpora: readonly Corpus[] | null, python: string | null): Cells {
  const fromCorpora = interleave(
    CELL_CORPORA.map((name) =>
      (corpora ?? [])
        .filter((c) => c.name === name)
        .flatMap((c) => c.cases.filter((x) => x.label === "benign").map((x) => x.text.trimEnd())),
    ),
  );
  const source = fromCorpora.length > 0 ? "corpora" : "generated";
  const candidates = source === "corpora" ? fromCorpora : generatedCodeCases(400);
  const parsed = python === null ? null : parsesAsPython(python, candidates);
  const pieces = parsed === null ? candidates : candidates.filter((_, i) => parsed[i] === true);
  const header = source === "generated" ? SCIENTIFIC_HEADER : "";
  const cells = Array.from({ length: CELL_COUNT }, (_, k) =>
    packCell(pieces, Math.floor((k * pieces.length) / CELL_COUNT), header),
  );
  return {
    source,
    parseCheck:
      parsed !== null
        ? `each case checked with ${python ?? "python3"} ast.parse`
        : python === null
          ? "not checked (python3 not found)"
          : `not checked (${python} failed)`,
    pieces: pieces.length,
    droppedUnparseable: candidates.length - pieces.length,
    cells,
    riskCells: cells.map(withRiskLine),
  };
}

function interleave(lists: readonly (readonly string[])[]): string[] {
  const out: string[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) {
    for (const list of lists) {
      const item = list[i];
      if (item !== undefined) out.push(item);
    }
  }
  return out;
}

function packCell(pieces: readonly string[], start: number, header: string): string {
  let cell = header;
  for (let i = 0; i < pieces.length; i++) {
    const piece = `${pieces[(start + i) % pieces.length] as string}\n\n\n`;
    if (Buffer.byteLength(cell + piece) > CELL_BYTES && cell !== header) break;
    cell += piece;
  }
  return cell;
}

// Between two cases, at a line start, so the Cell still parses.
function withRiskLine(cell: string): string {
  const middle = cell.indexOf("\n\n\n", Math.floor(cell.length / 2));
  const at = middle < 0 ? cell.length : middle + 3;
  return `${cell.slice(0, at)}${RISK_LINE}\n\n${cell.slice(at)}`;
}

const PARSE_CHECK = [
  "import ast, json, sys, warnings",
  "warnings.simplefilter('ignore')",
  "ok = []",
  "for text in json.load(sys.stdin):",
  "    try:",
  "        ast.parse(text)",
  "        ok.append(True)",
  "    except Exception:",
  "        ok.append(False)",
  "print(json.dumps(ok))",
].join("\n");

/** Which texts Python can parse: Bandit skips a file it cannot parse, which would flatter it. */
export function parsesAsPython(python: string, texts: readonly string[]): boolean[] | null {
  const result = spawnSync(python, ["-c", PARSE_CHECK], {
    input: JSON.stringify(texts),
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) return null;
  const parsed: unknown = JSON.parse(result.stdout);
  return Array.isArray(parsed) && parsed.length === texts.length ? (parsed as boolean[]) : null;
}
