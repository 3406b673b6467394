// The worker protocol's framing: a 4-byte big-endian length, then that many bytes. Requests to
// the worker are UTF-8 fields separated by NUL (a Cell never holds one), which the worker splits
// without importing a JSON parser; the worker answers in JSON. The worker runs model-written code
// in its own process, so every frame it sends is untrusted: sizes are capped, and anything that
// does not parse is a protocol violation, never a guess.

/** The largest frame either side accepts. */
export const MAX_FRAME_BYTES = 16 * 1024 * 1024;

export class ProtocolError extends Error {
  readonly code = "ERR_KERNEL_PROTOCOL";

  override get name(): string {
    return "ProtocolError";
  }
}

/** A request: its fields, NUL-separated. A field holding NUL is refused, never split. */
export function encodeRequest(fields: readonly string[]): Buffer {
  for (const field of fields) {
    if (field.includes("\0")) {
      throw new RangeError("Cannot send to the worker: a request field contains a NUL character");
    }
  }
  return encodeFrame(Buffer.from(fields.join("\0"), "utf8"));
}

/** A JSON frame, as the worker sends them (used by tests to play the worker). */
export function encodeJsonFrame(message: unknown): Buffer {
  return encodeFrame(Buffer.from(JSON.stringify(message), "utf8"));
}

export function encodeFrame(body: Buffer): Buffer {
  if (body.length > MAX_FRAME_BYTES) {
    throw new RangeError(
      `Cannot send to the worker: the frame is ${body.length} bytes, over the ${MAX_FRAME_BYTES}-byte limit`,
    );
  }
  const head = Buffer.allocUnsafe(4);
  head.writeUInt32BE(body.length, 0);
  return Buffer.concat([head, body]);
}

/** Turns a byte stream into JSON objects; push() returns the complete frames so far. */
export class FrameDecoder {
  #chunks: Buffer[] = [];
  #buffered = 0;

  push(chunk: Buffer): Record<string, unknown>[] {
    this.#chunks.push(chunk);
    this.#buffered += chunk.length;
    const frames: Record<string, unknown>[] = [];
    while (this.#buffered >= 4) {
      const head = this.#peek(4);
      const size = head.readUInt32BE(0);
      if (size > MAX_FRAME_BYTES) {
        throw new ProtocolError(
          `the worker sent a frame of ${size} bytes, over the ${MAX_FRAME_BYTES}-byte limit`,
        );
      }
      if (this.#buffered < 4 + size) break;
      const frame = this.#take(4 + size).subarray(4);
      let parsed: unknown;
      try {
        parsed = JSON.parse(frame.toString("utf8"));
      } catch {
        throw new ProtocolError("the worker sent a frame that is not JSON");
      }
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
        throw new ProtocolError("the worker sent a frame that is not a JSON object");
      }
      frames.push(parsed as Record<string, unknown>);
    }
    return frames;
  }

  #peek(count: number): Buffer {
    const first = this.#chunks[0];
    if (first !== undefined && first.length >= count) return first;
    const joined = Buffer.concat(this.#chunks);
    this.#chunks = [joined];
    return joined;
  }

  #take(count: number): Buffer {
    const joined = this.#peek(count);
    const taken = joined.subarray(0, count);
    const rest = joined.subarray(count);
    this.#chunks = rest.length > 0 ? [rest] : [];
    this.#buffered -= count;
    return taken;
  }
}
