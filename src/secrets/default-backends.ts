// The default candidates, in order, with the host facts each needs found once here.
import { existsSync, readFileSync } from "node:fs";
import { hostPlatform } from "../platform/select.js";
import { whichOnPath } from "../platform/which.js";
import type { SecretBackend } from "./backend.js";
import { envInjectionBackend } from "./backends/env-injection.js";
import { macosKeychainBackend } from "./backends/macos-keychain.js";
import { secretServiceBackend } from "./backends/secret-service.js";
import { windowsDpapiBackend } from "./backends/windows-dpapi.js";

// Security binaries come from the system directories only, never from a PATH a caller set.
const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin";

export function defaultBackends(env: NodeJS.ProcessEnv): SecretBackend[] {
  const platform = hostPlatform();
  const isLinux = platform.os === "linux";
  return [
    macosKeychainBackend({
      security: platform.os === "darwin" ? whichOnPath("security", "/usr/bin") : null,
      env,
      isDarwin: platform.os === "darwin",
    }),
    secretServiceBackend({
      secretTool: isLinux ? whichOnPath("secret-tool", SYSTEM_PATH) : null,
      dbusSend: isLinux ? whichOnPath("dbus-send", SYSTEM_PATH) : null,
      env,
      isLinux,
    }),
    windowsDpapiBackend({
      powershell: isLinux && isWsl() ? findPowershell() : null,
      isWsl: isLinux && isWsl(),
      env,
      uid: process.getuid?.() ?? -1,
    }),
    envInjectionBackend(env),
  ];
}

function isWsl(): boolean {
  try {
    return /microsoft/i.test(readFileSync("/proc/sys/kernel/osrelease", "utf8"));
  } catch {
    return false;
  }
}

// WSL interop: powershell.exe at its fixed place on the Windows side, never one found through a
// PATH that a caller (or a Cell) could have set.
function findPowershell(): string | null {
  const fixed = "/mnt/c/Windows/System32/WindowsPowerShell/v1.0/powershell.exe";
  return existsSync(fixed) ? fixed : null;
}
