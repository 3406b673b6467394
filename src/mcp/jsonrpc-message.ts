// The check every incoming line passes before the SDK sees it: is it one JSON-RPC 2.0 message as
// the MCP SDK defines one (JSONRPCMessageSchema: request, notification, result or error, each
// strict about its top-level keys)? Written out by hand because it runs on every message and the
// zod union costs more than the rest of the envelope work put together on a cold server; a unit
// test checks it against the SDK's schema on valid and invalid messages alike.
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

const REQUEST_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "method", "params"]);
const NOTIFICATION_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "method", "params"]);
const RESULT_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "result"]);
const ERROR_KEYS: ReadonlySet<string> = new Set(["jsonrpc", "id", "error"]);
const RELATED_TASK_KEY = "io.modelcontextprotocol/related-task";

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isInteger(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function isRequestId(value: unknown): boolean {
  return typeof value === "string" || isInteger(value);
}

function onlyKeys(fields: Fields, allowed: ReadonlySet<string>): boolean {
  for (const key in fields) if (!allowed.has(key)) return false;
  return true;
}

/** `_meta` of params or a result: an object; a progress token and a related task are typed. */
function isValidMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isObject(meta)) return false;
  const token = meta["progressToken"];
  if (token !== undefined && !isRequestId(token)) return false;
  const task = meta[RELATED_TASK_KEY];
  return task === undefined || (isObject(task) && typeof task["taskId"] === "string");
}

/** Params of a request or notification: absent, or an object whose `_meta` is valid. */
function isValidParams(params: unknown): boolean {
  return params === undefined || (isObject(params) && isValidMeta(params["_meta"]));
}

function isValidError(error: unknown): boolean {
  return isObject(error) && isInteger(error["code"]) && typeof error["message"] === "string";
}

/** True when `value` is one JSON-RPC 2.0 message the SDK's JSONRPCMessageSchema accepts. */
export function isJsonRpcMessage(value: unknown): value is JSONRPCMessage {
  if (!isObject(value) || value["jsonrpc"] !== "2.0") return false;
  if ("method" in value) {
    if (typeof value["method"] !== "string" || !isValidParams(value["params"])) return false;
    return "id" in value
      ? isRequestId(value["id"]) && onlyKeys(value, REQUEST_KEYS)
      : onlyKeys(value, NOTIFICATION_KEYS);
  }
  if ("result" in value) {
    const result = value["result"];
    return (
      isRequestId(value["id"]) &&
      isObject(result) &&
      isValidMeta(result["_meta"]) &&
      onlyKeys(value, RESULT_KEYS)
    );
  }
  if ("error" in value) {
    const id = value["id"];
    return (
      (id === undefined || isRequestId(id)) &&
      isValidError(value["error"]) &&
      onlyKeys(value, ERROR_KEYS)
    );
  }
  return false;
}
