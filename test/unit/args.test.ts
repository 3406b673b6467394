// parseLeadingOptions: options end at the first non-option or `--`; everything after is the
// command, untouched, so a command's own flags are never read as cellguard's.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { parseLeadingOptions, UsageError, type OptionSpec } from "../../src/cli/args.js";

const SPEC: Readonly<Record<string, OptionSpec>> = {
  workspace: { type: "string" },
  mode: { type: "string" },
  "allow-network": { type: "boolean" },
  json: { type: "boolean" },
};

function usageError(pattern: RegExp): (error: unknown) => boolean {
  return (error) =>
    error instanceof UsageError &&
    error instanceof TypeError &&
    error.code === "ERR_USAGE" &&
    pattern.test(error.message);
}

const plain = (options: Readonly<Record<string, string | boolean>>): Record<string, unknown> => ({
  ...options,
});

describe("parseLeadingOptions", () => {
  test("options stop at the first non-option; the rest is the command, verbatim", () => {
    const parsed = parseLeadingOptions(
      ["--json", "--workspace", "/w", "python3", "--json", "-c", "print(1)"],
      SPEC,
    );
    assert.deepEqual(plain(parsed.options), { json: true, workspace: "/w" });
    assert.deepEqual(parsed.rest, ["python3", "--json", "-c", "print(1)"]);
  });

  test("`--` ends the options, and a later `--` belongs to the command", () => {
    const parsed = parseLeadingOptions(["--mode", "enforce", "--", "--json", "--", "x"], SPEC);
    assert.deepEqual(plain(parsed.options), { mode: "enforce" });
    assert.deepEqual(parsed.rest, ["--json", "--", "x"]);
  });

  test("a -c after the command belongs to the command", () => {
    const parsed = parseLeadingOptions(["sh", "-c", "--workspace /etc"], SPEC);
    assert.deepEqual(plain(parsed.options), {});
    assert.deepEqual(parsed.rest, ["sh", "-c", "--workspace /etc"]);
  });

  test("a single-dash argument is not an option: it starts the command", () => {
    const parsed = parseLeadingOptions(["--json", "-c", "x"], SPEC);
    assert.deepEqual(plain(parsed.options), { json: true });
    assert.deepEqual(parsed.rest, ["-c", "x"]);
  });

  test("--opt=value sets the value, splitting at the first =", () => {
    const parsed = parseLeadingOptions(["--workspace=/a=b c", "--mode=off", "cmd"], SPEC);
    assert.deepEqual(plain(parsed.options), { workspace: "/a=b c", mode: "off" });
    assert.deepEqual(parsed.rest, ["cmd"]);
  });

  test("no arguments: no options and an empty command", () => {
    const parsed = parseLeadingOptions([], SPEC);
    assert.deepEqual(plain(parsed.options), {});
    assert.deepEqual(parsed.rest, []);
  });

  test("an unknown option is a UsageError", () => {
    assert.throws(
      () => parseLeadingOptions(["--bogus", "cmd"], SPEC),
      usageError(/unknown option --bogus/),
    );
    assert.throws(
      () => parseLeadingOptions(["--bogus=1", "cmd"], SPEC),
      usageError(/unknown option --bogus$/),
    );
  });

  for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
    test(`--${name} (an Object.prototype name) is an unknown option, not a string option`, () => {
      // Otherwise `exec --${name} python3 script.py` silently swallows python3 as a value.
      assert.throws(
        () => parseLeadingOptions([`--${name}`, "python3", "script.py"], SPEC),
        usageError(new RegExp(`unknown option --${name}`)),
      );
    });
  }

  test("a string option with no value is a UsageError", () => {
    assert.throws(
      () => parseLeadingOptions(["--workspace"], SPEC),
      usageError(/option --workspace needs a value/),
    );
  });

  test("a boolean option given a value is a UsageError", () => {
    assert.throws(
      () => parseLeadingOptions(["--json=false", "cmd"], SPEC),
      usageError(/option --json takes no value/),
    );
  });

  test("with restIsPositional false, a leftover argument is a UsageError", () => {
    assert.throws(
      () => parseLeadingOptions(["--json", "extra"], SPEC, { restIsPositional: false }),
      usageError(/unexpected argument "extra"/),
    );
    const parsed = parseLeadingOptions(["--json"], SPEC, { restIsPositional: false });
    assert.deepEqual(plain(parsed.options), { json: true });
    assert.deepEqual(parsed.rest, []);
  });
});
