// The static tier of the injection screen. One case-insensitive pass over the text finds
// anchors; a few anchors are markers on their own (pseudo-role tags, fake prompt boundaries,
// "begin your reply with"), the rest only say where to look, and a short window of words around
// them is matched against the phrase patterns. Text is normalised first (NFKC, invisible
// characters removed, look-alike letters folded), text hidden in Unicode tag characters and
// base64 blobs is decoded and scanned too, and letter-spaced or punctuated words ("i g n o r e",
// "i.g.n.o.r.e") are squashed before matching.
//
// Every expression below is an alternation of literals with bounded repetition only: no nested
// or adjacent unbounded quantifiers, so the scan is linear in the length of the text.

import { decodeTagCharacters, foldConfusables, stripInvisible } from "../text/normalize.js";
import { decodedStretches } from "../text/html-references.js";
import { isJsWhitespace } from "../text/whitespace.js";
import { scanAnchors, type ShapeKind } from "./anchors.js";
import { isControlTag, TurnReader } from "./fake-turns.js";
import { hasAgreeingTurn } from "./agreeing-turns.js";
import { asksForExfiltratingLink } from "./exfil-links.js";
import { binaryText } from "./binary-text.js";
import { otherScriptInjection } from "./other-scripts.js";
import type { Phrase } from "./phrase-kit.js";
import { matchPhrases, OUTPUT_REASON, wordsOf } from "./phrases.js";
import { joinedPieces, maySplit, reversedStretch } from "./split-payloads.js";
import { pivotsToNewTask, plantsStandingRule } from "./standing-rules.js";

export interface StaticFinding {
  readonly reason: string;
}

const WINDOW_BEFORE = 120;
const WINDOW_AFTER = 200;
const DENSE_WINDOW_AFTER = 2000;
// An anchor in the last TAIL characters of a window opens the next one, which starts HEAD
// characters further back: every anchor gets at least TAIL characters read after it, more than
// a phrase reaches past its anchor, so a phrase whose anchor fell late in one window is read
// whole in the next.
const WINDOW_TAIL = 120;
const WINDOW_HEAD = 40;
// A window that passed over this many anchors was in text dense with them.
const CROWD = 8;
const SQUASH_REACH = WINDOW_BEFORE + WINDOW_AFTER + 80;
// The stretch a shape anchor opens ("![", "assistant:", "task is complete"): wide enough for the
// longest shape check (a URL and the words around it); consecutive stretches overlap by more
// than a check reaches back, so no shape is cut in two.
const SHAPE_BEFORE = 200;
const SHAPE_AFTER = 400;
const SHAPE_OVERLAP = 240;
const DENSE_SHAPE_AFTER = 2400;

// Imperatives that, after a "TODO:" left in a document, ask the reader to act for a third party.
const TODO_VERBS = new Set(
  "send forward transfer email e-mail post share upload pay tell say give change invite concatenate delete wire reply visit".split(
    " ",
  ),
);

// Fake prompt boundaries: a line drawn with repeated punctuation around words about the prompt.
const BANNER = /%{3}|={3}|-{3}|#{3}|\*{3}|~{3}/;
const BANNER_WORDS =
  /instructions|prompt|ruleset|rules section|ambiguity|distractor|ignore below|ignore above/i;

const SPLIT_HINT = /ign|dis|forg|overl|instr|prom/;

// The ignore-family phrases with the spaces taken out, for letter-spaced and split words.
const SQUASHED_VERBS = ["ignore", "disregard", "forget", "overlook"];
const SQUASHED_FILLERS = [
  "all",
  "any",
  "the",
  "your",
  "my",
  "of",
  "previous",
  "prior",
  "above",
  "earlier",
  "preceding",
  "system",
  "everything",
];
const SQUASHED_TARGETS = [
  "instruction",
  "prompt",
  "directive",
  "rules",
  "guideline",
  "above",
  "everything",
  "whatyou",
];

/** A reason when the text contains an injection marker, or null. */
export function findInjectionMarker(content: string): StaticFinding | null {
  const found = findInText(content);
  if (found !== null) return found;
  // Markup escaped as character references ("&lt;system&gt;") is read again as a browser
  // shows it: the stretches around the references, decoded, each read once.
  for (const stretch of decodedStretches(content, DECODED_REACH) ?? []) {
    const decoded = findInText(stretch);
    if (decoded !== null) return decoded;
  }
  return null;
}

