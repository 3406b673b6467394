// Recognisers for secrets that have a shape of their own: vendor token prefixes, `Bearer`
// credentials and PEM private-key blocks. Each looks at one position of the text and reads forward
// at most over what it replaces (or a bounded distance when it declines), so a scanner that calls
// them at every position stays linear. No regular expressions.

/** A span [start, end) of the text and what it is replaced by. */
export interface Redaction {
  readonly end: number;
  readonly replacement: string;
}

export function isAsciiAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || isAsciiLetter(code);
}

export function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isUpperAlphanumeric(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a);
}

/** `[A-Za-z0-9_-]`: the characters API tokens are written in. */
function isTokenChar(code: number): boolean {
  return isAsciiAlphanumeric(code) || code === 0x5f || code === 0x2d;
}

/** RFC 6750 token68 characters: `[A-Za-z0-9._~+/=-]`. */
function isToken68Char(code: number): boolean {
  return (
    isTokenChar(code) ||
    code === 0x2e ||
    code === 0x7e ||
    code === 0x2b ||
    code === 0x2f ||
    code === 0x3d
  );
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

type BodyClass = "token" | "alphanumeric" | "upper";

interface TokenShape {
  readonly prefix: string;
  /** The class the first minBody characters after the prefix must belong to. */
  readonly body: BodyClass;
  readonly minBody: number;
}

const BODY_TESTS: Readonly<Record<BodyClass, (code: number) => boolean>> = {
  token: isTokenChar,
  alphanumeric: isAsciiAlphanumeric,
  upper: isUpperAlphanumeric,
};

// The spec's prefixes take any 8 token characters. The added GitHub, Hugging Face, GitLab and npm
// shapes are long fixed-alphabet strings; demanding 20 characters of that alphabet keeps ordinary
// identifiers such as `hf_hub_download` or `npm_config_cache` readable. `sk-ant-` is covered by
// `sk-`.
const TOKEN_SHAPES: readonly TokenShape[] = [
  ...["sk-", "ark-", "ghp-", "github_pat-", "hf-", "xoxe-"].map((prefix) => ({
    prefix,
    body: "token" as const,
    minBody: 8,
  })),
  ...["b", "a", "p", "r", "s"].map((kind) => ({
    prefix: `xox${kind}-`,
    body: "token" as const,
    minBody: 8,
  })),
  ...["ghp_", "gho_", "ghs_", "ghu_", "ghr_", "hf_", "npm_"].map((prefix) => ({
    prefix,
    body: "alphanumeric" as const,
    minBody: 20,
  })),
  { prefix: "github_pat_", body: "token", minBody: 20 },
  { prefix: "glpat-", body: "token", minBody: 20 },
  // AWS access key ids: long-term (AKIA) and temporary (ASIA), 16 upper-case alphanumerics.
  { prefix: "AKIA", body: "upper", minBody: 16 },
  { prefix: "ASIA", body: "upper", minBody: 16 },
];

const SHAPES_BY_FIRST_CHAR = new Map<string, TokenShape[]>();
for (const shape of TOKEN_SHAPES) {
  const first = shape.prefix[0] as string;
  SHAPES_BY_FIRST_CHAR.set(first, [...(SHAPES_BY_FIRST_CHAR.get(first) ?? []), shape]);
}

// A letter or digit just before a prefix means it is inside a word (`task-…`, `risk-…`), not a
// token.
function startsWord(text: string, at: number): boolean {
  return at === 0 || !isAsciiAlphanumeric(text.charCodeAt(at - 1));
}

/** A vendor token starting at `at`: the prefix, the minimum body, and the rest of its run. */
export function matchTokenShape(text: string, at: number): Redaction | null {
  const shapes = SHAPES_BY_FIRST_CHAR.get(text[at] ?? "");
  if (shapes === undefined || !startsWord(text, at)) return null;
  for (const shape of shapes) {
    if (!text.startsWith(shape.prefix, at)) continue;
    const inBody = BODY_TESTS[shape.body];
    const bodyStart = at + shape.prefix.length;
    let end = bodyStart;
    while (end - bodyStart < shape.minBody && end < text.length && inBody(text.charCodeAt(end))) {
      end += 1;
    }
    if (end - bodyStart < shape.minBody) continue;
    while (end < text.length && isTokenChar(text.charCodeAt(end))) end += 1;
    return { end, replacement: "<redacted-token>" };
  }
  return null;
}

/** `Bearer <credential>`, any case: the word and its spacing are kept, the credential is not. */
export function matchBearer(text: string, at: number): Redaction | null {
  if (text.length - at < 8 || !startsWord(text, at)) return null;
  if (text.slice(at, at + 6).toLowerCase() !== "bearer") return null;
  let end = at + 6;
  while (end < text.length && isBlank(text.charCodeAt(end))) end += 1;
  if (end === at + 6) return null;
  const credentialStart = end;
  while (end < text.length && isToken68Char(text.charCodeAt(end))) end += 1;
  if (end === credentialStart) return null;
  return { end, replacement: `${text.slice(at, credentialStart)}<redacted>` };
}

/** Replaces every vendor token in a short piece of text (a variable name, say). */
export function redactTokenShapes(text: string): string {
  let out = "";
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const match = matchTokenShape(text, at);
    if (match === null) {
      at += 1;
    } else {
      out += `${text.slice(copied, at)}${match.replacement}`;
      at = match.end;
      copied = at;
    }
  }
  return out + text.slice(copied);
}

/** A span [start, end) of the text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

const BEGIN = "-----BEGIN ";
const END = "-----END ";
const DASHES = "-----";
const MAX_LABEL = 80;

/** The label between a BEGIN/END marker and its closing dashes, on one line; null otherwise. */
function readLabel(text: string, from: number): { label: string; next: number } | null {
  const limit = Math.min(text.length, from + MAX_LABEL);
  for (let at = from; at < limit; at += 1) {
    const char = text[at];
    if (char === "\n" || char === "\r") return null;
    if (text.startsWith(DASHES, at))
      return { label: text.slice(from, at), next: at + DASHES.length };
  }
  return null;
}

const isPrivateKeyLabel = (label: string): boolean => label.includes("PRIVATE KEY");

/**
 * Every PEM private-key block in the text (`-----BEGIN … PRIVATE KEY-----` through the next
 * `-----END … PRIVATE KEY-----`, PGP key blocks included). A block with no END runs to the end of
 * the text: output cut short mid-key still hides the key. Linear: each search starts where the
 * previous block ended.
 */
export function privateKeyBlocks(text: string): Span[] {
  const blocks: Span[] = [];
  let from = 0;
  for (;;) {
    const start = text.indexOf(BEGIN, from);
    if (start < 0) return blocks;
    const begin = readLabel(text, start + BEGIN.length);
    if (begin === null || !isPrivateKeyLabel(begin.label)) {
      from = start + 1;
      continue;
    }
    let search = begin.next;
    let end = text.length;
    for (;;) {
      const marker = text.indexOf(END, search);
      if (marker < 0) break;
      const label = readLabel(text, marker + END.length);
      if (label !== null && isPrivateKeyLabel(label.label)) {
        end = label.next;
        break;
      }
      search = marker + END.length;
    }
    blocks.push({ start, end });
    if (end === text.length) return blocks;
    from = end;
  }
}
