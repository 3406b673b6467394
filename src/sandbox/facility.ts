// Telling "this host cannot sandbox" (degrade under auto) from "this sandbox failed" (refuse):
// a facility failure must reproduce with a minimal invocation that depends on nothing a Cell
// can touch (no workspace, no masks), so a Cell cannot fake one to get the next run unconfined.
import { spawnSync } from "node:child_process";
import type { SandboxBackend } from "./backends.js";
import { isFacilityFailure } from "./failure-cache.js";

const MINIMAL_TIMEOUT_MS = 5000;

export function minimalInvocation(backend: SandboxBackend): string[] {
  if (backend.name === "seatbelt") return ["-p", "(version 1)(allow default)", "/usr/bin/true"];
  return ["--unshare-pid", "--unshare-net", "--ro-bind", "/", "/", "--", "/bin/true"];
}

export function confirmFacilityFailure(
  backend: SandboxBackend,
  context: { custom: boolean; detail: string },
): boolean {
  if (!isFacilityFailure(context.detail)) return false;
  // An injected runner (tests) speaks for the host; there is no real one to ask.
  if (context.custom) return true;
  const result = spawnSync(backend.executable, minimalInvocation(backend), {
    encoding: "utf8",
    timeout: MINIMAL_TIMEOUT_MS,
    stdio: ["ignore", "pipe", "pipe"],
  });
  return result.status !== 0 && isFacilityFailure(result.stderr ?? "");
}
