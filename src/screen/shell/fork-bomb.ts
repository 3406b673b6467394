// Fork bombs are recognised by shape, not by spelling: a shell function whose body starts
// itself again in the background or through a pipe. `:(){ :|:& };:`, `bomb(){ bomb|bomb& }` and
// `function f { f & f; }` are the same attack under different names.

import { definitionAt, isOp, wordText } from "./functions.js";
import type { Script, Token } from "./lexer.js";

// Bodies longer than this are not followed; a bomb is a one-liner.
const MAX_BODY_TOKENS = 4096;

/**
 * True when the script defines a function that calls itself in the background or a pipe, or
 * runs an endless loop that starts background jobs and never waits for them.
 */
export function forkBombIn(script: Script, spend: (units: number) => void): boolean {
  const tokens = script.tokens;
  if (endlessSpawningLoop(tokens, spend)) return true;
  for (let k = 0; k < tokens.length; k++) {
    // Cheap filter first: only a word before "(" or the word "function" starts a definition.
    if (!isOp(tokens[k + 1], "(")) {
      const text = wordText(tokens[k]);
      if (text === "%0" && batchSelfPipeAt(tokens, k)) return true;
      if (text !== "function") continue;
    }
    const definition = definitionAt(tokens, k);
    if (definition === null) continue;
    if (callsItselfConcurrently(tokens, definition.body, definition.name, spend)) return true;
  }
  return false;
}

// Each body read is paid for from the precheck's budget: definitions nested without end (or
// never closed) would otherwise cost their count times MAX_BODY_TOKENS, and a script that
// exhausts the budget is refused as unscreenable.
function callsItselfConcurrently(
  tokens: readonly Token[],
  start: number,
  name: string,
  spend: (units: number) => void,
): boolean {
  const opener = tokens[start];
  const braces = wordText(opener)?.startsWith("{") === true;
  if (!braces && !isOp(opener, "(")) return false;
  let level = 0;
  let calls = 0;
  let concurrent = false;
  const end = Math.min(tokens.length, start + MAX_BODY_TOKENS);
  let k = start;
  for (; k < end; k++) {
    const token = tokens[k] as Token;
    const text = wordText(token);
    if (braces && text !== null) {
      if (text === "{" || (k === start && text.startsWith("{"))) level++;
      if (text === "}") level--;
      const bare = k === start ? text.slice(1) : text;
      if (bare === name || FUNCTION_SELF.has(bare)) calls++;
    } else if (text === name || (text !== null && FUNCTION_SELF.has(text))) {
      calls++;
    }
    if (token.kind === "op") {
      if (token.op === "|" || token.op === "&" || token.op === "|&") concurrent = true;
      if (!braces && token.op === "(") level++;
      if (!braces && token.op === ")") level--;
    }
    if (level === 0) break;
  }
  spend(k - start);
  if (calls === 0 || !concurrent) return false;
  if (calls >= 2) return true;
  spend(end - start);
  for (let j = start; j < end; j++) if (isOp(tokens[j], "&")) return true;
  return false;
}

// How a bash function names itself: `f(){ $FUNCNAME | $FUNCNAME & }; f`.
const FUNCTION_SELF = new Set(["$FUNCNAME", "${FUNCNAME}", "${FUNCNAME[0]}"]);

// How a script names itself: "$0", and bash's BASH_SOURCE.
const SELF_WORDS = new Set(["$0", "${0}", "$BASH_SOURCE", "${BASH_SOURCE}", "${BASH_SOURCE[0]}"]);
// Words in front of the script's name that still run it: `exec "$0"`, `sh "$0"`, `. "$0"`.
const SELF_RUNNERS = new Set(
  ["exec", "command", "nohup", "setsid", "nice", "sh", "bash", "dash", "zsh", "ksh"].concat([
    "source",
    ".",
  ]),
);
const LOOPS = new Set(["while", "until", "for"]);

/**
 * True when the tokens of the script file `file` run the file itself twice with one of them in
 * the background or a pipe (`$0 & $0`, `"$0" | "$0" &`), or once in the background inside a
 * loop: each copy starts two or more, without end.
 */
