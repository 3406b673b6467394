// The rebuilt home directories and the read-only .git in the bubblewrap argv.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { keptFileCopies, renderBwrapArgv } from "../../src/render/bwrap.js";
import { renderSeatbeltProfile } from "../../src/render/seatbelt.js";
import { assertGolden } from "./golden.js";

const policy: SandboxPolicy = {
  workspace: "/home/u/projects/ws",
  tempDir: "/tmp/cellguard-kernel-AbC123",
  allowRawNetwork: false,
  denyRead: [
    { kind: "literal", path: "/home/u/.netrc" },
    { kind: "subpath", path: "/home/u/.ssh" },
    { kind: "literal", path: "/etc/shadow" },
  ],
  // As createKernelSandbox builds it: .ssh is left out of the rebuilt home, so it needs no mask;
  // a mask inside a kept entry still applies.
  readMasks: [
    { path: "/home/u/.config/hub", type: "file" },
    { path: "/etc/shadow", type: "file" },
  ],
  hiddenDirectories: [
    {
      path: "/home/u",
      keep: [
        { name: ".bashrc", kind: "bind" },
        { name: ".config", kind: "bind" },
        { name: "dotfiles-link", kind: "symlink", target: "/srv/dotfiles" },
        { name: "projects", kind: "bind" },
      ],
    },
  ],
  readOnlyPaths: ["/home/u/projects/ws/.git"],
  dropCapabilities: false,
};

const argv = renderBwrapArgv(policy, {
  executable: "/usr/bin/bwrap",
  command: ["python3"],
  seccompFd: 3,
  newSession: false,
});

test("golden: a rebuilt home and a read-only .git", () => {
  assertGolden("bwrap-rebuilt-home.argv.json", `${JSON.stringify(argv, null, 2)}\n`);
});

test("the rebuilt home comes before the workspace bind, so a workspace inside it stays writable", () => {
  const home = argv.indexOf("--tmpfs");
  const workspace = argv.findIndex((a, i) => a === "--bind" && argv[i + 1] === policy.workspace);
  assert.ok(home > 0 && home < workspace);
});

test("kept entries are bound back read-only with -try, links recreated as links, denied names absent", () => {
  assert.ok(argv.join(" ").includes("--ro-bind-try /home/u/.bashrc /home/u/.bashrc"));
  assert.ok(argv.join(" ").includes("--symlink /srv/dotfiles /home/u/dotfiles-link"));
  assert.ok(!argv.includes("/home/u/.netrc"), "a denied name is never bound back");
});

test("the rebuilt home is remounted read-only after the binds, and .git is bound read-only after the workspace", () => {
  const remount = argv.findIndex((a, i) => a === "--remount-ro" && argv[i + 1] === "/home/u");
  const lastBind = argv.lastIndexOf("--bind");
  assert.ok(remount > lastBind);
  const git = argv.findIndex(
    (a, i) => a === "--ro-bind" && argv[i + 1] === "/home/u/projects/ws/.git",
  );
  const workspace = argv.findIndex((a, i) => a === "--bind" && argv[i + 1] === policy.workspace);
  assert.ok(git > workspace);
});

test("Seatbelt denies writes under a read-only path after allowing the workspace", () => {
  const profile = renderSeatbeltProfile(policy);
  const allow = profile.indexOf("(allow file-write*");
  const deny = profile.indexOf('(deny file-write* (literal "/home/u/projects/ws/.git")');
  assert.ok(allow > 0 && deny > allow);
});

// /home/u/.config is rebuilt inside the rebuilt /home/u; /srv/x/cache's parent /srv/x is not
// rebuilt (bound back from the host), and /opt/a/b comes before its parent /opt/a.
const nested: SandboxPolicy = {
  ...policy,
  hiddenDirectories: [
    { path: "/home/u", keep: [{ name: ".bashrc", kind: "bind" }] },
    { path: "/home/u/.config", keep: [{ name: "pip", kind: "bind" }] },
    { path: "/home/u/.config/gh-empty", keep: [] },
    { path: "/srv/x/cache", keep: [] },
    { path: "/opt/a/b", keep: [] },
    { path: "/opt/a", keep: [] },
  ],
};
const nestedArgv = renderBwrapArgv(nested, {
  executable: "/usr/bin/bwrap",
  command: ["python3"],
  seccompFd: 3,
  newSession: false,
});
const opOn = (op: string, path: string): number =>
  nestedArgv.findIndex((a, i) => a === op && nestedArgv[i + 1] === path);

