// A small option parser for commands that end in a command line: options are read until the
// first non-option or `--`, and everything after is the command, untouched (a `-c` after the
// command belongs to the command).

import { terminalSafeJson } from "./terminal-text.js";

export class UsageError extends TypeError {
  readonly code = "ERR_USAGE";
}

export interface OptionSpec {
  readonly type: "string" | "boolean";
}

export interface ParsedCommandLine {
  readonly options: Readonly<Record<string, string | boolean>>;
  readonly rest: readonly string[];
  /** Every value of each string option in order (`options` keeps the last), for repeatable ones. */
  readonly lists: Readonly<Record<string, readonly string[]>>;
}

export function parseLeadingOptions(
  args: readonly string[],
  spec: Readonly<Record<string, OptionSpec>>,
  options: { restIsPositional: boolean } = { restIsPositional: true },
): ParsedCommandLine {
  const parsed: Record<string, string | boolean> = Object.create(null) as Record<
    string,
    string | boolean
  >;
  const lists: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  const setValue = (name: string, value: string): void => {
    parsed[name] = value;
    (lists[name] ??= []).push(value);
  };
  let i = 0;
  while (i < args.length) {
    const arg = args[i] ?? "";
    if (arg === "--") {
      i += 1;
      break;
    }
    if (!arg.startsWith("--")) {
      if (options.restIsPositional) break;
      throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    }
    const eq = arg.indexOf("=");
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    // Own properties only: "--constructor" must not match Object.prototype.
    const kind = Object.hasOwn(spec, name) ? spec[name] : undefined;
    if (kind === undefined) throw new UsageError(`unknown option --${name}`);
    if (kind.type === "boolean") {
      if (eq !== -1) throw new UsageError(`option --${name} takes no value`);
      parsed[name] = true;
      i += 1;
      continue;
    }
    if (eq !== -1) {
      setValue(name, arg.slice(eq + 1));
      i += 1;
      continue;
    }
    const value = args[i + 1];
    if (value === undefined) throw new UsageError(`option --${name} needs a value`);
    setValue(name, value);
    i += 2;
  }
  return { options: parsed, rest: args.slice(i), lists };
}

/**
 * `--timeout SECONDS` as milliseconds: null when absent, a RangeError naming the value when it is
 * not a number of seconds above 0 (the caller decides the exit code).
 */
export function parseTimeoutOption(raw: string | boolean | undefined): number | null | RangeError {
  if (typeof raw !== "string") return null;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 2_000_000) {
    return new RangeError(
      `--timeout must be a number of seconds above 0: current value is ${terminalSafeJson(raw)}`,
    );
  }
  return Math.ceil(seconds * 1000);
}
