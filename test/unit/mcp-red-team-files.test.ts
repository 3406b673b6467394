// Red-team of the file tools, in process: path spellings that try to leave the workspace, links
// to parents and to devices, FIFOs and sockets that would hang a read, writes onto links, secret
// spellings, writes into a repository's .git (code the host runs later), and the size bounds.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { ToolRefusal } from "../../src/mcp/errors.js";
import { UNPROTECTED } from "../../src/mcp/protection.js";
import { MAX_READ_BYTES, WorkspaceFiles } from "../../src/mcp/workspace-files.js";
import { withTempDir } from "../helpers/temp.js";

const OUTSIDE_TEXT = "OUTSIDE-CANARY-7f3a";

function setup(dir: string): { ws: string; outside: string; files: WorkspaceFiles } {
  const ws = join(dir, "ws");
  const outside = join(dir, "outside");
  mkdirSync(ws);
  mkdirSync(join(outside, ".ssh"), { recursive: true });
  writeFileSync(join(outside, ".ssh", "id_rsa"), OUTSIDE_TEXT);
  writeFileSync(join(outside, "plain.txt"), OUTSIDE_TEXT);
  return { ws, outside, files: new WorkspaceFiles(ws, UNPROTECTED) };
}

function refused(layer?: string, pattern?: RegExp): (error: unknown) => boolean {
  return (error) => {
    assert.ok(error instanceof ToolRefusal, String(error));
    if (layer !== undefined) assert.equal(error.layer, layer, error.message);
    if (pattern !== undefined) assert.match(error.message, pattern);
    assert.ok(!error.message.includes(OUTSIDE_TEXT), "a refusal never carries outside content");
    return true;
  };
}

describe("file tools red team: leaving the workspace", () => {
  test("traversal spellings (.., //, trailing /., backslashes, look-alike dots, very long) never read outside", () => {
    withTempDir("rt-traversal", (dir) => {
      const { ws, outside, files } = setup(dir);
      mkdirSync(join(ws, "sub"));
      const spellings = [
        "..",
        "../",
        "../outside/plain.txt",
        "./../outside/plain.txt",
        "sub/../../outside/plain.txt",
        "sub/./../.././outside/plain.txt",
        "sub//..//..//outside//plain.txt",
        `${outside}/plain.txt`,
        `/${outside}/plain.txt`,
        `${ws}/../outside/plain.txt`,
        `${ws}/sub/../../outside/plain.txt`,
        "../outside/plain.txt/.",
        `${"sub/".repeat(900)}../outside/plain.txt`,
        `${"sub/../".repeat(600)}../outside/plain.txt`,
        `${"a".repeat(5000)}/plain.txt`,
      ];
      for (const path of spellings) {
        assert.throws(() => files.read(path), refused(), path.slice(0, 80));
        assert.throws(() => files.write(path, "x"), refused(), path.slice(0, 80));
      }
      // Backslashes and look-alike dots and slashes are ordinary name characters on Linux: a
      // read finds nothing, and a write either is refused or creates a file inside the workspace.
      const lookAlikes = [
        "..\\outside\\plain.txt",
        "sub\\..\\..\\outside\\plain.txt",
        "\u2024\u2024/outside/plain.txt",
        "\uff0e\uff0e/outside/plain.txt",
        "..\u2215outside\u2215plain.txt",
        "..\u00a0/outside/plain.txt",
        "\u002e\u0338\u002e/outside/plain.txt",
      ];
      for (const path of lookAlikes) {
        assert.throws(() => files.read(path), refused("input", /does not exist/), path);
        try {
          files.write(path, "x");
          assert.equal(readFileSync(join(ws, path), "utf8"), "x", path);
        } catch (error) {
          refused()(error);
        }
      }
      assert.throws(() => files.list(".."), refused("workspace"));
      assert.throws(() => files.list(outside), refused("workspace"));
      assert.throws(() => files.read("plain.txt\0../../outside/plain.txt"), refused("input"));
      assert.deepEqual(readdirSync(outside).sort(), [".ssh", "plain.txt"]);
      assert.equal(readFileSync(join(outside, "plain.txt"), "utf8"), OUTSIDE_TEXT);
    });
  });

  test("a link to a parent, a link to the root, and a directory link along the path cannot climb out", () => {
    withTempDir("rt-parent-links", (dir) => {
      const { ws, files } = setup(dir);
      mkdirSync(join(ws, "sub", "deep"), { recursive: true });
      symlinkSync("..", join(ws, "up"));
      symlinkSync("/", join(ws, "root"));
      symlinkSync(".", join(ws, "self"));
      symlinkSync("sub/deep", join(ws, "d"));
      symlinkSync("../../..", join(ws, "sub", "deep", "climb"));
      for (const path of [
        "up/outside/plain.txt",
        "root/etc/passwd",
        "self/self/self/../outside/plain.txt",
        "d/../../../outside/plain.txt",
        "d/climb/outside/plain.txt",
        "sub/deep/climb/outside/plain.txt",
      ]) {
        assert.throws(() => files.read(path), refused("workspace"), path);
        assert.throws(() => files.write(path, "x"), refused("workspace"), path);
      }
      assert.throws(() => files.list("up"), refused("workspace"));
      assert.throws(() => files.list("root"), refused("workspace"));
      writeFileSync(join(ws, "sub", "in.txt"), "in");
      assert.equal(
        files.read("d/../in.txt").text,
        "in",
        "`..` after a link is the physical parent",
      );
    });
  });

  test("hard links to a secret, inside or outside the workspace, are refused under an innocent name", () => {
    withTempDir("rt-hardlinks", (dir) => {
      const { ws, outside, files } = setup(dir);
      writeFileSync(join(ws, ".env"), `API_KEY=${OUTSIDE_TEXT}`);
      linkSync(join(ws, ".env"), join(ws, "notes.txt"));
      linkSync(join(outside, ".ssh", "id_rsa"), join(ws, "readme.md"));
      for (const path of ["notes.txt", "readme.md"]) {
        assert.throws(() => files.read(path), refused("workspace", /hard links/), path);
        assert.throws(() => files.write(path, "x"), refused("workspace", /hard links/), path);
      }
      assert.equal(readFileSync(join(outside, ".ssh", "id_rsa"), "utf8"), OUTSIDE_TEXT);
    });
  });
});

