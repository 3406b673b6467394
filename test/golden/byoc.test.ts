// The provider helper's boundary, rendered: golden files for the bubblewrap argv and the Seatbelt
// profile, the invariants the boundary rests on (the home hidden, only the stage and temp
// writable, no network unshare, /run hidden with the resolver brought back), and the policy rules
// and traversal walk, driven with a fake file system. Pure: runs on every OS.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SandboxConfigurationError } from "../../src/errors.js";
import {
  buildHelperPolicy,
  resolverRebinds,
  traversalMetadataPaths,
  TRAVERSAL_MAX_POPS,
  type HelperPolicy,
  type PolicyFs,
} from "../../src/byoc/policy.js";
import { renderHelperBwrapArgv } from "../../src/byoc/render-bwrap.js";
import {
  KEYCHAIN_MACH_SERVICES,
  renderHelperSeatbeltArgv,
  renderHelperSeatbeltProfile,
} from "../../src/byoc/render-seatbelt.js";
import {
  COMPUTE_CONFINEMENT_VARIABLE,
  parseComputeConfinementMode,
  postureOf,
  postureToJson,
} from "../../src/byoc/confinement.js";
import {
  checkConfinement,
  decodeHostAnchors,
  encodeHostAnchors,
  expectationFromEnv,
} from "../../src/byoc/assert-confined.js";
import { assertGolden } from "./golden.js";
import { parseBwrapArgv, type Op } from "./bwrap-argv.js";

const BWRAP = "/usr/bin/bwrap";
const SANDBOX_EXEC = "/usr/bin/sandbox-exec";
const COMMAND = ["/usr/bin/node", "/opt/helper/main.js", "oneshot", "submit"];

const LINUX: HelperPolicy = {
  homes: ["/home/u", "/var/lib/u-account"],
  stage: "/home/u/.local/share/cellguard/stage/op-1",
  tempDir: "/tmp/cellguard-helper-abc123",
  readPaths: ["/home/u/.nvm/versions/node/v20.20.2", "/opt/helper"],
  resolverRebinds: ["/run/systemd/resolve/stub-resolv.conf"],
  traversal: [],
  hiddenTempDirs: ["/tmp", "/var/tmp", "/dev/shm"],
  systemMasks: [
    { kind: "file", path: "/etc/shadow" },
    { kind: "directory", path: "/etc/ssl/private" },
  ],
  dropCapabilities: false,
};

const MAC: HelperPolicy = {
  homes: ["/Users/u"],
  stage: "/private/var/folders/xy/T/cellguard-stage-op-1",
  tempDir: "/private/var/folders/xy/T/cellguard-helper-abc123",
  readPaths: ["/Users/u/.nvm/versions/node/v20.20.2", "/Users/u/src/helper"],
  resolverRebinds: [],
  traversal: [
    "/Users/u",
    "/Users/u/.nvm",
    "/Users/u/.nvm/versions",
    "/Users/u/.nvm/versions/node",
    "/Users/u/src",
  ],
  hiddenTempDirs: [],
  systemMasks: [],
  dropCapabilities: false,
};

const json = (argv: readonly string[]): string => `${JSON.stringify(argv, null, 2)}\n`;

const bwrap = (policy: HelperPolicy): string[] =>
  renderHelperBwrapArgv(policy, { executable: BWRAP, command: COMMAND, seccompFd: 3 });

/** bubblewrap options this renderer may emit, with how many values each takes. */
const ARITY: Readonly<Record<string, number>> = {
  "--die-with-parent": 0,
  "--new-session": 0,
  "--unshare-pid": 0,
  "--unshare-ipc": 0,
  "--unshare-uts": 0,
  "--cap-drop": 1,
  "--seccomp": 1,
  "--dev": 1,
  "--proc": 1,
  "--tmpfs": 1,
  "--remount-ro": 1,
  "--chdir": 1,
  "--bind": 2,
  "--ro-bind": 2,
  "--ro-bind-try": 2,
};

function parseArgv(argv: readonly string[]): { ops: Op[]; command: string[] } {
  return parseBwrapArgv(argv, BWRAP, ARITY);
}

