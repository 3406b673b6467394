// Team read isolation on real bubblewrap, through `cellguard exec --mode enforce` as a Cell runs:
// another member's file under the protected root cannot be read directly, through a symlink or a
// hardlink the Cell makes in its workspace; the allowed input is readable; a hardlink planted in
// the workspace before start refuses the launch before anything runs; listing the root names no
// sibling. The unprivileged re-run repeats all of this as an ordinary user.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import {
  createKernelSandbox,
  SandboxUnavailableError,
  type WrappedCommand,
} from "../../src/index.js";
import { closeLeakingDescriptors } from "../../src/platform/descriptors.js";
import { runWrapped } from "../../src/platform/launch.js";
import { runCli } from "../helpers/cli.js";
import { useFixture, type Fixture } from "../helpers/fixture-home.js";
import { isRoot, sandboxSkipReason, systemPython } from "../helpers/host.js";
import { attack } from "./harness.js";

const skip = sandboxSkipReason();

interface Team {
  readonly root: string;
  readonly workspace: string;
  readonly sibling: string;
  readonly input: string;
  readonly tools: string;
  readonly cliArgs: string[];
}

/** alice's workspace, bob's secret, a shared input folder and a folder for the attack scripts. */
function makeTeam(fx: Fixture): Team {
  const root = join(fx.root, "team");
  const workspace = join(root, "alice", "ws");
  const sibling = join(root, "bob", "notes.txt");
  const input = join(root, "shared", "inputs");
  const tools = join(root, "tools");
  for (const dir of [workspace, dirname(sibling), input, tools])
    mkdirSync(dir, { recursive: true });
  // World-readable on purpose: only the sandbox stands between the Cell and this file.
  writeFileSync(sibling, fx.canary, { mode: 0o644 });
  writeFileSync(join(input, "data.csv"), "x,y\n1,2\n", { mode: 0o644 });
  return {
    root,
    workspace,
    sibling,
    input,
    tools,
    cliArgs: ["--team-root", root, "--allowed-root", input, "--allowed-root", tools],
  };
}

const READ = `
def read_report(path):
    out = {"read": attempt(lambda: read_text(path))}
    try:
        out["text"] = read_text(path)
    except OSError:
        pass
    return out
`;

