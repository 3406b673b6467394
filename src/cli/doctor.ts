// cellguard doctor: measures and prints the posture of every layer built so far.
import {
  describeModel,
  readScreenConfig,
  SAFETY_VARIABLE,
  switchedOffScreens,
  type ScreenConfig,
} from "../config/screen-config.js";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { createHelperBoundary, postureToJson, type HelperPosture } from "../byoc/confinement.js";
import { findPython, launchWorker } from "../kernel/kernel.js";
import { SecretBroker } from "../secrets/broker.js";
import { SecretInputError, SecretStoreUnavailable } from "../secrets/errors.js";
import { posture as permissionPosture, type PermissionPosture } from "../store/permissions.js";
import { Store, StoreError } from "../store/store.js";
import { dataDirFrom } from "./secrets.js";
import { hostPlatform } from "../platform/select.js";
import { protectedStorePosture, type ProtectedStorePosture } from "../protect/posture.js";
import { createKernelSandbox } from "../sandbox/create.js";
import type { KernelSandbox } from "../sandbox/kernel-sandbox.js";
import { statusToJson, type SandboxStatus } from "../sandbox/status.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { TEAM_OPTION_SPEC, teamIsolationFromOptions } from "./team-options.js";
import { EXIT_CANNOT_RUN, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const DOCTOR_USAGE =
  "usage: cellguard doctor [--workspace DIR] [--mode auto|enforce|off] [--json] [--team-root DIR]… [--allowed-root DIR]…";

const SPEC = {
  workspace: { type: "string" },
  mode: { type: "string" },
  json: { type: "boolean" },
  ...TEAM_OPTION_SPEC,
} as const;

export async function doctorCommand(args: readonly string[], io: CliIo): Promise<number> {
  let options;
  let readIsolation;
  try {
    const parsed = parseLeadingOptions(args, SPEC, { restIsPositional: false });
    options = parsed.options;
    readIsolation = teamIsolationFromOptions(parsed.lists, process.cwd());
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard doctor: ${escapeOneLine(error.message)}\n${DOCTOR_USAGE}\n`);
    return EXIT_USAGE;
  }
  let status: SandboxStatus;
  let kernel: KernelPosture;
  try {
    const sandbox = await createKernelSandbox({
      ...(typeof options["workspace"] === "string" ? { workspace: options["workspace"] } : {}),
      ...(typeof options["mode"] === "string" ? { mode: options["mode"] } : {}),
      readIsolation,
      env: io.env,
      // doctor reports the warning in its output rather than as a side channel
      onWarning: () => undefined,
    });
    status = sandbox.status;
    try {
      kernel = await measureKernel(sandbox, io.env);
    } finally {
      sandbox.close();
    }
  } catch (error) {
    if (error instanceof SandboxUnavailableError && error.status !== null) {
      status = error.status;
      kernel = { started: false, detail: "not started: no sandbox could be proven" };
    } else if (error instanceof SandboxConfigurationError) {
      io.stderr(`cellguard doctor: ${escapeOneLine(error.message)}\n`);
      return EXIT_CANNOT_RUN;
    } else {
      throw error;
    }
  }
  const screens = readScreenConfig(io.env);
  const secrets = await measureSecrets(io.env);
  const helper = await measureHelperBoundary(io.env);
  const protectedStore = protectedStorePosture(hostPlatform(), io.env);
  if (options["json"] === true) {
    const report = {
      sandbox: statusToJson(status),
      kernel: kernelToJson(kernel),
      screens: screensToJson(screens),
      secret_store: secrets.store,
      permissions: secrets.permissions,
      provider_helper: helper === null ? null : postureToJson(helper),
      protected_store: {
        session: protectedStore.session,
        detail: protectedStore.detail,
        launch_available: protectedStore.launchAvailable,
        launch_detail: protectedStore.launchDetail,
      },
    };
    io.stdout(`${terminalSafeJson(report, 2)}\n`);
    return EXIT_OK;
  }
  io.stdout(
    `${renderText(status)}\n${renderKernel(kernel)}\n${renderScreens(screens)}\n${renderSecrets(secrets)}\n${renderHelper(helper)}${renderProtectedStore(protectedStore)}`,
  );
  return EXIT_OK;
}

/** What a worker started in the measured sandbox said about itself; nothing is assumed. */
type KernelPosture =
  | { started: true; interpreter: string; python: string; auditHook: boolean }
  | { started: false; interpreter?: string; detail: string };

async function measureKernel(
  sandbox: KernelSandbox,
  env: NodeJS.ProcessEnv,
): Promise<KernelPosture> {
  let interpreter: string;
  try {
    interpreter = findPython(undefined, env, sandbox.status.workspace);
  } catch (error) {
    return { started: false, detail: messageOf(error) };
  }
  try {
    const worker = await launchWorker(sandbox, {
      python: interpreter,
      env,
      outputLimit: 64 * 1024,
      startTimeoutMs: 30_000,
    });
    await worker.kill();
    return {
      started: true,
      interpreter,
      python: worker.info.python,
      auditHook: worker.info.auditHook,
    };
  } catch (error) {
    return { started: false, interpreter, detail: messageOf(error) };
  }
}

function kernelToJson(k: KernelPosture): Record<string, unknown> {
  return k.started
    ? { started: true, interpreter: k.interpreter, python: k.python, audit_hook: k.auditHook }
    : { started: false, interpreter: k.interpreter ?? null, detail: k.detail };
}

function renderKernel(k: KernelPosture): string {
  const lines = ["kernel"];
  if (k.started) {
    lines.push(`  worker:     started (Python ${escapeOneLine(k.python)})`);
    lines.push(`  python:     ${escapeOneLine(k.interpreter)}`);
    lines.push(
      `  audit hook: ${k.auditHook ? "armed in the worker" : "off (not armed in the worker)"}`,
    );
  } else {
    if (k.interpreter !== undefined) lines.push(`  python:     ${escapeOneLine(k.interpreter)}`);
    lines.push(`  worker:     NOT STARTED: ${escapeOneLine(k.detail)}`);
  }
  return `${lines.join("\n")}\n`;
}

/** The broker's measured choice (a round trip), or why none holds; and the files' modes. */
async function measureSecrets(env: NodeJS.ProcessEnv): Promise<{
  store: Record<string, unknown>;
  permissions: PermissionPosture | null;
}> {
  const dataDir = dataDirFrom(env);
  let store: Store | null = null;
  try {
    store = Store.open(dataDir);
    const permissions = permissionPosture(dataDir, store.dbPath);
    try {
      const broker = await SecretBroker.open({ store, env });
      return { store: { usable: true, ...broker.posture() }, permissions };
    } catch (error) {
      if (!(error instanceof SecretStoreUnavailable) && !(error instanceof SecretInputError)) {
        throw error;
      }
      return { store: { usable: false, detail: error.message }, permissions };
    }
  } catch (error) {
    if (!(error instanceof StoreError)) throw error;
    return { store: { usable: false, detail: error.message }, permissions: null };
  } finally {
    store?.close();
  }
}

function renderSecrets(s: Awaited<ReturnType<typeof measureSecrets>>): string {
  const lines = ["secret store"];
  if (s.store["usable"] === true) {
    lines.push(
      `  backend:     ${String(s.store["backend"])} (mode ${String(s.store["mode"])}, ${s.store["secure"] === true ? "secure" : "NOT SECURE: plaintext in the database"})`,
    );
    lines.push(`  detail:      ${escapeOneLine(String(s.store["detail"]))}`);
  } else {
    lines.push(`  backend:     NONE: ${escapeOneLine(String(s.store["detail"]))}`);
  }
  lines.push(
    `  permissions: ${s.permissions === null ? "not measured (no database)" : escapeOneLine(s.permissions.detail)}`,
  );
  return `${lines.join("\n")}\n`;
}

/** The provider helper's (BYOC) boundary, measured by its own self-test; null on a bad mode. */
async function measureHelperBoundary(env: NodeJS.ProcessEnv): Promise<HelperPosture | null> {
  try {
    return await createHelperBoundary({ env, onWarning: () => undefined }).posture();
  } catch (error) {
    if (error instanceof SandboxConfigurationError) return null;
    throw error;
  }
}

function renderHelper(p: HelperPosture | null): string {
  if (p === null) {
    return "provider helper (BYOC)\n  state:      NOT MEASURED: CELLGUARD_COMPUTE_CONFINEMENT has an unknown value\n";
  }
  const lines = [
    "provider helper (BYOC)",
    `  state:      ${p.state} (mode ${p.mode}, backend ${p.backend ?? "none"})`,
    "  network:    not isolated (the helper talks to its provider)",
    `  detail:     ${escapeOneLine(p.detail)}`,
  ];
  if (p.warning !== null) lines.push(`  WARNING: ${escapeOneLine(p.warning)}`);
  return `${lines.join("\n")}\n`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// The model is described by host and name only (describeModel): never the key, never the URL.
function screensToJson(c: ScreenConfig): Record<string, unknown> {
  return {
    safety_mode: c.safetyMode,
    code_gate_enabled: c.codeGateEnabled,
    llm_classifier: c.useLlmClassifier,
    audit_hook: c.auditHook,
    biosecurity: c.biosecurity,
    injection_scan: c.injectionScan,
    model: describeModel(c),
    warnings: screenWarnings(c),
  };
}

function screenWarnings(c: ScreenConfig): string[] {
  if (!c.useLlmClassifier || c.model !== null) return [...c.warnings, ...switchedOffScreens(c)];
  return [
    ...c.warnings,
    `${SAFETY_VARIABLE} is llm but no model is configured: the model review fails open and only the static signatures screen code`,
  ];
}

function renderScreens(c: ScreenConfig): string {
  const onOff = (on: boolean): string => (on ? "on" : "off");
  const model = describeModel(c);
  const safety = {
    heuristic: "static signatures",
    llm: "static signatures, then model review",
    off: "code classifier disabled",
  }[c.safetyMode];
  const lines = [
    "screens",
    `  safety:     ${c.safetyMode} (${safety})`,
    `  audit hook: ${onOff(c.auditHook)}`,
    `  bio screen: ${onOff(c.biosecurity)}`,
    `  injection:  ${onOff(c.injectionScan)}`,
    `  model:      ${model.configured ? escapeOneLine(`${model.model ?? ""} at ${model.base_url_host ?? ""}`) : "not configured"}`,
  ];
  for (const warning of screenWarnings(c)) lines.push(`  WARNING: ${escapeOneLine(warning)}`);
  return `${lines.join("\n")}\n`;
}

function renderText(s: SandboxStatus): string {
  const selfTest = s.selfTestPassed === null ? "not run" : s.selfTestPassed ? "passed" : "FAILED";
  const lines = [
    "kernel sandbox",
    `  state:      ${s.state} (mode ${s.mode}, backend ${s.backend ?? "none"})`,
    `  self-test:  ${selfTest}`,
    `  network:    ${s.networkPolicy}`,
    `  workspace:  ${escapeOneLine(s.workspace)}`,
  ];
  if (s.readIsolation !== undefined) {
    lines.push(`  team roots: ${escapeOneLine(s.readIsolation.roots.join(", "))} (hidden)`);
    lines.push(
      `  allowed:    ${escapeOneLine(s.readIsolation.allowedRoots.join(", "))} (read-only)`,
    );
  }
  if (s.wsl !== undefined && s.wsl !== null) {
    lines.push(
      `  WSL form:   hidden ${escapeOneLine(s.wsl.masked.join(", ") || "(nothing present)")}`,
    );
  }
  if (s.checks !== null) {
    lines.push("  checks:");
    for (const [name, ok] of Object.entries(s.checks).sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`    ${ok ? "ok  " : "FAIL"} ${name}`);
    }
  }
  if (s.warning !== null) lines.push(`  WARNING: ${escapeOneLine(s.warning)}`);
  else lines.push(`  detail:     ${escapeOneLine(s.detail.split(": {")[0] ?? "")}`);
  return `${lines.join("\n")}\n`;
}

function renderProtectedStore(p: ProtectedStorePosture): string {
  return [
    "protected store:",
    `  session:    ${p.session}: ${escapeOneLine(p.detail)}`,
    `  launch:     ${p.launchAvailable ? "available" : "UNAVAILABLE"}: ${escapeOneLine(p.launchDetail)}`,
    "",
  ].join("\n");
}