describe("file tools red team: special files", () => {
  test("a FIFO, a socket and links to devices are refused at once, neither read nor written", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cellguard-rt-special-"));
    try {
      const { ws, files } = setup(dir);
      execFileSync("mkfifo", [join(ws, "pipe")]);
      symlinkSync("/dev/zero", join(ws, "zero"));
      symlinkSync("/dev/tty", join(ws, "tty"));
      symlinkSync("pipe", join(ws, "to-pipe"));
      const started = Date.now();
      for (const path of ["pipe", "to-pipe"]) {
        assert.throws(() => files.read(path), refused("input", /not a regular file/), path);
        assert.throws(() => files.write(path, "x"), refused("input"), path);
      }
      for (const path of ["zero", "tty"]) {
        assert.throws(() => files.read(path), refused("workspace"), path);
        assert.throws(() => files.write(path, "x"), refused("workspace"), path);
      }
      assert.ok(Date.now() - started < 2000, "no refusal waited on a FIFO or a device");
      assert.match(files.list(".").entries.join("\n"), /^other pipe$/m);
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(join(ws, "sock"), resolve));
      try {
        assert.throws(() => files.read("sock"), refused("input", /not a regular file/));
        assert.throws(() => files.write("sock", "x"), refused("input"));
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a read is bounded: a huge sparse file returns the first MAX_READ_BYTES, marked cut", () => {
    withTempDir("rt-huge", (dir) => {
      const { ws, files } = setup(dir);
      writeFileSync(join(ws, "huge.bin"), "");
      truncateSync(join(ws, "huge.bin"), 64 * 1024 * 1024 * 1024);
      const read = files.read("huge.bin");
      assert.equal(read.truncated, true);
      assert.equal(read.bytes, 64 * 1024 * 1024 * 1024);
      assert.equal(read.text.length, MAX_READ_BYTES);
    });
  });

  test("list_dir on a huge directory is bounded and stays fast", () => {
    withTempDir("rt-hugedir", (dir) => {
      const { ws, files } = setup(dir);
      mkdirSync(join(ws, "many"));
      for (let index = 0; index < 20_000; index += 1)
        writeFileSync(join(ws, "many", `f${index}`), "");
      const started = Date.now();
      const listed = files.list("many");
      assert.equal(listed.truncated, true);
      assert.equal(listed.entries.length, 2000);
      assert.ok(Date.now() - started < 5000, `listing took ${Date.now() - started} ms`);
    });
  });
});

describe("file tools red team: writes onto links", () => {
  test("a write onto a link inside the workspace replaces the target and keeps the link", () => {
    withTempDir("rt-write-link", (dir) => {
      const { ws, files } = setup(dir);
      writeFileSync(join(ws, "real.txt"), "old");
      symlinkSync("real.txt", join(ws, "alias"));
      files.write("alias", "new");
      assert.equal(readFileSync(join(ws, "real.txt"), "utf8"), "new");
      assert.equal(readFileSync(join(ws, "alias"), "utf8"), "new");
    });
  });

  test("a write onto a dangling link that points outside, or at a secret name, creates nothing", () => {
    withTempDir("rt-write-dangling", (dir) => {
      const { ws, outside, files } = setup(dir);
      symlinkSync(join(outside, "created.txt"), join(ws, "abs-dangling"));
      symlinkSync("../outside/created.txt", join(ws, "rel-dangling"));
      symlinkSync(".env", join(ws, "env-dangling"));
      symlinkSync(".ssh/authorized_keys", join(ws, "keys-dangling"));
      assert.throws(() => files.write("abs-dangling", "x"), refused("workspace"));
      assert.throws(() => files.write("rel-dangling", "x"), refused("workspace"));
      assert.throws(() => files.write("env-dangling", "x"), refused("secret-path"));
      assert.throws(() => files.write("keys-dangling", "x"), refused("secret-path"));
      assert.equal(existsSync(join(outside, "created.txt")), false);
      assert.equal(existsSync(join(ws, ".env")), false);
      assert.equal(existsSync(join(ws, ".ssh")), false);
    });
  });
});

