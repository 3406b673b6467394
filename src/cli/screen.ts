// cellguard screen: one screen over one input (FILE, or standard input), or over a batch of
// {"text": …} lines with --jsonl. Exit 0 whatever the verdict; 2 on a usage error or an input
// that cannot be read. Whatever reaches the terminal from the input is escaped, and the model's
// API key is redacted from every string before it is printed.
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import {
  BIOSECURITY_VARIABLE,
  INJECTION_SCAN_VARIABLE,
  MODEL_API_KEY_VARIABLE,
  OPENAI_API_KEY_VARIABLE,
  readScreenConfig,
  type ScreenConfig,
} from "../config/screen-config.js";
import { looksBiosecurityRelevant, screenTrajectory } from "../screen/biosecurity/index.js";
import { CODE_CATEGORY_NAMES, classifyCode, refusalText } from "../screen/classifier/index.js";
import { annotate } from "../screen/injection/annotate.js";
import { scanToolResult } from "../screen/injection/scan.js";
import { hostPrecheckCommand } from "../screen/shell/precheck.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { describeFsError, InputError, openInput } from "./input.js";
import type { CliIo } from "./io.js";
import { escapeForTerminal, escapeOneLine, terminalSafeJson } from "./terminal-text.js";

export const SCREEN_USAGE = `usage: cellguard screen code|shell|output|bio [FILE|-] [--json] [--jsonl]

Screens FILE, or standard input when FILE is - or absent. Exit 0 whatever the verdict; 2 on a
usage error or an input that cannot be read.

  code     the code classifier (CELLGUARD_SAFETY=heuristic|llm|off)
           {"decision", "categories", "reason", "source", "disabled"}
  shell    the host-side shell precheck, which refuses when it cannot run
           {"blocked", "reason"}
  output   the prompt-injection scan of tool output; as text, prints the annotated content
           {"injected", "reason", "source", "disabled"}
  bio      the biosecurity trigger, then the trajectory screen when a model is configured
           {"relevant", "decision", "reason", "screened", "disabled"}

  --json   print the verdict as one JSON object
  --jsonl  read one {"text": …} object per line; print one verdict per line, in order, or
           {"error": "line N: …"} for a line that is not such an object; blank lines are skipped

CELLGUARD_SAFETY=off, CELLGUARD_INJECTION_SCAN=off and CELLGUARD_BIOSECURITY=off answer
"disabled": true without screening (source "disabled"; bio "relevant": null). The model
(CELLGUARD_MODEL…) reviews code and output under CELLGUARD_SAFETY=llm, and bio whenever set.`;

const SPEC = {
  json: { type: "boolean" },
  jsonl: { type: "boolean" },
  help: { type: "boolean" },
} as const;

const SCREENS: Readonly<Record<"code" | "shell" | "output" | "bio", Screen>> = {
  code: screenCode,
  shell: screenShell,
  output: screenOutput,
  bio: screenBio,
};

type ScreenName = keyof typeof SCREENS;

interface ScreenRequest {
  readonly screen: ScreenName;
  /** Undefined for standard input. */
  readonly path: string | undefined;
  readonly jsonl: boolean;
  readonly json: boolean;
}

interface ScreenContext {
  readonly config: ScreenConfig;
  /** Replaces the API key in text that is about to be printed. */
  readonly redact: (text: string) => string;
}

/** A verdict to print as JSON, and its text form (already escaped) for a terminal. */
interface Screened {
  readonly verdict: Readonly<Record<string, unknown>>;
  readonly render: () => string;
  /** Said on stderr in text mode, when the text form alone would hide it. */
  readonly note?: string;
}

type Screen = (text: string, context: ScreenContext) => Screened | Promise<Screened>;

