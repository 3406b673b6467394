// cellguard doctor: measures and prints the posture of every layer built so far.
import {
  describeModel,
  readScreenConfig,
  SAFETY_VARIABLE,
  type ScreenConfig,
} from "../config/screen-config.js";
import { SandboxConfigurationError, SandboxUnavailableError } from "../errors.js";
import { createKernelSandbox } from "../sandbox/create.js";
import { statusToJson, type SandboxStatus } from "../sandbox/status.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { EXIT_CANNOT_RUN, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const DOCTOR_USAGE =
  "usage: cellguard doctor [--workspace DIR] [--mode auto|enforce|off] [--json]";

const SPEC = {
  workspace: { type: "string" },
  mode: { type: "string" },
  json: { type: "boolean" },
} as const;

export async function doctorCommand(args: readonly string[], io: CliIo): Promise<number> {
  let options;
  try {
    options = parseLeadingOptions(args, SPEC, { restIsPositional: false }).options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard doctor: ${escapeOneLine(error.message)}\n${DOCTOR_USAGE}\n`);
    return EXIT_USAGE;
  }
  let status: SandboxStatus;
  try {
    const sandbox = await createKernelSandbox({
      ...(typeof options["workspace"] === "string" ? { workspace: options["workspace"] } : {}),
      ...(typeof options["mode"] === "string" ? { mode: options["mode"] } : {}),
      env: io.env,
      // doctor reports the warning in its output rather than as a side channel
      onWarning: () => undefined,
    });
    status = sandbox.status;
    sandbox.close();
  } catch (error) {
    if (error instanceof SandboxUnavailableError && error.status !== null) {
      status = error.status;
    } else if (error instanceof SandboxConfigurationError) {
      io.stderr(`cellguard doctor: ${escapeOneLine(error.message)}\n`);
      return EXIT_CANNOT_RUN;
    } else {
      throw error;
    }
  }
  const screens = readScreenConfig(io.env);
  if (options["json"] === true) {
    const report = { sandbox: statusToJson(status), screens: screensToJson(screens) };
    io.stdout(`${terminalSafeJson(report, 2)}\n`);
    return EXIT_OK;
  }
  io.stdout(`${renderText(status)}\n${renderScreens(screens)}`);
  return EXIT_OK;
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
  if (!c.useLlmClassifier || c.model !== null) return [...c.warnings];
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
