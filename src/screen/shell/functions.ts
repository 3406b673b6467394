// Shell function definitions on the command line: `f() { rm -rf "$1"; }; f /` runs the body with
// "$1" set to "/", so a call is judged by its body with the call's arguments.

import { plainText, type Token } from "./lexer.js";

// A body longer than this is not followed (it was still checked where it stands).
const MAX_BODY_TOKENS = 4096;
const MAX_FUNCTIONS = 64;

export function wordText(token: Token | undefined): string | null {
  return token !== undefined && token.kind === "word" ? plainText(token) : null;
}

export function isOp(token: Token | undefined, op: string): boolean {
  return token !== undefined && token.kind === "op" && token.op === op;
}

/**
 * The function whose definition starts at token k (`NAME() BODY`, `function NAME BODY`,
 * `function NAME() BODY`): its name and the index of its body's first token, past newlines.
 * Null when no definition starts there.
 */
export function definitionAt(
  tokens: readonly Token[],
  k: number,
): { readonly name: string; readonly body: number } | null {
  const first = wordText(tokens[k]);
  if (first === null) return null;
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
  if (name === null || name === "") return null;
  while (isOp(tokens[at], "\n")) at++;
  return { name, body: at };
}

/** Each function defined in the tokens, by name, with the tokens of its body. */
export function functionDefinitions(tokens: readonly Token[]): Map<string, readonly Token[]> {
  const found = new Map<string, readonly Token[]>();
  let closers: Int32Array | null = null;
  for (let k = 0; k < tokens.length && found.size < MAX_FUNCTIONS; k++) {
    const definition = definitionAt(tokens, k);
    if (definition === null) continue;
    const { name, body: at } = definition;
    closers ??= matchingClosers(tokens);
    const close = at < tokens.length ? (closers[at] as number) : -1;
    if (close > at && close - at <= MAX_BODY_TOKENS) {
      found.set(name, tokens.slice(at, close + 1));
      k = close;
    }
  }
  return found;
}

/**
 * For each `{` word and `(` operator, the index of the `}` or `)` that closes it (or -1), in
 * one pass with two stacks: a line of a thousand unclosed `f(){` costs one scan, not one each.
 */
function matchingClosers(tokens: readonly Token[]): Int32Array {
  const closers = new Int32Array(tokens.length).fill(-1);
  const braces: number[] = [];
  const parens: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    const text = wordText(token);
    if (text === "{") braces.push(k);
    else if (text === "}" && braces.length > 0) closers[braces.pop() as number] = k;
    else if (isOp(token, "(")) parens.push(k);
    else if (isOp(token, ")") && parens.length > 0) closers[parens.pop() as number] = k;
  }
  return closers;
}
