// The one seam through which `cellguard launch` (the protected store) reaches the MCP server.
// Outside a protected session both hooks are no-ops. Inside one, the launcher's module supplies
// them: childPrefix() is the argv prefix every sandboxed child must start under (the pinned
// child rules), and checkStorePath() refuses a model-directed path that reaches the protected
// store. Until a kernel can be started under such a prefix, a non-empty prefix makes the server
// refuse to start a kernel at all (fail closed) rather than start one outside the pinned rules.

export interface ProtectionSeam {
  /** The argv prefix for sandboxed children; empty outside a protected session. */
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
