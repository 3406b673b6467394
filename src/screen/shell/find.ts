// Reading a find(1) command line: where it starts, and whether its tests narrow what it visits.

export function findStartPaths(args: readonly string[]): string[] {
  const paths: string[] = [];
  // Options that come before the start paths: -H, -L, -P, -O3, -D debugopts.
  let first = 0;
  while (first < args.length && /^-(?:[HLP]|O[0-9]?|D)$/.test(args[first] as string)) {
    first += args[first] === "-D" ? 2 : 1;
  }
  for (const arg of args.slice(first)) {
    if (arg.startsWith("-") || arg === "(" || arg === "!" || arg === "\\(") break;
    paths.push(arg);
  }
  return paths;
}

// Primaries that do not narrow which files find visits or acts on.
const FIND_NEUTRAL = new Set([
  "-delete",
  "-depth",
  "-maxdepth",
  "-mindepth",
  "-xdev",
  "-mount",
  "-print",
  "-print0",
  "-type",
  "-exec",
  "-execdir",
  "-ok",
  "-okdir",
  "-ignore_readdir_race",
  "-noleaf",
  "-follow",
  "-H",
  "-L",
  "-P",
  "-d",
  "-x",
  "-true",
  // Tests almost every file passes, and -prune, which still acts on what it prunes.
  "-readable",
  "-writable",
  "-prune",
  "-o",
  "-or",
  "-a",
  "-and",
]);

// Tests of owner and age that a whole tree passes: `-user root` on /, `-user $USER` on a home,
// `-newermt 1970-01-02`; and a size any file with content has (`-size +0`).
const OWNER_TESTS = new Set(["-user", "-uid", "-group", "-gid"]);

function passedByAll(test: string, value: string): boolean {
  if (OWNER_TESTS.has(test)) return true;
  if (test === "-size") return /^(?:\+0|-)/.test(value);
  // Modified since a date before any file on the machine was written.
  return test === "-newermt" && /^19[0-9]{2}/.test(value);
}

// `-name '*'` narrows nothing.
const MATCHES_EVERY_NAME = new Set(["-name", "-iname", "-path", "-ipath", "-wholename"]);

/**
 * Whether a test narrows what find acts on. find evaluates its expression left to right, so
 * only tests before the first action count: `find / -delete -name x` deletes everything.
 * A negated test (`! -name x`, `-not -path p`) still leaves almost everything, and so does a
 * pattern that matches every name. An alternative (`-o`) is judged on its own:
 * `find / -name x -o -delete` deletes every file not named x, so only the tests of the branch
 * the action sits in (and of the groups around it) count, and `,` starts a branch that every
 * file reaches (`find / -name x , -delete`); with no action, the implicit -print
 * is narrowed only when every branch is.
 */
export function findFilters(args: readonly string[]): boolean {
  // One frame per open parenthesis: whether the current branch has a test so far, and whether
  // every closed branch had one.
  const frames: { branch: boolean; every: boolean }[] = [{ branch: false, every: true }];
  const top = (): { branch: boolean; every: boolean } =>
    frames[frames.length - 1] as { branch: boolean; every: boolean };
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (ACTIONS.has(arg)) return frames.some((frame) => frame.branch);
    if (arg === "(" || arg === "\\(") {
      frames.push({ branch: false, every: true });
      continue;
    }
    if ((arg === ")" || arg === "\\)") && frames.length > 1) {
      const group = frames.pop() as { branch: boolean; every: boolean };
      if (group.every && group.branch) top().branch = true;
      continue;
    }
    // GNU find's `,` evaluates both sides for every file: what follows is a branch of its own.
    if (arg === "-o" || arg === "-or" || arg === ",") {
      const frame = top();
      frame.every = frame.every && frame.branch;
      frame.branch = false;
      continue;
    }
    if (arg === "!" || arg === "-not") {
      k += args[k + 2] !== undefined && !(args[k + 2] as string).startsWith("-") ? 2 : 1;
      continue;
    }
    if (MATCHES_EVERY_NAME.has(arg) && /^[*]{1,4}$/.test(args[k + 1] ?? "")) k++;
    else if (passedByAll(arg, args[k + 1] ?? "")) k++;
    else if ((arg === "-regex" || arg === "-iregex") && /^\.\*$/.test(args[k + 1] ?? "")) k++;
    else if (arg.startsWith("-") && !FIND_NEUTRAL.has(arg)) top().branch = true;
  }
  const outer = frames[0] as { branch: boolean; every: boolean };
  return outer.every && outer.branch;
}

const ACTIONS = new Set(["-delete", "-exec", "-execdir", "-ok", "-okdir"]);
