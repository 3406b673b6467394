// runCell: every layer in front of the kernel, in order. The code classifier, then the
// biosecurity screen (agent-origin Cells only), then the shell precheck for bash, then the
// sandboxed kernel. A refusal runs nothing and returns the refusal as the observation.
//
// The classifier and the biosecurity screen fail open by design (the sandbox stays the
// boundary); the precheck here is the host's, which refuses when it cannot run.
import { readScreenConfig, type ScreenConfig } from "../config/screen-config.js";
import { screenTrajectory } from "../screen/biosecurity/index.js";
import { classifyCode, refusalText } from "../screen/classifier/index.js";
import { hostPrecheckCommand } from "../screen/shell/precheck.js";
import type { CellResult, Kernel } from "./kernel.js";
import { checkCell, type ExecuteOptions } from "./options.js";

export type CellOrigin = "agent" | "user";
export type RefusingLayer = "classifier" | "biosecurity" | "precheck";

export interface RunCellOptions extends ExecuteOptions {
  /** The kernel, or a function that starts one: then a refused Cell starts nothing. */
  readonly kernel: Kernel | (() => Promise<Kernel>);
  /** Who wrote the Cell. A user's own Cell is not screened for biosecurity. @default "agent" */
  readonly origin?: CellOrigin;
  /** The screens' settings; default: read from `env`. */
  readonly screens?: ScreenConfig;
  /** Where the screens' settings are read from. Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** The user's recent messages, for the biosecurity screen's view of the trajectory. */
  readonly userText?: string;
  /** The agent's earlier actions (Cells, tool calls), for the same screen. */
  readonly priorActions?: string;
  /** Replaces the global fetch for the model calls. */
  readonly fetch?: typeof fetch;
}

export interface CellRun extends CellResult {
  /** What the model should see: the refusal text, or the Cell's output and error. */
  readonly observation: string;
  /** Set when status is "refused". */
  readonly refusedBy?: RefusingLayer;
  /** An ESCALATE from the biosecurity screen: advisory, the Cell ran. */
  readonly advisory?: string;
}

/**
 * Screens one Cell and, if no layer refuses it, runs it in the kernel.
 *
 * @throws {CellInputError} not a string, a NUL character, an unknown language, a bad timeout.
 */
export async function runCell(code: string, options: RunCellOptions): Promise<CellRun> {
  const started = performance.now();
  const cell = checkCell(code, options, 1);
  const screens = options.screens ?? readScreenConfig(options.env ?? process.env);
  const fetchOption = options.fetch === undefined ? {} : { fetch: options.fetch };
  const refuse = (layer: RefusingLayer, text: string): CellRun => ({
    status: "refused",
    stdout: "",
    stderr: "",
    error: { name: "Refused", message: text, traceback: "" },
    durationMs: performance.now() - started,
    truncated: false,
    observation: text,
    refusedBy: layer,
  });

  const verdict = await classifyCode(cell.code, {
    mode: screens.safetyMode,
    model: screens.model,
    ...fetchOption,
  });
  if (verdict.decision === "UNSAFE") return refuse("classifier", refusalText(verdict));

  let advisory: string | undefined;
  if ((options.origin ?? "agent") === "agent" && screens.biosecurity) {
    const actions = `${options.priorActions ?? ""}\n\n${cell.code}`;
    const bio = await screenTrajectory(options.userText ?? "", actions, {
      model: screens.model,
      ...fetchOption,
    });
    if (bio.decision === "BLOCK") {
      return refuse(
        "biosecurity",
        `[BLOCKED by the biosecurity screen] ${bio.reason.trim() === "" ? "the trajectory points toward a biological or chemical weapon" : bio.reason.trim()}. The cell was NOT executed. Explain to the user what was asked and why it cannot be done here.`,
      );
    }
    if (bio.decision === "ESCALATE") {
      advisory = `biosecurity screen escalated (advisory; the Cell ran): ${bio.reason}`;
    }
  }

  if (cell.language === "bash") {
    const reason = hostPrecheckCommand(cell.code);
    if (reason !== null) {
      return refuse(
        "precheck",
        `[BLOCKED by the shell precheck] ${reason}. The command was NOT executed.`,
      );
    }
  }

  const kernel = typeof options.kernel === "function" ? await options.kernel() : options.kernel;
  const result = await kernel.execute(cell.code, {
    language: cell.language,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return {
    ...result,
    observation: observationOf(result),
    ...(advisory === undefined ? {} : { advisory }),
  };
}

/** The Cell's output as one text: stdout, stderr, then the traceback or the error. */
export function observationOf(result: CellResult): string {
  const parts: string[] = [];
  if (result.stdout !== "") parts.push(result.stdout);
  if (result.stderr !== "") parts.push(result.stderr);
  if (result.error !== undefined) {
    parts.push(
      result.error.traceback !== ""
        ? result.error.traceback
        : `${result.error.name}: ${result.error.message}\n`,
    );
  }
  if (result.status === "interrupted" && result.error === undefined) parts.push("[interrupted]\n");
  return parts.join(parts.every((p) => p.endsWith("\n")) ? "" : "\n");
}
