// WSL host boundaries, driven on any Linux machine through fake hosts: every file the module
// reads (/proc, /etc/resolv.conf, the WSL markers) and the environment are plain test data.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  DriveNotMountedError,
  WSL_WRITABLE_MASKS,
  WindowsPathError,
  isWsl,
  linuxPath,
  linuxSearchPath,
  powershellPath,
  readDenials,
  realWslHost,
  resolverRebinds,
  windowsMounts,
  type WindowsMount,
} from "../../src/platform/wsl.js";
import { fakeHost, wslHost, WSL2_MOUNTINFO, WSL2_RELEASE } from "../helpers/fake-wsl-host.js";

const WSL1_RELEASE = "4.4.0-19041-Microsoft\n";
const DEBIAN_RELEASE = "6.1.0-18-amd64\n";

// WSL1 mounts drives with the drvfs file system itself.
const WSL1_MOUNTINFO = [
  "2 0 0:2 / / rw,noatime - lxfs rootfs rw",
  "7 2 0:17 / /mnt/c rw,noatime - drvfs C:\\134 rw,uid=1000,gid=1000,case=off",
  "",
].join("\n");

function mountsOf(mountinfo: string): readonly WindowsMount[] {
  return windowsMounts(fakeHost({ files: { "/proc/self/mountinfo": mountinfo } }));
}

describe("isWsl()", () => {
  test("isWsl() is true on a WSL2 kernel with WSL_DISTRO_NAME set", () => {
    assert.equal(isWsl(wslHost()), true);
  });

  test("isWsl() is true on a WSL1 kernel (upper-case Microsoft) with the /run/WSL marker", () => {
    const host = fakeHost({
      files: { "/proc/sys/kernel/osrelease": WSL1_RELEASE },
      paths: ["/run/WSL"],
    });
    assert.equal(isWsl(host), true);
  });

  test("isWsl() accepts each WSL marker on its own", () => {
    for (const marker of [
      "/run/WSL",
      "/mnt/wsl",
      "/proc/sys/fs/binfmt_misc/WSLInterop",
      "/proc/sys/fs/binfmt_misc/WSLInterop-late",
    ]) {
      const host = fakeHost({
        files: { "/proc/sys/kernel/osrelease": WSL2_RELEASE },
        paths: [marker],
      });
      assert.equal(isWsl(host), true, marker);
    }
  });

  test("isWsl() is false for a Docker container on a WSL2 kernel: the release string alone is not WSL", () => {
    const host = fakeHost({
      files: {
        "/proc/sys/kernel/osrelease": WSL2_RELEASE,
        "/proc/self/mountinfo": WSL2_MOUNTINFO,
      },
      paths: ["/.dockerenv"],
      env: { WSL_INTEROP: "/run/WSL/1_interop" },
    });
    assert.equal(isWsl(host), false);
  });

  test("isWsl() is false for a Podman container on a WSL2 kernel with an empty WSL_DISTRO_NAME", () => {
    const host = fakeHost({
      files: { "/proc/sys/kernel/osrelease": WSL2_RELEASE },
      paths: ["/run/.containerenv"],
      env: { WSL_DISTRO_NAME: "" },
    });
    assert.equal(isWsl(host), false);
  });

  test("isWsl() is true for a container on a WSL kernel once a WSL marker is present in it", () => {
    const host = fakeHost({
      files: { "/proc/sys/kernel/osrelease": WSL2_RELEASE },
      paths: ["/.dockerenv", "/run/WSL"],
    });
    assert.equal(isWsl(host), true);
  });

  test("isWsl() is false on plain Linux even with WSL markers and WSL_DISTRO_NAME", () => {
    const host = fakeHost({
      files: { "/proc/sys/kernel/osrelease": DEBIAN_RELEASE },
      paths: ["/run/WSL", "/mnt/wsl"],
      env: { WSL_DISTRO_NAME: "Ubuntu" },
    });
    assert.equal(isWsl(host), false);
  });

  test("isWsl() is false off Linux whatever the files say", () => {
    assert.equal(isWsl(wslHost({ os: "darwin" })), false);
    assert.equal(isWsl(wslHost({ os: "other" })), false);
  });

  test("isWsl() falls back to the release field of /proc/version when osrelease is unreadable", () => {
    const version =
      "Linux version 5.15.153.1-microsoft-standard-WSL2 (root@941d701f84f1) (gcc (GCC) 12.2.0) #1 SMP\n";
    const host = fakeHost({ files: { "/proc/version": version }, paths: ["/run/WSL"] });
    assert.equal(isWsl(host), true);
  });

  test("isWsl() ignores Microsoft in the build host part of /proc/version", () => {
    const version = "Linux version 6.1.0-18-amd64 (builder@microsoft-lab) (gcc 12.2.0) #1 SMP\n";
    const host = fakeHost({ files: { "/proc/version": version }, paths: ["/run/WSL"] });
    assert.equal(isWsl(host), false);
  });

  test("isWsl() is false when neither kernel file can be read", () => {
    const host = fakeHost({ paths: ["/run/WSL"], env: { WSL_DISTRO_NAME: "Ubuntu" } });
    assert.equal(isWsl(host), false);
  });

  test("isWsl() is false when /proc/version is not in the kernel's format", () => {
    const host = fakeHost({ files: { "/proc/version": "microsoft" }, paths: ["/run/WSL"] });
    assert.equal(isWsl(host), false);
  });
});