const at = (ops: readonly Op[], op: string, args: readonly string[]): number =>
  ops.findIndex((o) => o.op === op && JSON.stringify(o.args) === JSON.stringify(args));

describe("helper bubblewrap argv golden files", () => {
  test("renderHelperBwrapArgv() for two homes, read paths and a resolver under /run", () => {
    assertGolden("byoc-bwrap.argv.json", json(bwrap(LINUX)));
  });

  test("renderHelperBwrapArgv() started by root drops every capability", () => {
    assertGolden("byoc-bwrap-root.argv.json", json(bwrap({ ...LINUX, dropCapabilities: true })));
  });
});

describe("helper bubblewrap argv invariants", () => {
  test("the network is shared: no --unshare-net, ever", () => {
    for (const policy of [LINUX, { ...LINUX, dropCapabilities: true }]) {
      const options = bwrap(policy).filter((a) => a.startsWith("--"));
      assert.ok(!options.some((a) => a.includes("net")), "no network option");
    }
  });

  test("only the stage and the private temp are writable binds", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    assert.deepEqual(
      ops.filter((o) => o.op === "--bind").map((o) => o.args),
      [
        [LINUX.tempDir, LINUX.tempDir],
        [LINUX.stage, LINUX.stage],
      ],
    );
    assert.ok(at(ops, "--ro-bind", ["/", "/"]) >= 0, "the root is bound read-only");
  });

  test("every home is a tmpfs before anything is bound back into it, remounted read-only after", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    const firstBind = ops.findIndex((o) => o.op.startsWith("--ro-bind") && o.args[0] !== "/");
    const lastBind = ops.map((o) => o.op).lastIndexOf("--bind");
    for (const home of LINUX.homes) {
      const tmpfs = at(ops, "--tmpfs", [home]);
      assert.ok(tmpfs > at(ops, "--ro-bind", ["/", "/"]), `${home} hidden after the root bind`);
      assert.ok(tmpfs < firstBind, `${home} hidden before the read paths are bound back`);
      assert.ok(at(ops, "--remount-ro", [home]) > lastBind, `${home} read-only after the binds`);
    }
    for (const path of LINUX.readPaths) assert.ok(at(ops, "--ro-bind", [path, path]) > 0);
  });

  test("/run is a tmpfs after the root bind and the home tmpfs, with the resolver rebound", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    const run = at(ops, "--tmpfs", ["/run"]);
    assert.ok(run > at(ops, "--ro-bind", ["/", "/"]));
    for (const home of LINUX.homes) assert.ok(run > at(ops, "--tmpfs", [home]));
    const resolver = "/run/systemd/resolve/stub-resolv.conf";
    assert.ok(at(ops, "--ro-bind-try", [resolver, resolver]) > run, "resolver rebound after");
    assert.ok(at(ops, "--remount-ro", ["/run"]) > run);
    const noResolver = parseArgv(bwrap({ ...LINUX, resolverRebinds: [] })).ops;
    assert.equal(
      noResolver.findIndex((o) => o.op === "--ro-bind-try"),
      -1,
    );
  });

  test("a private PID namespace, /proc read-only, and bubblewrap dies with its parent", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    for (const op of ["--unshare-pid", "--unshare-ipc", "--unshare-uts", "--die-with-parent"]) {
      assert.equal(ops.filter((o) => o.op === op).length, 1, op);
    }
    assert.ok(at(ops, "--remount-ro", ["/proc"]) > at(ops, "--proc", ["/proc"]));
  });

  test("--new-session always: a caller that spawns without one is not open to TIOCSTI", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    assert.equal(ops.filter((o) => o.op === "--new-session").length, 1);
  });

  test("the seccomp program is loaded from the given descriptor; a bad one is refused", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    assert.deepEqual(
      ops.filter((o) => o.op === "--seccomp"),
      [{ op: "--seccomp", args: ["3"] }],
    );
    assert.throws(
      () => renderHelperBwrapArgv(LINUX, { executable: BWRAP, command: COMMAND, seccompFd: -1 }),
      RangeError,
    );
  });

  test("/tmp, /var/tmp and /dev/shm are hidden before the homes, read-only after the binds", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    const lastBind = ops.map((o) => o.op).lastIndexOf("--bind");
    for (const dir of LINUX.hiddenTempDirs) {
      const tmpfs = at(ops, "--tmpfs", [dir]);
      assert.ok(tmpfs > at(ops, "--dev", ["/dev"]), `${dir} hidden after /dev is made`);
      for (const home of LINUX.homes) assert.ok(tmpfs < at(ops, "--tmpfs", [home]));
      assert.ok(at(ops, "--remount-ro", [dir]) > lastBind, `${dir} read-only after the binds`);
    }
  });

  test("a home under /tmp or inside another home is hidden after its parent, once each", () => {
    const nested = { ...LINUX, homes: ["/tmp/h/inner", "/tmp", "/home/u"] };
    const { ops } = parseArgv(bwrap(nested));
    const tmpfs = ops.filter((o) => o.op === "--tmpfs").map((o) => o.args[0]);
    assert.deepEqual(tmpfs.slice(0, 5), [
      "/tmp",
      "/var/tmp",
      "/dev/shm",
      "/home/u",
      "/tmp/h/inner",
    ]);
    const remounts = ops.filter((o) => o.op === "--remount-ro").map((o) => o.args[0]);
    assert.equal(remounts.filter((p) => p === "/tmp").length, 1);
    assert.ok(remounts.includes("/tmp/h/inner"));
  });

  test("system secrets are masked after every bind: /dev/null over files, tmpfs over directories", () => {
    const { ops } = parseArgv(bwrap(LINUX));
    const lastBind = ops.map((o) => o.op).lastIndexOf("--bind");
    const lastReadBind = Math.max(...LINUX.readPaths.map((p) => at(ops, "--ro-bind", [p, p])));
    const file = at(ops, "--ro-bind", ["/dev/null", "/etc/shadow"]);
    const directory = at(ops, "--tmpfs", ["/etc/ssl/private"]);
    for (const mask of [file, directory]) assert.ok(mask > lastBind && mask > lastReadBind);
    assert.ok(at(ops, "--remount-ro", ["/etc/ssl/private"]) > directory);
  });

  test("--cap-drop ALL exactly when started by root", () => {
    assert.ok(!bwrap(LINUX).includes("--cap-drop"));
    const { ops } = parseArgv(bwrap({ ...LINUX, dropCapabilities: true }));
    assert.deepEqual(
      ops.filter((o) => o.op === "--cap-drop"),
      [{ op: "--cap-drop", args: ["ALL"] }],
    );
  });

  test("the command follows -- verbatim, even when it looks like options; cwd is the stage", () => {
    const hostile = ["/bin/sh", "-c", "--bind / / ; id", "--", "--unshare-net", "", "a\nb"];
    const argv = renderHelperBwrapArgv(LINUX, {
      executable: BWRAP,
      command: hostile,
      seccompFd: 3,
    });
    const { ops, command } = parseArgv(argv);
    assert.deepEqual(command, hostile);
    assert.deepEqual(ops.at(-1), { op: "--chdir", args: [LINUX.stage] });
  });

  test("an empty command is refused with TypeError", () => {
    assert.throws(
      () => renderHelperBwrapArgv(LINUX, { executable: BWRAP, command: [], seccompFd: 3 }),
      TypeError,
    );
  });
});

