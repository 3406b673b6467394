// The WSL form of the bubblewrap argv: golden files rendered from policies whose WSL parts are
// built from fake WSL hosts (a fake mount table, fake /proc files, a fake resolver link), plus the
// ordering contracts of the spec (§7.6, §20 "Windows/WSL contracts"). Pure: runs on every OS.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { renderBwrapArgv, type BwrapRenderOptions } from "../../src/render/bwrap.js";
import { wslSandboxForm } from "../../src/sandbox/wsl-form.js";
import { fakeHost, wslHost, WSL2_RELEASE } from "../helpers/fake-wsl-host.js";
import { KERNEL_BWRAP_ARITY, parseBwrapArgv, type Op } from "./bwrap-argv.js";
import { assertGolden } from "./golden.js";

const BWRAP = "/usr/bin/bwrap";
const COMMAND = ["/usr/bin/python3", "-I", "-c", "print('hi')"];
const TEMP = "/tmp/cellguard-kernel-abc123";

// As a WSL2 kernel writes it: C: and D: over 9p, a network share whose mount point holds a space
// (octal-escaped), the WSL runtime tmpfs, and ordinary mounts that are not Windows drives.
const MOUNTINFO = [
  "61 66 8:48 / / rw,relatime - ext4 /dev/sdd rw,discard,errors=remount-ro,data=ordered",
  "62 61 0:39 / /mnt/wsl rw,relatime shared:1 - tmpfs none rw",
  "63 61 0:40 / /mnt/wslg rw,relatime - tmpfs none rw",
  "64 61 0:41 / /usr/lib/wsl/drivers ro,nosuid,nodev,noatime - 9p none ro,aname=drivers;fmask=222;dmask=222",
  "83 61 0:62 / /mnt/c rw,noatime - 9p C:\\134 rw,dirsync,aname=drvfs;path=C:\\;uid=1000;gid=1000;symlinkroot=/mnt/",
  "90 61 0:70 / /mnt/d rw,noatime - 9p D:\\134 rw,dirsync,aname=drvfs;path=D:\\;uid=1000;gid=1000;symlinkroot=/mnt/",
  "91 61 0:71 / /mnt/team\\040share rw,noatime - 9p \\134\\134server\\134share rw,aname=drvfs;path=\\\\server\\share",
  "",
].join("\n");

const KINDS = {
  "/init": "file",
  "/run": "directory",
  "/tmp": "directory",
  "/var/tmp": "directory",
  "/mnt/wsl": "directory",
  "/mnt/wslg": "directory",
  "/mnt/c": "directory",
  "/mnt/d": "directory",
  "/mnt/team share": "directory",
} as const;

function host(links: Readonly<Record<string, string>> = {}): ReturnType<typeof wslHost> {
  return wslHost({ files: { "/proc/self/mountinfo": MOUNTINFO }, kinds: KINDS, links });
}

function policy(
  workspace: string,
  overrides: Partial<SandboxPolicy> = {},
  links: Readonly<Record<string, string>> = { "/etc/resolv.conf": "/mnt/wsl/resolv.conf" },
): SandboxPolicy {
  return {
    workspace,
    tempDir: TEMP,
    allowRawNetwork: false,
    denyRead: [{ kind: "subpath", path: "/home/u/.ssh" }],
    readMasks: [{ path: "/home/u/.ssh", type: "directory" }],
    dropCapabilities: false,
    wsl: wslSandboxForm(host(links), { workspace }),
    ...overrides,
  };
}

function options(overrides: Partial<BwrapRenderOptions> = {}): BwrapRenderOptions {
  return { executable: BWRAP, command: COMMAND, seccompFd: 3, newSession: false, ...overrides };
}

const json = (argv: readonly string[]): string => `${JSON.stringify(argv, null, 2)}\n`;

function ops(p: SandboxPolicy, o: BwrapRenderOptions = options()): Op[] {
  return parseBwrapArgv(renderBwrapArgv(p, o), BWRAP, KERNEL_BWRAP_ARITY).ops;
}