describe("windowsMounts()", () => {
  test("windowsMounts() finds WSL2 drives mounted as 9p with aname=drvfs, with their drive letters", () => {
    assert.deepEqual(mountsOf(WSL2_MOUNTINFO), [
      { mountPoint: "/mnt/c", drive: "C" },
      { mountPoint: "/mnt/d", drive: "D" },
    ]);
  });

  test("windowsMounts() finds WSL1 drives mounted as drvfs, the drive taken from the source", () => {
    assert.deepEqual(mountsOf(WSL1_MOUNTINFO), [{ mountPoint: "/mnt/c", drive: "C" }]);
  });

  test("windowsMounts() decodes octal escapes in the mount point and the source", () => {
    const mountinfo = [
      "100 62 0:80 / /windows\\040files rw,noatime - drvfs \\134\\134server\\134share rw",
      "101 62 0:81 / /mnt/tab\\011and\\134slash rw,noatime - drvfs E: rw",
    ].join("\n");
    assert.deepEqual(mountsOf(mountinfo), [
      { mountPoint: "/windows files", drive: null },
      { mountPoint: "/mnt/tab\tand\\slash", drive: "E" },
    ]);
  });

  test("windowsMounts() keeps only Windows file systems: not tmpfs, ext4, or 9p without aname=drvfs", () => {
    const mountinfo = [
      "1 0 8:1 / / rw - ext4 /dev/sda rw",
      "2 1 0:2 / /mnt/wsl rw shared:1 - tmpfs none rw",
      "3 1 0:3 / /mnt/plan9 rw - 9p other rw,aname=other;path=C:\\",
      "4 1 0:4 / /mnt/lookalike rw - 9p drvfs rw,aname=drvfsx;path=C:\\",
      "5 1 0:5 / /mnt/c rw - drvfs C: rw",
    ].join("\n");
    assert.deepEqual(mountsOf(mountinfo), [{ mountPoint: "/mnt/c", drive: "C" }]);
  });

  test("windowsMounts() reads past optional fields to the separator", () => {
    const line = "83 62 0:62 / /mnt/c rw,noatime shared:5 master:2 - 9p C:\\134 rw,aname=drvfs";
    assert.deepEqual(mountsOf(line), [{ mountPoint: "/mnt/c", drive: "C" }]);
  });

  test("windowsMounts() skips garbage lines and keeps the good ones", () => {
    const mountinfo = [
      "garbage",
      "1 2 3",
      "- drvfs C:\\134 rw",
      "1 - 0:1 / /early",
      "9 1 0:9 / relative rw - drvfs C: rw",
      "9 1 0:9 / /nul\\000byte rw - drvfs C: rw",
      "9 1 0:9 / /no-type rw -",
      "   ",
      WSL1_MOUNTINFO,
    ].join("\n");
    assert.deepEqual(mountsOf(mountinfo), [{ mountPoint: "/mnt/c", drive: "C" }]);
  });

  test("windowsMounts() gives an empty list for a mount table that is all garbage", () => {
    assert.deepEqual(mountsOf("not a mount table\n\u0000\u0001\n- - - - - - - -\n"), []);
  });

  test("windowsMounts() gives an empty list, not an error, when mountinfo is unreadable", () => {
    assert.deepEqual(windowsMounts(fakeHost()), []);
  });

  test("windowsMounts() de-duplicates a mount point and keeps the mount on top", () => {
    const mountinfo = [
      "83 62 0:62 / /mnt/c rw - 9p drvfs rw,aname=drvfs;path=C:\\",
      "84 62 0:63 / /mnt/c rw - 9p drvfs rw,aname=drvfs;path=E:\\",
    ].join("\n");
    assert.deepEqual(mountsOf(mountinfo), [{ mountPoint: "/mnt/c", drive: "E" }]);
  });

  test("windowsMounts() sorts shallowest first, then by string", () => {
    const mountinfo = [
      "1 1 0:1 / /mnt/z/deep rw - drvfs Y: rw",
      "2 1 0:2 / /mnt/d rw - drvfs D: rw",
      "3 1 0:3 / /c rw - drvfs C: rw",
      "4 1 0:4 / /mnt/a rw - drvfs A: rw",
    ].join("\n");
    assert.deepEqual(
      mountsOf(mountinfo).map((mount) => mount.mountPoint),
      ["/c", "/mnt/a", "/mnt/d", "/mnt/z/deep"],
    );
  });

  test("windowsMounts() returns frozen values", () => {
    const mounts = mountsOf(WSL2_MOUNTINFO);
    assert.equal(Object.isFrozen(mounts), true);
    assert.equal(Object.isFrozen(mounts[0]), true);
  });
});

