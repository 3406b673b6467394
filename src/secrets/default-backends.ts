// The default candidates, in order, with the host facts each needs found once here.
import { hostPlatform } from "../platform/select.js";
import { whichOnPath } from "../platform/which.js";
import { isWsl, powershellPath, realWslHost } from "../platform/wsl.js";
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
  const wslHost = realWslHost();
  const wsl = isLinux && isWsl(wslHost);
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
      // powershell.exe at its fixed place on the C: mount, never one found through a PATH a
      // caller (or a Cell) could have set.
      powershell: wsl ? powershellPath(wslHost) : null,
      isWsl: wsl,
      env,
      uid: process.getuid?.() ?? -1,
    }),
    envInjectionBackend(env),
  ];
}
