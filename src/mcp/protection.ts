// The one seam through which `cellguard launch` (the protected store) reaches the MCP server.
// Outside a protected session the hooks are no-ops. Inside one, they come from src/protect:
// childPrefix() is the argv prefix every sandboxed child must start under (the pinned child
// rules, regenerated and compared on every call; an inconsistent pin throws), and
// checkStorePath() refuses a model-directed path that reaches the protected store.
// A kernel runs in a protected session only when the launcher composed the kernel sandbox with
// the session's rules and measured it (childSandbox()): its worker is then started by the
// supervisor under that composed template. Without it, a non-empty prefix makes the server
// refuse to start a kernel at all (fail closed) rather than start one outside either boundary.
import type { WrappedCommand } from "../platform/launch.js";
import type { SandboxStatus } from "../sandbox/status.js";
import { pinnedChildSandbox } from "../protect/child-sandbox-pin.js";
import { ProtectedStoreError } from "../protect/errors.js";
import { supervisedCommand } from "../protect/spawn-child.js";
import {
  enforceProtectedStorePath,
  pinnedChildBoundary,
  protectedChildPrefix,
} from "../protect/pin.js";

export interface ProtectionSeam {
  /**
   * The argv prefix for sandboxed children; empty outside a protected session.
   * @throws {ProtectedStoreError} the session is protected but its pin does not hold.
   */
  childPrefix(): readonly string[];
  /**
   * Throws when a model-directed absolute path (lexical or resolved spelling) reaches the
   * protected store or one of its ancestors; returns normally outside a protected session.
   */
  checkStorePath(absolutePath: string): void;
  /**
   * The kernel sandbox measured at launch for this session's children, and how to start a
   * kernel worker under it (through the supervisor, its response pipe as the one extra
   * descriptor); null when there is none (then no kernel may run in a protected session).
   * @throws {ProtectedStoreError} the session is protected but its pins do not hold.
   */
  childSandbox?(): SupervisedKernelSandbox | null;
}

export interface SupervisedKernelSandbox {
  readonly status: SandboxStatus;
  /** sha256 of the composed template the status was measured for. */
  readonly templateSha256: string;
  wrapWorker(command: readonly string[]): WrappedCommand;
}

/** No protected session: nothing is prefixed and every path passes this hook. */
export const UNPROTECTED: ProtectionSeam = Object.freeze({
  childPrefix: () => [],
  checkStorePath: () => undefined,
});

/** The seam of the session this process runs in: read from its environment on every call. */
export const SESSION_PROTECTION: ProtectionSeam = Object.freeze({
  childPrefix: () => protectedChildPrefix() ?? [],
  checkStorePath: (absolutePath: string) => enforceProtectedStorePath(absolutePath),
  childSandbox: (): SupervisedKernelSandbox | null => {
    const pin = pinnedChildSandbox();
    if (pin === null) return null;
    return {
      status: pin.status,
      templateSha256: pin.templateSha256,
      wrapWorker: (command) => {
        const wrapped = supervisedCommand(command, { extraFds: 1 });
        if (wrapped === null)
          throw new ProtectedStoreError(
            "ERR_PROTECT_PIN",
            "the protected session's pins vanished; nothing was run",
          );
        return wrapped;
      },
    };
  },
});

/**
 * The manifest of the protected session this process runs in (verified against its pin), or
 * null outside one. @throws {ProtectedStoreError} the session is protected but inconsistent.
 */
export function sessionManifest(): {
  readonly controlPaths: readonly string[];
  readonly stores: readonly { readonly root: string }[];
} | null {
  return pinnedChildBoundary()?.manifest ?? null;
}
