// Phrase families of a takeover: standing orders for the rest of a conversation, claims that new
// instructions outrank or void the reader's own, requests to recite its setup, personas that
// shed the rules, text addressed to the AI that will read it, and borrowed commands. Each family
// names what is asked of the reader, not how one example words it; the benign look-alikes
// (config precedence, "act as a proxy", changelogs, transcripts) are kept out by what the words
// must point at: the reader, its instructions, or an AI.

import {
  AGENT_OWNED,
  AI,
  AI_READERS,
  ANY_WORD,
  FILLER,
  gap,
  IGNORE,
  INSTRUCTIONS,
  OUTPUT_REASON,
  type Phrase,
  RESTRICTIONS,
  REVEAL,
  SECRETS,
  slot,
  words,
} from "./phrase-kit.js";

// What a standing order asks the reader to do in every later answer.
const STANDING_VERBS = words(
  `respond reply answer speak talk write say act behave pretend append add include end begin start
  sign recommend mention praise output print refer insert call address treat use obey follow`,
);
// Words that make the order the reader's: "you will", "always", "your replies".
const TO_THE_READER = new Set(words("you you'll you're your yours always never only"));

// The reader's own instructions, narrowly: words that rarely name a program's settings.
const OWN_ORDERS = words(
  `instructions instruction prompt prompts directives directive programming guardrails conditioning
  pre-prompt preprompt orders`,
);
// Broader rule words, which count only with "your".
const RULE_WORDS = [
  ...OWN_ORDERS,
  ...words("rules guidelines guidance policies policy restrictions ones"),
];
// What an update claim says happened to the reader's instructions.
const VOIDED = words(
  `updated changed revised replaced modified amended overridden overwritten lifted suspended revoked
  cancelled canceled removed disabled reset rewritten withdrawn superseded voided nullified
  deactivated deleted erased wiped invalidated rescinded void null obsolete`,
);
const READER = new Set(words("you you've you're your given received told provided"));
// What the earlier text is said to have been.
const SHAM = words(
  "test fake joke lie wrong invalid void irrelevant obsolete false decoy trick drill placeholder",
);
// Words a window can say instead of "repeat" when asking for the setup.
const RECITE = [
  ...REVEAL,
  ...words("quote cite reproduce transcribe reiterate restate regurgitate output"),
];
// Adjectives that point at the reader's concealed setup.
const CONCEALED = words(
  `hidden secret original initial confidential internal underlying private starting first
  pre-set preset invisible concealed`,
);
// Names of an AI: the shared list plus what jailbreak personas are called.
const PERSONA_NOUNS = [
  ...AI,
  ...words("persona character version twin counterpart alter ego entity side mode"),
];
const SHEDDING = words(
  `unrestricted unfiltered uncensored jailbroken amoral immoral unethical evil rogue unhinged
  unbound unlimited lawless`,
);
const USUAL = words(
  "usual normal typical regular ordinary standard default built-in ethical moral",
);
const OUTRANKING = words(
  `supersede supersedes override overrides overrule overrules replace replaces trump trumps cancel
  cancels void voids invalidate invalidates nullify nullifies revoke revokes overwrite overwrites`,
);
// What an injected aside tells the reader to say or do in its answer.
const SAY_VERBS = words(
  `say state declare write print output respond reply answer tell insert include claim mention
  recommend append`,
);
// What "ignore the …" points at in tool output: the document or the task at hand.
const MATERIAL = words(
  `question task request query email e-mail message page webpage website site document doc article
  resume cv review file image picture photo summary data input text content prompt post comment
  ticket issue report above`,
);

