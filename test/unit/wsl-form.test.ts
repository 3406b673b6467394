// The WSL form's policy parts, built from fake hosts: whether the form applies, which masks,
// which rebind, which remounts, and the workspaces it refuses.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SandboxConfigurationError, SandboxUnavailableError } from "../../src/errors.js";
import { KernelSandbox } from "../../src/sandbox/kernel-sandbox.js";
import { statusToJson, type SandboxStatus } from "../../src/sandbox/status.js";
import { bubblewrapBackend } from "../../src/sandbox/backends.js";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import {
  hiddenByWslForm,
  refuseNamesOnWindowsWorkspace,
  WSL_CHECKS,
  wslSandboxForm,
} from "../../src/sandbox/wsl-form.js";
import { fakeHost, wslHost, WSL2_MOUNTINFO, WSL2_RELEASE } from "../helpers/fake-wsl-host.js";
import { inventoryPolicyWorkspace } from "../../src/sandbox/hardlink-inventory.js";
import { enabledStatus } from "../helpers/sandbox-status.js";

/** What a WSL2 distribution has: the loader, the runtime dirs, two drives. */
const WSL_KINDS = {
  "/init": "file",
  "/run": "directory",
  "/tmp": "directory",
  "/var/tmp": "directory",
  "/mnt/wsl": "directory",
  "/mnt/wslg": "directory",
  "/mnt/c": "directory",
  "/mnt/d": "directory",
} as const;

const WORKSPACE = "/home/u/ws";

