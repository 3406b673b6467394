// Facts about the host, gathered once before anything is timed, so every skipped row can say
// why and the printed figures can be read against the machine they came from.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { cpus, release, type } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hostPlatform } from "../src/platform/select.js";
import { isExecutableFile, whichFromEnv } from "../src/platform/which.js";

/** The system interpreter, not a pyenv shim: a shim is a bash script that adds its own start-up. */
export const SYSTEM_PYTHON = "/usr/bin/python3";
const GNU_TIME = "/usr/bin/time";
export const SRT_INSTALL_HINT =
  "npm i -g @anthropic-ai/sandbox-runtime@0.0.78; needs socat and ripgrep";

export interface HostFacts {
  readonly node: string;
  readonly os: string;
  readonly cpuCount: number;
  readonly cpuModel: string;
  /** Why the sandbox rows cannot run here, or null when bubblewrap is usable. */
  readonly sandboxSkip: string | null;
  readonly bwrap: string | null;
  readonly bwrapVersion: string | null;
  readonly srt: string | null;
  readonly srtVersion: string | null;
  readonly python: string | null;
  readonly pythonVersion: string | null;
  readonly gnuTime: string | null;
  /** The compiled CLI entry point, or null when the build is missing. */
  readonly cli: string | null;
  /** NODE_EXTRA_CA_CERTS is set: every Node start-up here parses that file (srt's too). */
  readonly extraCaCerts: boolean;
}

export function detectHost(): HostFacts {
  const platform = hostPlatform();
  const bwrap = platform.os === "linux" ? whichFromEnv("bwrap") : null;
  const srt = whichFromEnv("srt");
  const python = isExecutableFile(SYSTEM_PYTHON) ? SYSTEM_PYTHON : null;
  const cli = compiledCli();
  return {
    node: process.version,
    os: `${type()} ${release()} ${platform.arch}`,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    sandboxSkip: sandboxSkipReason(platform.os, bwrap),
    bwrap,
    bwrapVersion: bwrap === null ? null : versionOutput(bwrap),
    srt,
    srtVersion: srt === null ? null : packageVersion(srt),
    python,
    pythonVersion: python === null ? null : versionOutput(python),
    gnuTime: isExecutableFile(GNU_TIME) ? GNU_TIME : null,
    cli: existsSync(cli) ? cli : null,
    extraCaCerts: (process.env["NODE_EXTRA_CA_CERTS"] ?? "") !== "",
  };
}

function sandboxSkipReason(os: string, bwrap: string | null): string | null {
  if (os !== "linux") return `the bubblewrap sandbox needs Linux; this host is ${os}`;
  if (bwrap === null) return "bubblewrap (bwrap) is not on PATH; install the bubblewrap package";
  return null;
}

/** build/bench/host.js → build/cellguard.cjs, the bundled CLI as shipped. */
function compiledCli(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "..", "cellguard.cjs");
}

// `bwrap --version` prints "bubblewrap 0.8.0"; `python3 --version` prints "Python 3.11.2".
function versionOutput(executable: string): string | null {
  const result = spawnSync(executable, ["--version"], { encoding: "utf8", timeout: 5000 });
  const text = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim().split("\n")[0] ?? "";
  return result.status === 0 && text !== "" ? text : null;
}

// Read from the installed package rather than by running srt, which costs half a second.
function packageVersion(bin: string): string | null {
  try {
    let dir = dirname(realpathSync(bin));
    while (dir !== dirname(dir)) {
      const manifest = join(dir, "package.json");
      // A nested manifest (a dist/ folder's {"type":"module"}) has no version: keep climbing.
      if (existsSync(manifest)) {
        const parsed: unknown = JSON.parse(readFileSync(manifest, "utf8"));
        const version = (parsed as { version?: unknown }).version;
        if (typeof version === "string") return version;
      }
      dir = dirname(dir);
    }
  } catch {
    // unreadable install: the version is only a label
  }
  return null;
}
