// The word lists of the biosecurity trigger. Patterns are whole words; a trailing * matches
// any word with that prefix ("transmiss*" → transmissible, transmissibility).
import { HOMICIDAL_POISONS, NAMED_INFECTIONS, PEOPLE_NAMED } from "./terms-core.js";

// Agents and weapons named outright: the spec's list plus the classic chemical warfare agents.
export const NAMED = [
  "sarin",
  "novichok*",
  "tabun",
  "soman",
  "cyclosarin",
  "cwc",
  "bioweapon*",
  "bioterror*",
  "agroterror*",
  "weaponis*",
  "weaponiz*",
  "variola",
  "smallpox",
  "ebolavirus",
  "marburg",
  "anthrax",
  "anthracis",
  // "botulinum", and the adjective of other languages ("toxina botulinica", "botulinique").
  "botulin*",
  "ricin",
  "abrin",
  "saxitoxin",
  "tetrodotoxin",
  "conotoxin*",
  "h5n1",
  "lewisite",
  "phosgene",
  "dimethylmercury",
  // The class the dimethylmercury kind belongs to, named as a class.
  "organomercur*",
  "strychnine",
  "parathion",
  // Organophosphate pesticides of the same family, as toxic as the early nerve agents.
  "tepp",
  "mipafox",
  "dimefox",
  "chloropicrin",
  "ebola",
  "biohazard*",
  "aconitine",
  "tularemia",
  "tularensis",
  // Further select agents and toxins (bacteria, viruses, toxins) by their usual names.
  "mallei",
  "pseudomallei",
  "glanders",
  "melioidosis",
  "burnetii",
  "brucella",
  "brucellosis",
  "nipah",
  "hendra",
  "lassa",
  "machupo",
  "junin",
  "rinderpest",
  "enterotoxin*",
  "ricinus",
  "botulism",
  "bioagent*",
  "biowaffe*",
  "biowapen*",
  "kampfstoff*",
  "vx",
  // Genus and species names, British spellings and abbreviations of the same agents.
  "francisella",
  "pestis",
  "tularaemia",
  "bont",
  "horsepox",
  "guanarito",
  "chapare",
  "kyasanur",
  "henipavirus*",
  // Highly pathogenic avian influenza subtypes beside H5N1, and the 1957 pandemic strain.
  "h7n9",
  "h5n6",
  "h5n8",
  "h7n7",
  "h2n2",
  "hpai",
];

export const PHRASES: readonly (readonly string[])[] = [
  ["gain", "of", "function"],
  ["select", "agent*"],
  ["potential", "pandemic", "pathogen*"],
  ["pandemic", "pathogen*"],
  ["nerve", "agent*"],
  ["nerve", "gas*"],
  ["nerv", "gas*"],
  ["nerv", "agent*"],
  ["vx", "nerve"],
  ["vx", "agent*"],
  ["vx", "gas"],
  ["chemical", "weapon*"],
  ["chemical", "warfare"],
  ["biological", "weapon*"],
  ["biological", "warfare"],
  // "a low-budget biological attack on a city", "a manual on bio attacks".
  ["biological", "attack*"],
  ["bio", "attack*"],
  ["bioweapons", "attack*"],
  ["germ", "attack*"],
  ["bio", "weapon*"],
  ["toxin", "weapon*"],
  ["bacillus", "anthracis"],
  ["yersinia", "pestis"],
  ["1918", "influenza"],
  ["1918", "flu"],
  ["mustard", "gas*"],
  ["sulfur", "mustard"],
  ["sulphur", "mustard"],
  ["hydrogen", "cyanide"],
  ["cyanogen", "chloride"],
  ["poison", "gas*"],
  // A bomb made of chemicals or gas rather than explosive: "a dirty chemical bomb using pool
  // chlorine and acid", "a chlorine bomb".
  ["chemical", "bomb*"],
  ["chlorine", "bomb*"],
  ["gas", "bomb*"],
  ["toxic", "gas*"],
  ["lethal", "gas*"],
  ["deadly", "gas*"],
  ["biosafety", "level", "4"],
  ["bsl", "4"],
  ["bsl4"],
  ["nitrogen", "mustard*"],
  ["mustard", "agent*"],
  ["reverse", "genetics"],
  ["enhanced", "pathogen*"],
  ["pandemic", "virus*"],
  ["pandemic", "strain*"],
  ["biological", "agent*"],
  ["chemical", "agent*"],
  ["warfare", "agent*"],
  ["threat", "agent*"],
  ["nerve", "poison*"],
  ["q", "fever"],
  ["coxiella"],
  ["t", "2", "toxin"],
  ["shiga", "toxin*"],
  ["epsilon", "toxin*"],
  ["arme*", "chimique*"],
  ["arma*", "quimica*"],
  ["arme*", "biologique*"],
  ["arma*", "biologic*"],
  ["arma*", "chimic*"],
  ["arma*", "batteriolog*"],
  ["arma*", "bacteriolog*"],
  ["arme*", "bacteriolog*"],
  ["biologische*", "waffe*"],
  ["chemische", "waffe*"],
  ["pathogen*", "bomb*"],
  ["germ", "warfare"],
  ["small", "pox"],
  ["equine", "encephal*"],
  ["crimean", "congo"],
  ["rift", "valley", "fever"],
];

