import assert from "node:assert/strict";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { attack, assertNoCanary } from "./harness.js";

const skip = sandboxSkipReason();

// Reads a path every way a Cell might: open, stat size, directory listing.
const READ_EVERY_WAY = `
def probe(path):
    out = {"read": attempt(lambda: sys.stdout.write(read_text(path)))}
    try:
        out["size"] = os.stat(path).st_size
    except OSError as e:
        out["size"] = errno.errorcode.get(e.errno)
    return out
report(**{str(i): probe(p) for i, p in enumerate(sys.argv[1:])})
`;

describe("escape: reads of the secret deny list", { skip }, () => {
  const fx = useFixture();

  test("a canary under ~/.ssh cannot be read", async () => {
    const key = fx.plant(".ssh/id_ed25519");
    const r = await attack(fx, READ_EVERY_WAY, { args: [key] });
    assertNoCanary(r, fx);
    assert.notEqual((r.report["0"] as { size: unknown }).size, fx.canary.length);
  });

  test("listing ~/.ssh shows nothing", async () => {
    fx.plant(".ssh/id_rsa");
    fx.plant(".ssh/config");
    const r = await attack(fx, `report(listing=attempt(lambda: print(os.listdir(sys.argv[1]))))`, {
      args: [join(fx.home, ".ssh")],
    });
    assert.ok(!r.stdout.includes("id_rsa"), "the directory listing leaked a key name");
  });

  test("the data directory's database and its -wal, -shm and -journal sidecars cannot be read", async () => {
    const paths = [
      "cellguard.db",
      "cellguard.db-wal",
      "cellguard.db-shm",
      "cellguard.db-journal",
    ].map((name) => fx.plant(join(".local/share/cellguard", name)));
    const r = await attack(fx, READ_EVERY_WAY, { args: paths });
    assertNoCanary(r, fx);
  });

  test("a file the data directory gains is not readable either (the whole directory is masked)", async () => {
    const token = fx.plant(".local/share/cellguard/access-token");
    const r = await attack(fx, READ_EVERY_WAY, { args: [token] });
    assertNoCanary(r, fx);
  });

  test("~/.netrc, ~/.pgpass, ~/.git-credentials and cloud and cluster credentials cannot be read", async () => {
    const paths = [
      ".netrc",
      ".pgpass",
      ".git-credentials",
      ".aws/credentials",
      ".config/gh/hosts.yml",
      ".docker/config.json",
      ".kube/config",
      ".gnupg/private-keys-v1.d/key.key",
    ].map((p) => fx.plant(p));
    const r = await attack(fx, READ_EVERY_WAY, { args: paths });
    assertNoCanary(r, fx);
  });

  test("a symlink in the workspace pointing at a secret does not read it", async () => {
    const key = fx.plant(".ssh/id_ed25519");
    symlinkSync(key, join(fx.workspace, "innocent.txt"));
    const r = await attack(fx, READ_EVERY_WAY, { args: ["innocent.txt"] });
    assertNoCanary(r, fx);
  });

  test("a symlink the Cell makes to a secret does not read it", async () => {
    const key = fx.plant(".ssh/id_ed25519");
    const r = await attack(
      fx,
      `os.symlink(sys.argv[1], "mine")\n${READ_EVERY_WAY.replace("sys.argv[1:]", '["mine"]')}`,
      {
        args: [key],
      },
    );
    assertNoCanary(r, fx);
  });

  test("a secret is not reachable through /proc/self/root or /proc/1/root", async () => {
    const key = fx.plant(".ssh/id_ed25519");
    const r = await attack(fx, READ_EVERY_WAY, {
      args: [`/proc/self/root${key}`, `/proc/1/root${key}`],
    });
    assertNoCanary(r, fx);
  });

  test("a secret in the host process's environment is not in the command's environment", async () => {
    const r = await attack(fx, `report(env=dict(os.environ))`, {
      env: {
        OPENAI_API_KEY: fx.canary,
        GITHUB_TOKEN: fx.canary,
        LD_LIBRARY_PATH: fx.canary,
        DYLD_INSERT_LIBRARIES: fx.canary,
        CANARY_PLAIN: fx.canary,
      },
    });
    assertNoCanary(r, fx);
    const env = r.report["env"] as Record<string, string>;
    assert.equal(env["OPENAI_API_KEY"], undefined);
    assert.equal(env["LD_LIBRARY_PATH"], undefined);
    assert.equal(env["HOME"], fx.home, "ordinary variables still pass");
  });

  test("the host processes' /proc/<pid>/environ cannot be read", async () => {
    // cellguard itself runs with the canary in its environment; scan every visible process.
    const r = await attack(
      fx,
      `found = []
for pid in os.listdir("/proc"):
    if pid.isdigit():
        try:
            sys.stdout.write(read_text("/proc/%s/environ" % pid))
            found.append(int(pid))
        except OSError:
            pass
parent = int(sys.argv[1])
report(visible=found, parent=attempt(lambda: sys.stdout.write(read_text("/proc/%d/environ" % parent))))`,
      {
        args: [String(process.pid)],
        env: { CELLGUARD_TEST_HOST_SECRET_TOKEN: fx.canary, CANARY_PLAIN: fx.canary },
      },
    );
    assertNoCanary(r, fx);
    for (const pid of r.report["visible"] as number[])
      assert.ok(pid <= 3, `a host pid is visible: ${pid}`);
  });
});