// Around each character reference: the widest a window or shape check reads after its anchor
// plus the widest it reads before, so every check whose stretch holds a decoded character is
// read whole in the stretch around it.
const DECODED_REACH =
  Math.max(DENSE_WINDOW_AFTER, DENSE_SHAPE_AFTER) + Math.max(WINDOW_BEFORE, SHAPE_BEFORE);

function findInText(content: string): StaticFinding | null {
  const first = scanText(content);
  if (first.found !== null || !first.suspicious) return first.found;
  // Only text with invisible, compatibility or tag characters pays for normalising.
  // A long run of tag characters settles it before anything is decoded.
  if (hasLongTagRun(content)) return HIDDEN_IN_TAGS;
  const hidden = decodeTagCharacters(content);
  if (hidden.length >= 12 && hidden.includes(" ")) return HIDDEN_IN_TAGS;
  const normalised = scanText(stripInvisible(content.normalize("NFKC")));
  if (normalised.found !== null || hidden.length === 0) return normalised.found;
  return scanText(hidden).found;
}

// An emoji tag sequence (a subdivision flag) holds at most a handful of tag characters before its
// cancel tag; a run this long without one is a hidden message, spaces or not.
const LONG_TAG_RUN = 16;

const HIDDEN_IN_TAGS: StaticFinding = Object.freeze({
  reason: "content hides text in invisible Unicode tag characters",
});

/** Whether LONG_TAG_RUN consecutive tag characters U+E0020–U+E007E occur in the text. */
function hasLongTagRun(text: string): boolean {
  let run = 0;
  for (let i = text.indexOf("\udb40"); i !== -1 && i + 1 < text.length; i++) {
    const low = text.charCodeAt(i + 1);
    if (text.charCodeAt(i) === 0xdb40 && low >= 0xdc20 && low <= 0xdc7e) {
      run++;
      i++;
      if (run >= LONG_TAG_RUN) return true;
    } else run = 0;
  }
  return false;
}

