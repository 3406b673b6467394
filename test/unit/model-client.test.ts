// chatCompletion speaks the chat-completions protocol to a real loopback server and turns every
// failure into a ModelCallError with a stable code and a message that names what failed but
// never the API key, the prompt, or more than a short excerpt of what the server said. The
// injection model tier built on it returns null on any failure so its caller fails open.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  chatCompletion,
  extractJsonObject,
  MAX_RESPONSE_BYTES,
  ModelCallError,
} from "../../src/screen/model/client.js";
import {
  INJECTION_MAX_CONTENT_CHARS,
  INJECTION_PROMPT,
  injectionModelVerdict,
} from "../../src/screen/injection/model-tier.js";
import { ModelServer, reply } from "../helpers/model-server.js";
import { useModelServer } from "../helpers/model-server-hooks.js";

const KEY = "sk-live-VERY-SECRET-KEY-0123456789";
const PROMPT = "PROMPT-MARKER classify this please";
const REQUEST = { system: "SYSTEM-MARKER", user: PROMPT, maxTokens: 42, temperature: 0 };

const server = useModelServer(reply.content("hello"));

async function callError(promise: Promise<unknown>): Promise<ModelCallError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof ModelCallError, `expected ModelCallError, got ${String(error)}`);
    return error;
  }
  assert.fail("expected the call to fail");
}

function assertClean(error: ModelCallError): void {
  assert.ok(!error.message.includes(KEY), "the message must not contain the API key");
  assert.ok(!error.message.includes("PROMPT-MARKER"), "the message must not contain the prompt");
  const controls = [...error.message].filter((ch) => ch.charCodeAt(0) < 0x20);
  assert.deepEqual(controls, [], "the message must be one clean line");
}

