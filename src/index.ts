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
export {
  Kernel,
  INTERRUPT_ANSWER_MS,
  type CellResult,
  type CellStatus,
  type CellError,
  type InterruptDelivery,
  type InterruptTarget,
} from "./kernel/kernel.js";
export {
  CELL_LANGUAGES,
  DEFAULT_CELL_TIMEOUT_MS,
  MAX_CELL_CHARS,
  type CellLanguage,
  type ExecuteOptions,
  type KernelOptions,
} from "./kernel/options.js";
export {
  runCell,
  observationOf,
  type RunCellOptions,
  type CellRun,
  type CellOrigin,
  type RefusingLayer,
} from "./kernel/run-cell.js";
export {
  CellInputError,
  KernelConfigurationError,
  KernelStartError,
  KernelClosedError,
} from "./kernel/errors.js";
export type { WorkerInfo } from "./kernel/worker.js";
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
// Team read isolation.
export {
  readIsolation,
  withAllowedRoots,
  withRoots,
  type KernelReadIsolation,
  type TeamReadPolicy,
} from "./policy/team-roots.js";
export {
  normalizeReadIsolation,
  ReadIsolationConfigurationError,
} from "./sandbox/read-isolation.js";
export { checkWorkspaceHardlinks, INVENTORY_LIMITS } from "./sandbox/hardlink-inventory.js";

// Screening layers.
export { precheckCommand, hostPrecheckCommand } from "./screen/shell/precheck.js";
export {
  scanToolResult,
  scanToolResultStatic,
  type ScanToolResultOptions,
} from "./screen/injection/scan.js";
export { annotate, type InjectionVerdict } from "./screen/injection/annotate.js";
export {
  classifyCode,
  classifyCodeHeuristic,
  isAlwaysSafe,
  CLASSIFIER_PROMPT,
} from "./screen/classifier/index.js";
export {
  looksBiosecurityRelevant,
  gatherTrajectory,
  BIOSECURITY_PROMPT,
  TRAJECTORY_SCREENER_PROMPT,
} from "./screen/biosecurity/index.js";
export {
  isSecretPath,
  isCredentialPath,
  commandMentionsSecretPath,
} from "./screen/host/secret-paths.js";
export { redactShellText } from "./screen/host/redact.js";
export {
  commandDomains,
  scanCommand,
  EgressPolicy,
  EgressBlockedError,
} from "./screen/host/egress.js";
export { readScreenConfig, type ScreenConfig, type ModelConfig } from "./config/screen-config.js";

// Credentials.
export {
  SecretBroker,
  parseSecretStoreMode,
  SECRET_STORE_MODES,
  type SecretStoreMode,
  type SecretBrokerOptions,
  type SecretPosture,
  type SecretDescription,
} from "./secrets/broker.js";
export type { SecretBackend } from "./secrets/backend.js";
export { memoryBackend } from "./secrets/backends/memory.js";
export {
  makeRef,
  parseRef,
  isRef,
  storeNamespace,
  injectionVariable,
  type ParsedRef,
} from "./secrets/refs.js";
export { SecretBrokerError, SecretInputError, SecretStoreUnavailable } from "./secrets/errors.js";
export {
  migrateSettingsSecrets,
  migrateConnectorEnv,
  resolveSetting,
  fingerprint,
  SETTINGS_SECRETS,
  type MigrationReport,
  type ConnectorMigrationReport,
} from "./secrets/migration.js";
export { Store, StoreError, DB_FILE_NAME } from "./store/store.js";
export type { CredentialStore, ConnectorRow } from "./store/types.js";
export {
  hardenDir,
  hardenFile,
  hardenDb,
  verify as verifyMode,
  isOwnerOnly,
  posture as permissionPosture,
  fsyncDir,
  type PermissionPosture,
} from "./store/permissions.js";
export { lstatIsSymlink, lstatKind } from "./store/fsprobe.js";

