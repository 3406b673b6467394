// Errors of the credential broker. Messages say what failed and what to do, and never contain a
// secret: a value is never interpolated into any of them.

export class SecretBrokerError extends Error {
  readonly code: string;

  constructor(message: string, options: { code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code ?? "ERR_SECRET_BROKER";
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/** Bad input (a scope or name with forbidden characters, a malformed reference, a bad mode). */
export class SecretInputError extends TypeError {
  readonly code = "ERR_SECRET_INPUT";

  override get name(): string {
    return "SecretInputError";
  }
}

/** No secure store could be proven: credentials are refused rather than kept insecurely. */
export class SecretStoreUnavailable extends SecretBrokerError {
  constructor(message: string) {
    super(message, { code: "ERR_SECRET_STORE_UNAVAILABLE" });
  }
}
