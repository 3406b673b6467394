// Reading a rendered bubblewrap argv back into options, for the golden tests of both renderers.
import assert from "node:assert/strict";

export interface Op {
  readonly op: string;
  readonly args: readonly string[];
}

/**
 * Parses argv into options and the command, failing on an option outside `arity` (how many values
 * each option this renderer may emit takes) and on a missing `--`.
 */
export function parseBwrapArgv(
  argv: readonly string[],
  executable: string,
  arity: Readonly<Record<string, number>>,
): { ops: Op[]; command: string[] } {
  assert.equal(argv[0], executable, "argv[0] is the bubblewrap executable");
  const ops: Op[] = [];
  let i = 1;
  while (i < argv.length) {
    const op = argv[i] ?? "";
    if (op === "--") return { ops, command: argv.slice(i + 1) };
    const count = Object.hasOwn(arity, op) ? arity[op] : undefined;
    assert.ok(count !== undefined, `unexpected bubblewrap option ${JSON.stringify(op)}`);
    const args = argv.slice(i + 1, i + 1 + count);
    assert.equal(args.length, count, `${op} is missing its values`);
    ops.push({ op, args });
    i += 1 + count;
  }
  assert.fail("argv has no `--` before the command");
}
