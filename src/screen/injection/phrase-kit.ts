// The parts phrase patterns are built from: the slot type and the word sets the families share.
// A pattern is a list of slots; a slot matches one word from a set, may be optional, or lets a
// bounded run of filler words pass ("ignore ALL OF YOUR PREVIOUS
// instructions"). Matching walks a short window of words, so the cost per window is bounded
// by the window's length times the pattern's size: linear overall, no backtracking blow-up.

export interface WordTest {
  has(word: string): boolean;
}

export interface Slot {
  readonly words: ReadonlySet<string>;
  readonly optional?: boolean;
  /** Up to this many words from `filler` may come before this slot's word. */
  readonly gap?: number;
  readonly filler?: WordTest;
  /** When set, at least one skipped filler word (or the slot's own word) must be from here. */
  readonly needs?: ReadonlySet<string>;
}

export interface Phrase {
  readonly reason: string;
  readonly slots: readonly Slot[];
  /** Not a hit right after "never", "not" or "don't": "never share your password" is advice. */
  readonly negatable?: boolean;
  /** Not a hit when the word right after the match is one of these. */
  readonly unlessNext?: ReadonlySet<string>;
}

/** Words that, just before a negatable phrase, turn a request into a warning against it. */
export const NEGATORS: ReadonlySet<string> = new Set([
  "never",
  "not",
  "don't",
  "dont",
  "nor",
  "cannot",
  "can't",
]);

export const words = (list: string): string[] => list.split(/[ \n]/).filter((w) => w !== "");

/** Words that sit between a verb and its object without changing what is asked. */
export const FILLER = new Set(
  words(`all any of the your my our these those this that previous prior above earlier preceding
  former initial initials original old existing current other system given provided and every
  whatever developer safety security foregoing following below about me us everything anything
  so far in full exact complete entire first last words word text verbatim comprehensive list
  system's parameters additional pre hidden secret real actual now just please kindly back
  50 100 200 hundred few some rest content contents single each one yours instructed set
  internal underlying core base default own entire
  die der den das alle allen aller vorherigen bisherigen obigen deine ihre
  la las los el todas todos tus sus anteriores previas
  le les tes vos toutes tous précédentes precedentes ci-dessus
  il gli tutte tutti tue precedenti sopra
  as os suas anteriores api access private ssh aws env environment
  sve svi sva svih prethodne prethodnih wszystkie wszystkich poprzednie alla semua tüm önceki
  vorige eerdere sie vorhergehende vorhergehenden obige bisherige vorigen diese conversation
  conversations chats evidence information facts context guidance`),
);

// Words that tie a request to the agent's own setup rather than to something in the document.
// Any word at all: for gaps that a sentence end alone may close.
export const ANY_WORD: WordTest = { has: (word: string) => word !== "." };

export const AGENT_OWNED = new Set(
  words(`your yours previous prior above earlier preceding initial initials original system
  system's hidden secret internal underlying pre far so core default`),
);

// English first; the same verbs in German, Spanish, French, Italian and Portuguese follow.
export const IGNORE = words(
  `ignore ignoring disregard disregarding forget forgetting overlook neglect discard abandon skip bypass
  override nevermind dismiss ignoriere ignorieren ignoriert vergiss vergessen ignora ignoren ignorar
  olvida olvide olvidar ignorez ignorer oublie oubliez dimentica dimenticare ignorate esqueça esqueca
  zaboravi zaboravite zignoruj zapomnij negeer vergeet abaikan lupakan ignorera ignoruj ignorujte
  yoksay unut`,
);
export const INSTRUCTIONS = words(
  `instructions instruction directions directives directive prompt prompts rules guidelines programming
  orders guidance constraints restrictions commands context training policies conditioning
  pre-prompt preprompt ruleset guardrails anweisungen anweisung befehle regeln instrucciones
  instrucción reglas órdenes consignes règles istruzioni regole instruções instrucoes regras
  instrukcije instrukcija upute instrukcje polecenia instructies aanwijzingen instruksi perintah
  instruktioner instrukce pokyny talimatları talimatlar aufträge aufgaben tareas tâches compiti`,
);
export const SECRETS = words(
  "password passwords passcode passphrase secret secrets key keys credentials code codes token tokens variables",
);
export const REVEAL = words(
  `repeat print output reveal show display tell give write list summarize summarise translate recite
  dump leak share return format explain convert relay spell provide state disclose expose paste copy
  echo describe rewrite tldr rap sing poem sonnet`,
);
export const AI = words(
  "ai llm chatbot bot assistant agent gpt chatgpt claude gemini copilot model language-model bard bing",
);
export const AI_READERS = words(
  `ai ais llm llms chatbot chatbots bot bots assistant assistants agent agents gpt chatgpt claude
  gemini copilot model models`,
);
// What a jailbreak says the reader is free of.
export const RESTRICTIONS = words(
  `restrictions restriction rules limits limitations filters filter guidelines ethics morals morality
  censorship boundaries constraints policies policy confines safeguards guardrails norms principles`,
);
// Words of the conversation itself, whose contents an exfiltration request sends away.
export const CONVERSATION = new Set(
  words(`conversation conversations chat history transcript context memory ssh cookies cookie
  environment env passwords password credentials secrets user's users' customer's customers'
  personal private confidential passport`),
);
// What "the words above" can be: the agent's own prompt and context.
export const CONTEXT_WORDS = new Set(
  words(`words text lines everything sentences context messages prompt conversation instructions
  initialization initialisation setup configuration config`),
);
// Any token at all, sentence ends included: for gaps a "." or ";" may sit in.
export const ANY_TOKEN: WordTest = { has: () => true };
export const OUTPUT_REASON = "it dictates the reader's entire output";

export function slot(list: string | readonly string[], extra: Omit<Slot, "words"> = {}): Slot {
  return { words: new Set(typeof list === "string" ? words(list) : list), ...extra };
}

export const gap = (n: number, needs?: ReadonlySet<string>): Omit<Slot, "words"> =>
  needs === undefined ? { gap: n, filler: FILLER } : { gap: n, filler: FILLER, needs };

/** Every "first second" of two word lists: the anchors a family gives the scan (see anchors.ts). */
export const pairs = (firsts: readonly string[], seconds: readonly string[]): string[] =>
  firsts.flatMap((first) => seconds.map((second) => `${first} ${second}`));