export async function screenCommand(
  args: readonly string[],
  io: CliIo,
  stdin: Readable = process.stdin,
): Promise<number> {
  let request: ScreenRequest | "help";
  try {
    request = parseScreenArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard screen: ${escapeOneLine(error.message)}\n${SCREEN_USAGE}\n`);
    return EXIT_USAGE;
  }
  if (request === "help") {
    io.stdout(`${SCREEN_USAGE}\n`);
    return EXIT_OK;
  }
  const config = readScreenConfig(io.env);
  const context: ScreenContext = { config, redact: redactorFor(config, io.env) };
  try {
    const input = await openInput(request.path, stdin);
    for (const warning of config.warnings) {
      io.stderr(`cellguard screen: ${escapeOneLine(context.redact(warning))}\n`);
    }
    if (request.jsonl) await screenLines(input, SCREENS[request.screen], context, io);
    else await screenWhole(input, request, context, io);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`cellguard screen: ${escapeOneLine(error.message)}\n`);
    return EXIT_USAGE;
  }
  return EXIT_OK;
}

// Options may come before or after the words; `-` is a word (standard input), and everything
// after `--` is a word too, so a file named `--json` can still be screened.
function parseScreenArgs(args: readonly string[]): ScreenRequest | "help" {
  const words: string[] = [];
  const options: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? "";
    if (arg === "--") {
      words.push(...args.slice(i + 1));
      break;
    }
    if (arg === "-h") return "help";
    if (arg.startsWith("--")) options.push(arg);
    else if (arg.startsWith("-") && arg !== "-") {
      throw new UsageError(`unknown option ${arg}`);
    } else words.push(arg);
  }
  const parsed = parseLeadingOptions(options, SPEC, { restIsPositional: false }).options;
  if (parsed["help"] === true) return "help";
  const [screen, path, extra] = words;
  const names = Object.keys(SCREENS).join(", ");
  if (screen === undefined) throw new UsageError(`no screen given: expected one of ${names}`);
  if (!Object.hasOwn(SCREENS, screen)) {
    throw new UsageError(`unknown screen ${JSON.stringify(screen)}: expected one of ${names}`);
  }
  if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`);
  return {
    screen: screen as ScreenName,
    path: path === "-" ? undefined : path,
    jsonl: parsed["jsonl"] === true,
    json: parsed["json"] === true,
  };
}

async function screenWhole(
  input: Readable,
  request: ScreenRequest,
  context: ScreenContext,
  io: CliIo,
): Promise<void> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of input) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
    }
  } catch (error) {
    throw new InputError(`cannot read ${inputName(request.path)}: ${describeFsError(error)}`);
  }
  const screened = await SCREENS[request.screen](Buffer.concat(chunks).toString("utf8"), context);
  if (request.json) {
    io.stdout(`${terminalSafeJson(screened.verdict)}\n`);
    return;
  }
  if (screened.note !== undefined) io.stderr(`cellguard screen: ${escapeOneLine(screened.note)}\n`);
  io.stdout(screened.render());
}

// One verdict per non-blank line, in input order, awaited one at a time: the batch is never held
// in memory, and a model behind the screens sees one request at a time.
async function screenLines(
  input: Readable,
  screen: Screen,
  context: ScreenContext,
  io: CliIo,
): Promise<void> {
  // readline rethrows the stream's error; this tells it apart from any other failure.
  const read: { error?: unknown } = {};
  input.on("error", (error) => {
    read.error ??= error;
  });
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const raw of lines) {
      number += 1;
      // A byte-order mark would make the first line invalid JSON.
      const line = number === 1 && raw.startsWith("\ufeff") ? raw.slice(1) : raw;
      if (line.trim() === "") continue;
      const text = textOfLine(line);
      const answer =
        typeof text === "string"
          ? (await screen(text, context)).verdict
          : { error: `line ${number}: ${text.problem}` };
      io.stdout(`${terminalSafeJson(answer)}\n`);
    }
  } catch (error) {
    if (!("error" in read)) throw error;
    throw new InputError(`cannot read line ${number + 1}: ${describeFsError(read.error)}`);
  }
}

// The problems name the expected shape and never quote the line: it is untrusted input.
function textOfLine(line: string): string | { readonly problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { problem: "not valid JSON" };
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const text = (value as Record<string, unknown>)["text"];
    if (typeof text === "string") return text;
  }
  return { problem: 'expected a JSON object with a string "text"' };
}

function inputName(path: string | undefined): string {
  return path === undefined ? "standard input" : JSON.stringify(path);
}

