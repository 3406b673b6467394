// In-process timing: throughput of a screen over a list of inputs, and per-call latency of
// several calls on the same inputs, interleaved so that load from next door hits them alike.
import { elapsedMs } from "../stats.js";

export interface Throughput {
  /** Wall time of each full run, ms. */
  readonly samplesMs: readonly number[];
  /** UTF-8 bytes screened per run. */
  readonly bytes: number;
  /** Inputs the screen flagged in the last run, per pass (a flagged input may end early). */
  readonly hits: number;
  readonly calls: number;
}

export interface ThroughputPlan {
  readonly items: readonly string[];
  /** Times the list is screened per run (to reach a measurable volume). */
  readonly passes: number;
  readonly runs: number;
}

export function utf8Bytes(items: readonly string[]): number {
  let bytes = 0;
  for (const item of items) bytes += Buffer.byteLength(item);
  return bytes;
}

/** Untimed warm-up volume (the JIT): the whole list once, or its first 8 MB. */
const WARM_UP_BYTES = 8_000_000;

/** One untimed warm-up, then `runs` timed runs. */
export function measureThroughput(
  plan: ThroughputPlan,
  screen: (text: string) => boolean,
): Throughput {
  let warmed = 0;
  for (const item of plan.items) {
    if (warmed >= WARM_UP_BYTES) break;
    screen(item);
    warmed += item.length;
  }
  const samplesMs: number[] = [];
  let hits = 0;
  for (let run = 0; run < plan.runs; run++) {
    const timed = screenAll(plan, screen);
    samplesMs.push(timed.ms);
    hits = timed.hits;
  }
  return {
    samplesMs,
    bytes: utf8Bytes(plan.items) * plan.passes,
    hits,
    calls: plan.items.length * plan.passes,
  };
}

/** A single timed run: used where runs of several screens are interleaved by the caller. */
export function screenAll(
  plan: Pick<ThroughputPlan, "items" | "passes">,
  screen: (text: string) => boolean,
): { ms: number; hits: number } {
  let hits = 0;
  const started = process.hrtime.bigint();
  for (let pass = 0; pass < plan.passes; pass++) {
    for (const item of plan.items) if (screen(item)) hits++;
  }
  return { ms: elapsedMs(started), hits: hits / plan.passes };
}

export function megabytesPerSecond(bytes: number, ms: number): number {
  return bytes / 1e6 / (ms / 1000);
}

export type Call =
  | { readonly kind: "sync"; readonly run: (text: string) => unknown }
  | { readonly kind: "async"; readonly run: (text: string) => Promise<unknown> };

/**
 * Per-call wall time of each call on each input, round after round, every call on an input
 * before the next input. The async calls are timed to the resolution of their promise.
 */
export async function perCallSamples(
  calls: Readonly<Record<string, Call>>,
  inputs: Readonly<Record<string, readonly string[]>>,
  rounds: number,
): Promise<Map<string, number[]>> {
  const samples = new Map<string, number[]>(Object.keys(calls).map((key) => [key, []]));
  const longest = Math.max(0, ...Object.values(inputs).map((list) => list.length));
  // Round 0 warms up and is not kept.
  for (let round = 0; round <= rounds; round++) {
    for (let i = 0; i < longest; i++) {
      for (const [key, call] of Object.entries(calls)) {
        const text = inputs[key]?.[i];
        if (text === undefined) continue;
        const started = process.hrtime.bigint();
        if (call.kind === "async") await call.run(text);
        else call.run(text);
        if (round > 0) samples.get(key)?.push(elapsedMs(started));
      }
    }
  }
  return samples;
}
