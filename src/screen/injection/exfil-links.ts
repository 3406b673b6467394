// Exfiltration through a link or an image: text that asks the reader to render a Markdown image
// or show a link whose URL it must fill with the conversation, the user's data or a secret.
// When the reader's answer is displayed, the client fetches the URL and the data leaves with it.
// Markdown images and links are everywhere in documentation, so a URL alone is no hit: its
// query must hold a slot left for the reader to fill (empty, "{…}", "<…>", "$VAR", "%VAR%",
// "...", an upper-case name), and the words around it must name data of the conversation and
// how it is shown.
//
// Each check reads one window of bounded length with native searches: linear in the window.

import { hasAnyWord } from "./window-words.js";

const MAX_URLS = 32;
const URL_REACH = 300;
const SLOT_REACH = 60;
const NEAR = 160;

// What the slot is for: the conversation, the user's data, the reader's secrets.
const DATA_WORDS = [
  "conversation",
  "chat",
  "history",
  "transcript",
  "messages",
  "message",
  "user's",
  "users'",
  "the user",
  "user",
  "secret",
  "password",
  "credential",
  "credentials",
  "api key",
  "private",
  "personal",
  "summary",
  "memory",
  "context",
  "address",
  "typed",
  "previous",
  "earlier",
];
// How the reader is told to fill the slot.
const FILL_WORDS = [
  "replace",
  "replacing",
  "fill",
  "filling",
  "filled",
  "substitute",
  "append",
  "appended",
  "appending",
  "followed by",
  "put the",
  "insert the",
  "encoded",
  "url-encoded",
  "with the contents",
  "where",
];
// How it reaches the screen: an image, a link, Markdown.
const SHOWN_AS = ["![", "](", "image", "picture", "pixel", "markdown", "img", "badge", "link"];
const URL_END = " \t\r\n)\"'`]";
const SLOT_START = "{<[%$";
const SLOT_CLOSE: Readonly<Record<string, string>> = { "{": "}", "<": ">", "[": "]" };

interface Slotted {
  /** Where the URL ends in the window. */
  readonly end: number;
  /** The text of the first slot: "{conversation}", "SUMMARY_OF_CHAT", "" for an empty one. */
  readonly slot: string;
}

/** The text of the slot when a query value is one left for the reader to fill, or null. */
function slotOf(original: string, valueAt: number, value: string): string | null {
  if (value === "" || value === "..." || value === "…") return value;
  const first = value[0] as string;
  if (SLOT_START.includes(first)) {
    // "<the user's last message>" holds blanks: read on to the closing bracket.
    const close = SLOT_CLOSE[first];
    const stretch = original.slice(valueAt, valueAt + SLOT_REACH);
    const end = close === undefined ? -1 : stretch.indexOf(close);
    return end === -1 ? value : stretch.slice(0, end + 1);
  }
  // SUMMARY_OF_CHAT, NAME: a name in capitals stands for what goes there.
  return value.length >= 3 && /^[A-Z][A-Z_]+$/.test(value) ? value : null;
}

/** The first slot in the query of the URL starting at `at` (its "http"), or null. */
function slottedUrl(original: string, at: number): Slotted | null {
  const limit = Math.min(original.length, at + URL_REACH);
  let end = at;
  while (end < limit && !URL_END.includes(original[end] as string)) end++;
  const url = original.slice(at, end);
  const query = url.indexOf("?");
  if (query === -1) return null;
  let offset = at + query + 1;
  for (const pair of url.slice(query + 1).split("&")) {
    const eq = pair.indexOf("=");
    const slot = eq > 0 ? slotOf(original, offset + eq + 1, pair.slice(eq + 1)) : null;
    if (slot !== null) return { end, slot };
    offset += pair.length + 1;
  }
  return null;
}

/**
 * Whether the window asks for a link or image whose URL carries the conversation's data: the
 * slot names the data ("{conversation}", "$HISTORY"), or the words around the URL say to fill it
 * with the data ("… and put the previous messages after x=").
 * `original` is the window as written (case kept, for the upper-case slot names); `folded` is
 * the same window lower-cased with look-alike letters folded (positions nearly aligned).
 */
export function asksForExfiltratingLink(original: string, folded: string): boolean {
  if (!folded.includes("http") || !original.includes("?")) return false;
  if (!SHOWN_AS.some((w) => folded.includes(w))) return false;
  // Every hit below names data of the conversation somewhere in the window: look once.
  if (!hasAnyWord(folded, DATA_WORDS)) return false;
  let at = original.indexOf("http");
  for (let n = 0; at !== -1 && n < MAX_URLS; n++) {
    const found = /^https?:\/\//i.test(original.slice(at, at + 8))
      ? slottedUrl(original, at)
      : null;
    if (found !== null) {
      const slot = found.slot.toLowerCase().replace(/_/g, " ");
      if (hasAnyWord(slot, DATA_WORDS)) return true;
      const near = folded.slice(Math.max(0, at - NEAR), found.end + NEAR);
      if (hasAnyWord(near, FILL_WORDS) && hasAnyWord(near, DATA_WORDS)) return true;
    }
    at = original.indexOf("http", at + 4);
  }
  return false;
}
