// The pinned child boundary (spec §5.8–§5.9, §8 item 9): read from the process environment only,
// regenerated and compared byte for byte; every substitute, a pin without authority and half an
// authority fail both the child prefix and the store-path check.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, afterEach, before, describe, test } from "node:test";
import { canonicalProjectRoot, manifestDigest } from "../../src/protect/authority.js";
import {
  CHILD_PROFILE_ENV,
  PROTECTED_DIGEST_ENV,
  PROTECTED_MANIFEST_ENV,
  PROTECTED_ROOT_ENV,
} from "../../src/protect/env.js";
import { ProtectedStoreError } from "../../src/protect/errors.js";
import { loadManifest } from "../../src/protect/manifest.js";
import {
  enforceProtectedStorePath,
  protectedChildPrefix,
  STORE_PATH_REFUSAL,
  trustedSystemPython,
} from "../../src/protect/pin.js";
import { childProfile } from "../../src/protect/profiles.js";
import { renderProtectSeatbelt } from "../../src/protect/render-seatbelt.js";
import { CLIENT_SOURCE } from "../../src/protect/supervisor-source.js";

const NAMES = [CHILD_PROFILE_ENV, PROTECTED_ROOT_ENV, PROTECTED_DIGEST_ENV, PROTECTED_MANIFEST_ENV];
const saved = Object.fromEntries(NAMES.map((n) => [n, process.env[n]]));

function setEnv(values: Partial<Record<string, string>>): void {
  for (const name of NAMES) delete process.env[name];
  for (const [name, value] of Object.entries(values))
    if (value !== undefined) process.env[name] = value;
}

let base: string;
let project: string;
let store: string;
let full: Record<string, string>;

before(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-protect-pin-")));
  project = join(base, "project");
  store = join(base, "home", ".local", "share", "tool");
  mkdirSync(project, { recursive: true });
  mkdirSync(join(store, "knowledge"), { recursive: true });
  mkdirSync(join(store, "build-cache"));
  writeFileSync(join(store, "knowledge", "k.json"), "{}");
  const manifestPath = join(base, "manifest.json");
  writeFileSync(
    manifestPath,
    JSON.stringify({
      version: 1,
      projectRoot: project,
      stores: [
        { root: store, workMembers: ["build-cache"] },
        { root: join(base, "home", ".tool-dormant"), workMembers: [] },
      ],
      server: { command: ["/bin/true"], cwd: project },
    }),
  );
  const manifest = loadManifest(manifestPath);
  full = {
    [PROTECTED_ROOT_ENV]: canonicalProjectRoot(manifest),
    [PROTECTED_DIGEST_ENV]: manifestDigest(manifest),
    [PROTECTED_MANIFEST_ENV]: manifestPath,
    [CHILD_PROFILE_ENV]: childProfile(manifest).canonical,
  };
});
afterEach(() => setEnv(saved));
after(() => rmSync(base, { recursive: true, force: true }));

const pinError = (error: unknown): boolean =>
  error instanceof ProtectedStoreError && error.code === "ERR_PROTECT_PIN";

function assertBothFail(): void {
  assert.throws(() => protectedChildPrefix(), pinError);
  assert.throws(() => enforceProtectedStorePath(join(project, "main.rs")), pinError);
}