describe("file tools red team: secret spellings", () => {
  test(".env variants and key spellings are refused for read and write", () => {
    withTempDir("rt-secret-names", (dir) => {
      const { files } = setup(dir);
      for (const path of [
        ".env.local",
        ".ENV",
        ".Env.Production",
        ".env.",
        ".env ",
        "config/.env::$DATA",
        "prod.env",
        "~/.ssh/id_rsa",
        "$HOME/.ssh/id_rsa",
        "~/.ssh/../.ssh/id_rsa",
        ".ssh/../.ssh/id_ed25519",
        ".\u200benv",
        "\uff0eenv",
        "deploy\\server.pem",
        ".aws/credentials",
        ".config/gcloud/application_default_credentials.json",
      ]) {
        assert.throws(() => files.read(path), refused("secret-path"), path);
        assert.throws(() => files.write(path, "x"), refused("secret-path"), path);
      }
    });
  });
});

describe("file tools red team: code the host runs later", () => {
  test("write_file cannot create or replace anything in a repository's .git (hooks, config), in any spelling", () => {
    withTempDir("rt-git", (dir) => {
      const { ws, files } = setup(dir);
      mkdirSync(join(ws, ".git", "hooks"), { recursive: true });
      writeFileSync(join(ws, ".git", "config"), "[core]\n", { mode: 0o644 });
      writeFileSync(join(ws, ".git", "hooks", "pre-commit"), "#!/bin/sh\n", { mode: 0o755 });
      mkdirSync(join(ws, "vendor", "lib", ".git"), { recursive: true });
      mkdirSync(join(ws, "sub"));
      symlinkSync(".git", join(ws, "g"));
      symlinkSync(".git/hooks", join(ws, "hooks"));
      for (const path of [
        ".git/config",
        ".git/hooks/pre-commit",
        ".git/hooks/post-checkout",
        "./.git/config",
        "sub/../.git/config",
        `${ws}/.git/config`,
        ".GIT/config",
        ".Git/hooks/pre-commit",
        ".git./config",
        ".git /config",
        "g/config",
        "g/hooks/pre-push",
        "hooks/pre-commit",
        "vendor/lib/.git/config",
        "vendor/lib/.git",
      ]) {
        assert.throws(
          () => files.write(path, "[core]\n\tfsmonitor = touch /tmp/pwned\n"),
          refused("workspace", /\.git/),
          path,
        );
      }
      assert.equal(readFileSync(join(ws, ".git", "config"), "utf8"), "[core]\n");
      assert.equal(readFileSync(join(ws, ".git", "hooks", "pre-commit"), "utf8"), "#!/bin/sh\n");
      assert.deepEqual(readdirSync(join(ws, ".git", "hooks")), ["pre-commit"]);
      // Reading the repository's metadata stays allowed, and so do names that only contain .git.
      assert.equal(files.read(".git/config").text, "[core]\n");
      files.write(".gitignore", "node_modules\n");
      files.write("notes.git", "x");
      mkdirSync(join(ws, "my.git.d"));
      files.write("my.git.d/x", "x");
    });
  });

  test("write_file cannot write into a folder the operator marked as run by the host", () => {
    withTempDir("rt-readonly", (dir) => {
      const ws = join(dir, "ws");
      mkdirSync(join(ws, "bin"), { recursive: true });
      mkdirSync(join(ws, "node_modules", "cellguard"), { recursive: true });
      const files = new WorkspaceFiles(ws, UNPROTECTED, {
        readOnlyPaths: () => [join(ws, "bin"), join(ws, "node_modules", "cellguard")],
      });
      symlinkSync("bin", join(ws, "b"));
      for (const path of [
        "bin/ls",
        "b/ls",
        "node_modules/cellguard/package.json",
        "./bin/../bin/x",
      ])
        assert.throws(
          () => files.write(path, "x"),
          refused("workspace", /run by the host|read-only/),
          path,
        );
      assert.deepEqual(readdirSync(join(ws, "bin")), []);
      files.write("binary.txt", "fine");
      files.write("node_modules/other.txt", "fine");
    });
  });
});