describe("wslSandboxForm()", () => {
  test("not WSL: no WSL parts at all (a plain Linux host, a container on a WSL kernel)", () => {
    const plain = fakeHost({
      files: { "/proc/sys/kernel/osrelease": "6.1.0-18-amd64\n" },
      kinds: WSL_KINDS,
    });
    assert.equal(wslSandboxForm(plain, { workspace: WORKSPACE }), null);
    const container = fakeHost({
      files: {
        "/proc/sys/kernel/osrelease": WSL2_RELEASE,
        "/proc/self/mountinfo": WSL2_MOUNTINFO,
      },
      paths: ["/.dockerenv"],
      kinds: WSL_KINDS,
    });
    assert.equal(wslSandboxForm(container, { workspace: WORKSPACE }), null);
  });

  test("WSL: every denial that exists is masked, a directory by tmpfs, /init by /dev/null", () => {
    const form = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace: WORKSPACE });
    assert.ok(form !== null);
    assert.deepEqual(form.masks, [
      { path: "/init", type: "file" },
      { path: "/run", type: "directory" },
      { path: "/tmp", type: "directory" },
      { path: "/var/tmp", type: "directory" },
      { path: "/mnt/wsl", type: "directory" },
      { path: "/mnt/wslg", type: "directory" },
      { path: "/mnt/c", type: "directory" },
      { path: "/mnt/d", type: "directory" },
    ]);
  });

  test("read-only remounts: every masked directory but /tmp and /var/tmp, never the /init file", () => {
    const form = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace: WORKSPACE });
    assert.deepEqual(form?.readOnlyRemounts, ["/run", "/mnt/wsl", "/mnt/wslg", "/mnt/c", "/mnt/d"]);
  });

  test("what does not exist is not masked (no mount point to make), and not remounted", () => {
    const form = wslSandboxForm(
      wslHost({ kinds: { "/run": "directory", "/tmp": "directory", "/mnt/c": "directory" } }),
      { workspace: WORKSPACE },
    );
    assert.deepEqual(
      form?.masks.map((m) => m.path),
      ["/run", "/tmp", "/mnt/c"],
    );
    assert.deepEqual(form?.readOnlyRemounts, ["/run", "/mnt/c"]);
  });

  test("a Windows mount inside another masked directory is covered by it, not masked twice", () => {
    const mountinfo = `${WSL2_MOUNTINFO}95 62 0:71 / /mnt/wsl/share rw - 9p drvfs rw,aname=drvfs;path=E:\\\n`;
    const form = wslSandboxForm(
      wslHost({
        files: { "/proc/self/mountinfo": mountinfo },
        kinds: { ...WSL_KINDS, "/mnt/wsl/share": "directory" },
      }),
      { workspace: WORKSPACE },
    );
    assert.ok(!form?.masks.some((m) => m.path === "/mnt/wsl/share"));
    assert.ok(!form?.readOnlyRemounts.includes("/mnt/wsl/share"));
  });

  test("the resolver is rebound when /etc/resolv.conf resolves into a masked directory", () => {
    for (const target of ["/mnt/wsl/resolv.conf", "/run/systemd/resolve/stub-resolv.conf"]) {
      const form = wslSandboxForm(
        wslHost({ kinds: WSL_KINDS, links: { "/etc/resolv.conf": target } }),
        { workspace: WORKSPACE },
      );
      assert.deepEqual(form?.resolverBinds, [target], target);
    }
  });

  test("no rebind when the resolver file is not under a mask (a plain file, or a mask absent here)", () => {
    const plain = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace: WORKSPACE });
    assert.deepEqual(plain?.resolverBinds, []);
    const kinds = { "/tmp": "directory", "/run": "directory" } as const;
    const absentMask = wslSandboxForm(
      wslHost({ kinds, links: { "/etc/resolv.conf": "/mnt/wsl/resolv.conf" } }),
      { workspace: WORKSPACE },
    );
    assert.deepEqual(absentMask?.resolverBinds, []);
  });

  test("a workspace on a Windows drive is allowed and named, for the hardlink inventory", () => {
    const onDrive = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), {
      workspace: "/mnt/c/Users/u/proj",
    });
    assert.equal(onDrive?.workspaceWindowsMount, "/mnt/c");
    const onLinux = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace: WORKSPACE });
    assert.equal(onLinux?.workspaceWindowsMount, null);
  });

  for (const workspace of ["/mnt/c", "/mnt", "/run", "/mnt/wsl", "/var"]) {
    test(`a workspace ${workspace} that is or contains a hidden path is refused: its bind would bring it back`, () => {
      assert.throws(
        () => wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace }),
        (error: unknown) =>
          error instanceof SandboxConfigurationError &&
          error.message.includes(JSON.stringify(workspace)) &&
          error.message.includes("WSL form"),
      );
    });
  }

  test("the three WSL self-test checks of the spec", () => {
    assert.deepEqual(WSL_CHECKS, ["wsl_private_pid", "wsl_interop_hidden", "wsl_vsock_denied"]);
  });
});

describe("hiddenByWslForm()", () => {
  const form = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace: WORKSPACE });
  const exposed = { workspace: "/mnt/c/Users/u/ws", tempDir: "/tmp/cellguard-kernel-x" };

  test("inside a masked directory, or the masked file itself: hidden", () => {
    for (const path of ["/mnt/c", "/mnt/c/Users/u/.ssh", "/run/user/1000/keyring", "/init"])
      assert.equal(hiddenByWslForm(path, form, exposed), true, path);
  });

  test("the workspace and the private temp are bound back: not hidden, even below a mask", () => {
    for (const path of ["/mnt/c/Users/u/ws/.env", "/tmp/cellguard-kernel-x/.canary"])
      assert.equal(hiddenByWslForm(path, form, exposed), false, path);
  });

  test("outside every mask, or off WSL: not hidden", () => {
    assert.equal(hiddenByWslForm("/home/u/.ssh", form, exposed), false);
    assert.equal(hiddenByWslForm("/initrd.img", form, exposed), false, "a sibling of /init");
    assert.equal(hiddenByWslForm("/mnt/cdrom", form, exposed), false, "a sibling of /mnt/c");
    assert.equal(hiddenByWslForm("/mnt/c/x", null, exposed), false);
  });
});

