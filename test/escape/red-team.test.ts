// Attacks found in review: a Cell that prepares the host for the next run, or uses a sandbox
// mechanism against itself. Each must fail.
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { isRoot, sandboxSkipReason } from "../helpers/host.js";
import { attack, assertNoCanary } from "./harness.js";

const skip = sandboxSkipReason();

describe("escape: a Cell preparing the next run", { skip }, () => {
  const fx = useFixture();

  test("a Cell that breaks the self-test does not get the next run unconfined, even under auto", async () => {
    const first = await attack(fx, `os.chmod(".", 0o555)\nreport(done=True)`);
    assert.equal(first.report["done"], true);
    try {
      const marker = join(fx.root, "ran-unconfined");
      const second = await runCli(
        ["exec", "--workspace", fx.workspace, "--", "/bin/sh", "-c", `: > ${marker}`],
        {
          env: fx.env,
        },
      );
      assert.equal(second.code, 125, second.stderr);
      assert.match(second.stderr, /failed its self-test, so nothing runs/);
      assert.equal(existsSync(marker), false);
    } finally {
      chmodSync(fx.workspace, 0o755);
    }
  });

  test("a fake bwrap written into a workspace directory on PATH is never run by the host", async () => {
    const bin = join(fx.workspace, ".venv", "bin");
    const marker = join(fx.root, "fake-bwrap-ran");
    await attack(
      fx,
      `os.makedirs(sys.argv[1], exist_ok=True)
p = os.path.join(sys.argv[1], "bwrap")
write_text(p, "#!/bin/sh\\n: > " + sys.argv[2] + "\\nexec /usr/bin/bwrap \\"$@\\"\\n")
os.chmod(p, 0o755)
report(done=True)`,
      { args: [bin, marker] },
    );
    const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], {
      env: { ...fx.env, PATH: `${bin}:${fx.env["PATH"] ?? "/usr/bin:/bin"}` },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(marker), false, "the host ran the Cell's bwrap");
    const status = (JSON.parse(r.stdout) as { sandbox: { state: string } }).sandbox;
    assert.equal(status.state, "enabled", "the trusted system bwrap is still found");
  });

  test("a repository's .git cannot be changed (hooks and config are code the host runs)", async () => {
    mkdirSync(join(fx.workspace, ".git", "hooks"), { recursive: true });
    writeFileSync(join(fx.workspace, ".git", "config"), "[core]\n");
    const r = await attack(
      fx,
      `report(config=attempt(lambda: write_text(".git/config", "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n")),
       hook=attempt(lambda: write_text(".git/hooks/pre-commit", "#!/bin/sh\\nid\\n")),
       aside=attempt(lambda: os.rename(".git", "git-old")),
       other=attempt(lambda: write_text("notes.txt", "fine")))`,
    );
    assert.notEqual(r.report["config"], "ok");
    assert.notEqual(r.report["hook"], "ok");
    assert.notEqual(r.report["aside"], "ok");
    assert.equal(r.report["other"], "ok", "the rest of the workspace stays writable");
    assert.equal(readFileSync(join(fx.workspace, ".git", "config"), "utf8"), "[core]\n");
  });

  test("a directory a Cell locks in its private temp does not survive the run or change its exit code", async () => {
    const r = await runCli(
      [
        "exec",
        "--workspace",
        fx.workspace,
        "--",
        "/bin/sh",
        "-c",
        'mkdir -p "$TMPDIR/keep" && echo secret > "$TMPDIR/keep/file" && chmod 000 "$TMPDIR/keep" && echo "$TMPDIR" && exit 3',
      ],
      { env: fx.env },
    );
    assert.equal(r.code, 3, r.stderr);
    assert.equal(existsSync(r.stdout.trim()), false, "the private temp was left behind");
  });
});

