// The one persistent kernel the python and bash tools share, started on first need (and warmed
// up when the server starts), restarted on the next call if it could not start. Cells run one at
// a time in call order (the kernel queues them); interrupt reaches whichever is running.
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { KernelConfigurationError, KernelStartError } from "../kernel/errors.js";
import { Kernel, type InterruptDelivery } from "../kernel/kernel.js";
import { ToolRefusal } from "./errors.js";
import { KernelSandbox } from "../sandbox/kernel-sandbox.js";
import type { ProtectionSeam, SupervisedKernelSandbox } from "./protection.js";

export interface KernelSessionOptions {
  readonly workspace: string;
  readonly env: NodeJS.ProcessEnv;
  readonly sandboxMode: string | undefined;
  readonly python: string | undefined;
  readonly protection: ProtectionSeam;
  readonly onWarning: (message: string) => void;
}

export class KernelSession {
  readonly #options: KernelSessionOptions;
  #starting: Promise<Kernel> | null = null;
  #kernel: Kernel | null = null;
  /** Whether the kernel runs in a protected session's supervised sandbox. */
  #supervised = false;
  #closed = false;

  constructor(options: KernelSessionOptions) {
    this.#options = options;
  }

  /** The kernel, started if need be. @throws {ToolRefusal} (layer "sandbox") when it cannot start */
  async kernel(): Promise<Kernel> {
    if (this.#closed) throw new ToolRefusal("sandbox", "the server is shutting down");
    const starting = (this.#starting ??= this.#start().catch((error: unknown) => {
      this.#starting = null;
      throw error;
    }));
    const kernel = await starting;
    // A protected session's pins are checked on every Cell, not only when a worker starts: a
    // worker whose session stopped holding (its manifest changed on the host since the worker
    // started, or while it was starting) is stopped before it runs anything more.
    if (this.#supervised) {
      try {
        this.#options.protection.childPrefix();
        if ((this.#options.protection.childSandbox?.() ?? null) === null)
          throw new Error("no kernel sandbox is pinned any more");
      } catch (error) {
        if (this.#starting === starting) {
          this.#kernel = null;
          this.#starting = null;
        }
        await kernel.close();
        throw pinRefusal(error, "its kernel was stopped and nothing was run");
      }
    }
    return kernel;
  }

  /** Starts the kernel in the background; a failure is reported by the first call that needs it. */
  warmUp(): void {
    this.kernel().catch(() => undefined);
  }

  /**
   * A line for every python and bash result while the kernel runs without an enforced sandbox
   * (`off`, or `auto` degraded): the degradation must be visible where the work is seen. Null
   * when the sandbox is enforced or no kernel runs.
   */
  unconfinedNotice(): string | null {
    const status = this.#kernel?.sandboxStatus;
    if (status === undefined || status.enforced) return null;
    return `[cellguard SECURITY WARNING: this Cell ran WITHOUT OS confinement (sandbox ${status.state}, mode ${status.mode}): ${status.warning ?? status.detail}]`;
  }

  async interrupt(): Promise<InterruptDelivery | null> {
    const kernel = this.#kernel;
    return kernel === null ? null : kernel.interrupt();
  }

  /** Kills the worker and its process group. Idempotent. */
  async close(): Promise<string | null> {
    this.#closed = true;
    const starting = this.#starting;
    if (starting === null) return null;
    try {
      const kernel = await starting;
      return await kernel.close();
    } catch {
      return null; // it never started: nothing runs
    }
  }

  async #start(): Promise<Kernel> {
    let prefix: readonly string[];
    let supervised: SupervisedKernelSandbox | null = null;
    try {
      prefix = this.#options.protection.childPrefix();
      if (prefix.length > 0) supervised = this.#options.protection.childSandbox?.() ?? null;
    } catch (error) {
      // A protected session whose pin does not hold (a changed manifest, a missing half of the
      // authority): nothing may start, and the reason is the pin's own message.
      throw pinRefusal(error, "nothing was run");
    }
    if (prefix.length > 0 && supervised === null) {
      // A protected session pins rules every child must start under, and no kernel sandbox was
      // composed with them at launch: the kernel is not started at all.
      throw new ToolRefusal(
        "sandbox",
        "this server runs in a protected session whose launch composed no kernel sandbox with the pinned child rules (the manifest has no childSandbox), so its kernel cannot be started under them; nothing was run",
      );
    }
    if (supervised !== null && supervised.status.workspace !== this.#options.workspace) {
      throw new ToolRefusal(
        "sandbox",
        `this server's workspace ${this.#options.workspace} is not the one its protected session's kernel sandbox was measured for (${supervised.status.workspace}); nothing was run`,
      );
    }
    let kernel: Kernel;
    try {
      kernel = await Kernel.start({
        workspace: this.#options.workspace,
        env: this.#options.env,
        ...(this.#options.python === undefined ? {} : { python: this.#options.python }),
        sandbox: this.#options.sandboxMode === undefined ? {} : { mode: this.#options.sandboxMode },
        onWarning: this.#options.onWarning,
        // Protected: the kernel sandbox measured at launch, its workers started by the supervisor.
        ...(supervised === null
          ? {}
          : {
              preparedSandbox: KernelSandbox.supervised(supervised.status, (command) =>
                supervised.wrapWorker(command),
              ),
            }),
      });
    } catch (error) {
      if (
        error instanceof SandboxUnavailableError ||
        error instanceof SandboxConfigurationError ||
        error instanceof KernelConfigurationError ||
        error instanceof KernelStartError
      ) {
        throw new ToolRefusal(
          "sandbox",
          `the kernel could not be started: ${error.message}; nothing was run`,
        );
      }
      throw error;
    }
    if (this.#closed) {
      await kernel.close();
      throw new ToolRefusal("sandbox", "the server is shutting down");
    }
    this.#kernel = kernel;
    this.#supervised = supervised !== null;
    return kernel;
  }
}

function pinRefusal(error: unknown, outcome: string): ToolRefusal {
  return new ToolRefusal(
    "sandbox",
    `this server runs in a protected session whose pinned rules do not hold (${error instanceof Error ? error.message : String(error)}); ${outcome}`,
  );
}
