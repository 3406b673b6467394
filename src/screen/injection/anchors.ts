// The literals the injection scan looks for, and the automaton that finds them all in one pass.
// An Aho–Corasick automaton over ASCII with case folded and every run of blanks read as one
// space: the cost per character is one table lookup, whatever the number of literals, and no
// input can make it backtrack.

import { confusableFor } from "../text/normalize.js";
import { BINARY_ANCHORS } from "./binary-text.js";
import { ADDRESSED_ANCHORS } from "./phrases-addressed.js";
import { JAILBREAK_ANCHORS } from "./phrases-jailbreak.js";
import { OVERRIDE_ANCHORS } from "./phrases-overrides.js";
import { PRETEXT_ANCHORS } from "./phrases-pretexts.js";

export type AnchorKind =
  "marker" | "phrase" | "shape" | "todo" | "spaced" | "comment" | "turn" | "tag";

export interface Anchor {
  readonly text: string;
  readonly kind: AnchorKind;
  /** The characters on either side must not be letters or digits. */
  readonly word?: boolean;
  /** For a "shape" anchor: the one shape check it opens. */
  readonly shape?: ShapeKind;
}

/** The shape checks of static-scan.ts: each anchor opens only its own. */
export type ShapeKind = "link" | "turn" | "rule" | "pivot" | "split" | "binary";

const marker = (text: string, word = false): Anchor => ({ text, kind: "marker", word });
const phrase = (text: string, word = false): Anchor => ({ text, kind: "phrase", word });
const shape =
  (check: ShapeKind, word: boolean) =>
  (text: string): Anchor => ({ text, kind: "shape", word, shape: check });

function each(prefixes: readonly string[], rests: readonly string[]): string[] {
  return prefixes.flatMap((p) => rests.map((r) => `${p}${r}`));
}

