// The runtime object: wraps commands under the measured policy, fixes up a worker's
// environment, and owns the private temp directory until close().
import { join } from "node:path";
import { SandboxUnavailableError } from "../errors.js";
import type { WrappedCommand } from "../platform/launch.js";
import { removeTree } from "../platform/remove-tree.js";
import type { SandboxPolicy } from "../policy/sandbox-policy.js";
import type { SandboxBackend } from "./backends.js";
import { watchPolicyDenyList } from "./deny-watch.js";
import { inventoryPolicyWorkspace } from "./hardlink-inventory.js";
import type { SandboxStatus } from "./status.js";
import type { TeamPins } from "./team-pins.js";

export class KernelSandbox {
  readonly status: SandboxStatus;
  /** The policy the self-test proved; null when not enforced. */
  readonly policy: SandboxPolicy | null;
  readonly #backend: SandboxBackend | null;
  readonly #pins: TeamPins | null;
  /** A boundary measured and owned elsewhere (see supervised()); wraps with this instead. */
  readonly #external: ((command: readonly string[]) => WrappedCommand) | null;
  #closed = false;

  constructor(fields: {
    status: SandboxStatus;
    policy: SandboxPolicy | null;
    backend: SandboxBackend | null;
    /** A team policy's pinned bind sources, owned (and closed) by this sandbox. */
    pins?: TeamPins | null;
    external?: (command: readonly string[]) => WrappedCommand;
  }) {
    this.status = fields.status;
    this.policy = fields.policy;
    this.#backend = fields.backend;
    this.#pins = fields.pins ?? null;
    this.#external = fields.external ?? null;
  }

  /**
   * A sandbox whose boundary was built and measured by someone else, who also owns its private
   * temp: a protected session's kernel sandbox, composed and self-tested by the launcher, whose
   * children the supervisor starts (`wrap` hands the command to it). Enforced only as `status`
   * says; close() leaves the temp to its owner.
   */
  static supervised(
    status: SandboxStatus,
    wrap: (command: readonly string[]) => WrappedCommand,
  ): KernelSandbox {
    if (!status.enforced || status.tempDir === null)
      throw new SandboxUnavailableError(
        "Cannot use a supervised sandbox: its measured status is not enforced",
      );
    return new KernelSandbox({ status, policy: null, backend: null, external: wrap });
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
    if (this.#external !== null) return this.#external(command);
    if (this.#backend === null || this.policy === null) {
      throw new SandboxUnavailableError(
        "Cannot wrap a command: enabled sandbox has no runtime boundary",
      );
    }
    // Team, or a workspace on a Windows drive: a hardlink made since the last command would carry
    // a protected file in.
    inventoryPolicyWorkspace(this.policy);
    return this.#backend.wrap(this.policy, command, { ...options, pins: this.#pins });
  }

  /**
   * Watches the host directories that hold denied names while a command runs: a denied file
   * replaced by a rename, or created after start, is not masked in a running sandbox.
   * `onBreach` is called once with the path; stop the command there. `unwatched` lists the
   * directories that could not be watched: the caller should refuse to run.
   */
  watchDenyList(onBreach: (path: string) => void): { stop: () => void; unwatched: string[] } {
    if (!this.status.enforced || this.policy === null)
      return { stop: () => undefined, unwatched: [] };
    return watchPolicyDenyList(this.policy, onBreach);
  }

  /** A copy of env with the temp variables pointing at the private temp when enforced. */
  applyEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
    const tempDir = this.#external !== null ? this.status.tempDir : (this.policy?.tempDir ?? null);
    return withPrivateTemp(env, this.status.enforced ? tempDir : null);
  }

  /**
   * Idempotent: removes the private temp directory, also when a Cell made parts of it
   * unreadable. Never throws; returns what could not be removed, or null.
   *
   * Call it only after every command wrapped by this sandbox has exited (each sandbox dies with
   * its command): the removal walks a tree that sandboxed processes could write, and a live one
   * could swap a directory for a link while it runs.
   */
  close(): string | null {
    if (this.#closed) return null;
    this.#closed = true;
    this.#pins?.close();
    if (this.policy === null) return null;
    const problem = removeTree(this.policy.tempDir);
    return problem === null
      ? null
      : `private temp ${this.policy.tempDir} was not fully removed: ${problem}`;
  }
}

/** A copy of env with every value a string and, given a private temp, the temp variables on it. */
export function withPrivateTemp(
  env: Readonly<Record<string, string | undefined>>,
  tempDir: string | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined) out[name] = String(value);
  if (tempDir !== null) {
    out["TMPDIR"] = tempDir;
    out["TMP"] = tempDir;
    out["TEMP"] = tempDir;
    out["MPLCONFIGDIR"] = join(tempDir, "matplotlib");
  }
  return out;
}
