// Facts about the test host, so tests that need a real component skip visibly, with a reason.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { whichOnPath } from "../../src/platform/which.js";

export const isRoot = process.getuid?.() === 0;
export const bwrapPath = whichOnPath("bwrap", process.env["PATH"] ?? "/usr/bin:/bin");
export const systemPython = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : null;
export const isLinux =
  process.env["CELLGUARD_TEST_FORCE_NON_LINUX"] === undefined && existsSync("/proc/self/status");

/**
 * Set by .ci/run: every real component is installed there, so a missing one must fail the run,
 * not skip half the suite and report green.
 */
export const componentsRequired = process.env["CELLGUARD_REQUIRE_COMPONENTS"] === "1";

/**
 * A skip reason for a test that needs a real component, or false. Where components are required
 * the reason is turned into a failure instead, naming what is missing.
 */
export function needs(reason: string | false): string | false {
  if (reason === false || !componentsRequired) return reason;
  throw new Error(
    `a required test component is missing (CELLGUARD_REQUIRE_COMPONENTS=1): ${reason}`,
  );
}

/** A reason to skip real-sandbox tests on this host, or false when they can run. */
export function sandboxSkipReason(): string | false {
  return needs(sandboxUnavailable());
}

function sandboxUnavailable(): string | false {
  if (!isLinux) return "needs Linux";
  if (bwrapPath === null) return "needs bubblewrap (apt-get install bubblewrap)";
  if (systemPython === null) return "needs the system python3 (apt-get install python3)";
  return namespaceProbe();
}

let probed: string | false | undefined;

// A host where bubblewrap is installed but the kernel refuses namespaces (a container without
// nesting, an AppArmor user-namespace restriction) cannot run real-sandbox tests: say so.
function namespaceProbe(): string | false {
  if (probed !== undefined) return probed;
  const r = spawnSync(
    bwrapPath ?? "bwrap",
    ["--ro-bind", "/", "/", "--unshare-pid", "--unshare-net", "/bin/true"],
    {
      encoding: "utf8",
      timeout: 10_000,
    },
  );
  probed =
    r.status === 0
      ? false
      : `bubblewrap cannot create namespaces on this host: ${r.stderr.trim() || `exit ${String(r.status)}`}`;
  return probed;
}