function scanText(text: string): { found: StaticFinding | null; suspicious: boolean } {
  let found: StaticFinding | null = null;
  let coveredUntil = -1;
  let skippedAnchors = 0;
  let commentsReadUntil = -1;
  let shapesReadUntil = -1;
  const turns = new TurnReader(text);
  const readings = new WindowReadings();
  const runs = scanAnchors(text, ({ anchor, end }) => {
    const start = startOf(text, end, anchor.text);
    if (anchor.word === true && (isWordCodeAt(text, start - 1) || isWordCodeAt(text, end)))
      return false;
    switch (anchor.kind) {
      case "marker":
        found = { reason: "content contains a known injection marker" };
        return true;
      case "comment":
        // Comments are read once per stretch: "<!--" inside a comment already read is skipped.
        if (start < commentsReadUntil) return false;
        commentsReadUntil = start + 404;
        if (commentAddressesAI(text, start))
          found = { reason: "content contains a hidden comment addressed to an AI model" };
        return found !== null;
      case "turn":
        // "### Instruction" speaks to the reader by itself; "System:" must name it.
        if (turns.label(start, end, anchor.text.includes("instruction")))
          found = { reason: "content contains a fake conversation turn that gives orders" };
        return found !== null;
      case "tag":
        if (isControlTag(text, start + 1))
          found = { reason: "content contains a made-up control tag" };
        return found !== null;
      case "todo":
        if (todoAddressedToReader(text, start))
          found = { reason: "content leaves a task for the reader to carry out" };
        return found !== null;
      case "spaced":
        if (squashedInjection(squash(foldConfusables(spacedRun(text, start))))) {
          found = { reason: "content contains a known injection marker (letter-spaced)" };
        }
        return found !== null;
      case "shape":
        // Read once per stretch, like comments: an anchor inside a stretch already read is skipped.
        if (end <= shapesReadUntil) return false;
        {
          // Where shape anchors crowd (this one falls just past the last stretch), the stretch
          // grows, so text dense with them is read in a few long stretches, not many short ones.
          const crowded = end - shapesReadUntil < SHAPE_AFTER;
          const reach = crowded ? DENSE_SHAPE_AFTER : SHAPE_AFTER;
          const from = Math.max(0, start - SHAPE_BEFORE, shapesReadUntil - SHAPE_OVERLAP);
          const original = text.slice(from, Math.min(text.length, end + reach));
          shapesReadUntil = Math.min(text.length, end + reach) - SHAPE_OVERLAP;
          const check = anchor.shape ?? "rule";
          if (check === "split" && !maySplit(original)) return false;
          // Binary groups are digits: only the other checks read the folded text.
          const folded = check === "binary" ? original : foldConfusables(original);
          found = shapeInWindow(check, original, folded);
        }
        return found !== null;
      case "phrase": {
        // Look at the words around the anchor, once per stretch of text.
        if (end <= coveredUntil) {
          skippedAnchors++;
          return false;
        }
        // Windows tile the text: each starts where the last one's reliable part ended, so a
        // text full of anchors is read about once, not once per anchor.
        // Where anchors crowd (this one falls right after the last window, or the last window
        // passed over several), the window grows, so text dense with anchors is read in a few
        // long windows rather than many short ones. An anchor in the last window's tail alone
        // only re-reads a phrase cut off there, in a short window.
        const pastWindow = end - (coveredUntil + WINDOW_TAIL);
        const crowded =
          skippedAnchors >= CROWD ||
          (pastWindow > -WINDOW_HEAD && pastWindow < WINDOW_BEFORE - WINDOW_HEAD);
        const reach = crowded ? DENSE_WINDOW_AFTER : WINDOW_AFTER;
        skippedAnchors = 0;
        found = checkWindow(text, readings, {
          from: Math.max(start - WINDOW_BEFORE, coveredUntil - WINDOW_HEAD),
          to: end + reach,
          anchorStart: start,
          anchorEnd: end,
        });
        coveredUntil = Math.min(text.length, end + reach) - WINDOW_TAIL;
        return found !== null;
      }
    }
  });
  const suspicious = runs.suspicious;
  if (found !== null) return { found, suspicious };
  if (runs.nonLatin.length > 0 && otherScriptInjection(text, runs.nonLatin)) {
    return {
      found: { reason: "content contains a known injection marker (in another script)" },
      suspicious,
    };
  }
  return { found: runs.base64.length > 0 ? scanBase64(text, runs.base64) : null, suspicious };
}

interface WindowAt {
  /** Where the window of words starts and ends. */
  readonly from: number;
  readonly to: number;
  /** Where the anchor that opened it starts and ends. */
  readonly anchorStart: number;
  readonly anchorEnd: number;
}

function checkWindow(text: string, readings: WindowReadings, at: WindowAt): StaticFinding | null {
  const original = text.slice(Math.max(0, at.from), Math.min(text.length, at.to));
  const reading = readings.of(original);
  let match = reading.phrase;
  // "I want you to act as a terminal… reply with the output and nothing else" is a user's own
  // role request, not a hijack: there, how the output looks is the request itself.
  if (match?.reason === OUTPUT_REASON && asksForARole(text, at.anchorEnd)) {
    match = reading.phraseBesidesOutput();
  }
  if (match !== null)
    return { reason: `content contains a known injection marker: ${match.reason}` };
  if (reading.splitWords()) {
    return { reason: "content contains a known injection marker (split words)" };
  }
  // A fake prompt boundary: the anchor's line is drawn with repeated punctuation. Only 80
  // characters either side are read, so a text without newlines costs no more than any other.
  const from = Math.max(0, at.anchorStart - 80);
  const around = text.slice(from, Math.min(text.length, at.anchorEnd + 80));
  const before = around.lastIndexOf("\n", at.anchorStart - from);
  const after = around.indexOf("\n", at.anchorEnd - from);
  const line = around.slice(before + 1, after === -1 ? around.length : after);
  if (BANNER.test(line) && BANNER_WORDS.test(line)) {
    return { reason: "content contains a known injection marker: a fake prompt boundary" };
  }
  // Standing rules are also opened by phrase anchors ("from now on", "henceforth").
  return reading.standingRule();
}

