// The hand-written JSON-RPC message check accepts exactly what the MCP SDK's JSONRPCMessageSchema
// accepts: checked on real messages and on every one-field mutation of them (a key removed, a key
// added, each field given each value of a spread of JSON types).
import assert from "node:assert/strict";
import { test } from "node:test";
import { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
import { isJsonRpcMessage } from "../../src/mcp/jsonrpc-message.js";

const BASES: readonly Record<string, unknown>[] = [
  { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "python", arguments: {} } },
  { jsonrpc: "2.0", id: "a", method: "ping" },
  {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: {
      name: "bash",
      _meta: { progressToken: "t", "io.modelcontextprotocol/related-task": { taskId: "x" } },
    },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1, reason: "r" } },
  { jsonrpc: "2.0", id: 3, result: {} },
  { jsonrpc: "2.0", id: "b", result: { content: [], _meta: { progressToken: 4 } } },
  { jsonrpc: "2.0", id: 4, error: { code: -32600, message: "no" } },
  { jsonrpc: "2.0", error: { code: 1, message: "m", data: { any: ["thing"] } } },
];

const VALUES: readonly unknown[] = [
  undefined,
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53,
  "",
  "2.0",
  "1.0",
  [],
  [1],
  {},
  { taskId: "t" },
  { progressToken: null },
  { progressToken: 1.5 },
  { code: 1, message: "m" },
  { code: "1", message: "m" },
  { _meta: 5 },
  { _meta: { progressToken: [] } },
  { _meta: { "io.modelcontextprotocol/related-task": { taskId: 7 } } },
];

/** Every message one change away from `base`, nested one level into object fields. */
function* mutations(base: Record<string, unknown>): Generator<unknown> {
  yield base;
  for (const key of [...Object.keys(base), "extra", "method", "id", "result", "error", "params"]) {
    for (const value of VALUES) {
      const copy: Record<string, unknown> = { ...base };
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      yield copy;
    }
    const field = base[key];
    if (typeof field === "object" && field !== null && !Array.isArray(field)) {
      for (const inner of [...Object.keys(field), "_meta", "code", "message", "extra"]) {
        for (const value of VALUES) {
          const nested: Record<string, unknown> = { ...(field as Record<string, unknown>) };
          if (value === undefined) delete nested[inner];
          else nested[inner] = value;
          yield { ...base, [key]: nested };
        }
      }
    }
  }
}

test("accepts exactly what the SDK's JSONRPCMessageSchema accepts, on real messages and every one-field mutation", () => {
  let accepted = 0;
  let rejected = 0;
  for (const base of BASES) {
    for (const message of mutations(base)) {
      const sdk = JSONRPCMessageSchema.safeParse(message).success;
      assert.equal(isJsonRpcMessage(message), sdk, JSON.stringify(message));
      if (sdk) accepted += 1;
      else rejected += 1;
    }
  }
  // The corpus exercises both sides, not just one.
  assert.ok(accepted > 100 && rejected > 1000, `accepted ${accepted}, rejected ${rejected}`);
});

test("non-objects, arrays, a wrong version and a __proto__ key parsed from JSON are refused", () => {
  for (const text of [
    "null",
    "1",
    '"x"',
    "[]",
    '[{"jsonrpc":"2.0","method":"a"}]',
    '{"jsonrpc":"1.0","id":1,"method":"a"}',
    '{"jsonrpc":"2.0","method":"a","__proto__":{"x":1}}',
    '{"jsonrpc":"2.0","id":null,"method":"a"}',
    '{"jsonrpc":"2.0","id":1}',
  ]) {
    const value: unknown = JSON.parse(text);
    assert.equal(JSONRPCMessageSchema.safeParse(value).success, false, text);
    assert.equal(isJsonRpcMessage(value), false, text);
  }
});
