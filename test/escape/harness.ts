// Runs one attack as a Python script through `cellguard exec --mode enforce`, the way a Cell's
// code would run, and gives back what it reported. `enforce` matters: if the sandbox could not
// be proven the command does not run at all, so no attack can "fail" for want of a sandbox.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli, runCliInTerminal, type CliResult } from "../helpers/cli.js";
import type { Fixture } from "../helpers/fixture-home.js";
import { systemPython } from "../helpers/host.js";

const PRELUDE = String.raw`
import errno, json, os, socket, sys
def report(**fields):
    print("\nREPORT " + json.dumps(fields, sort_keys=True))
def attempt(fn):
    try:
        fn()
        return "ok"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
    except Exception as e:
        return type(e).__name__
def read_text(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")
def write_text(path, text="escaped"):
    with open(path, "w") as f:
        f.write(text)
`;

export interface AttackResult extends CliResult {
  /** The fields of the script's last REPORT line. */
  readonly report: Record<string, unknown>;
}

export interface AttackOptions {
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cliArgs?: readonly string[];
  /** Path of script(1): run cellguard with a pseudo-terminal as its controlling terminal. */
  readonly wrapInTerminal?: string;
  /** A host directory cellguard inherits as descriptor 200, without close-on-exec. */
  readonly inheritedDirectory?: string;
  /** The workspace, when not the fixture's (a team workspace inside a protected root). */
  readonly workspace?: string;
  /** Where the attack script is written, when the fixture root is hidden (team mode). */
  readonly scriptDir?: string;
}

export async function attack(
  fx: Fixture,
  script: string,
  options: AttackOptions = {},
): Promise<AttackResult> {
  const python = systemPython ?? "/usr/bin/python3";
  const file = join(
    options.scriptDir ?? fx.root,
    `attack-${Math.random().toString(36).slice(2)}.py`,
  );
  const workspace = options.workspace ?? fx.workspace;
  writeFileSync(file, PRELUDE + script, { mode: 0o644 });
  const cliArgs = [
    "exec",
    "--mode",
    "enforce",
    "--workspace",
    workspace,
    ...(options.cliArgs ?? []),
    "--",
    python,
    "-I",
    "-S",
    file,
    ...(options.args ?? []),
  ];
  const runOptions = {
    env: { ...fx.env, ...options.env },
    cwd: workspace,
    ...(options.inheritedDirectory === undefined
      ? {}
      : { inheritedDirectory: options.inheritedDirectory }),
  };
  const result =
    options.wrapInTerminal === undefined
      ? await runCli(cliArgs, runOptions)
      : await runCliInTerminal(options.wrapInTerminal, cliArgs, runOptions);
  const line = result.stdout
    .split(/\r?\n/)
    .reverse()
    .find((l) => l.startsWith("REPORT "));
  assert.ok(
    line !== undefined,
    `the attack did not run to its report (exit ${String(result.code)}): ${result.stderr.slice(0, 2000)}`,
  );
  return { ...result, report: JSON.parse(line.slice("REPORT ".length)) as Record<string, unknown> };
}

/** The secret must appear nowhere the attacker could have carried it. */
export function assertNoCanary(result: CliResult, fx: Fixture): void {
  assert.ok(!result.stdout.includes(fx.canary), "the canary leaked to stdout");
  assert.ok(!result.stderr.includes(fx.canary), "the canary leaked to stderr");
}
