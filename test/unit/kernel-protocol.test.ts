// The host side of the worker protocol, without a worker: frames from an untrusted process are
// bounded and strict, output is cut to its tail and split into Cells by the end marker wherever
// the pipe happens to break it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { StreamTail } from "../../src/kernel/cell-output.js";
import {
  encodeJsonFrame,
  encodeRequest,
  FrameDecoder,
  MAX_FRAME_BYTES,
  ProtocolError,
} from "../../src/kernel/frames.js";
import { CellInputError, KernelConfigurationError } from "../../src/kernel/errors.js";
import { checkCell, MAX_CELL_CHARS, normalizeKernelOptions } from "../../src/kernel/options.js";

describe("FrameDecoder: the worker's frames are untrusted", () => {
  test("frames split at every byte boundary, or several in one chunk, decode the same", () => {
    const bytes = Buffer.concat([
      encodeJsonFrame({ op: "a", n: 1 }),
      encodeJsonFrame({ op: "b", s: "é" }),
    ]);
    for (let cut = 0; cut <= bytes.length; cut += 1) {
      const decoder = new FrameDecoder();
      const frames = [
        ...decoder.push(bytes.subarray(0, cut)),
        ...decoder.push(bytes.subarray(cut)),
      ];
      assert.deepEqual(frames, [
        { op: "a", n: 1 },
        { op: "b", s: "é" },
      ]);
    }
  });

  test("a length over the limit is a protocol error before any of the body is buffered", () => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(MAX_FRAME_BYTES + 1, 0);
    assert.throws(() => new FrameDecoder().push(head), ProtocolError);
  });

  test("a request field holding NUL is refused rather than split into two fields", () => {
    assert.throws(() => encodeRequest(["execute", "1", "python", "ab", "x\0y"]), /NUL/);
    assert.equal(encodeRequest(["interrupt", "7"]).subarray(4).toString(), "interrupt\u00007");
  });

  test("a body that is not a JSON object is a protocol error, never a guess", () => {
    for (const body of ["not json", "[1,2]", "null", '"text"']) {
      const raw = Buffer.from(body);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(raw.length, 0);
      assert.throws(() => new FrameDecoder().push(Buffer.concat([head, raw])), ProtocolError, body);
    }
  });
});

describe("StreamTail: a Cell's output, bounded and cut at its end marker", () => {
  const MARKER = "\u0000cellguard:end:0123456789abcdef\u0000";

  test("the marker is found when the pipe splits it anywhere, and what follows goes to the next Cell", () => {
    const stream = Buffer.from(`hello${MARKER}next`, "latin1");
    for (let cut = 0; cut <= stream.length; cut += 1) {
      const tail = new StreamTail("stdout", 1024);
      let seen = 0;
      tail.expect(MARKER, () => (seen += 1));
      tail.push(stream.subarray(0, cut));
      tail.push(stream.subarray(cut));
      assert.equal(seen, 1, `cut at ${cut}`);
      assert.deepEqual(tail.take(), { text: "hello", droppedBytes: 0 });
      tail.expect(MARKER.replace("0123", "9999"), () => undefined);
      assert.equal(tail.take().text, "next");
    }
  });

  test("output past the bound keeps the tail and marks the cut, at a character boundary", () => {
    const tail = new StreamTail("stdout", 1024);
    tail.expect(MARKER, () => undefined);
    for (let i = 0; i < 100; i += 1) tail.push(Buffer.from("é".repeat(500)));
    tail.push(Buffer.from("THE END"));
    const { text, droppedBytes } = tail.take();
    assert.ok(droppedBytes > 90_000);
    const [head, kept] = [text.slice(0, text.indexOf("\n")), text.slice(text.indexOf("\n") + 1)];
    assert.match(head, /^\[cellguard: \d+ bytes of stdout were cut; the last \d+ bytes follow\]$/);
    assert.ok(kept.endsWith("THE END"));
    assert.ok(!kept.includes("\uFFFD"), "no broken character at the cut");
    assert.ok(Buffer.byteLength(kept) <= 1024);
  });

  test("output between Cells is bounded too, and counted as cut when it overflows", () => {
    const tail = new StreamTail("stderr", 1024);
    for (let i = 0; i < 100; i += 1) tail.push(Buffer.alloc(1000, 0x61));
    tail.expect(MARKER, () => undefined);
    tail.push(Buffer.from(`z${MARKER}`, "latin1"));
    const { text, droppedBytes } = tail.take();
    assert.ok(droppedBytes > 0);
    assert.ok(text.endsWith("az"));
    assert.ok(Buffer.byteLength(text) < 1200);
  });

  test("a forged marker from an earlier Cell does not end this one", () => {
    const tail = new StreamTail("stdout", 1024);
    let seen = false;
    tail.expect(MARKER, () => (seen = true));
    tail.push(Buffer.from("\u0000cellguard:end:ffffffffffffffff\u0000", "latin1"));
    assert.equal(seen, false);
  });
});

describe("Cell and kernel options: a bad value is named, nothing runs", () => {
  test("non-strings, NUL characters, unknown languages, oversize Cells and bad timeouts are CellInputErrors", () => {
    const bad: [unknown, object | undefined, RegExp][] = [
      [42, undefined, /code must be a string: current type is number/],
      ["print(1)\0", undefined, /NUL character \(at offset 8\)/],
      ["1", { language: "ruby" }, /language must be one of python, bash: current value is "ruby"/],
      ["x".repeat(MAX_CELL_CHARS + 1), undefined, /over the 1048576-character limit/],
      ["1", { timeoutMs: 0 }, /timeoutMs must be a number of milliseconds above 0/],
      ["1", { timeoutMs: Number.NaN }, /current value is NaN/],
      ["1", { timeoutMs: "5" }, /current value is of type string/],
    ];
    for (const [code, options, message] of bad) {
      assert.throws(
        () => checkCell(code, options, 1000),
        (error: unknown) => {
          assert.ok(error instanceof CellInputError);
          assert.ok(error instanceof TypeError);
          assert.match(error.message, message);
          return true;
        },
      );
    }
  });

  test("the Cell's own text is never repeated in the error", () => {
    assert.throws(
      () => checkCell("secret-token-value\0", undefined, 1000),
      (error: unknown) => {
        assert.ok(error instanceof Error);
        assert.doesNotMatch(error.message, /secret-token-value/);
        return true;
      },
    );
  });

  test("kernel options are checked before anything starts", () => {
    for (const [options, message] of [
      [{ timeoutMs: -1 }, /timeoutMs must be/],
      [{ outputLimitBytes: 10 }, /outputLimitBytes must be a whole number of bytes from 1024/],
      [{ python: "" }, /python must be a non-empty path string/],
      [{ workspace: 7 }, /workspace must be a path string/],
    ] as const) {
      assert.throws(
        () => normalizeKernelOptions(options as never),
        (error: unknown) => {
          assert.ok(error instanceof KernelConfigurationError);
          assert.match(error.message, message);
          return true;
        },
      );
    }
  });
});
