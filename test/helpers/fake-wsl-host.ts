// Fake WSL hosts for tests: every file the WSL module reads (/proc, /etc/resolv.conf, the WSL
// markers), the environment and what exists at a path are plain test data.
import type { OsFamily } from "../../src/platform/select.js";
import type { WslSandboxHost } from "../../src/sandbox/wsl-form.js";

export interface FakeHostOptions {
  readonly os?: OsFamily;
  readonly files?: Readonly<Record<string, string>>;
  readonly links?: Readonly<Record<string, string>>;
  /** Paths that exist besides the files and links (directories, markers, binaries). */
  readonly paths?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** What `kind()` answers per path (WslSandboxHost); anything not listed: nothing there. */
  readonly kinds?: Readonly<Record<string, "directory" | "file">>;
}

export function fakeHost(options: FakeHostOptions = {}): WslSandboxHost {
  const files = options.files ?? {};
  const links = options.links ?? {};
  const paths = new Set([...Object.keys(files), ...Object.keys(links), ...(options.paths ?? [])]);
  return {
    os: options.os ?? "linux",
    readFile: (path) => {
      const text = files[path];
      if (text === undefined) throw new Error(`ENOENT: ${path}`);
      return text;
    },
    readlink: (path) => {
      const target = links[path];
      if (target === undefined) throw new Error(`EINVAL: ${path}`);
      return target;
    },
    exists: (path) => paths.has(path),
    env: options.env ?? {},
    kind: (path) => options.kinds?.[path] ?? null,
  };
}

export const WSL2_RELEASE = "5.15.153.1-microsoft-standard-WSL2\n";

// Lines as a WSL2 kernel writes them: C: and D: over 9p with aname=drvfs, the WSL runtime tmpfs.
export const WSL2_MOUNTINFO = [
  "61 66 8:48 / / rw,relatime - ext4 /dev/sdd rw,discard,errors=remount-ro,data=ordered",
  "62 61 0:39 / /mnt/wsl rw,relatime shared:1 - tmpfs none rw",
  "83 62 0:62 / /mnt/c rw,noatime - 9p C:\\134 rw,dirsync,aname=drvfs;path=C:\\;uid=1000;gid=1000;symlinkroot=/mnt/,mmap,access=client,msize=65536,trans=fd,rfd=8,wfd=8",
  "90 62 0:70 / /mnt/d rw,noatime - 9p drvfs rw,dirsync,aname=drvfs;path=D:\\;uid=1000;gid=1000;symlinkroot=/mnt/,mmap,access=client,msize=65536,trans=fd,rfd=8,wfd=8",
  "",
].join("\n");

export function wslHost(options: FakeHostOptions = {}): WslSandboxHost {
  return fakeHost({
    ...options,
    files: {
      "/proc/sys/kernel/osrelease": WSL2_RELEASE,
      "/proc/self/mountinfo": WSL2_MOUNTINFO,
      ...options.files,
    },
    env: { WSL_DISTRO_NAME: "Ubuntu", ...options.env },
  });
}
