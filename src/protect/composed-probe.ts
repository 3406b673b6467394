// The protect half of the composed template's launch check, run under the template like any
// child: every control path must refuse a write, every control path and pinned ancestor inside
// the workspace must refuse a rename, every store file must be unreadable and every store
// directory must list nothing but its work members. The kernel sandbox's own self-test (same
// template) covers the rest. The host decides from the raw results, never from the probe's word.
import { accessSync, constants, lstatSync, readdirSync } from "node:fs";
import { DEFAULT_PATH } from "../kernel/environment.js";
import type { RunResult } from "../platform/launch.js";
import { isSameOrInside, joinPath, parentOf } from "./paths.js";
import type { ProtectRuleSet } from "./rules.js";

export interface ComposedProbeSpec {
  readonly write: readonly string[];
  readonly rename: readonly string[];
  readonly read: readonly string[];
  /** Directory, then the names it may still show (its work members). */
  readonly list: readonly (readonly [string, readonly string[]])[];
}

const STORE_FILES_PER_ROOT = 16;

export const COMPOSED_PROBE = String.raw`
import errno, json, os, sys
spec = json.loads(sys.argv[1])
def tried(fn):
    try:
        fn(); return "ok"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
out = {"write": {}, "rename": {}, "read": {}, "list": {}}
tag = ".cellguard-probe-" + str(os.getpid())
for p in spec["write"]:
    def w(p=p):
        if os.path.isdir(p) and not os.path.islink(p):
            q = os.path.join(p, tag); os.mkdir(q); os.rmdir(q)
        elif os.path.lexists(p):
            os.close(os.open(p, os.O_WRONLY | os.O_APPEND | os.O_NOFOLLOW))
        else:
            os.close(os.open(p, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)); os.unlink(p)
    out["write"][p] = tried(w)
for p in spec["rename"]:
    def r(p=p):
        os.rename(p, p + tag)
        os.rename(p + tag, p)
    out["rename"][p] = tried(r)
for p in spec["read"]:
    out["read"][p] = tried(lambda p=p: os.close(os.open(p, os.O_RDONLY)))
for p, _ in spec["list"]:
    try: out["list"][p] = sorted(os.listdir(p))
    except OSError as e: out["list"][p] = errno.errorcode.get(e.errno, str(e.errno))
print(json.dumps(out, sort_keys=True))
`;

const exists = (path: string): boolean => {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
};

const readable = (path: string): boolean => {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
};

const isDirectory = (path: string): boolean => {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** What to probe for a rule set (host-probing: what exists and what this process can read). */
export function composedProbeSpec(rules: ProtectRuleSet, workspace: string): ComposedProbeSpec {
  const insideWorkspace = (p: string): boolean => p !== workspace && isSameOrInside(p, workspace);
  const rename = [...rules.writes, ...rules.ancestors].filter(
    (p) => insideWorkspace(p) && exists(p),
  );
  const read = new Set<string>();
  const list: [string, string[]][] = [];
  for (const path of rules.reads) {
    if (isDirectory(path)) {
      const keep = rules.workPaths
        .filter((w) => parentOf(w) === path)
        .map((w) => w.slice(path.length + 1));
      list.push([path, keep]);
      let names: string[] = [];
      try {
        names = readdirSync(path).sort();
      } catch {
        // unlistable here too: the listing inside is still checked
      }
      for (const name of names.slice(0, STORE_FILES_PER_ROOT)) {
        const file = joinPath(path, name);
        if (!keep.includes(name) && !isDirectory(file) && readable(file)) read.add(file);
      }
    } else if (exists(path) && readable(path)) read.add(path);
  }
  return { write: [...new Set(rules.writes)], rename: [...new Set(rename)], read: [...read], list };
}

/** The probe's command line and environment. */
export function composedProbeCommand(
  python: string,
  spec: ComposedProbeSpec,
): {
  argv: string[];
  env: Record<string, string>;
} {
  return {
    argv: [python, "-I", "-S", "-c", COMPOSED_PROBE, JSON.stringify(spec)],
    env: { PATH: DEFAULT_PATH, LANG: "C.UTF-8" },
  };
}

/** What failed, from the probe's raw report; empty when everything held. */
export function judgeComposedProbe(spec: ComposedProbeSpec, result: RunResult): string[] {
  let report: Record<string, Record<string, unknown>>;
  try {
    report = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "") as typeof report;
  } catch {
    return [
      `the probe did not report (exit ${String(result.exitCode ?? result.signal)}: ${result.stderr.trim().slice(0, 400)})`,
    ];
  }
  const wrong: string[] = [];
  const refused = (group: "write" | "rename" | "read", path: string, what: string): void => {
    const got = report[group]?.[path];
    if (typeof got !== "string") wrong.push(`no ${group} result for ${path}`);
    else if (got === "ok") wrong.push(`${what} ${path} succeeded`);
  };
  for (const p of spec.write) refused("write", p, "a write to");
  for (const p of spec.rename) refused("rename", p, "renaming");
  for (const p of spec.read) refused("read", p, "reading");
  for (const [dir, keep] of spec.list) {
    const got = report["list"]?.[dir];
    if (Array.isArray(got)) {
      const shown = got.filter((n) => typeof n !== "string" || !keep.includes(n));
      if (shown.length > 0) wrong.push(`the store ${dir} lists ${shown.slice(0, 5).join(", ")}`);
    } else if (typeof got !== "string") wrong.push(`no listing result for ${dir}`);
  }
  if (spec.write.length === 0) wrong.push("no control path to probe");
  return wrong;
}