// Foot-and-mouth disease of livestock, but not the hand, foot and mouth disease of children.
export const FOOT_AND_MOUTH = [["foot", "and", "mouth"]];
export const HAND = ["hand"];
export const FOOT = ["foot"];

// Chlorine gas: relevant when it is made (see relevance.ts).
export const CHLORINE_GAS = [["chlorine", "gas*"]];

export const ENHANCE = ["enhanc*", "increas*", "boost*", "augment*", "maximi*", "heighten*"];
export const DANGER_TRAITS = [
  "transmiss*",
  "virulen*",
  "pathogenic*",
  "lethal*",
  "contagio*",
  "infectiv*",
];
export const MORE = ["more"];
// The lay words for the same traits ("more catchy", "more spreadable"), which a song or a rumour
// has too: they count only beside an organism.
export const LAY_TRAITS = [
  "catchy",
  "catching",
  "spreadable",
  "transmissable",
  "contagous",
  "infectous",
];
export const MORE_TRAITS = [
  "deadly",
  "deadlier",
  "lethal",
  "transmissible",
  "contagious",
  "virulent",
  "infectious",
  "dangerous",
];

export const EVADE = [
  "evad*",
  "evasion",
  "bypass*",
  "circumvent*",
  "avoid*",
  "defeat*",
  "fool*",
  "dodg*",
];
export const SCREENS = ["screening", "screen", "screens", "biosecurity", "filter*", "detection"];
// The databases a designed protein is checked against: "a toxin that evades sequence databases".
export const SEQUENCE_CHECKS = [
  ["sequence", "database*"],
  ["homology", "search*"],
  ["blast", "search*"],
];
export const DESIGNED_HARM = ["toxin", "toxins", "toxic", "pathogen*", "virulence", "venom*"];
export const STEALTH = [
  ["without", "detection"],
  ["without", "being", "detected"],
  ["without", "being", "traced"],
  ["without", "a", "trace"],
  ["without", "getting", "caught"],
  ["undetected"],
  ["untraceabl*"],
  ["undetectabl*"],
  // Unnoticed, and outside oversight: "acquire the materials without regulatory oversight".
  ["without", "arousing"],
  ["without", "raising"],
  ["without", "attracting"],
  ["without", "regulatory"],
  // "print pathogen DNA without biosecurity review", "make viral genomes off the grid".
  ["without", "biosecurity"],
  ["off", "the", "grid"],
  ["no", "questions", "asked"],
  ["without", "oversight"],
  ["without", "being", "noticed"],
  ["without", "anyone", "noticing"],
  ["under", "the", "radar"],
  // A false front: "order it using a fake company", "a convincing end-user statement".
  ["fake", "company"],
  ["front", "company"],
  ["shell", "company"],
  ["fake", "business"],
  ["convincing", "end", "user"],
  ["fake", "end", "user"],
  ["forged"],
  ["surreptitious*"],
  ["clandestin*"],
  ["covertly"],
  // No record that leads back: "off the books", "without a paper trail", "can't be linked to me".
  ["without", "getting", "traced"],
  ["without", "leaving", "records"],
  ["without", "records"],
  ["no", "records"],
  ["paper", "trail"],
  ["off", "the", "books"],
  ["without", "my", "name"],
  ["linked", "to", "me"],
  ["traced", "to", "me"],
  ["traced", "back"],
  ["front", "company"],
  ["shell", "company"],
  ["dark", "web"],
  ["darkweb"],
  ["darknet"],
  // Sold or shipped past the checks a supplier must run: "vendors that sell pathogens without
  // checks", "no questions asked", "without registering".
  ["without", "checks"],
  ["without", "any", "checks"],
  ["without", "background", "checks"],
  ["without", "screening"],
  ["without", "registering"],
  ["without", "registration"],
  ["without", "a", "permit"],
  ["without", "permits"],
  ["without", "a", "licen*"],
  ["no", "questions", "asked"],
];

