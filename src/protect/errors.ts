// Every refusal of the protected store is one error class with a stable code: callers (the
// launcher, an MCP server's path jail) catch it and stop; nothing here logs and continues.

export type ProtectedStoreErrorCode =
  | "ERR_PROTECT_PATH"
  | "ERR_PROTECT_RESOLVE"
  | "ERR_PROTECT_FILE_TYPE"
  | "ERR_PROTECT_HARDLINK"
  | "ERR_PROTECT_LIMIT"
  | "ERR_PROTECT_STORE_LAYOUT"
  | "ERR_PROTECT_MANIFEST"
  | "ERR_PROTECT_PIN"
  | "ERR_PROTECT_CONTEXT"
  | "ERR_PROTECT_UNAVAILABLE";

export class ProtectedStoreError extends Error {
  readonly code: ProtectedStoreErrorCode;

  constructor(code: ProtectedStoreErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }

  override get name(): string {
    return "ProtectedStoreError";
  }
}
