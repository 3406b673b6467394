// The launch manifest: each bad field refused with its name and what was wrong; resolving the
// authority creates, migrates and reads nothing.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { bindAuthority, controlEntries, operatorCredentials } from "../../src/protect/authority.js";
import { ProtectedStoreError } from "../../src/protect/errors.js";
import { parseManifest } from "../../src/protect/manifest.js";

const GOOD = {
  version: 1,
  projectRoot: "/synthetic/project",
  controlPaths: ["/synthetic/project/policy.toml"],
  operatorCredentials: ["/synthetic/config/dashboard.token"],
  stores: [{ root: "/synthetic/data", workMembers: ["build-cache"] }],
  sessionHomes: [],
  server: {
    command: ["/usr/bin/node", "/synthetic/server.js"],
    cwd: "/synthetic/project",
    passEnv: ["PATH"],
  },
};

const refused = (field: RegExp) => (error: unknown) =>
  error instanceof ProtectedStoreError &&
  error.code === "ERR_PROTECT_MANIFEST" &&
  field.test(error.message);

describe("manifest validation", () => {
  test("a well-formed manifest parses", () => {
    const m = parseManifest(GOOD, "/synthetic/manifest.json");
    assert.deepEqual(m.stores, [{ root: "/synthetic/data", workMembers: ["build-cache"] }]);
    assert.equal(m.childSandbox, null);
  });

  test("childSandbox kernel names the workspace the children's kernel sandbox is built for", () => {
    const m = parseManifest(
      { ...GOOD, childSandbox: { kind: "kernel", workspace: "/synthetic/project" } },
      "/synthetic/manifest.json",
    );
    assert.deepEqual(m.childSandbox, { kind: "kernel", workspace: "/synthetic/project" });
  });

  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      "a relative control path",
      { controlPaths: ["policy.toml"] },
      /controlPaths\[0\].*not absolute/,
    ],
    [
      "a dotted control path",
      { controlPaths: ["/synthetic/./policy.toml"] },
      /controlPaths\[0\].*"\." segment/,
    ],
    [
      "a dotted credential",
      { operatorCredentials: ["/synthetic/../token"] },
      /operatorCredentials\[0\]/,
    ],
    ["an unknown field", { extra: true }, /\(top level\)\.extra: unknown field/],
    ["a wrong version", { version: 2 }, /version: must be 1/],
    [
      "a work member with a slash",
      { stores: [{ root: "/synthetic/data", workMembers: ["a/b"] }] },
      /stores\[0\]\.workMembers\[0\]/,
    ],
    ["a relative store root", { stores: [{ root: "data" }] }, /stores\[0\]\.root/],
    [
      "a relative server program",
      { server: { ...GOOD.server, command: ["node"] } },
      /server\.command\[0\]/,
    ],
    [
      "a loader hook in passEnv",
      { server: { ...GOOD.server, passEnv: ["LD_PRELOAD"] } },
      /server\.passEnv\[0\].*cannot be passed through/,
    ],
    [
      "a launcher-owned name in passEnv",
      { server: { ...GOOD.server, passEnv: ["CELLGUARD_PROTECTED_ROOT"] } },
      /server\.passEnv\[0\]/,
    ],
    [
      "an unknown childSandbox kind",
      { childSandbox: { kind: "landlock", workspace: "/synthetic/project" } },
      /childSandbox\.kind: must be one of kernel: current value is "landlock"/,
    ],
    [
      "a childSandbox without its workspace",
      { childSandbox: { kind: "kernel" } },
      /childSandbox\.workspace/,
    ],
    [
      "a childSandbox with an unknown field",
      {
        childSandbox: { kind: "kernel", workspace: "/synthetic/project", rules: "(allow default)" },
      },
      /childSandbox\.rules: unknown field/,
    ],
    [
      "a childSandbox that is not an object",
      { childSandbox: "kernel" },
      /childSandbox: must be a JSON object/,
    ],
  ];
  for (const [what, change, field] of cases)
    test(`${what} is refused, naming the field`, () => {
      assert.throws(
        () => parseManifest({ ...GOOD, ...change }, "/synthetic/manifest.json"),
        refused(field),
      );
    });
});

describe("resolving the authority", () => {
  test("bindAuthority and operatorCredentials create nothing, even for absent paths", () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-protect-authority-")));
    try {
      const m = parseManifest(
        {
          ...GOOD,
          projectRoot: dir,
          controlPaths: [join(dir, "a", "b", "config.toml")],
          operatorCredentials: [join(dir, "c", "dashboard.token")],
          stores: [],
          server: { ...GOOD.server, cwd: dir },
        },
        join(dir, "manifest.json"),
      );
      const control = bindAuthority(m);
      assert.ok(control.includes(join(dir, "a", "b", "config.toml")));
      assert.ok(control.includes(join(dir, "manifest.json")));
      assert.deepEqual(operatorCredentials(m), [join(dir, "c", "dashboard.token")]);
      const entries = controlEntries(m);
      assert.equal(entries.find((e) => e.path.endsWith("dashboard.token"))?.denyRead, true);
      assert.deepEqual(readdirSync(dir), []);
      assert.equal(existsSync(join(dir, "a")), false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
