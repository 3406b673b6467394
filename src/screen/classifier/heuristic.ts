// The synchronous tiers: the fast path, then every static signature.
import { riskTokens } from "./risk-tokens.js";
import { MULTI_STEP_SIGNATURES } from "./rules-multistep.js";
import { hasBidiControl, OBFUSCATION_SIGNATURES } from "./rules-obfuscation.js";
import { DATA_SIGNATURES } from "./rules-data.js";
import { HOST_SIGNATURES } from "./rules-host.js";
import { TAMPER_SIGNATURES } from "./rules-tamper.js";
import { NETWORK_SIGNATURES } from "./rules-network.js";
import { PERSISTENCE_SIGNATURES } from "./rules-persist.js";
import { argvCommandLines } from "./argv-commands.js";
import { callArguments, callSites } from "./flow.js";
import { foldedCode } from "./folding.js";
import { CodeContext } from "./scan.js";
import type { Signature } from "./signature.js";
import { TokenIndex } from "./token-index.js";
import { safeVerdict, type CodeVerdict } from "./verdict.js";
import { isBlank } from "../text/whitespace.js";

const DECODERS = [
  "b64decode",
  "decodebytes",
  "a2b_base64",
  "base64decode",
  "base64_dec",
  "fromhex",
  "unhexlify",
];
const MAX_PAYLOAD_CHARS = 16_384;
const MAX_DECODED_SITES = 16;

// A literal handed to a base64 or hex decoder is decoded and scanned like a Cell (once: a
// payload inside the payload is not decoded again), so encoding does not hide an attack.
function decodesUnsafePayload(ctx: CodeContext): boolean {
  if (ctx.depth > 0) return false;
  let examined = 0;
  for (const decoder of DECODERS) {
    for (const site of callSites(ctx.lower, decoder, true)) {
      if (examined >= MAX_DECODED_SITES) return false;
      examined += 1;
      const args = callArguments(ctx.code, ctx.code.indexOf("(", site), MAX_PAYLOAD_CHARS + 16);
      const payload = literalArgument(args);
      if (payload === undefined) continue;
      const hex = decoder === "fromhex" || decoder === "unhexlify";
      const decoded = Buffer.from(
        hex ? payload.replace(/ /g, "") : payload,
        hex ? "hex" : "base64",
      );
      if (scanNested(decoded.toString("latin1"), ctx.depth).categories.size > 0) return true;
    }
  }
  return false;
}

// Text found inside a Cell (a decoded payload, the command lines of argv lists), scanned one
// level down both as code and as a string literal: it may be a shell command.
function scanNested(text: string, depth: number): ScanResult {
  return scan(new CodeContext(`${text}\n${JSON.stringify(text)}`, depth + 1));
}

// The first argument when it is one plain string literal (with an optional b/r prefix).
function literalArgument(args: string): string | undefined {
  let text = args.trim();
  const comma = text.indexOf(",");
  if (comma !== -1) text = text.slice(0, comma).trim();
  if (text.startsWith("b") || text.startsWith("r")) text = text.slice(1);
  const quote = text[0];
  if ((quote !== '"' && quote !== "'") || !text.endsWith(quote) || text.length < 10) {
    return undefined;
  }
  return text.slice(1, -1);
}

/** Every static signature, in reporting order. */
export const SIGNATURES: readonly Signature[] = [
  ...HOST_SIGNATURES,
  ...TAMPER_SIGNATURES,
  ...DATA_SIGNATURES,
  ...PERSISTENCE_SIGNATURES,
  ...OBFUSCATION_SIGNATURES,
  ...MULTI_STEP_SIGNATURES,
  ...NETWORK_SIGNATURES,
  {
    category: 5,
    reason: "decodes a hidden payload that is itself an attack",
    triggers: ["base64", "a2b_", "fromhex", "unhexlify"],
    test: decodesUnsafePayload,
  },
];

