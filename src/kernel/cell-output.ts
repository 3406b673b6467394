// One output stream of the worker (stdout or stderr), cut into Cells by the end marker the
// worker writes after each Cell. Only the tail of a Cell's output is kept: a Cell that prints
// 50 MB costs the host the bound, not the 50 MB.

/** Output kept per stream and Cell by default: the last 1 MiB. */
export const DEFAULT_OUTPUT_LIMIT = 1024 * 1024;

export interface CapturedText {
  readonly text: string;
  /** Bytes of this Cell's output that were dropped from the front. */
  readonly droppedBytes: number;
}

/** Chunks of which only the last `limit` bytes (rounded up to whole chunks) are kept. */
class ChunkTail {
  readonly #limit: number;
  chunks: Buffer[] = [];
  bytes = 0;
  dropped = 0;

  constructor(limit: number) {
    this.#limit = limit;
  }

  push(data: Buffer): void {
    if (data.length === 0) return;
    this.chunks.push(data);
    this.bytes += data.length;
    while (this.chunks.length > 1 && this.bytes - this.chunks[0]!.length >= this.#limit) {
      const first = this.chunks.shift()!;
      this.bytes -= first.length;
      this.dropped += first.length;
    }
  }
}

export class StreamTail {
  readonly #name: string;
  readonly #limit: number;
  /** The running Cell's output. */
  #cell: ChunkTail;
  /** What arrived while no Cell waited on this stream: the start of whatever comes next. */
  #after: ChunkTail;
  /** Bytes held back because they may be the start of the marker. */
  #carry: Buffer = Buffer.alloc(0);
  #marker: Buffer | null = null;
  #onMarker: (() => void) | null = null;

  constructor(name: string, limit: number = DEFAULT_OUTPUT_LIMIT) {
    this.#name = name;
    this.#limit = limit;
    this.#cell = new ChunkTail(limit);
    this.#after = new ChunkTail(limit);
  }

  /** Waits for `marker` in the stream; calls onMarker once when it has passed. */
  expect(marker: string, onMarker: () => void): void {
    this.#marker = Buffer.from(marker, "latin1");
    this.#onMarker = onMarker;
    // Output that came in while no Cell was running belongs to this one.
    const pending = this.#after;
    this.#after = new ChunkTail(this.#limit);
    this.#cell.dropped += pending.dropped;
    for (const chunk of pending.chunks) this.push(chunk);
  }

  push(chunk: Buffer): void {
    const marker = this.#marker;
    if (marker === null) {
      // No Cell is waiting on this stream: a background writer, or the next Cell's start.
      this.#after.push(chunk);
      return;
    }
    const data = this.#carry.length === 0 ? chunk : Buffer.concat([this.#carry, chunk]);
    const at = data.indexOf(marker);
    if (at >= 0) {
      this.#cell.push(data.subarray(0, at));
      this.#carry = Buffer.alloc(0);
      this.#marker = null;
      this.#after.push(Buffer.from(data.subarray(at + marker.length)));
      const notify = this.#onMarker;
      this.#onMarker = null;
      notify?.();
      return;
    }
    const hold = Math.min(marker.length - 1, data.length);
    this.#cell.push(data.subarray(0, data.length - hold));
    this.#carry = Buffer.from(data.subarray(data.length - hold));
  }

  /** The Cell's output so far, and a fresh start for the next. */
  take(): CapturedText {
    this.#cell.push(this.#carry);
    this.#carry = Buffer.alloc(0);
    this.#marker = null;
    this.#onMarker = null;
    const cell = this.#cell;
    this.#cell = new ChunkTail(this.#limit);
    let joined = Buffer.concat(cell.chunks);
    let dropped = cell.dropped;
    if (joined.length > this.#limit) {
      dropped += joined.length - this.#limit;
      joined = joined.subarray(joined.length - this.#limit);
    }
    if (dropped === 0) return { text: joined.toString("utf8"), droppedBytes: 0 };
    // The cut may fall inside a character: start at the next character boundary.
    let start = 0;
    while (start < 3 && start < joined.length && (joined[start]! & 0xc0) === 0x80) start++;
    const kept = joined.subarray(start);
    return {
      text: `[cellguard: ${dropped + start} bytes of ${this.#name} were cut; the last ${kept.length} bytes follow]\n${kept.toString("utf8")}`,
      droppedBytes: dropped + start,
    };
  }
}
