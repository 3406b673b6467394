// The Linux form of the protected rules, rendered from a synthetic mount plan (pure: no host
// facts), byte for byte. Order is the contract: parents before children, a rebuilt or masked
// directory's entries bound back before it is remounted read-only, deeper binds after.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { renderProtectedBwrapArgs } from "../../src/protect/linux-command.js";
import { renderMountArgs, type LinuxMountPlan } from "../../src/protect/linux-plan.js";
import { assertGolden } from "./golden.js";

const PLAN: LinuxMountPlan = {
  writableRoots: ["/synthetic"],
  ops: [
    { op: "self-bind", path: "/synthetic" },
    {
      op: "rebuild",
      path: "/synthetic/project",
      mode: 0o755,
      entries: [
        { name: "link", kind: "symlink", target: "../elsewhere" },
        { name: "src", kind: "bind" },
      ],
    },
    { op: "ro-bind", path: "/synthetic/control" },
    { op: "mask-dir", path: "/synthetic/store", keep: ["build-cache"] },
    { op: "mask-file", path: "/synthetic/token" },
    { op: "self-bind", path: "/synthetic/control/sub" },
  ],
};

describe("protected-store bubblewrap rendering", () => {
  test("the composed command matches protect-bwrap.argv.json", () => {
    const args = renderProtectedBwrapArgs(PLAN, {
      deniedFile: "/synthetic/session/denied",
      cwd: "/synthetic/project",
      env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" },
      command: ["/bin/true"],
    });
    assertGolden("protect-bwrap.argv.json", `${JSON.stringify(args, null, 2)}\n`);
  });

  test("a bind back below a read-only bind stays read-only", () => {
    const args = renderMountArgs(PLAN, { deniedFile: "/d" });
    const at = args.indexOf("/synthetic/control/sub");
    assert.equal(args[at - 1], "--ro-bind");
    // ...while a rebuilt directory's own entries keep their writability.
    assert.equal(args[args.indexOf("/synthetic/project/src") - 1], "--bind");
  });

  test("the rendering is a pure function of the plan", () => {
    const one = renderMountArgs(PLAN, { deniedFile: "/d" });
    assert.deepEqual(renderMountArgs(PLAN, { deniedFile: "/d" }), one);
  });
});