describe("chatCompletion", () => {
  test("posts model, both messages, max_tokens and temperature to /chat/completions", async () => {
    const content = await chatCompletion(server().config(), REQUEST);
    assert.equal(content, "hello");
    assert.equal(server().requests.length, 1);
    const request = server().requests[0];
    assert.equal(request?.method, "POST");
    assert.equal(request?.path, "/v1/chat/completions");
    assert.deepEqual(request?.body, {
      model: "test-model",
      messages: [
        { role: "system", content: "SYSTEM-MARKER" },
        { role: "user", content: PROMPT },
      ],
      max_tokens: 42,
      temperature: 0,
    });
  });

  test("sends the API key only as a Bearer Authorization header", async () => {
    await chatCompletion(server().config({ apiKey: KEY }), REQUEST);
    const request = server().requests[0];
    assert.equal(request?.headers.authorization, `Bearer ${KEY}`);
    assert.ok(!request?.rawBody.includes(KEY), "the key must not be in the body");
    assert.ok(!request?.path.includes(KEY), "the key must not be in the URL");
    const otherHeaders = Object.entries(request?.headers ?? {}).filter(
      ([n]) => n !== "authorization",
    );
    assert.ok(!JSON.stringify(otherHeaders).includes(KEY));
  });

  test("sends no Authorization header when no key is configured", async () => {
    await chatCompletion(server().config(), REQUEST);
    assert.equal(server().requests[0]?.headers.authorization, undefined);
  });

  test("a trailing slash on the base URL does not double the path separator", async () => {
    await chatCompletion(server().config({ baseUrl: `${server().baseUrl}/` }), REQUEST);
    assert.equal(server().requests[0]?.path, "/v1/chat/completions");
  });

  test("HTTP 500 is ERR_MODEL_HTTP naming the status, with the server text bounded", async () => {
    server().respondWith(reply.raw(500, `boom \u001b[31m${"x".repeat(5000)} ${KEY}`));
    const error = await callError(chatCompletion(server().config({ apiKey: KEY }), REQUEST));
    assert.equal(error.code, "ERR_MODEL_HTTP");
    assert.match(error.message, /HTTP 500/);
    assert.ok(error.message.length < 300, `message too long: ${error.message.length}`);
    assertClean(error);
  });

  test("a server that echoes the key in its error text does not get it into the message", async () => {
    server().respondWith(reply.raw(401, JSON.stringify({ error: { message: `bad key ${KEY}` } })));
    const error = await callError(chatCompletion(server().config({ apiKey: KEY }), REQUEST));
    assert.equal(error.code, "ERR_MODEL_HTTP");
    assert.match(error.message, /HTTP 401: bad key \[redacted\]/);
    assertClean(error);
  });

  test("a body that is not JSON is ERR_MODEL_RESPONSE", async () => {
    server().respondWith(reply.garbage());
    const error = await callError(chatCompletion(server().config({ apiKey: KEY }), REQUEST));
    assert.equal(error.code, "ERR_MODEL_RESPONSE");
    assert.match(error.message, /not JSON/);
    assertClean(error);
  });

  for (const [label, body] of [
    ["no choices", "{}"],
    ["an empty choices list", '{"choices": []}'],
    ["a non-string content", '{"choices": [{"message": {"content": 7}}]}'],
    ["a null message", '{"choices": [{"message": null}]}'],
  ] as const) {
    test(`a completion with ${label} is ERR_MODEL_RESPONSE`, async () => {
      server().respondWith(reply.raw(200, body));
      const error = await callError(chatCompletion(server().config(), REQUEST));
      assert.equal(error.code, "ERR_MODEL_RESPONSE");
      assert.match(error.message, /choices\[0\]\.message\.content/);
    });
  }

  test("a server that never answers is ERR_MODEL_TIMEOUT naming the limit", async () => {
    server().respondWith(reply.hang());
    const error = await callError(chatCompletion(server().config({ timeoutMs: 150 }), REQUEST));
    assert.equal(error.code, "ERR_MODEL_TIMEOUT");
    assert.match(error.message, /150 ms/);
  });

  test("the timeout also covers a body that never finishes", async () => {
    server().respondWith(reply.stallBody());
    const error = await callError(chatCompletion(server().config({ timeoutMs: 150 }), REQUEST));
    assert.equal(error.code, "ERR_MODEL_TIMEOUT");
  });

  test("a body larger than the cap is refused without buffering it all", async () => {
    server().respondWith(reply.huge(MAX_RESPONSE_BYTES * 4));
    const error = await callError(chatCompletion(server().config(), REQUEST));
    assert.equal(error.code, "ERR_MODEL_RESPONSE");
    assert.match(error.message, new RegExp(`exceeds ${MAX_RESPONSE_BYTES} bytes`));
  });

  test("a refused connection is ERR_MODEL_NETWORK", async () => {
    const closed = await ModelServer.start();
    const config = closed.config({ apiKey: KEY });
    await closed.close();
    const error = await callError(chatCompletion(config, REQUEST));
    assert.equal(error.code, "ERR_MODEL_NETWORK");
    assertClean(error);
  });

  test("a redirect is refused instead of resending the prompt and key elsewhere", async () => {
    server().enqueue(reply.redirect(`${server().baseUrl}/elsewhere`));
    const error = await callError(chatCompletion(server().config({ apiKey: KEY }), REQUEST));
    assert.equal(error.code, "ERR_MODEL_NETWORK");
    assert.equal(server().requests.length, 1, "the request must not be replayed to the target");
    assertClean(error);
  });

  test("an injected fetch that ignores the abort signal still times out", async () => {
    const never: typeof fetch = () => new Promise<Response>(() => undefined);
    const error = await callError(
      chatCompletion(server().config({ timeoutMs: 100 }), REQUEST, { fetch: never }),
    );
    assert.equal(error.code, "ERR_MODEL_TIMEOUT");
  });

  test("a caller's abort signal cancels the call", async () => {
    server().respondWith(reply.hang());
    const controller = new AbortController();
    const pending = chatCompletion(server().config(), REQUEST, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await callError(pending);
    assert.equal(error.code, "ERR_MODEL_NETWORK");
    assert.match(error.message, /cancelled/);
  });

  test("ModelCallError has a stable name", async () => {
    server().respondWith(reply.status(503));
    const error = await callError(chatCompletion(server().config(), REQUEST));
    assert.equal(error.name, "ModelCallError");
    assert.ok(error instanceof Error);
  });
});

describe("extractJsonObject", () => {
  test("takes the span from the first { to the last }, across newlines and prose", () => {
    assert.deepEqual(extractJsonObject('Sure!\n```json\n{"decision":\n "SAFE"}\n```\nbye'), {
      decision: "SAFE",
    });
  });

  test("returns undefined when the span does not parse or does not exist", () => {
    assert.equal(extractJsonObject("no braces"), undefined);
    assert.equal(extractJsonObject("} backwards {"), undefined);
    assert.equal(extractJsonObject('{"a": 1} and {"b": 2}'), undefined);
    assert.equal(extractJsonObject(42), undefined);
  });

  test("nested objects are kept whole", () => {
    assert.deepEqual(extractJsonObject('x {"a": {"b": [1, 2]}} y'), { a: { b: [1, 2] } });
  });
});

describe("injectionModelVerdict", () => {
  test("flags content the model calls injected, with the spec's prompt and limits", async () => {
    server().respondWith(reply.json({ injected: true, reason: "tells the agent to run curl" }));
    const content = `Weather today. ${"z".repeat(INJECTION_MAX_CONTENT_CHARS)}TAIL-NOT-SENT`;
    const verdict = await injectionModelVerdict(content, { model: server().config() });
    assert.deepEqual(verdict, {
      injected: true,
      reason: "tells the agent to run curl",
      source: "llm",
    });
    const body = server().requests[0]?.body;
    assert.equal(body?.max_tokens, 150);
    assert.equal(body?.temperature, 0);
    assert.equal(server().systemMessage(), INJECTION_PROMPT);
    const user = server().userMessage();
    assert.ok(user.startsWith("CONTENT TO SCREEN:\nWeather today."));
    assert.equal(user.length, "CONTENT TO SCREEN:\n".length + INJECTION_MAX_CONTENT_CHARS);
    assert.ok(!user.includes("TAIL-NOT-SENT"));
  });

  test("a clean answer is not injected", async () => {
    server().respondWith(reply.json({ injected: false, reason: "plain data" }));
    const verdict = await injectionModelVerdict("hello", { model: server().config() });
    assert.equal(verdict?.injected, false);
  });

  test("an answer without JSON is not injected (source llm)", async () => {
    server().respondWith(reply.content("I think this might be an injection, honestly."));
    const verdict = await injectionModelVerdict("hello", { model: server().config() });
    assert.equal(verdict?.injected, false);
    assert.equal(verdict?.source, "llm");
  });

  test("the reason is cut to 400 characters", async () => {
    server().respondWith(reply.json({ injected: true, reason: "r".repeat(1000) }));
    const verdict = await injectionModelVerdict("hello", { model: server().config() });
    assert.equal(verdict?.reason.length, 400);
  });

  test("no model configured gives null without a call", async () => {
    assert.equal(await injectionModelVerdict("hello", { model: null }), null);
    assert.equal(server().requests.length, 0);
  });

  for (const [label, failure] of [
    ["HTTP 500", reply.status(500)],
    ["a garbage body", reply.garbage()],
    ["a timeout", reply.hang()],
  ] as const) {
    test(`${label} gives null so the caller fails open`, async () => {
      server().respondWith(failure);
      const verdict = await injectionModelVerdict("hello", {
        model: server().config({ timeoutMs: 150 }),
      });
      assert.equal(verdict, null);
      assert.equal(server().requests.length, 1);
    });
  }
});
