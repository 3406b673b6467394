// Shell function definitions on the command line: `f() { rm -rf "$1"; }; f /` runs the body with
// "$1" set to "/", so a call is judged by its body with the call's arguments.

import { plainText, type Token } from "./lexer.js";

// A body longer than this is not followed (it was still checked where it stands).
const MAX_BODY_TOKENS = 4096;
const MAX_FUNCTIONS = 64;

function wordText(token: Token | undefined): string | null {
  return token !== undefined && token.kind === "word" ? plainText(token) : null;
}

function isOp(token: Token | undefined, op: string): boolean {
  return token !== undefined && token.kind === "op" && token.op === op;
}

/** Each function defined in the tokens, by name, with the tokens of its body. */
export function functionDefinitions(tokens: readonly Token[]): Map<string, readonly Token[]> {
  const found = new Map<string, readonly Token[]>();
  for (let k = 0; k < tokens.length && found.size < MAX_FUNCTIONS; k++) {
    const first = wordText(tokens[k]);
    if (first === null) continue;
    let name: string | null = null;
    let at = k;
    if (first === "function" && wordText(tokens[k + 1]) !== null) {
      name = wordText(tokens[k + 1]);
      at = k + 2;
      if (isOp(tokens[at], "(") && isOp(tokens[at + 1], ")")) at += 2;
    } else if (isOp(tokens[k + 1], "(") && isOp(tokens[k + 2], ")")) {
      name = first;
      at = k + 3;
    }
    if (name === null || name === "") continue;
    while (isOp(tokens[at], "\n")) at++;
    const end = bodyEnd(tokens, at);
    if (end > at) {
      found.set(name, tokens.slice(at, end));
      k = end - 1;
    }
  }
  return found;
}

/** The index after the `}` or `)` closing a body that opens at `start`, or `start` for none. */
function bodyEnd(tokens: readonly Token[], start: number): number {
  const braces = wordText(tokens[start]) === "{";
  if (!braces && !isOp(tokens[start], "(")) return start;
  let level = 0;
  const limit = Math.min(tokens.length, start + MAX_BODY_TOKENS);
  for (let k = start; k < limit; k++) {
    const token = tokens[k];
    const text = wordText(token);
    if (braces ? text === "{" : isOp(token, "(")) level++;
    if (braces ? text === "}" : isOp(token, ")")) level--;
    if (level === 0) return k + 1;
  }
  return start;
}
