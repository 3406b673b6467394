// The composed child template of a protected session whose children run in the kernel sandbox
// (pure: a synthetic policy and mount plan), byte for byte, and the composition's order rules:
// a host bind of an ancestor outside the workspace never comes after the kernel sandbox's
// rebuilt home (bubblewrap resolves bind sources on the host, so it would bring the home back);
// mounts inside the workspace come right after the workspace bind, before the kernel sandbox's
// read-only paths and masks; the store masks come last.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { renderKernelComposition } from "../../src/protect/kernel-composition.js";
import { renderKernelTemplate } from "../../src/protect/kernel-template.js";
import type { LinuxMountPlan } from "../../src/protect/linux-plan.js";
import { assertGolden } from "./golden.js";

const policy: SandboxPolicy = {
  workspace: "/home/u/projects/ws",
  tempDir: "/tmp/cellguard-kernel-AbC123",
  allowRawNetwork: false,
  denyRead: [{ kind: "subpath", path: "/home/u/.ssh" }],
  readMasks: [
    { path: "/home/u/projects/ws/.env", type: "file" },
    { path: "/srv/cellguard-data", type: "directory" },
  ],
  hiddenDirectories: [
    {
      path: "/home/u",
      keep: [
        { name: ".local", kind: "bind" },
        { name: "projects", kind: "bind" },
      ],
    },
  ],
  readOnlyPaths: ["/home/u/projects/ws/node_modules/cellguard"],
  dropCapabilities: true,
};

// As planLinuxMounts would give it for a package installed under the workspace and two stores.
const plan: LinuxMountPlan = {
  writableRoots: ["/home", "/srv", "/tmp"],
  ops: [
    { op: "self-bind", path: "/home/u" },
    { op: "self-bind", path: "/home/u/projects/ws" },
    { op: "self-bind", path: "/home/u/projects/ws/node_modules" },
    { op: "mask-dir", path: "/home/u/.local/share/cellguard", keep: [] },
    { op: "mask-dir", path: "/home/u/.cache/cellguard", keep: [] },
    { op: "ro-bind", path: "/home/u/projects/ws/node_modules/cellguard/build" },
    { op: "mask-dir", path: "/srv/cellguard-data/store", keep: [] },
    { op: "ro-bind", path: "/usr/bin/node" },
  ],
};

const view = {
  workspace: policy.workspace,
  tempDir: policy.tempDir,
  maskedDirectories: ["/srv/cellguard-data"],
  hiddenDirectories: policy.hiddenDirectories ?? [],
};

const composition = renderKernelComposition(plan, view, { deniedFile: "/tmp/session/denied" });
const template = renderKernelTemplate(policy, { bwrap: "/usr/bin/bwrap", composition });

describe("composed child template (kernel sandbox + session rules)", () => {
  test("golden: protect-kernel-template.argv.json", () => {
    assertGolden("protect-kernel-template.argv.json", `${JSON.stringify(template, null, 2)}\n`);
  });

  test("no host bind outside the workspace is composed in: the rebuilt home and read-only host stay as the kernel sandbox made them", () => {
    const joined = template.join("\0");
    for (const option of ["--bind", "--ro-bind"])
      assert.ok(!joined.includes(`${option}\0/home/u\0/home/u\0`), `${option} /home/u`);
    assert.ok(!template.includes("/usr/bin/node"), "a control path on the read-only host");
  });

  test("mounts inside the workspace follow the workspace bind and precede the kernel sandbox's read-only paths and masks", () => {
    const at = (...seq: string[]): number =>
      template.findIndex((_, i) => seq.every((s, j) => template[i + j] === s));
    const workspace = at("--bind", policy.workspace, policy.workspace);
    const pinned = at(
      "--bind",
      "/home/u/projects/ws/node_modules",
      "/home/u/projects/ws/node_modules",
    );
    const build = at("--ro-bind", "/home/u/projects/ws/node_modules/cellguard/build");
    const pkg = at("--ro-bind", "/home/u/projects/ws/node_modules/cellguard");
    const envMask = at("--ro-bind", "/dev/null", "/home/u/projects/ws/.env");
    assert.ok(
      workspace >= 0 && workspace < pinned && pinned < build && build < pkg && pkg < envMask,
    );
    assert.equal(at("--bind", policy.workspace, policy.workspace, "--bind", policy.workspace), -1);
  });

  test("store masks come last; a store the kernel sandbox masks or leaves out of the rebuilt home gets none", () => {
    const mask = template.indexOf("/home/u/.local/share/cellguard");
    assert.ok(mask > template.indexOf("/home/u/projects/ws/.env"));
    assert.ok(!template.includes("/home/u/.cache/cellguard"), "left out of the rebuilt home");
    assert.ok(!template.includes("/srv/cellguard-data/store"), "inside the kernel's own mask");
    assert.deepEqual(template.slice(-1), ["--clearenv"]);
  });

  test("a session path inside the private temp cannot be composed", () => {
    assert.throws(
      () =>
        renderKernelComposition(
          { writableRoots: ["/tmp"], ops: [{ op: "ro-bind", path: `${policy.tempDir}/x` }] },
          view,
          { deniedFile: "/d" },
        ),
      /lies in the kernel sandbox's private temp/,
    );
  });
});
