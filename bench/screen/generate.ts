// Deterministic stand-ins for the public corpora, used only when ../shared/eval is absent:
// English-like prose, Python and log lines for the throughput text, benign shell commands for the
// precheck, and numpy/pandas Cells for the classifier. Seeded, so two runs on two machines time
// the same bytes.

/** mulberry32: a small seeded generator; quality is ample for picking words. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError("Cannot pick from an empty list");
  return item;
}

function between(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

// Plain words of lab notes and documentation; none of them is an injection anchor.
const WORDS = [
  "sample",
  "measured",
  "values",
  "between",
  "control",
  "group",
  "result",
  "analysis",
  "data",
  "table",
  "column",
  "mean",
  "median",
  "variance",
  "protocol",
  "buffer",
  "plate",
  "reading",
  "temperature",
  "interval",
  "series",
  "report",
  "figure",
  "shows",
  "after",
  "before",
  "during",
  "each",
  "batch",
  "run",
  "the",
  "a",
  "of",
  "and",
  "in",
  "on",
  "with",
  "for",
  "was",
  "were",
  "is",
  "are",
  "we",
  "this",
  "that",
  "these",
  "which",
  "our",
  "from",
  "to",
  "by",
  "at",
  "as",
  "model",
  "fit",
  "estimate",
  "error",
  "bars",
  "standard",
  "deviation",
  "replicate",
  "trend",
  "increase",
  "decrease",
  "stable",
  "expected",
  "observed",
  "method",
  "section",
  "appendix",
  "notebook",
  "pipeline",
  "workflow",
  "stage",
  "output",
  "input",
  "file",
  "directory",
  "cache",
  "compute",
  "matrix",
  "vector",
  "array",
  "frame",
  "index",
  "label",
  "cluster",
  "score",
] as const;

function sentence(random: Random): string {
  const words: string[] = Array.from({ length: between(random, 6, 18) }, () => pick(random, WORDS));
  const first = words[0] ?? "data";
  words[0] = first.charAt(0).toUpperCase() + first.slice(1);
  return `${words.join(" ")}${pick(random, [".", ".", ".", "?", "!"])}`;
}

function paragraph(random: Random): string {
  return Array.from({ length: between(random, 3, 7) }, () => sentence(random)).join(" ");
}

const COLUMNS = ["od600", "ct_value", "yield_mg", "signal", "ratio", "depth", "count", "area"];
const GROUPS = ["plate", "donor", "batch", "condition", "site", "timepoint"];
const VERBS = ["summarize", "normalize", "filter", "score", "aggregate", "compare"];

/** One small numpy/pandas function, the shape of an analysis Cell. */
export function scientificFunction(random: Random, n: number): string {
  const column = pick(random, COLUMNS);
  const group = pick(random, GROUPS);
  const verb = pick(random, VERBS);
  const threshold = (random() * 10).toFixed(2);
  const window = between(random, 3, 25);
  return [
    `def ${verb}_${column}_${n}(frame: pd.DataFrame) -> pd.DataFrame:`,
    `    """${verb.charAt(0).toUpperCase()}${verb.slice(1)} ${column} per ${group}."""`,
    `    kept = frame[frame["${column}"] > ${threshold}].copy()`,
    `    kept["${column}_smooth"] = kept["${column}"].rolling(${window}, min_periods=1).mean()`,
    `    grouped = kept.groupby("${group}")["${column}_smooth"]`,
    `    summary = pd.DataFrame({"mean": grouped.mean(), "std": grouped.std(ddof=1)})`,
    `    summary["cv"] = summary["std"] / summary["mean"].replace(0, np.nan)`,
    `    summary["z"] = (summary["mean"] - summary["mean"].mean()) / summary["mean"].std(ddof=0)`,
    `    return summary.sort_values("z", ascending=False)`,
    "",
    "",
  ].join("\n");
}

export const SCIENTIFIC_HEADER = "import numpy as np\nimport pandas as pd\n\n\n";

function logLine(random: Random, second: number): string {
  const level = pick(random, ["INFO", "INFO", "INFO", "DEBUG", "WARN"]);
  const stamp = new Date(Date.UTC(2024, 4, 1, 0, 0, second)).toISOString();
  const worker = between(random, 1, 16);
  const records = between(random, 1, 4096);
  const ms = between(random, 1, 900);
  return `${stamp} ${level} worker[${worker}]: ${pick(random, VERBS)} ${records} records from ${pick(random, GROUPS)}_${between(random, 1, 99)}.parquet in ${ms} ms`;
}

/**
 * About `bytes` of mixed text, as blocks (one block: a paragraph, a function or a run of log
 * lines). Blocks, not one string, so the caller can drop any block a screen flags.
 */
export function generatedBenignBlocks(bytes: number, seed = 20240501): string[] {
  const random = seededRandom(seed);
  const blocks: string[] = [];
  let size = 0;
  let second = 0;
  for (let n = 0; size < bytes; n++) {
    const kind = n % 3;
    let block: string;
    if (kind === 0) block = paragraph(random);
    else if (kind === 1) block = scientificFunction(random, n).trimEnd();
    else {
      const lines = Array.from({ length: between(random, 4, 12) }, () =>
        logLine(random, (second += between(random, 0, 3))),
      );
      block = lines.join("\n");
    }
    blocks.push(block);
    size += block.length + 1;
  }
  return blocks;
}

const SHELL_TEMPLATES: readonly ((random: Random) => string)[] = [
  (r) => `ls -la ${pick(r, ["src", "data", "results", "notebooks", "."])}`,
  (r) => `git ${pick(r, ["status", "diff --stat", "log --oneline -n 20", "fetch origin"])}`,
  (r) => `grep -rn "${pick(r, COLUMNS)}" ${pick(r, ["src", "analysis", "scripts"])}`,
  (r) => `python3 scripts/${pick(r, VERBS)}.py --input data/${pick(r, GROUPS)}.csv`,
  (r) => `head -n ${between(r, 5, 200)} results/${pick(r, COLUMNS)}.tsv`,
  (r) => `find data -name '*.parquet' -mtime -${between(r, 1, 30)}`,
  (r) => `wc -l data/${pick(r, GROUPS)}_*.csv | sort -n | tail -n 5`,
  (r) => `mkdir -p results/run_${between(r, 1, 999)} && cp config.yaml results/`,
  (r) => `tar -czf archive_${between(r, 1, 99)}.tar.gz results/`,
  (r) => `conda run -n analysis pytest -q tests/test_${pick(r, VERBS)}.py`,
  (r) => `awk -F, '{ s += $${between(r, 2, 9)} } END { print s }' data/${pick(r, GROUPS)}.csv`,
  (r) => `rm -rf build/tmp_${between(r, 1, 99)}`,
];

export function generatedShellLines(count: number, seed = 7): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => pick(random, SHELL_TEMPLATES)(random));
}

/** numpy/pandas functions to be packed into Cells, each one parseable on its own. */
export function generatedCodeCases(count: number, seed = 11): string[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, n) => scientificFunction(random, n).trimEnd());
}