describe("escape: where a workspace may not be", () => {
  const fx = useFixture();

  test("a workspace inside a credential store (~/.ssh) is refused rather than unmasked", async () => {
    fx.plant(".ssh/id_ed25519");
    const r = await runCli(
      ["exec", "--workspace", join(fx.home, ".ssh"), "--", "/bin/cat", "id_ed25519"],
      {
        env: fx.env,
      },
    );
    assert.equal(r.code, 125, r.stderr);
    assert.ok(!r.stdout.includes(fx.canary));
    assert.match(r.stderr, /inside the credential store/);
  });

  test("a workspace inside a folder on PATH is refused (a planted program would run on the host)", async () => {
    const bin = join(fx.home, ".local", "bin");
    mkdirSync(bin, { recursive: true });
    const r = await runCli(["exec", "--workspace", bin, "--", "/bin/true"], {
      env: { ...fx.env, PATH: `${bin}:${fx.env["PATH"] ?? "/usr/bin:/bin"}` },
    });
    assert.equal(r.code, 125, r.stderr);
    assert.match(r.stderr, /whose programs the host runs later/);
  });

  for (const [label, path] of [
    ["the home directory", (): string => fx.home],
    ["a directory containing the home directory", (): string => fx.root],
    ["/etc", (): string => "/etc"],
    ["/usr/local", (): string => "/usr/local"],
    ["/var/lib (package scripts)", (): string => "/var/lib"],
    ["/tmp itself", (): string => "/tmp"],
    ["the data directory", (): string => fx.dataDir],
  ] as const) {
    test(`a workspace at ${label} is refused (exit 125)`, async () => {
      const r = await runCli(["exec", "--workspace", path(), "--", "/bin/true"], { env: fx.env });
      assert.equal(r.code, 125, r.stderr);
      assert.match(r.stderr, /Cannot create sandbox: workspace/);
    });
  }
});

describe("escape: folders inside the workspace that the host runs later", { skip }, () => {
  const fx = useFixture();

  test("a folder on PATH inside the workspace (npm puts node_modules/.bin there) is read-only", async () => {
    const bin = join(fx.workspace, "node_modules", ".bin");
    mkdirSync(bin, { recursive: true });
    const r = await attack(
      fx,
      `report(plant=attempt(lambda: write_text(sys.argv[1] + "/ls", "#!/bin/sh\\nid\\n")), other=attempt(lambda: write_text("notes.txt")))`,
      { args: [bin], env: { PATH: `${bin}:${fx.env["PATH"] ?? "/usr/bin:/bin"}` } },
    );
    assert.notEqual(r.report["plant"], "ok");
    assert.equal(r.report["other"], "ok");
    assert.equal(existsSync(join(bin, "ls")), false);
  });
});

describe("escape: a workspace that holds a folder cellguard rebuilds", { skip }, () => {
  const fx = useFixture();

  test("is refused: the rebuilt folder is read-only and would take the workspace with it", async () => {
    mkdirSync(join(fx.home, ".cargo", "registry"), { recursive: true });
    const r = await runCli(["exec", "--workspace", join(fx.home, ".cargo"), "--", "/bin/true"], {
      env: fx.env,
    });
    assert.equal(r.code, 125, r.stderr);
    assert.match(r.stderr, /holds credential stores cellguard hides/);
  });
});

describe("escape: more credential stores and host secrets", { skip }, () => {
  const fx = useFixture();

  test("package-manager, cloud and history files cannot be read", async () => {
    const paths = [
      ".npmrc",
      ".pypirc",
      ".docker/contexts/meta.json",
      ".kube/cache/token",
      ".config/gcloud/credentials.db",
      ".azure/accessTokens.json",
      ".cargo/credentials.toml",
      ".bash_history",
      ".python_history",
      ".password-store/bank.gpg",
      ".config/git/credentials",
    ].map((p) => fx.plant(p));
    const r = await attack(
      fx,
      `for p in sys.argv[1:]:
    attempt(lambda: sys.stdout.write(read_text(p)))
report(done=True)`,
      { args: paths },
    );
    assertNoCanary(r, fx);
  });

  test("/etc/shadow cannot be read, even by a Cell started as root", async () => {
    const r = await attack(
      fx,
      `report(result=attempt(lambda: sys.stdout.write(read_text("/etc/shadow"))), root=${isRoot ? "True" : "False"})`,
    );
    assert.doesNotMatch(r.stdout, /root:[^:\n]*:\d+:/, "shadow entries leaked");
  });
});
