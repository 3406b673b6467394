// Redaction of shell commands and their output before anything is persisted or shown again. One
// forward pass with hand-written recognisers (secret-shapes.ts, assignments.ts), so the cost is
// linear in the input whatever it holds: a megabyte without a newline, a megabyte of `sk-`, an
// unterminated private key. Redaction happens before the cut, so the cut can only remove text,
// never expose part of a secret.
import { matchAssignment } from "./assignments.js";
import {
  matchBearer,
  matchTokenShape,
  privateKeyBlocks,
  type Redaction,
  type Span,
} from "./secret-shapes.js";

/** The default length, in UTF-16 code units, that redacted text is cut to. */
export const DEFAULT_REDACT_LIMIT = 4000;

function matchAt(text: string, at: number): Redaction | null {
  return matchAssignment(text, at) ?? matchBearer(text, at) ?? matchTokenShape(text, at);
}

/** Cuts to at most `limit` code units without splitting a surrogate pair. */
function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  let end = Math.floor(limit);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * Text with secrets replaced, cut to `limit` characters:
 * - `Bearer <credential>` becomes `Bearer <redacted>`;
 * - vendor tokens become `<redacted-token>`: `sk-` (OpenAI, Anthropic), `ark-`, `ghp-`/`ghp_`,
 *   `gho_`, `ghs_`, `ghu_`, `ghr_`, `github_pat-`/`github_pat_`, `hf-`/`hf_`, `xox[abeprs]-`
 *   (Slack), `glpat-` (GitLab), `npm_`, and AWS key ids (`AKIA`/`ASIA` + 16);
 * - PEM private-key blocks become `<redacted-private-key>`, through the end of the text when the
 *   END line is missing;
 * - values of names that say they are secret become `<redacted>`: `API_KEY=…`,
 *   `export TOKEN=…`, `X-Api-Key: …`, `"client_secret": "…"` (details in assignments.ts).
 *
 * A token must start a word: `task-…` or `risk-assessment` is not an `sk-` token.
 *
 * @param text Command or output text. A non-string gives "".
 * @param limit Maximum length of the result in UTF-16 code units; `Infinity` keeps everything.
 * @throws {RangeError} When limit is negative or NaN.
 *
 * @example
 * ```ts
 * redactShellText("curl -H 'Authorization: Bearer eyJhbGciOi' https://x"); // "curl -H 'Authorization: Bearer <redacted>' https://x"
 * redactShellText("OPENAI_API_KEY=sk-abcdefgh12345678 python run.py"); // "OPENAI_API_KEY=<redacted> python run.py"
 * redactShellText("token ghp_0123456789abcdefghij0123456789abcdef"); // "token <redacted-token>"
 * ```
 */
export function redactShellText(text: string, limit: number = DEFAULT_REDACT_LIMIT): string {
  if (typeof text !== "string") return "";
  if (!(limit >= 0)) {
    throw new RangeError(
      `Cannot redact shell text: limit must be a non-negative number: current value is ${String(limit)}`,
    );
  }
  const blocks: readonly Span[] = privateKeyBlocks(text);
  let nextBlock = 0;
  const out: string[] = [];
  let outLength = 0;
  let copied = 0;
  let at = 0;
  const replace = (end: number, replacement: string): void => {
    const kept = text.slice(copied, at);
    out.push(kept, replacement);
    outLength += kept.length + replacement.length;
    at = end;
    copied = end;
  };
  // Every decision is taken at the position a match starts, so once the output passes the limit
  // nothing later can change what is kept. Passing it (not only reaching it) leaves cut() the
  // character it needs to see whether the last kept one is half of a surrogate pair.
  while (at < text.length && outLength + (at - copied) <= limit) {
    const block = blocks[nextBlock];
    if (block !== undefined && block.start === at) {
      nextBlock += 1;
      replace(block.end, "<redacted-private-key>");
      continue;
    }
    const match = matchAt(text, at);
    if (match === null) {
      at += 1;
      continue;
    }
    // A match that runs into a private key (a value `KEY=-----BEGIN …` that stops at the end of
    // the header line) swallows the whole key, or the key's body would be left in the clear.
    let end = match.end;
    for (
      let next = blocks[nextBlock];
      next !== undefined && next.start < end;
      next = blocks[nextBlock]
    ) {
      end = Math.max(end, next.end);
      nextBlock += 1;
    }
    replace(end, match.replacement);
  }
  out.push(text.slice(copied, at));
  return cut(out.join(""), limit);
}
