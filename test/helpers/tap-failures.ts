// Node's test runner writes TAP when its output is not a terminal, and a CI log keeps only the
// tail of it. This picks the failing tests out of a TAP stream so a run can end with a short
// list of what failed and why, instead of the last few hundred passing lines.

export interface TapFailure {
  readonly name: string;
  /** The failure's YAML block, without its `---` and `...` fences, de-indented. */
  readonly detail: readonly string[];
}

const NOT_OK = /^( *)not ok \d+ - (.*)$/;

/** Leaf failures only: a suite that failed because a subtest failed adds nothing of its own. */
export function tapFailures(output: string): TapFailure[] {
  const lines = output.split("\n");
  const failures: TapFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    const match = NOT_OK.exec(lines[i] ?? "");
    if (match === null) continue;
    const inner = `${match[1] ?? ""}  `;
    const detail: string[] = [];
    let j = i + 1;
    if (lines[j] === `${inner}---`) {
      for (j += 1; j < lines.length && lines[j] !== `${inner}...`; j++) {
        const line = lines[j] ?? "";
        detail.push(line.startsWith(inner) ? line.slice(inner.length) : line);
      }
    }
    if (detail.some((line) => line.startsWith("failureType: 'subtestsFailed'"))) continue;
    failures.push({ name: match[2] ?? "", detail });
  }
  return failures;
}

/** The failures as text of at most `budget` characters, each cut to its first `linesEach` lines. */
export function summariseFailures(
  failures: readonly TapFailure[],
  { budget, linesEach }: { budget: number; linesEach: number },
): string {
  let text = `${failures.length} failing test${failures.length === 1 ? "" : "s"}:\n`;
  for (const [index, failure] of failures.entries()) {
    const body = withoutNoise(failure.detail).slice(0, linesEach);
    const entry = [`not ok - ${failure.name}`, ...body.map((line) => `    ${line}`)].join("\n");
    if (text.length + entry.length + 1 > budget) {
      text += `… and ${failures.length - index} more (the full output has them)\n`;
      break;
    }
    text += `${entry}\n`;
  }
  return text;
}

/** Timings and the runner's own stack frames say nothing about what failed: the first frame does. */
function withoutNoise(detail: readonly string[]): string[] {
  const kept: string[] = [];
  let inStack = false;
  let frames = 0;
  for (const line of detail) {
    if (line.startsWith("duration_ms:") || line.startsWith("type:")) continue;
    if (!line.startsWith(" ")) {
      inStack = line.startsWith("stack:");
      frames = 0;
    } else if (inStack && ++frames > 1) continue;
    kept.push(line);
  }
  return kept;
}