describe("escape: team read isolation (bubblewrap)", { skip }, () => {
  const fx = useFixture();

  const run = (team: Team, script: string, args: string[] = []) =>
    attack(fx, READ + script, {
      workspace: team.workspace,
      scriptDir: team.tools,
      cliArgs: team.cliArgs,
      args,
    });

  test("a sibling's file under the protected root cannot be read directly", async () => {
    const team = makeTeam(fx);
    // Control: the host itself can read it, so a failure inside is the sandbox's doing.
    assert.equal(readFileSync(team.sibling, "utf8"), fx.canary);
    const r = await run(
      team,
      `report(direct=read_report(sys.argv[1]), stat=attempt(lambda: os.stat(sys.argv[1])))`,
      [team.sibling],
    );
    assert.equal(r.code, 0, r.stderr);
    assert.notEqual((r.report["direct"] as { read: string }).read, "ok");
    assert.notEqual(r.report["stat"], "ok");
    assert.ok(!r.stdout.includes(fx.canary), "the sibling's secret leaked");
  });

  test("a symlink the Cell makes in its workspace does not reach the sibling's file", async () => {
    const team = makeTeam(fx);
    const r = await run(
      team,
      `made = attempt(lambda: os.symlink(sys.argv[1], "via-symlink"))
report(made=made, through=read_report("via-symlink"))`,
      [team.sibling],
    );
    assert.equal(r.report["made"], "ok", "creating the symlink itself is allowed");
    assert.notEqual((r.report["through"] as { read: string }).read, "ok");
    assert.ok(!r.stdout.includes(fx.canary), "the sibling's secret leaked through a symlink");
  });

  test("a hardlink the Cell tries to make in its workspace does not reach the sibling's file", async () => {
    const team = makeTeam(fx);
    const r = await run(
      team,
      `made = attempt(lambda: os.link(sys.argv[1], "via-hardlink"))
report(made=made, through=read_report("via-hardlink"))`,
      [team.sibling],
    );
    assert.notEqual(r.report["made"], "ok", "the sibling's inode is not even visible to link");
    assert.notEqual((r.report["through"] as { read: string }).read, "ok");
    assert.ok(!r.stdout.includes(fx.canary), "the sibling's secret leaked through a hardlink");
  });

  test("an allowed input root is readable, and read-only", async () => {
    const team = makeTeam(fx);
    const file = join(team.input, "data.csv");
    const r = await run(
      team,
      `report(input=read_report(sys.argv[1]), write=attempt(lambda: write_text(sys.argv[1])))`,
      [file],
    );
    assert.deepEqual(r.report["input"], { read: "ok", text: "x,y\n1,2\n" });
    assert.notEqual(r.report["write"], "ok");
    assert.equal(readFileSync(file, "utf8"), "x,y\n1,2\n");
  });

  test("a listing of the protected root shows only the path chains to the workspace and exceptions", async () => {
    const team = makeTeam(fx);
    const r = await run(
      team,
      `def ls(p):
    try:
        return sorted(os.listdir(p))
    except OSError as e:
        return errno.errorcode.get(e.errno)
report(root=ls(sys.argv[1]), alice=ls(sys.argv[2]), above=ls(sys.argv[3]), create=attempt(lambda: write_text(sys.argv[1] + "/planted")))`,
      [team.root, join(team.root, "alice"), fx.root],
    );
    // Host side: bob is there. Inside: only what leads to the workspace, the private temp
    // (kernel-temp) and the two allowed roots.
    assert.ok(readdirSync(team.root).includes("bob"));
    assert.deepEqual(r.report["root"], ["alice", "kernel-temp", "shared", "tools"]);
    assert.deepEqual(r.report["alice"], ["ws"]);
    // The fixture root sits in the system temp, which a team policy hides as well.
    assert.deepEqual(r.report["above"], ["team"]);
    assert.notEqual(r.report["create"], "ok", "nothing can be created beside the workspace");
    assert.equal(existsSync(join(team.root, "planted")), false);
  });

  test("a hardlink planted in the workspace before start refuses the launch before anything runs", async () => {
    const team = makeTeam(fx);
    linkSync(team.sibling, join(team.workspace, "innocent.txt"));
    const marker = join(team.workspace, "ran");
    const r = await runCli(
      [
        "exec",
        "--mode",
        "auto",
        "--workspace",
        team.workspace,
        ...team.cliArgs,
        "--",
        systemPython ?? "/usr/bin/python3",
        "-I",
        "-S",
        "-c",
        "import sys; open(sys.argv[1], 'w').write('ran'); print(open('innocent.txt').read())",
        marker,
      ],
      { env: fx.env, cwd: team.workspace },
    );
    assert.equal(r.code, 125, r.stderr);
    assert.match(r.stderr, /hardlinked outside the workspace: .*innocent\.txt/);
    assert.equal(existsSync(marker), false, "the command must not have run");
    assert.ok(!r.stdout.includes(fx.canary));
  });
  test("a symlink an earlier Cell left in its workspace cannot redirect a later Cell's workspace to a sibling", async () => {
    const team = makeTeam(fx);
    // Cell 1, in alice/ws, plants sub -> ../../bob, where a later Cell's workspace will be named.
    const planted = await run(team, `report(made=attempt(lambda: os.symlink("../../bob", "sub")))`);
    assert.equal(planted.report["made"], "ok", planted.stderr);
    // Cell 2: the host asks for alice/ws/sub; it must not get bob's folder.
    const marker = join(team.workspace, "ran");
    const r = await runCli(
      [
        "exec",
        "--mode",
        "enforce",
        "--workspace",
        join(team.workspace, "sub"),
        ...team.cliArgs,
        "--",
        "/bin/sh",
        "-c",
        ': > "$0"; cat notes.txt',
        marker,
      ],
      { env: fx.env, cwd: team.workspace },
    );
    assert.ok(!r.stdout.includes(fx.canary), "the sibling's secret leaked through the redirect");
    assert.equal(r.code, 125, r.stderr);
    assert.match(r.stderr, /goes through the symlink .*sub.* inside a protected root/);
    assert.equal(existsSync(marker), false, "the command must not have run");
  });
  test("a folder on the way to the workspace swapped for a symlink after the checks does not bind the sibling's folder", async () => {
    const team = makeTeam(fx);
    // alice's workspace is ws/a/b; bob has a b/ of his own. A Cell of alice's running in ws
    // (or anyone who writes ws) swaps a for a symlink to bob once the sandbox is created.
    const workspace = join(team.workspace, "a", "b");
    mkdirSync(workspace, { recursive: true });
    const bobs = join(team.root, "bob", "b");
    mkdirSync(bobs);
    writeFileSync(join(bobs, "notes.txt"), fx.canary, { mode: 0o644 });
    // As `cellguard exec` does: a descriptor this test process inherited would fail the
    // host_descriptors_closed check (it would reach the Cell).
    closeLeakingDescriptors();
    const sandbox = await createKernelSandbox({
      workspace,
      mode: "enforce",
      readIsolation: { roots: [team.root] },
      home: fx.home,
      env: fx.env,
    });
    try {
      const a = join(team.workspace, "a");
      renameSync(a, `${a}.real`);
      symlinkSync("../../bob", a);
      let wrapped: WrappedCommand;
      try {
        wrapped = sandbox.wrap(["/bin/cat", "notes.txt"]);
      } catch (error) {
        assert.ok(error instanceof SandboxUnavailableError, String(error));
        assert.match(error.message, /changed while the sandbox was set up/);
        return;
      }
      const r = await runWrapped(wrapped, {
        cwd: "/",
        env: sandbox.applyEnvironment({ PATH: "/usr/bin:/bin" }),
        timeoutMs: 20_000,
      });
      assert.ok(!r.stdout.includes(fx.canary), "the sibling's folder was bound as the workspace");
      assert.fail("the swapped path was wrapped");
    } finally {
      sandbox.close();
    }
  });
  test(
    "a sibling's folder mounted inside the workspace refuses the launch before anything runs",
    { skip: isRoot ? false : "only root can make the host mount; the unit test covers the rule" },
    async () => {
      const team = makeTeam(fx);
      const data = join(team.workspace, "data");
      mkdirSync(data);
      const mounted = spawnSync("/bin/mount", ["--bind", dirname(team.sibling), data]);
      assert.equal(mounted.status, 0, String(mounted.stderr));
      try {
        const marker = join(team.workspace, "ran");
        const r = await runCli(
          [
            "exec",
            "--mode",
            "enforce",
            "--workspace",
            team.workspace,
            ...team.cliArgs,
            "--",
            "/bin/sh",
            "-c",
            ': > "$0"; cat data/notes.txt',
            marker,
          ],
          { env: fx.env, cwd: team.workspace },
        );
        assert.ok(!r.stdout.includes(fx.canary), "the sibling's secret leaked through the mount");
        assert.equal(r.code, 125, r.stderr);
        assert.match(r.stderr, /is a mount inside the workspace/);
        assert.equal(existsSync(marker), false, "the command must not have run");
      } finally {
        spawnSync("/bin/umount", [data]);
      }
    },
  );
});

