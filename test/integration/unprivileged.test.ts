// A sandbox that only works for root is not done: as root, this creates an unprivileged user
// and re-runs the integration and escape suites as that user, from a copy of the compiled tree
// the user can read.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { isRoot, needs, sandboxSkipReason } from "../helpers/host.js";
import { repoRoot } from "../helpers/paths.js";
import { summariseFailures, tapFailures } from "../helpers/tap-failures.js";

const USER = "cellguard-test";
const SELF = "unprivileged.test.js";
const skip = isRoot
  ? sandboxSkipReason()
  : "already unprivileged: only a root run creates the test user and re-runs the suites as it";

function ensureUser(): { uid: number; gid: number } {
  const lookup = (): string =>
    spawnSync("/usr/bin/id", ["-u", USER], { encoding: "utf8" }).stdout.trim();
  if (lookup() === "") {
    const made = spawnSync(
      "/usr/sbin/useradd",
      [
        "--system",
        "--user-group",
        "--no-create-home",
        "--home-dir",
        "/nonexistent",
        "--shell",
        "/usr/sbin/nologin",
        USER,
      ],
      { encoding: "utf8" },
    );
    assert.equal(made.status, 0, `useradd failed: ${made.stderr}`);
  }
  const uid = Number(lookup());
  const gid = Number(spawnSync("/usr/bin/id", ["-g", USER], { encoding: "utf8" }).stdout.trim());
  assert.ok(uid > 0, `the test user must not be root (uid ${uid})`);
  return { uid, gid };
}

function suiteFiles(tree: string): string[] {
  const out: string[] = [];
  for (const suite of ["integration", "escape"]) {
    const dir = join(tree, "build", "test", suite);
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith(".test.js") && name !== SELF) out.push(join(dir, name));
    }
  }
  return out;
}

function runAs(
  { uid, gid }: { uid: number; gid: number },
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; signal: AbortSignal },
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // uid/gid on spawn drop privileges for this child only; supplementary groups are cleared.
    // When this test times out, its signal aborts and the child run is killed, so a hung
    // suite ends the run with its output instead of leaving the user's processes behind.
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: options.env,
      uid,
      gid,
      stdio: ["ignore", "pipe", "pipe"],
      signal: options.signal,
      killSignal: "SIGKILL",
    });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (output += d));
    child.once("error", (error) => {
      if (options.signal.aborted) resolve({ code: null, output });
      else reject(error);
    });
    child.once("close", (code) => resolve({ code, output }));
  });
}

test(
  "the integration and escape suites pass as an unprivileged user",
  { skip, timeout: 15 * 60_000 },
  async (t) => {
    const { uid, gid } = ensureUser();
    const probe = spawnSync(process.execPath, ["--version"], { uid, gid, encoding: "utf8" });
    if (probe.error !== undefined || probe.status !== 0) {
      // e.g. a Node from npx or nvm under root's home, which other users cannot reach
      const reason = needs(
        `this Node binary (${process.execPath}) cannot be run by an unprivileged user; install Node system-wide`,
      );
      if (reason !== false) t.skip(reason);
      return;
    }
    const tree = mkdtempSync(join(tmpdir(), "cellguard-unprivileged-"));
    try {
      chmodSync(tree, 0o755);
      const root = repoRoot();
      cpSync(join(root, "package.json"), join(tree, "package.json"));
      cpSync(join(root, "build", "src"), join(tree, "build", "src"), { recursive: true });
      cpSync(join(root, "build", "test"), join(tree, "build", "test"), { recursive: true });
      cpSync(join(root, "build", "cellguard.cjs"), join(tree, "build", "cellguard.cjs"));
      cpSync(join(root, "build", "cellguard-cli"), join(tree, "build", "cellguard-cli"), {
        recursive: true,
      });
      cpSync(join(root, "python"), join(tree, "python"), { recursive: true });
      // The store's SQLite on Node 20 and what it loads at run time.
      for (const dep of ["better-sqlite3", "bindings", "file-uri-to-path"]) {
        const from = join(root, "node_modules", dep);
        if (existsSync(from)) {
          cpSync(from, join(tree, "node_modules", dep), { recursive: true });
        }
      }
      // The MCP tests drive the server with the SDK's own client: the SDK and what it imports
      // resolve through this link from the repository's node_modules (read-only to the user).
      const sdk = join(root, "node_modules", "@modelcontextprotocol");
      if (existsSync(sdk)) {
        mkdirSync(join(tree, "node_modules"), { recursive: true });
        symlinkSync(sdk, join(tree, "node_modules", "@modelcontextprotocol"));
      }
      spawnSync("/bin/chmod", ["-R", "a+rX", tree]);
      // A root-owned file with two names, which the user can neither write nor link itself:
      // the launch accepts it as a control file (the user reaches it through no name).
      const twoNames = join(tree, "root-owned-two-names");
      mkdirSync(twoNames, { mode: 0o755 });
      writeFileSync(join(twoNames, "program"), "root-owned\n", { mode: 0o755 });
      linkSync(join(twoNames, "program"), join(twoNames, "second-name"));
      const home = join(tree, "home");
      mkdirSync(home, { mode: 0o700 });
      chownSync(home, uid, gid);
      const env = {
        HOME: home,
        PATH: "/usr/local/bin:/usr/bin:/bin",
        LANG: "C.UTF-8",
        TMPDIR: "/tmp",
        // The same rule as the caller's: in CI a missing component fails the user's run too.
        CELLGUARD_REQUIRE_COMPONENTS: process.env["CELLGUARD_REQUIRE_COMPONENTS"] ?? "",
        CELLGUARD_TEST_UNPRIVILEGED_RERUN: "1",
        CELLGUARD_TEST_ROOT_OWNED_TWO_NAMES: join(twoNames, "program"),
      };
      const { code, output } = await runAs({ uid, gid }, ["--test", ...suiteFiles(tree)], {
        cwd: home,
        env,
        signal: t.signal,
      });
      const count = (name: string): number =>
        Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(output)?.[1] ?? NaN);
      // What failed, named, and the output's end for whatever the list cannot say (a crash, a hang).
      const failed = summariseFailures(tapFailures(output), { budget: 4000, linesEach: 6 });
      const tail = `${failed}\n… the run's last lines:\n${output.slice(-1500)}`;
      assert.equal(code, 0, `the suites failed as uid ${uid}: ${tail}`);
      assert.equal(count("fail"), 0, tail);
      assert.ok(
        count("pass") >= 60,
        `too few tests passed as uid ${uid} (${count("pass")}):\n${tail}`,
      );
      const skipped = [...output.matchAll(/# SKIP (.*)$/gm)].map((m) => m[1]);
      console.log(
        `# unprivileged run as uid ${uid}: pass=${count("pass")} skipped=${skipped.length} ${skipped.join("; ")}`,
      );
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  },
);