/**
 * What a window's own text says, worked out at most once per distinct window text in one scan.
 * In text that repeats itself (a phrase anchor every few characters, the same few words over and
 * over) the tiled windows are mostly the same strings: each is read once and looked up after.
 * Everything here depends on the window's text alone; what depends on the text around the
 * window (the role request before it, the anchor's line) is checked by the caller every time.
 */
class WindowReading {
  readonly phrase: Phrase | null;
  private readonly window: string;
  private besidesOutput: Phrase | null | undefined;
  private split: boolean | undefined;
  private rule: StaticFinding | null | undefined;

  constructor(private readonly original: string) {
    this.window = foldConfusables(original);
    this.phrase = matchPhrases(wordsOf(this.window));
  }

  /** The first phrase other than one that dictates the whole output. */
  phraseBesidesOutput(): Phrase | null {
    if (this.besidesOutput === undefined)
      this.besidesOutput = matchPhrases(wordsOf(this.window), { skipOutput: true });
    return this.besidesOutput;
  }

  /** The ignore family spelled with split words ("ig nore", "instruc-tions") near the anchor. */
  splitWords(): boolean {
    if (this.split === undefined) {
      // Split words are looked for near the anchor only: a window stretched over anchor-dense
      // text would otherwise squash and search far more than it reads.
      const window = this.window;
      const near = window.length > SQUASH_REACH ? window.slice(0, SQUASH_REACH) : window;
      this.split = SPLIT_HINT.test(near) && squashedInjection(squash(near));
    }
    return this.split;
  }

  standingRule(): StaticFinding | null {
    if (this.rule === undefined) this.rule = shapeInWindow("rule", this.original, this.window);
    return this.rule;
  }
}

// Distinct windows remembered per scan; past this the memory starts again, so a text whose
// windows never repeat costs a bounded amount of memory and one lookup per window.
const MAX_READINGS = 64;

class WindowReadings {
  private readonly byText = new Map<string, WindowReading>();

  of(original: string): WindowReading {
    let reading = this.byText.get(original);
    if (reading === undefined) {
      if (this.byText.size >= MAX_READINGS) this.byText.clear();
      reading = new WindowReading(original);
      this.byText.set(original, reading);
    }
    return reading;
  }
}

/** The family `check` matched on the window's shape rather than on a run of words. */
function shapeInWindow(check: ShapeKind, original: string, folded: string): StaticFinding | null {
  switch (check) {
    case "link":
      return asksForExfiltratingLink(original, folded)
        ? { reason: "content asks for a link or image that carries the conversation away" }
        : null;
    case "turn":
      return hasAgreeingTurn(folded)
        ? { reason: "content contains a fake assistant turn that agrees to an order" }
        : null;
    case "rule":
      return plantsStandingRule(folded)
        ? { reason: "content plants a standing rule for the reader's later answers" }
        : null;
    case "pivot":
      return pivotsToNewTask(folded)
        ? { reason: "content declares the reader's task done and hands it a new one" }
        : null;
    case "split":
      return reassembledInjection(folded);
    case "binary":
      return hidesInBinary(original)
        ? { reason: "content hides an instruction in binary digits" }
        : null;
  }
}

// The last decoded binary text and its verdict: text that repeats itself decodes to the same
// string stretch after stretch, and is scanned once.
let lastBinary = "";
let lastBinaryVerdict = false;

/** Whether the stretch's binary groups spell an injection. */
function hidesInBinary(original: string): boolean {
  // The decoded text is a ninth of the stretch: decoding it again ends quickly.
  const hidden = binaryText(original);
  if (hidden === null) return false;
  if (hidden !== lastBinary) {
    lastBinaryVerdict = findInjectionMarker(hidden) !== null || squashedInjection(squash(hidden));
    lastBinary = hidden;
  }
  return lastBinaryVerdict;
}

/**
 * Pieces to be joined, or text to be read backwards, scanned once as text of their own: never
 * again inside that text, so a stretch that reverses to itself cannot loop.
 */
