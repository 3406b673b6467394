// The shell commands a makefile hands to the shell: recipe lines (a tab in front), the recipe
// after `;` on a rule line (`all: ; CMD`), and `$(shell CMD)`, which runs while make reads the
// file, whatever target is asked for.

/** The texts of `make -E TEXT`, `-ETEXT`, `--eval TEXT` and `--eval=TEXT`. */
export function makeEvalTexts(args: readonly string[]): string[] {
  const texts: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg === "--") break;
    if (arg === "-E" || arg === "--eval") {
      const value = args[k + 1];
      if (value !== undefined) texts.push(value);
      k++;
    } else if (arg.startsWith("--eval=")) texts.push(arg.slice(7));
    else if (arg.startsWith("-E")) texts.push(arg.slice(2));
  }
  return texts;
}

/**
 * The values of `SHELL=…` and `.SHELLFLAGS=…` given on make's command line (before `--`):
 * make runs each recipe line as `$(SHELL) $(.SHELLFLAGS) LINE`.
 */
export function makeShellValues(args: readonly string[]): string[] {
  const values: string[] = [];
  for (const arg of args) {
    if (arg === "--") break;
    if (arg.startsWith("SHELL=")) values.push(arg.slice(6));
    else if (arg.startsWith(".SHELLFLAGS=")) values.push(`sh ${arg.slice(12)}`);
  }
  return values;
}

/** At most `limit` commands of one makefile's text, in the order they appear. */
export function makefileCommands(text: string, limit: number): string[] {
  const commands: string[] = [];
  for (const line of text.split("\n")) {
    if (commands.length >= limit) break;
    commands.push(...shellFunctionCalls(line, limit - commands.length));
    if (line.startsWith("\t")) {
      commands.push(withoutPrefixes(line.slice(1)));
      continue;
    }
    // A rule line: targets, a colon, prerequisites, then `;` and the first recipe line.
    const colon = line.indexOf(":");
    const semicolon = colon < 0 ? -1 : line.indexOf(";", colon);
    if (semicolon > 0 && !line.slice(0, colon).includes("=")) {
      commands.push(withoutPrefixes(line.slice(semicolon + 1).trimStart()));
    }
  }
  return commands.slice(0, limit);
}

/** `@`, `-` and `+` in front of a recipe line change how make runs it, not what runs. */
function withoutPrefixes(recipe: string): string {
  return recipe.replace(/^[@+\- \t]{1,8}/, "");
}

/** The command of each `$(shell …)` or `${shell …}` in one line, parentheses balanced. */
function shellFunctionCalls(line: string, limit: number): string[] {
  const calls: string[] = [];
  let from = 0;
  while (calls.length < limit) {
    const at = line.indexOf("shell", from);
    if (at < 0) break;
    from = at + 5;
    const open = line[at - 1];
    if ((open !== "(" && open !== "{") || line[at - 2] !== "$") continue;
    if (line[at + 5] !== " " && line[at + 5] !== "\t") continue;
    const close = open === "(" ? ")" : "}";
    let level = 0;
    let end = at + 5;
    for (; end < line.length; end++) {
      const c = line[end];
      if (c === open) level++;
      else if (c === close && level-- === 0) break;
    }
    calls.push(line.slice(at + 6, end));
    from = end;
  }
  return calls;
}
