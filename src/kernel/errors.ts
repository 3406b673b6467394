// Errors of the kernel. Each carries a stable `code` and is named after its class; messages say
// what failed and the state, and never repeat a Cell's code back (it may hold anything).

/** Bad input: subclasses TypeError, the closest built-in. */
abstract class KernelInputError extends TypeError {
  abstract readonly code: string;

  override get name(): string {
    return this.constructor.name;
  }
}

/** A failure of the kernel itself. */
abstract class KernelError extends Error {
  abstract readonly code: string;

  override get name(): string {
    return this.constructor.name;
  }
}

/** A Cell (or its options) that cannot be run as given. Nothing was run. */
export class CellInputError extends KernelInputError {
  readonly code = "ERR_CELL_INPUT";
}

/** Kernel options that cannot be used. Nothing was started. */
export class KernelConfigurationError extends KernelInputError {
  readonly code = "ERR_KERNEL_CONFIG";
}

/** The worker could not be started (or restarted). */
export class KernelStartError extends KernelError {
  readonly code = "ERR_KERNEL_START";
}

/** The kernel was closed: it runs nothing more. */
export class KernelClosedError extends KernelError {
  readonly code = "ERR_KERNEL_CLOSED";
}
