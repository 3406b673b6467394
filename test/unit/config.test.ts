// Configuration values are parsed strictly: an invalid value is an error naming the variable and
// the allowed values, never a silent downgrade to a weaker mode.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SandboxConfigurationError } from "../../src/errors.js";
import {
  MODE_VARIABLE,
  RAW_NETWORK_VARIABLE,
  parseSandboxMode,
  parseStrictBoolean,
  rawNetworkFromEnv,
  sandboxModeFromEnv,
} from "../../src/config/sandbox-config.js";
import { dataDirCandidates, defaultDataDir } from "../../src/config/data-dir.js";

function configError(check: (message: string) => boolean): (error: unknown) => boolean {
  return (error) =>
    error instanceof SandboxConfigurationError &&
    error.code === "ERR_SANDBOX_CONFIG" &&
    check(error.message);
}

describe("parseSandboxMode", () => {
  test("unset, empty and blank mean auto", () => {
    assert.equal(parseSandboxMode(undefined), "auto");
    assert.equal(parseSandboxMode(""), "auto");
    assert.equal(parseSandboxMode("   \t\n"), "auto");
  });

  test("values are trimmed and lower-cased", () => {
    assert.equal(parseSandboxMode(" Enforce \n"), "enforce");
    assert.equal(parseSandboxMode("OFF"), "off");
    assert.equal(parseSandboxMode("\tAuto"), "auto");
  });

  for (const bad of ["maybe", "required", "TRUE-ish", "1", "on", "true", "enforced", "of f"]) {
    test(`${JSON.stringify(bad)} is refused with a message naming the variable and the allowed values`, () => {
      assert.throws(
        () => parseSandboxMode(bad),
        configError(
          (m) =>
            m.includes(MODE_VARIABLE) &&
            m.includes("must be one of auto, enforce, off") &&
            m.includes(bad),
        ),
      );
    });
  }

  test("the variable name is CELLGUARD_KERNEL_SANDBOX", () => {
    assert.equal(MODE_VARIABLE, "CELLGUARD_KERNEL_SANDBOX");
    assert.throws(() => parseSandboxMode("maybe"), /^.*CELLGUARD_KERNEL_SANDBOX must be one of/);
  });

  test("a caller-supplied source is named instead", () => {
    assert.throws(
      () => parseSandboxMode("maybe", "--mode"),
      configError((m) => m.startsWith("--mode must be one of")),
    );
  });

  test("control characters in a bad value are escaped in the message", () => {
    const bad = "\u001b]0;pwned\u0007\u001b[2J\r\n\u0000\u009b";
    assert.throws(
      () => parseSandboxMode(bad),
      configError((m) => !/\p{Cc}/u.test(m) && m.includes("u001b") && m.includes("u009b")),
    );
  });

  test("an escaped control character is shown once-escaped (\\u001b), not double-escaped", () => {
    assert.throws(
      () => parseSandboxMode("\u001b[31mred"),
      configError((m) => m.endsWith('current value is "\\u001b[31mred"')),
    );
  });

  test("a long bad value (a pasted token) is cut, not echoed whole", () => {
    const token = `sk-${"A".repeat(40)}TAILSECRET`;
    assert.throws(
      () => parseSandboxMode(token),
      configError((m) => !m.includes("TAILSECRET") && m.includes("…")),
    );
  });

  test("sandboxModeFromEnv reads CELLGUARD_KERNEL_SANDBOX at call time", () => {
    assert.equal(sandboxModeFromEnv({}), "auto");
    assert.equal(sandboxModeFromEnv({ [MODE_VARIABLE]: "enforce" }), "enforce");
    assert.throws(
      () => sandboxModeFromEnv({ [MODE_VARIABLE]: "maybe" }),
      SandboxConfigurationError,
    );
  });
});

