// A private, throwaway Secret Service for a test: its own D-Bus session daemon (a config with no
// service directories, so nothing is auto-activated and no unlock prompt can appear) and its own
// gnome-keyring-daemon with a temporary home and a random password. Nothing touches the
// developer's keyring. The recipe is the tested one in the keychain notes, §2.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { whichOnPath } from "../../src/platform/which.js";

const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";

export interface PrivateKeyring {
  /** PATH, HOME and the bus address: what a process needs to reach this keyring. */
  readonly env: NodeJS.ProcessEnv;
  lock(): void;
  /** Replaces the daemon with one that unlocks the collection again. */
  unlock(): Promise<void>;
  stop(): void;
}

/** Why a private keyring cannot be started here, or null. */
export function keyringSkipReason(): string | null {
  for (const tool of ["dbus-daemon", "dbus-send", "gnome-keyring-daemon", "secret-tool"]) {
    if (whichOnPath(tool, SYSTEM_PATH) === null) {
      return `needs ${tool} (apt-get install dbus gnome-keyring libsecret-tools)`;
    }
  }
  return null;
}

export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  const root = mkdtempSync(join(tmpdir(), "cellguard-keyring-"));
  const home = join(root, "home");
  spawnSync("/bin/mkdir", ["-m", "700", home]);
  const config = join(root, "session.conf");
  writeFileSync(
    config,
    readFileSync("/usr/share/dbus-1/session.conf", "utf8").replace(
      /<standard_session_servicedirs\s*\/>/,
      "",
    ),
  );
  const bus = spawnSync(
    "dbus-daemon",
    [`--config-file=${config}`, "--fork", "--nopidfile", "--print-address=1", "--print-pid=1"],
    { encoding: "utf8", env: { PATH: SYSTEM_PATH, HOME: home } },
  );
  const [address, pid] = bus.stdout.trim().split("\n");
  if (bus.status !== 0 || address === undefined || pid === undefined) {
    throw new Error(`dbus-daemon did not start: ${bus.stderr.trim()}`);
  }
  const env: NodeJS.ProcessEnv = {
    PATH: SYSTEM_PATH,
    HOME: home,
    LANG: "C.UTF-8",
    DBUS_SESSION_BUS_ADDRESS: address,
  };
  const password = randomBytes(18).toString("base64");
  const startDaemon = async (extra: string[]): Promise<void> => {
    await new Promise<void>((resolve, reject) => {
      const daemon = spawn("gnome-keyring-daemon", [...extra, "--unlock", "--components=secrets"], {
        env,
        stdio: ["pipe", "ignore", "ignore"],
      });
      daemon.once("error", reject);
      daemon.once("exit", () => resolve());
      // No newline: it is part of the password.
      daemon.stdin.end(password);
    });
    await waitUntil(() => dbusSend(env, [
      "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
      "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
    ]).includes("true")); // prettier-ignore
    await waitUntil(() => /\bfalse\b/.test(lockedAnswer(env)));
  };
  try {
    await startDaemon([]);
  } catch (error) {
    spawnSync("/bin/kill", [pid]);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    env,
    lock() {
      dbusSend(env, [
        "--dest=org.freedesktop.secrets",
        "/org/freedesktop/secrets",
        "org.freedesktop.Secret.Service.Lock",
        "array:objpath:/org/freedesktop/secrets/collection/login",
      ]);
    },
    unlock: () => startDaemon(["--replace"]),
    stop() {
      // Killing the bus ends the keyring daemon with it.
      spawnSync("/bin/kill", [pid]);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function lockedAnswer(env: NodeJS.ProcessEnv): string {
  return dbusSend(env, [
    "--dest=org.freedesktop.secrets",
    "/org/freedesktop/secrets/aliases/default",
    "org.freedesktop.DBus.Properties.Get",
    "string:org.freedesktop.Secret.Collection",
    "string:Locked",
  ]);
}

function dbusSend(env: NodeJS.ProcessEnv, args: string[]): string {
  const r = spawnSync("dbus-send", ["--session", "--print-reply=literal", ...args], {
    env,
    encoding: "utf8",
    timeout: 5_000,
  });
  return `${r.stdout}${r.stderr}`;
}

async function waitUntil(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the private Secret Service did not come up within 5 s");
}