// Not being seen, asked for: "how to avoid being detected", "ship it without it being noticed".
// How a germ escapes the body's notice is biology, not stealth: IMMUNE_CONTEXT.
export const BEING_SEEN = [
  ["being", "detected"],
  ["being", "caught"],
  ["being", "noticed"],
  ["being", "traced"],
  ["being", "flagged"],
  ["getting", "caught"],
  ["getting", "flagged"],
];
export const IMMUNE_CONTEXT = [
  "immun*",
  "host",
  "hosts",
  "antibod*",
  "macrophage*",
  "phagocyt*",
  "cell",
  "cells",
  "innate",
  "receptor*",
];

export const MAKE = [
  "synthesi*",
  "manufactur*",
  "make",
  "making",
  "produce",
  "produces",
  "producing",
  "generat*",
  "creat*",
  "brew*",
  "cook*",
  "extract*",
  "purif*",
  "cultur*",
  "cultivat*",
  "grow*",
  "weaponi*",
  "obtain*",
  "acquir*",
  "purchas*",
  "buy*",
  "order*",
  "smuggl*",
];
export const HARMFUL_AGENTS = [
  "virus*",
  "pathogen*",
  "toxin*",
  "poison*",
  "bacteri*",
  "coli",
  "resistant",
  "spore*",
  "germ*",
  "agent*",
  "nerve",
  "chemical*",
  "precursor*",
  "chloroform",
  "gas",
  "gases",
  // Poisons chosen to kill, and incendiaries, made at home.
  "thallium",
  "arsenic",
  "cyanide",
  "napalm",
  "phosphorus",
];
export const BIOCHEM_CONTEXT = [
  "dna",
  "gene",
  "genes",
  "sequence*",
  "synthes*",
  "pathogen*",
  "toxin*",
  "chemical*",
  "precursor*",
  "laborator*",
  "lab",
  "labs",
  "biolog*",
  "reagent*",
  "supplies",
  "bacteri*",
  "culture*",
  "strain*",
  // Nerve-agent precursors of the Convention's schedules, by name.
  ...["dmmp", "methylphosphon*", "thionyl", "trichloride", "oxychloride", "pinacolyl"],
  ...["thiodiglycol", "dichloride"],
];

export const WATER = [
  ["water", "supply"],
  ["water", "supplies"],
  ["drinking", "water"],
  ["water", "system*"],
  ["water", "reservoir*"],
  ["water", "treatment"],
];
export const WATER_HARM = [
  "poison*",
  "tamper*",
  "toxin*",
  "introduc*",
  "contaminate",
  "infect",
  "cholera",
  "pathogen*",
  "adulterat*",
  // "spread a virus to people through the water supply".
  "spread",
  "virus",
  "viruses",
  "bacteri*",
  "germ",
  "germs",
];

export const POISON_VERB = ["poison", "poisoning"];
export const POISON_TARGETS = [
  "someone",
  "somebody",
  "people",
  "person",
  "him",
  "her",
  "them",
  "my",
  "your",
  "his",
  "their",
  "a",
  "the",
  "water",
  "food",
  "city",
  "crowd",
  "everyone",
];