describe("pinned child rules", () => {
  test("outside a protected session the prefix is null and every path is allowed", () => {
    setEnv({});
    assert.equal(protectedChildPrefix(), null);
    enforceProtectedStorePath(join(store, "knowledge", "k.json"));
  });

  test("a pin without the launch authority is an error", () => {
    setEnv({ [CHILD_PROFILE_ENV]: full[CHILD_PROFILE_ENV] });
    assertBothFail();
  });

  test("half an authority is an error, whichever half", () => {
    setEnv({ ...full, [PROTECTED_DIGEST_ENV]: "  " });
    assertBothFail();
    setEnv({ ...full, [PROTECTED_ROOT_ENV]: undefined });
    assertBothFail();
  });

  test("with the full authority the prefix is exactly the supervised client (Linux)", () => {
    setEnv(full);
    const python = trustedSystemPython();
    // (as root the same path is trusted by ownership; the prefix takes the first system python3)
    if (python === null) {
      assert.throws(() => protectedChildPrefix(), ProtectedStoreError);
      return;
    }
    assert.deepEqual(protectedChildPrefix(), [python, "-I", "-S", "-c", CLIENT_SOURCE, "--"]);
  });

  test("the store path check refuses the store, its directories and their ancestors, and allows work members", () => {
    setEnv(full);
    for (const refused of [
      join(store, "knowledge", "k.json"),
      join(store, "knowledge"),
      store,
      join(base, "home", ".local"),
      join(base, "home"),
      "/",
      join(base, "home", ".tool-dormant", "planted"),
    ])
      assert.throws(
        () => enforceProtectedStorePath(refused),
        (e: unknown) =>
          e instanceof ProtectedStoreError &&
          e.code === "ERR_PROTECT_CONTEXT" &&
          e.message === STORE_PATH_REFUSAL,
        refused,
      );
    enforceProtectedStorePath(join(store, "build-cache", "out.o"));
    enforceProtectedStorePath(join(project, "main.rs"));
    // A sibling whose name merely starts with the store's is not inside it.
    enforceProtectedStorePath(`${store}-other/file`);
    assert.throws(() => enforceProtectedStorePath("relative/path"), ProtectedStoreError);
  });

  test("a symlink in the project pointing into the store is refused by its resolved spelling", () => {
    setEnv(full);
    symlinkSync(join(store, "knowledge"), join(project, "innocent"));
    assert.throws(
      () => enforceProtectedStorePath(join(project, "innocent", "k.json")),
      ProtectedStoreError,
    );
  });

  test("each substitute pin fails both the prefix and the store-path check", () => {
    const valid = full[CHILD_PROFILE_ENV] ?? "";
    const parsed = JSON.parse(valid) as Record<string, string[]>;
    const substitutes: Record<string, string> = {
      "an allow appended": JSON.stringify({
        ...parsed,
        workPaths: [...(parsed["workPaths"] ?? []), "/"],
      }),
      "text appended": `${valid}\n(allow default)`,
      "denies commented out": JSON.stringify({ ...parsed, reads: [] }),
      "the bare header": JSON.stringify({ format: parsed["format"] }),
      "a foreign path": JSON.stringify({ ...parsed, reads: ["/foreign"], writes: ["/foreign"] }),
      "a Seatbelt deny-default document": "(version 1)\n(deny default)\n",
      "the Seatbelt rendering of the same rules": renderProtectSeatbelt({
        writes: parsed["writes"] ?? [],
        reads: parsed["reads"] ?? [],
        workPaths: parsed["workPaths"] ?? [],
        ancestors: parsed["ancestors"] ?? [],
      }),
    };
    for (const [what, pin] of Object.entries(substitutes)) {
      setEnv({ ...full, [CHILD_PROFILE_ENV]: pin });
      assert.throws(() => protectedChildPrefix(), pinError, what);
      assert.throws(() => enforceProtectedStorePath(join(project, "main.rs")), pinError, what);
    }
  });

  test("removing the pin while the authority is set refuses even an ordinary project file", () => {
    setEnv({ ...full, [CHILD_PROFILE_ENV]: undefined });
    assertBothFail();
  });

  test("a digest that does not match the manifest is an error", () => {
    setEnv({ ...full, [PROTECTED_DIGEST_ENV]: "sha256:0000" });
    assertBothFail();
  });

  test("a layout change after the pin (a work member redirected) is an error", () => {
    setEnv(full);
    const second = join(base, "second-store");
    mkdirSync(second);
    rmSync(join(store, "build-cache"), { recursive: true });
    symlinkSync(second, join(store, "build-cache"));
    try {
      assert.throws(() => protectedChildPrefix(), ProtectedStoreError);
      assert.throws(() => enforceProtectedStorePath(join(project, "main.rs")), ProtectedStoreError);
    } finally {
      rmSync(join(store, "build-cache"));
      mkdirSync(join(store, "build-cache"));
    }
  });
});
