// The self-test can fail: run unsandboxed, the probe reports every boundary as absent.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  constants,
  mkdirSync,
  openSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { closeLeakingDescriptors } from "../../src/platform/descriptors.js";
import { PROBE_SCRIPT } from "../../src/sandbox/probe-script.js";
import { isLinux, isRoot, systemPython } from "../helpers/host.js";

const skip = !isLinux
  ? "the Linux checks read /proc"
  : systemPython === null
    ? "needs /usr/bin/python3"
    : false;

/** Runs the probe with no sandbox around it, on one deny target. */
function runProbe(
  dir: string,
  target: { path: string; type: "file" | "directory"; linux: boolean; startTime: string },
): { status: number | null; stderr: string; checks: Record<string, boolean>; ok: boolean } {
  const st = statSync(target.path, { bigint: true });
  const linux = target.linux ? "1" : "0";
  const r = spawnSync(
    systemPython ?? "python3",
    ["-I", "-S", "-c", PROBE_SCRIPT, join(dir, "w"), join(dir, "t"), join(dir, "outside"), linux, linux,
      String(process.pid), target.startTime, target.path, target.type, String(st.dev), String(st.ino)],
    { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
  ); // prettier-ignore
  const report = JSON.parse(r.stdout) as { checks: Record<string, boolean>; ok: boolean };
  return { status: r.status, stderr: r.stderr, ...report };
}

test(
  "run without a sandbox, the probe reports each boundary as missing and exits 23",
  { skip },
  () => {
    const dir = mkdtempSync(join(tmpdir(), "cellguard-probe-"));
    try {
      const secret = join(dir, "secret");
      writeFileSync(secret, "not masked");
      const stat = readFileSync("/proc/self/stat", "utf8");
      const startTime =
        stat
          .slice(stat.lastIndexOf(")") + 1)
          .trim()
          .split(/\s+/)[19] ?? "";
      const r = runProbe(dir, { path: secret, type: "file", linux: true, startTime });
      assert.equal(r.status, 23, r.stderr);
      const { checks, ok } = r;
      assert.equal(ok, false);
      for (const name of [
        "outside_write_blocked",
        "secret_read_blocked",
        "host_environ_hidden",
        "unix_socket_blocked",
        "seccomp_filtered",
        "no_new_privs",
        "private_pid",
      ]) {
        assert.equal(checks[name], false, `${name} must be false without a sandbox`);
      }
      assert.equal(checks["workspace_write"], true);
      assert.equal(checks["socketpair_allowed"], true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  "an unmasked deny target counts as blocked only when the kernel refuses this user the read",
  {
    skip:
      skip || (isRoot ? "root reads a mode-000 file; the unprivileged re-run covers this" : false),
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), "cellguard-probe-"));
    try {
      const locked = join(dir, "locked");
      writeFileSync(locked, "secret", { mode: 0o000 });
      const { checks } = runProbe(dir, { path: locked, type: "file", linux: false, startTime: "" });
      assert.equal(checks["secret_read_blocked"], true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  "an unmasked directory that can be traversed counts as readable, even when it cannot be listed",
  {
    skip:
      skip ||
      (isRoot ? "root traverses any directory; the unprivileged re-run covers this" : false),
  },
  () => {
    const dir = mkdtempSync(join(tmpdir(), "cellguard-probe-"));
    try {
      const keys = join(dir, "private");
      mkdirSync(keys);
      writeFileSync(join(keys, "server.key"), "secret");
      chmodSync(keys, 0o100); // traverse only, like /etc/ssl/private for a group member
      const { checks } = runProbe(dir, {
        path: keys,
        type: "directory",
        linux: false,
        startTime: "",
      });
      chmodSync(keys, 0o700);
      assert.equal(checks["secret_read_blocked"], false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

test(
  "a host directory descriptor left open into a team command fails host_descriptors_closed",
  { skip },
  () => {
    closeLeakingDescriptors(); // what this process inherited would reach the probe as well
    const dir = mkdtempSync(join(tmpdir(), "cellguard-probe-"));
    const pinned = openSync(dir, constants.O_RDONLY | constants.O_DIRECTORY);
    try {
      const run = (leak: boolean): Record<string, boolean> => {
        const stdio: ("ignore" | "pipe" | number)[] = ["ignore", "pipe", "pipe"];
        if (leak) {
          while (stdio.length < 10) stdio.push("ignore");
          stdio.push(pinned);
        }
        const r = spawnSync(
          systemPython ?? "python3",
          ["-I", "-S", "-c", PROBE_SCRIPT, join(dir, "w"), join(dir, "t"), join(dir, "outside"),
            "0", "0", String(process.pid), "", "--cellguard-team", "0", "0"],
          { encoding: "utf8", stdio },
        ); // prettier-ignore
        return (JSON.parse(r.stdout) as { checks: Record<string, boolean> }).checks;
      };
      assert.equal(run(false)["host_descriptors_closed"], true);
      assert.equal(run(true)["host_descriptors_closed"], false);
    } finally {
      closeSync(pinned);
      rmSync(dir, { recursive: true, force: true });
    }
  },
);
