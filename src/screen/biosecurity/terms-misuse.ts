// The word lists of relevance-misuse.ts. Patterns are whole words; a trailing * matches any word
// with that prefix. Very common words ("no", "so", "put") are left out: every word of a list is
// kept by each scan, and so common a word would slow the scan of ordinary text.
import { PLAIN_GERMS } from "./terms-core.js";

// Living agents named by kind rather than by name.
export const ORGANISM_KINDS = [
  "germ",
  "germs",
  "microb*",
  "bacteri*",
  "bacterium",
  "pathogen*",
  "organism*",
  "spore*",
  "virus",
  "viruses",
];
export const AGENT_KINDS = [
  ["infectious", "agent*"],
  ["disease", "agent*"],
  ["biological", "agent*"],
  ["select", "agent*"],
];
// What the agent is for. Terror and mass harm say it by themselves; sickness on purpose only
// when asked for ("deliberately inoculated volunteers" is a challenge study).
export const TERROR = ["terroris*", "bioattack*", "biowarfare"];
export const TERROR_PHRASES = [
  ["mass", "harm"],
  ["biological", "attack*"],
  ["biological", "warfare"],
  ["whole", "town"],
  ["whole", "city"],
  ["whole", "village"],
  ["entire", "town"],
  ["entire", "city"],
  ["in", "a", "crowd"],
];
// Germs by lay words: a disease when asked for, a bug when it is to be grown.
export const DISEASE_WORDS = ["disease", "diseases", "illness", "illnesses"];
export const BUG_WORDS = ["bug", "bugs"];
export const BEST = ["best", "ideal", "ideally", "suited", "suitable"];
export const ON_PURPOSE = ["sicken", "sickening", "deliberately", "intentionally", "purposely"];
export const ON_PURPOSE_PHRASES = [
  ["on", "purpose"],
  ["people", "sick"],
  ["everyone", "sick"],
  ["everybody", "sick"],
];
// Asking for a list or a ranking, beyond the asking words the other shapes share.
export const LIST_ASKS = ["name", "enumerate", "rank*", "ranking", "give"];
// "The deadliest microbes someone could culture": the worst of them, to be grown.
export const WORST = ["deadliest", "nastiest"];
export const WORST_PHRASES = [
  ["most", "lethal"],
  ["most", "deadly"],
  ["most", "dangerous"],
  ["most", "deaths"],
  ["most", "casualties"],
  ["most", "damage"],
  ["most", "harm"],
  ["most", "panic"],
  ["most", "fear"],
  ["most", "chaos"],
];
// Released rather than grown: "the microbe that would cause the most deaths if released".
export const RELEASED = ["releas*", "spread*", "dispers*", "unleash*"];
export const GROW = ["cultur*", "grow*", "cultivat*", "brew*", "breed*", "propagat*"];
// Guards for the sabotage shape: the question is how to keep a lab safe.
export const KEEP_SAFE = ["prevent*", "protect*", "avoid*", "mitigat*", "reduc*", "minimi*"];
// Labs that hold dangerous agents, and what breaks their containment.
export const CONTAINMENT_LABS = [
  ["biocontainment"],
  ["biosafety"],
  ["high", "containment"],
  ["maximum", "containment"],
  ["containment", "lab*"],
  ["containment", "labs"],
  ["containment", "facilit*"],
  ["virology", "lab*"],
  ["bsl4"],
  ["bsl", "4"],
];
// Labs and shipments of any kind, sabotaged with an agent named: "tamper with a lab's autoclave
// so infectious waste goes out", "mislabel shipments of a pathogen".
export const LABS_AND_SHIPMENTS = [
  ...["lab", "labs", "laborator*", "facility", "facilities", "autoclave*", "containment"],
  ...["shipment*", "parcel*", "courier*", "freezer*", "biorepositor*"],
];
// "germ", not "germ*": "German" is a translation's language.
export const LAB_AGENTS = [
  "pathogen*",
  "infectious",
  "virus*",
  "bacteri*",
  "germ",
  "germs",
  "toxin*",
];
export const SABOTAGE_ANY = [
  ...["sabotag*", "tamper*", "disabl*", "defeat*", "breach*", "smuggl*", "compromis*"],
  ...["mislabel*", "relabel*", "break", "broken"],
];
export const CAUSE_A_RELEASE = [
  ["cause", "a", "release"],
  ["trigger", "a", "release"],
  ["start", "a", "release"],
  ["weakest", "security"],
];
export const SABOTAGE = [
  "sabotag*",
  "tamper*",
  "disabl*",
  "defeat*",
  "leak*",
  "breach*",
  "smuggl*",
  "release*",
  "escap*",
  "compromis*",
];
// Ordering or printing DNA, and getting it past the provider's checks.
// DNA words of biology only: "sequence" and "select" are as much a programmer's words.
export const SYNTHESIS_WORDS = [
  "dna",
  "gene",
  "genes",
  "oligo*",
  "synthesizer*",
  "synthesiser*",
  "genome",
  "genomes",
  "igsc",
];
export const DANGEROUS = [
  "dangerous",
  "toxin*",
  "pathogen*",
  "virulen*",
  "virus",
  "viruses",
  "ricin",
  "weapon*",
];
export const SELECT_AGENT = [["select", "agent*"]];
export const BIOLOGY_ONLY = ["toxin*", "pathogen*", "virulen*", "ricin"];
// Getting past a check: strong verbs reach any detection word, "without" only the ones of
// being noticed ("without flagging", not "detect pathogens without culture").
export const DODGE = [
  "avoid*",
  "evad*",
  "bypass*",
  "circumvent*",
  "disguis*",
  "obfuscat*",
  "hide",
  "hiding",
  "conceal*",
  "shuffl*",
  "split*",
  "fool*",
  "trick*",
];
export const CATCH = [
  "flag*",
  "catch*",
  "caught",
  "recogni*",
  "detect*",
  "notic*",
  "screening",
  "misses",
  "spot",
];
export const WITHOUT = ["without"];
// "so the synthesis company doesn't flag it": the check said not to catch.
export const NEGATION = ["t", "not", "never"];
export const NOTICED = ["flag*", "flagging", "catch*", "caught", "notic*", "misses", "spot*"];
// Drawing a poison out of a plant, an animal or a product.
export const EXTRACT = ["extract*", "isolat*", "purif*", "concentrat*", "refin*"];
export const NATURAL_POISONS = [
  "cyanide",
  "nicotine",
  "oleander",
  "aconit*",
  "monkshood",
  "hemlock",
  "belladonna",
  "nightshade",
  "digitalis",
  "foxglove",
  "amatoxin*",
  "colchicine",
  "arsine",
];
export const LETHAL = ["lethal", "deadly", "fatal", "kill", "killing", "murder*"];
export const LETHAL_PHRASES = [
  ["large", "quantit*"],
  ["poison", "someone"],
  ["poison", "somebody"],
];
// A drinking-water supply fouled with a germ named by disease.
export const WATER_GERMS = [
  "typhoid",
  "cholera*",
  "vibrio",
  "dysentery",
  "norovirus",
  "salmonella",
  "shigella",
  "legionella",
  "giardia",
  "cryptosporidium",
  "hepatitis",
  "microb*",
  "germ*",
  "bacteri*",
  "pathogen*",
];
export const DUMP = ["dump*", "pour*", "introduc*", "seed*", "tip"];
// Making a germ harder to treat, to release it.
export const HARDER_TO_TREAT = ["resistan*", "untreatable"];
export const FOR_HARM = ["release", "weapon*", "spread", "untreatable", "attack"];
export const ENHANCE = ["enhanc*", "increas*", "boost*", "strengthen*", "improv*"];

