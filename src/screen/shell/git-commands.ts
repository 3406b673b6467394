// The command lines a git invocation hands to the shell, read from its argv and environment:
// settings whose value git runs (`-c core.pager=…`, `pager.<cmd>`, `filter.<x>.clean`,
// `credential.<url>.helper`, `remote.<x>.uploadpack`, …) however they are given (`-c`,
// `--config-env`, GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT), `!` aliases with the arguments git
// appends to them, options that name a program (`--upload-pack`, `--receive-pack`, `--exec`,
// `difftool -x`, `grep -O`, filter-branch's filters, `rebase --exec`, `submodule foreach`),
// the `ext::` transport, and the work tree a `clean` acts on. Pure: the checker judges what it
// returns. Every loop is over the argv or a bounded count, so the cost is linear.

/** What git would run through the shell, and the work tree set by configuration. */
export interface GitRuns {
  /** Command lines git passes to `sh -c`. */
  readonly commands: readonly string[];
  /** Programs git runs without a shell (the `ext::` transport's argv). */
  readonly argvs: readonly (readonly string[])[];
  /** `core.worktree` or GIT_WORK_TREE, when set on this command line. */
  readonly workTree: string | null;
}

// Settings whose value git runs as a command line, by exact (lower-case) name.
const COMMAND_KEYS = new Set([
  ...["core.pager", "core.editor", "core.sshcommand", "core.fsmonitor", "core.askpass"],
  ...["core.gitproxy", "sequence.editor", "diff.external", "credential.helper", "gpg.program"],
  ...["interactive.difffilter", "uploadpack.packobjectshook"],
]);
// `<section>.<name>.<key>` settings whose value is a command line.
const NAMED_COMMAND_KEYS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["credential", new Set(["helper"])],
  ["filter", new Set(["clean", "smudge", "process"])],
  ["browser", new Set(["cmd"])],
  ["difftool", new Set(["cmd"])],
  ["mergetool", new Set(["cmd"])],
  ["remote", new Set(["uploadpack", "receivepack"])],
  ["diff", new Set(["textconv", "command"])],
  ["merge", new Set(["driver"])],
  ["gpg", new Set(["program"])],
  ["man", new Set(["cmd"])],
]);
// Options that take the next word (or `=value`) and run it; by the subcommands that read them.
const PROGRAM_OPTIONS: ReadonlyMap<string, ReadonlySet<string> | null> = new Map([
  ["--upload-pack", null],
  ["--receive-pack", null],
  ["--exec", null],
  ["--extcmd", new Set(["difftool"])],
  ["--open-files-in-pager", new Set(["grep"])],
  ["--tree-filter", new Set(["filter-branch"])],
  ["--index-filter", new Set(["filter-branch"])],
  ["--env-filter", new Set(["filter-branch"])],
  ["--msg-filter", new Set(["filter-branch"])],
  ["--commit-filter", new Set(["filter-branch"])],
  ["--parent-filter", new Set(["filter-branch"])],
  ["--tag-name-filter", new Set(["filter-branch"])],
]);
// Short options that run their value, by subcommand: `clone -u`, `rebase -x`, `difftool -x`.
const SHORT_PROGRAM_OPTIONS: ReadonlyMap<string, string> = new Map([
  ["clone", "-u"],
  ["rebase", "-x"],
  ["difftool", "-x"],
]);
/** git's own options that take a value, before the subcommand. */
export const GIT_GLOBAL_WITH_VALUE: ReadonlySet<string> = new Set([
  ...["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env"],
]);
/** GIT_CONFIG_COUNT is read up to this many pairs; git itself has no lower limit. */
const MAX_CONFIG_PAIRS = 64;

// The hooks git runs on its own, by file name: a hook written on the line runs at the git
// command that follows (`echo 'rm -rf ~' > .git/hooks/pre-commit; git commit`), wherever
// core.hooksPath points.
const HOOK_NAMES = new Set([
  ...["applypatch-msg", "pre-applypatch", "post-applypatch", "pre-commit", "pre-merge-commit"],
  ...["prepare-commit-msg", "commit-msg", "post-commit", "pre-rebase", "post-checkout"],
  ...["post-merge", "pre-push", "pre-receive", "update", "proc-receive", "post-receive"],
  ...["post-update", "reference-transaction", "push-to-checkout", "pre-auto-gc", "post-rewrite"],
  ...["sendemail-validate", "fsmonitor-watchman", "post-index-change"],
]);

/** Whether `path` names a git hook by its file name (`.git/hooks/pre-commit`, `hooks/pre-push`). */
export function isGitHook(path: string): boolean {
  const slash = path.lastIndexOf("/");
  return slash >= 0 && HOOK_NAMES.has(path.slice(slash + 1));
}

/** Whether git runs the value of setting `key` (lower case) as a command line. */
export function isGitCommandKey(key: string, value: string): boolean {
  if (COMMAND_KEYS.has(key) || key.startsWith("pager.")) return true;
  if (key.startsWith("alias.") || key.startsWith("submodule.")) return value.startsWith("!");
  const first = key.indexOf(".");
  const last = key.lastIndexOf(".");
  if (first <= 0 || last === first) return false;
  return NAMED_COMMAND_KEYS.get(key.slice(0, first))?.has(key.slice(last + 1)) === true;
}

/**
 * What `git ARGS` runs through the shell, with `env` giving the variables set for it (the
 * assignments before it and those exported earlier on the line).
 */