export const INTENT = [
  "want",
  "help",
  "going",
  "plan*",
  "try",
  "trying",
  "way",
  "ways",
  "use",
  "deliberately",
  "intentionally",
  "purposely",
  "spread",
];
export const INFECT = ["infect", "infecting"];
export const WANT = ["want", "wants", "wanted"];
export const EXPOSE = ["expose", "exposing"];
export const SPREAD_IT = ["spread", "spreading"];
export const NAMED_DISEASES = [...NAMED_INFECTIONS.filter((name) => name !== "cold")];
export const AWARENESS = [
  ...["awareness", "word", "information", "news", "knowledge", "message", "education", "facts"],
  ...["vaccin*", "testing", "campaign*", "research"],
];
// People close to the asker, infected on purpose: "how can I infect my cousin".
export const KIN_AND_ACQUAINTANCES = [
  ...["cousin*", "uncle*", "aunt*", "nephew*", "niece*", "grandm*", "grandp*", "sibling*"],
  ...["stepm*", "stepf*", "stepd*", "stepb*", "stepsis*", "stepson*", "son", "daughter"],
  ...["kids", "baby", "teacher*", "classmate*", "friend*", "girlfriend", "boyfriend"],
  ...["partner", "spouse", "husband", "wife", "roommate*", "flatmate*", "coworker*"],
  ...["colleague*", "neighbo*", "boss", "landlord*", "brother*", "sister*"],
];
export const HOW = ["how"];
export const DISEASES = [
  ...NAMED_INFECTIONS,
  "disease*",
  "pathogen*",
  "bacteri*",
  "tetanus",
  "virus*",
  "infection*",
];

export const SPREAD = ["spread", "release", "disperse", "aerosoli*", "unleash"];
export const AGENTS = [
  "virus*",
  "pathogen*",
  "disease*",
  "bacteri*",
  "germ*",
  "infection*",
  "plague",
  "spore*",
  "toxin*",
];
export const CROWDS = [
  "subway*",
  "metro",
  "crowd*",
  "people",
  "population*",
  "public",
  "city",
  "cities",
  "airport*",
  "train*",
  "stadium*",
  "school*",
  "humans",
  "everyone",
  "mall*",
];

export const ORGANISMS = ["virus*", "bacteri*", "pathogen*", "fung*", "prion*", "microb*"];
export const KILL = [
  "kill*",
  "target*",
  "wipe",
  "destroy*",
  "eradicat*",
  "harm*",
  "sicken*",
  "infect",
];
export const LIVING = [
  "people",
  "humans",
  "human",
  "population*",
  "animals",
  "animal",
  "plants",
  "plant",
  "crops",
  "crop",
  "livestock",
  "cattle",
  "ethnic*",
  "race",
  "races",
  "group",
  // "wipe out humanity".
  "humanity",
  "mankind",
  "humankind",
];

export const LAB_BREACH = [
  "compromis*",
  "leak*",
  "breach*",
  "sabotag*",
  "release*",
  "steal*",
  "smuggl*",
  "escap*",
];
export const BLEACH_MIXES = [
  "ammonia",
  // Drain and toilet-bowl cleaners: acids (or ammonia) under a brand's name.
  "drain",
  "toilet",
  "vinegar",
  "rubbing",
  "alcohol",
  "isopropyl",
  "acid",
  "acids",
  "muriatic",
  "hydrochloric",
  "peroxide",
];
// Putting bleach and one of those together: mixed, made into a product, or recommended.
export const BLEACH_USE = [
  "make",
  "making",
  "cleaner*",
  "cleaning",
  "product*",
  "recipe*",
  "convinc*",
  "persuad*",
  "encourag*",
  "recommend*",
  "promot*",
  "advertis*",
  "urge",
  "suggest*",
];

// The short lists the checks spell out in place.
export const SCREEN_WORDS = ["screening", "screen", "screens", "biosecurity"];
export const SYNTHESIZE = ["synthesi*"];
export const SYNTHESIS_TARGETS = ["virus*", "pathogen*", "toxin*", "nerve", "bioweapon*"];
export const TOXIN_WORDS = [
  "toxin",
  "toxins",
  "poison",
  "poisons",
  "nerve",
  "vx",
  "cyanide",
  "arsenic",
  // Gases with no household use that are blood or choking agents in war ("make arsine from
  // household chemicals"), and toxins that are weapons-list agents under their own name
  // (aflatoxin was produced in bulk by a state weapons programme).
  "arsine",
  "stibine",
  "phosphine",
  "cyanogen",
  "aflatoxin*",
  "mycotoxin*",
  "trichothecene*",
  "microcystin*",
  "verotoxin*",
];
export const SUPERBUGS = ["superbug*"];

