// The protected store on the real kernel (spec §8 items 4, 5, 6 and 10), under real bubblewrap:
// each scenario runs one Python script inside the composed command and reports every attempt.
// Runs as root here and as an unprivileged user through unprivileged.test.ts.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runWrapped } from "../../src/platform/launch.js";
import { hostPlatform } from "../../src/platform/select.js";
import { protectedCommand } from "../../src/protect/linux-command.js";
import { controlProfile } from "../../src/protect/profiles.js";
import { composeRules, RuleAccumulator, type ProtectRuleSet } from "../../src/protect/rules.js";
import { validate } from "../../src/protect/validate.js";
import { bwrapPath, sandboxSkipReason, systemPython } from "../helpers/host.js";

const skip = sandboxSkipReason();
const python = systemPython ?? "/usr/bin/python3";

const PRELUDE = String.raw`
import errno, json, os, shutil, socket, subprocess, sys, time
results = {}
def attempt(name, fn):
    try:
        fn(); results[name] = "ok"
    except OSError as e:
        results[name] = errno.errorcode.get(e.errno, str(e.errno))
    except subprocess.CalledProcessError as e:
        results[name] = "exit %d" % e.returncode
def read(p):
    with open(p, "rb") as f: return f.read()
def write(p, text="planted"):
    with open(p, "w") as f: f.write(text)
def sh(cmd):
    subprocess.run(["/bin/sh", "-c", cmd], check=True, stderr=subprocess.DEVNULL)
`;

interface Session {
  readonly base: string;
  readonly deniedFile: string;
  readonly allowedDir: string;
}

function makeSession(): Session {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-protect-kernel-")));
  const launch = join(base, "launch");
  mkdirSync(launch, { mode: 0o700 });
  const deniedFile = join(launch, "denied");
  writeFileSync(deniedFile, "");
  chmodSync(deniedFile, 0o000);
  const allowedDir = join(base, "writable");
  mkdirSync(allowedDir);
  return { base, deniedFile, allowedDir };
}

/** Validates the rules (the probe), then runs the scenario script under them. */
async function runUnder(
  rules: ProtectRuleSet,
  cwd: string,
  script: string,
  args: readonly string[] = [],
): Promise<Record<string, string>> {
  await validate(
    { rules },
    {
      platform: hostPlatform(),
      bwrap: bwrapPath ?? "/usr/bin/bwrap",
      python,
      deniedFile: s.deniedFile,
      allowedDir: s.allowedDir,
    },
  );
  const wrapped = protectedCommand(rules, {
    bwrap: bwrapPath ?? "/usr/bin/bwrap",
    deniedFile: s.deniedFile,
    arch: process.arch,
    cwd,
    env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" },
    command: [
      python,
      "-I",
      "-S",
      "-c",
      `${PRELUDE}${script}\nprint("REPORT " + json.dumps(results))`,
      ...args,
    ],
  });
  const r = await runWrapped(wrapped, { cwd: "/", env: {}, timeoutMs: 60_000 });
  const line = r.stdout.split("\n").find((l) => l.startsWith("REPORT "));
  assert.ok(line !== undefined, `no report (exit ${String(r.exitCode)}): ${r.stderr}`);
  return JSON.parse(line.slice(7)) as Record<string, string>;
}

function assertAllFailed(results: Record<string, string>, names: readonly string[]): void {
  for (const name of names)
    assert.notEqual(results[name], "ok", `${name} succeeded: ${JSON.stringify(results)}`);
}

function assertAllOk(results: Record<string, string>, names: readonly string[]): void {
  for (const name of names)
    assert.equal(results[name], "ok", `${name} failed: ${JSON.stringify(results)}`);
}

let s: Session;

