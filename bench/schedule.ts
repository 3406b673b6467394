// Round-robin scheduling: every variant takes its turn within each round, so machine noise (a
// neighbour on the shared host, a page-cache flush) lands on all variants alike instead of on
// whichever block happened to run at that moment.

/** One timed run: wall time plus optional named parts (the self-test's probe, say). */
export interface Sample {
  readonly ms: number;
  readonly parts?: Readonly<Record<string, number>>;
}

/** A kept sample and the round it ran in, so two rows can be compared round by round. */
export interface RoundSample extends Sample {
  readonly round: number;
}

export interface Variant {
  readonly id: string;
  readonly label: string;
  readonly runs: number;
  readonly warmups: number;
  /** An optional variant (srt) is dropped with its reason on failure; any other aborts the run. */
  readonly optional: boolean;
  /** Rejects when the command did not run to a clean exit. */
  run(): Promise<Sample>;
}

export interface ScheduleResult {
  readonly samples: ReadonlyMap<string, readonly RoundSample[]>;
  /** Variant id → why it was dropped. */
  readonly dropped: ReadonlyMap<string, string>;
}

/** A required variant failed: the benchmark cannot stand without it. */
export class BenchFailure extends Error {
  override readonly name = "BenchFailure";
}

export async function runInterleaved(
  variants: readonly Variant[],
  progress: (message: string) => void,
): Promise<ScheduleResult> {
  const samples = new Map<string, RoundSample[]>(variants.map((v) => [v.id, []]));
  const dropped = new Map<string, string>();
  // round is null for a warm-up: its sample is thrown away.
  const turn = async (variant: Variant, round: number | null): Promise<void> => {
    if (dropped.has(variant.id)) return;
    try {
      const sample = await variant.run();
      if (round !== null) samples.get(variant.id)?.push({ ...sample, round });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!variant.optional) throw new BenchFailure(`${variant.label}: ${message}`);
      dropped.set(variant.id, message);
    }
  };

  const warmRounds = Math.max(0, ...variants.map((v) => v.warmups));
  for (let round = 0; round < warmRounds; round++) {
    progress(`warm-up ${round + 1}/${warmRounds}`);
    for (const variant of rotate(variants, round))
      if (round < variant.warmups) await turn(variant, null);
  }
  const rounds = Math.max(0, ...variants.map((v) => v.runs));
  for (let round = 0; round < rounds; round++) {
    progress(`round ${round + 1}/${rounds}`);
    for (const variant of rotate(variants, round))
      if (takesTurn(variant.runs, round, rounds)) await turn(variant, round);
  }
  return { samples, dropped };
}

/**
 * Spreads a variant's k runs evenly over all rounds, so a slow row with fewer runs is sampled
 * from start to finish rather than only in the first k rounds.
 */
function takesTurn(runs: number, round: number, rounds: number): boolean {
  return Math.floor(((round + 1) * runs) / rounds) > Math.floor((round * runs) / rounds);
}

// A different variant goes first in each round, so none always follows the same neighbour (a
// heavy srt run leaves warm or busy CPUs behind it).
function rotate<T>(items: readonly T[], round: number): T[] {
  const start = items.length === 0 ? 0 : round % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}
