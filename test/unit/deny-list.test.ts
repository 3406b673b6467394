// Default secret read denials, resolved against a throwaway home: the data directories (configured
// and default), the daemon .env and the home credential files; an entry that is or contains the
// workspace is dropped; symlink aliases collapse to one entry; bubblewrap masks only what exists.
import { afterEach, beforeEach, describe, test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DenyEntry } from "../../src/policy/sandbox-policy.js";
import {
  canonicalPath,
  defaultSecretReadDenials,
  HOME_SECRET_PATHS,
  probeReadMasks,
  SYSTEM_SECRET_PATHS,
  type DenyListInputs,
} from "../../src/sandbox/deny-list.js";

let root = "";
let home = "";
let defaultData = "";

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-deny-test-")));
  home = join(root, "home");
  defaultData = join(home, ".local", "share", "cellguard");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_ed25519"), "key");
  writeFileSync(join(home, ".netrc"), "machine x password y");
  mkdirSync(join(home, ".aws"), { recursive: true });
  writeFileSync(join(home, ".aws", "credentials"), "[default]");
  mkdirSync(join(root, "ws"), { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function inputs(overrides: Partial<DenyListInputs> = {}): DenyListInputs {
  return {
    workspace: join(root, "ws"),
    tempDir: join(root, "tmp"),
    env: {},
    homes: [home],
    os: "linux",
    packageDir: null,
    ...overrides,
  };
}

/** The full table as the source lists it, home entries then the system ones. */
function homeSecrets(): DenyEntry[] {
  return [
    ...HOME_SECRET_PATHS.map((e) => ({ kind: e.kind, path: join(home, e.path) })),
    ...SYSTEM_SECRET_PATHS,
  ];
}

/** The entries the sandbox must deny at the least, written out independently of the source. */
function requiredHomeSecrets(): DenyEntry[] {
  return [
    { kind: "subpath", path: join(home, ".ssh") },
    { kind: "literal", path: join(home, ".netrc") },
    { kind: "literal", path: join(home, ".pgpass") },
    { kind: "subpath", path: join(home, ".aws") },
    { kind: "subpath", path: join(home, ".config", "gh") },
    { kind: "subpath", path: join(home, ".docker") },
    { kind: "subpath", path: join(home, ".kube") },
    { kind: "literal", path: join(home, ".git-credentials") },
    { kind: "subpath", path: join(home, ".gnupg") },
    { kind: "subpath", path: join(home, ".local", "share", "keyrings") },
  ];
}

function dataEntries(dir: string): DenyEntry[] {
  return [
    { kind: "subpath", path: dir },
    { kind: "prefix", path: join(dir, "cellguard.db") },
  ];
}

describe("defaultSecretReadDenials", () => {
  test("denies the configured and the default data directory, their database prefix, and home credentials", () => {
    const configured = join(root, "data");
    const denials = defaultSecretReadDenials(inputs({ env: { CELLGUARD_DATA_DIR: configured } }));
    assert.deepEqual(denials, [
      ...dataEntries(configured),
      ...dataEntries(defaultData),
      ...homeSecrets(),
    ]);
  });

  test("every credential store the issue names is denied, with ~/.docker and ~/.kube whole", () => {
    const denials = defaultSecretReadDenials(inputs());
    for (const entry of requiredHomeSecrets()) {
      assert.ok(
        denials.some((d) => d.kind === entry.kind && d.path === entry.path),
        `missing ${entry.kind} ${entry.path}`,
      );
    }
  });

  test("the account's home from the password database is denied as well as $HOME", () => {
    const other = join(root, "account-home");
    const denials = defaultSecretReadDenials(inputs({ homes: [home, other] }));
    assert.ok(denials.some((d) => d.path === join(other, ".ssh")));
    assert.ok(denials.some((d) => d.path === join(other, ".local", "share", "cellguard")));
  });

  test("root-only host secrets are denied (a Cell started by root keeps root's file ownership)", () => {
    const denials = defaultSecretReadDenials(inputs());
    for (const path of ["/etc/shadow", "/etc/gshadow", "/etc/ssh/ssh_host_ed25519_key"]) {
      assert.ok(
        denials.some((d) => d.path === canonicalPath(path)),
        path,
      );
    }
  });

  test("without CELLGUARD_DATA_DIR the default data directory is still denied", () => {
    assert.deepEqual(defaultSecretReadDenials(inputs()), [
      ...dataEntries(defaultData),
      ...homeSecrets(),
    ]);
  });

  test("on macOS the default data directory is under Library/Application Support", () => {
    const denials = defaultSecretReadDenials(inputs({ os: "darwin" }));
    assert.deepEqual(
      denials.slice(0, 2),
      dataEntries(join(home, "Library", "Application Support", "cellguard")),
    );
  });

  test("an entry equal to the workspace is dropped (workspace = ~/.ssh)", () => {
    const denials = defaultSecretReadDenials(inputs({ workspace: join(home, ".ssh") }));
    assert.deepEqual(
      denials,
      [...dataEntries(defaultData), ...homeSecrets()].filter((e) => !e.path.endsWith("/.ssh")),
    );
  });

  test("an entry containing the workspace is dropped (workspace inside ~/.aws)", () => {
    mkdirSync(join(home, ".aws", "project"));
    const denials = defaultSecretReadDenials(inputs({ workspace: join(home, ".aws", "project") }));
    assert.ok(!denials.some((e) => e.path === join(home, ".aws")));
    assert.ok(
      denials.some((e) => e.path === join(home, ".ssh")),
      "other denials stay",
    );
  });

  test("denials inside the workspace stay (workspace = home)", () => {
    const denials = defaultSecretReadDenials(inputs({ workspace: home }));
    assert.deepEqual(denials, [...dataEntries(defaultData), ...homeSecrets()]);
  });

  test("an entry containing the private temp is dropped", () => {
    const denials = defaultSecretReadDenials(
      inputs({ tempDir: join(home, ".config", "gh", "kernel-tmp") }),
    );
    assert.ok(!denials.some((e) => e.path === join(home, ".config", "gh")));
    assert.equal(denials.length, 2 + homeSecrets().length - 1);
  });

  test("a data directory that shares only a name prefix with the workspace is kept", () => {
    const denials = defaultSecretReadDenials(inputs({ workspace: `${defaultData}-ws`, env: {} }));
    assert.deepEqual(denials.slice(0, 2), dataEntries(defaultData));
  });

  test("CELLGUARD_DATA_DIR set verbatim to the default is listed once", () => {
    const denials = defaultSecretReadDenials(inputs({ env: { CELLGUARD_DATA_DIR: defaultData } }));
    assert.deepEqual(denials, [...dataEntries(defaultData), ...homeSecrets()]);
  });

  test("CELLGUARD_DATA_DIR with a trailing slash is the same directory, listed once", () => {
    const denials = defaultSecretReadDenials(
      inputs({ env: { CELLGUARD_DATA_DIR: `${defaultData}/` } }),
    );
    assert.deepEqual(denials, [...dataEntries(defaultData), ...homeSecrets()]);
  });

  test("CELLGUARD_DATA_DIR as a symlink alias of the default directory is listed once, by its real path", () => {
    mkdirSync(defaultData, { recursive: true });
    const alias = join(root, "alias");
    symlinkSync(defaultData, alias);
    const denials = defaultSecretReadDenials(inputs({ env: { CELLGUARD_DATA_DIR: alias } }));
    assert.deepEqual(denials, [...dataEntries(defaultData), ...homeSecrets()]);
    assert.ok(!denials.some((e) => e.path.startsWith(alias)));
  });

  test("a missing path is resolved through its nearest existing ancestor", () => {
    const real = join(root, "real");
    mkdirSync(real);
    symlinkSync(real, join(root, "link"));
    const denials = defaultSecretReadDenials(
      inputs({ env: { CELLGUARD_DATA_DIR: join(root, "link", "not", "yet") } }),
    );
    assert.deepEqual(denials.slice(0, 2), dataEntries(join(real, "not", "yet")));
    assert.equal(canonicalPath(join(root, "link", "a")), join(real, "a"));
  });

  test("a dangling link, and a name under a file, resolve through their real parent", () => {
    const real = join(root, "real");
    mkdirSync(real);
    symlinkSync(real, join(root, "link"));
    symlinkSync(join(root, "gone"), join(real, "dangling"));
    writeFileSync(join(real, "file"), "");
    // The link itself is the name the kernel would open: it stays, its missing target does not.
    assert.equal(canonicalPath(join(root, "link", "dangling")), join(real, "dangling"));
    assert.equal(canonicalPath(join(root, "link", "dangling", "x")), join(real, "dangling", "x"));
    assert.equal(canonicalPath(join(root, "link", "file", "x")), join(real, "file", "x"));
    assert.equal(canonicalPath("/"), "/");
  });

  test("a symlinked credential file is denied at the path the kernel sees", () => {
    const target = join(root, "elsewhere", "git-credentials");
    mkdirSync(join(root, "elsewhere"));
    writeFileSync(target, "https://u:p@host");
    symlinkSync(target, join(home, ".git-credentials"));
    const denials = defaultSecretReadDenials(inputs());
    assert.ok(denials.some((e) => e.kind === "literal" && e.path === target));
    assert.ok(!denials.some((e) => e.path === join(home, ".git-credentials")));
  });

  test("the daemon .env found walking up from the package directory is denied", () => {
    const pkg = join(root, "pkg");
    mkdirSync(join(pkg, "lib", "deep"), { recursive: true });
    writeFileSync(join(pkg, ".env"), "OPENAI_API_KEY=x");
    const denials = defaultSecretReadDenials(inputs({ packageDir: join(pkg, "lib", "deep") }));
    assert.deepEqual(denials, [
      ...dataEntries(defaultData),
      { kind: "literal", path: join(pkg, ".env") },
      ...homeSecrets(),
    ]);
  });
});

describe("probeReadMasks", () => {
  test("a prefix expands to the database and the -wal/-shm/-journal sidecars that exist", () => {
    const db = join(root, "data", "cellguard.db");
    mkdirSync(join(root, "data"));
    writeFileSync(db, "");
    writeFileSync(`${db}-wal`, "");
    writeFileSync(`${db}-journal`, "");
    assert.deepEqual(probeReadMasks([{ kind: "prefix", path: db }]), [
      { path: db, type: "file" },
      { path: `${db}-wal`, type: "file" },
      { path: `${db}-journal`, type: "file" },
    ]);
  });

  test("a prefix whose database is missing still masks a sidecar that exists", () => {
    const db = join(root, "cellguard.db");
    writeFileSync(`${db}-shm`, "");
    assert.deepEqual(probeReadMasks([{ kind: "prefix", path: db }]), [
      { path: `${db}-shm`, type: "file" },
    ]);
  });

  test("directories become directory masks, files file masks, missing paths are skipped", () => {
    const entries: DenyEntry[] = [
      { kind: "subpath", path: join(home, ".ssh") },
      { kind: "literal", path: join(home, ".netrc") },
      { kind: "literal", path: join(home, ".aws") }, // a literal naming a directory
      { kind: "subpath", path: join(home, ".gnupg") }, // missing
      { kind: "literal", path: join(home, ".pgpass") }, // missing
      { kind: "prefix", path: join(home, "missing.db") }, // nothing exists
    ];
    assert.deepEqual(probeReadMasks(entries), [
      { path: join(home, ".ssh"), type: "directory" },
      { path: join(home, ".netrc"), type: "file" },
      { path: join(home, ".aws"), type: "directory" },
    ]);
  });

  test("end to end: the default denials of the fixture home mask exactly what exists", () => {
    const dataDir = join(root, "data");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "cellguard.db"), "");
    const masks = probeReadMasks(
      defaultSecretReadDenials(inputs({ env: { CELLGUARD_DATA_DIR: dataDir } })),
    );
    // Host paths (/etc/shadow and the like) are masked where they exist; the fixture's own part
    // is exactly what the fixture holds.
    assert.deepEqual(
      masks.filter((m) => m.path.startsWith(`${root}/`)),
      [
        { path: dataDir, type: "directory" },
        { path: join(dataDir, "cellguard.db"), type: "file" },
        { path: join(home, ".ssh"), type: "directory" },
        { path: join(home, ".aws"), type: "directory" },
        { path: join(home, ".netrc"), type: "file" },
      ],
    );
  });
});