// The families list their anchors independently, so one text may be named twice: it is kept
// once, so the automaton reports each place once.
export const ANCHORS: readonly Anchor[] = withoutRepeats([
  // Pseudo-role tags and chat-template tokens: markers on their own.
  ...each(
    ["<", "</"],
    ["system>", "assistant>", "user>", "information>", "instruction>", "instructions>", "sys>"],
  ).map((t) => marker(t)),
  ...each(["[", "[/"], ["system]", "inst]", "instructions]", "sys]"]).map((t) => marker(t)),
  ...[
    "im_start",
    "im_end",
    "system",
    "user",
    "assistant",
    "endoftext",
    "begin_of_text",
    "start_header_id",
    "end_header_id",
    "eot_id",
  ].map((t) => marker(`<|${t}|>`)),
  marker("<<sys>>"),
  marker("<</sys>>"),
  marker("(system_message)"),
  marker("[pre-prompt]"),
  marker("[preprompt]"),
  marker("[system note"),
  marker("[system message"),
  // "## Instructions" heads a section of many a README: a turn that must give orders, below.
  ...each(["## ", "##"], ["system", "new instruction", "begin new"]).map((t) => marker(t)),
  // Only the modes whose name is the jailbreak: "debug mode", "developer mode" and "maintenance
  // mode" are everyday words of software documentation, and count only as a claim (see
  // phrases-jailbreak.ts) or beside words that shed the rules (phrases.ts).
  ...each(["unrestricted ", "jailbreak ", "jailbroken ", "dan ", "override "], ["mode"]).map((t) =>
    marker(t, true),
  ),
  // "God Mode" is also a Windows control-panel folder and a game cheat: a claim, as below, or a
  // control tag of its own ("<GOD MODE>").
  ...each(["<", "[", "<<", "[["], ["god mode", "god_mode", "godmode"]).map((t) => marker(t)),
  ...["as your creator", "as your creators", "as your maker", "as your programmer"].map((t) =>
    phrase(t),
  ),
  ...["developer mode", "debug mode", "maintenance mode", "admin mode", "sudo mode", "root mode"]
    .concat(["god mode"])
    .concat(["administrator mode"])
    .map((t) => phrase(t, true)),
  ...each(
    ["begin ", "start ", "prefix ", "preface ", "end ", "finish "],
    ["your ", "the "],
  ).flatMap((p) =>
    each([p], ["reply with", "response with", "answer with", "output with", "completion with"]).map(
      (t) => marker(t, true),
    ),
  ),
  ...each(
    ["no ", "nothing "],
    ["other ", "else ", "additional ", "more ", "further ", "extra "],
  ).flatMap((p) =>
    each([p], ["output", "text", "words", "commentary"]).map((t) => marker(t, true)),
  ),
  // Where the phrase patterns should look.
  ...[
    "ignor",
    "disregard",
    // "forget" alone is everyday ("don't forget to…"): only the objects the ignore family uses.
    ...["forget all", "forget your", "forget every", "forget any", "forget the", "forget previous"],
    ...["forget prior", "forget about", "forget what", "forget my", "forget our", "forget these"],
    ...["forget those", "forget earlier", "forget instructions", "forget rules", "forget that"],
    "overlook",
    "neglect",
    "discard",
    "abandon",
    "bypass",
    "overrid",
    "nevermind",
    "dismiss",
    // "say … and nothing more" (phrases.ts needs the order to say something before it).
    "nothing more",
    "regardless",
    "you are now",
    "from now on",
    "instruction",
    ...["your prompt", "system prompt", "prompt so far", "prompt above", "pre-prompt"],
    ...["initial prompt", "preprompt", "original prompt", "previous prompt", "new prompt"],
    ...["hidden prompt", "secret prompt", "prompt:", "prompts", "prompt in"],
    "directive",
    "guideline",
    "your rules",
    "rules above",
    "bound by",
    "restricted by",
    "restricted to",
    "limited by",
    "unfiltered",
    "uncensored",
    "jailbr",
    ...["every time the user", "every time a user", "each time the user", "each time a user"],
    ...["whenever the user", "whenever a user", "if the user says", "if the user asks"],
    ...["whenever someone", "whenever anyone", "every time someone", "every time anyone"],
    ...["each time someone", "anytime someone", "any time someone", "whenever somebody"],
    ...["every time a customer", "whenever a customer", "each time a customer"],
    ...["every time a visitor", "whenever a visitor", "each time a visitor"],
    ...["if the user types", "if the user requests", "if the user mentions", "if the user enters"],
    "only those words",
    "only these words",
    "anything else",
    "anything other",
    "anything more",
    "nothing else",
    "usernames",
    "passwords in",
    "passwords from",
    "correct password",
    "correct passcode",
    "correct access",
    "right password",
    "valid password",
    "password has",
    "password was",
    "your password",
    "your passcode",
    "your passphrase",
    "your secret",
    "secret key",
    "access code",
    "api key",
    "your credentials",
    "what is your",
    "what are your",
    "what was your",
    "what were your",
    "what should you",
    "what would you",
    "what will you",
    "how should you",
    "how would you",
    "tell the user",
    "telling the user",
    "inform the user",
    "notify the user",
    "mention to the user",
    "alert the user",
    "let the user",
    "show the user",
    "reveal to the user",
    "from the user",
    "from the human",
    "task that i",
    "task i gave",
    "tasks that i",
    "before you",
    "after you do",
    "message from me",
    "instructions from me",
    "note from me",
    "stop everything",
    "halt everything",
    "ai model",
    "ai assistant",
    "language model",
    "as an ai",
    "dear ai",
    "hey ai",
    "hi ai",
    "attention ai",
    "you, ai",
    "chatgpt",
    "chatbot",
    "system override",
    "system overwrite",
    "system reset",
    "system note",
    "system message",
    "system instruction",
    "system notice",
    "system alert",
    "anything now",
    // Role-play requests matter only when they shed the rules; anchor on the shedding.
    ...["no restrictions", "without restrictions", "no rules", "without rules", "no limits"],
    ...["without limits", "no limitations", "no filters", "without filters", "no ethics"],
    ...["no morals", "no censorship", "without censorship", "free of"],
    "ignorier",
    "vergiss",
    "olvid",
    "oubli",
    "dimentic",
    "esque",
    ...["not follow", "n't follow", "dont follow", "stop following", "longer follow", "obey"],
    ...["instead of", "is a test", "was a test", "outdated", "your new", "your real"],
    ...["your only", "your developer", "your creator", "your admin", "your owner", "your master"],
    ...[
      "your programmer",
      "from the system",
      "from the admin",
      "from the developer",
      "from openai",
    ],
    ...[
      "from anthropic",
      "by the system",
      "your response",
      "your reply",
      "your answer",
      "your output",
    ],
    ...["say exactly", "print exactly", "output exactly", "write exactly", "respond exactly"],
    ...[
      "environment variable",
      "env var",
      "conversation history",
      "chat history",
      "context window",
    ],
    ...["beginning of", "words above", "text above", "everything above", "you were given"],
    ...[
      "you have been given",
      "you were told",
      "you've been given",
      "in character",
      "break character",
      "breaking character",
      "hypothetical",
    ],
    ...[
      "persona",
      "roleplay",
      "role-play",
      "role play",
      "pretend",
      "immoral",
      "amoral",
      "unethical",
    ],
    ...["unfiltered", "unhinged", "confidant", "grandm", "granny", "grandpa", "no longer"],
    ...["replaced", "freed", "if you are", "if you're", "reading this", "processing this"],
    ...[
      "reading these",
      "processing these",
      "openai",
      "anthropic",
      "authorize you",
      "authorise you",
    ],
    ...["new task", "new objective", "new goal", "new mission", "your task", "your goal"],
    ...["your objective", "your mission", "from this point", "zaborav", "zignoruj", "zapomnij"],
    ...["negeer", "vergeet", "abaikan", "lupakan", "ignorera", "ignoruj", "yoksay", "immerse"],
    ...[
      "exfiltrat",
      "contents of your",
      "conversation",
      "transcript",
      "credentials",
      "cookies",
      "ssh key",
      "private key",
      "chat log",
    ],
    ...["anweisung", "instrucci", "istruzion", "instrukc", "instrukt", "instruks", "aufgabe"],
    ...["your role", "their role", "in character", "previous task", "prior task", "all task"],
    ...["remove all", "delete all", "clear all", "erase all", "clear your", "wipe your"],
    ...["vergessen", "start of this", "start of our", "top of this"],
    ...["cut off", "doesn't care", "does not care", "never refuse", "your behavio"],
    ...["opposite mode", "chaos mode", "evil mode", "unlocked mode", "freedom mode", "unaligned"],
    ...[
      "initiali",
      "from now on you're",
      "broken free",
      "unrestricted mode",
      "unlimited mode",
      "stands for",
    ],
    ...["pay no attention", "paying no attention", "set aside", "put aside", "not an ai"],
    ...[
      "repeat the prompt",
      "reveal the prompt",
      "leak the prompt",
      "dump the prompt",
      "recite the prompt",
    ],
    // Standing orders, precedence and void claims, recitals of the setup.
    ...["from here on", "starting now", "beginning now", "starting immediately", "from that point"],
    ...["from this moment", "henceforth", "hereafter", "thenceforth", "rest of this chat"],
    ...["rest of the chat", "rest of our chat", "rest of this session", "rest of the session"],
    ...["future responses", "future replies", "future answers", "subsequent responses"],
    ...["subsequent replies", "all responses", "every response", "each response", "every reply"],
    ...["each reply", "every answer", "all your responses", "all of your responses"],
    ...["precedence", "priority over", "supersede", "overrule", "trump", "nullif", "invalidat"],
    ...["revoke", "guardrail", "your programming", "your guidelines", "your policies"],
    ...["your policy", "your restrictions", "everything before", "everything prior"],
    ...["everything earlier", "anything before", "of your prompt", "of the prompt", "prompt that"],
    ...["prompt which", "prompt you", "your hidden", "your original", "your initial"],
    ...["your internal", "your underlying", "your confidential", "your private", "your makers"],
    // Personas that shed the rules.
    ...["the role of", "a role of", "take on the", "assume the", "adopt the", "act as a"],
    ...["act like a", "behave as a", "respond as a", "answer as a", "pose as a", "who ignores"],
    ...["which ignores", "that ignores"],
    ...["who breaks", "which breaks", "that breaks", "who bypasses", "that bypasses"],
    ...["no guidelines", "no ethical", "no moral", "no content", "no safety", "no constraints"],
    ...["no boundaries", "no guardrails", "no policies", "no safeguards", "world where"],
    ...["universe where", "reality where", "scenario where", "society where", "world in which"],
    ...["without your", "without any of your"],
    // Borrowed authority and the ignore family in more words.
    ...["admin notice", "admin message", "admin note", "administrator notice", "operator notice"],
    ...["operator message", "moderator note", "security notice", "security alert"],
    ...["developer note", "developer message", "the assistant", "the chatbot", "the llm"],
    ...["command you", "order you to", "instruct you", "demand you", "pay attention"],
    ...["paying attention", "pay any attention", "not consider", "n't consider", "dont consider"],
    ...["not heed", "n't heed", "not regard", "n't regard", "throw out", "throw away"],
    ...["toss out", "toss away", "only reply", "only respond", "only answer", "reply only"],
    ...["respond only", "answer only", "solely", "exclusively with"],
    ...["written before", "written above", "said before", "before this line", "above this line"],
    ...["before this message", "above this message", "you were configured", "you were set up"],
    ...["you were primed", "you were loaded", "you were briefed", "you have been configured"],
    ...["given to you", "used to set", "what were you", "what have you been", "hidden rules"],
    ...["secret rules", "internal rules", "what did your", "what does your", "tell me your"],
    ...["tell me the password", "tell us your", "give me your", "agents:", "ais:"],
    ...["llms:", "assistants:", "models:", "chatbots:", "bots:", "you are authorized"],
    ...["you are authorised", "you are permitted", "you are allowed", "you are cleared"],
    ...["you are free to", "you are now authori", "to this url", "to the url", "to this link"],
    ...["to the link", "to the query", "remind the user", "ask the user", "warn the user"],
    ...["advise the user", "urge the user", "convince the user", "persuade the user"],
    ...["encourage the user", "instruct the user", "came before", "comes before", "what your"],
    ...["is written above", "was written above", "was said before", "any restrictions"],
    ...["any censorship", "any filters", "any limitations", "any ethical", "any moral"],
    ...["you will respond", "you will reply", "you will answer", "you must respond", "never deny"],
    ...["never decline", "never reject", "two entities", "two personas", "two ais", "when i write"],
    ...["when i say", "whenever i say", "whenever i write", "every time i", "once i say"],
    ...[
      "supposed to warn",
      "supposed to refuse",
      "allowed to refuse",
      "allowed to warn",
      "listen to my",
    ],
    ...[
      "obey my",
      "follow my",
      "about your",
      "about the password",
      "about the secret",
      "reply with your",
    ],
    ...["respond with your", "answer with your", "reply back with"],
    ...["every prompt", "each prompt", "all prompts", "every question", "every message"],
    ...["rules have", "rules has", "rules are no", "rules no longer", "rules were"],
    ...each(
      ["hey ", "dear ", "hi ", "attention "],
      ["copilot", "claude", "gemini", "gpt", "assistant"],
    ),
    ...each(["hey ", "dear ", "hi ", "attention "], ["bot", "chatbot", "llm", "bard", "bing"]),
    ...[
      "reply exactly",
      "verbatim",
      "and follow",
      "and execute",
      "and obey",
      "then follow",
      "then execute",
    ],
  ].map((t) => phrase(t)),
  ...["skip", "llm", "the ai", "the bot"].map((t) => phrase(t, true)),
  ...["dev mode", "devmode", "access mode", "precedes", "preceded"].map((t) => phrase(t, true)),
  ...JAILBREAK_ANCHORS.map((t) => phrase(t)),
  ...PRETEXT_ANCHORS.map((t) => phrase(t)),
  ...OVERRIDE_ANCHORS.map((t) => phrase(t)),
  ...ADDRESSED_ANCHORS.map((t) => phrase(t)),
  ...["initialization text", "initialisation text", "your initialization", "your initialisation"]
    .concat(["your pre-prompt", "your preprompt", "is void", "are void", "now void"])
    .concat(["null and void", "is obsolete", "are obsolete", "now obsolete", "new orders"])
    .concat(["never mind", "do what you were", "give you", "gave you", "developer message"])
    .concat(["preamble", "replaced the", "taken offline", "is offline"])
    .map((t) => phrase(t)),
  // Where the shape checks look: exfiltrating links, agreeing turns, standing rules, pivots,
  // pieces to be joined and text to be read backwards.
  ...["](http", "![", "image", "picture", "pixel", "markdown"].map(shape("link", false)),
  ...["assistant:", "assistant :", "ai:", "bot:", "gpt:", "### response", "###response"]
    .concat(["assistant]:", "assistant]]:", "assistant):", "assistant>:"])
    .concat(["i will now", "i'll now"])
    .map(shape("turn", true)),
  ...["going forward", "moving forward", "all future", "every future", "remember this"]
    .concat(["your memory", "permanent instruction", "permanent rule", "standing instruction"])
    .map(shape("rule", true)),
  ...["task is complete", "task complete", "task done", "task is done", "task finished"]
    .concat(["task is finished", "been completed", "been fulfilled", "concludes"])
    .concat(["end of document", "end of the document", "end of text", "now that you"])
    .concat(["job complete", "job done", "job is done", "summary finished", "translation is done"])
    .concat(["done with the", "next task", "real task", "remaining task", "actual task"])
    .map(shape("pivot", true)),
  ...["concatenat", "combine", "join the", "join these", "put together", "assemble", "a+b"]
    .concat(["a + b", "x+y", "x + y", "backward", "reversed", "in reverse", "reverse order"])
    .concat(["execute", "obey", "do what"])
    .map(shape("split", false)),
  ...BINARY_ANCHORS.map(shape("binary", false)),
  { text: "todo:", kind: "todo" },
  // Role labels that open a turn of the prompt's authors, and made-up control tags.
  ...["system:", "system :", "### system", "###system", "### instruction", "###instruction"]
    .concat(["## instruction", "##instruction"])
    .map((text): Anchor => ({ text, kind: "turn" })),
  ...each(["<"], ["system", "admin", "developer", "sys", "root", "operator", "assistant", "ai"])
    .flatMap((t) => [`${t}_`, `${t}-`])
    .map((text): Anchor => ({ text, kind: "tag" })),
  // Markdown's comment idioms hide a line from the rendered page just as "<!--" does.
  ...["<!--", "[//]: #", "[//]: <", "[comment]: #", "[comment]: <", "[_]: #"].map(
    (text): Anchor => ({ text, kind: "comment" }),
  ),
  // Key words written letter by letter ("i g n o r e", "i.g.n.o.r.e"): the first five letters
  // with each separator; the caller squashes the stretch and matches it.
  ...["ignor", "disre", "forge", "instr", "promp", "overr", "previ"].flatMap((word) =>
    [" ", ".", "-", "_", "*", "|", "/", ",", "+", ". ", "- ", ", ", "* ", "_ "].map(
      (separator): Anchor => ({ text: [...word].join(separator), kind: "spaced" }),
    ),
  ),
]);

