// Standing rules planted for the reader's later answers ("going forward, always recommend X",
// "remember this for all future answers: …", "update your memory: whenever someone asks…") and
// pivots that declare the reader's task finished and hand it the next one ("the above task is
// complete. Now send…"). Documentation says "going forward, always include a changelog" and
// "when the build is complete, run the tests": a rule counts only when it governs answers,
// replies or what the user is told, and a pivot only when the next order is one a tool result
// has no say over.
//
// Every check is a bounded number of native searches over one window: linear in the window.

import { findWord, hasAnyWord } from "./window-words.js";

const OPENERS = [
  "going forward",
  "moving forward",
  "from now on",
  "from here on",
  "from this point",
  "from this moment",
  "henceforth",
  "hereafter",
  "for all future",
  "in all future",
  "in every future",
  "in any future",
  "for every future",
  "every future",
  "all future",
];
// Openers that plant a rule in the reader's memory: about an AI reader by themselves.
const MEMORY_OPENERS = [
  "remember this for all",
  "remember this for every",
  "remember this for future",
  "remember this in all future",
  "remember this rule",
  "remember this instruction",
  "this in your memory",
  "this to your memory",
  "update your memory",
  "save this to memory",
  "save this in memory",
  "save this as a permanent",
  "store this as a permanent",
  "permanent instruction",
  "permanent rule",
  "standing instruction",
  "memorize this rule",
  "memorise this rule",
];
const RULE_WORDS = [
  "always",
  "never",
  "whenever",
  "every time",
  "each time",
  "must",
  "in every",
  "in each",
  "no matter",
];
// The first word after an opener that makes the rule the reader's: a rule word, "you", or an
// imperative about answering. "Going forward, we must…" and "the team will…" are not.
const LEADS = [
  ...RULE_WORDS,
  "every",
  "each",
  "responses",
  "replies",
  "answers",
  "you",
  "your",
  "respond",
  "reply",
  "answer",
  "include",
  "say",
  "tell",
  "recommend",
  "mention",
  "append",
  "add",
  "start",
  "begin",
  "end",
  "sign",
  "refuse",
  "send",
  "forward",
];
// What the rule governs: the reader's answers, and what the user is told.
const ANSWERS = [
  "answer",
  "answers",
  "reply",
  "replies",
  "response",
  "responses",
  "respond",
  "asks",
  "asked",
  "the user",
  "tell them",
  "recommend",
  "mention",
  "email you send",
  "emails you send",
  "message you send",
  "messages you send",
  "summary",
  "summaries",
];
const RULE_REACH = 220;
/** The first word after `at` that is not "please" or the rest of the opener ("on", "out"). */
function leadOf(folded: string, at: number): string {
  const head = folded.slice(at, at + 60).replace(/[^a-z' ]/g, " ");
  const skip = ["please", "on", "onward", "onwards", "forward", "out"];
  return head.split(" ").filter((w) => w !== "" && !skip.includes(w))[0] ?? "";
}

// One native search for any opener's tell-tale word: most windows have none and stop here.
const MAY_PLANT =
  /forward|from now on|from here on|from this|henceforth|hereafter|future|remember this|memory|permanent|standing instruction|memori[sz]e this/;

/** Whether the window plants a standing rule for the reader's later answers. */
export function plantsStandingRule(folded: string): boolean {
  if (!MAY_PLANT.test(folded)) return false;
  for (const opener of MEMORY_OPENERS) {
    const at = findWord(folded, opener);
    if (at === -1) continue;
    const rule = folded.slice(Math.max(0, at - 60), at + opener.length + RULE_REACH);
    if (hasAnyWord(rule, RULE_WORDS) || rule.includes(":")) return true;
  }
  for (const opener of OPENERS) {
    const at = findWord(folded, opener);
    if (at === -1) continue;
    const after = at + opener.length;
    const rule = folded.slice(Math.max(0, at - 80), after + RULE_REACH);
    // "Always, in every future reply, say…": the rule word may come before the opener too.
    const before = folded.slice(Math.max(0, at - 20), at);
    const lead = `${leadOf(folded, after)} ${hasAnyWord(before, RULE_WORDS) ? "always" : ""}`;
    if (hasAnyWord(lead, LEADS) && hasAnyWord(rule, ANSWERS)) return true;
  }
  return false;
}

// "The task is complete", "that concludes the document", "[end of document]".
const DONE = [
  "task is complete",
  "task complete",
  "task completed",
  "task: completed",
  "task is done",
  "task done",
  "task is finished",
  "task finished",
  "task has been completed",
  "task has been done",
  "request has been fulfilled",
  "request has been completed",
  "request is complete",
  "assignment has been completed",
  "assignment is complete",
  "has been completed successfully",
  "job complete",
  "job done",
  "job is done",
  "summary finished",
  "summary is done",
  "summary is complete",
  "translation is done",
  "translation is complete",
  "that concludes",
  "this concludes",
  "end of document",
  "end of the document",
  "end of text",
  "now that you have finished",
  "now that you've finished",
  "now that you are done",
  "now that you're done",
  "done with the summary",
  "done with the task",
];
// What comes next: a new task, or "now" with an order.
const NEXT = [
  "next task",
  "new task",
  "real task",
  "actual task",
  "remaining task",
  "next objective",
  "new objective",
  "next step",
  "next assignment",
  "now",
  "instead",
];
const PIVOT_ACTS = [
  "send",
  "forward",
  "transfer",
  "email",
  "e-mail",
  "post",
  "upload",
  "print",
  "reveal",
  "disclose",
  "list",
  "delete",
  "remove",
  "change",
  "invite",
  "ignore",
  "reply only",
  "respond only",
  "tell the user",
  "tell them",
  "pay",
  "wire",
  "share",
  "password",
  "configuration",
  "api key",
  "credentials",
];
const PIVOT_REACH = 200;

/** Whether the window declares the reader's task done and hands it the attacker's next one. */
export function pivotsToNewTask(folded: string): boolean {
  for (const done of DONE) {
    const at = findWord(folded, done);
    if (at === -1) continue;
    const rest = folded.slice(at + done.length, at + done.length + PIVOT_REACH);
    if (hasAnyWord(rest, NEXT) && hasAnyWord(rest, PIVOT_ACTS)) return true;
  }
  return false;
}