function reassembledInjection(folded: string): StaticFinding | null {
  if (reassembling) return null;
  const hidden = joinedPieces(folded) ?? reversedStretch(folded);
  if (hidden === null) return null;
  reassembling = true;
  try {
    if (findInjectionMarker(hidden) !== null || squashedInjection(squash(hidden)))
      return { reason: "content splits an instruction into pieces for the reader to put together" };
  } finally {
    reassembling = false;
  }
  return null;
}

// Set while pieces or a reversed stretch are being scanned.
let reassembling = false;

/**
 * "I want you to act as a…" shortly before the phrase: the text is a role request of the user's
 * own, wherever it sits in a document.
 */
function asksForARole(text: string, before: number): boolean {
  const head = text.slice(Math.max(0, before - 600), before).toLowerCase();
  return (
    head.includes("want you to act as") ||
    head.includes("want you act as") ||
    head.includes("act as a")
  );
}

// An HTML comment, or a Markdown link definition used as one ("[//]: # (…)"), is invisible on
// the page: one that talks to an AI model and asks something of it is aimed at the agent
// reading the source, not at the people reading the page.
const COMMENT_AI = /\b(?:ai|assistant|agent|model|llm|chatbot|gpt|claude|copilot|bot)\b/;
const COMMENT_ASKS =
  /\b(?:you|your|please|must|should|ignore|instead|tell|recommend|send|always|never|reply|respond|say|do|don't|output|print)\b/;
// "do not edit", "please don't modify": a maintainer's note on a generated file ("generated by
// the release bot; do not edit") asks nothing of a reader by itself, so it is blanked before the
// asking words are looked for. Anything else the comment asks still counts.
const MAINTAINER_NOTE =
  /\b(?:please\s+do\s+not|please\s+don't|do\s+not|don't|dont)\s+(?:edit|modify|change|remove|delete|touch|update)\b/g;

function commentAddressesAI(text: string, start: number): boolean {
  // Only the first 400 characters of a comment are read, so a text of nothing but "<!--" costs
  // a bounded amount per comment.
  const head = text.slice(start + 4, start + 404);
  // A Markdown comment ends with its line, and counts only when it opens by addressing an AI
  // ("[//]: # (Assistant: …)"): Markdown files are full of notes for bots and maintainers.
  const markdown = text.charCodeAt(start) === 91;
  const close = head.indexOf(markdown ? "\n" : "-->");
  const body = foldConfusables(close === -1 ? head : head.slice(0, close));
  if (markdown && !opensByAddressingAI(body.slice(body.indexOf("#") + 1))) return false;
  return COMMENT_AI.test(body) && COMMENT_ASKS.test(body.replace(MAINTAINER_NOTE, " "));
}

const GREETINGS = ["note to ", "note for ", "dear ", "hey ", "hi ", "attention ", "to "];
const DETERMINERS = ["the ", "any ", "all ", "every "];
const AI_NOUNS = ["ai", "assistant", "agent", "model", "llm", "chatbot", "gpt", "claude", "bot"];
const AFTER_ADDRESS = [":", ",", " should", " must", " need to", " are required", " have to"];

/** Whether a lower-cased body opens with a greeting to an AI: "(assistant: …", "ai agents must". */
function opensByAddressingAI(body: string): boolean {
  let i = 0;
  while (i < body.length && i < 8 && (body[i] === " " || body[i] === "(" || body[i] === "<")) i++;
  const skip = (words: readonly string[]): void => {
    const word = words.find((w) => body.startsWith(w, i));
    if (word !== undefined) i += word.length;
  };
  skip(GREETINGS);
  skip(DETERMINERS);
  skip(["ai ", "llm "]);
  const noun = AI_NOUNS.find((w) => body.startsWith(w, i));
  if (noun === undefined) return false;
  i += noun.length;
  if (body[i] === "s") i++;
  return AFTER_ADDRESS.some((w) => body.startsWith(w, i));
}

/** Whether the character at `i` is an ASCII letter or digit (false outside the text). */
function isWordCodeAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

/** Where a match of `literal` ending at `end` starts, given that blank runs matched one space. */
function startOf(text: string, end: number, literal: string): number {
  let i = end;
  for (let k = literal.length - 1; k >= 0; k--) {
    if (literal[k] === " ") {
      while (i > 0 && isJsWhitespace(text.charCodeAt(i - 1))) i--;
    } else {
      i--;
    }
  }
  return Math.max(0, i);
}

function todoAddressedToReader(text: string, at: number): boolean {
  if (text.slice(at, at + 5) !== "TODO:") return false;
  let i = at + 5;
  while (i < text.length && (text[i] === " " || text[i] === "\t")) i++;
  let word = "";
  while (i < text.length && /[A-Za-z-]/.test(text[i] as string) && word.length < 16)
    word += text[i++];
  if (word.length === 0 || word[0] !== (word[0] as string).toUpperCase()) return false;
  return TODO_VERBS.has(word.toLowerCase()) || sendsToAnAddress(text, i);
}

// A task that ends by mailing something to an address ("… and send it to me@x.example") is
// for the reader whatever verb it starts with. Only the rest of the line, up to 300 characters.
const SEND_WORDS = ["send", "email", "e-mail", "forward", "mail it", "post it", "upload"];

function sendsToAnAddress(text: string, from: number): boolean {
  const stretch = text.slice(from, Math.min(text.length, from + 300));
  const newline = stretch.indexOf("\n");
  const line = (newline === -1 ? stretch : stretch.slice(0, newline)).toLowerCase();
  const at = line.indexOf("@");
  return (
    at > 0 &&
    isWordCodeAt(line, at - 1) &&
    isWordCodeAt(line, at + 1) &&
    SEND_WORDS.some((word) => line.includes(word))
  );
}

/** The letter-spaced stretch starting at `at`, up to 400 characters. */
function spacedRun(text: string, at: number): string {
  let end = at;
  const limit = Math.min(text.length, at + 400);
  while (end < limit) {
    const c = text[end] as string;
    if (!/[A-Za-z\s.\-_*|/,+]/.test(c)) break;
    end++;
  }
  return text.slice(at, end);
}

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

function squashedInjection(squashed: string): boolean {
  for (const verb of SQUASHED_VERBS) {
    let from = squashed.indexOf(verb);
    while (from !== -1) {
      let rest = from + verb.length;
      for (let taken = 0; taken < 4; taken++) {
        const filler = SQUASHED_FILLERS.find((f) => squashed.startsWith(f, rest));
        if (filler === undefined) break;
        rest += filler.length;
      }
      if (rest > from + verb.length || verb !== "forget") {
        if (SQUASHED_TARGETS.some((target) => squashed.startsWith(target, rest))) return true;
      }
      from = squashed.indexOf(verb, from + 1);
    }
  }
  return false;
}

// Base64 runs long enough to carry a sentence. Decoding is bounded in count and size.
const MAX_BLOB_CHARS = 65_536;
const HEX_RUN = /^[0-9a-fA-F]+$/;

function scanBase64(
  text: string,
  runs: readonly (readonly [number, number])[],
): StaticFinding | null {
  for (const [start] of runs) {
    let end = start;
    const limit = Math.min(text.length, start + MAX_BLOB_CHARS);
    while (end < limit && isBase64Char(text.charCodeAt(end))) end++;
    while (end < limit && end - start < MAX_BLOB_CHARS && text[end] === "=") end++;
    const blob = text.slice(start, end);
    // A run of hex digits is base64 too; it is read as hex when it is hex.
    const encoding = HEX_RUN.test(blob) && blob.length % 2 === 0 ? "hex" : "base64";
    const decoded = Buffer.from(blob, encoding).toString("latin1");
    if (!mostlyText(decoded)) continue;
    const found = findInjectionMarker(decoded);
    if (found !== null) return { reason: `${found.reason} (base64-encoded)` };
  }
  return null;
}

function isBase64Char(code: number): boolean {
  return (
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 47
  );
}

function mostlyText(decoded: string): boolean {
  if (decoded.length < 12) return false;
  let printable = 0;
  for (let i = 0; i < decoded.length; i++) {
    const code = decoded.charCodeAt(i);
    if ((code >= 32 && code < 127) || code === 10 || code === 13 || code === 9) printable++;
  }
  return printable / decoded.length >= 0.9;
}
