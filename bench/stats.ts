// Order statistics for one benchmark row. Medians and quartiles rather than means: on a shared
// 2-vCPU host one slow spawn must not move the headline figure.

export interface Summary {
  readonly n: number;
  readonly medianMs: number;
  readonly p25Ms: number;
  readonly p75Ms: number;
  readonly minMs: number;
  readonly maxMs: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new RangeError("Cannot summarize: there are no samples");
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    medianMs: quantile(sorted, 0.5),
    p25Ms: quantile(sorted, 0.25),
    p75Ms: quantile(sorted, 0.75),
    minMs: sorted[0] ?? 0,
    maxMs: sorted[sorted.length - 1] ?? 0,
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("Cannot take a median: there are no values");
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

/** Linear interpolation between closest ranks (the NumPy default), on an ascending array. */
function quantile(sorted: readonly number[], q: number): number {
  const position = (sorted.length - 1) * q;
  const low = sorted[Math.floor(position)] ?? 0;
  const high = sorted[Math.ceil(position)] ?? low;
  return low + (high - low) * (position - Math.floor(position));
}

/** Milliseconds since a process.hrtime.bigint() reading. */
export function elapsedMs(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}
