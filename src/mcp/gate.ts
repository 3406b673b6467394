// The permission gate in front of every tool: the rules of both scopes, re-read on every call
// (the user may edit theirs while the server runs; the model may edit the workspace's), resolved
// by rules.ts, and an `ask` put to the user through the client when the client can ask
// (MCP elicitation). A client that cannot ask gets a refusal the model can act on.
import { join } from "node:path";
import { lstatSync } from "node:fs";
import {
  resolveDecision,
  stricter,
  type Decision,
  type PermissionRule,
  type RuleScope,
} from "./rules.js";
import { loadRulesFile } from "./rules-file.js";
import { GateRefusal, RulesFileError } from "./errors.js";

export const USER_RULES_FILE = "mcp-rules.json";
export const WORKSPACE_RULES_FILE = join(".cellguard", "mcp-rules.json");

export type AskAnswer = "allow" | "deny" | "unavailable" | "unanswered";
/** Puts one question to the user; "unavailable" when there is no way to ask. */
export type Asker = (question: { tool: string; target: string }) => Promise<AskAnswer>;

export interface GateVerdict {
  /** What the rules said. */
  readonly decision: Decision;
  /** For an ask: what the user answered. */
  readonly answer?: AskAnswer;
}

export interface GateOptions {
  readonly dataDir: string;
  readonly workspace: string;
  readonly ask: Asker;
}

export class PermissionGate {
  readonly userRulesPath: string;
  readonly workspaceRulesPath: string;
  readonly #ask: Asker;
  /** Parsed rules per file, keyed by what lstat says of the file: a change of any kind re-reads. */
  readonly #cache = new Map<string, { key: string; rules: PermissionRule[] }>();

  constructor(options: GateOptions) {
    this.userRulesPath = join(options.dataDir, USER_RULES_FILE);
    this.workspaceRulesPath = join(options.workspace, WORKSPACE_RULES_FILE);
    this.#ask = options.ask;
  }

  /** The user's rules, read now. @throws {RulesFileError} */
  userRules(): PermissionRule[] {
    return this.#load(this.userRulesPath, "user");
  }

  #load(path: string, scope: RuleScope): PermissionRule[] {
    let st;
    try {
      st = lstatSync(path, { bigint: true, throwIfNoEntry: false });
      if (st === undefined) {
        this.#cache.delete(path);
        return []; // absent: no rules (the common case for the workspace file)
      }
    } catch {
      st = undefined; // ENOTDIR, EACCES, …: let the reader report it
    }
    const key =
      st === undefined
        ? null
        : `${st.dev}:${st.ino}:${st.mode}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
    const cached = this.#cache.get(path);
    if (key !== null && cached !== undefined && cached.key === key) return cached.rules;
    this.#cache.delete(path);
    const rules = loadRulesFile(path, scope);
    if (key !== null) this.#cache.set(path, { key, rules });
    return rules;
  }

  /**
   * Resolves one call; resolves with the verdict when it may run. `target` may be several
   * spellings of one target (a path as given, normalised and with its links expanded): each is
   * resolved and the strictest decision holds, so no spelling slips past a deny or an ask. The
   * user is asked once, about the first spelling.
   * @throws {GateRefusal} denied, refused by the user, or no way to ask.
   */
  async check(tool: string, target: string | readonly string[]): Promise<GateVerdict> {
    const spellings = typeof target === "string" ? [target] : [...new Set(target)];
    let user: PermissionRule[];
    let workspace: PermissionRule[];
    try {
      user = this.userRules();
      workspace = this.#load(this.workspaceRulesPath, "workspace");
    } catch (error) {
      if (!(error instanceof RulesFileError)) throw error;
      throw new GateRefusal(
        `Permission denied: ${error.message}. Every tool call is refused until the file is fixed or removed.`,
        false,
      );
    }
    let { decision, rule } = resolveDecision(user, workspace, tool, spellings[0] ?? "");
    for (const spelling of spellings.slice(1)) {
      const other = resolveDecision(user, workspace, tool, spelling);
      if (stricter(other.decision, decision) !== decision) ({ decision, rule } = other);
    }
    if (decision === "allow") return { decision };
    const first = spellings[0] ?? "";
    const shown = first.length > 200 ? `${first.slice(0, 200)}…` : first;
    if (decision === "deny") {
      const by =
        rule?.scope === "workspace"
          ? `the workspace rules (${this.workspaceRulesPath})`
          : `the user's rules (${this.userRulesPath})`;
      throw new GateRefusal(
        `Permission denied: ${tool} on ${JSON.stringify(shown)} is denied by ${by}. Do not retry it; tell the user what you needed and why.`,
        false,
      );
    }
    const answer = await this.#ask({ tool, target: shown });
    if (answer === "allow") return { decision, answer };
    if (answer === "deny") {
      throw new GateRefusal(
        `Permission denied: the user declined ${tool} on ${JSON.stringify(shown)}. Do not retry it without asking the user first.`,
        true,
      );
    }
    if (answer === "unanswered") {
      throw new GateRefusal(
        `Permission denied: the approval request for ${tool} on ${JSON.stringify(shown)} got no answer (the client failed or timed out), so it was not run. Ask the user before retrying.`,
        true,
      );
    }
    throw new GateRefusal(
      `Permission needed: ${tool} on ${JSON.stringify(shown)} requires the user's approval, and this MCP client cannot ask the user (it does not support elicitation), so it was not run. Ask the user to allow it by adding a rule such as {"tool": "${tool}", "pattern": "*", "decision": "allow"} to the "rules" array of ${this.userRulesPath}, then retry.`,
      true,
    );
  }
}
