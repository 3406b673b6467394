// From tokens to simple commands: the argv a program would receive, its redirections, and the
// command piping into it. Lists (`;`, `&&`, `||`, `&`, newlines), subshells and braces only
// separate commands here; what matters for screening is every program that would run.

import type { Redirect, Script, Word } from "./lexer.js";
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
  let words: Word[] = [];
  let redirects: Redirect[] = NO_REDIRECTS;
  let previous: SimpleCommand | null = null;

  // New arrays only after a command took the old ones: a run of operators allocates nothing.
  const finish = (piped: boolean): void => {
    let done: SimpleCommand | null = null;
    if (words.length > 0 || redirects.length > 0) {
      done = { words, redirects, previous };
      commands.push(done);
      words = [];
      redirects = NO_REDIRECTS;
    }
    previous = piped ? done : null;
  };

  // `function NAME { …; }`: the name is not a command; the body's commands follow.
  let functionName = false;
  for (const token of script.tokens) {
    if (token.kind === "word") {
      if (functionName) {
        functionName = false;
        continue;
      }
      if (words.length === 0 && !token.quoted && RESERVED.has(plainText(token))) {
        functionName = plainText(token) === "function";
        continue;
      }
      words.push(token);
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
