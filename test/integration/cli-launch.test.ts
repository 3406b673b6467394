// cellguard launch end to end, under real bubblewrap: the server cannot write its control file,
// a child it starts through the supervisor cannot read the store, and bad manifests are refused
// with their own message (exit 125) before anything starts.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { isRoot, needs, sandboxSkipReason, systemPython } from "../helpers/host.js";

const skip = sandboxSkipReason();
const spawnChildModule = fileURLToPath(
  new URL("../../src/protect/spawn-child.js", import.meta.url),
);
const pinModule = fileURLToPath(new URL("../../src/protect/pin.js", import.meta.url));

let base: string;
before(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-launch-")));
});
after(() => rmSync(base, { recursive: true, force: true }));

interface Layout {
  readonly dir: string;
  readonly project: string;
  readonly control: string;
  readonly store: string;
  readonly marker: string;
  readonly manifest: string;
}

function layout(name: string, extra: Record<string, unknown> = {}): Layout {
  const dir = join(base, name);
  const project = join(dir, "project");
  const store = join(dir, "data");
  mkdirSync(project, { recursive: true });
  mkdirSync(join(store, "knowledge"), { recursive: true });
  mkdirSync(join(store, "build-cache"));
  writeFileSync(join(store, "knowledge", "k.json"), "STORE-SECRET");
  const control = join(project, "policy.toml");
  writeFileSync(control, "operator policy\n");
  const marker = join(dir, "server-ran");
  const server = join(dir, "server.mjs");
  writeFileSync(
    server,
    `import { appendFileSync, writeFileSync } from "node:fs";
import { spawnProtectedChild } from ${JSON.stringify(spawnChildModule)};
import { enforceProtectedStorePath } from ${JSON.stringify(pinModule)};
writeFileSync(${JSON.stringify(marker)}, "ran");
const report = {};
try { appendFileSync(${JSON.stringify(control)}, "pwned"); report.control = "ok"; } catch (e) { report.control = e.code; }
try { enforceProtectedStorePath(${JSON.stringify(join(store, "knowledge", "k.json"))}); report.storePath = "ok"; } catch (e) { report.storePath = e.code; }
const child = spawnProtectedChild(["/bin/sh", "-c", "cat ${join(store, "knowledge", "k.json")} || echo cat-failed; echo built > ${join(store, "build-cache", "out")} && cat ${join(store, "build-cache", "out")}"], { cwd: ${JSON.stringify(project)}, env: { PATH: "/usr/bin:/bin" } });
let out = "";
child.stdout.on("data", (d) => (out += d));
child.on("exit", (code) => { report.child = out; report.childExit = code; console.log("REPORT " + JSON.stringify(report)); process.exit(7); });
`,
  );
  const manifest = join(dir, "manifest.json");
  writeFileSync(
    manifest,
    JSON.stringify({
      version: 1,
      projectRoot: project,
      controlPaths: [control, server],
      stores: [{ root: store, workMembers: ["build-cache"] }],
      server: { command: [process.execPath, server], cwd: project, passEnv: ["PATH"] },
      ...extra,
    }),
  );
  return { dir, project, control, store, marker, manifest };
}

