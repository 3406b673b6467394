// A throwaway home, data directory and workspace per test, so no test plants canaries in the
// real home of whoever runs the suite.
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach } from "node:test";

export interface Fixture {
  readonly root: string;
  readonly home: string;
  readonly dataDir: string;
  readonly workspace: string;
  /** A secret value unique to this fixture; it must never appear in any sandboxed output. */
  readonly canary: string;
  /** Environment for the CLI: this fixture's HOME and data directory on top of the host's PATH. */
  readonly env: NodeJS.ProcessEnv;
  plant(relativeToHome: string, content?: string): string;
  cleanup(): void;
}

export function makeFixture(): Fixture {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-test-")));
  const home = join(root, "home");
  const dataDir = join(home, ".local", "share", "cellguard");
  const workspace = join(root, "workspace");
  mkdirSync(workspace, { recursive: true });
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const canary = `CANARY-${randomBytes(12).toString("hex")}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: home,
    LANG: "C.UTF-8",
    CELLGUARD_DATA_DIR: dataDir,
  };
  return {
    root,
    home,
    dataDir,
    workspace,
    canary,
    env,
    plant(relativeToHome, content = canary) {
      const path = join(home, relativeToHome);
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      writeFileSync(path, content, { mode: 0o600 });
      return path;
    },
    cleanup() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh fixture for every test of the enclosing describe(), removed after it. The returned
 * object always speaks for the current test's fixture.
 */
export function useFixture(): Fixture {
  let current: Fixture | undefined;
  beforeEach(() => {
    current = makeFixture();
  });
  afterEach(() => {
    current?.cleanup();
    current = undefined;
  });
  const get = (): Fixture => {
    if (current === undefined) throw new Error("useFixture: used outside a running test");
    return current;
  };
  return {
    get root() {
      return get().root;
    },
    get home() {
      return get().home;
    },
    get dataDir() {
      return get().dataDir;
    },
    get workspace() {
      return get().workspace;
    },
    get canary() {
      return get().canary;
    },
    get env() {
      return get().env;
    },
    plant: (relativeToHome, content) => get().plant(relativeToHome, content),
    cleanup: () => get().cleanup(),
  };
}
