// Reading a program's own options well enough to find where its operands, or the command it
// wraps, begin. Each table names the options that take a separate value; everything else that
// starts with "-" is a flag.

export interface OptionTable {
  /** Short options (single letters) that consume a value: "-u root" or "-uroot". */
  readonly shortWithValue?: string;
  /** Long options that consume the next word when not written "--name=value". */
  readonly longWithValue?: readonly string[];
  /** A lone "-" is an operand (stdin), not an option. */
  readonly dashIsOperand?: boolean;
}

/** Index of the first operand after the options of `args` starting at `from`. */
export function firstOperand(args: readonly string[], from: number, table: OptionTable): number {
  let i = from;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === "--") return i + 1;
    if (!arg.startsWith("-") || arg === "-") return i;
    if (arg.startsWith("--")) {
      const name = arg.slice(2);
      i += !name.includes("=") && (table.longWithValue ?? []).includes(name) ? 2 : 1;
      continue;
    }
    // A cluster like "-xvf file": the first letter that takes a value ends the cluster; the
    // value is the rest of the word or, when the rest is empty, the next word.
    let consumesNext = false;
    for (let k = 1; k < arg.length; k++) {
      if ((table.shortWithValue ?? "").includes(arg[k] as string)) {
        consumesNext = k === arg.length - 1;
        break;
      }
    }
    i += consumesNext ? 2 : 1;
  }
  return i;
}

export interface ParsedFlags {
  /** Letters seen in short clusters, in order (a value attached to a letter is skipped). */
  readonly short: string;
  readonly long: readonly string[];
  /** Operands: every word that is not an option or an option's value. */
  readonly operands: readonly string[];
}

/**
 * Flags and operands of a program that accepts options anywhere (GNU argument permutation):
 * "rm / -rf" removes recursively just like "rm -rf /".
 */
export function permutedFlags(
  args: readonly string[],
  from: number,
  table: OptionTable = {},
): ParsedFlags {
  let short = "";
  const long: string[] = [];
  const operands: string[] = [];
  let i = from;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === "--") {
      // One copy, not push(...rest) (a hostile argv can hold more words than the call stack)
      // nor a push per word.
      const rest = args.slice(i + 1);
      return { short, long, operands: operands.length === 0 ? rest : operands.concat(rest) };
    }
    if (arg.startsWith("--")) {
      long.push(arg.slice(2));
      const name = arg.slice(2);
      i += !name.includes("=") && (table.longWithValue ?? []).includes(name) ? 2 : 1;
    } else if (arg.startsWith("-") && arg.length > 1 && !/^-[0-9]/.test(arg)) {
      let consumesNext = false;
      for (let k = 1; k < arg.length; k++) {
        const letter = arg[k] as string;
        short += letter;
        if ((table.shortWithValue ?? "").includes(letter)) {
          consumesNext = k === arg.length - 1;
          break;
        }
      }
      i += consumesNext ? 2 : 1;
    } else {
      operands.push(arg);
      i++;
    }
  }
  return { short, long, operands };
}

/** Value of "--name=value" or "--name value" among `args`, or null. */
export function longValue(args: readonly string[], name: string): string | null {
  const option = `--${name}`;
  const prefix = `${option}=`;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (!arg.startsWith("--")) continue;
    if (arg === option) return args[i + 1] ?? null;
    if (arg.startsWith(prefix)) return arg.slice(prefix.length);
  }
  return null;
}

/**
 * The value of an option among the options `args[0..end)`: `-D DIR`, `-DDIR`, `--chdir=DIR` or
 * `--chdir DIR`. The last one given wins, as with getopt. Null when none is given.
 */
export function optionValue(
  args: readonly string[],
  end: number,
  short: string | null,
  long: string | null,
): string | null {
  let value: string | null = null;
  for (let i = 0; i < end && i < args.length; i++) {
    const arg = args[i] as string;
    if (long !== null && (arg === `--${long}` || arg.startsWith(`--${long}=`))) {
      value = arg.length === long.length + 2 ? (args[i + 1] ?? null) : arg.slice(long.length + 3);
    } else if (short !== null && arg.startsWith(`-${short}`) && !arg.startsWith("--")) {
      value = arg.length === 2 ? (args[i + 1] ?? null) : arg.slice(2);
    }
  }
  return value;
}
