import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";

const skip = sandboxSkipReason();

describe("cellguard exec: bad input is refused with exit 125 and nothing runs", () => {
  const fx = useFixture();

  const marker = (): string => join(fx.workspace, "ran");
  const touch = (): string[] => ["/bin/sh", "-c", `: > ${marker()}`];

  test("an unknown CELLGUARD_KERNEL_SANDBOX names the variable and the allowed values", async () => {
    const r = await runCli(["exec", "--workspace", fx.workspace, "--", ...touch()], {
      env: { ...fx.env, CELLGUARD_KERNEL_SANDBOX: "maybe" },
    });
    assert.equal(r.code, 125);
    assert.match(
      r.stderr,
      /CELLGUARD_KERNEL_SANDBOX must be one of auto, enforce, off: current value is "maybe"/,
    );
    assert.equal(existsSync(marker()), false);
  });

  test("an unknown --mode is refused the same way", async () => {
    const r = await runCli(
      ["exec", "--mode", "required", "--workspace", fx.workspace, "--", ...touch()],
      {
        env: fx.env,
      },
    );
    assert.equal(r.code, 125);
    assert.match(r.stderr, /must be one of auto, enforce, off/);
    assert.equal(existsSync(marker()), false);
  });

  test("a non-boolean CELLGUARD_KERNEL_ALLOW_RAW_NETWORK is refused", async () => {
    const r = await runCli(["exec", "--workspace", fx.workspace, "--", ...touch()], {
      env: { ...fx.env, CELLGUARD_KERNEL_ALLOW_RAW_NETWORK: "sometimes" },
    });
    assert.equal(r.code, 125);
    assert.match(r.stderr, /CELLGUARD_KERNEL_ALLOW_RAW_NETWORK/);
    assert.equal(existsSync(marker()), false);
  });

  test("a missing workspace is refused", async () => {
    const r = await runCli(
      ["exec", "--workspace", join(fx.root, "no-such-dir"), "--", ...touch()],
      { env: fx.env },
    );
    assert.equal(r.code, 125);
    assert.match(r.stderr, /workspace must be an existing directory/);
  });

  test("a workspace that is a file is refused", async () => {
    const file = join(fx.root, "a-file");
    writeFileSync(file, "");
    const r = await runCli(["exec", "--workspace", file, "--", "/bin/true"], { env: fx.env });
    assert.equal(r.code, 125);
    assert.match(r.stderr, /is not a directory/);
  });

  test("the filesystem root as workspace is refused", async () => {
    const r = await runCli(["exec", "--workspace", "/", "--", "/bin/true"], { env: fx.env });
    assert.equal(r.code, 125);
    assert.match(r.stderr, /filesystem root/);
  });

  test("a bad --timeout is refused", async () => {
    const r = await runCli(
      ["exec", "--timeout", "soon", "--workspace", fx.workspace, "--", ...touch()],
      {
        env: fx.env,
      },
    );
    assert.equal(r.code, 125);
    assert.equal(existsSync(marker()), false);
  });

  test("an unknown option or a missing command is a usage error (exit 2)", async () => {
    const unknown = await runCli(["exec", "--frobnicate", "--", "/bin/true"], { env: fx.env });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown option --frobnicate/);
    const none = await runCli(["exec", "--workspace", fx.workspace], { env: fx.env });
    assert.equal(none.code, 2);
  });

  test("under enforce with no usable backend (empty PATH) nothing runs and the message says why", async () => {
    const r = await runCli(["exec", "--workspace", fx.workspace, "--", ...touch()], {
      env: { ...fx.env, PATH: "", CELLGUARD_KERNEL_SANDBOX: "enforce" },
    });
    assert.equal(r.code, 125);
    assert.match(r.stderr, /nothing was run/);
    assert.match(r.stderr, /bubblewrap \(bwrap\) was not found/);
    assert.equal(existsSync(marker()), false);
  });

  test("under auto with no usable backend the command runs with a visible warning", async () => {
    const r = await runCli(["exec", "--workspace", fx.workspace, "--", ...touch()], {
      env: { ...fx.env, PATH: "" },
    });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /SECURITY WARNING: OS kernel sandbox is not enforced/);
    assert.equal(existsSync(marker()), true);
  });

  test("under auto with no usable backend --json reports state unavailable", async () => {
    const r = await runCli(
      ["exec", "--json", "--workspace", fx.workspace, "--", "/bin/echo", "hi"],
      {
        env: { ...fx.env, PATH: "" },
      },
    );
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { sandbox: Record<string, unknown>; stdout: string };
    assert.equal(out.sandbox["state"], "unavailable");
    assert.equal(out.sandbox["enforced"], false);
    assert.match(String(out.sandbox["warning"]), /SECURITY WARNING/);
    assert.equal(out.stdout, "hi\n");
  });
});

describe("cellguard exec: running commands", { skip }, () => {
  const fx = useFixture();

  test("the command's own exit code is returned", async () => {
    const r = await runCli(["exec", "--workspace", fx.workspace, "--", "/bin/sh", "-c", "exit 7"], {
      env: fx.env,
    });
    assert.equal(r.code, 7);
  });

  test("options after the command belong to the command", async () => {
    const r = await runCli(
      ["exec", "--workspace", fx.workspace, "/bin/sh", "-c", "echo $0 $1", "--json", "x"],
      {
        env: fx.env,
      },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "--json x\n");
  });

  test("--json reports the enabled sandbox and the command's output", async () => {
    const r = await runCli(
      ["exec", "--json", "--workspace", fx.workspace, "--", "/bin/echo", "inside"],
      {
        env: fx.env,
      },
    );
    assert.equal(r.code, 0, r.stderr);
    const out = JSON.parse(r.stdout) as {
      exit_code: number;
      stdout: string;
      sandbox: Record<string, unknown>;
    };
    assert.equal(out.exit_code, 0);
    assert.equal(out.stdout, "inside\n");
    assert.equal(out.sandbox["state"], "enabled");
    assert.equal(out.sandbox["self_test_passed"], true);
    assert.equal(out.sandbox["network_policy"], "blocked");
  });

  test("a command that is killed by a signal exits 128 + the signal number", async () => {
    const r = await runCli(
      ["exec", "--workspace", fx.workspace, "--", "/bin/sh", "-c", "kill -TERM $$"],
      {
        env: fx.env,
      },
    );
    assert.equal(r.code, 143);
  });
});
