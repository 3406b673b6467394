// Errors of the MCP server. Each carries a stable `code`; messages say what failed and the state,
// and never repeat a secret.

/** A rules file that cannot be used: it names the file and what is wrong. */
export class RulesFileError extends SyntaxError {
  readonly code = "ERR_MCP_RULES";

  override get name(): string {
    return this.constructor.name;
  }
}

/** Bad server options (workspace, data directory, limits). Nothing was started. */
export class McpConfigurationError extends TypeError {
  readonly code = "ERR_MCP_CONFIG";

  override get name(): string {
    return this.constructor.name;
  }
}

/** The audit log cannot be opened or written. */
export class AuditLogError extends Error {
  readonly code = "ERR_MCP_AUDIT";

  override get name(): string {
    return this.constructor.name;
  }
}

/**
 * A tool call refused by one layer. `layer` names it (for the audit log); the message is what
 * the model reads, and says what to do next where there is something to do.
 */
export class ToolRefusal extends Error {
  readonly code = "ERR_MCP_REFUSED";
  readonly layer: RefusingLayer;

  constructor(layer: RefusingLayer, message: string) {
    super(message);
    this.layer = layer;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

/** A refusal by the permission gate; `asked` when the rules said ask (and no yes came back). */
export class GateRefusal extends ToolRefusal {
  readonly asked: boolean;

  constructor(message: string, asked: boolean) {
    super("gate", message);
    this.asked = asked;
  }
}

export type RefusingLayer =
  | "input"
  | "gate"
  | "secret-path"
  | "workspace"
  | "protected-store"
  | "precheck"
  | "egress"
  | "classifier"
  | "biosecurity"
  | "sandbox"
  | "fetch";