describe("readDenials()", () => {
  test("readDenials() masks /init, /run, the temp directories, the WSL directories and every Windows mount on WSL", () => {
    assert.deepEqual(readDenials(wslHost()), [
      { kind: "subpath", path: "/init" },
      { kind: "subpath", path: "/run" },
      { kind: "subpath", path: "/tmp" },
      { kind: "subpath", path: "/var/tmp" },
      { kind: "subpath", path: "/mnt/wsl" },
      { kind: "subpath", path: "/mnt/wslg" },
      { kind: "subpath", path: "/mnt/c" },
      { kind: "subpath", path: "/mnt/d" },
    ]);
  });

  test("readDenials() is empty off WSL, including a container on a WSL kernel", () => {
    assert.deepEqual(readDenials(fakeHost({ files: { "/proc/sys/kernel/osrelease": "6.1" } })), []);
    const container = fakeHost({
      files: {
        "/proc/sys/kernel/osrelease": WSL2_RELEASE,
        "/proc/self/mountinfo": WSL2_MOUNTINFO,
      },
      paths: ["/.dockerenv"],
    });
    assert.deepEqual(readDenials(container), []);
  });

  test("readDenials() still masks the fixed WSL paths when mountinfo is unreadable", () => {
    const host = fakeHost({
      files: { "/proc/sys/kernel/osrelease": WSL2_RELEASE },
      paths: ["/run/WSL"],
    });
    assert.deepEqual(
      readDenials(host).map((entry) => entry.path),
      ["/init", "/run", "/tmp", "/var/tmp", "/mnt/wsl", "/mnt/wslg"],
    );
  });

  test("readDenials() lists a path once even when a Windows drive is mounted on a fixed mask", () => {
    const mountinfo = "1 1 0:1 / /tmp rw - drvfs C: rw\n";
    const paths = readDenials(wslHost({ files: { "/proc/self/mountinfo": mountinfo } })).map(
      (entry) => entry.path,
    );
    assert.equal(paths.filter((path) => path === "/tmp").length, 1);
  });

  test("the writable masks are /tmp and /var/tmp, both masked on WSL, and frozen", () => {
    assert.deepEqual(WSL_WRITABLE_MASKS, ["/tmp", "/var/tmp"]);
    assert.equal(Object.isFrozen(WSL_WRITABLE_MASKS), true);
    const denied = readDenials(wslHost()).map((entry) => entry.path);
    for (const path of WSL_WRITABLE_MASKS) assert.ok(denied.includes(path), path);
    assert.equal(Object.isFrozen(readDenials(wslHost())), true);
  });
});

