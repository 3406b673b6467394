// The shell precheck's two entry points: the worker's, which fails open on its own errors, and
// the host's, which fails closed. The work is done by Checker (checker.ts).
import { normalizeText } from "../text/normalize.js";
import { BudgetExceeded, Checker } from "./checker.js";
import { REASONS } from "./reasons.js";

export { REASONS } from "./reasons.js";

export function precheckCommand(command: unknown): string | null {
  try {
    return runPrecheck(command);
  } catch {
    return null;
  }
}

/**
 * The host-side precheck, run before a capability is issued: the same rules, but a precheck
 * that cannot run refuses (fail closed).
 */
export function hostPrecheckCommand(
  command: unknown,
  run: (c: string) => string | null = runPrecheck,
): string | null {
  if (typeof command !== "string") return "the command is not a string; refusing";
  try {
    return run(command);
  } catch {
    return "the static safety precheck could not run; refusing";
  }
}

/**
 * Linux passes one argument of at most MAX_ARG_STRLEN (32 pages, 128 KiB) to a program, so no
 * `bash -c` can receive a longer command. Longer input is refused without being read, which
 * also bounds the time a hostile input can cost.
 */
export const MAX_COMMAND_LENGTH = 128 * 1024;

function runPrecheck(command: unknown): string | null {
  if (typeof command !== "string" || command.trim() === "") return null;
  if (command.length > MAX_COMMAND_LENGTH) return REASONS.tooLong;
  const text = normalizeText(command);
  const checker = new Checker(text.length);
  try {
    return checker.checkString(text, 0);
  } catch (error) {
    // A stack overflow is the input's doing (nesting the limits above did not foresee), so it
    // is refused like the budget; only the precheck's own faults reach the callers' policies.
    if (error instanceof BudgetExceeded || error instanceof RangeError) return REASONS.tooDeep;
    throw error;
  }
}
