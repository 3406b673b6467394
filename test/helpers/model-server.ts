// A real loopback HTTP server that speaks the OpenAI chat-completions protocol, scripted per
// test. It records every request (method, path, headers, parsed body) so tests can assert the
// prompt, the limits, the truncation, where the API key travelled and how often the model was
// called. Requests told to hang never get an answer; close() still ends them.
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import type { ModelConfig } from "../../src/config/screen-config.js";

export type Reply =
  /** A well-formed completion whose choices[0].message.content is `content`. */
  | { readonly kind: "content"; readonly content: string }
  /** A raw response: any status, any body (garbage, an error page, a wrong shape). */
  | { readonly kind: "raw"; readonly status: number; readonly body: string }
  /** A 307 redirect to `location` (which would resend the POST body). */
  | { readonly kind: "redirect"; readonly location: string }
  /** Headers sent, then a body of `bytes` bytes streamed in chunks. */
  | { readonly kind: "huge"; readonly bytes: number }
  /** Headers sent, body never finished. */
  | { readonly kind: "stall-body" }
  /** No answer at all. */
  | { readonly kind: "hang" };

export const reply = {
  content: (content: string): Reply => ({ kind: "content", content }),
  json: (value: unknown): Reply => ({ kind: "content", content: JSON.stringify(value) }),
  raw: (status: number, body: string): Reply => ({ kind: "raw", status, body }),
  status: (status: number): Reply => ({
    kind: "raw",
    status,
    body: JSON.stringify({ error: { message: `scripted failure ${status}` } }),
  }),
  garbage: (): Reply => ({ kind: "raw", status: 200, body: "<html>not json at all" }),
  redirect: (location: string): Reply => ({ kind: "redirect", location }),
  huge: (bytes: number): Reply => ({ kind: "huge", bytes }),
  stallBody: (): Reply => ({ kind: "stall-body" }),
  hang: (): Reply => ({ kind: "hang" }),
};

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: string;
  /** The parsed JSON body, or undefined when it did not parse. */
  readonly body: ChatBody | undefined;
}

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens: number;
  temperature: number;
}

export class ModelServer {
  readonly requests: RecordedRequest[] = [];
  readonly #server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #queue: Reply[] = [];
  #fallback: Reply = reply.content('{"decision": "SAFE", "categories": [], "reason": "ok"}');
  #port = 0;

  private constructor() {
    this.#server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        const rawBody = Buffer.concat(chunks).toString("utf8");
        let body: ChatBody | undefined;
        try {
          body = JSON.parse(rawBody) as ChatBody;
        } catch {
          body = undefined;
        }
        this.requests.push({
          method: request.method ?? "",
          path: request.url ?? "",
          headers: request.headers,
          rawBody,
          body,
        });
        this.#answer(this.#queue.shift() ?? this.#fallback, response);
      });
    });
    this.#server.on("connection", (socket: Socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
    });
  }

  static async start(): Promise<ModelServer> {
    const server = new ModelServer();
    await new Promise<void>((resolve, reject) => {
      server.#server.once("error", reject);
      server.#server.listen(0, "127.0.0.1", () => resolve());
    });
    const address = server.#server.address();
    if (address === null || typeof address === "string") throw new Error("no TCP address");
    server.#port = address.port;
    return server;
  }

  /** e.g. http://127.0.0.1:40123/v1 */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.#port}/v1`;
  }

  /** Every later request gets `next`, unless a queued reply is waiting. */
  respondWith(next: Reply): void {
    this.#fallback = next;
  }

  /** The next requests get these, in order; then the fallback again. */
  enqueue(...replies: Reply[]): void {
    this.#queue.push(...replies);
  }

  /** A model configuration pointing here. */
  config(overrides: Partial<ModelConfig> = {}): ModelConfig {
    return { baseUrl: this.baseUrl, model: "test-model", timeoutMs: 5_000, ...overrides };
  }

  /** The user message of request `index` (default: the last one). */
  userMessage(index = this.requests.length - 1): string {
    return this.requests[index]?.body?.messages.find((m) => m.role === "user")?.content ?? "";
  }

  /** The system message of request `index` (default: the last one). */
  systemMessage(index = this.requests.length - 1): string {
    return this.requests[index]?.body?.messages.find((m) => m.role === "system")?.content ?? "";
  }

  /** Stops listening and ends every connection, hanging ones included. */
  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #answer(next: Reply, response: ServerResponse): void {
    // A client that gives up mid-body (timeout, size cap) makes writes fail; that is expected.
    response.on("error", () => undefined);
    switch (next.kind) {
      case "content":
        sendJson(response, 200, {
          id: "chatcmpl-test",
          object: "chat.completion",
          choices: [{ index: 0, message: { role: "assistant", content: next.content } }],
        });
        return;
      case "raw":
        response.writeHead(next.status, { "content-type": "application/json" });
        response.end(next.body);
        return;
      case "redirect":
        response.writeHead(307, { location: next.location, "content-length": 0 });
        response.end();
        return;
      case "huge": {
        response.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        let sent = 0;
        const pump = (): void => {
          while (sent < next.bytes) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once("drain", pump);
              return;
            }
          }
          response.end();
        };
        pump();
        return;
      }
      case "stall-body":
        response.writeHead(200, { "content-type": "application/json" });
        response.write('{"choices": [');
        return;
      case "hang":
        return;
    }
  }
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}
