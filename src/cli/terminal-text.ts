// Text from untrusted places (command output, probe diagnostics, paths) printed to a terminal:
// control characters, ANSI introducers, line separators and bidi controls become visible
// escapes, so nothing printed can move the cursor, recolour, or reorder what the user reads.
// One character class, no quantifiers: linear on any input.
/* eslint-disable no-control-regex -- matching control characters is the point */
const UNSAFE =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const UNSAFE_WITH_NEWLINE =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

function escapeChar(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`;
}

/** Escapes everything but newline and tab. */
export function escapeForTerminal(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/** Escapes newlines too: for values printed on one line. */
export function escapeOneLine(text: string): string {
  return text.replace(UNSAFE_WITH_NEWLINE, escapeChar);
}

// JSON.stringify escapes only what JSON requires (below U+0020); C1 controls, line separators
// and bidi controls from command output would otherwise reach the terminal raw.
const JSON_UNSAFE = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;

/** JSON text safe to print to a terminal, still valid JSON with the same value. */
export function terminalSafeJson(value: unknown, space?: number): string {
  return JSON.stringify(value, null, space).replace(JSON_UNSAFE, escapeChar);
}