test("a directory rebuilt inside a rebuilt parent is made in the parent's tmpfs, which is mounted first", () => {
  assert.equal(opOn("--tmpfs", "/home/u/.config"), -1);
  assert.equal(opOn("--tmpfs", "/home/u/.config/gh-empty"), -1);
  assert.ok(opOn("--tmpfs", "/home/u") < opOn("--dir", "/home/u/.config"));
  assert.ok(opOn("--dir", "/home/u/.config") < opOn("--dir", "/home/u/.config/gh-empty"));
  assert.ok(nestedArgv.join(" ").includes("--ro-bind-try /home/u/.config/pip /home/u/.config/pip"));
});

test("a rebuilt directory whose parent is not rebuilt before it keeps its own tmpfs, never a directory made in a host bind", () => {
  assert.ok(opOn("--tmpfs", "/srv/x/cache") > 0);
  assert.ok(opOn("--tmpfs", "/opt/a/b") > 0);
  assert.ok(opOn("--tmpfs", "/opt/a") > 0);
  assert.equal(opOn("--dir", "/srv/x/cache"), -1);
});

test("every tmpfs of a rebuilt directory is remounted read-only after the last bind, and only those", () => {
  const lastBind = nestedArgv.lastIndexOf("--bind");
  for (const path of ["/home/u", "/srv/x/cache", "/opt/a/b", "/opt/a"]) {
    assert.ok(opOn("--remount-ro", path) > lastBind, path);
  }
  const remounts = nestedArgv.filter((a) => a === "--remount-ro").length;
  assert.equal(remounts, 5, "four rebuilt tmpfs and /proc");
});

// Small kept files written into the rebuilt home from descriptors instead of bound back.
function renderWithCopies(p: SandboxPolicy, firstCopyFd: number | undefined): string[] {
  return renderBwrapArgv(p, {
    executable: "/usr/bin/bwrap",
    command: ["python3"],
    seccompFd: 3,
    newSession: false,
    ...(firstCopyFd === undefined ? {} : { firstCopyFd }),
  });
}

const withCopies: SandboxPolicy = {
  ...policy,
  hiddenDirectories: [
    {
      path: "/home/u",
      keep: [
        { name: ".bashrc", kind: "bind", copy: { data: Uint8Array.of(35, 10), mode: 0o644 } },
        { name: ".config", kind: "bind" },
        { name: ".netrc-like-name", kind: "bind", copy: { data: Uint8Array.of(1), mode: 0o600 } },
      ],
    },
  ],
};

test("with descriptors for copies, a small kept file is written in with its mode (no mount), in keptFileCopies order", () => {
  const copied = renderWithCopies(withCopies, 64).join(" ");
  assert.ok(copied.includes("--perms 0644 --file 64 /home/u/.bashrc"));
  assert.ok(copied.includes("--perms 0600 --file 65 /home/u/.netrc-like-name"));
  assert.ok(copied.includes("--ro-bind-try /home/u/.config /home/u/.config"));
  assert.ok(!copied.includes("--ro-bind-try /home/u/.bashrc"));
  assert.deepEqual(keptFileCopies(withCopies), [Uint8Array.of(35, 10), Uint8Array.of(1)]);
  // The copies go in before the rebuilt home is remounted read-only.
  assert.ok(copied.indexOf("--file 65") < copied.indexOf("--remount-ro /home/u"));
});

test("without descriptors for copies (a caller that cannot feed them), every kept file is bound back", () => {
  const bound = renderWithCopies(withCopies, undefined).join(" ");
  assert.ok(bound.includes("--ro-bind-try /home/u/.bashrc /home/u/.bashrc"));
  assert.ok(!bound.includes("--file"));
});

test("a copy whose mode is not permission bits is refused, not rendered", () => {
  const bad: SandboxPolicy = {
    ...policy,
    hiddenDirectories: [
      {
        path: "/home/u",
        keep: [{ name: "x", kind: "bind", copy: { data: Uint8Array.of(1), mode: 0o4755 } }],
      },
    ],
  };
  assert.throws(() => renderWithCopies(bad, 64), RangeError);
});