// The provider helper's (BYOC) boundary and the WSL host facts.
export {
  createHelperBoundary,
  parseComputeConfinementMode,
  postureToJson as helperPostureToJson,
  resetSelfTestCache as resetHelperSelfTestCache,
  runtimeReadPaths,
  COMPUTE_CONFINEMENT_VARIABLE,
  type HelperBoundary,
  type HelperBoundaryOptions,
  type HelperPosture,
  type BoundaryVerdict,
  type ConfinedCommand,
} from "./byoc/confinement.js";
export { assertConfined, EXIT_NOT_CONFINED } from "./byoc/assert-confined.js";
export {
  isWsl,
  windowsMounts,
  readDenials as wslReadDenials,
  linuxPath,
  powershellPath,
  realWslHost,
  type WslHost,
  type WindowsMount,
} from "./platform/wsl.js";

// The WSL form of the kernel sandbox and the standalone WSL socket filter.
export {
  buildWslSocketFilter,
  renderWslSocketFilter,
  WSL_SECCOMP_POLICY,
} from "./render/seccomp-wsl.js";
export { realWslSandboxHost, WSL_CHECKS, type WslSandboxHost } from "./sandbox/wsl-form.js";
export type { WslSandboxForm } from "./policy/wsl-policy.js";
export type { WslFormStatus } from "./sandbox/status.js";
// Protected store: control-file immutability for a whole MCP server, pinned child rules, the
// in-process store-path check (see README "Protected store and cellguard launch").
export {
  loadManifest,
  parseManifest,
  type ProtectManifest,
  type StoreSpec,
  type ServerSpec,
} from "./protect/manifest.js";
export {
  bindAuthority,
  operatorCredentials,
  controlEntries,
  manifestDigest,
} from "./protect/authority.js";
export { checkedPath, resolveMissing } from "./protect/paths.js";
export {
  RuleAccumulator,
  composeRules,
  MAX_ENTRIES,
  MAX_PROFILE_BYTES,
  type ProtectRuleSet,
  type ControlEntry,
} from "./protect/rules.js";
export {
  controlProfile,
  childProfile,
  childRules,
  credentialReadPaths,
  type ProtectProfile,
} from "./protect/profiles.js";
export { renderProtectSeatbelt, composeSeatbelt } from "./protect/render-seatbelt.js";
export { planLinuxMounts, renderMountArgs, type LinuxMountPlan } from "./protect/linux-plan.js";
export { protectedCommand, renderProtectedBwrapArgs } from "./protect/linux-command.js";
export { validate as validateProtectedProfile, type ValidateOptions } from "./protect/validate.js";
export {
  CHILD_PROFILE_ENV,
  PROTECTED_ROOT_ENV,
  PROTECTED_DIGEST_ENV,
  PROTECTED_MANIFEST_ENV,
  PROTECTED_CHANNEL_FD,
} from "./protect/env.js";
export {
  pinnedChildBoundary,
  protectedChildPrefix,
  enforceProtectedStorePath,
  STORE_PATH_REFUSAL,
  type PinnedBoundary,
} from "./protect/pin.js";
export { spawnProtectedChild, type ProtectedSpawnOptions } from "./protect/spawn-child.js";
export { prepareLaunch, startSupervisor, type LaunchPlan } from "./protect/launch.js";
export { protectedStorePosture, type ProtectedStorePosture } from "./protect/posture.js";
export { ProtectedStoreError, type ProtectedStoreErrorCode } from "./protect/errors.js";
// The MCP server (`cellguard mcp`) and its parts, for embedding or wiring under `cellguard launch`.
export {
  startMcpServer,
  SERVER_NAME as MCP_SERVER_NAME,
  POSTURE_URI as MCP_POSTURE_URI,
  type McpServerOptions,
  type RunningServer as RunningMcpServer,
} from "./mcp/server.js";
export { SESSION_PROTECTION, UNPROTECTED, type ProtectionSeam } from "./mcp/protection.js";
export { mcpLaunchManifest, type McpLaunchManifest } from "./mcp/manifest.js";
export {
  resolveDecision as resolvePermission,
  GATED_TOOLS,
  type PermissionRule,
  type Decision as PermissionDecision,
} from "./mcp/rules.js";
export { parseRules as parsePermissionRules } from "./mcp/rules-file.js";
export { RulesFileError, AuditLogError, ToolRefusal } from "./mcp/errors.js";
