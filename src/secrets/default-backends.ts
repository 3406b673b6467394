// The default candidates, in order, with the host facts each needs found once here.
import { hostPlatform } from "../platform/select.js";
import { SYSTEM_BIN_DIRS, whichTrusted } from "../platform/trusted-binary.js";
import { isWsl, powershellPath, realWslHost } from "../platform/wsl.js";
import type { SecretBackend } from "./backend.js";
import { envInjectionBackend } from "./backends/env-injection.js";
import { macosKeychainBackend } from "./backends/macos-keychain.js";
import { secretServiceBackend } from "./backends/secret-service.js";
import { windowsDpapiBackend } from "./backends/windows-dpapi.js";

// Security binaries come from the system directories only, root-owned and unwritable by others:
// never from a PATH a caller (or a Cell) set.
const trusted = (name: string): string | null => whichTrusted(name, SYSTEM_BIN_DIRS.join(":")).path;

export function defaultBackends(env: NodeJS.ProcessEnv): SecretBackend[] {
  const platform = hostPlatform();
  const isLinux = platform.os === "linux";
  const wslHost = realWslHost();
  const wsl = isLinux && isWsl(wslHost);
  return [
    macosKeychainBackend({
      security: platform.os === "darwin" ? trusted("security") : null,
      env,
      isDarwin: platform.os === "darwin",
    }),
    secretServiceBackend({
      secretTool: isLinux ? trusted("secret-tool") : null,
      dbusSend: isLinux ? trusted("dbus-send") : null,
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
