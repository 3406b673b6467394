// From tokens to simple commands: the argv a program would receive, its redirections, and the
// command piping into it. Lists (`;`, `&&`, `||`, `&`, newlines), subshells and braces only
// separate commands here; what matters for screening is every program that would run.

import type { Redirect, Script, Token, Word } from "./lexer.js";
import { plainText } from "./lexer.js";

/** `a=(/ /etc)` or `a+=(…)`: a bash array assignment, its words not a command of their own. */
export interface ArrayAssignment {
  readonly name: string;
  readonly append: boolean;
  readonly words: readonly Word[];
}

export interface SimpleCommand {
  readonly words: readonly Word[];
  /** Array assignments among the command's words (`declare -a a=(…)`, `a=(…)`). */
  readonly arrays: readonly ArrayAssignment[];
  readonly redirects: readonly Redirect[];
  /** The stage before this one in a pipeline, whose output is this command's input. */
  readonly previous: SimpleCommand | null;
}

// Reserved words and grouping that can stand where a command name would.
const RESERVED = new Set([
  "!",
  "{",
  "}",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "do",
  "done",
  "while",
  "until",
  "for",
  "case",
  "esac",
  "select",
  "function",
  "coproc",
  "[[",
  "]]",
]);

// Most commands have no redirection; they share this empty list, which is never pushed to.
const NO_REDIRECTS: Redirect[] = [];
const NO_ARRAYS: ArrayAssignment[] = [];
const ARRAY_START = /^[A-Za-z_][A-Za-z0-9_]{0,63}\+?=$/;

/**
 * The array assignment whose `NAME=` word is token k, and the index of its closing `)`; null
 * when token k does not start one. The elements are the words up to the `)`.
 */
export function arrayAt(
  tokens: readonly Token[],
  k: number,
): { readonly array: ArrayAssignment; readonly end: number } | null {
  const token = tokens[k] as Token;
  const open = tokens[k + 1];
  if (token.kind !== "word" || token.parts !== null || token.quoted) return null;
  if (open?.kind !== "op" || open.op !== "(" || !ARRAY_START.test(token.text)) return null;
  // Find the `)` first: an unclosed `a=(` (a hostile line holds thousands) allocates nothing.
  let j = k + 2;
  for (; j < tokens.length; j++) {
    const element = tokens[j] as Token;
    if (element.kind !== "word" && (element.kind !== "op" || element.op !== "\n")) break;
  }
  const close = tokens[j];
  if (close?.kind !== "op" || close.op !== ")") return null;
  const words: Word[] = [];
  for (let e = k + 2; e < j; e++) {
    const element = tokens[e] as Token;
    if (element.kind === "word") words.push(element);
  }
  const append = token.text.endsWith("+=");
  const name = token.text.slice(0, append ? -2 : -1);
  return { array: { name, append, words }, end: j };
}

// The word list of a one-word command, shared by every command made of that same (shared,
// immutable) word: `x | x | x …` costs one list, not one per stage.
const ALONE = new WeakMap<Word, readonly Word[]>();

// The last word looked up, ahead of the WeakMap: a run of the same stage then costs a compare.
let lastAlone: Word | null = null;
let lastAloneList: readonly Word[] = [];

function alone(word: Word): readonly Word[] {
  if (word === lastAlone) return lastAloneList;
  // Only the lexer's shared words (frozen) recur; any other word is met once.
  if (!Object.isFrozen(word)) return [word];
  let list = ALONE.get(word);
  if (list === undefined) {
    list = Object.freeze([word]);
    ALONE.set(word, list);
  }
  lastAlone = word;
  lastAloneList = list;
  return list;
}

export function simpleCommands(script: Script): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  const tokens = script.tokens;
  // The words of a command are collected as a range of the token list while they stand side by
  // side, and copied out in one slice: a 64k-word command costs one copy, not 64k pushes.
  let first = -1;
  let end = -1;
  let words: Word[] | null = null;
  let redirects: Redirect[] = NO_REDIRECTS;
  let arrays: ArrayAssignment[] = NO_ARRAYS;
  let previous: SimpleCommand | null = null;
  const wordCount = (): number => (words !== null ? words.length : first < 0 ? 0 : end - first);

  // New arrays only after a command took the old ones: a run of operators allocates nothing.
  const finish = (piped: boolean): void => {
    let done: SimpleCommand | null = null;
    if (wordCount() > 0 || redirects.length > 0 || arrays.length > 0) {
      const taken: readonly Word[] =
        words ??
        (first < 0
          ? []
          : end - first === 1
            ? alone(tokens[first] as Word)
            : (tokens.slice(first, end) as Word[]));
      done = { words: taken, arrays, redirects, previous };
      commands.push(done);
      redirects = NO_REDIRECTS;
      arrays = NO_ARRAYS;
    }
    words = null;
    first = -1;
    previous = piped ? done : null;
  };

  // `function NAME { …; }`: the name is not a command; the body's commands follow.
  let functionName = false;
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    if (token.kind === "word") {
      const next = tokens[k + 1];
      const assignment = next?.kind === "op" && next.op === "(" ? arrayAt(tokens, k) : null;
      if (assignment !== null) {
        // The elements are data for the array, not a command; the words around it still
        // belong to the command (`declare -a a=(…)`), so they are copied out by hand.
        if (arrays === NO_ARRAYS) arrays = [];
        arrays.push(assignment.array);
        if (words === null) words = first < 0 ? [] : (tokens.slice(first, end) as Word[]);
        k = assignment.end;
        continue;
      }
      if (functionName) {
        functionName = false;
        continue;
      }
      if (wordCount() === 0 && !token.quoted && RESERVED.has(plainText(token))) {
        functionName = plainText(token) === "function";
        // `coproc NAME { …; }` and `coproc NAME ( … )`: NAME names the coprocess, it is not run.
        if (plainText(token) === "coproc" && opensCompound(tokens[k + 2])) k++;
        continue;
      }
      if (words !== null) words.push(token);
      else if (first < 0) {
        first = k;
        end = k + 1;
      } else if (end === k) end++;
      else {
        // Something sat between this word and the last (a redirection): copy and go on by hand.
        words = tokens.slice(first, end) as Word[];
        words.push(token);
      }
    } else if (token.kind === "redirect") {
      if (redirects === NO_REDIRECTS) redirects = [];
      redirects.push(token);
    } else {
      // `… | ( read d; … )`: a subshell opened where a command starts reads the pipe too.
      if (token.op === "(" && wordCount() === 0 && redirects.length === 0 && arrays.length === 0)
        continue;
      const piped = token.op === "|" || token.op === "|&";
      // `( … ; echo x ) | crontab -`, `{ …; echo x; } | sh`: a group's output ends with its
      // last command's, which is what the next stage reads from.
      const afterGroup =
        piped && wordCount() === 0 && redirects.length === 0 && closesGroup(tokens[k - 1]);
      finish(piped);
      if (afterGroup) previous = commands[commands.length - 1] ?? null;
    }
  }
  finish(false);
  return commands;
}

function closesGroup(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === "op") return token.op === ")";
  return token.kind === "word" && !token.quoted && plainText(token) === "}";
}

function opensCompound(token: Token | undefined): boolean {
  if (token === undefined) return false;
  if (token.kind === "op") return token.op === "(";
  return token.kind === "word" && !token.quoted && plainText(token) === "{";
}