export function spawnsItself(
  tokens: readonly Token[],
  file: string,
  spend: (units: number) => void,
): boolean {
  const bare = file.replace(/^\.\//, "");
  const isSelf = (text: string): boolean =>
    SELF_WORDS.has(text) || text === file || text === bare || text === `./${bare}`;
  let calls = 0;
  let concurrent = false;
  let background = false;
  let loop = false;
  let commandStart = true;
  const end = Math.min(tokens.length, MAX_BODY_TOKENS);
  spend(end);
  for (let k = 0; k < end; k++) {
    const token = tokens[k] as Token;
    if (token.kind === "op") {
      if (token.op === "|" || token.op === "|&") concurrent = true;
      if (token.op === "&") concurrent = background = true;
      commandStart = true;
      continue;
    }
    const text = wordText(token);
    if (text === null || !commandStart) continue;
    if (LOOPS.has(text)) loop = true;
    if (isSelf(text)) calls++;
    // Still at the start of the command after a keyword or a runner in front of the name.
    commandStart = SELF_RUNNERS.has(text) || text === "do" || text === "then" || text === "{";
  }
  return (calls >= 2 && concurrent) || (calls >= 1 && loop && background);
}

const ENDLESS = new Set(["true", ":", "1"]);
// Commands that hold a loop back until something happens, and words that come before a command.
const THROTTLES = new Set(["wait", "sleep", "read"]);
const COMMAND_PREFIXES = new Set(["do", "then", "else", "{", "!", "time", "if", "while", "until"]);

function endlessSpawningLoop(tokens: readonly Token[], spend: (units: number) => void): boolean {
  for (let k = 0; k < tokens.length; k++) {
    const keyword = wordText(tokens[k]);
    if (keyword !== "while" && keyword !== "until" && keyword !== "for") continue;
    if (!endlessCondition(tokens, k, keyword)) continue;
    let at = k + 2;
    while (at < tokens.length && wordText(tokens[at]) !== "do") at++;
    let level = 0;
    let spawns = false;
    let waits = false;
    // The first word of the command being read: a wait, sleep or read throttles the loop only
    // when it runs in the foreground (`sleep 1 &` spawns like any other job).
    let first: string | null = null;
    const end = Math.min(tokens.length, at + MAX_BODY_TOKENS);
    let j = at;
    for (; j < end; j++) {
      const token = tokens[j] as Token;
      const text = wordText(token);
      if (text === "do") level++;
      if (text === "done" && --level === 0) break;
      if (token.kind === "op") {
        if (token.op === "&") spawns = true;
        else if (first !== null && THROTTLES.has(first)) waits = true;
        first = null;
      } else if (first === null && text !== null && !COMMAND_PREFIXES.has(text)) first = text;
    }
    if (first !== null && THROTTLES.has(first)) waits = true;
    spend(j - k);
    if (spawns && !waits) return true;
  }
  return false;
}

/**
 * `while true`, `while :`, `while [ 1 ]`, `until false`, and the C-style `for ((;;))` whose
 * empty condition never fails.
 */
function endlessCondition(tokens: readonly Token[], k: number, keyword: string): boolean {
  if (keyword === "for")
    return (
      isOp(tokens[k + 1], "(") &&
      isOp(tokens[k + 2], "(") &&
      isOp(tokens[k + 3], ";;") &&
      isOp(tokens[k + 4], ")")
    );
  let condition = wordText(tokens[k + 1]);
  // `[ 1 ]`, `[[ true ]]`: a test of a constant that is always true.
  if ((condition === "[" || condition === "[[") && keyword === "while") {
    const closer = wordText(tokens[k + 3]);
    if (closer === "]" || closer === "]]") condition = wordText(tokens[k + 2]);
  }
  return keyword === "while" ? condition !== null && ENDLESS.has(condition) : condition === "false";
}

/**
 * cmd.exe's `%0|%0`: inside a batch file %0 is the file itself, piped into another copy of
 * itself, each copy doing the same.
 */
function batchSelfPipeAt(tokens: readonly Token[], k: number): boolean {
  return isOp(tokens[k + 1], "|") && wordText(tokens[k + 2]) === "%0";
}
