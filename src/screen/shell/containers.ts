// A command run in a new container or sandbox sees the host only through what is bound into
// it: `docker run -v /:/host alpine rm -rf /host` removes the host's root, while
// `docker run alpine rm -rf /` removes only the container's own files. This module reads the
// binds and the command of `docker|podman|nerdctl run` and `bwrap`, and maps a path inside the
// container to the host path it reaches (or null for a path private to the container).

import { firstOperand, type OptionTable } from "./options.js";

export interface Bind {
  readonly source: string;
  readonly target: string;
}

export interface ContainerRun {
  readonly binds: readonly Bind[];
  readonly workdir: string | null;
  readonly command: readonly string[];
}

const RUNTIMES = new Set(["docker", "podman", "nerdctl", "finch"]);

// `docker run` options that take a value (podman and nerdctl accept the same spellings).
const RUN_OPTIONS: OptionTable = {
  shortWithValue: "aceEhlmpuvw",
  longWithValue: [
    ...["add-host", "annotation", "attach", "blkio-weight", "blkio-weight-device", "cap-add"],
    ...["cap-drop", "cgroup-parent", "cgroupns", "cidfile", "cpu-period", "cpu-quota"],
    ...["cpu-rt-period", "cpu-rt-runtime", "cpu-shares", "cpus", "cpuset-cpus", "cpuset-mems"],
    ...["detach-keys", "device", "device-cgroup-rule", "device-read-bps", "device-read-iops"],
    ...["device-write-bps", "device-write-iops", "dns", "dns-option", "dns-search", "domainname"],
    ...["entrypoint", "env", "env-file", "expose", "gpus", "group-add", "health-cmd"],
    ...["health-interval", "health-retries", "health-start-period", "health-timeout"],
    ...["hostname", "ip", "ip6", "ipc", "isolation", "kernel-memory", "label", "label-file"],
    ...["link", "link-local-ip", "log-driver", "log-opt", "mac-address", "memory"],
    ...["memory-reservation", "memory-swap", "memory-swappiness", "mount", "name", "network"],
    ...["net", "network-alias", "oom-score-adj", "pid", "pids-limit", "platform", "publish"],
    ...["pull", "restart", "runtime", "security-opt", "shm-size", "stop-signal", "stop-timeout"],
    ...["storage-opt", "sysctl", "tmpfs", "ulimit", "user", "userns", "uts", "volume"],
    ...["volume-driver", "volumes-from", "workdir", "arch", "os", "pod", "secret", "uidmap"],
    ...["gidmap", "subuidname", "subgidname", "hooks-dir", "conmon-pidfile", "authfile"],
  ],
};

// bwrap options and how many values each takes; the command follows the last of them.
const BWRAP_VALUES: Readonly<Record<string, number>> = {
  ...Object.fromEntries(
    ["--bind", "--bind-try", "--dev-bind", "--dev-bind-try", "--ro-bind", "--ro-bind-try"].map(
      (o) => [o, 2],
    ),
  ),
  ...Object.fromEntries(
    ["--symlink", "--file", "--bind-data", "--ro-bind-data", "--setenv", "--chmod"].map((o) => [
      o,
      2,
    ]),
  ),
  "--overlay": 3,
  ...Object.fromEntries(
    [
      ...["--args", "--argv0", "--userns", "--userns2", "--pidns", "--uid", "--gid"],
      ...["--hostname", "--chdir", "--unsetenv", "--lock-file", "--sync-fd", "--remount-ro"],
      ...["--exec-label", "--file-label", "--proc", "--dev", "--tmpfs", "--mqueue", "--dir"],
      ...["--seccomp", "--add-seccomp-fd", "--block-fd", "--userns-block-fd", "--info-fd"],
      ...["--json-status-fd", "--cap-add", "--cap-drop", "--perms", "--size", "--overlay-src"],
      ...["--tmp-overlay", "--ro-overlay", "--bind-fd", "--ro-bind-fd"],
    ].map((o) => [o, 1]),
  ),
};

/** The binds and command of a container or sandbox started here, or null for anything else. */
export function containerRun(name: string, args: readonly string[]): ContainerRun | null {
  if (name === "bwrap") return bwrapRun(args);
  if (!RUNTIMES.has(name)) return null;
  const from = args[0] === "run" ? 1 : args[0] === "container" && args[1] === "run" ? 2 : -1;
  if (from < 0) return null;
  const image = firstOperand(args, from, RUN_OPTIONS);
  const binds: Bind[] = [];
  let workdir: string | null = null;
  for (let i = from; i < image; i++) {
    const arg = args[i] as string;
    const value = (short: string, long: string): string | null =>
      arg === short || arg === long
        ? (args[i + 1] ?? null)
        : arg.startsWith(`${long}=`)
          ? arg.slice(long.length + 1)
          : arg.startsWith(short) && !arg.startsWith("--") && arg.length > 2
            ? arg.slice(2)
            : null;
    const volume = value("-v", "--volume");
    if (volume !== null) {
      const [source = "", target = "", mode = ""] = volume.split(":");
      if (target !== "" && !/(?:^|,)ro(?:,|$)/.test(mode)) binds.push({ source, target });
    }
    const mount = value("--mount", "--mount");
    if (mount !== null) {
      const fields = new Map(
        mount.split(",").map((f) => [f.split("=")[0] ?? "", f.split("=")[1] ?? "true"]),
      );
      const source = fields.get("source") ?? fields.get("src");
      const target = fields.get("target") ?? fields.get("destination") ?? fields.get("dst");
      const readOnly = fields.has("readonly") || fields.has("ro");
      if (source !== undefined && target !== undefined && !readOnly) binds.push({ source, target });
    }
    workdir = value("-w", "--workdir") ?? workdir;
  }
  return { binds, workdir, command: args.slice(image + 1) };
}

function bwrapRun(args: readonly string[]): ContainerRun {
  const binds: Bind[] = [];
  let workdir: string | null = null;
  let i = 0;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === "--") {
      i++;
      break;
    }
    if (!arg.startsWith("--")) break;
    const count = BWRAP_VALUES[arg] ?? 0;
    if (/^--(?:dev-)?bind(?:-try)?$/.test(arg))
      binds.push({ source: args[i + 1] ?? "", target: args[i + 2] ?? "" });
    if (arg === "--chdir") workdir = args[i + 1] ?? null;
    i += 1 + count;
  }
  return { binds, workdir, command: args.slice(i) };
}

/**
 * The host path a path inside the container reaches through the binds, or null when it is the
 * container's own. Removing a directory that holds a bind's target removes the bound source
 * too: `rm -rf /` in a container with `/` bound at /host reaches the host's root.
 */
export function hostPath(path: string, binds: readonly Bind[]): string | null {
  if (!path.startsWith("/")) return null;
  const inside = normalized(path);
  const parent = inside.replace(/\/[*?.{},]{1,16}$/, "") || "/";
  for (const bind of binds) {
    const target = normalized(bind.target);
    // `--bind / /`: the whole tree is the host's, path for path.
    if (target === "/") return bind.source === "/" ? inside : normalized(`${bind.source}${inside}`);
    if (inside === target || inside.startsWith(`${target}/`))
      return bind.source + inside.slice(target.length);
    if (parent === "/" || target.startsWith(`${parent}/`)) return bind.source;
  }
  return null;
}

/** `.`, `..` and repeated slashes resolved, lexically. */
function normalized(path: string): string {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") out.pop();
    else out.push(segment);
  }
  return `/${out.join("/")}`;
}
