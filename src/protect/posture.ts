// What `cellguard doctor` reports about the protected store: whether this process is a
// protected session and its pin holds, and whether this host can start one. Measured, not
// assumed: the pin is regenerated, the binaries looked up with the trust rules.
import type { HostPlatform } from "../platform/select.js";
import { whichTrusted } from "../platform/trusted-binary.js";
import { pinnedChildBoundary, trustedSystemPython } from "./pin.js";

export interface ProtectedStorePosture {
  /** community: no launch authority; protected: the pin regenerates; inconsistent: it does not. */
  readonly session: "community" | "protected" | "inconsistent";
  readonly detail: string;
  /** Whether `cellguard launch` can run here (Linux, trusted bubblewrap and python3). */
  readonly launchAvailable: boolean;
  readonly launchDetail: string;
}

export function protectedStorePosture(
  platform: HostPlatform,
  env: NodeJS.ProcessEnv,
): ProtectedStorePosture {
  let session: ProtectedStorePosture["session"];
  let detail: string;
  try {
    const boundary = pinnedChildBoundary();
    session = boundary === null ? "community" : "protected";
    detail =
      boundary === null
        ? "no protected launch authority in this environment"
        : `pinned child rules match the manifest (${boundary.rules.reads.length} read-denied paths, ${boundary.rules.workPaths.length} work paths)`;
  } catch (error) {
    session = "inconsistent";
    detail = error instanceof Error ? error.message : String(error);
  }
  let launchAvailable = false;
  let launchDetail: string;
  if (platform.os !== "linux") {
    launchDetail = `cellguard launch runs on Linux only in this version (platform '${platform.name}')`;
  } else if (whichTrusted("bwrap", env["PATH"]).path === null) {
    launchDetail = "no trusted bubblewrap on PATH";
  } else if (trustedSystemPython() === null) {
    launchDetail = "no trusted system python3 for the supervisor";
  } else {
    launchAvailable = true;
    launchDetail = "bubblewrap and python3 found; each launch validates its rules on the kernel";
  }
  return { session, detail, launchAvailable, launchDetail };
}
