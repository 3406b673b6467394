// npm run bench:protect: what the protected store costs. (1) Compiling and validating a control
// profile of 1,000 entries, beside a one-entry profile. (2) Starting a child through
// protectedChildPrefix() inside a real `cellguard launch` session (client, supervisor, composed
// bubblewrap), beside a bare bubblewrap start; both measured in this run, printed as ratios.
// A benchmark, not a test: figures are reported, never asserted.
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { hostPlatform } from "../src/platform/select.js";
import { whichTrusted } from "../src/platform/trusted-binary.js";
import { trustedSystemPython } from "../src/protect/pin.js";
import { controlProfile } from "../src/protect/profiles.js";
import { validate } from "../src/protect/validate.js";

const RUNS = Math.max(1, Math.min(1000, Number(process.env["BENCH_RUNS"] ?? 10) || 10));

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? NaN) : ((s[mid - 1] ?? NaN) + (s[mid] ?? NaN)) / 2;
};
const ms = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e6;
const fmt = (x: number): string => `${x.toFixed(1)} ms`;

async function main(): Promise<number> {
  const platform = hostPlatform();
  const bwrap = whichTrusted("bwrap", process.env["PATH"]).path;
  const python = trustedSystemPython();
  if (platform.os !== "linux" || bwrap === null || python === null) {
    console.error("bench:protect needs Linux, a trusted bubblewrap and /usr/bin/python3");
    return 1;
  }
  const base = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-bench-protect-")));
  try {
    const controls = join(base, "controls");
    mkdirSync(controls);
    for (let i = 0; i < 999; i++)
      writeFileSync(join(controls, `c${String(i).padStart(4, "0")}.toml`), "x");
    const one = join(base, "one.toml");
    writeFileSync(one, "x");
    const session = join(base, "session");
    mkdirSync(session, { mode: 0o700 });
    const deniedFile = join(session, "denied");
    writeFileSync(deniedFile, "");
    chmodSync(deniedFile, 0o000);
    const allowedDir = join(base, "writable");
    mkdirSync(allowedDir);
    const options = { platform, bwrap, python, deniedFile, allowedDir };
    // 1,000 entries: the directory counts itself and its 999 files.
    const big = [{ path: controls, denyRead: false }];
    const small = [{ path: one, denyRead: false }];
    const compileBig: number[] = [];
    const validateBig: number[] = [];
    const totalSmall: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      let t = process.hrtime.bigint();
      const profile = controlProfile(big);
      compileBig.push(ms(t));
      t = process.hrtime.bigint();
      await validate(profile, options);
      validateBig.push(ms(t));
      t = process.hrtime.bigint();
      await validate(controlProfile(small), options);
      totalSmall.push(ms(t));
    }
    const bigTotal = median(compileBig.map((c, i) => c + (validateBig[i] ?? 0)));
    console.log("# protected store: control profile of 1,000 entries (median of %d runs)", RUNS);
    console.log(`  compile:            ${fmt(median(compileBig))}`);
    console.log(`  validate:           ${fmt(median(validateBig))}`);
    console.log(
      `  compile + validate: ${fmt(bigTotal)}   anchor, 1-entry profile: ${fmt(median(totalSmall))}   ratio ${(bigTotal / median(totalSmall)).toFixed(2)}x`,
    );

    // (2) A real session: the server starts RUNS children through the prefix and times them.
    const project = join(base, "project");
    const store = join(base, "store");
    mkdirSync(project);
    mkdirSync(join(store, "build-cache"), { recursive: true });
    const spawnChild = fileURLToPath(new URL("../src/protect/spawn-child.js", import.meta.url));
    const server = join(base, "server.mjs");
    writeFileSync(
      server,
      `import { spawnProtectedChild } from ${JSON.stringify(spawnChild)};
const times = [];
for (let i = 0; i < ${RUNS + 1}; i++) {
  const t = process.hrtime.bigint();
  await new Promise((resolve, reject) => {
    const c = spawnProtectedChild(["/bin/true"], { cwd: ${JSON.stringify(project)}, env: { PATH: "/usr/bin:/bin" }, stdio: ["ignore", "ignore", "inherit"] });
    c.once("error", reject);
    c.once("exit", (code) => (code === 0 ? resolve() : reject(new Error("child exit " + code))));
  });
  if (i > 0) times.push(Number(process.hrtime.bigint() - t) / 1e6);
}
console.log("TIMES " + JSON.stringify(times));
`,
    );
    const manifestPath = join(base, "manifest.json");
    writeFileSync(
      manifestPath,
      JSON.stringify({
        version: 1,
        projectRoot: project,
        controlPaths: [server],
        stores: [{ root: store, workMembers: ["build-cache"] }],
        server: { command: [process.execPath, server], cwd: project, passEnv: ["PATH"] },
      }),
    );
    const cli = fileURLToPath(new URL("../cellguard.cjs", import.meta.url));
    const launched = await runToEnd(process.execPath, [cli, "launch", "--manifest", manifestPath]);
    const line = launched.stdout.split("\n").find((l) => l.startsWith("TIMES "));
    if (line === undefined) {
      console.error(`bench:protect: the launched session did not report: ${launched.stderr}`);
      return 1;
    }
    const viaPrefix = JSON.parse(line.slice(6)) as number[];
    const bare: number[] = [];
    for (let i = 0; i < RUNS + 1; i++) {
      const t = process.hrtime.bigint();
      const r = await runToEnd(bwrap, [
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--unshare-pid",
        "/bin/true",
      ]);
      if (r.code !== 0) {
        console.error(`bench:protect: bare bubblewrap failed: ${r.stderr}`);
        return 1;
      }
      if (i > 0) bare.push(ms(t));
    }
    console.log("# protected store: starting /bin/true (median of %d starts, same run)", RUNS);
    console.log(
      `  through protectedChildPrefix() (client -> supervisor -> composed bubblewrap): ${fmt(median(viaPrefix))}`,
    );
    console.log(
      `  anchor, bare bubblewrap start:                                          ${fmt(median(bare))}`,
    );
    console.log(`  ratio ${(median(viaPrefix) / median(bare)).toFixed(2)}x`);
    return 0;
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

function runToEnd(
  file: string,
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, [...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

process.exitCode = await main();
