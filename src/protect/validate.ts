// Proving a rule set before anything relies on it (spec §5.7): the kernel must accept and apply
// it. macOS: `/usr/bin/sandbox-exec -p PROFILE /usr/bin/true` with an empty environment. Linux:
// the composed bubblewrap command, first with /bin/true, then with a probe that must see a
// denied write fail, an allowed write succeed, socket(AF_UNIX) refused and a socketpair round
// trip work ("bwrap is installed" proves nothing on a host whose namespaces are disabled).
// Every failure is an error: there is no unsandboxed fallback.
import { spawnSync } from "node:child_process";
import { accessSync, constants, lstatSync } from "node:fs";
import { runWrapped } from "../platform/launch.js";
import type { HostPlatform } from "../platform/select.js";
import { SANDBOX_EXEC } from "../render/seatbelt.js";
import { ProtectedStoreError } from "./errors.js";
import { protectedCommand } from "./linux-command.js";
import type { ProtectProfile } from "./profiles.js";
import type { ProtectRuleSet } from "./rules.js";

export interface ValidateOptions {
  readonly platform: HostPlatform;
  /** Linux: trusted bubblewrap, trusted system python3 (the probe), the denied-file stand-in. */
  readonly bwrap?: string;
  readonly python?: string;
  readonly deniedFile?: string;
  /** Linux: a directory the profile leaves writable, for the allow half of the probe. */
  readonly allowedDir?: string;
  /** Tests only: a stand-in for /usr/bin/sandbox-exec that records what it was given. */
  readonly sandboxExecForTesting?: string;
}

const unavailable = (message: string, cause?: unknown): ProtectedStoreError =>
  new ProtectedStoreError("ERR_PROTECT_UNAVAILABLE", message, cause === undefined ? {} : { cause });

/** Validates a profile (or, on Linux, a composed rule set) on this host; throws when it fails. */
export async function validate(
  profile: ProtectProfile | { readonly rules: ProtectRuleSet; readonly seatbelt?: string },
  options: ValidateOptions,
): Promise<void> {
  if (options.platform.os === "darwin") {
    if (profile.seatbelt === undefined) throw unavailable("no Seatbelt profile to validate");
    validateSeatbelt(profile.seatbelt, options.sandboxExecForTesting ?? SANDBOX_EXEC);
    return;
  }
  if (options.platform.os !== "linux")
    throw unavailable(
      `protected store isolation is not qualified on platform '${options.platform.name}'; no session was started`,
    );
  await validateLinux(profile.rules, options);
}

/** macOS: the kernel must compile and apply the profile; spec §5.7. */
export function validateSeatbelt(profile: string, sandboxExec: string): void {
  const r = spawnSync(sandboxExec, ["-p", profile, "/usr/bin/true"], {
    env: {},
    stdio: ["ignore", "ignore", "ignore"],
    timeout: 30_000,
  });
  if (r.error !== undefined)
    throw unavailable(
      `the protected MCP kernel sandbox is unavailable: ${r.error.message}`,
      r.error,
    );
  if (r.status !== 0)
    throw unavailable(
      `the kernel refused the protected profile (exit ${String(r.status ?? r.signal)}); no session was started`,
    );
}

// The probe: argv[1] a path whose creation or opening for write must fail, argv[2] a file to
// read that must fail ("-" for none), argv[3] a directory where a write must succeed.
const PROBE = String.raw`
import errno, json, os, socket, sys
out = {}
def tried(fn):
    try:
        fn(); return "ok"
    except OSError as e:
        return errno.errorcode.get(e.errno, str(e.errno))
deny, read, allow = sys.argv[1], sys.argv[2], sys.argv[3]
def write_denied():
    if os.path.isdir(deny):
        p = os.path.join(deny, ".cellguard-probe-" + str(os.getpid()))
        os.mkdir(p); os.rmdir(p)
    elif os.path.lexists(deny):
        os.close(os.open(deny, os.O_WRONLY | os.O_APPEND))
    else:
        os.close(os.open(deny, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)); os.unlink(deny)
out["deny_write"] = tried(write_denied)
out["deny_read"] = "skipped" if read == "-" else tried(lambda: os.close(os.open(read, os.O_RDONLY)))
def write_allowed():
    p = os.path.join(allow, ".cellguard-probe-" + str(os.getpid()))
    with open(p, "w") as f: f.write("x")
    os.unlink(p)
out["allow_write"] = tried(write_allowed)
out["unix_socket"] = tried(lambda: socket.socket(socket.AF_UNIX, socket.SOCK_STREAM).close())
def pair():
    a, b = socket.socketpair()
    a.sendall(b"ping")
    if b.recv(4) != b"ping": raise OSError(errno.EIO, "round trip")
out["socketpair"] = tried(pair)
print(json.dumps(out, sort_keys=True))
`;

