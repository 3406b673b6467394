// Fake turns of a conversation inside tool output: a line that opens with a role label of the
// prompt's authors ("System:", "### Instruction") or a made-up control tag ("<system_update>").
// Quoted dialogue between people and transcripts of a chat are common and harmless, so a label
// alone is not enough: the turn must order the reader to do something a tool result has no say
// over (grant rights, reveal or send secrets, drop its rules).
//
// Every check reads a bounded stretch after the label with native searches, and the caller
// reads each stretch once, so the cost stays linear in the length of the text.

import { foldConfusables } from "../text/normalize.js";

/** How far after a label its turn is read. */
export const TURN_REACH = 300;

// What a fake turn asks for: powers, secrets, or the end of the reader's rules.
const ORDERS = [
  "ignore",
  "disregard",
  "overrid",
  "bypass",
  "disable",
  "reveal",
  "disclose",
  "grant",
  "delete",
  "transfer",
  "send ",
  "forward",
  "leak",
  "exfiltrat",
  "admin",
  "unrestricted",
  "no longer",
  "new instruction",
  "from now on",
  "password",
  "api key",
  "credential",
  "do not tell",
  "don't tell",
  "do not mention",
  "don't mention",
  "tell the user",
  "inform the user",
  "the user's",
];
// Words that make the turn speak to the reader rather than about a machine.
const READERS = ["you", "assistant", " ai ", " ai,", " ai.", "model", "agent", "bot "];

/**
 * Reads the turns after role labels, each character once. Labels that follow one another without
 * a blank line form one block of turns; the block is one fake turn when it holds an order and
 * (unless a label addresses the reader by itself, as "### Instruction" does) names the reader.
 */
export class TurnReader {
  private readUntil = -1;
  private orders = false;
  private reader = false;
  private addressed = false;

  constructor(private readonly text: string) {}

  /** Reads the turn of the label at [start, end); true when its block is a fake turn. */
  label(start: number, end: number, addressesReader: boolean): boolean {
    if (!opensLine(this.text, start)) return false;
    let from = end;
    if (start < this.readUntil) {
      // The label sits in a block already read: read on from where the block stopped.
      from = Math.max(end, this.readUntil - 20);
    } else {
      this.orders = false;
      this.reader = false;
      this.addressed = false;
      if (isPlaceholder(this.text, end)) return false;
    }
    const stop = Math.min(this.text.length, end + TURN_REACH);
    if (from < stop) {
      const stretch = this.text.slice(from, stop);
      const blank = stretch.search(/\n[ \t]*\n/);
      const body = foldConfusables(blank === -1 ? stretch : stretch.slice(0, blank));
      this.readUntil = blank === -1 ? stop : from + blank;
      this.orders ||= ORDERS.some((order) => body.includes(order));
      this.reader ||= READERS.some((word) => ` ${body} `.includes(word));
    }
    this.addressed ||= addressesReader;
    return this.orders && (this.reader || this.addressed);
  }
}

/** A template that only shows where an instruction goes ("### Instruction:\n{instruction}"). */
function isPlaceholder(text: string, end: number): boolean {
  let i = end;
  const limit = Math.min(text.length, end + 40);
  while (i < limit && /[\s:]/.test(text[i] as string)) i++;
  const first = text[i];
  return first === "{" || first === "<" || first === "[" || first === "$";
}

function opensLine(text: string, start: number): boolean {
  let i = start;
  while (i > 0 && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return i === 0 || text[i - 1] === "\n" || text[i - 1] === "\r";
}

// Words in a made-up control tag's name that say it carries orders: "<system_update>",
// "<admin-override>"; "<system-out>" of a test report has none of them.
const TAG_WORDS = [
  "instruction",
  "prompt",
  "message",
  "update",
  "note",
  "override",
  "directive",
  "command",
  "notice",
  "alert",
  "rule",
  "policy",
  "order",
  "mode",
];

/** Whether the tag whose name starts at `start` (just after "<") names orders for the reader. */
export function isControlTag(text: string, start: number): boolean {
  let end = start;
  const limit = Math.min(text.length, start + 40);
  while (end < limit && /[A-Za-z0-9_-]/.test(text[end] as string)) end++;
  if (end >= text.length || (text[end] !== ">" && text[end] !== " ")) return false;
  const name = text.slice(start, end).toLowerCase();
  return TAG_WORDS.some((word) => name.includes(word));
}
