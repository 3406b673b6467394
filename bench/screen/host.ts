// The machine and the anchor tools, found once before anything is timed, so that every skipped
// row can say why.
import { cpus, release, type } from "node:os";
import { hostPlatform } from "../../src/platform/select.js";
import { isExecutableFile, whichFromEnv } from "../../src/platform/which.js";
import { SYSTEM_PYTHON } from "../host.js";
import { runTool, versionOf } from "./tools.js";

export interface ScreenHost {
  readonly node: string;
  readonly os: string;
  readonly cpuCount: number;
  readonly cpuModel: string;
  readonly grep: string | null;
  readonly grepVersion: string | null;
  /** False for a grep that is not GNU grep: its figures are then not the anchor the spec names. */
  readonly grepIsGnu: boolean;
  /** An installed UTF-8 locale for the slow-path grep run, or null with the reason in utf8Skip. */
  readonly utf8Locale: string | null;
  readonly utf8Skip: string | null;
  readonly bandit: string | null;
  readonly banditVersion: string | null;
  /** For the parse check of the Cells: the system interpreter first (Bandit's own). */
  readonly python: string | null;
}

export function detectScreenHost(): ScreenHost {
  const grep = whichFromEnv("grep");
  const grepVersion = grep === null ? null : versionOf(grep);
  const bandit = whichFromEnv("bandit");
  const locale = utf8Locale();
  return {
    node: process.version,
    os: `${type()} ${release()} ${hostPlatform().arch}`,
    cpuCount: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
    grep,
    grepVersion,
    grepIsGnu: grepVersion?.includes("GNU grep") ?? false,
    utf8Locale: locale.name,
    utf8Skip: locale.skip,
    bandit,
    banditVersion: bandit === null ? null : versionOf(bandit),
    python: isExecutableFile(SYSTEM_PYTHON) ? SYSTEM_PYTHON : whichFromEnv("python3"),
  };
}

// An unknown LC_ALL silently falls back to the C locale, which would time the fast path twice:
// only a locale that `locale -a` lists is used.
function utf8Locale(): { name: string | null; skip: string | null } {
  const tool = whichFromEnv("locale");
  if (tool === null) return { name: null, skip: "`locale` is not on PATH: cannot list locales" };
  const run = runTool(tool, ["-a"], { timeoutMs: 15_000 });
  const names = run.stdout.split("\n").map((line) => line.trim());
  const utf8 = names.filter((name) => /\.utf-?8$/i.test(name));
  const preferred = utf8.find((name) => /^c\./i.test(name)) ?? utf8[0];
  if (preferred === undefined) return { name: null, skip: "no UTF-8 locale is installed" };
  return { name: preferred, skip: null };
}
