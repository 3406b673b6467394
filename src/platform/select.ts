// The only module that reads process.platform. Everything else receives a HostPlatform value,
// so tests can drive the macOS and unsupported paths on any OS.
import { arch, platform } from "node:process";

export type OsFamily = "linux" | "darwin" | "other";

export interface HostPlatform {
  readonly os: OsFamily;
  /** The raw platform name, for messages. */
  readonly name: string;
  /** Node's CPU architecture name (`x64`, `arm64`, …). */
  readonly arch: string;
}

export function osFamily(name: string): OsFamily {
  if (name === "linux") return "linux";
  if (name === "darwin") return "darwin";
  return "other";
}

export function hostPlatform(): HostPlatform {
  return { os: osFamily(platform), name: platform, arch };
}
