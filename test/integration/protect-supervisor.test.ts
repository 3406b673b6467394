// The supervised execution channel: a request is exactly {argv, cwd, env}; one that tries to
// carry rules is refused and nothing runs; a client without the channel runs nothing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { CLIENT_SOURCE } from "../../src/protect/supervisor-source.js";
import { runCli } from "../helpers/cli.js";
import { needs, sandboxSkipReason, systemPython } from "../helpers/host.js";

const skip = sandboxSkipReason();
const python = systemPython ?? "/usr/bin/python3";

let base: string;
before(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-supervisor-")));
});
after(() => rmSync(base, { recursive: true, force: true }));

describe("supervised execution channel", () => {
  test(
    "a client without the channel on descriptor 3 runs nothing (exit 125)",
    { skip: needs(systemPython === null ? "needs /usr/bin/python3" : false) },
    () => {
      const marker = join(base, "client-ran");
      const r = spawnSync(
        python,
        ["-I", "-S", "-c", CLIENT_SOURCE, "--", "/bin/sh", "-c", `: > ${marker}`],
        {
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      assert.equal(r.status, 125, r.stderr);
      assert.match(r.stderr, /no supervised execution channel/);
      assert.equal(existsSync(marker), false);
    },
  );

  test(
    "a request carrying rules is refused by the supervisor and nothing runs",
    { skip },
    async () => {
      const dir = join(base, "legacy");
      mkdirSync(dir);
      const marker = join(dir, "child-ran");
      const report = join(dir, "report.json");
      const server = join(dir, "server.py");
      // The server speaks to the supervisor directly, as a hostile server would.
      writeFileSync(
        server,
        `import json, os, socket, sys
ch = socket.socket(fileno=4)
out = {}
for name, req in [
    ("extra_field", {"argv": ["/bin/sh", "-c", ": > ${marker}"], "cwd": "/", "env": {}, "profile": "(allow default)"}),
    ("bad_cwd", {"argv": ["/bin/sh", "-c", ": > ${marker}"], "cwd": "relative", "env": {}}),
]:
    mine, theirs = socket.socketpair()
    socket.send_fds(ch, [json.dumps(req).encode()], [0, 1, 2, theirs.fileno()])
    theirs.close()
    answer = b""
    while True:
        chunk = mine.recv(4096)
        if not chunk: break
        answer += chunk
    out[name] = json.loads(answer)
with open(${JSON.stringify(report)}, "w") as f: json.dump(out, f)
`,
      );
      const manifest = join(dir, "manifest.json");
      writeFileSync(
        manifest,
        JSON.stringify({
          version: 1,
          projectRoot: dir,
          controlPaths: [server],
          server: { command: [python, "-I", "-S", server], cwd: dir, passEnv: ["PATH"] },
        }),
      );
      const r = await runCli(["launch", "--manifest", manifest], { timeoutMs: 120_000 });
      assert.equal(r.code, 0, r.stderr);
      const seen = JSON.parse(readFileSync(report, "utf8")) as Record<
        string,
        Record<string, unknown>
      >;
      assert.match(String(seen["extra_field"]?.["error"]), /exactly \{argv, cwd, env\}/);
      assert.match(String(seen["bad_cwd"]?.["error"]), /cwd must be an absolute path/);
      assert.equal(existsSync(marker), false, "a refused request ran a child");
    },
  );
  test(
    "a supervised child holds only its three standard descriptors: the reply socket and other requests' descriptors do not leak into it",
    {
      skip: skip === false ? needs(systemPython === null ? "needs /usr/bin/python3" : false) : skip,
    },
    async () => {
      const dir = join(base, "descriptors");
      mkdirSync(dir);
      const seenFile = join(dir, "child-fds.json");
      const server = join(dir, "server.py");
      // Held by the child, the supervisor's end of the reply socket would let it forge its exit
      // status to the client or read the signals meant for another child.
      const probe = `import json, os
fds = []
for fd in range(3, 1024):
    try: os.fstat(fd)
    except OSError: continue
    fds.append(fd)
with open(${JSON.stringify(seenFile)}, "w") as f: json.dump(fds, f)
`;
      writeFileSync(
        server,
        `import json, socket
ch = socket.socket(fileno=4)
mine, theirs = socket.socketpair()
req = {"argv": [${JSON.stringify(python)}, "-I", "-S", "-c", ${JSON.stringify(probe)}], "cwd": "/", "env": {}}
socket.send_fds(ch, [json.dumps(req).encode()], [0, 1, 2, theirs.fileno()])
theirs.close()
answer = b""
while True:
    chunk = mine.recv(4096)
    if not chunk: break
    answer += chunk
print("ANSWER " + answer.decode(), flush=True)
`,
      );
      const manifest = join(dir, "manifest.json");
      writeFileSync(
        manifest,
        JSON.stringify({
          version: 1,
          projectRoot: dir,
          controlPaths: [server],
          server: { command: [python, "-I", "-S", server], cwd: dir, passEnv: ["PATH"] },
        }),
      );
      const r = await runCli(["launch", "--manifest", manifest], { timeoutMs: 120_000 });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /ANSWER \{"exit": 0\}/);
      assert.deepEqual(JSON.parse(readFileSync(seenFile, "utf8")), []);
    },
  );
  test(
    "extra descriptors are strict: a count that does not match what was carried, or more than the bound, is refused with every descriptor closed; a declared one reaches the child as 4 and nothing else does",
    {
      skip: skip === false ? needs(systemPython === null ? "needs /usr/bin/python3" : false) : skip,
    },
    async () => {
      const dir = join(base, "extra-fds");
      mkdirSync(dir);
      const marker = join(dir, "child-ran");
      const report = join(dir, "report.json");
      const server = join(dir, "server.py");
      const child = `import os
fds = []
for fd in range(3, 1024):
    try: os.fstat(fd)
    except OSError: continue
    fds.append(fd)
os.write(4, ("fds " + " ".join(map(str, fds))).encode())
`;
      writeFileSync(
        server,
        `import json, os, select, socket
ch = socket.socket(fileno=4)
out = {}
def ask(name, req, extra):
    r, w = os.pipe()
    mine, theirs = socket.socketpair()
    socket.send_fds(ch, [json.dumps(req).encode()], [0, 1, 2, theirs.fileno()] + [w] * extra)
    theirs.close()
    os.close(w)
    answer = b""
    while True:
        chunk = mine.recv(4096)
        if not chunk: break
        answer += chunk
    # Every copy of the write end closed (ours, the supervisor's, the child's): EOF on the pipe.
    ready, _, _ = select.select([r], [], [], 10)
    piped = os.read(r, 4096).decode() if ready else "STILL OPEN"
    os.close(r)
    out[name] = {"answer": answer.decode(), "pipe": piped}
run = ["/bin/sh", "-c", ": > ${marker}"]
ask("declared_not_carried", {"argv": run, "cwd": "/", "env": {}, "fds": 1}, 0)
ask("carried_not_declared", {"argv": run, "cwd": "/", "env": {}}, 1)
ask("over_the_bound", {"argv": run, "cwd": "/", "env": {}, "fds": 5}, 5)
ask("one_declared", {"argv": [${JSON.stringify(python)}, "-I", "-S", "-c", ${JSON.stringify(child)}], "cwd": "/", "env": {}, "fds": 1}, 1)
with open(${JSON.stringify(report)}, "w") as f: json.dump(out, f)
`,
      );
      const manifest = join(dir, "manifest.json");
      writeFileSync(
        manifest,
        JSON.stringify({
          version: 1,
          projectRoot: dir,
          controlPaths: [server],
          server: { command: [python, "-I", "-S", server], cwd: dir, passEnv: ["PATH"] },
        }),
      );
      const r = await runCli(["launch", "--manifest", manifest], { timeoutMs: 120_000 });
      assert.equal(r.code, 0, r.stderr);
      const seen = JSON.parse(readFileSync(report, "utf8")) as Record<
        string,
        { answer: string; pipe: string }
      >;
      assert.match(
        String(seen["declared_not_carried"]?.answer),
        /declares 1 extra descriptors but carried 0/,
      );
      assert.match(
        String(seen["carried_not_declared"]?.answer),
        /declares 0 extra descriptors but carried 1/,
      );
      // More than the bound: dropped unanswered, every descriptor closed.
      assert.equal(seen["over_the_bound"]?.answer, "");
      for (const name of ["declared_not_carried", "carried_not_declared", "over_the_bound"])
        assert.equal(seen[name]?.pipe, "", `${name}: a descriptor stayed open`);
      assert.equal(existsSync(marker), false, "a refused request ran a child");
      assert.match(String(seen["one_declared"]?.answer), /"exit": 0/);
      assert.equal(seen["one_declared"]?.pipe, "fds 4");
    },
  );
});