describe("resolverRebinds()", () => {
  test("resolverRebinds() is empty when /etc/resolv.conf is a regular file", () => {
    assert.deepEqual(
      resolverRebinds(wslHost({ files: { "/etc/resolv.conf": "nameserver 10.0.0.1\n" } })),
      [],
    );
  });

  test("resolverRebinds() rebinds a resolv.conf that links into the masked /mnt/wsl", () => {
    const host = wslHost({ links: { "/etc/resolv.conf": "/mnt/wsl/resolv.conf" } });
    assert.deepEqual(resolverRebinds(host), [
      "--ro-bind-try",
      "/mnt/wsl/resolv.conf",
      "/mnt/wsl/resolv.conf",
    ]);
  });

  test("resolverRebinds() follows a relative link into the masked /run (systemd-resolved)", () => {
    const host = wslHost({
      links: { "/etc/resolv.conf": "../run/systemd/resolve/stub-resolv.conf" },
    });
    const real = "/run/systemd/resolve/stub-resolv.conf";
    assert.deepEqual(resolverRebinds(host), ["--ro-bind-try", real, real]);
  });

  test("resolverRebinds() follows links in parent directories and chains of links", () => {
    const host = wslHost({
      links: {
        "/etc": "/private/etc",
        "/private/etc/resolv.conf": "resolvconf/current",
        "/private/etc/resolvconf": "/run/resolvconf",
        "/run/resolvconf/current": "./../resolvconf/./resolv.conf",
      },
    });
    const real = "/run/resolvconf/resolv.conf";
    assert.deepEqual(resolverRebinds(host), ["--ro-bind-try", real, real]);
  });

  test("resolverRebinds() is empty when the link's target is outside every masked root", () => {
    const host = wslHost({ links: { "/etc/resolv.conf": "/etc/resolvconf/run/resolv.conf" } });
    assert.deepEqual(resolverRebinds(host), []);
  });

  test("resolverRebinds() needs the target strictly below a masked root", () => {
    const host = wslHost({ links: { "/etc/resolv.conf": "/srv/dns" } });
    assert.deepEqual(resolverRebinds(host, ["/srv/dns"]), []);
    assert.deepEqual(resolverRebinds(host, ["/srv"]), ["--ro-bind-try", "/srv/dns", "/srv/dns"]);
    assert.deepEqual(resolverRebinds(host, ["/sr"]), []);
  });

  test("resolverRebinds() gives up on a link loop instead of hanging", () => {
    const host = wslHost({
      links: { "/etc/resolv.conf": "/run/a", "/run/a": "/run/b", "/run/b": "/run/a" },
    });
    assert.deepEqual(resolverRebinds(host), []);
  });

  test("resolverRebinds() ignores an empty link target", () => {
    const host = wslHost({ links: { "/etc/resolv.conf": "" } });
    assert.deepEqual(resolverRebinds(host), []);
  });

  test("resolverRebinds() is empty off WSL even when resolv.conf links into /run", () => {
    const host = fakeHost({
      files: { "/proc/sys/kernel/osrelease": DEBIAN_RELEASE },
      links: { "/etc/resolv.conf": "../run/systemd/resolve/stub-resolv.conf" },
    });
    assert.deepEqual(resolverRebinds(host), []);
  });
});

