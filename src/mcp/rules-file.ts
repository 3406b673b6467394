// Reading and checking a rules file. The format, for both scopes:
//
//   { "rules": [ { "tool": "bash", "pattern": "git *", "decision": "allow" }, … ] }
//
// `tool` is a tool name or `*`; `pattern` (default `*`) is matched against the call's target
// (see targetOf in gate.ts); `decision` is allow, ask or deny. Anything else is an error that
// names the file, the rule and the field; nothing is half-applied.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { isAbsentError } from "../store/fsprobe.js";
import { RulesFileError } from "./errors.js";
import { DECISIONS, type Decision, type PermissionRule, type RuleScope } from "./rules.js";
import { TOOL_NAMES } from "./tools.js";

/** A rules file larger than this is refused unread. */
export const MAX_RULES_FILE_BYTES = 1024 * 1024;
const MAX_RULES = 10_000;
const MAX_PATTERN_CHARS = 4096;

/** The file's rules; an absent file has none. @throws {RulesFileError} */
export function loadRulesFile(path: string, scope: RuleScope): PermissionRule[] {
  const text = readSmallFile(path);
  if (text === null) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new RulesFileError(
      `The rules file ${path} is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return parseRules(parsed, scope, path);
}

/** Checks a parsed rules document. @throws {RulesFileError} naming `source` and the problem */
export function parseRules(doc: unknown, scope: RuleScope, source: string): PermissionRule[] {
  const fail = (message: string): RulesFileError =>
    new RulesFileError(`The rules file ${source} is invalid: ${message}`);
  if (typeof doc !== "object" || doc === null || Array.isArray(doc)) {
    throw fail('it must be a JSON object with a "rules" array');
  }
  for (const key of Object.keys(doc)) {
    if (key !== "rules" && key !== "version") throw fail(`unknown key ${JSON.stringify(key)}`);
  }
  const version = (doc as Record<string, unknown>)["version"];
  if (version !== undefined && version !== 1) throw fail("version must be 1 when given");
  const rules = (doc as Record<string, unknown>)["rules"];
  if (!Array.isArray(rules)) throw fail('"rules" must be an array');
  if (rules.length > MAX_RULES) throw fail(`more than ${MAX_RULES} rules`);
  return rules.map((rule: unknown, index) =>
    parseRule(rule, scope, (m) => fail(`rule ${index}: ${m}`)),
  );
}

function parseRule(
  rule: unknown,
  scope: RuleScope,
  fail: (message: string) => RulesFileError,
): PermissionRule {
  if (typeof rule !== "object" || rule === null || Array.isArray(rule)) {
    throw fail("must be an object with tool, pattern and decision");
  }
  const fields = rule as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    if (key !== "tool" && key !== "pattern" && key !== "decision") {
      throw fail(`unknown key ${JSON.stringify(key)} (expected tool, pattern, decision)`);
    }
  }
  const tool = fields["tool"];
  if (
    typeof tool !== "string" ||
    (tool !== "*" && !(TOOL_NAMES as readonly string[]).includes(tool))
  ) {
    throw fail(`tool must be "*" or one of ${TOOL_NAMES.join(", ")}`);
  }
  const pattern = fields["pattern"] ?? "*";
  if (typeof pattern !== "string") throw fail("pattern must be a string");
  if (pattern.length > MAX_PATTERN_CHARS)
    throw fail(`pattern is over ${MAX_PATTERN_CHARS} characters`);
  if (pattern.includes("\0")) throw fail("pattern contains a NUL character");
  const decision = fields["decision"];
  if (typeof decision !== "string" || !(DECISIONS as readonly string[]).includes(decision)) {
    throw fail(`decision must be one of ${DECISIONS.join(", ")}`);
  }
  return Object.freeze({ scope, tool, pattern, decision: decision as Decision });
}

/**
 * A regular file's text, read without following a final symbolic link and without blocking on
 * a FIFO; null when absent. @throws {RulesFileError} for a link, a non-file, a large file, or any
 * other error (an unreadable rules file is not an empty one).
 */
function readSmallFile(path: string): string | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isAbsentError(error)) return null;
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new RulesFileError(
      code === "ELOOP"
        ? `The rules file ${path} is a symbolic link; a rules file must be a regular file`
        : `The rules file ${path} cannot be read (${code})`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new RulesFileError(`The rules file ${path} is not a regular file`);
    if (st.size > MAX_RULES_FILE_BYTES) {
      throw new RulesFileError(
        `The rules file ${path} is ${st.size} bytes, over the ${MAX_RULES_FILE_BYTES}-byte limit`,
      );
    }
    const buffer = Buffer.alloc(st.size);
    let read = 0;
    while (read < buffer.length) {
      const n = readSync(fd, buffer, read, buffer.length - read, read);
      if (n === 0) break;
      read += n;
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, read));
    } catch {
      throw new RulesFileError(`The rules file ${path} is not UTF-8 text`);
    }
  } finally {
    closeSync(fd);
  }
}
