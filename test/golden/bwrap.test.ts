// bubblewrap argv: golden files for the single-user policy, plus the invariants the boundary rests
// on (what is writable, which namespaces are unshared, where the masks go). Pure renderer: fixed
// fake paths, runs on every OS.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { ReadMask, SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { minimalMasks, renderBwrapArgv, type BwrapRenderOptions } from "../../src/render/bwrap.js";
import { assertGolden } from "./golden.js";
import { KERNEL_BWRAP_ARITY, parseBwrapArgv, type Op } from "./bwrap-argv.js";

const WORKSPACE = "/home/u/ws";
const TEMP = "/tmp/cellguard-kernel-abc123";
const BWRAP = "/usr/bin/bwrap";
const COMMAND = ["/usr/bin/python3", "-I", "-c", "print('hi')"];

const MASKS: readonly ReadMask[] = [
  { path: "/home/u/.ssh", type: "directory" },
  { path: "/home/u/.netrc", type: "file" },
  // A mask inside the workspace: it must still win over the workspace bind.
  { path: "/home/u/ws/.env", type: "file" },
];

function policy(overrides: Partial<SandboxPolicy> = {}): SandboxPolicy {
  return {
    workspace: WORKSPACE,
    tempDir: TEMP,
    allowRawNetwork: false,
    denyRead: [
      { kind: "subpath", path: "/home/u/.ssh" },
      { kind: "literal", path: "/home/u/.netrc" },
      { kind: "literal", path: "/home/u/ws/.env" },
    ],
    readMasks: MASKS,
    dropCapabilities: false,
    ...overrides,
  };
}

function options(overrides: Partial<BwrapRenderOptions> = {}): BwrapRenderOptions {
  return { executable: BWRAP, command: COMMAND, seccompFd: 3, newSession: false, ...overrides };
}

function parseArgv(argv: readonly string[]): { ops: Op[]; command: string[] } {
  return parseBwrapArgv(argv, BWRAP, KERNEL_BWRAP_ARITY);
}

function indexOfOp(ops: readonly Op[], op: string, args?: readonly string[]): number {
  return ops.findIndex(
    (o) => o.op === op && (args === undefined || JSON.stringify(o.args) === JSON.stringify(args)),
  );
}

function lastIndexOfOp(ops: readonly Op[], op: string): number {
  return ops.map((o) => o.op).lastIndexOf(op);
}

function count(argv: readonly string[], token: string): number {
  return argv.filter((a) => a === token).length;
}

const json = (argv: readonly string[]): string => `${JSON.stringify(argv, null, 2)}\n`;

const ALL_COMBINATIONS: readonly { allowRawNetwork: boolean; dropCapabilities: boolean }[] = [
  { allowRawNetwork: false, dropCapabilities: false },
  { allowRawNetwork: true, dropCapabilities: false },
  { allowRawNetwork: false, dropCapabilities: true },
  { allowRawNetwork: true, dropCapabilities: true },
];

describe("bubblewrap argv golden files", () => {
  test("single-user policy, raw network blocked, capabilities kept", () => {
    assertGolden("bwrap-single-user.argv.json", json(renderBwrapArgv(policy(), options())));
  });

  test("single-user policy, raw network allowed", () => {
    const argv = renderBwrapArgv(policy({ allowRawNetwork: true }), options());
    assertGolden("bwrap-single-user-raw-network.argv.json", json(argv));
  });

  test("single-user policy started by root: capabilities dropped", () => {
    const argv = renderBwrapArgv(policy({ dropCapabilities: true }), options());
    assertGolden("bwrap-single-user-cap-drop.argv.json", json(argv));
  });

  test("single-user policy started by root with raw network allowed", () => {
    const argv = renderBwrapArgv(
      policy({ dropCapabilities: true, allowRawNetwork: true }),
      options(),
    );
    assertGolden("bwrap-single-user-raw-network-cap-drop.argv.json", json(argv));
  });

  test("standalone wrapper (bubblewrap's own --new-session) with an info fd", () => {
    const argv = renderBwrapArgv(policy(), options({ newSession: true, infoFd: 4 }));
    assertGolden("bwrap-standalone-info-fd.argv.json", json(argv));
  });
});

