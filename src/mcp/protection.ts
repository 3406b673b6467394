// The one seam through which `cellguard launch` (the protected store) reaches the MCP server.
// Outside a protected session both hooks are no-ops. Inside one, they come from src/protect:
// childPrefix() is the argv prefix every sandboxed child must start under (the pinned child
// rules, regenerated and compared on every call; an inconsistent pin throws), and
// checkStorePath() refuses a model-directed path that reaches the protected store. The kernel
// sandbox cannot yet be composed with the pinned rules (the session denies the new namespaces
// bubblewrap needs, and the supervisor's child template is not the kernel sandbox's boundary),
// so a non-empty prefix makes the server refuse to start a kernel at all (fail closed) rather
// than start one outside either boundary.
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