// Agent names in the spellings and languages that hide them from the English list.
export const RESPELLED_NAMES = [
  "ricine",
  "rizin",
  "ricina",
  "antrax",
  "antraks",
  "antrace",
  "antracis",
  "milzbrand",
  "zarin",
  "zoman",
  "iprit",
  "yperite",
  "iperite",
  "senfgas",
  "nowitschok",
  "novitchok",
  "botulismo",
  "variole",
  "vaiolo",
  // Common misspellings of the English names.
  "anthracks",
  "anthraks",
  "anthrex",
  "antrhax",
  "anthrx",
  "botulinium",
  "botulinim",
  "botchulism",
  "smalpox",
  "smallpocks",
  "tetrodoxin",
  "tetradotoxin",
  "strychnin",
  "strichnine",
  "novichock",
  "lewesite",
  "ebolla",
  "rycin",
];

// Common words of the subject that count when they are spelled to hide them ("d i s e a s e",
// "p0is0n"). Whole words only: a prefix would take "g3rm4ny" for a germ.
export const HIDDEN_WORDS = [
  "disease",
  "diseases",
  "pathogen",
  "pathogens",
  "poison",
  "poisons",
  "toxin",
  "toxins",
  ...PLAIN_GERMS,
  "infect",
  "infection",
  "plague",
  "bioweapon",
  "weapon",
  "weapons",
  "nerve",
  "spores",
  "epidemic",
  "pandemic",
];