/** The fast path's tokens: every signature trigger and the untriggered risk tokens. */
export const RISK_TOKENS: readonly string[] = riskTokens(SIGNATURES);

const RISK_INDEX = new TokenIndex(RISK_TOKENS);

/** True when `code` contains no risk token and no bidi control: SAFE without a scan. */
export function isAlwaysSafe(code: string): boolean {
  if (typeof code !== "string") return true;
  return RISK_INDEX.present(code.toLowerCase()).size === 0 && !hasBidiControl(code);
}

const NON_ASCII = /[\u0080-\uffff]/;

function isAscii(text: string): boolean {
  return !NON_ASCII.test(text);
}

interface ScanResult {
  readonly fastPath: boolean;
  readonly categories: Set<number>;
  readonly reasons: string[];
}

function scan(ctx: CodeContext): ScanResult {
  const categories = new Set<number>();
  const reasons: string[] = [];
  const present = RISK_INDEX.present(ctx.lower);
  if (present.size === 0 && !hasBidiControl(ctx.code)) {
    return { fastPath: true, categories, reasons };
  }
  for (const signature of SIGNATURES) {
    const triggered =
      signature.triggers === "always" || signature.triggers.some((token) => present.has(token));
    if (!triggered || !signature.test(ctx)) continue;
    categories.add(signature.category);
    if (!reasons.includes(signature.reason)) reasons.push(signature.reason);
  }
  return { fastPath: false, categories, reasons };
}

// Other readings of a Cell that no signature matched as written, tried in order until one
// matches: `subprocess.run(["iptables", "-F"])` is the command line `iptables -F`;
// `__import__('o'+'s').system(…)` and `from shutil import rmtree as nuke` are os.system and
// shutil.rmtree once folded.
const SECOND_READINGS: readonly {
  readonly note: string;
  readonly read: (ctx: CodeContext) => ScanResult | null;
}[] = [
  {
    note: "a command given as an argv list",
    read: (ctx) => {
      const lines = argvCommandLines(ctx);
      return lines === "" ? null : scanNested(lines, ctx.depth);
    },
  },
  {
    note: "once split strings are joined and import aliases written out",
    read: (ctx) => {
      const folded = foldedCode(ctx);
      return folded === ctx.code ? null : scan(new CodeContext(folded, ctx.depth + 1));
    },
  },
];

/**
 * Fast path and static signatures only; no model, no I/O. A risk token without a signature is
 * SAFE with source "static". Input that is not a string is treated as empty.
 *
 * @example
 * ```ts
 * assert.equal(classifyCodeHeuristic("import numpy as np").source, "fast-path");
 * assert.deepEqual(classifyCodeHeuristic('open("/etc/shadow").read()').categories, [2]);
 * ```
 */
export function classifyCodeHeuristic(code: string): CodeVerdict {
  const text = typeof code === "string" ? code : "";
  if (isBlank(text)) return safeVerdict("fast-path", "empty cell");
  // Python folds identifiers with NFKC, so `ｏｓ.ｓｙｓｔｅｍ` runs as os.system: scan the folded
  // form. Bidi controls survive the folding, so the Trojan-source check still sees them.
  const ctx = new CodeContext(isAscii(text) ? text : text.normalize("NFKC"));
  const { fastPath, categories, reasons } = scan(ctx);
  if (fastPath) return safeVerdict("fast-path", "no risk token");
  for (const { note, read } of SECOND_READINGS) {
    if (categories.size > 0) break;
    const result = read(ctx);
    if (result === null) continue;
    for (const category of result.categories) categories.add(category);
    for (const reason of result.reasons) reasons.push(`${reason} (${note})`);
  }
  if (categories.size === 0) {
    return safeVerdict("static", "risk token present but no attack signature matched");
  }
  return {
    decision: "UNSAFE",
    categories: [...categories].sort((a, b) => a - b),
    reason: reasons.join("; "),
    source: "static",
  };
}