function probeTargets(rules: ProtectRuleSet): { deny: string; read: string } {
  const exists = (p: string): boolean => {
    try {
      lstatSync(p);
      return true;
    } catch {
      return false;
    }
  };
  // A write-denied path outside every work member (the control denials of a child win there too).
  const deny =
    rules.writes.find((p) => !rules.workPaths.some((w) => p === w || p.startsWith(`${w}/`))) ??
    rules.writes[0];
  if (deny === undefined) throw unavailable("a protected profile must deny at least one path");
  // A file this process can read: refused inside, it proves the mask (a mode-000 file would not).
  const readable = (p: string): boolean => {
    try {
      accessSync(p, constants.R_OK);
      return true;
    } catch {
      return false;
    }
  };
  const read =
    rules.reads.find((p) => exists(p) && !lstatSync(p).isDirectory() && readable(p)) ?? "-";
  return { deny, read };
}

async function validateLinux(rules: ProtectRuleSet, options: ValidateOptions): Promise<void> {
  const { bwrap, python, deniedFile, allowedDir } = options;
  if (
    bwrap === undefined ||
    python === undefined ||
    deniedFile === undefined ||
    allowedDir === undefined
  )
    throw unavailable(
      "cannot validate the protected profile: trusted bubblewrap and system python3 are required on Linux",
    );
  const run = async (command: readonly string[]) => {
    const wrapped = protectedCommand(rules, {
      bwrap,
      deniedFile,
      arch: options.platform.arch,
      cwd: "/",
      env: { PATH: "/usr/bin:/bin", LANG: "C.UTF-8" },
      command,
    });
    return runWrapped(wrapped, { cwd: "/", env: {}, timeoutMs: 30_000 });
  };
  const trueRun = await run(["/bin/true"]);
  if (trueRun.exitCode !== 0)
    throw unavailable(
      `the kernel refused the protected mounts (bubblewrap exit ${String(trueRun.exitCode ?? trueRun.signal)}: ${trueRun.stderr.trim().slice(0, 400)}); no session was started`,
    );
  const { deny, read } = probeTargets(rules);
  const probe = await run([python, "-I", "-S", "-c", PROBE, deny, read, allowedDir]);
  let report: Record<string, string>;
  try {
    report = JSON.parse(probe.stdout.trim().split("\n").at(-1) ?? "") as Record<string, string>;
  } catch {
    throw unavailable(
      `the protected profile's probe did not report (exit ${String(probe.exitCode ?? probe.signal)}: ${probe.stderr.trim().slice(0, 400)}); no session was started`,
    );
  }
  const wrong: string[] = [];
  if (report["deny_write"] === "ok") wrong.push(`a write to ${deny} succeeded`);
  if (report["deny_read"] === "ok") wrong.push(`a read of ${read} succeeded`);
  if (report["allow_write"] !== "ok")
    wrong.push(`a write in ${allowedDir} failed (${String(report["allow_write"])})`);
  if (report["unix_socket"] !== "EPERM")
    wrong.push(`socket(AF_UNIX) gave ${String(report["unix_socket"])}, not EPERM`);
  if (report["socketpair"] !== "ok")
    wrong.push(`a socketpair round trip failed (${String(report["socketpair"])})`);
  if (wrong.length > 0)
    throw unavailable(
      `the protected profile does not hold on this kernel: ${wrong.join("; ")}; no session was started`,
    );
}