export function gitRuns(
  args: readonly string[],
  env: (name: string) => string | undefined,
): GitRuns {
  const subAt = subcommandIndex(args);
  const settings = gitSettings(args, subAt < 0 ? args.length : subAt, env);
  const sub = subAt < 0 ? "" : (args[subAt] as string);
  const rest = subAt < 0 ? [] : args.slice(subAt + 1);
  const commands: string[] = [];
  let workTree = env("GIT_WORK_TREE") ?? null;
  for (const [key, value] of settings) {
    if (key === "core.worktree") workTree = value;
    if (!isGitCommandKey(key, value)) continue;
    const command = value.replace(/^!/, "");
    // git appends an alias's arguments to its command: `-c alias.x='!rm -rf' x /`.
    const alias = key.startsWith("alias.") && key.slice(6) === sub.toLowerCase();
    commands.push(alias && rest.length > 0 ? `${command} ${rest.join(" ")}` : command);
  }
  commands.push(...optionPrograms(sub, rest));
  if (sub === "submodule" && rest.includes("foreach")) {
    const quiet = new Set(["--recursive", "-q", "--quiet"]);
    const body = rest.slice(rest.indexOf("foreach") + 1).filter((a) => !quiet.has(a));
    if (body.length > 0) commands.push(body.join(" "));
  }
  const argvs = args.filter((a) => a.startsWith("ext::")).map((url) => extArgv(url.slice(5)));
  return { commands, argvs, workTree };
}

/** The index of the subcommand: the first word that is not one of git's own options. */
function subcommandIndex(args: readonly string[]): number {
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (!arg.startsWith("-")) return k;
    if (GIT_GLOBAL_WITH_VALUE.has(arg)) k++;
  }
  return -1;
}

/** Every setting given on this command line (git's own options are `args[0..end)`), as [lower-case key, value]. */
function gitSettings(
  args: readonly string[],
  end: number,
  env: (name: string) => string | undefined,
): [string, string][] {
  const settings: [string, string][] = [];
  const add = (pair: string): void => {
    const eq = pair.indexOf("=");
    if (eq > 0) settings.push([pair.slice(0, eq).toLowerCase(), pair.slice(eq + 1)]);
  };
  for (let k = 0; k < end; k++) {
    const arg = args[k] as string;
    if (arg === "-c") add(args[k + 1] ?? "");
    // `--config-env=core.pager=EVIL`: the value is that variable's.
    const spec =
      arg === "--config-env"
        ? (args[k + 1] ?? "")
        : arg.startsWith("--config-env=")
          ? arg.slice(13)
          : "";
    const eq = spec.lastIndexOf("=");
    if (eq > 0) settings.push([spec.slice(0, eq).toLowerCase(), env(spec.slice(eq + 1)) ?? ""]);
  }
  // GIT_CONFIG_PARAMETERS="'core.pager'='cmd' 'x.y'='z'", as git itself quotes it.
  const parameters = env("GIT_CONFIG_PARAMETERS");
  if (parameters !== undefined) {
    for (const match of parameters.matchAll(/'([^']*)'='([^']*)'/g)) {
      settings.push([(match[1] as string).toLowerCase(), match[2] as string]);
    }
  }
  const count = Number.parseInt(env("GIT_CONFIG_COUNT") ?? "", 10);
  for (let n = 0; n < Math.min(Number.isNaN(count) ? 0 : count, MAX_CONFIG_PAIRS); n++) {
    const key = env(`GIT_CONFIG_KEY_${n}`);
    if (key !== undefined) settings.push([key.toLowerCase(), env(`GIT_CONFIG_VALUE_${n}`) ?? ""]);
  }
  return settings;
}

/** The command lines named by options of subcommand `sub` (its arguments are `rest`). */
function optionPrograms(sub: string, rest: readonly string[]): string[] {
  const commands: string[] = [];
  const short = SHORT_PROGRAM_OPTIONS.get(sub);
  for (let k = 0; k < rest.length; k++) {
    const arg = rest[k] as string;
    const eq = arg.indexOf("=");
    const option = eq > 0 ? arg.slice(0, eq) : arg;
    const readers = PROGRAM_OPTIONS.get(option);
    if (readers !== undefined && (readers === null || readers.has(sub))) {
      const value = eq > 0 ? arg.slice(eq + 1) : rest[k + 1];
      if (value !== undefined) commands.push(value);
    } else if (short !== undefined && arg === short && rest[k + 1] !== undefined) {
      commands.push(rest[k + 1] as string);
    } else if (short !== undefined && arg.startsWith(short) && arg.length > short.length) {
      commands.push(arg.slice(short.length));
    } else if (sub === "grep" && arg.startsWith("-O") && arg.length > 2) {
      // `grep -O'cmd'`: the pager is attached; a lone -O uses the default pager.
      commands.push(arg.slice(2));
    }
  }
  return commands;
}

/**
 * The argv of an `ext::` URL: words split at unescaped spaces, `% ` a literal space, `%%` a
 * percent sign (git's remote-ext rules).
 */
function extArgv(spec: string): string[] {
  const argv: string[] = [];
  let word = "";
  for (let i = 0; i < spec.length; i++) {
    const c = spec[i] as string;
    if (c === "%" && (spec[i + 1] === " " || spec[i + 1] === "%")) {
      word += spec[i + 1];
      i++;
    } else if (c === " ") {
      if (word !== "") argv.push(word);
      word = "";
    } else {
      word += c;
    }
  }
  if (word !== "") argv.push(word);
  return argv;
}
