// Error classes callers catch. Each carries a stable `code`; messages say what failed and the
// current state, and never echo a secret.
import type { SandboxStatus } from "./sandbox/status.js";

/** Base class of every sandbox failure. */
export class SandboxError extends Error {
  readonly code: string;

  constructor(message: string, options: { code?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code ?? "ERR_SANDBOX";
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/** Invalid configuration: bad mode, bad path, bad flag value. Nothing was run. */
export class SandboxConfigurationError extends SandboxError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, { code: "ERR_SANDBOX_CONFIG", ...options });
  }
}

/** No boundary could be established where one is required (`enforce`, a team policy). */
export class SandboxUnavailableError extends SandboxError {
  /** The measured status that made it unavailable, when one was taken. */
  readonly status: SandboxStatus | null;

  constructor(message: string, options: { cause?: unknown; status?: SandboxStatus } = {}) {
    super(message, { code: "ERR_SANDBOX_UNAVAILABLE", cause: options.cause });
    this.status = options.status ?? null;
  }
}

/**
 * The seccomp program has no definition for this CPU architecture; never run without it. A
 * configuration error: nothing was started.
 */
export class UnsupportedArchitectureError extends SandboxConfigurationError {
  override readonly code: string = "ERR_UNSUPPORTED_ARCH";
  readonly arch: string;

  constructor(arch: string) {
    super(
      `Cannot build the seccomp filter: architecture must be x64 or arm64: current value is "${arch}"`,
    );
    this.arch = arch;
  }
}