describe("cellguard launch", { skip }, () => {
  test("the server cannot write its control file and its supervised child cannot read the store", async () => {
    const l = layout("e2e");
    const r = await runCli(["launch", "--manifest", l.manifest], { timeoutMs: 120_000 });
    const line = r.stdout.split("\n").find((x) => x.startsWith("REPORT "));
    assert.ok(line !== undefined, `no report (exit ${String(r.code)}): ${r.stderr}`);
    const report = JSON.parse(line.slice(7)) as Record<string, unknown>;
    assert.equal(r.code, 7, "the server's exit code is forwarded");
    assert.equal(report["control"], "EROFS");
    assert.equal(report["storePath"], "ERR_PROTECT_CONTEXT");
    assert.equal(report["childExit"], 0);
    assert.doesNotMatch(String(report["child"]), /STORE-SECRET/);
    assert.match(String(report["child"]), /cat-failed/);
    assert.match(String(report["child"]), /built/);
    assert.equal(readFileSync(l.control, "utf8"), "operator policy\n");
    assert.equal(readFileSync(join(l.store, "build-cache", "out"), "utf8"), "built\n");
  });

  test("a command given after -- replaces the manifest's and its protected children still start under the pin", async () => {
    const l = layout("override");
    const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
    const server = (manifest["server"] as { command: string[] }).command;
    // The manifest names another command; the real server comes on the command line.
    writeFileSync(
      l.manifest,
      JSON.stringify({
        ...manifest,
        server: { ...(manifest["server"] as object), command: ["/bin/false"] },
      }),
    );
    const r = await runCli(["launch", "--manifest", l.manifest, "--", ...server], {
      timeoutMs: 120_000,
    });
    const line = r.stdout.split("\n").find((x) => x.startsWith("REPORT "));
    assert.ok(line !== undefined, `no report (exit ${String(r.code)}): ${r.stderr}`);
    const report = JSON.parse(line.slice(7)) as Record<string, unknown>;
    assert.equal(r.code, 7);
    assert.equal(report["storePath"], "ERR_PROTECT_CONTEXT", "the store-path check holds the pin");
    assert.equal(report["childExit"], 0, `the protected child started: ${String(report["child"])}`);
    assert.doesNotMatch(String(report["child"]), /STORE-SECRET/);
    assert.match(String(report["child"]), /built/);
  });

  test("signals reach the server and the exit code says so", async () => {
    const l = layout("signal");
    const child = spawn(process.execPath, [
      fileURLToPath(new URL("../../cellguard.cjs", import.meta.url)),
      "launch",
      "--manifest",
      l.manifest,
      "--",
      "/bin/sh",
      "-c",
      `: > ${l.marker}; exec /bin/sleep 60`,
    ]);
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    // Wait until the server runs (it leaves a marker), then interrupt the launcher.
    const deadline = Date.now() + 90_000;
    while (!existsSync(l.marker) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    assert.ok(existsSync(l.marker), `the server never started: ${stderr}`);
    child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) =>
      child.once("exit", (c) => resolve(c)),
    );
    assert.equal(code, 143, stderr);
  });

  test("a server or its child cannot plant loader configuration, libraries or names in / that run outside the confinement", async () => {
    // As root the server and its children own /etc, /usr and "/": /etc/ld.so.preload, a
    // replaced library or a swapped /lib64 link would run inside the next bubblewrap the
    // supervisor starts, outside every confinement. Harmless probe names stand in for those.
    const l = layout("system-trees");
    const tag = `cellguard-probe-${process.pid}-${Date.now()}`;
    const probes = ["/etc", "/usr/lib", "/"].map((d) => join(d, tag));
    const childProbes = probes.map((p) => `${p}-child`);
    const server = join(l.dir, "system-server.mjs");
    writeFileSync(
      server,
      `import { writeFileSync } from "node:fs";
import { spawnProtectedChild } from ${JSON.stringify(spawnChildModule)};
const report = {};
for (const p of ${JSON.stringify(probes)}) {
  try { writeFileSync(p, "x"); report[p] = "written"; } catch (e) { report[p] = e.code; }
}
const script = ${JSON.stringify(childProbes)}.map((p) => \`(: > \${p}) 2>/dev/null && echo "\${p} written" || echo "\${p} refused"\`).join("; ");
const child = spawnProtectedChild(["/bin/sh", "-c", script], { cwd: ${JSON.stringify(l.project)}, env: { PATH: "/usr/bin:/bin" } });
let out = "";
child.stdout.on("data", (d) => (out += d));
child.on("exit", (code) => { report.child = out; report.childExit = code; console.log("REPORT " + JSON.stringify(report)); });
`,
    );
    const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
    writeFileSync(
      l.manifest,
      JSON.stringify({
        ...manifest,
        controlPaths: [l.control, server],
        server: { command: [process.execPath, server], cwd: l.project, passEnv: ["PATH"] },
      }),
    );
    try {
      const r = await runCli(["launch", "--manifest", l.manifest], { timeoutMs: 120_000 });
      const line = r.stdout.split("\n").find((x) => x.startsWith("REPORT "));
      assert.ok(line !== undefined, `no report (exit ${String(r.code)}): ${r.stderr}`);
      const report = JSON.parse(line.slice(7)) as Record<string, unknown>;
      const root = process.getuid?.() === 0;
      for (const p of probes)
        if (root) assert.equal(report[p], "EROFS", p);
        else
          assert.ok(report[p] === "EROFS" || report[p] === "EACCES", `${p}: ${String(report[p])}`);
      assert.equal(report["childExit"], 0);
      for (const p of childProbes)
        assert.match(String(report["child"]), new RegExp(`${p} refused`));
      for (const p of [...probes, ...childProbes])
        assert.equal(existsSync(p), false, `${p} was created`);
    } finally {
      for (const p of [...probes, ...childProbes]) rmSync(p, { force: true });
    }
  });

  test(
    "a server that swaps a work member for a symlink to a credential directory cannot make its child read the credential",
    { skip: needs(systemPython === null ? "needs /usr/bin/python3" : false) },
    async () => {
      // The server cannot read the credential itself, but each child's bubblewrap binds the work
      // member back by name on the host: a symlink there would be followed.
      const l = layout("work-member-swap");
      const operator = join(l.dir, "operator");
      mkdirSync(operator);
      writeFileSync(join(operator, "token"), "OPERATOR-CREDENTIAL");
      const member = join(l.store, "build-cache");
      const server = join(l.dir, "swap-server.py");
      writeFileSync(
        server,
        `import json, os, shutil, socket
ch = socket.socket(fileno=4)
report = {}
try:
    open(${JSON.stringify(join(operator, "token"))}).read(); report["server_read"] = "read"
except OSError as e: report["server_read"] = e.strerror
def attempt(name, act):
    try: act(); report[name] = "done"
    except OSError as e: report[name] = e.strerror
attempt("swap_member", lambda: (shutil.rmtree(${JSON.stringify(member)}), os.symlink(${JSON.stringify(operator)}, ${JSON.stringify(member)})))
mine, theirs = socket.socketpair()
req = {"argv": ["/bin/sh", "-c", "cat ${member}/token; ls ${member}"], "cwd": "/", "env": {}}
socket.send_fds(ch, [json.dumps(req).encode()], [0, 1, 2, theirs.fileno()])
theirs.close()
while mine.recv(4096): pass
attempt("rename_member", lambda: os.rename(${JSON.stringify(member)}, ${JSON.stringify(`${member}.moved`)}))
attempt("rename_store", lambda: os.rename(${JSON.stringify(l.store)}, ${JSON.stringify(`${l.store}.moved`)}))
print("REPORT " + json.dumps(report), flush=True)
`,
      );
      const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
      writeFileSync(
        l.manifest,
        JSON.stringify({
          ...manifest,
          controlPaths: [l.control, server],
          operatorCredentials: [operator],
          server: {
            command: [systemPython ?? "/usr/bin/python3", "-I", "-S", server],
            cwd: l.project,
            passEnv: ["PATH"],
          },
        }),
      );
      const r = await runCli(["launch", "--manifest", l.manifest], { timeoutMs: 120_000 });
      const line = r.stdout.split("\n").find((x) => x.startsWith("REPORT "));
      assert.ok(line !== undefined, `no report (exit ${String(r.code)}): ${r.stderr}`);
      const report = JSON.parse(line.slice(7)) as Record<string, unknown>;
      assert.notEqual(report["server_read"], "read");
      assert.doesNotMatch(r.stdout, /OPERATOR-CREDENTIAL/, "the child read the credential");
      for (const act of ["swap_member", "rename_member", "rename_store"])
        assert.notEqual(report[act], "done", `${act} succeeded`);
      assert.equal(existsSync(join(member, "token")), false, "the work member was replaced");
      assert.equal(existsSync(l.store), true, "the store was renamed");
    },
  );

  test(
    "a passed-through secret and a child's environment never appear in a host process's argv",
    { skip: needs(systemPython === null ? "needs /usr/bin/python3" : false) },
    async () => {
      // Every local user can read /proc/PID/cmdline: a bubblewrap started with
      // `--setenv NAME VALUE` would publish the server's token for the whole session.
      const l = layout("argv-secrets");
      const serverSecret = `server-secret-${process.pid}-${Date.now()}`;
      const childSecret = `child-secret-${process.pid}-${Date.now()}`;
      const ready = join(l.dir, "child-running");
      const server = join(l.dir, "env-server.py");
      writeFileSync(
        server,
        `import json, os, socket, time
ch = socket.socket(fileno=4)
mine, theirs = socket.socketpair()
req = {"argv": ["/bin/sh", "-c", ": > ${ready}; exec /bin/sleep 4"], "cwd": "/", "env": {"CHILD_TOKEN": ${JSON.stringify(childSecret)}}}
socket.send_fds(ch, [json.dumps(req).encode()], [0, 1, 2, theirs.fileno()])
theirs.close()
while mine.recv(4096): pass
print("SERVER-HAS-TOKEN " + str(os.environ.get("SERVICE_TOKEN") == ${JSON.stringify(serverSecret)}), flush=True)
`,
      );
      const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
      writeFileSync(
        l.manifest,
        JSON.stringify({
          ...manifest,
          controlPaths: [l.control, server],
          server: {
            command: [systemPython ?? "/usr/bin/python3", "-I", "-S", server],
            cwd: l.project,
            passEnv: ["PATH", "SERVICE_TOKEN"],
          },
        }),
      );
      const running = runCli(["launch", "--manifest", l.manifest], {
        timeoutMs: 120_000,
        env: { ...process.env, SERVICE_TOKEN: serverSecret },
      });
      const deadline = Date.now() + 90_000;
      while (!existsSync(ready) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      assert.ok(existsSync(ready), "the child never started");
      const published: string[] = [];
      for (const pid of readdirSync("/proc").filter((n) => /^[0-9]+$/.test(n))) {
        let argv: string;
        try {
          argv = readFileSync(`/proc/${pid}/cmdline`, "latin1");
        } catch {
          continue; // gone meanwhile
        }
        if (argv.includes(serverSecret) || argv.includes(childSecret))
          published.push(argv.split("\0")[0] ?? pid);
      }
      const r = await running;
      assert.equal(r.code, 0, r.stderr);
      assert.match(
        r.stdout,
        /SERVER-HAS-TOKEN True/,
        "the server did not get its pass-through value",
      );
      assert.deepEqual(published, [], "a secret was visible in a host process's argv");
    },
  );

  const refusals: [string, (l: Layout) => Record<string, unknown> | void, RegExp][] = [
    [
      "a relative control path",
      () => ({ controlPaths: ["relative/policy.toml"] }),
      /controlPaths\[0\].*not absolute/,
    ],
    [
      "a dotted control path",
      (l) => ({ controlPaths: [`${l.project}/../policy.toml`] }),
      /controlPaths\[0\].*"\.\." segment/,
    ],
    [
      "a hardlinked control file",
      (l) => {
        linkSync(l.control, join(l.dir, "second-name"));
      },
      /hardlinked/,
    ],
    [
      "more than 4096 entries",
      (l) => {
        const big = join(l.dir, "big");
        mkdirSync(big);
        for (let i = 0; i < 4097; i++) writeFileSync(join(big, `f${i}`), "");
        return { controlPaths: [big] };
      },
      /too many control-file entries/,
    ],
    [
      "a work member that is a symlink elsewhere",
      (l) => {
        rmSync(join(l.store, "build-cache"), { recursive: true });
        mkdirSync(join(l.dir, "elsewhere"));
        symlinkSync(join(l.dir, "elsewhere"), join(l.store, "build-cache"));
      },
      /must not redirect the store boundary/,
    ],
  ];
  refusals.forEach(([what, breakIt, message], i) => {
    test(`${what} is refused with its own message and nothing starts`, async () => {
      const l = layout(`refused-${i}`);
      const extra = breakIt(l);
      if (extra !== undefined) {
        const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
        writeFileSync(l.manifest, JSON.stringify({ ...manifest, ...extra }));
      }
      const r = await runCli(["launch", "--manifest", l.manifest]);
      assert.equal(r.code, 125, r.stderr);
      assert.match(r.stderr, /nothing was started/);
      assert.match(r.stderr, message);
      assert.equal(existsSync(l.marker), false, "the server was started");
    });
  });

  test("a second name is refused for a file the session's user could write, and accepted for one it reaches through no name", async (t) => {
    const l = layout("two-names");
    // As root the test's own file is the case (root owns it and is never relaxed); as the
    // unprivileged re-run's user, a root-owned file the root harness gave a second name.
    const fixture = isRoot
      ? join(l.dir, "root-program")
      : process.env["CELLGUARD_TEST_ROOT_OWNED_TWO_NAMES"];
    if (fixture === undefined) {
      t.skip(needs("needs the root harness's fixture (run through unprivileged.test.ts)") || "");
      return;
    }
    if (isRoot) {
      writeFileSync(fixture, "root-owned\n", { mode: 0o755 });
      linkSync(fixture, join(l.dir, "root-program-second-name"));
    }
    const server = join(l.dir, "two-names-server.mjs");
    writeFileSync(
      server,
      `import { appendFileSync } from "node:fs";
let result;
try { appendFileSync(${JSON.stringify(fixture)}, "pwned"); result = "ok"; } catch (e) { result = e.code; }
console.log("REPORT " + JSON.stringify({ result }));
process.exit(7);
`,
    );
    const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
    writeFileSync(
      l.manifest,
      JSON.stringify({
        ...manifest,
        controlPaths: [l.control, server, fixture],
        server: { ...(manifest["server"] as object), command: [process.execPath, server] },
      }),
    );
    const r = await runCli(["launch", "--manifest", l.manifest], { timeoutMs: 120_000 });
    if (isRoot) {
      assert.equal(r.code, 125, r.stderr);
      assert.match(
        r.stderr,
        /hardlinked \(2 names\), and the confined user \(uid 0\) could write it/,
      );
      assert.match(r.stderr, /nothing was started/);
      return;
    }
    const line = r.stdout.split("\n").find((x) => x.startsWith("REPORT "));
    assert.ok(line !== undefined, `no report (exit ${String(r.code)}): ${r.stderr}`);
    assert.equal(r.code, 7, r.stderr);
    const { result } = JSON.parse(line.slice(7)) as { result: string };
    assert.ok(result === "EROFS" || result === "EACCES", `the server wrote it: ${result}`);
    assert.equal(readFileSync(fixture, "utf8"), "root-owned\n");
  });

  test(
    "a socket at a control path is refused",
    { skip: needs(systemPython === null ? "needs /usr/bin/python3" : false) },
    async () => {
      const l = layout("refused-socket");
      const sock = join(l.dir, "control.sock");
      const listener = spawn(systemPython ?? "/usr/bin/python3", [
        "-I",
        "-S",
        "-c",
        "import socket,sys,time\ns=socket.socket(socket.AF_UNIX)\ns.bind(sys.argv[1])\nprint('up',flush=True)\ntime.sleep(60)",
        sock,
      ]);
      try {
        await new Promise((resolve) => listener.stdout.once("data", resolve));
        const manifest = JSON.parse(readFileSync(l.manifest, "utf8")) as Record<string, unknown>;
        writeFileSync(l.manifest, JSON.stringify({ ...manifest, controlPaths: [sock] }));
        const r = await runCli(["launch", "--manifest", l.manifest]);
        assert.equal(r.code, 125, r.stderr);
        assert.match(r.stderr, /not a regular file or directory/);
        assert.equal(existsSync(l.marker), false);
      } finally {
        listener.kill("SIGKILL");
      }
    },
  );
});
