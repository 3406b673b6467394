// Kernel and Cell options, normalised in one place: defaults applied, every value checked, and
// a bad one named in the error before anything starts.
import type { KernelSandbox } from "../sandbox/kernel-sandbox.js";
import type { KernelSandboxOptions } from "../sandbox/options.js";
import { DEFAULT_OUTPUT_LIMIT } from "./cell-output.js";
import { CellInputError, KernelConfigurationError } from "./errors.js";

export const CELL_LANGUAGES = ["python", "bash"] as const;
export type CellLanguage = (typeof CELL_LANGUAGES)[number];

/** Default per-Cell limit: five minutes. */
export const DEFAULT_CELL_TIMEOUT_MS = 5 * 60 * 1000;
/** The longest a Node timer can wait. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * The longest Cell accepted, in characters. A Cell is sent as one frame, whose JSON form may be
 * several times longer than the text.
 */
export const MAX_CELL_CHARS = 1024 * 1024;

export interface KernelOptions {
  /** The writable workspace and the worker's working directory. Default: the current directory. */
  readonly workspace?: string;
  /** Sandbox settings (mode, raw network, injected host facts); see createKernelSandbox. */
  readonly sandbox?: Omit<KernelSandboxOptions, "workspace" | "env" | "onWarning">;
  /** Per-Cell limit in milliseconds; a Cell past it is killed with its process group. */
  readonly timeoutMs?: number;
  /** The Python interpreter. Default: `python3` on the worker's PATH. */
  readonly python?: string;
  /** Where settings and the worker's environment come from. Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Output kept per stream and Cell (the tail). Default: 1 MiB. */
  readonly outputLimitBytes?: number;
  /** How long the worker may take to say it is ready. Default: 30 s. */
  readonly startTimeoutMs?: number;
  /** Called with each warning (a degraded sandbox, an interrupt gap). Default: stderr. */
  readonly onWarning?: (message: string) => void;
  /**
   * A sandbox built and measured elsewhere (a protected session's supervised kernel sandbox,
   * see KernelSandbox.supervised): used as it is, with no sandbox or self-test of its own. Its
   * workspace is the kernel's. `sandbox` and `workspace` are then ignored.
   */
  readonly preparedSandbox?: KernelSandbox;
}

export interface NormalizedKernelOptions {
  readonly preparedSandbox: KernelSandbox | undefined;
  readonly workspace: string | undefined;
  readonly sandbox: Omit<KernelSandboxOptions, "workspace" | "env" | "onWarning">;
  readonly timeoutMs: number;
  readonly python: string | undefined;
  readonly env: NodeJS.ProcessEnv;
  readonly outputLimitBytes: number;
  readonly startTimeoutMs: number;
  readonly onWarning: (message: string) => void;
}

export interface ExecuteOptions {
  /** @default "python" */
  readonly language?: CellLanguage;
  /** This Cell's limit; default: the kernel's. */
  readonly timeoutMs?: number;
  /**
   * Stops this Cell, and only this one, when it aborts: before it starts if it is still queued
   * (nothing runs), otherwise as interrupt() would. An MCP client's cancellation arrives here.
   */
  readonly signal?: AbortSignal;
}

export function normalizeKernelOptions(options: KernelOptions): NormalizedKernelOptions {
  if (typeof options !== "object" || options === null) {
    throw new KernelConfigurationError("Cannot start the kernel: options must be an object");
  }
  const raw: KernelOptions = Object.assign(Object.create(null) as object, options);
  if (raw.workspace !== undefined && typeof raw.workspace !== "string") {
    throw new KernelConfigurationError(
      `Cannot start the kernel: workspace must be a path string: current type is ${typeof raw.workspace}`,
    );
  }
  if (raw.python !== undefined && (typeof raw.python !== "string" || raw.python === "")) {
    throw new KernelConfigurationError(
      "Cannot start the kernel: python must be a non-empty path string",
    );
  }
  return {
    preparedSandbox: raw.preparedSandbox,
    workspace: raw.workspace,
    sandbox: raw.sandbox ?? {},
    timeoutMs: milliseconds(raw.timeoutMs, "timeoutMs", DEFAULT_CELL_TIMEOUT_MS, configError),
    python: raw.python,
    env: raw.env ?? process.env,
    outputLimitBytes: positiveInteger(raw.outputLimitBytes, "outputLimitBytes"),
    startTimeoutMs: milliseconds(raw.startTimeoutMs, "startTimeoutMs", 30_000, configError),
    onWarning: raw.onWarning ?? ((message) => process.stderr.write(`[cellguard] ${message}\n`)),
  };
}

export interface CheckedCell {
  readonly code: string;
  readonly language: CellLanguage;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
}

/** Checks a Cell before anything runs; throws CellInputError naming what is wrong. */
export function checkCell(
  code: unknown,
  options: ExecuteOptions | undefined,
  defaultTimeoutMs: number,
): CheckedCell {
  if (typeof code !== "string") {
    throw new CellInputError(
      `Cannot run the Cell: code must be a string: current type is ${typeof code}`,
    );
  }
  const raw: ExecuteOptions = Object.assign(Object.create(null) as object, options ?? {});
  const language = raw.language ?? "python";
  if (!(CELL_LANGUAGES as readonly unknown[]).includes(language)) {
    throw new CellInputError(
      `Cannot run the Cell: language must be one of ${CELL_LANGUAGES.join(", ")}: current value is ${JSON.stringify(String(language)).slice(0, 80)}`,
    );
  }
  const nul = code.indexOf("\0");
  if (nul >= 0) {
    throw new CellInputError(
      `Cannot run the Cell: it contains a NUL character (at offset ${nul}); nothing was run`,
    );
  }
  if (code.length > MAX_CELL_CHARS) {
    throw new CellInputError(
      `Cannot run the Cell: it is ${code.length} characters long, over the ${MAX_CELL_CHARS}-character limit; nothing was run`,
    );
  }
  const timeoutMs = milliseconds(raw.timeoutMs, "timeoutMs", defaultTimeoutMs, inputError);
  if (raw.signal !== undefined && !(raw.signal instanceof AbortSignal)) {
    throw new CellInputError("Cannot run the Cell: signal must be an AbortSignal; nothing was run");
  }
  return { code, language, timeoutMs, signal: raw.signal };
}

function configError(message: string): Error {
  return new KernelConfigurationError(`Cannot start the kernel: ${message}`);
}

function inputError(message: string): Error {
  return new CellInputError(`Cannot run the Cell: ${message}`);
}

function milliseconds(
  value: unknown,
  name: string,
  fallback: number,
  error: (message: string) => Error,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_TIMER_MS) {
    throw error(
      `${name} must be a number of milliseconds above 0 and at most ${MAX_TIMER_MS}: current value is ${describeValue(value)}`,
    );
  }
  return Math.ceil(value);
}

function positiveInteger(value: unknown, name: string): number {
  if (value === undefined) return DEFAULT_OUTPUT_LIMIT;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1024 || value > 2 ** 30) {
    throw configError(
      `${name} must be a whole number of bytes from 1024 to 1073741824: current value is ${describeValue(value)}`,
    );
  }
  return value;
}

function describeValue(value: unknown): string {
  return typeof value === "number" ? String(value) : `of type ${typeof value}`;
}