export const TAKEOVER_PHRASES: readonly Phrase[] = [
  // Standing orders: "for the rest of this chat you will…", "henceforth always…".
  ...[
    [slot("from"), slot("here"), slot("on"), slot("out", { optional: true })],
    [slot("from"), slot("this that"), slot("moment point time"), slot("on onward onwards forward")],
    [slot("starting beginning"), slot("now immediately today")],
    [slot("henceforth hereafter thenceforth")],
  ].map((opener): Phrase => ({
    reason: "it gives the reader standing orders for its later answers",
    slots: [...opener, slot(STANDING_VERBS, { gap: 6, filler: ANY_WORD, needs: TO_THE_READER })],
  })),
  // "For the rest of this chat…" needs the order to name the reader; "in all future replies…"
  // already does.
  ...[
    {
      nouns:
        "conversation chat session dialogue dialog exchange prompts questions requests messages",
      needs: TO_THE_READER,
    },
    { nouns: "responses replies answers outputs", needs: undefined },
  ].map(({ nouns, needs }): Phrase => ({
    reason: "it gives the reader standing orders for its later answers",
    slots: [
      slot("for in during throughout"),
      slot("the all", { optional: true }),
      slot("rest remainder", { optional: true }),
      slot("of", { optional: true }),
      slot("this the our your every each all future subsequent"),
      slot("future subsequent following remaining", { optional: true }),
      slot(nouns),
      slot(
        STANDING_VERBS,
        needs === undefined ? { gap: 4, filler: ANY_WORD } : { gap: 4, filler: ANY_WORD, needs },
      ),
    ],
  })),
  // Claims that the new text outranks the reader's instructions.
  {
    reason: "it claims to outrank the reader's instructions",
    slots: [
      slot("take takes taking have has"),
      slot("precedence priority"),
      slot("over above"),
      slot([...OWN_ORDERS, ...words("told given instructed programmed said taught")], {
        gap: 5,
        filler: ANY_WORD,
        needs: new Set([...AGENT_OWNED, "you", "you've", "you're", "anything", "everything"]),
      }),
    ],
  },
  {
    reason: "it claims to outrank the reader's instructions",
    slots: [
      slot(OUTRANKING),
      slot(OWN_ORDERS, {
        gap: 4,
        filler: FILLER,
        needs: new Set(words("your previous prior earlier above preceding original initial")),
      }),
    ],
  },
  {
    reason: "it claims to outrank the reader's instructions",
    slots: [slot(OUTRANKING), slot("your yours"), slot(RULE_WORDS, gap(3))],
  },
  // Claims that the reader's instructions were changed or voided.
  {
    reason: "it declares the reader's earlier instructions void",
    slots: [
      slot("your"),
      slot(RULE_WORDS, gap(2)),
      slot("have has are were is was"),
      slot("been now", { optional: true }),
      slot("now", { optional: true }),
      slot(VOIDED),
    ],
  },
  {
    reason: "it declares the reader's earlier instructions void",
    slots: [
      slot("the all these those any"),
      slot(RULE_WORDS, gap(2, AGENT_OWNED)),
      slot("have has are were"),
      slot("been now", { optional: true }),
      slot(VOIDED),
    ],
  },
  {
    reason: "it declares the reader's earlier instructions void",
    slots: [
      slot(RULE_WORDS),
      slot("no", { gap: 5, filler: ANY_WORD, needs: READER }),
      slot("longer"),
      slot("apply applies valid matter count hold stand binding relevant exist"),
    ],
  },
  {
    reason: "it declares the reader's earlier instructions void",
    slots: [
      slot("your"),
      slot(RULE_WORDS, gap(2)),
      slot("no"),
      slot("longer"),
      slot("apply applies valid matter count hold stand binding relevant exist"),
    ],
  },
  {
    reason: "it declares the reader's earlier instructions void",
    slots: [
      slot("everything anything all"),
      slot("before above earlier previously prior preceding"),
      slot("is was were", { gap: 3, filler: ANY_WORD }),
      slot("just only merely", { optional: true }),
      slot("a an", { optional: true }),
      slot(SHAM),
    ],
  },
  {
    reason: "it gives the reader a new task or role",
    slots: [
      slot("your"),
      slot("new real true actual"),
      slot("task goal objective role mission purpose job instructions orders prompt"),
      slot("start starts begin begins follow follows come comes"),
    ],
  },
  // Requests to recite the reader's setup.
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot(RECITE),
      slot("out back up", { optional: true }),
      slot([...INSTRUCTIONS, ...SECRETS], gap(8, AGENT_OWNED)),
    ],
    negatable: true,
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("see view read know hear access get learn"),
      slot("your"),
      slot(CONCEALED),
      slot([...INSTRUCTIONS, ...words("message messages setup")], gap(1)),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot(INSTRUCTIONS),
      slot("that which"),
      slot("was were"),
      slot("given provided written fed used"),
      slot("you", { gap: 3, filler: ANY_WORD }),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot(INSTRUCTIONS),
      slot("that which", { optional: true }),
      slot("your the"),
      slot(
        "creators creator developers developer makers maker operator operators owners programmers",
      ),
      slot("gave give wrote set provided"),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot(RECITE),
      slot("out back", { optional: true }),
      slot("the", { optional: true }),
      slot("first last opening"),
      slot("words lines sentences characters paragraphs tokens letters", {
        gap: 2,
        filler: ANY_WORD,
      }),
      slot("of"),
      slot("your the this our", { optional: true }),
      slot("prompt conversation context instructions chat system"),
    ],
  },
  // Personas that shed the rules.
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("play take assume adopt embody become"),
      slot("on", { optional: true }),
      slot("the a an", { optional: true }),
      slot("role persona identity character part"),
      slot("of as", { optional: true }),
      slot([...AI, ...SHEDDING], { gap: 8, filler: ANY_WORD }),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("act acting behave pose respond answer"),
      slot("as like"),
      slot("an a", { optional: true }),
      slot(SHEDDING),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot(PERSONA_NOUNS),
      slot("who which that"),
      slot("ignores breaks disregards bypasses rejects defies violates"),
      slot(RESTRICTIONS, gap(3)),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot(PERSONA_NOUNS.filter((w) => w !== "model" && w !== "mode")),
      slot("with that which who"),
      slot("has have", { optional: true }),
      slot("no zero"),
      slot(RESTRICTIONS, { gap: 2, filler: ANY_WORD }),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("world universe reality scenario society realm dimension"),
      slot("where in"),
      slot("which", { optional: true }),
      slot("no without free", {
        gap: 6,
        filler: ANY_WORD,
        needs: new Set([...AI_READERS, "you"]),
      }),
      slot(RESTRICTIONS, { gap: 2, filler: ANY_WORD }),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("without"),
      slot("any", { optional: true }),
      slot("of", { optional: true }),
      slot("your"),
      slot(USUAL, { optional: true }),
      slot(RESTRICTIONS, gap(2)),
    ],
  },
  {
    reason: "it tells the reader to stop following its instructions",
    slots: [
      slot("not don't dont stop no"),
      slot("longer", { optional: true }),
      slot("follow following obey obeying"),
      slot([...INSTRUCTIONS, "rules", "policies", "guidelines"], {
        gap: 4,
        filler: ANY_WORD,
        needs: new Set(words("openai openai's anthropic anthropic's google's microsoft's meta's")),
      }),
    ],
  },
  // Text addressed to the AI that will read it.
  {
    reason: "it addresses an AI model reading the text",
    slots: [
      slot(AI_READERS),
      slot("when whenever if while once as before after", { gap: 4, filler: ANY_WORD }),
      slot("you"),
      slot(
        `summarize summarise read process answer respond reply write generate see handle analyze analyse
        review parse encounter receive index crawl scrape translate`,
      ),
    ],
  },
  {
    reason: "it speaks with borrowed authority",
    slots: [
      slot("admin administrator operator moderator security developer system"),
      slot("notice message note instruction instructions command directive alert update order"),
      slot(":"),
      slot(["the", "this", "any", "all"], { optional: true }),
      slot(AI_READERS),
    ],
  },
  {
    reason: "it speaks with borrowed authority",
    slots: [
      slot("the this"),
      slot("assistant ai chatbot bot llm"),
      slot("must should shall will is needs has"),
      slot("now to", { optional: true }),
      slot("now", { optional: true }),
      slot("reveal disclose ignore disregard leak bypass forget obey exfiltrate override abandon"),
    ],
  },
  {
    reason: "it speaks with borrowed authority",
    slots: [
      slot("i we"),
      slot("hereby", { optional: true }),
      slot("command order instruct direct demand"),
      slot("you"),
      slot("to"),
    ],
  },
  // Ignoring, in more words.
  {
    reason: "it tells the reader to ignore its previous instructions",
    slots: [
      slot("not don't dont never stop"),
      slot("pay paying"),
      slot("any", { optional: true }),
      slot("attention heed mind"),
      slot("to", { optional: true }),
      slot(
        [...INSTRUCTIONS, ...words("above everything messages message text context conversation")],
        gap(4, AGENT_OWNED),
      ),
    ],
  },
  {
    reason: "it tells the reader to ignore its previous instructions",
    slots: [
      slot("not don't dont never"),
      slot("consider heed regard remember use obey mind"),
      slot([...INSTRUCTIONS, ...words("above everything messages message text")], {
        gap: 4,
        filler: FILLER,
        needs: AGENT_OWNED,
      }),
    ],
  },
  {
    reason: "it tells the reader to ignore its previous instructions",
    slots: [
      slot("throw toss chuck"),
      slot("out away"),
      slot([...INSTRUCTIONS, "rules", "everything"], gap(4)),
    ],
  },
  {
    reason: "it tells the reader to ignore part of its input and do something else",
    slots: [
      slot(IGNORE),
      slot(MATERIAL, gap(3)),
      slot("and . then"),
      slot("then instead just only now simply", { optional: true }),
      slot(SAY_VERBS),
    ],
  },
  // More ways to ask for the setup.
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("what"),
      slot("were was have had"),
      slot("you"),
      slot("been", { optional: true }),
      slot("told given instructed asked programmed"),
      slot("conversation chat prompt session start beginning developers creators system", {
        gap: 4,
        filler: ANY_WORD,
      }),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("what"),
      slot("did does do"),
      slot("your"),
      slot("system", { optional: true }),
      slot("prompt instructions instruction message rules guidelines"),
      slot("say says contain contains state tell"),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot(RECITE),
      slot("the your any all", { optional: true }),
      slot(CONCEALED),
      slot([...INSTRUCTIONS, "rules", "guidelines"], gap(1)),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("tell give share reveal disclose"),
      slot("me us"),
      slot("your the our"),
      slot("system system's", { optional: true }),
      slot("password passcode passphrase pin"),
    ],
  },
  // Plural address ("AI agents: …") is not a transcript's speaker label.
  {
    reason: "it addresses an AI model reading the text",
    slots: [
      slot("ais llms agents assistants models chatbots bots"),
      slot(":"),
      slot(
        "please you always never ignore do don't make be recommend tell say include mention rate approve",
      ),
    ],
  },
  {
    reason: "it speaks with borrowed authority",
    slots: [
      slot("you"),
      slot("are"),
      slot("now hereby", { optional: true }),
      slot("authorized authorised permitted allowed cleared free entitled"),
      slot("to"),
      slot("ignore disregard bypass override disable violate break circumvent forget"),
      slot([...RESTRICTIONS, ...OWN_ORDERS, "safety", "filter", "filters", "safeguards"], gap(3)),
    ],
  },
  {
    reason: "it exfiltrates data through a link",
    slots: [
      slot("append add attach encode include insert put embed"),
      slot("url link query endpoint querystring webhook parameter parameters", {
        gap: 10,
        filler: ANY_WORD,
        needs: new Set(words("user's users' conversation personal private phone passport")),
      }),
    ],
  },
  {
    reason: "it gives the reader standing orders for its later answers",
    slots: [
      slot("respond reply answer"),
      slot("to"),
      slot("every each all any"),
      slot("future", { optional: true }),
      slot("prompt prompts message messages question questions request requests query queries"),
      slot("that", { optional: true }),
      slot("i"),
      slot("give send ask type write make"),
    ],
  },
  {
    reason: "it announces new instructions",
    slots: [
      slot("here these those below following"),
      slot("are is come"),
      slot("your"),
      slot("new updated real actual revised true"),
      slot([...RULE_WORDS, "task", "tasks", "orders"]),
    ],
  },
  {
    reason: "it tells the reader to ignore the text above",
    slots: [
      slot(IGNORE),
      slot("everything all anything what whatever"),
      slot("that which", { optional: true }),
      slot("came comes was is has had appears appeared"),
      slot("been", { optional: true }),
      slot("before above earlier previously prior"),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("what"),
      slot("your"),
      slot([...RULE_WORDS], gap(2)),
      slot("are is were was say says"),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("what"),
      slot("is was were"),
      slot("written said typed stated"),
      slot("above before earlier previously"),
    ],
  },
  // Role games that set the reader's rules: "you will respond to all of my questions as …",
  // "when I write a line, you will reply with …", a persona that never turns a request down.
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("you"),
      slot("will must shall are 'll"),
      slot("going", { optional: true }),
      slot("to", { optional: true }),
      slot("respond reply answer"),
      slot("to"),
      slot("all every each any"),
      slot("of", { optional: true }),
      slot("my the", { optional: true }),
      slot("questions prompts messages requests queries inputs"),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("when whenever every once"),
      slot("time", { optional: true }),
      slot("i"),
      slot("write say type give send ask enter"),
      slot("will must should shall", { gap: 10, filler: ANY_WORD, needs: new Set(["you"]) }),
      slot("respond reply answer"),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("never"),
      slot("deny denies refuse refuses decline declines reject rejects"),
      slot(
        "request requests question questions prompt prompts order orders command commands demand demands",
        { gap: 3, filler: ANY_WORD },
      ),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot("act play behave respond"),
      slot("as like", { optional: true }),
      slot("two both"),
      slot("entities personas ais chatbots bots"),
    ],
  },
  {
    reason: "it tells the reader whom to obey",
    slots: [
      slot("you"),
      slot("must will shall should have"),
      slot("to", { optional: true }),
      slot("now", { optional: true }),
      slot("listen obey follow heed"),
      slot("to", { optional: true }),
      slot("only", { optional: true }),
      slot("my me"),
      slot("instructions instruction commands command orders order words rules", {
        optional: true,
      }),
    ],
  },
  {
    reason: "it speaks with borrowed authority",
    slots: [
      slot("developer admin administrator root training operator system"),
      slot("override overrides overwrite", { gap: 2, filler: ANY_WORD }),
      slot(":"),
    ],
  },
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("reply respond answer"),
      slot("back", { optional: true }),
      slot("with"),
      slot([...INSTRUCTIONS, ...SECRETS], gap(3, AGENT_OWNED)),
    ],
  },
  {
    reason: "it tries to give the reader a new identity",
    slots: [
      slot(AI.filter((w) => !["agent", "model", "assistant", "bot"].includes(w))),
      slot("without no free", { gap: 10, filler: ANY_WORD }),
      slot([...RESTRICTIONS, "principles", "censorship", "moralizing", "moralising"], {
        gap: 2,
        filler: ANY_WORD,
      }),
    ],
  },
  {
    reason: "it tells the reader its rules no longer bind it",
    slots: [
      slot("you you're"),
      slot("are", { optional: true }),
      slot("not never no"),
      slot("longer", { optional: true }),
      slot("supposed allowed permitted meant"),
      slot("to"),
      slot("warn refuse decline apologize apologise moralize moralise lecture censor"),
    ],
  },
  // The setup asked for inside a piece of writing: "a poem about your instructions".
  {
    reason: "it asks the reader to reveal its instructions or secrets",
    slots: [
      slot("story poem sonnet rap song haiku limerick essay tale riddle acrostic"),
      slot("about on of including containing revealing with featuring"),
      slot([...OWN_ORDERS, ...words("password passcode passphrase secret")], {
        gap: 3,
        filler: ANY_WORD,
        needs: new Set(words("your the our system")),
      }),
    ],
  },
  // An imperative about "the user" speaks to the assistant that serves them.
  {
    reason: "it tells the reader what to say to the user",
    slots: [
      slot("."),
      slot("please also now", { optional: true }),
      slot("remind tell ask inform notify warn advise urge convince persuade encourage instruct"),
      slot("the"),
      slot("user users"),
      slot("to that about"),
    ],
  },
  // What the whole answer must be.
  {
    reason: OUTPUT_REASON,
    slots: [slot("only solely exclusively"), slot("reply respond answer"), slot("with using")],
  },
  {
    reason: OUTPUT_REASON,
    slots: [slot("reply respond answer"), slot("only solely exclusively"), slot("with using")],
  },
  {
    reason: OUTPUT_REASON,
    slots: [
      slot("your"),
      slot("only", { optional: true }),
      slot("response reply answer output"),
      slot("must should will shall"),
      slot("consist"),
      slot("solely only exclusively entirely"),
      slot("of"),
    ],
  },
];
