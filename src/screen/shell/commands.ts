// From tokens to simple commands: the argv a program would receive, its redirections, and the
// command piping into it. Lists (`;`, `&&`, `||`, `&`, newlines), subshells and braces only
// separate commands here; what matters for screening is every program that would run.

import type { Redirect, Script, Token, Word } from "./lexer.js";
import { plainText } from "./lexer.js";

export interface SimpleCommand {
  readonly words: readonly Word[];
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

export function simpleCommands(script: Script): SimpleCommand[] {
  const commands: SimpleCommand[] = [];
  const tokens = script.tokens;
  // The words of a command are collected as a range of the token list while they stand side by
  // side, and copied out in one slice: a 64k-word command costs one copy, not 64k pushes.
  let first = -1;
  let end = -1;
  let words: Word[] | null = null;
  let redirects: Redirect[] = NO_REDIRECTS;
  let previous: SimpleCommand | null = null;
  const wordCount = (): number => (words !== null ? words.length : first < 0 ? 0 : end - first);

  // New arrays only after a command took the old ones: a run of operators allocates nothing.
  const finish = (piped: boolean): void => {
    let done: SimpleCommand | null = null;
    if (wordCount() > 0 || redirects.length > 0) {
      const taken = words ?? (first < 0 ? [] : (tokens.slice(first, end) as Word[]));
      done = { words: taken, redirects, previous };
      commands.push(done);
      redirects = NO_REDIRECTS;
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
      if (functionName) {
        functionName = false;
        continue;
      }
      if (wordCount() === 0 && !token.quoted && RESERVED.has(plainText(token))) {
        functionName = plainText(token) === "function";
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
      finish(token.op === "|" || token.op === "|&");
    }
  }
  finish(false);
  return commands;
}