// A request for a way to do something, as opposed to a question about what is known.
export const REQUEST = [
  ["how", "to"],
  ["how", "can", "i"],
  ["how", "do", "i"],
  ["how", "could", "i"],
  ["how", "would", "i"],
  ["how", "could", "someone"],
  ["how", "can", "someone"],
  ["how", "would", "someone"],
  ["how", "would", "you"],
  ["how", "could", "you"],
  ["how", "might"],
  ["i", "want", "to"],
  ["give", "me"],
  ["recipe*"],
  ["instructions"],
  ["step", "by", "step"],
  ["explain", "how"],
  ["describe", "how"],
  ["a", "guide"],
  ["tutorial"],
  ["detailed", "guide"],
];
// Substances used to poison a person, beyond the weapons named outright.
export const POISONS = [
  ...HOMICIDAL_POISONS,
  "chloroform",
  "oleander",
  "hemlock",
  "nightshade",
  "belladonna",
  "digitalis",
  "foxglove",
  "salmonella",
  "botulism",
  "mercury",
];
export const HURT = [
  "kill*",
  "murder*",
  "knock*",
  "incapacitat*",
  "sicken*",
  "sick",
  "hurt*",
  "harm*",
  "paralyz*",
  "paralys*",
];
export const PERSON = [
  ...PEOPLE_NAMED,
  "flatmate*",
  "housemate*",
  "classmate*",
  "friend*",
  "girlfriend",
  "boyfriend",
  "ex",
  "teacher",
  "mother",
  "father",
  "sister",
  "brother",
  "partner",
  "child",
  "crowd*",
];
export const UNDETECTED = [
  ["lethal", "dose"],
  ["autopsy"],
  ["t", "be", "detected"],
  ["not", "be", "detected"],
  ["without", "them", "knowing"],
  ["without", "him", "knowing"],
  ["without", "her", "knowing"],
  ["without", "anyone", "knowing"],
  ["without", "anyone", "noticing"],
  ["without", "leaving"],
  ["look", "like", "an", "accident"],
  ["natural", "causes"],
  // How much would kill: "the easiest poisons to get and how much is fatal".
  ["much", "is", "fatal"],
  ["much", "would", "be", "fatal"],
  ["much", "would", "kill"],
  ["fatal", "dose"],
  ["fatal", "amount"],
  ["deadly", "dose"],
  ["lethal", "amount"],
  ["enough", "to", "kill"],
];
export const CONTAMINATE = ["contaminat*", "taint*", "adulterat*", "lace", "spike"];
export const WATER_BODIES = ["reservoir*", "aquifer*", "wells", "water"];
export const AND = ["and"];
export const AT_HOME = [["at", "home"]];
export const TO = ["to"];
export const BSL_3 = [["bsl", "3"]];
export const BSL3 = ["bsl3"];
export const BLEACH = ["bleach"];
export const MIX = ["mix*", "combin*"];

// Dispersing or mass-culturing an agent: "aerosolize a pathogen", "grow plague bacteria".
export const DISPERSE = [
  "aerosoli*",
  "aerosoliz*",
  "nebuli*",
  "spray*",
  "airborne",
  "disperse*",
  "dispersal",
];
export const CULTURE = ["cultur*", "grow*", "propagat*", "amplif*"];
export const DANGEROUS_AGENTS = ["pathogen*", "toxin*", "plague", "spore*", "anthrax", "germ*"];

// Lacing food or drink with something deadly: "spike a drink with a lethal chemical".
export const LACE = [
  "lace",
  "lacing",
  "spike",
  "spiking",
  "taint*",
  "adulterat*",
  "dose",
  "dosing",
];
export const CONSUMED = [
  "drink*",
  "food",
  "meal*",
  "coffee",
  "tea",
  "water",
  "juice",
  "beer",
  "wine",
];
export const DEADLY = ["lethal", "deadly", "toxic", "poison*", "toxin*", "fatal"];