function at(list: readonly Op[], op: string, args: readonly string[]): number {
  const i = list.findIndex((o) => o.op === op && JSON.stringify(o.args) === JSON.stringify(args));
  assert.ok(i >= 0, `${op} ${args.join(" ")} is present`);
  return i;
}

describe("bubblewrap argv golden files, WSL form", () => {
  test("WSL form, workspace on the Linux side, resolver in /mnt/wsl", () => {
    assertGolden("bwrap-wsl.argv.json", json(renderBwrapArgv(policy("/home/u/ws"), options())));
  });

  test("WSL form, workspace on drive C:, started by root, raw network, systemd-resolved stub", () => {
    const p = policy(
      "/mnt/c/Users/u/proj",
      { allowRawNetwork: true, dropCapabilities: true },
      { "/etc/resolv.conf": "../run/systemd/resolve/stub-resolv.conf" },
    );
    assertGolden("bwrap-wsl-windows-workspace.argv.json", json(renderBwrapArgv(p, options())));
  });

  test("WSL form with a rebuilt home that holds a Windows mount", () => {
    const p = policy("/home/u/ws", {
      hiddenDirectories: [
        {
          path: "/home/u",
          keep: [
            { name: "ws", kind: "bind" },
            { name: "winhome", kind: "bind" },
          ],
        },
      ],
      wsl: wslSandboxForm(
        wslHost({
          files: {
            "/proc/self/mountinfo": `${MOUNTINFO}95 61 0:72 / /home/u/winhome/docs rw - 9p drvfs rw,aname=drvfs;path=E:\\\n`,
          },
          kinds: { ...KINDS, "/home/u/winhome/docs": "directory" },
        }),
        { workspace: "/home/u/ws" },
      ),
    });
    assertGolden("bwrap-wsl-rebuilt-home.argv.json", json(renderBwrapArgv(p, options())));
  });
});

