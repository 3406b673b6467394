// The protected store's Seatbelt profile, byte for byte (spec §3.6), and macOS validate() through a
// fake sandbox-exec that records its argv, standard input and environment. Seatbelt cannot run
// on this host: these are the tests that cover it.
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ProtectedStoreError } from "../../src/protect/errors.js";
import { composeSeatbelt, renderProtectSeatbelt } from "../../src/protect/render-seatbelt.js";
import type { ProtectRuleSet } from "../../src/protect/rules.js";
import { validate } from "../../src/protect/validate.js";
import { assertGolden } from "./golden.js";

const CHILD: ProtectRuleSet = {
  writes: ["/synthetic/home/.cache/tool", "/synthetic/home/.local/share/tool"],
  reads: ["/synthetic/home/.cache/tool", "/synthetic/home/.local/share/tool"],
  workPaths: ["/synthetic/home/.local/share/tool/build-cache"],
  ancestors: [
    "/",
    "/synthetic",
    "/synthetic/home",
    "/synthetic/home/.cache",
    "/synthetic/home/.local",
    "/synthetic/home/.local/share",
    "/synthetic/home/.local/share/tool/build-cache",
  ],
};

const CONTROL: ProtectRuleSet = {
  writes: ['/synthetic/project/a"b\\c', "/synthetic/project/.tool/policy.toml", "/synthetic/token"],
  reads: ["/synthetic/token"],
  workPaths: [],
  ancestors: ["/", "/synthetic", "/synthetic/project", "/synthetic/project/.tool"],
};

describe("protected-store Seatbelt rendering", () => {
  test("the child profile matches protect-child.sb", () => {
    assertGolden("protect-child.sb", renderProtectSeatbelt(CHILD));
  });

  test("the control profile matches protect-control.sb, with quotes and backslashes escaped", () => {
    const profile = renderProtectSeatbelt(CONTROL);
    assert.ok(profile.includes('(subpath "/synthetic/project/a\\"b\\\\c")'));
    assertGolden("protect-control.sb", profile);
  });

  test("the combined child profile keeps the control denials last", () => {
    const combined = composeSeatbelt(renderProtectSeatbelt(CHILD), renderProtectSeatbelt(CONTROL));
    assertGolden("protect-combined.sb", combined);
    const lastAllow = combined.lastIndexOf("(allow file-read* file-write*");
    assert.ok(combined.lastIndexOf('(deny file-write* (subpath "/synthetic/token"))') > lastAllow);
  });

  test("a control profile holding an allow, or leading whitespace, cannot be composed", () => {
    const child = renderProtectSeatbelt(CHILD);
    const control = renderProtectSeatbelt(CONTROL);
    for (const bad of [
      `${control}(allow file-write* (subpath "/"))\n`,
      control.replace("(deny mach-task-read)", " (deny mach-task-read)"),
    ])
      assert.throws(() => composeSeatbelt(child, bad), ProtectedStoreError);
  });
});

describe("validate on macOS runs sandbox-exec -p PROFILE /usr/bin/true with an empty environment", () => {
  const platform = { os: "darwin", name: "darwin", arch: "arm64" } as const;

  function fakeSandboxExec(status: number): { path: string; record: string; cleanup: () => void } {
    const dir = mkdtempSync(join(tmpdir(), "cellguard-fake-sandbox-exec-"));
    const record = join(dir, "record.json");
    const path = join(dir, "sandbox-exec");
    writeFileSync(
      path,
      `#!${process.execPath}\nconst fs=require("fs");let input="";try{input=fs.readFileSync(0,"utf8")}catch{}\nfs.writeFileSync(${JSON.stringify(record)},JSON.stringify({argv:process.argv.slice(2),env:process.env,input}));process.exit(${status});\n`,
    );
    chmodSync(path, 0o755);
    return { path, record, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  }

  test("an accepted profile validates; argv, stdin and environment are as specified", async () => {
    const fake = fakeSandboxExec(0);
    try {
      const seatbelt = renderProtectSeatbelt(CONTROL);
      await validate({ rules: CONTROL, seatbelt }, { platform, sandboxExecForTesting: fake.path });
      const seen = JSON.parse(readFileSync(fake.record, "utf8")) as {
        argv: string[];
        env: Record<string, string>;
        input: string;
      };
      assert.deepEqual(seen.argv, ["-p", seatbelt, "/usr/bin/true"]);
      assert.equal(seen.input, "");
      // Only what the kernel itself adds on exec (none on Linux); nothing from the caller.
      assert.deepEqual(
        Object.keys(seen.env).filter((k) => k !== "PWD" && k !== "SHLVL" && k !== "_"),
        [],
      );
    } finally {
      fake.cleanup();
    }
  });

  test("a refused profile is an error, never a fallback", async () => {
    const fake = fakeSandboxExec(65);
    try {
      await assert.rejects(
        validate(
          { rules: CONTROL, seatbelt: "(version 1)\n(garbage" },
          { platform, sandboxExecForTesting: fake.path },
        ),
        (error: unknown) => error instanceof ProtectedStoreError && /refused/.test(error.message),
      );
    } finally {
      fake.cleanup();
    }
  });

  test("a missing sandbox-exec is an error", async () => {
    await assert.rejects(
      validate(
        { rules: CONTROL, seatbelt: "x" },
        { platform, sandboxExecForTesting: "/nonexistent/sandbox-exec" },
      ),
      (error: unknown) => error instanceof ProtectedStoreError && /unavailable/.test(error.message),
    );
  });
});