describe("refuseNamesOnWindowsWorkspace()", () => {
  const workspace = "/mnt/c/Users/u/proj";
  const onDrive = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace });
  const onLinux = wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace: WORKSPACE });

  test("a name-protected path inside a workspace on a Windows drive is refused, naming it", () => {
    for (const path of [
      `${workspace}/.git`,
      `${workspace}/.env`,
      `${workspace}/node_modules/.bin`,
    ]) {
      assert.throws(
        () => refuseNamesOnWindowsWorkspace(onDrive, workspace, ["/home/u/.netrc", path]),
        (error: unknown) =>
          error instanceof SandboxConfigurationError &&
          error.message.includes(path) &&
          error.message.includes("/mnt/c"),
      );
    }
  });

  test("nothing protected by name inside, a workspace on the Linux side, or off WSL: allowed", () => {
    assert.doesNotThrow(() =>
      refuseNamesOnWindowsWorkspace(onDrive, workspace, ["/home/u/.netrc", "/mnt/c/Users/u/projX"]),
    );
    assert.doesNotThrow(() =>
      refuseNamesOnWindowsWorkspace(onLinux, WORKSPACE, [`${WORKSPACE}/.git`]),
    );
    assert.doesNotThrow(() =>
      refuseNamesOnWindowsWorkspace(null, workspace, [`${workspace}/.git`]),
    );
  });
});

describe("inventoryPolicyWorkspace() on a WSL policy", () => {
  const policyFor = (workspace: string): SandboxPolicy => ({
    workspace,
    tempDir: "/tmp/cellguard-kernel-x",
    allowRawNetwork: false,
    denyRead: [],
    readMasks: [],
    dropCapabilities: false,
    wsl: wslSandboxForm(wslHost({ kinds: WSL_KINDS }), { workspace }),
  });

  test("a workspace on a Windows drive is refused, also by an enabled sandbox's wrap()", () => {
    const policy = policyFor("/mnt/c/Users/u/proj");
    assert.throws(
      () => inventoryPolicyWorkspace(policy),
      (error: unknown) =>
        error instanceof SandboxUnavailableError && error.message.includes("/mnt/c"),
    );
    const sandbox = new KernelSandbox({
      status: enabledStatus({ workspace: policy.workspace, tempDir: policy.tempDir }),
      policy,
      backend: bubblewrapBackend("/usr/bin/bwrap", "x64"),
    });
    assert.throws(() => sandbox.wrap(["/bin/true"]), SandboxUnavailableError);
  });

  test("a workspace on the Linux side, or no WSL form: nothing to refuse", () => {
    assert.doesNotThrow(() => inventoryPolicyWorkspace(policyFor(WORKSPACE)));
    assert.doesNotThrow(() => inventoryPolicyWorkspace({ ...policyFor(WORKSPACE), wsl: null }));
  });
});

describe("the status publishes the WSL form", () => {
  const status: SandboxStatus = {
    mode: "auto",
    state: "enabled",
    backend: "bubblewrap",
    enforced: true,
    selfTestPassed: true,
    networkPolicy: "blocked",
    workspace: WORKSPACE,
    tempDir: "/tmp/cellguard-kernel-x",
    detail: "test",
    warning: null,
    checks: null,
  };

  test("wsl_form in the JSON form: what is hidden, remounted read-only and bound back", () => {
    const json = statusToJson({
      ...status,
      wsl: {
        masked: ["/init", "/mnt/c"],
        readOnly: ["/mnt/c"],
        resolverBinds: ["/mnt/wsl/resolv.conf"],
      },
    });
    assert.deepEqual(json["wsl_form"], {
      masked: ["/init", "/mnt/c"],
      read_only: ["/mnt/c"],
      resolver_binds: ["/mnt/wsl/resolv.conf"],
    });
  });

  test("off WSL wsl_form is null", () => {
    assert.equal(statusToJson(status)["wsl_form"], null);
    assert.equal(statusToJson({ ...status, wsl: null })["wsl_form"], null);
  });
});
