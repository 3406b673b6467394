// Inherited data (the seccomp program) reaches the child as a sealed read-only file: the exact
// bytes, at offset 0, on a file no name points to, with nothing left behind; and as a pipe when
// asked or when the host has no usable root. Arguments passed by descriptor arrive whole.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  closeSync,
  fstatSync,
  mkdtempSync,
  readdirSync,
  readSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnWrapped, type WrappedCommand } from "../../src/platform/launch.js";
import { openSealedCopy, SEALED_DATA_ROOT } from "../../src/platform/sealed-data.js";
import { isLinux, systemPython } from "../helpers/host.js";

const DATA = Uint8Array.from({ length: 912 }, (_, i) => (i * 37 + 11) & 0xff);

function readAll(fd: number): Buffer {
  const chunks: Buffer[] = [];
  for (;;) {
    const chunk = Buffer.alloc(256);
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) return Buffer.concat(chunks);
    chunks.push(chunk.subarray(0, n));
  }
}

// Reports what descriptor 3 is and everything read from it.
const REPORT_FD3 = String.raw`
import os, stat, sys, json
st = os.fstat(3)
data = b""
while True:
    chunk = os.read(3, 4096)
    if not chunk:
        break
    data += chunk
kind = "file" if stat.S_ISREG(st.st_mode) else "fifo" if stat.S_ISFIFO(st.st_mode) else "socket" if stat.S_ISSOCK(st.st_mode) else "other"
print(json.dumps({"kind": kind, "links": st.st_nlink, "mode": stat.S_IMODE(st.st_mode), "hex": data.hex()}))
`;

/** Spawns the command through spawnWrapped and parses the JSON it prints; it must exit 0. */
async function jsonOutput(command: WrappedCommand, via: "auto" | "pipe"): Promise<unknown> {
  const child = spawnWrapped(command, {
    cwd: tmpdir(),
    env: { PATH: "/usr/bin:/bin" },
    stdin: "ignore",
    inheritedVia: via,
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
  assert.equal(code, 0, err);
  return JSON.parse(out) as unknown;
}

async function fd3Report(via: "auto" | "pipe"): Promise<Record<string, unknown>> {
  const python = systemPython ?? "python3";
  const command = { file: python, args: ["-c", REPORT_FD3], inherited: [{ fd: 3, data: DATA }] };
  return (await jsonOutput(command, via)) as Record<string, unknown>;
}

const linuxSkip = isLinux ? false : "needs Linux (/dev/shm and /proc)";

describe("inherited data as a sealed file", () => {
  test("the copy holds exactly the bytes, read-only, unlinked, and leaves no file behind", () => {
    const root = mkdtempSync(join(tmpdir(), "cellguard-sealed-test-"));
    try {
      const fd = openSealedCopy(DATA, root);
      assert.notEqual(fd, null);
      if (fd === null) return;
      try {
        const info = fstatSync(fd);
        assert.equal(info.nlink, 0, "no name points to the sealed file");
        assert.equal(info.mode & 0o777, 0o400);
        assert.deepEqual(readdirSync(root), []);
        assert.deepEqual(new Uint8Array(readAll(fd)), DATA);
      } finally {
        closeSync(fd);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("an unusable root gives null, so the caller uses a pipe", () => {
    assert.equal(openSealedCopy(DATA, join(tmpdir(), "cellguard-no-such-root", "x")), null);
  });

  test(
    "a spawned child reads the inherited bytes from a regular file on fd 3",
    { skip: linuxSkip },
    async () => {
      const before = new Set(readdirSync(SEALED_DATA_ROOT));
      const report = await fd3Report("auto");
      assert.equal(report["kind"], "file");
      assert.equal(report["links"], 0);
      assert.equal(report["hex"], Buffer.from(DATA).toString("hex"));
      const left = readdirSync(SEALED_DATA_ROOT).filter(
        (name) => !before.has(name) && name.startsWith(".cellguard-sealed-"),
      );
      assert.deepEqual(left, [], "the sealed file is unlinked before the child runs");
    },
  );

  test(
    "inheritedVia pipe still delivers the same bytes through a pipe",
    { skip: linuxSkip },
    async () => {
      const report = await fd3Report("pipe");
      assert.notEqual(report["kind"], "file");
      assert.equal(report["hex"], Buffer.from(DATA).toString("hex"));
    },
  );
});

// Reads the arguments the way bubblewrap's --args FD does: NUL-terminated strings on the
// descriptor, in place of "--args FD" on the command line; prints the whole list.
const ECHO_ARGS = String.raw`
import os, sys, json
argv = sys.argv[1:]
out = []
i = 0
while i < len(argv):
    if argv[i] == "--args":
        fd = int(argv[i + 1])
        data = b""
        while True:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            data += chunk
        out.extend(x.decode() for x in data.split(b"\0")[:-1])
        i += 2
    else:
        out.append(argv[i])
        i += 1
print(json.dumps(out))
`;

describe("arguments passed by descriptor", () => {
  const logical = ["--bind", "/tmp/a b", "/tmp/a b", "--setenv", "K", "välue ✓", "--", "cmd", "x"];
  let script = "";
  before(() => {
    script = join(mkdtempSync(join(tmpdir(), "cellguard-args-")), "echo-args");
    writeFileSync(script, `#!${systemPython ?? "/usr/bin/python3"}\n${ECHO_ARGS}`, { mode: 0o755 });
  });
  after(() => rmSync(join(script, ".."), { recursive: true, force: true }));

  for (const via of ["auto", "pipe"] as const) {
    test(
      `the program sees the same arguments, in order, as on its command line (${via})`,
      { skip: linuxSkip },
      async () => {
        const packed = { file: script, args: logical, inherited: [] };
        assert.deepEqual(
          await jsonOutput({ ...packed, argsViaDescriptor: { fd: 63, count: 6 } }, via),
          logical,
        );
        assert.deepEqual(await jsonOutput(packed, via), logical);
      },
    );
  }

  test("an argument holding NUL, or more arguments than the command has, refuses to spawn", () => {
    const spawnWith = (args: string[], count: number) => () =>
      spawnWrapped(
        { file: "/bin/true", args, inherited: [], argsViaDescriptor: { fd: 63, count } },
        { cwd: tmpdir(), env: {}, stdin: "ignore" },
      );
    assert.throws(spawnWith(["a\0b", "--"], 1), /contains NUL/);
    assert.throws(spawnWith(["a"], 2), /the command has 1/);
  });
});