describe("parseStrictBoolean", () => {
  for (const word of ["1", "true", "yes", "on", " TRUE ", "Yes", "ON\n"]) {
    test(`${JSON.stringify(word)} is true`, () => {
      assert.equal(parseStrictBoolean(word, RAW_NETWORK_VARIABLE), true);
    });
  }

  for (const word of [undefined, "", " ", "0", "false", "no", "off", "FALSE", " Off "]) {
    test(`${JSON.stringify(word)} is false`, () => {
      assert.equal(parseStrictBoolean(word, RAW_NETWORK_VARIABLE), false);
    });
  }

  for (const bad of ["sometimes", "2", "y", "n", "enable", "truee", "-1"]) {
    test(`${JSON.stringify(bad)} is refused naming the variable`, () => {
      assert.throws(
        () => parseStrictBoolean(bad, RAW_NETWORK_VARIABLE),
        configError(
          (m) =>
            m.startsWith(
              `${RAW_NETWORK_VARIABLE} must be one of 1, true, yes, on, 0, false, no, off`,
            ) && m.includes(bad),
        ),
      );
    });
  }

  test("rawNetworkFromEnv reads CELLGUARD_KERNEL_ALLOW_RAW_NETWORK strictly", () => {
    assert.equal(RAW_NETWORK_VARIABLE, "CELLGUARD_KERNEL_ALLOW_RAW_NETWORK");
    assert.equal(rawNetworkFromEnv({}), false);
    assert.equal(rawNetworkFromEnv({ [RAW_NETWORK_VARIABLE]: "1" }), true);
    assert.throws(
      () => rawNetworkFromEnv({ [RAW_NETWORK_VARIABLE]: "sometimes" }),
      configError((m) => m.includes(RAW_NETWORK_VARIABLE)),
    );
  });
});

describe("defaultDataDir", () => {
  test("macOS: ~/Library/Application Support/cellguard", () => {
    assert.equal(
      defaultDataDir("darwin", { XDG_DATA_HOME: "/xdg" }, "/Users/u"),
      "/Users/u/Library/Application Support/cellguard",
    );
  });

  test("Linux: $XDG_DATA_HOME/cellguard when it is absolute", () => {
    assert.equal(defaultDataDir("linux", { XDG_DATA_HOME: "/xdg" }, "/home/u"), "/xdg/cellguard");
  });

  test("Linux: ~/.local/share/cellguard when XDG_DATA_HOME is unset, empty or relative", () => {
    for (const env of [{}, { XDG_DATA_HOME: "" }, { XDG_DATA_HOME: "rel/data" }]) {
      assert.equal(defaultDataDir("linux", env, "/home/u"), "/home/u/.local/share/cellguard");
    }
  });

  test("other systems use the Linux layout", () => {
    assert.equal(defaultDataDir("other", {}, "/home/u"), "/home/u/.local/share/cellguard");
  });

  test("dataDirCandidates lists the configured directory and the default", () => {
    assert.deepEqual(dataDirCandidates("linux", { CELLGUARD_DATA_DIR: "/srv/cg" }, "/home/u"), [
      "/srv/cg",
      "/home/u/.local/share/cellguard",
    ]);
    assert.deepEqual(dataDirCandidates("linux", { CELLGUARD_DATA_DIR: "  " }, "/home/u"), [
      "/home/u/.local/share/cellguard",
    ]);
    assert.deepEqual(dataDirCandidates("darwin", {}, "/Users/u"), [
      "/Users/u/Library/Application Support/cellguard",
    ]);
  });
});

test("exhaustion (EAGAIN, ENOMEM) is never a facility failure: a Cell can cause it on purpose", async () => {
  const { isFacilityFailure } = await import("../../src/sandbox/failure-cache.js");
  assert.equal(
    isFacilityFailure("bwrap: Creating new namespace failed: Resource temporarily unavailable"),
    false,
  );
  assert.equal(
    isFacilityFailure("bwrap: Creating new namespace failed: Cannot allocate memory"),
    false,
  );
  assert.equal(
    isFacilityFailure("bwrap: Creating new namespace failed: Operation not permitted"),
    true,
  );
  assert.equal(
    isFacilityFailure(
      "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged user namespaces.",
    ),
    true,
  );
  assert.equal(
    isFacilityFailure("bwrap: Can't mount proc on /newroot/proc: Operation not permitted"),
    false,
  );
});
