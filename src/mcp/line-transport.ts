// The stdio transport: newline-delimited JSON-RPC on stdin/stdout, like the SDK's own, with three
// differences that keep a hostile or broken client from taking the server down. A line that is
// not JSON gets a JSON-RPC parse error (-32700) and a line that is not a JSON-RPC message an
// invalid-request error (-32600), instead of being dropped in silence; a line over the size
// bound is skipped to its end without being buffered and answered with -32600; and every byte is
// scanned once, so a huge line costs linear time. A write to a closed stdout ends the transport.
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { Readable, Writable } from "node:stream";
import { isJsonRpcMessage } from "./jsonrpc-message.js";

/** Lines longer than this (bytes) are refused; the largest tool argument is well below it. */
export const MAX_LINE_BYTES = 32 * 1024 * 1024;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #input: Readable;
  readonly #output: Writable;
  readonly #maxLine: number;
  #chunks: Buffer[] = [];
  #buffered = 0;
  /** Skipping the rest of an oversized line. */
  #skipping = false;
  #closed = false;

  constructor(input: Readable, output: Writable, maxLine: number = MAX_LINE_BYTES) {
    this.#input = input;
    this.#output = output;
    this.#maxLine = maxLine;
  }

  readonly #onData = (chunk: Buffer): void => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      if (newline === -1) {
        this.#hold(chunk.subarray(start));
        return;
      }
      this.#hold(chunk.subarray(start, newline));
      this.#endLine();
      start = newline + 1;
    }
  };

  readonly #onEnd = (): void => void this.close();
  readonly #onError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  start(): Promise<void> {
    this.#input.on("data", this.#onData);
    this.#input.once("end", this.#onEnd);
    this.#input.once("close", this.#onEnd);
    this.#input.on("error", this.#onError);
    this.#output.on("error", this.#onError);
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) return Promise.reject(new Error("the transport is closed"));
    return new Promise((resolve, reject) => {
      this.#output.write(`${JSON.stringify(message)}\n`, (error) => {
        if (error === null || error === undefined) resolve();
        else reject(error);
      });
    });
  }

  close(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#closed = true;
    this.#input.off("data", this.#onData);
    this.#chunks = [];
    this.onclose?.();
    return Promise.resolve();
  }

  #hold(part: Buffer): void {
    if (this.#skipping || part.length === 0) return;
    if (this.#buffered + part.length > this.#maxLine) {
      this.#chunks = [];
      this.#buffered = 0;
      this.#skipping = true;
      return;
    }
    this.#chunks.push(part);
    this.#buffered += part.length;
  }

  #endLine(): void {
    if (this.#skipping) {
      this.#skipping = false;
      this.#reply(-32600, `Invalid Request: the message is over the ${this.#maxLine}-byte limit`);
      return;
    }
    const line = Buffer.concat(this.#chunks).toString("utf8").replace(/\r$/, "");
    this.#chunks = [];
    this.#buffered = 0;
    if (line.trim() === "" || this.#closed) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#reply(-32700, "Parse error: the line is not JSON");
      return;
    }
    if (!isJsonRpcMessage(value)) {
      const id = requestId(value);
      this.#reply(-32600, "Invalid Request: not a JSON-RPC 2.0 message", id);
      return;
    }
    try {
      this.onmessage?.(value);
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  #reply(code: number, message: string, id: string | number | null = null): void {
    if (this.#closed) return;
    this.#output.write(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`);
  }
}

function requestId(value: unknown): string | number | null {
  if (typeof value !== "object" || value === null) return null;
  const id = (value as Record<string, unknown>)["id"];
  return typeof id === "string" || typeof id === "number" ? id : null;
}
