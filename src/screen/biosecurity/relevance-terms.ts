// The word lists of the biosecurity trigger. Patterns are whole words; a trailing * matches
// any word with that prefix ("transmiss*" → transmissible, transmissibility).

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
  "botulinum",
  "ricin",
  "abrin",
  "saxitoxin",
  "tetrodotoxin",
  "conotoxin*",
  "h5n1",
  "lewisite",
  "phosgene",
  "dimethylmercury",
  "strychnine",
  "parathion",
  "chloropicrin",
  "ebola",
  "biohazard*",
];

export const PHRASES: readonly (readonly string[])[] = [
  ["gain", "of", "function"],
  ["select", "agent*"],
  ["potential", "pandemic", "pathogen*"],
  ["pandemic", "pathogen*"],
  ["nerve", "agent*"],
  ["nerve", "gas*"],
  ["vx", "nerve"],
  ["vx", "agent*"],
  ["vx", "gas"],
  ["chemical", "weapon*"],
  ["chemical", "warfare"],
  ["biological", "weapon*"],
  ["biological", "warfare"],
  ["bio", "weapon*"],
  ["toxin", "weapon*"],
  ["bacillus", "anthracis"],
  ["yersinia", "pestis"],
  ["1918", "influenza"],
  ["1918", "flu"],
  ["mustard", "gas*"],
  ["sulfur", "mustard"],
  ["sulphur", "mustard"],
  ["chlorine", "gas*"],
  ["hydrogen", "cyanide"],
  ["cyanogen", "chloride"],
  ["poison", "gas*"],
  ["toxic", "gas*"],
  ["lethal", "gas*"],
  ["deadly", "gas*"],
  ["biosafety", "level", "4"],
  ["bsl", "4"],
  ["bsl4"],
];

export const ENHANCE = ["enhanc*", "increas*", "boost*", "augment*", "maximi*", "heighten*"];
export const DANGER_TRAITS = ["transmiss*", "virulen*", "pathogenic*", "lethal*", "contagio*"];
export const MORE = ["more"];
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
export const STEALTH = [
  ["without", "detection"],
  ["without", "being", "detected"],
  ["without", "being", "traced"],
  ["without", "a", "trace"],
  ["without", "getting", "caught"],
  ["undetected"],
  ["untraceabl*"],
  ["undetectabl*"],
];

export const MAKE = [
  "synthesi*",
  "manufactur*",
  "make",
  "making",
  "produce",
  "producing",
  "creat*",
  "brew*",
  "cook*",
  "extract*",
  "purif*",
  "cultur*",
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
  "gas",
  "gases",
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
  "how",
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
export const DISEASES = [
  "covid*",
  "coronavirus",
  "sars",
  "rabies",
  "hiv",
  "aids",
  "measles",
  "influenza",
  "flu",
  "ebola",
  "cholera",
  "plague",
  "tuberculosis",
  "hepatitis",
  "herpes",
  "syphilis",
  "gonorrh*",
  "mpox",
  "monkeypox",
  "polio",
  "disease*",
  "pathogen*",
  "bacteri*",
  "std",
  "stds",
  "sti",
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

export const PASS_ON = [
  "give",
  "giving",
  "spread",
  "spreading",
  "pass",
  "transmit",
  "infect",
  "infecting",
];
export const VICTIMS = [
  "someone",
  "somebody",
  "them",
  "him",
  "her",
  "my",
  "others",
  "people",
  "partner*",
  "coworker*",
  "colleague*",
  "neighbo*",
  "everyone",
  "person",
  "wife",
  "husband",
  "friend*",
  "boss",
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
export const BLEACH_MIXES = ["ammonia", "vinegar", "rubbing"];

// The short lists the checks spell out in place.
export const SCREEN_WORDS = ["screening", "screen", "screens", "biosecurity"];
export const SYNTHESIZE = ["synthesi*"];
export const SYNTHESIS_TARGETS = ["virus*", "pathogen*", "toxin*", "nerve", "bioweapon*"];
export const TOXIN_WORDS = ["toxin", "toxins", "poison", "poisons", "nerve"];
export const AT_HOME = [["at", "home"]];
export const TO = ["to"];
export const BSL_3 = [["bsl", "3"]];
export const BSL3 = ["bsl3"];
export const BLEACH = ["bleach"];
export const MIX = ["mix*", "combin*"];
