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

/**
 * Every option the kernel sandbox's renderer (src/render/bwrap.ts) may emit, with how many values
 * it takes, in all its forms: single-user, team (descriptor binds) and WSL. Anything else in its
 * argv (--dev-bind, --bind-try, …) fails the parse.
 */
export const KERNEL_BWRAP_ARITY: Readonly<Record<string, number>> = {
  "--die-with-parent": 0,
  "--new-session": 0,
  "--unshare-ipc": 0,
  "--unshare-uts": 0,
  "--unshare-pid": 0,
  "--unshare-net": 0,
  "--info-fd": 1,
  "--seccomp": 1,
  "--cap-drop": 1,
  "--dev": 1,
  "--proc": 1,
  "--remount-ro": 1,
  "--tmpfs": 1,
  "--chdir": 1,
  "--bind": 2,
  "--bind-fd": 2,
  "--ro-bind": 2,
  "--ro-bind-fd": 2,
  "--ro-bind-try": 2,
  "--symlink": 2,
};
