// The runtime object: wraps commands under the measured policy, fixes up a worker's
// environment, and owns the private temp directory until close().
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SandboxUnavailableError } from "../errors.js";
import type { WrappedCommand } from "../platform/launch.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import type { SandboxBackend } from "./backends.js";
import type { SandboxStatus } from "./status.js";

export class KernelSandbox {
  readonly status: SandboxStatus;
  /** The policy the self-test proved; null when not enforced. */
  readonly policy: SandboxPolicy | null;
  readonly #backend: SandboxBackend | null;
  #closed = false;

  constructor(fields: {
    status: SandboxStatus;
    policy: SandboxPolicy | null;
    backend: SandboxBackend | null;
  }) {
    this.status = fields.status;
    this.policy = fields.policy;
    this.#backend = fields.backend;
  }

  get enforced(): boolean {
    return this.status.enforced;
  }

  /**
   * The command as it must be spawned: wrapped when enforced, unchanged otherwise. Spawn it with
   * `spawnWrapped` (a new session, the inherited descriptors fed in).
   */
  wrap(command: readonly string[]): WrappedCommand {
    return this.#wrap(command, { standalone: false });
  }

  /** As wrap(), for callers that spawn without a new session: bubblewrap then starts one. */
  wrapStandalone(command: readonly string[]): WrappedCommand {
    return this.#wrap(command, { standalone: true });
  }

  #wrap(command: readonly string[], options: { standalone: boolean }): WrappedCommand {
    const [file, ...args] = command;
    if (file === undefined) throw new TypeError("Cannot wrap a command: the command is empty");
    if (!this.status.enforced) return { file, args, inherited: [] };
    if (this.#closed) {
      throw new SandboxUnavailableError(
        "Cannot wrap a command: the sandbox is closed and its temp directory removed",
      );
    }
    if (this.#backend === null || this.policy === null) {
      throw new SandboxUnavailableError(
        "Cannot wrap a command: enabled sandbox has no runtime boundary",
      );
    }
    return this.#backend.wrap(this.policy, command, options);
  }

  /** A copy of env with the temp variables pointing at the private temp when enforced. */
  applyEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(env))
      if (value !== undefined) out[name] = String(value);
    if (this.status.enforced && this.policy !== null) {
      const temp = this.policy.tempDir;
      out["TMPDIR"] = temp;
      out["TMP"] = temp;
      out["TEMP"] = temp;
      out["MPLCONFIGDIR"] = join(temp, "matplotlib");
    }
    return out;
  }

  /** Idempotent: removes the private temp directory. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.policy !== null) rmSync(this.policy.tempDir, { recursive: true, force: true });
  }
}