describe(
  "cellguard exec: bad team paths are configuration errors (exit 125, nothing run)",
  { skip },
  () => {
    const fx = useFixture();

    const exec = (team: Team, teamArgs: string[]) => {
      const marker = join(team.workspace, "ran");
      return runCli(
        [
          "exec",
          "--mode",
          "enforce",
          "--workspace",
          team.workspace,
          ...teamArgs,
          "--",
          "/bin/sh",
          "-c",
          `: > "$0"`,
          marker,
        ],
        { env: fx.env, cwd: team.workspace },
      ).then((r) => ({ ...r, ran: existsSync(marker) }));
    };

    test("a team root that does not contain the workspace", async () => {
      const team = makeTeam(fx);
      const elsewhere = join(fx.root, "elsewhere");
      mkdirSync(elsewhere);
      const r = await exec(team, ["--team-root", elsewhere]);
      assert.equal(r.code, 125);
      assert.match(r.stderr, /must be a strict child of a protected root/);
      assert.equal(r.ran, false);
      assert.equal(existsSync(join(elsewhere, "kernel-temp")), false, "nothing was created");
    });

    test("the workspace itself given as the team root", async () => {
      const team = makeTeam(fx);
      const r = await exec(team, ["--team-root", team.workspace]);
      assert.equal(r.code, 125);
      assert.match(r.stderr, /strict child/);
      assert.equal(r.ran, false);
    });

    test("an allowed root that contains the workspace", async () => {
      const team = makeTeam(fx);
      const r = await exec(team, [
        "--team-root",
        team.root,
        "--allowed-root",
        join(team.root, "alice"),
      ]);
      assert.equal(r.code, 125);
      assert.match(r.stderr, /allowed root .* contains the workspace/);
      assert.equal(r.ran, false);
      assert.equal(existsSync(join(team.root, "kernel-temp")), false, "nothing was created");
    });

    test("--allowed-root without --team-root", async () => {
      const team = makeTeam(fx);
      const r = await exec(team, ["--allowed-root", team.input]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /--allowed-root needs --team-root/);
      assert.equal(r.ran, false);
    });
  },
);
