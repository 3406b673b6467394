// The model tier of the classifier: one chat call, parsed by the loose rule of the spec. Reached
// only in llm mode, for a Cell that holds a risk token but matched no static signature.
import type { ModelConfig } from "../../config/screen-config.js";
import { chatCompletion, extractJsonObject, safeText } from "../model/client.js";
import { fenceFor, truncateText } from "../model/text.js";
import { CLASSIFIER_PROMPT } from "./prompt.js";
import { safeVerdict, type CodeVerdict } from "./verdict.js";

export const CLASSIFIER_MAX_CODE_CHARS = 20_000;
export const CLASSIFIER_MAX_TOKENS = 300;
const MAX_REASON = 400;
const MAX_CATEGORIES = 16;

export interface ModelTierOptions {
  readonly fetch?: typeof fetch;
}

/** The user message sent for a Cell. */
export function classifierUserMessage(code: string): string {
  const cell = truncateText(code, CLASSIFIER_MAX_CODE_CHARS);
  const fence = fenceFor(cell);
  return `Classify this code cell:\n\n${fence}python\n${cell}\n${fence}`;
}

/** Calls the model; every failure is SAFE with source "error" (the classifier fails open). */
export async function classifyWithModel(
  code: string,
  model: ModelConfig | null,
  options: ModelTierOptions = {},
): Promise<CodeVerdict> {
  if (model === null) return safeVerdict("error", "llm classifier unconfigured; failed open");
  let answer: string;
  try {
    answer = await chatCompletion(
      model,
      {
        system: CLASSIFIER_PROMPT,
        user: classifierUserMessage(code),
        maxTokens: CLASSIFIER_MAX_TOKENS,
        temperature: 0,
      },
      options.fetch === undefined ? {} : { fetch: options.fetch },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return safeVerdict("error", `classifier error, failed open: ${safeText(message, model)}`);
  }
  return parseClassifierAnswer(answer);
}

/**
 * Reads a model answer: a JSON object with a SAFE/UNSAFE decision wins; otherwise an answer
 * that starts with SAFE or contains "SAFE" in quotes is SAFE; anything else is UNSAFE.
 */
export function parseClassifierAnswer(answer: string): CodeVerdict {
  const parsed = extractJsonObject(answer);
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
    const record = parsed as Record<string, unknown>;
    const decision =
      typeof record["decision"] === "string" ? record["decision"].trim().toUpperCase() : "";
    if (decision === "SAFE" || decision === "UNSAFE") {
      const reason = typeof record["reason"] === "string" ? record["reason"] : "";
      return {
        decision,
        categories: decision === "SAFE" ? [] : categoriesOf(record["categories"]),
        reason: reason.slice(0, MAX_REASON),
        source: "llm",
      };
    }
  }
  const upper = answer.trim().toUpperCase();
  if (upper.startsWith("SAFE") || upper.includes('"SAFE"')) {
    return safeVerdict("llm", "model answered SAFE without a JSON verdict");
  }
  return {
    decision: "UNSAFE",
    categories: [],
    reason: "classifier response was unparseable; erring UNSAFE per policy",
    source: "llm",
  };
}

// Integers written as numbers or digit strings; fractions, negatives and other types dropped.
function categoriesOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const out: number[] = [];
  for (const item of value.slice(0, MAX_CATEGORIES)) {
    const text = typeof item === "number" || typeof item === "string" ? String(item) : "";
    if (text === "" || text.length > 6 || !isDigits(text)) continue;
    out.push(Number(text));
  }
  return out;
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}