describe("protected store on the real kernel", { skip }, () => {
  before(() => {
    s = makeSession();
  });
  after(() => {
    rmSync(s.base, { recursive: true, force: true });
  });

  test("a missing control path cannot be created, planted through a symlink or swapped in with mv (§8.4)", async () => {
    const root = join(s.base, "item4");
    mkdirSync(join(root, "src"), { recursive: true });
    writeFileSync(join(root, "src", "main.rs"), "fn main() {}\n");
    const control = join(root, "future", "config.toml");
    const profile = controlProfile([{ path: control, denyRead: false }]);
    const results = await runUnder(
      profile.rules,
      root,
      String.raw`
elsewhere = sys.argv[1]
attempt("symlink_future", lambda: sh("mkdir outside; ln -s outside future"))
attempt("mv_swap_here", lambda: sh("ln -s outside swap && mv swap future"))
attempt("mv_swap_from_elsewhere", lambda: sh("ln -s /tmp %s/swap && mv %s/swap future" % (elsewhere, elsewhere)))
attempt("mkdir_future_and_write_control", lambda: sh("mkdir future; printf evil > future/config.toml"))
attempt("nested_shell_write", lambda: subprocess.run(["/bin/sh", "-c", "printf evil > future/config.toml"], check=True, stderr=subprocess.DEVNULL))
attempt("rename_project_away", lambda: os.rename(os.getcwd(), os.getcwd() + "-moved"))
attempt("project_edit", lambda: write("src/main.rs", "fn main() { edited(); }\n"))
attempt("project_read_back", lambda: read("src/main.rs") == b"fn main() { edited(); }\n" or (_ for _ in ()).throw(OSError(errno.EIO, "content")))
attempt("work_member_style_write", lambda: write(os.path.join(elsewhere, "state"), "state"))
`,
      [s.allowedDir],
    );
    assertAllFailed(results, [
      "symlink_future",
      "mv_swap_here",
      "mv_swap_from_elsewhere",
      "mkdir_future_and_write_control",
      "nested_shell_write",
      "rename_project_away",
    ]);
    assertAllOk(results, ["project_edit", "project_read_back", "work_member_style_write"]);
    assert.equal(
      existsSync(join(root, "future")),
      false,
      "nothing was planted at the missing parent",
    );
    assert.equal(existsSync(control), false);
    assert.equal(existsSync(join(root, "swap")), false);
    assert.equal(readFileSync(join(s.allowedDir, "state"), "utf8"), "state");
    // The host itself is not frozen: an outside writer still creates the directory.
    mkdirSync(join(root, "future"));
    writeFileSync(control, "operator");
    assert.equal(readFileSync(control, "utf8"), "operator");
  });

  test("an operator credential cannot be read, copied, hard-linked or overwritten, by alias or before it exists (§8.5)", async () => {
    const root = join(s.base, "item5");
    mkdirSync(root);
    const token = join(root, "dashboard.token");
    writeFileSync(token, "TOKEN-SECRET-5");
    chmodSync(token, 0o600);
    const alias = join(root, "alias.token");
    symlinkSync(token, alias);
    const future = join(root, "future", "dashboard.token");
    const go = join(s.allowedDir, "go5");
    const profile = controlProfile([
      { path: alias, denyRead: true },
      { path: future, denyRead: true },
    ]);
    const pending = runUnder(
      profile.rules,
      root,
      String.raw`
w, go = sys.argv[1], sys.argv[2]
attempt("cat_token", lambda: read("dashboard.token"))
attempt("cat_alias", lambda: read("alias.token"))
attempt("cp_token", lambda: shutil.copyfile("dashboard.token", os.path.join(w, "stolen")))
attempt("hardlink_token", lambda: os.link("dashboard.token", os.path.join(w, "linked")))
attempt("hardlink_token_here", lambda: os.link("dashboard.token", "linked-here"))
attempt("overwrite_token", lambda: write("dashboard.token", "replaced"))
attempt("replace_alias", lambda: sh("ln -sf /tmp alias.token"))
attempt("plant_future_token", lambda: sh("mkdir future && printf planted > future/dashboard.token"))
attempt("stats_write", lambda: write(os.path.join(w, "stats.json"), "{}"))
attempt("stats_read", lambda: read(os.path.join(w, "stats.json")))
open(os.path.join(w, "ready5"), "w").close()
while not os.path.exists(go): time.sleep(0.05)
attempt("cat_token_created_after_launch", lambda: read("future/dashboard.token"))
`,
      [s.allowedDir, go],
    );
    // While the sandbox runs, an outside writer creates the not-yet-existing credential.
    const deadline = Date.now() + 60_000;
    while (!existsSync(join(s.allowedDir, "ready5")) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    mkdirSync(join(root, "future"));
    writeFileSync(future, "TOKEN-SECRET-LATE");
    writeFileSync(go, "");
    const results = await pending;
    assertAllFailed(results, [
      "cat_token",
      "cat_alias",
      "cp_token",
      "hardlink_token",
      "hardlink_token_here",
      "overwrite_token",
      "replace_alias",
      "plant_future_token",
      "cat_token_created_after_launch",
    ]);
    assertAllOk(results, ["stats_write", "stats_read"]);
    assert.equal(readFileSync(token, "utf8"), "TOKEN-SECRET-5", "the token was not overwritten");
    assert.equal(readFileSync(future, "utf8"), "TOKEN-SECRET-LATE", "nothing was planted");
    for (const name of ["stolen", "linked"]) {
      const p = join(s.allowedDir, name);
      assert.ok(
        !existsSync(p) || !readFileSync(p, "utf8").includes("TOKEN-SECRET"),
        `${name} holds the token`,
      );
    }
    assert.equal(existsSync(join(root, "linked-here")), false);
  });

  test("a named Unix socket listener on the host is reached by neither connect nor bind, while a socketpair round trip works (§8.6)", async () => {
    const dir = join(s.base, "item6");
    mkdirSync(dir);
    const sock = join(dir, "listener.sock");
    const listener = spawn(
      python,
      [
        "-I",
        "-S",
        "-c",
        "import socket,sys,time\ns=socket.socket(socket.AF_UNIX)\ns.bind(sys.argv[1])\ns.listen(4)\nprint('up',flush=True)\ntime.sleep(120)",
        sock,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve) => listener.stdout.once("data", () => resolve()));
      // The base rules only: one unrelated control path, as the empty accumulator plus a deny.
      const profile = controlProfile([{ path: join(dir, "unrelated.toml"), denyRead: false }]);
      const results = await runUnder(
        profile.rules,
        dir,
        String.raw`
sock = sys.argv[1]
def connect(p):
    c = socket.socket(socket.AF_UNIX); c.connect(p)
def bind(p):
    c = socket.socket(socket.AF_UNIX); c.bind(p)
attempt("connect_absolute", lambda: connect(sock))
attempt("connect_relative", lambda: connect("listener.sock"))
attempt("bind_absolute", lambda: bind(sock + ".2"))
attempt("bind_relative", lambda: bind("relative.sock"))
attempt("dgram_pair_sendto", lambda: socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)[0].sendto(b"x", sock))
def pair():
    a, b = socket.socketpair()
    a.sendall(b"round-trip")
    if b.recv(16) != b"round-trip": raise OSError(errno.EIO, "round trip")
attempt("socketpair_round_trip", pair)
`,
        [sock],
      );
      assertAllFailed(results, [
        "connect_absolute",
        "connect_relative",
        "bind_absolute",
        "bind_relative",
        "dgram_pair_sendto",
      ]);
      assert.equal(results["connect_absolute"], "EPERM");
      assertAllOk(results, ["socketpair_round_trip"]);
      assert.equal(existsSync(join(dir, "relative.sock")), false);
    } finally {
      listener.kill("SIGKILL");
    }
  });

  test("the store cannot be read, listed, planted, removed or hard-linked into the work member; project and work-member writes succeed (§8.10)", async () => {
    const base = join(s.base, "item10");
    const data = join(base, "data");
    const project = join(base, "project");
    const dormant = join(base, "dormant-data");
    const files: Record<string, string> = {
      "knowledge/knowledge.json": "KNOWLEDGE-SECRET",
      "keys/fixture.key": "KEY-SECRET",
      "journal-rotated.md": "JOURNAL-SECRET",
      "new-context-store/value.json": "VALUE-SECRET",
      "packages/fixture.ctx.json": "PACKAGE-SECRET",
    };
    for (const [rel, content] of Object.entries(files)) {
      mkdirSync(join(data, rel, ".."), { recursive: true });
      writeFileSync(join(data, rel), content);
    }
    mkdirSync(join(data, "build-cache"));
    mkdirSync(project);
    writeFileSync(join(project, "main.rs"), "fn main() {}\n");
    const acc = new RuleAccumulator();
    acc.denyStore([
      { root: data, workMembers: ["build-cache"] },
      { root: dormant, workMembers: ["build-cache"] },
    ]);
    // A child's rules: the store rules plus (here) one control denial, composed.
    const control = controlProfile([{ path: join(project, "policy.toml"), denyRead: false }]);
    const rules = composeRules(acc.snapshot(), control.rules);
    const results = await runUnder(
      rules,
      project,
      String.raw`
data, dormant, w = sys.argv[1], sys.argv[2], sys.argv[3]
for rel in ["knowledge/knowledge.json", "keys/fixture.key", "journal-rotated.md", "new-context-store/value.json", "packages/fixture.ctx.json"]:
    attempt("cat " + rel, lambda: read(os.path.join(data, rel)))
attempt("cp_out", lambda: shutil.copyfile(os.path.join(data, "keys/fixture.key"), os.path.join(w, "stolen.key")))
attempt("ls_knowledge", lambda: os.listdir(os.path.join(data, "knowledge")))
attempt("overwrite", lambda: write(os.path.join(data, "journal-rotated.md"), "overwritten"))
attempt("plant_new", lambda: write(os.path.join(data, "planted.json")))
attempt("rm", lambda: os.unlink(os.path.join(data, "journal-rotated.md")))
attempt("mv", lambda: os.rename(os.path.join(data, "keys"), os.path.join(data, "keys2")))
attempt("hardlink_key_into_build_cache", lambda: os.link(os.path.join(data, "keys/fixture.key"), os.path.join(data, "build-cache/key")))
attempt("mkdir_memory", lambda: os.mkdir(os.path.join(data, "memory")))
attempt("mkdir_sessions_and_write", lambda: (os.mkdir(os.path.join(data, "sessions")), write(os.path.join(data, "sessions/s.json"))))
attempt("plant_dormant_symlink", lambda: os.symlink(w, dormant))
attempt("plant_dormant_dir", lambda: os.mkdir(dormant))
attempt("remove_store_root", lambda: shutil.rmtree(data))
attempt("project_edit", lambda: write("main.rs", "edited"))
attempt("project_read_back", lambda: read("main.rs") == b"edited" or (_ for _ in ()).throw(OSError(errno.EIO, "content")))
attempt("build_cache_write", lambda: write(os.path.join(data, "build-cache/out.o"), "object"))
attempt("build_cache_read_back", lambda: read(os.path.join(data, "build-cache/out.o")) == b"object" or (_ for _ in ()).throw(OSError(errno.EIO, "content")))
attempt("control_write", lambda: write("policy.toml"))
`,
      [data, dormant, s.allowedDir],
    );
    assertAllFailed(results, [
      ...Object.keys(files).map((rel) => `cat ${rel}`),
      "cp_out",
      "ls_knowledge",
      "overwrite",
      "plant_new",
      "rm",
      "mv",
      "hardlink_key_into_build_cache",
      "mkdir_memory",
      "mkdir_sessions_and_write",
      "plant_dormant_symlink",
      "plant_dormant_dir",
      "remove_store_root",
      "control_write",
    ]);
    assertAllOk(results, [
      "project_edit",
      "project_read_back",
      "build_cache_write",
      "build_cache_read_back",
    ]);
    // Afterwards: nothing moved, planted or stolen; the store keeps its contents.
    for (const [rel, content] of Object.entries(files))
      assert.equal(readFileSync(join(data, rel), "utf8"), content, `${rel} changed`);
    for (const gone of ["planted.json", "memory", "sessions", "keys2", "build-cache/key"])
      assert.equal(existsSync(join(data, gone)), false, `${gone} was planted`);
    assert.equal(existsSync(dormant), false);
    assert.equal(existsSync(join(project, "policy.toml")), false);
    const stolen = join(s.allowedDir, "stolen.key");
    assert.ok(!existsSync(stolen) || !readFileSync(stolen, "utf8").includes("KEY-SECRET"));
    assert.equal(readFileSync(join(data, "build-cache", "out.o"), "utf8"), "object");
    // An outside ("engine") write still works.
    writeFileSync(join(data, "knowledge", "knowledge.json"), "ENGINE-UPDATE");
    assert.equal(readFileSync(join(data, "knowledge", "knowledge.json"), "utf8"), "ENGINE-UPDATE");
  });
});