// ---- a small SBPL reader: lists, symbols and "strings" with the escapes quoteSbpl emits

type Sexp = string | { readonly str: string } | readonly Sexp[];

function readSbpl(text: string): Sexp[] {
  let i = 0;
  const skip = (): void => {
    for (;;) {
      while (/\s/.test(text[i] ?? "")) i += 1;
      if (text[i] !== ";") return;
      while (i < text.length && text[i] !== "\n") i += 1;
    }
  };
  const form = (): Sexp => {
    if (text[i] === "(") {
      i += 1;
      const list: Sexp[] = [];
      for (skip(); text[i] !== ")"; skip()) {
        if (i >= text.length) throw new Error("unterminated list");
        list.push(form());
      }
      i += 1;
      return list;
    }
    if (text[i] === '"') {
      const escapes: Record<string, string> = { "\\": "\\", '"': '"', n: "\n", r: "\r", t: "\t" };
      let str = "";
      for (i += 1; text[i] !== '"'; i += 1) {
        if (i >= text.length) throw new Error("unterminated string");
        if (text[i] === "\\") {
          i += 1;
          const mapped = escapes[text[i] ?? ""];
          if (mapped === undefined) throw new Error(`unknown escape at ${i}`);
          str += mapped;
        } else str += text[i];
      }
      i += 1;
      return { str };
    }
    const start = i;
    while (i < text.length && !/[\s()";]/.test(text[i] ?? "")) i += 1;
    if (i === start) throw new Error(`unexpected character at ${i}`);
    return text.slice(start, i);
  };
  const forms: Sexp[] = [];
  for (skip(); i < text.length; skip()) forms.push(form());
  return forms;
}

const isList = (x: Sexp): x is readonly Sexp[] => Array.isArray(x);
const show = (x: Sexp): string =>
  typeof x === "string"
    ? x
    : isList(x)
      ? `(${x.map(show).join(" ")})`
      : JSON.stringify((x as { str: string }).str);

/** The rules as compact text, one per top-level form. */
const rules = (profile: string): string[] => readSbpl(profile).map(show);

describe("helper Seatbelt profile", () => {
  test("renderHelperSeatbeltProfile() matches byoc-seatbelt.sb", () => {
    assertGolden("byoc-seatbelt.sb", renderHelperSeatbeltProfile(MAC));
  });

  test("the rule groups come in the order last-match-wins needs", () => {
    const heads = readSbpl(renderHelperSeatbeltProfile(MAC)).map((f) =>
      isList(f) ? f.slice(0, 2).map(show).join(" ") : show(f),
    );
    assert.deepEqual(heads, [
      "version 1",
      "allow default",
      "deny file-write*",
      "allow file-write*",
      "deny file-read*",
      "deny file-read-xattr",
      "deny mach-lookup",
      "deny file-read*",
      "allow file-read-metadata",
      "allow file-read*",
      "deny process-info*",
      "deny sysctl-read",
    ]);
  });

  test("the home's whole read class and its extended attributes are denied", () => {
    const r = rules(renderHelperSeatbeltProfile(MAC));
    assert.ok(r.includes('(deny file-read* (subpath "/Users/u"))'));
    assert.ok(r.includes('(deny file-read-xattr (subpath "/Users/u"))'));
  });

  test("every keychain service and store is denied; the network is not", () => {
    const profile = renderHelperSeatbeltProfile(MAC);
    const services = KEYCHAIN_MACH_SERVICES.map((s) => `(global-name ${JSON.stringify(s)})`);
    assert.ok(rules(profile).includes(`(deny mach-lookup ${services.join(" ")})`));
    assert.ok(services.some((s) => s.includes('"com.apple.SecurityServer"')));
    assert.ok(!services.some((s) => /trustd|ocspd/.test(s)), "TLS trust services stay reachable");
    assert.ok(
      rules(profile).includes(
        '(deny file-read* file-write* (subpath "/Library/Keychains") (subpath "/Network/Library/Keychains") (subpath "/private/var/db/SystemKey"))',
      ),
    );
    assert.ok(!profile.includes("network"), "no network rule");
  });

  test("the traversal allowance is literals only, never a subpath", () => {
    const metadata = readSbpl(renderHelperSeatbeltProfile(MAC)).find(
      (f) => isList(f) && show(f[1] ?? "") === "file-read-metadata",
    );
    assert.ok(metadata !== undefined && isList(metadata));
    const filters = metadata.slice(2);
    assert.equal(filters.length, MAC.traversal.length);
    for (const filter of filters) assert.ok(show(filter).startsWith("(literal "), show(filter));
    const none = renderHelperSeatbeltProfile({ ...MAC, traversal: [] });
    assert.ok(!none.includes("file-read-metadata"), "no empty allowance");
  });

  test("writes only to the stage, the temp and device literals; reads re-allowed for the roots", () => {
    const r = rules(renderHelperSeatbeltProfile(MAC));
    assert.ok(
      r.includes(
        `(allow file-write* (subpath "${MAC.stage}") (subpath "${MAC.tempDir}") (literal "/dev/null") (literal "/dev/zero") (literal "/dev/stdout") (literal "/dev/stderr"))`,
      ),
    );
    const reads = [...MAC.readPaths, MAC.stage, MAC.tempDir].map((p) => `(subpath "${p}")`);
    assert.ok(r.includes(`(allow file-read* ${reads.join(" ")})`));
  });

  test("the process-info denies come last", () => {
    assert.deepEqual(rules(renderHelperSeatbeltProfile(MAC)).slice(-2), [
      "(deny process-info* (target others))",
      '(deny sysctl-read (sysctl-name-prefix "kern.proc"))',
    ]);
  });

  test("a hostile path stays one string and adds no rule", () => {
    const hostile = '/Users/u/a b"c\\d\ne\rf\tg") (allow file-write* (subpath "/"))';
    const profile = renderHelperSeatbeltProfile({ ...MAC, readPaths: [hostile] });
    assert.equal(rules(profile).length, rules(renderHelperSeatbeltProfile(MAC)).length);
    const read = readSbpl(profile).find(
      (f) => isList(f) && show(f[0] ?? "") === "allow" && show(f[1] ?? "") === "file-read*",
    );
    assert.ok(read !== undefined && isList(read));
    const first = read[2];
    assert.ok(first !== undefined && isList(first));
    assert.deepEqual(first[1], { str: hostile });
  });

  test("a NUL in a path is refused, and argv is [sandbox-exec, -p, profile, ...command]", () => {
    assert.throws(
      () => renderHelperSeatbeltProfile({ ...MAC, stage: "/private/tmp/a\0b" }),
      SandboxConfigurationError,
    );
    const argv = renderHelperSeatbeltArgv(MAC, { executable: SANDBOX_EXEC, command: COMMAND });
    assert.deepEqual(argv, [SANDBOX_EXEC, "-p", renderHelperSeatbeltProfile(MAC), ...COMMAND]);
  });
});

// ---- policy rules, on a fake file system

interface FakeEntry {
  readonly kind: "directory" | "file";
}

function fakeFs(
  entries: Readonly<Record<string, FakeEntry>>,
  links: Readonly<Record<string, string>> = {},
): PolicyFs {
  const resolve = (path: string): string | null => {
    for (let hops = 0; hops < 40; hops++) {
      const target = links[path];
      if (target === undefined) return Object.hasOwn(entries, path) ? path : null;
      path = target;
    }
    return null;
  };
  return {
    realpath: resolve,
    readlink: (path) => links[path] ?? null,
    kind: (path) => entries[path]?.kind ?? null,
  };
}

const dir: FakeEntry = { kind: "directory" };
const FS = fakeFs(
  {
    "/": dir,
    "/home": dir,
    "/home/u": dir,
    "/home/u/rt": dir,
    "/home/u/rt/lib": dir,
    "/srv/stage": dir,
    "/srv/temp": dir,
    "/opt/helper": dir,
    "/opt/helper/main.js": { kind: "file" },
    "/run/user/1000/bus": { kind: "file" },
    "/etc/resolv.conf": { kind: "file" },
    "/home/u/Library/Keychains": dir,
    "/home/u/.ssh": dir,
    "/home/u/.ssh/keys": dir,
    "/home/u/.aws": dir,
    "/home/u/.gnupg": dir,
    "/home/u/.config": dir,
    "/Library/Keychains": dir,
    "/proc": dir,
    "/proc/1": dir,
    "/sys": dir,
    "/sys/kernel": dir,
    "/dev": dir,
    "/dev/shm": dir,
    "/run": dir,
    "/tmp": dir,
  },
  { "/home/u/rt-link": "/home/u/rt" },
);

const request = {
  homes: ["/home/u", "/home/missing"],
  stage: "/srv/stage",
  tempDir: "/srv/temp",
  readPaths: ["/home/u/rt", "/home/u/rt/lib", "/opt/helper"],
  executable: "/usr/bin/node",
  dropCapabilities: false,
};

function refused(overrides: Partial<typeof request>, pattern: RegExp): void {
  assert.throws(
    () => buildHelperPolicy({ ...request, ...overrides }, FS),
    (error: unknown) =>
      error instanceof SandboxConfigurationError &&
      pattern.test(error.message) &&
      !error.message.includes("\0"),
    `expected a SandboxConfigurationError matching ${pattern}`,
  );
}

describe("buildHelperPolicy()", () => {
  test("keeps existing homes, minimal read paths, canonical roots; the value is frozen", () => {
    const policy = buildHelperPolicy(request, FS);
    assert.deepEqual(policy.homes, ["/home/u"]);
    assert.deepEqual(policy.readPaths, ["/home/u/rt", "/opt/helper"]);
    assert.equal(policy.stage, "/srv/stage");
    assert.ok(Object.isFrozen(policy) && Object.isFrozen(policy.readPaths));
    assert.deepEqual(JSON.parse(JSON.stringify(policy)), policy);
    const linked = buildHelperPolicy({ ...request, readPaths: ["/home/u/rt-link"] }, FS);
    assert.deepEqual(linked.readPaths, ["/home/u/rt"], "a read path is resolved");
  });

  test("a NUL in any path is refused without echoing it", () => {
    refused({ stage: "/srv/st\0age" }, /stage contains a NUL/);
    refused({ tempDir: "/srv/te\0mp" }, /temp contains a NUL/);
    refused({ readPaths: ["/opt/\0x"] }, /read path contains a NUL/);
    refused({ homes: ["/home/\0u"] }, /home contains a NUL/);
  });

  test("relative paths are refused", () => {
    refused({ readPaths: ["opt/helper"] }, /read path must be an absolute path/);
    refused({ stage: "srv/stage" }, /stage must be an absolute path/);
    refused({ homes: ["~"] }, /home must be an absolute path/);
  });

  test("a missing stage or read path is refused", () => {
    refused({ stage: "/srv/nope" }, /stage must be an existing directory/);
    refused({ stage: "/opt/helper/main.js" }, /stage must be an existing directory/);
    refused({ readPaths: ["/opt/nope"] }, /read path must exist/);
  });

  test("a root that would expose a home is refused", () => {
    refused({ readPaths: ["/home"] }, /read path must not be, or contain, a home/);
    refused({ readPaths: ["/home/u"] }, /read path must not be, or contain, a home/);
    refused({ stage: "/home/u" }, /stage must not be, or contain, a home/);
    refused({ stage: "/" }, /stage must not be \//);
    refused({ homes: ["/"] }, /a home must not be \//);
  });

  test("read paths under /run or over a keychain are refused", () => {
    refused({ readPaths: ["/run/user/1000/bus"] }, /read path must not overlap \/run/);
    refused({ readPaths: ["/home/u/Library/Keychains"] }, /must not overlap a keychain/);
  });

  test("a stage, private temp or read path over a sensitive place is refused", () => {
    for (const path of ["/proc", "/proc/1", "/sys", "/sys/kernel", "/dev", "/dev/shm", "/run"]) {
      const root = path.split("/").slice(0, 2).join("/");
      const pattern = new RegExp(`must not overlap \\${root}`);
      refused({ stage: path }, pattern);
      refused({ tempDir: path }, pattern);
      refused({ readPaths: [path] }, pattern);
    }
    for (const path of ["/home/u/.ssh", "/home/u/.ssh/keys", "/home/u/.aws", "/home/u/.gnupg"]) {
      refused({ stage: path }, /stage must not overlap a credential store/);
      refused({ tempDir: path }, /private temp must not overlap a credential store/);
      refused({ readPaths: [path] }, /read path must not overlap a credential store/);
    }
    refused({ readPaths: ["/home/u/.config"] }, /must not overlap a credential store/);
    for (const path of ["/home/u/Library/Keychains", "/Library/Keychains"]) {
      refused({ stage: path }, /stage must not overlap a keychain/);
      refused({ readPaths: [path] }, /read path must not overlap a keychain/);
    }
    refused({ stage: "/tmp" }, /stage must not be, or contain, \/tmp/);
    refused({ tempDir: "/" }, /private temp must not be \//);
    refused({ readPaths: ["/"] }, /read path must not be \//);
  });

  test("only existing shared temp directories and system secrets go into the policy", () => {
    const fs = fakeFs(
      {
        "/home/u": dir,
        "/srv/stage": dir,
        "/srv/temp": dir,
        "/tmp": dir,
        "/dev/shm": dir,
        "/etc/shadow": { kind: "file" },
        "/etc/sudoers.d": dir,
      },
      { "/var/tmp": "/tmp" },
    );
    const policy = buildHelperPolicy({ ...request, readPaths: [] }, fs);
    assert.deepEqual(policy.hiddenTempDirs, ["/tmp", "/dev/shm"]);
    assert.deepEqual(policy.systemMasks, [
      { kind: "file", path: "/etc/shadow" },
      { kind: "directory", path: "/etc/sudoers.d" },
    ]);
  });

  test("a stage inside a home is allowed (bound after the home is hidden)", () => {
    const fs = fakeFs({ "/home/u": dir, "/home/u/stage": dir, "/srv/temp": dir });
    const policy = buildHelperPolicy({ ...request, stage: "/home/u/stage", readPaths: [] }, fs);
    assert.equal(policy.stage, "/home/u/stage");
  });
});

describe("resolverRebinds()", () => {
  test("a resolv.conf outside /run needs no rebind", () => {
    assert.deepEqual(resolverRebinds(FS), []);
  });

  test("a link into /run is followed to its target, hop by hop", () => {
    const fs = fakeFs(
      { "/run/systemd/resolve/stub-resolv.conf": { kind: "file" } },
      {
        "/etc/resolv.conf": "../run/resolvconf/resolv.conf",
        "/run/resolvconf/resolv.conf": "/run/systemd/resolve/stub-resolv.conf",
      },
    );
    assert.deepEqual(resolverRebinds(fs), [
      "/run/resolvconf/resolv.conf",
      "/run/systemd/resolve/stub-resolv.conf",
    ]);
  });

  test("a link loop ends", () => {
    const fs = fakeFs({}, { "/etc/resolv.conf": "/run/a", "/run/a": "/etc/resolv.conf" });
    assert.deepEqual(resolverRebinds(fs), ["/run/a"]);
  });
});

describe("traversalMetadataPaths()", () => {
  const homes = ["/Users/u"];

  test("names every component under the home, for every read root, sorted", () => {
    const readlink = (): null => null;
    const out = traversalMetadataPaths(["/Users/u/b/bin/node", "/Users/u/a/lib", "/opt/x"], {
      homes,
      readlink,
    });
    assert.deepEqual(out, [
      "/Users/u",
      "/Users/u/a",
      "/Users/u/a/lib",
      "/Users/u/b",
      "/Users/u/b/bin",
      "/Users/u/b/bin/node",
    ]);
  });

  test("names unresolved symlink hops and walks on from their targets", () => {
    const links: Record<string, string> = {
      "/Users/u/.venv/bin/python": "../../.uv/alias/bin/python3",
      "/Users/u/.uv/alias": "/Users/u/.uv/python/cpython-3.12",
    };
    const out = traversalMetadataPaths(["/Users/u/.venv/bin/python"], {
      homes,
      readlink: (p) => links[p] ?? null,
    });
    assert.deepEqual(out, [
      "/Users/u",
      "/Users/u/.uv",
      "/Users/u/.uv/alias",
      "/Users/u/.uv/python",
      "/Users/u/.uv/python/cpython-3.12",
      "/Users/u/.uv/python/cpython-3.12/bin",
      "/Users/u/.uv/python/cpython-3.12/bin/python3",
      "/Users/u/.venv",
      "/Users/u/.venv/bin",
      "/Users/u/.venv/bin/python",
    ]);
  });

  test("a symlink loop terminates", () => {
    let calls = 0;
    const out = traversalMetadataPaths(["/Users/u/loop/x"], {
      homes,
      readlink: (p) => {
        calls += 1;
        return p.endsWith("/loop") ? "/Users/u/loop/loop" : null;
      },
    });
    assert.ok(out.includes("/Users/u/loop"));
    assert.ok(calls < TRAVERSAL_MAX_POPS * 64, `bounded (${calls} readlinks)`);
  });
});

describe("parseComputeConfinementMode()", () => {
  test("auto, enforce and off, trimmed and case-insensitive; unset or empty is auto", () => {
    assert.equal(parseComputeConfinementMode(undefined), "auto");
    assert.equal(parseComputeConfinementMode(""), "auto");
    assert.equal(parseComputeConfinementMode(" Enforce "), "enforce");
    assert.equal(parseComputeConfinementMode("OFF"), "off");
  });

  test("anything else is an error naming the variable", () => {
    for (const bad of ["on", "strict", "enforce!", "1"]) {
      assert.throws(
        () => parseComputeConfinementMode(bad),
        (error: unknown) =>
          error instanceof SandboxConfigurationError &&
          error.message.startsWith(
            `${COMPUTE_CONFINEMENT_VARIABLE} must be one of auto, enforce, off`,
          ),
      );
    }
  });
});

describe("postureOf()", () => {
  const holds = {
    ok: true,
    kind: "holds",
    backend: "bubblewrap",
    executable: BWRAP,
    detail: "Linux bubblewrap",
  } as const;
  const cannot = { ...holds, ok: false, kind: "host_cannot", backend: null } as const;

  test("the network is never isolated, and every posture says so", () => {
    for (const [mode, verdict] of [
      ["off", null],
      ["auto", holds],
      ["enforce", holds],
      ["auto", cannot],
      ["enforce", cannot],
      ["auto", { ...cannot, kind: "failed" }],
    ] as const) {
      const posture = postureOf(mode, verdict);
      assert.equal(posture.networkIsolated, false);
      assert.equal(postureToJson(posture)["network_isolated"], false);
      assert.match(posture.detail, /network is NOT isolated/);
    }
  });

  test("active when it holds; auto without a boundary warns; enforce does not run", () => {
    assert.equal(postureOf("enforce", holds).state, "active");
    assert.equal(postureOf("enforce", holds).enforced, true);
    const auto = postureOf("auto", cannot);
    assert.equal(auto.state, "unavailable");
    assert.match(auto.warning ?? "", /^CELLGUARD SECURITY WARNING/);
    assert.equal(postureOf("enforce", cannot).warning, null);
    assert.match(postureOf("enforce", cannot).detail, /Under enforce it does not run/);
    assert.equal(postureOf("off", null).state, "disabled");
  });
});

describe("the helper's anchors and expectation", () => {
  const anchors = {
    homes: [{ path: "/home/u", id: "2049:131073", entries: ["2049:5", "2049:6"] }],
    pidNamespace: "4026531836",
  };

  test("decodeHostAnchors() round-trips and refuses anything malformed", () => {
    assert.deepEqual(decodeHostAnchors(encodeHostAnchors(anchors)), anchors);
    for (const bad of [
      "",
      "{",
      "[]",
      '{"v":2,"homes":[],"pidNamespace":null}',
      '{"v":1,"homes":[{"path":"rel","id":"1:2","entries":[]}],"pidNamespace":null}',
      '{"v":1,"homes":[{"path":"/h","id":"x","entries":[]}],"pidNamespace":null}',
      '{"v":1,"homes":[{"path":"/h","id":"1:2","entries":[3]}],"pidNamespace":null}',
      '{"v":1,"homes":[],"pidNamespace":"ns"}',
    ]) {
      assert.equal(decodeHostAnchors(bad), null, bad);
    }
  });

  test("expectationFromEnv(): unset, empty or 0 expects nothing; any other value expects", () => {
    const expected = (value: string | undefined): boolean =>
      expectationFromEnv({ CELLGUARD_COMPUTE_EXPECT_CONFINED: value }, "linux").expected;
    assert.equal(expected(undefined), false);
    assert.equal(expected(""), false);
    assert.equal(expected("0"), false);
    assert.equal(expected("1"), true);
    assert.equal(expected("garbled"), true, "a garbled flag does not switch the check off");
  });

  test("checkConfinement() fails closed without anchors or a backend", () => {
    assert.equal(checkConfinement({ expected: true, anchors: null, os: "linux" }).confined, false);
    const empty = { homes: [], pidNamespace: null };
    assert.equal(checkConfinement({ expected: true, anchors: empty, os: "linux" }).confined, false);
    assert.equal(checkConfinement({ expected: true, anchors, os: "other" }).confined, false);
  });
});