describe("bubblewrap argv invariants", () => {
  for (const combo of ALL_COMBINATIONS) {
    const label = `raw network ${combo.allowRawNetwork ? "allowed" : "blocked"}, caps ${combo.dropCapabilities ? "dropped" : "kept"}`;
    const render = (): { argv: string[]; ops: Op[]; command: string[] } => {
      const argv = renderBwrapArgv(policy(combo), options());
      return { argv, ...parseArgv(argv) };
    };

    test(`only the workspace and private temp are writable binds (${label})`, () => {
      // parseBwrapArgv already refuses any option outside KERNEL_BWRAP_ARITY (--dev-bind, --bind-try, …).
      const { ops } = render();
      const binds = ops.filter((o) => o.op === "--bind").map((o) => o.args);
      assert.deepEqual(binds, [
        [WORKSPACE, WORKSPACE],
        [TEMP, TEMP],
      ]);
      const tmpfs = ops.filter((o) => o.op === "--tmpfs").map((o) => o.args[0]);
      for (const root of ["/", WORKSPACE, TEMP])
        assert.ok(!tmpfs.includes(root), `no tmpfs on ${root}`);
    });

    test(`the root file system is bound read-only (${label})`, () => {
      const { ops } = render();
      assert.ok(indexOfOp(ops, "--ro-bind", ["/", "/"]) >= 0, "--ro-bind / / present");
      assert.equal(indexOfOp(ops, "--bind", ["/", "/"]), -1, "no writable bind of /");
    });

    test(`raw network is unshared unless allowed (${label})`, () => {
      const { argv } = render();
      assert.equal(count(argv, "--unshare-net"), combo.allowRawNetwork ? 0 : 1);
    });

    test(`a private PID namespace, always (${label})`, () => {
      const { argv } = render();
      assert.equal(count(argv, "--unshare-pid"), 1);
      assert.equal(count(argv, "--unshare-ipc"), 1);
      assert.equal(count(argv, "--unshare-uts"), 1);
    });

    test(`the seccomp program is loaded from fd 3, always (${label})`, () => {
      const { ops } = render();
      assert.deepEqual(
        ops.filter((o) => o.op === "--seccomp"),
        [{ op: "--seccomp", args: ["3"] }],
      );
    });

    test(`--cap-drop ALL appears exactly when capabilities are dropped (${label})`, () => {
      const { ops } = render();
      const capDrops = ops.filter((o) => o.op === "--cap-drop");
      assert.deepEqual(
        capDrops,
        combo.dropCapabilities ? [{ op: "--cap-drop", args: ["ALL"] }] : [],
      );
    });

    test(`/proc is remounted read-only after it is mounted (${label})`, () => {
      const { ops } = render();
      const proc = indexOfOp(ops, "--proc", ["/proc"]);
      const remount = indexOfOp(ops, "--remount-ro", ["/proc"]);
      assert.ok(proc >= 0, "--proc /proc present");
      assert.ok(remount > proc, "--remount-ro /proc comes after --proc /proc");
      assert.ok(indexOfOp(ops, "--ro-bind", ["/", "/"]) < proc, "/ is bound before /proc");
    });

    test(`every mask comes after the last --bind and before --chdir (${label})`, () => {
      const { ops } = render();
      const lastBind = lastIndexOfOp(ops, "--bind");
      const chdir = indexOfOp(ops, "--chdir");
      assert.deepEqual(ops[chdir], { op: "--chdir", args: [WORKSPACE] });
      assert.equal(chdir, ops.length - 1, "--chdir is the last option");
      const maskOps = ops.filter(
        (o) => o.op === "--tmpfs" || (o.op === "--ro-bind" && o.args[0] === "/dev/null"),
      );
      assert.deepEqual(maskOps, [
        { op: "--tmpfs", args: ["/home/u/.ssh"] },
        { op: "--ro-bind", args: ["/dev/null", "/home/u/.netrc"] },
        { op: "--ro-bind", args: ["/dev/null", "/home/u/ws/.env"] },
      ]);
      for (const mask of maskOps) {
        const at = ops.indexOf(mask);
        assert.ok(at > lastBind && at < chdir, `${mask.op} ${mask.args.join(" ")} is placed last`);
      }
    });

    test(`the command follows -- verbatim (${label})`, () => {
      const { argv, command } = render();
      assert.deepEqual(command, COMMAND);
      assert.deepEqual(argv.slice(-COMMAND.length - 1), ["--", ...COMMAND]);
    });

    test(`--new-session is left to the runtime's own new session (${label})`, () => {
      const { argv } = render();
      assert.equal(count(argv, "--new-session"), 0);
    });
  }

  test("allowing raw network removes --unshare-net and nothing else", () => {
    for (const dropCapabilities of [false, true]) {
      const blocked = renderBwrapArgv(policy({ dropCapabilities }), options());
      const raw = renderBwrapArgv(policy({ dropCapabilities, allowRawNetwork: true }), options());
      assert.deepEqual(
        raw,
        blocked.filter((a) => a !== "--unshare-net"),
      );
      assert.equal(blocked.length - raw.length, 1);
    }
  });

  test("dropping capabilities adds --cap-drop ALL and nothing else", () => {
    const kept = renderBwrapArgv(policy(), options());
    const dropped = renderBwrapArgv(policy({ dropCapabilities: true }), options());
    const at = dropped.indexOf("--cap-drop");
    assert.deepEqual([...dropped.slice(0, at), ...dropped.slice(at + 2)], kept);
    assert.equal(dropped[at + 1], "ALL");
  });

  test("--new-session appears exactly when newSession is true", () => {
    const withSession = renderBwrapArgv(policy(), options({ newSession: true }));
    const without = renderBwrapArgv(policy(), options({ newSession: false }));
    assert.equal(count(withSession, "--new-session"), 1);
    assert.equal(count(without, "--new-session"), 0);
    assert.deepEqual(
      withSession.filter((a) => a !== "--new-session"),
      without,
    );
    assert.deepEqual(withSession.slice(0, 3), [BWRAP, "--die-with-parent", "--new-session"]);
  });

  test("--info-fd is emitted with its number when given, and only then", () => {
    const withInfo = parseArgv(renderBwrapArgv(policy(), options({ infoFd: 7 }))).ops;
    assert.deepEqual(
      withInfo.filter((o) => o.op === "--info-fd"),
      [{ op: "--info-fd", args: ["7"] }],
    );
    const without = parseArgv(renderBwrapArgv(policy(), options())).ops;
    assert.equal(indexOfOp(without, "--info-fd"), -1);
  });

  test("a command that looks like bubblewrap options stays after -- untouched", () => {
    const hostile = [
      "/bin/sh",
      "-c",
      "--bind / / ; echo $(id) `id` > /etc/x",
      "--",
      "--unshare-net",
      "--bind",
      "/",
      "/",
      "",
      "a b\nc",
    ];
    const argv = renderBwrapArgv(policy(), options({ command: hostile }));
    const { ops, command } = parseArgv(argv);
    assert.deepEqual(command, hostile);
    assert.deepEqual(
      ops.filter((o) => o.op === "--bind").map((o) => o.args[0]),
      [WORKSPACE, TEMP],
    );
  });

  test("a workspace path with spaces and shell metacharacters is one argv element", () => {
    const workspace = "/home/u/my ws; rm -rf ~ $(id)";
    const argv = renderBwrapArgv(policy({ workspace, readMasks: [] }), options());
    const { ops } = parseArgv(argv);
    assert.deepEqual(ops[indexOfOp(ops, "--bind")], {
      op: "--bind",
      args: [workspace, workspace],
    });
    assert.deepEqual(ops.at(-1), { op: "--chdir", args: [workspace] });
  });

  test("masks inside a masked directory and duplicate masks are dropped", () => {
    const masks: ReadMask[] = [
      { path: "/home/u/.aws/credentials", type: "file" }, // inside a directory listed later
      { path: "/home/u/.aws", type: "directory" },
      { path: "/home/u/.aws/sso/cache", type: "directory" }, // nested directory
      { path: "/home/u/.netrc", type: "file" },
      { path: "/home/u/.netrc", type: "file" }, // duplicate
      { path: "/home/u/.aws", type: "directory" }, // duplicate directory
      { path: "/home/u/.aws-backup", type: "file" }, // shares a prefix, is NOT inside .aws
    ];
    assert.deepEqual(minimalMasks(masks), [
      { path: "/home/u/.aws", type: "directory" },
      { path: "/home/u/.netrc", type: "file" },
      { path: "/home/u/.aws-backup", type: "file" },
    ]);
    const { ops } = parseArgv(renderBwrapArgv(policy({ readMasks: masks }), options()));
    const maskOps = ops.filter(
      (o) => o.op === "--tmpfs" || (o.op === "--ro-bind" && o.args[0] === "/dev/null"),
    );
    assert.deepEqual(maskOps, [
      { op: "--tmpfs", args: ["/home/u/.aws"] },
      { op: "--ro-bind", args: ["/dev/null", "/home/u/.netrc"] },
      { op: "--ro-bind", args: ["/dev/null", "/home/u/.aws-backup"] },
    ]);
  });

  test("a file gets --ro-bind /dev/null and a directory gets --tmpfs", () => {
    const { ops } = parseArgv(
      renderBwrapArgv(
        policy({
          readMasks: [
            { path: "/srv/secret.db", type: "file" },
            { path: "/srv/tokens", type: "directory" },
          ],
        }),
        options(),
      ),
    );
    assert.ok(indexOfOp(ops, "--ro-bind", ["/dev/null", "/srv/secret.db"]) >= 0);
    assert.ok(indexOfOp(ops, "--tmpfs", ["/srv/tokens"]) >= 0);
    assert.equal(indexOfOp(ops, "--tmpfs", ["/srv/secret.db"]), -1);
  });

  test("no masks: nothing between the temp bind and --chdir", () => {
    const { ops } = parseArgv(renderBwrapArgv(policy({ readMasks: [] }), options()));
    assert.deepEqual(ops.slice(-3), [
      { op: "--bind", args: [WORKSPACE, WORKSPACE] },
      { op: "--bind", args: [TEMP, TEMP] },
      { op: "--chdir", args: [WORKSPACE] },
    ]);
  });

  test("an empty command is refused with TypeError", () => {
    assert.throws(() => renderBwrapArgv(policy(), options({ command: [] })), TypeError);
  });

  for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    test(`a seccomp or info fd of ${bad} is refused with RangeError`, () => {
      assert.throws(
        () => renderBwrapArgv(policy(), options({ seccompFd: bad })),
        (error: unknown) =>
          error instanceof RangeError && error.message.includes("seccompFd must be"),
      );
      assert.throws(
        () => renderBwrapArgv(policy(), options({ infoFd: bad })),
        (error: unknown) => error instanceof RangeError && error.message.includes("infoFd must be"),
      );
    });
  }
});
