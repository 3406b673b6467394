// Public API.
export { createKernelSandbox, type KernelSandboxOptions } from "./sandbox/create.js";
export { KernelSandbox } from "./sandbox/kernel-sandbox.js";
export { resetSelfTestCache } from "./sandbox/failure-cache.js";
export {
  hostOnlyBoundaryHolds,
  statusToJson,
  type SandboxStatus,
  type SandboxState,
  type NetworkPolicy,
} from "./sandbox/status.js";
export {
  spawnWrapped,
  runWrapped,
  killGroup,
  type WrappedCommand,
  type RunResult,
} from "./platform/launch.js";
export { closeLeakingDescriptors, leakingDescriptors } from "./platform/descriptors.js";
export { buildKernelEnvironment, isDeniedVariable } from "./kernel/environment.js";
export { renderBwrapArgv } from "./render/bwrap.js";
export { renderSeatbeltProfile, quoteSbpl } from "./render/seatbelt.js";
export { renderSeccompProgram, buildSeccompProgram, encodeBpf } from "./render/seccomp.js";
export type { SandboxPolicy, DenyEntry, ReadMask } from "./policy/sandbox-policy.js";
export {
  SandboxError,
  SandboxConfigurationError,
  SandboxUnavailableError,
  UnsupportedArchitectureError,
} from "./errors.js";
export { parseSandboxMode, parseStrictBoolean, SANDBOX_MODES } from "./config/sandbox-config.js";