describe("linuxPath()", () => {
  const mounts = mountsOf(WSL2_MOUNTINFO);

  test("linuxPath() maps a drive path onto the drive's mount", () => {
    assert.equal(linuxPath("C:\\Users\\x", mounts), "/mnt/c/Users/x");
    assert.equal(linuxPath("D:\\data\\run 1\\out.csv", mounts), "/mnt/d/data/run 1/out.csv");
  });

  test("linuxPath() treats the drive letter case-insensitively", () => {
    assert.equal(linuxPath("c:\\Users\\x", mounts), "/mnt/c/Users/x");
  });

  test("linuxPath() accepts forward slashes and mixed separators", () => {
    assert.equal(linuxPath("C:/Users/x", mounts), "/mnt/c/Users/x");
    assert.equal(linuxPath("C:\\Users/x\\\\y", mounts), "/mnt/c/Users/x/y");
  });

  test("linuxPath() drops a trailing separator, and the drive root is the mount point", () => {
    assert.equal(linuxPath("C:\\Users\\x\\", mounts), "/mnt/c/Users/x");
    assert.equal(linuxPath("C:\\", mounts), "/mnt/c");
    assert.equal(linuxPath("C:/", mounts), "/mnt/c");
  });

  test("linuxPath() resolves . and .. like Windows and never leaves the drive's mount", () => {
    assert.equal(linuxPath("C:\\Users\\.\\x\\..\\y", mounts), "/mnt/c/Users/y");
    assert.equal(linuxPath("C:\\..\\..\\etc\\shadow", mounts), "/mnt/c/etc/shadow");
  });

  test("linuxPath() uses the mount table, not the mount point's name", () => {
    const remapped = mountsOf(
      "1 1 0:1 / /mnt/d rw - drvfs E:\\134 rw\n2 1 0:2 / /c rw - drvfs C: rw",
    );
    assert.equal(linuxPath("E:\\x", remapped), "/mnt/d/x");
    assert.equal(linuxPath("C:\\x", remapped), "/c/x");
    assert.throws(() => linuxPath("D:\\x", remapped), DriveNotMountedError);
  });

  test("linuxPath() refuses a drive that is not mounted, naming only the drive", () => {
    assert.throws(
      () => linuxPath("E:\\secret-user\\x", mounts),
      (thrown: unknown) => {
        assert.ok(thrown instanceof DriveNotMountedError);
        assert.ok(thrown instanceof RangeError);
        assert.equal(thrown.code, "ERR_WSL_DRIVE_NOT_MOUNTED");
        assert.equal(thrown.drive, "E");
        assert.equal(thrown.name, "DriveNotMountedError");
        assert.match(thrown.message, /drive "E:" is not mounted/);
        assert.doesNotMatch(thrown.message, /secret-user/);
        return true;
      },
    );
  });

  test("linuxPath() refuses every path when no drive is mounted", () => {
    assert.throws(() => linuxPath("C:\\x", []), DriveNotMountedError);
  });

  test("linuxPath() refuses UNC and device paths", () => {
    for (const path of [
      "\\\\server\\share\\x",
      "//server/share/x",
      "\\\\?\\C:\\x",
      "\\\\.\\C:\\x",
      "\\/server/share",
    ]) {
      assertRefused(path, "ERR_WSL_PATH_UNC", /UNC and device paths are refused/);
    }
  });

  test("linuxPath() refuses relative, root-relative and drive-relative paths", () => {
    for (const path of ["Users\\x", "\\Users\\x", "C:", "C:Users\\x", "", ".\\x", "1:\\x"]) {
      assertRefused(path, "ERR_WSL_PATH_RELATIVE", /must be absolute/);
    }
  });

  test("linuxPath() refuses a NUL character without echoing the path", () => {
    assertRefused("C:\\secret-user\u0000\\x", "ERR_WSL_PATH_NUL", /NUL/);
  });

  test("linuxPath() refuses characters Windows does not allow in names (an alternate data stream)", () => {
    for (const path of ["C:\\file.txt:stream", "C:\\a?b", "C:\\a*", "C:\\a<b", "C:\\a\tb"]) {
      assertRefused(path, "ERR_WSL_PATH_INVALID", /does not allow/);
    }
  });
});