describe("bubblewrap argv contracts, WSL form", () => {
  test("a private PID namespace and the seccomp descriptor; no /proc/<pid>/environ mask", () => {
    const argv = renderBwrapArgv(policy("/home/u/ws"), options({ seccompFd: 42 }));
    assert.equal(argv.filter((a) => a === "--unshare-pid").length, 1);
    const list = parseBwrapArgv(argv, BWRAP, KERNEL_BWRAP_ARITY).ops;
    assert.deepEqual(
      list.filter((o) => o.op === "--seccomp"),
      [{ op: "--seccomp", args: ["42"] }],
    );
    assert.ok(!argv.some((a) => /^\/proc\/\d+\/environ$/.test(a)), "no environ mask");
  });

  test("every Windows mount and WSL path is masked after /, /dev and /proc, before any bind", () => {
    const list = ops(policy("/home/u/ws"));
    const proc = at(list, "--proc", ["/proc"]);
    const firstBind = list.findIndex((o) => o.op === "--bind");
    for (const dir of [
      "/run",
      "/tmp",
      "/var/tmp",
      "/mnt/wsl",
      "/mnt/wslg",
      "/mnt/c",
      "/mnt/d",
      "/mnt/team share",
    ]) {
      const mask = at(list, "--tmpfs", [dir]);
      assert.ok(mask > proc && mask < firstBind, `${dir} masked between --proc and the binds`);
    }
    const init = at(list, "--ro-bind", ["/dev/null", "/init"]);
    assert.ok(init > proc && init < firstBind);
    assert.ok(
      !list.some((o) => o.args.includes("/usr/lib/wsl/drivers")),
      "a 9p mount that is not drvfs is not a Windows drive",
    );
  });

  test("the resolver is rebound with --ro-bind-try after the masks and before every remount of a mask", () => {
    const list = ops(policy("/home/u/ws"));
    const rebind = at(list, "--ro-bind-try", ["/mnt/wsl/resolv.conf", "/mnt/wsl/resolv.conf"]);
    assert.ok(rebind > at(list, "--tmpfs", ["/mnt/wsl"]), "after the mask it reaches through");
    const remounts = list
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => o.op === "--remount-ro" && o.args[0] !== "/proc");
    assert.ok(remounts.length > 0);
    for (const { i } of remounts) assert.ok(rebind < i, "rebind before --remount-ro");
  });

  test("/tmp and /var/tmp are never remounted read-only; every other masked directory is, after the binds", () => {
    const list = ops(policy("/home/u/ws"));
    const remounted = list.filter((o) => o.op === "--remount-ro").map((o) => o.args[0]);
    assert.ok(!remounted.includes("/tmp") && !remounted.includes("/var/tmp"));
    const lastBind = list.map((o) => o.op).lastIndexOf("--bind");
    for (const dir of ["/run", "/mnt/wsl", "/mnt/wslg", "/mnt/c", "/mnt/d", "/mnt/team share"]) {
      assert.ok(at(list, "--remount-ro", [dir]) > lastBind, `${dir} remounted after the binds`);
    }
    assert.ok(!remounted.includes("/init"), "a file is not remounted");
  });

  test("a workspace on drive C: is bound after the drive's mask and before its read-only remount", () => {
    const workspace = "/mnt/c/Users/u/proj";
    const list = ops(policy(workspace));
    const mask = at(list, "--tmpfs", ["/mnt/c"]);
    const bind = at(list, "--bind", [workspace, workspace]);
    const remount = at(list, "--remount-ro", ["/mnt/c"]);
    assert.ok(mask < bind && bind < remount);
    assert.deepEqual(list.at(-1), { op: "--chdir", args: [workspace] });
  });

  test("a Windows mount inside a rebuilt home is masked again after the entries bound back", () => {
    const list = ops(
      policy("/home/u/ws", {
        hiddenDirectories: [{ path: "/home/u", keep: [{ name: "winhome", kind: "bind" }] }],
        wsl: wslSandboxForm(
          wslHost({
            files: {
              "/proc/self/mountinfo": `${MOUNTINFO}95 61 0:72 / /home/u/winhome/docs rw - 9p drvfs rw,aname=drvfs;path=E:\\\n`,
            },
            kinds: { ...KINDS, "/home/u/winhome/docs": "directory" },
          }),
          { workspace: "/home/u/ws" },
        ),
      }),
    );
    const keep = at(list, "--ro-bind-try", ["/home/u/winhome", "/home/u/winhome"]);
    const masks = list
      .map((o, i) => ({ o, i }))
      .filter(({ o }) => o.op === "--tmpfs" && o.args[0] === "/home/u/winhome/docs");
    assert.ok(
      masks.some(({ i }) => i > keep),
      "the mask is repeated after the entry comes back",
    );
    assert.ok(masks.every(({ i }) => i < at(list, "--bind", ["/home/u/ws", "/home/u/ws"])));
  });

  test("off WSL the argv is exactly the single-user one: the WSL parts add nothing", () => {
    const plain = fakeHost({ files: { "/proc/sys/kernel/osrelease": "6.1.0-18-amd64\n" } });
    const container = fakeHost({
      files: { "/proc/sys/kernel/osrelease": WSL2_RELEASE, "/proc/self/mountinfo": MOUNTINFO },
      kinds: KINDS,
    });
    for (const h of [plain, container]) {
      const base = policy("/home/u/ws", { wsl: null });
      const p = { ...base, wsl: wslSandboxForm(h, { workspace: "/home/u/ws" }) };
      assert.equal(p.wsl, null);
      const withoutField: SandboxPolicy = Object.fromEntries(
        Object.entries(base).filter(([key]) => key !== "wsl"),
      ) as unknown as SandboxPolicy;
      assert.ok(!("wsl" in withoutField));
      assert.deepEqual(renderBwrapArgv(p, options()), renderBwrapArgv(withoutField, options()));
    }
  });
});