function withoutRepeats(anchors: readonly Anchor[]): Anchor[] {
  const seen = new Set<string>();
  return anchors.filter((anchor) => {
    const key = `${anchor.kind} ${anchor.word === true ? "w" : "-"} ${anchor.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Character classes: 0 for anything not in a literal, then one per character used.
const CLASS = new Uint8Array(128);
let classCount = 1;
for (const anchor of ANCHORS) {
  for (const ch of anchor.text) {
    const code = ch.charCodeAt(0);
    if (code >= 128) throw new Error(`anchor "${anchor.text}" is not ASCII`);
    if (CLASS[code] === 0) CLASS[code] = classCount++;
  }
}
for (let upper = 65; upper <= 90; upper++) CLASS[upper] = CLASS[upper + 32] as number;
const SPACE = CLASS[32] as number;
for (const blank of [9, 10, 11, 12, 13]) CLASS[blank] = SPACE;

const goto: number[][] = [new Array<number>(classCount).fill(-1)];
const output: number[] = [-1];
for (let id = 0; id < ANCHORS.length; id++) {
  let state = 0;
  for (const ch of (ANCHORS[id] as Anchor).text) {
    const cls = CLASS[ch.charCodeAt(0)] as number;
    const row = goto[state] as number[];
    if (row[cls] === -1) {
      row[cls] = goto.length;
      goto.push(new Array<number>(classCount).fill(-1));
      output.push(-1);
    }
    state = row[cls] as number;
  }
  if (output[state] === -1) output[state] = id;
}

// Transition table indexed by (state offset + class), holding the next state's offset
// (state × classCount), so the scan loop does one addition and one load per character; and,
// per state offset, an anchor ending there or -1.
const STATES = goto.length;
const DELTA = new Int32Array(STATES * classCount);
const OUT = new Int32Array(STATES * classCount).fill(-1);
{
  const next = new Int32Array(STATES * classCount);
  const fail = new Int32Array(STATES);
  const queue: number[] = [];
  const found = new Int32Array(STATES).fill(-1);
  for (let cls = 0; cls < classCount; cls++) {
    const child = (goto[0] as number[])[cls] as number;
    next[cls] = child === -1 ? 0 : child;
    if (child > 0) queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    found[state] =
      output[state] !== -1 ? (output[state] as number) : (found[fail[state] as number] as number);
    for (let cls = 0; cls < classCount; cls++) {
      const child = (goto[state] as number[])[cls] as number;
      if (child === -1) {
        next[state * classCount + cls] = next[(fail[state] as number) * classCount + cls] as number;
      } else {
        fail[child] = next[(fail[state] as number) * classCount + cls] as number;
        next[state * classCount + cls] = child;
        queue.push(child);
      }
    }
  }
  // A blank after a blank stays where it is: runs of blanks read as one space.
  const endsInSpace = new Uint8Array(STATES);
  for (let state = 0; state < STATES; state++) {
    const row = goto[state] as number[];
    const child = row[SPACE] as number;
    if (child > 0) endsInSpace[child] = 1;
  }
  for (let state = 0; state < STATES; state++) {
    if (endsInSpace[state] === 1) next[state * classCount + SPACE] = state;
  }
  // States are renumbered in breadth-first order, so the rows of the shallow states, where the
  // scan spends nearly all its time, sit together at the start of the table and stay in cache.
  const order = new Int32Array(STATES);
  order[0] = 0;
  queue.forEach((state, k) => (order[state] = k + 1));
  // A state where an anchor ends is stored as the bitwise complement of its offset, so the scan
  // loop learns "something ends here" from the sign of the value it already loaded.
  for (let state = 0; state < STATES; state++) {
    const row = (order[state] as number) * classCount;
    for (let cls = 0; cls < classCount; cls++) {
      const target = next[state * classCount + cls] as number;
      const offset = (order[target] as number) * classCount;
      DELTA[row + cls] = (found[target] as number) === -1 ? offset : ~offset;
    }
    OUT[row] = found[state] as number;
  }
}

// Per character below LOOKUP_END: its class in the low byte, its kind (see KIND) above it.
// Letters of other scripts that imitate Latin ones take the Latin letter's class, so a word
// spelled with a Cyrillic "і" still reaches the literal.
const LOOKUP_END = 0x530;
const LOOKUP = new Uint16Array(LOOKUP_END);
export interface AnchorHit {
  readonly anchor: Anchor;
  /** Index just after the last character of the match in the scanned text. */
  readonly end: number;
}

/** Stretches worth a second look that no literal can find. */
export interface Runs {
  /** Where runs of 24 or more base64 characters start, with the index after the 24th. */
  readonly base64: [number, number][];
  /**
   * The text holds characters that NFKC folds onto ASCII, invisible ones, or Unicode tag
   * characters: the caller normalises and scans again, which ordinary text never pays for.
   */
  suspicious: boolean;
  /**
   * Where the text holds letters of Cyrillic, Arabic, Devanagari, kana, CJK or Hangul script:
   * [start, end) stretches, merged when close, at most MAX_RUNS of them (the last one then
   * reaches to the last such letter).
   */
  readonly nonLatin: [number, number][];
}

/** Letters of another script this close to the last stretch extend it. */
const NON_LATIN_MERGE = 80;

const MAX_RUNS = 32;
const BASE64_MIN = 24;
const LETTER = 1 << 8;
const DIGIT = 2 << 8;
const BASE64_SIGN = 4 << 8;
const KIND_MASK = 7 << 8;

for (let code = 0; code < 128; code++) {
  let kind = 0;
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) kind = LETTER;
  else if (code >= 48 && code <= 57) kind = DIGIT;
  else if (code === 43 || code === 47) kind = BASE64_SIGN;
  LOOKUP[code] = kind | (CLASS[code] as number);
}
// A no-break space separates words like a space; a soft hyphen and the combining grapheme
// joiner are invisible and need normalising away.
LOOKUP[0xa0] = SPACE;
const SUSPICIOUS_ENTRY = 0x8000;
const NON_LATIN_ENTRY = 0x4000;
LOOKUP[0xad] = SUSPICIOUS_ENTRY;
LOOKUP[0x34f] = SUSPICIOUS_ENTRY;

/** The lookup entry of a character beyond the table: a space, a suspicious character, or 0. */
function nonLatinEntry(code: number, next: number): number {
  if (isUnicodeSpace(code)) return SPACE;
  if (isSuspicious(code, next)) return SUSPICIOUS_ENTRY;
  return isOtherScript(code) ? NON_LATIN_ENTRY : 0;
}

/** Arabic, Devanagari, kana, CJK ideographs and Hangul: scripts of the other-language check. */
function isOtherScript(code: number): boolean {
  return (
    (code >= 0x600 && code <= 0x6ff) ||
    (code >= 0x900 && code <= 0x97f) ||
    (code >= 0x3040 && code <= 0x30ff) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xac00 && code <= 0xd7af)
  );
}

function isUnicodeSpace(code: number): boolean {
  return (
    (code >= 0x2000 && code <= 0x200a) || code === 0x202f || code === 0x205f || code === 0x3000
  );
}

/**
 * Invisible and formatting characters, compatibility forms NFKC folds onto ASCII (letterlike
 * symbols, enclosed and fullwidth letters, ligatures), and, by their high surrogates, the
 * mathematical alphanumerics, enclosed alphanumeric supplement, tag characters and variation
 * selectors of the supplementary planes.
 */
function isSuspicious(code: number, next: number): boolean {
  if (code < 0x2000)
    return (
      code === 0x61c ||
      code === 0x115f ||
      code === 0x1160 ||
      code === 0x17b4 ||
      code === 0x17b5 ||
      (code >= 0x180b && code <= 0x180f)
    );
  if (code <= 0x24ff)
    return (
      (code >= 0x200b && code <= 0x200f) ||
      (code >= 0x2028 && code <= 0x202e) ||
      (code >= 0x2060 && code <= 0x206f) ||
      code >= 0x2100
    );
  if (code < 0xd800) return code === 0x3164;
  if (code <= 0xdbff)
    return (
      code === 0xd835 || code === 0xdb40 || (code === 0xd83c && next >= 0xdd00 && next <= 0xddff)
    );
  return (
    (code >= 0xfb00 && code <= 0xfb4f) ||
    (code >= 0xfe00 && code <= 0xfe6f) ||
    code === 0xfeff ||
    (code >= 0xff00 && code <= 0xffef)
  );
}
for (let code = 128; code < LOOKUP_END; code++) {
  const latin = confusableFor(String.fromCharCode(code));
  if (latin !== undefined) LOOKUP[code] = CLASS[latin.charCodeAt(0)] as number;
  // Cyrillic: look-alikes keep their Latin class and are marked as another script too.
  if (code >= 0x400) LOOKUP[code] = (LOOKUP[code] as number) | NON_LATIN_ENTRY;
}

// The same entries for every UTF-16 code unit, so the scan reads one table whatever the script:
// text of invisible, tag or other-script characters costs a lookup per character, not a chain
// of range tests. Only the high surrogate of the enclosed alphanumerics depends on the unit
// after it (ENCLOSED_HIGH), and is worked out where it occurs.
const ENCLOSED_HIGH = 0xd83c;
const ENTRY = new Uint16Array(0x10000);
ENTRY.set(LOOKUP);
for (let code = LOOKUP_END; code < ENTRY.length; code++) ENTRY[code] = nonLatinEntry(code, 0);

/**
 * Calls `visit` for each anchor occurrence, left to right, and stops when it returns true. Blank
 * runs count as one space; other non-ASCII characters match nothing. The same pass collects
 * base64 runs and letter-spaced stretches for the caller to decode and squash.
 */
function noteNonLatin(stretches: [number, number][], at: number): void {
  const last = stretches[stretches.length - 1];
  if (last !== undefined && (at - last[1] <= NON_LATIN_MERGE || stretches.length >= MAX_RUNS)) {
    last[1] = at + 1;
  } else stretches.push([at, at + 1]);
}

export function scanAnchors(text: string, visit: (hit: AnchorHit) => boolean): Runs {
  const runs: Runs = { base64: [], suspicious: false, nonLatin: [] };
  let state = 0;
  let base64Run = 0;
  // charCodeAt on the string itself: no copy of the text (a UTF-16 Buffer of a 1 MiB chunk cost
  // more than the scan), and V8 reads one-byte strings without widening them.
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    const entry =
      code === ENCLOSED_HIGH
        ? nonLatinEntry(code, text.charCodeAt(i + 1) | 0)
        : (ENTRY[code] as number);
    let next = DELTA[state + (entry & 0xff)] as number;
    if (next < 0) {
      next = ~next;
      if (visit({ anchor: ANCHORS[OUT[next] as number] as Anchor, end: i + 1 })) return runs;
    }
    state = next;
    // Without a branch on every word boundary: the run grows on base64 characters and drops to
    // zero on anything else; only its 24th character and the rare non-Latin entries branch.
    base64Run = (entry & KIND_MASK) !== 0 ? base64Run + 1 : 0;
    if (base64Run === BASE64_MIN && runs.base64.length < MAX_RUNS) {
      runs.base64.push([i + 1 - BASE64_MIN, i + 1]);
    }
    if (entry >= NON_LATIN_ENTRY) {
      if (entry >= SUSPICIOUS_ENTRY) runs.suspicious = true;
      else noteNonLatin(runs.nonLatin, i);
    }
  }
  return runs;
}
