// The stdio transport under hostile input, in process: every bad line is answered with a JSON-RPC
// error and skipped, a line over the bound is dropped without being buffered, and the next good
// message still arrives.
import assert from "node:assert/strict";
import { PassThrough } from "node:stream";
import { test } from "node:test";
import { LineTransport } from "../../src/mcp/line-transport.js";

async function drive(
  chunks: (string | Buffer)[],
  maxLine: number,
): Promise<{ replies: unknown[]; messages: unknown[] }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let written = "";
  output.setEncoding("utf8").on("data", (d: string) => (written += d));
  const transport = new LineTransport(input, output, maxLine);
  const messages: unknown[] = [];
  transport.onmessage = (message) => messages.push(message);
  let closed = false;
  transport.onclose = () => (closed = true);
  await transport.start();
  for (const chunk of chunks) input.write(chunk);
  input.end();
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(closed, true, "end of input closes the transport");
  const replies = written
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as unknown);
  return { replies, messages };
}

test("a line over the bound is answered -32600 and skipped, across chunks, and the next message arrives", async () => {
  const big = "x".repeat(300);
  const { replies, messages } = await drive(
    [
      `{"jsonrpc":"2.0","id":1,"method":"a","params":{"p":"${big.slice(0, 100)}`,
      `${big.slice(100)}"}}\n`,
      '{"jsonrpc":"2.0","id":2,"method":"ping"}\n',
    ],
    200,
  );
  assert.deepEqual(replies, [
    {
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Invalid Request: the message is over the 200-byte limit" },
    },
  ]);
  assert.deepEqual(messages, [{ jsonrpc: "2.0", id: 2, method: "ping" }]);
});

test("not JSON, not JSON-RPC, blank lines and CRLF: errors where due, messages where valid", async () => {
  const { replies, messages } = await drive(
    [
      "{\n",
      "\n",
      "   \r\n",
      '{"id":5}\n',
      '{"jsonrpc":"2.0","id":"a","method":"m"}\r\n',
      Buffer.from([0xc3]),
      Buffer.from([0x28, 0x0a]),
    ],
    1024,
  );
  assert.deepEqual(
    replies.map((r) => (r as { id: unknown; error: { code: number } }).error.code),
    [-32700, -32600, -32700],
  );
  assert.equal((replies[1] as { id: unknown }).id, 5, "an invalid request keeps its id");
  assert.deepEqual(messages, [{ jsonrpc: "2.0", id: "a", method: "m" }]);
});
