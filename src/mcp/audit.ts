// The audit log: one JSON line per tool call in the data directory (0700), in a file only its
// owner can read or write (0600), opened append-only and never through a symbolic link. Arguments
// are redacted before they are written (redactShellText, secret-path masking, URL queries and
// file contents dropped) and outputs are never written, so what a Cell read cannot reach the log.
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { redactShellText } from "../screen/host/redact.js";
import { maskCommandCredentials, maskUserinfo } from "./audit-credentials.js";
import { maskUrlCredentials } from "./audit-url-credentials.js";
import { commandMentionsSecretPath, isSecretPath } from "../screen/host/secret-paths.js";
import { hardenDir } from "../store/permissions.js";
import { AuditLogError, type RefusingLayer } from "./errors.js";
import type { ToolArguments } from "./tools.js";

export const AUDIT_LOG_FILE = "mcp-audit.jsonl";
const TEXT_LIMIT = 2000;

export type AuditDecision = "allow" | "ask-approved" | "ask-refused" | "deny" | "not-reached";
export type AuditOutcome = "ok" | "error" | "refused" | "interrupted" | "timeout";

export interface AuditEntry {
  readonly tool: string;
  readonly decision: AuditDecision;
  readonly outcome: AuditOutcome;
  readonly refusedBy: RefusingLayer | null;
  readonly durationMs: number;
  /** Time spent in the layer that decided (gate and asking included). */
  readonly gateMs: number;
  readonly args: Readonly<Record<string, unknown>>;
  readonly detail?: string;
}

export class AuditLog {
  readonly path: string;
  #fd: number | null;
  #seq = 0;

  private constructor(path: string, fd: number) {
    this.path = path;
    this.#fd = fd;
  }

  /**
   * Opens (creating) the log under `dataDir`, making the directory 0700 and the file 0600.
   * @throws {AuditLogError} it cannot be opened or is not a regular file the owner alone can use.
   */
  static open(dataDir: string): AuditLog {
    const path = join(dataDir, AUDIT_LOG_FILE);
    let fd: number;
    try {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      hardenDir(dataDir);
      fd = openSync(
        path,
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
        0o600,
      );
    } catch (error) {
      throw new AuditLogError(
        `Cannot open the audit log ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}; the server was not started`,
      );
    }
    try {
      const st = fstatSync(fd);
      if (!st.isFile()) throw new AuditLogError(`The audit log ${path} is not a regular file`);
      fchmodSync(fd, 0o600);
      if ((fstatSync(fd).mode & 0o777) !== 0o600) {
        throw new AuditLogError(`The audit log ${path} cannot be made owner-only (0600)`);
      }
    } catch (error) {
      closeSync(fd);
      throw error instanceof AuditLogError
        ? error
        : new AuditLogError(`Cannot prepare the audit log ${path}: ${String(error)}`);
    }
    return new AuditLog(path, fd);
  }

  /** Appends one entry as one write. @throws {AuditLogError} the line could not be written */
  record(entry: AuditEntry): void {
    const fd = this.#fd;
    if (fd === null) throw new AuditLogError(`The audit log ${this.path} is closed`);
    const line = `${JSON.stringify({
      time: new Date().toISOString(),
      seq: ++this.#seq,
      pid: process.pid,
      tool: entry.tool,
      decision: entry.decision,
      outcome: entry.outcome,
      refused_by: entry.refusedBy,
      duration_ms: Math.round(entry.durationMs * 1000) / 1000,
      gate_ms: Math.round(entry.gateMs * 1000) / 1000,
      args: entry.args,
      ...(entry.detail === undefined
        ? {}
        : { detail: redactShellText(maskCommandCredentials(entry.detail), TEXT_LIMIT) }),
    })}\n`;
    try {
      writeSync(fd, line);
    } catch (error) {
      throw new AuditLogError(
        `Cannot write the audit log ${this.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }

  close(): void {
    if (this.#fd !== null) closeSync(this.#fd);
    this.#fd = null;
  }
}

/** A path as the log shows it: `<secret-path>` for a secret, otherwise redacted text. */
export function maskPath(path: string): string {
  return isSecretPath(path) ? "<secret-path>" : redactShellText(path, TEXT_LIMIT);
}

/** A command or Cell as the log shows it: secret-path words masked, then redactShellText. */
export function maskCommand(text: string): string {
  let working = text.length > 64 * 1024 ? text.slice(0, 64 * 1024) : text;
  for (let round = 0; round < 16; round += 1) {
    const offending = commandMentionsSecretPath(working);
    if (offending === null || offending === "") break;
    const next = working.split(offending).join("<secret-path>");
    if (next === working) {
      // The word is spelled differently in the text (quotes, escapes): mask nothing partially,
      // drop the command and keep its length.
      return `<command naming a secret path; ${text.length} characters>`;
    }
    working = next;
  }
  return redactShellText(maskCommandCredentials(working), TEXT_LIMIT);
}

/**
 * A URL without its user information, query, fragment and `;` path parameters (all of which
 * often carry tokens: `;jsessionid=`), redacted.
 */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const query = parsed.search === "" ? "" : "?<query redacted>";
    const path = parsed.pathname
      .split("/")
      .map((segment) => {
        const semicolon = segment.indexOf(";");
        return semicolon < 0 ? segment : `${segment.slice(0, semicolon)};<redacted>`;
      })
      .join("/");
    return redactShellText(
      maskUrlCredentials(`${parsed.protocol}//${parsed.host}${path}${query}`),
      TEXT_LIMIT,
    );
  } catch {
    return redactShellText(
      maskUrlCredentials(maskUserinfo(url.split(/[?#]/, 1)[0] ?? "")),
      TEXT_LIMIT,
    );
  }
}

/** The arguments of a call as the audit log shows them. */
export function redactArguments(args: ToolArguments | null, raw: unknown): Record<string, unknown> {
  if (args === null) {
    // Arguments that did not pass the checker: only their shape. Keys are defined, not assigned:
    // a key named __proto__ (a refused argument) would hit its setter and vanish from the line.
    const shape: Record<string, string> = {};
    if (typeof raw === "object" && raw !== null && !Array.isArray(raw)) {
      for (const [key, value] of Object.entries(raw as Record<string, unknown>).slice(0, 16)) {
        Object.defineProperty(shape, redactShellText(key, 64), {
          value:
            typeof value === "string"
              ? `string of ${value.length} characters`
              : Array.isArray(value)
                ? "array"
                : typeof value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    return { unchecked: shape };
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (typeof value !== "string") out[key] = value;
    else if (key === "path") out[key] = maskPath(value);
    else if (key === "code" || key === "command") out[key] = maskCommand(value);
    else if (key === "url") out[key] = maskUrl(value);
    else out[`${key}_chars`] = value.length; // file contents are never logged
  }
  return out;
}
