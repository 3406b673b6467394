// bubblewrap argv for a team policy (§7.6 steps 8, 10, 13): golden files, and the order the
// isolation rests on: the protected roots' tmpfs before the workspace bind, the exceptions bound
// back read-only, the roots remounted read-only after every bind, the masks last.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { renderBwrapArgv, type BwrapRenderOptions } from "../../src/render/bwrap.js";
import { teamPinnedPaths } from "../../src/render/bwrap-team.js";
import { assertGolden } from "./golden.js";
import { KERNEL_BWRAP_ARITY, parseBwrapArgv, type Op } from "./bwrap-argv.js";

const BWRAP = "/usr/bin/bwrap";
const DATA = "/srv/cellguard";
const USERS = "/srv/team-users";
const WORKSPACE = `${USERS}/alice/ws`;
const TEMP = `${USERS}/kernel-temp/cellguard-kernel-abc123`;
const INPUT = `${DATA}/datasets/genomes`;
const SKILL = `${USERS}/alice/skills/current`;
const SIBLING = `${USERS}/bob`;

function teamPolicy(overrides: Partial<SandboxPolicy> = {}): SandboxPolicy {
  return {
    workspace: WORKSPACE,
    tempDir: TEMP,
    allowRawNetwork: false,
    denyRead: [{ kind: "subpath", path: "/home/u/.ssh" }],
    readMasks: [
      { path: "/home/u/.ssh", type: "directory" },
      { path: `${WORKSPACE}/.env`, type: "file" },
    ],
    dropCapabilities: false,
    readIsolation: {
      roots: [DATA, USERS, "/tmp"],
      allowedRoots: [INPUT, SKILL, TEMP],
    },
    ...overrides,
  };
}

function options(): BwrapRenderOptions {
  return {
    executable: BWRAP,
    command: ["/usr/bin/python3", "-I"],
    seccompFd: 3,
    newSession: false,
  };
}

const render = (p: SandboxPolicy = teamPolicy()): { argv: string[]; ops: Op[] } => {
  const argv = renderBwrapArgv(p, options());
  return { argv, ops: parseBwrapArgv(argv, BWRAP, KERNEL_BWRAP_ARITY).ops };
};

const at = (ops: readonly Op[], op: string, first: string): number =>
  ops.findIndex((o) => o.op === op && o.args[0] === first);

/** A bind onto `dest`, by path or by pinned descriptor. */
const bindOnto = (ops: readonly Op[], op: string, dest: string): number =>
  ops.findIndex((o) => o.op === op && o.args[1] === dest);

const json = (argv: readonly string[]): string => `${JSON.stringify(argv, null, 2)}\n`;

describe("bubblewrap team argv golden files", () => {
  test("one protected root with one input exception", () => {
    const argv = renderBwrapArgv(
      teamPolicy({ readIsolation: { roots: [USERS, "/tmp"], allowedRoots: [SKILL, TEMP] } }),
      options(),
    );
    assertGolden("bwrap-team.argv.json", json(argv));
  });

  test("two protected roots (data and users), a rebuilt home and root's capability drop", () => {
    const argv = renderBwrapArgv(
      teamPolicy({
        dropCapabilities: true,
        hiddenDirectories: [{ path: "/home/u", keep: [{ name: "projects", kind: "bind" }] }],
      }),
      options(),
    );
    assertGolden("bwrap-team-multi-root.argv.json", json(argv));
  });
});

describe("bubblewrap team argv order", () => {
  test("each root: --tmpfs before the workspace bind, --remount-ro after the temp bind", () => {
    const { ops } = render();
    const wsBind = bindOnto(ops, "--bind-fd", WORKSPACE);
    const tempBind = at(ops, "--bind", TEMP);
    for (const root of [DATA, USERS, "/tmp"]) {
      const tmpfs = at(ops, "--tmpfs", root);
      const remount = at(ops, "--remount-ro", root);
      assert.ok(tmpfs >= 0 && tmpfs < wsBind, `--tmpfs ${root} before the workspace bind`);
      assert.ok(remount > tempBind, `--remount-ro ${root} after the temp bind`);
    }
  });

  test("a rebuilt home comes before the team tmpfs, so it cannot bind a root back over it", () => {
    const { ops } = render(
      teamPolicy({
        hiddenDirectories: [{ path: "/srv", keep: [{ name: "team-users", kind: "bind" }] }],
      }),
    );
    assert.ok(at(ops, "--ro-bind-try", USERS) < at(ops, "--tmpfs", USERS));
  });

  test("only the exact exceptions are bound read-only, the private temp read-write, siblings never", () => {
    const { argv, ops } = render();
    const roBinds = ops.filter((o) => o.op === "--ro-bind" && o.args[0] !== "/").map((o) => o.args);
    assert.deepEqual(
      roBinds.filter((a) => a[0] !== "/dev/null"),
      [],
      "no exception is bound by path",
    );
    // Bound by the descriptors pinned on the host, in teamPinnedPaths order from descriptor 10.
    assert.deepEqual(
      ops.filter((o) => o.op === "--ro-bind-fd").map((o) => o.args),
      [
        ["11", INPUT],
        ["12", SKILL],
      ],
    );
    assert.deepEqual(
      ops.filter((o) => o.op === "--bind-fd").map((o) => o.args),
      [["10", WORKSPACE]],
    );
    assert.deepEqual(
      ops.filter((o) => o.op === "--bind").map((o) => o.args[0]),
      [TEMP],
    );
    for (const arg of argv)
      assert.ok(!arg.startsWith(SIBLING), `the sibling is never named: ${arg}`);
    const exceptionBinds = ops.filter((o) => o.op === "--ro-bind-fd");
    for (const bind of exceptionBinds) {
      assert.ok(ops.indexOf(bind) > bindOnto(ops, "--bind-fd", WORKSPACE));
      assert.ok(ops.indexOf(bind) < at(ops, "--bind", TEMP));
    }
  });

  test("a team workspace and its exceptions are bound by pinned descriptor, never by a path a Cell could swap", () => {
    const { ops } = render();
    assert.equal(at(ops, "--bind", WORKSPACE), -1);
    assert.equal(at(ops, "--ro-bind", INPUT), -1);
    assert.equal(at(ops, "--ro-bind", SKILL), -1);
    assert.deepEqual(teamPinnedPaths(teamPolicy()), [WORKSPACE, INPUT, SKILL]);
  });

  test("masks come after the team remounts, so a deny still wins inside the workspace", () => {
    const { ops } = render();
    const lastRemount = ops.map((o) => o.op).lastIndexOf("--remount-ro");
    const mask = ops.findIndex((o) => o.op === "--ro-bind" && o.args[1] === `${WORKSPACE}/.env`);
    assert.ok(mask > lastRemount);
  });

  test("a single-user policy renders no team step", () => {
    const single = teamPolicy();
    const { readIsolation: _dropped, ...rest } = single;
    void _dropped;
    const { ops } = render(rest);
    assert.equal(at(ops, "--tmpfs", USERS), -1);
    assert.equal(at(ops, "--remount-ro", USERS), -1);
    assert.equal(at(ops, "--ro-bind", INPUT), -1);
    assert.ok(at(ops, "--bind", WORKSPACE) >= 0, "a single-user workspace is bound by path");
    assert.equal(
      ops.findIndex((o) => o.op === "--bind-fd"),
      -1,
    );
  });
});