// Model replies and the reasons built from them are printed; a server that echoes the key, or
// an input that carries it, must not put it on the terminal. Keys named in the environment are
// redacted even when no model is configured. Shorter keys than four characters are left alone,
// as in the model client: they would redact ordinary text.
function redactorFor(config: ScreenConfig, env: NodeJS.ProcessEnv): (text: string) => string {
  const keys = [config.model?.apiKey, env[MODEL_API_KEY_VARIABLE], env[OPENAI_API_KEY_VARIABLE]]
    .map((key) => key?.trim() ?? "")
    .filter((key) => key.length >= 4)
    .sort((a, b) => b.length - a.length);
  if (keys.length === 0) return (text) => text;
  return (text) => keys.reduce((out, key) => out.split(key).join("[redacted]"), text);
}

async function screenCode(text: string, { config, redact }: ScreenContext): Promise<Screened> {
  const result = await classifyCode(text, { mode: config.safetyMode, model: config.model });
  const verdict = { ...result, reason: redact(result.reason) };
  return {
    verdict: { ...verdict, disabled: config.safetyMode === "off" },
    render: () => {
      const fields: [string, string][] = [
        ["reason", verdict.reason],
        ["source", verdict.source],
      ];
      if (verdict.decision === "SAFE") return textBlock(verdict.decision, fields);
      const names = verdict.categories.map((n) => CODE_CATEGORY_NAMES[n] ?? `category ${n}`);
      if (names.length > 0) fields.push(["categories", names.join(", ")]);
      fields.push(["refusal", refusalText(verdict)]);
      return textBlock(verdict.decision, fields);
    },
  };
}

function screenShell(text: string, { redact }: ScreenContext): Screened {
  const found = hostPrecheckCommand(text);
  const reason = found === null ? null : redact(found);
  return {
    verdict: { blocked: reason !== null, reason },
    render: () => (reason === null ? "ALLOWED\n" : textBlock("BLOCKED", [["reason", reason]])),
  };
}

async function screenOutput(text: string, { config, redact }: ScreenContext): Promise<Screened> {
  // The content itself is printed in text mode: escaped, with the banner when flagged.
  const content = (shown: string): string =>
    shown.endsWith("\n") ? escapeForTerminal(shown) : `${escapeForTerminal(shown)}\n`;
  if (!config.injectionScan) {
    return {
      verdict: {
        injected: false,
        reason: `injection scan disabled by ${INJECTION_SCAN_VARIABLE}`,
        source: "disabled",
        disabled: true,
      },
      render: () => content(redact(text)),
      note: `${INJECTION_SCAN_VARIABLE} is off: the content below was not scanned`,
    };
  }
  const result = await scanToolResult(text, {
    useModel: config.safetyMode === "llm",
    model: config.model,
  });
  const verdict = { ...result, reason: redact(result.reason) };
  return {
    verdict: { ...verdict, disabled: false },
    render: () => content(annotate(redact(text), verdict)),
  };
}

async function screenBio(text: string, { config, redact }: ScreenContext): Promise<Screened> {
  if (!config.biosecurity) {
    const reason = `biosecurity screen disabled by ${BIOSECURITY_VARIABLE}`;
    return {
      verdict: { relevant: null, decision: "ALLOW", reason, screened: false, disabled: true },
      render: () => textBlock("ALLOW", [["reason", reason]]),
    };
  }
  const relevant = looksBiosecurityRelevant(text);
  const result = await screenTrajectory(text, "", { model: config.model });
  const verdict = { relevant, ...result, reason: redact(result.reason) };
  return {
    verdict: { ...verdict, disabled: false },
    render: () =>
      textBlock(verdict.decision, [
        ["reason", verdict.reason],
        ["relevant", verdict.relevant ? "yes" : "no"],
        ["screened", verdict.screened ? "yes, by the model" : "no"],
      ]),
  };
}

/** A headline, then one aligned `name: value` line per field, each value on one line. */
function textBlock(headline: string, fields: readonly (readonly [string, string])[]): string {
  const lines = fields.map(([name, value]) => `  ${`${name}:`.padEnd(12)}${escapeOneLine(value)}`);
  return `${[headline, ...lines].join("\n")}\n`;
}