describe("linuxSearchPath()", () => {
  test("linuxSearchPath() drops Windows directories, relative and empty entries and duplicates", () => {
    const mounts = mountsOf(
      "1 1 0:1 / /mnt/c rw - drvfs C: rw\n2 1 0:2 / /windows\\040files rw - drvfs D: rw",
    );
    assert.equal(
      linuxSearchPath("/env/bin:/mnt/c/tools:/usr/bin:/env/bin:/windows files/bin:.", mounts),
      "/env/bin:/usr/bin",
    );
    assert.equal(linuxSearchPath("::/usr/bin:bin:/mnt/c:/mnt//c/x:/usr/bin/", mounts), "/usr/bin");
  });

  test("linuxSearchPath() keeps a directory that only shares a prefix with a Windows mount", () => {
    const mounts = mountsOf("1 1 0:1 / /mnt/c rw - drvfs C: rw");
    assert.equal(linuxSearchPath("/mnt/cache/bin:/usr/bin", mounts), "/mnt/cache/bin:/usr/bin");
  });
});

describe("powershellPath()", () => {
  const powershell = "/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe";

  test("powershellPath() gives the fixed System32 path under the C: mount when it exists", () => {
    assert.equal(powershellPath(wslHost({ paths: [powershell] })), powershell);
  });

  test("powershellPath() is null when powershell.exe is absent, never searching PATH", () => {
    const host = wslHost({
      paths: ["/usr/bin/powershell.exe"],
      env: { PATH: "/usr/bin:/mnt/c/tools" },
    });
    assert.equal(powershellPath(host), null);
  });

  test("powershellPath() never takes a copy planted on another drive", () => {
    const mountinfo = "1 1 0:1 / /mnt/a rw - drvfs A: rw\n2 1 0:2 / /mnt/c rw - drvfs C: rw";
    const planted = "/mnt/a/Windows/System32/WindowsPowerShell/v1.0/powershell.exe";
    const host = wslHost({ files: { "/proc/self/mountinfo": mountinfo }, paths: [planted] });
    assert.equal(powershellPath(host), null);
  });

  test("powershellPath() follows C: to where the mount table puts it", () => {
    const mountinfo = "1 1 0:1 / /c rw - 9p drvfs rw,aname=drvfs;path=C:\\;uid=1000";
    const moved = "/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe";
    const host = wslHost({ files: { "/proc/self/mountinfo": mountinfo }, paths: [moved] });
    assert.equal(powershellPath(host), moved);
  });

  test("powershellPath() is null when C: is not mounted", () => {
    const host = wslHost({ files: { "/proc/self/mountinfo": "" }, paths: [powershell] });
    assert.equal(powershellPath(host), null);
  });

  test("powershellPath() is null off WSL even when the file exists", () => {
    const host = fakeHost({
      files: {
        "/proc/sys/kernel/osrelease": DEBIAN_RELEASE,
        "/proc/self/mountinfo": WSL2_MOUNTINFO,
      },
      paths: [powershell],
    });
    assert.equal(powershellPath(host), null);
  });
});

test("realWslHost() reads this machine without throwing", () => {
  const host = realWslHost();
  assert.equal(typeof isWsl(host), "boolean");
  assert.ok(Array.isArray(windowsMounts(host)));
  assert.equal(host.exists("/proc/self/mountinfo"), host.os === "linux");
});

function assertRefused(path: string, code: string, message: RegExp): void {
  assert.throws(
    () => linuxPath(path, mountsOf(WSL2_MOUNTINFO)),
    (thrown: unknown) => {
      assert.ok(thrown instanceof WindowsPathError, JSON.stringify(path));
      assert.ok(thrown instanceof TypeError);
      assert.equal(thrown.code, code, JSON.stringify(path));
      assert.equal(thrown.name, "WindowsPathError");
      assert.match(thrown.message, message);
      assert.doesNotMatch(thrown.message, /secret-user/);
      return true;
    },
  );
}
