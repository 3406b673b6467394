// Building blocks that several checks' word lists share, so that each word is written once. They
// are not lists of their own: a terms file spreads them into its lists ("[...PEOPLE_NAMED,
// "enemy"]"), and no check registers this module. Patterns as in relevance-terms.ts.

// A person named by pronoun or relation: who is poisoned, infected or hurt.
export const PEOPLE_NAMED = [
  "someone",
  "somebody",
  "person",
  "people",
  "him",
  "her",
  "them",
  "husband",
  "wife",
  "roommate*",
  "coworker*",
  "colleague*",
  "neighbo*",
  "boss",
  "family",
];

// Infections of people named outright (the generic "virus", "disease" are not among them).
export const NAMED_INFECTIONS = [
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
  "chlamydia",
  "hpv",
  "std",
  "stds",
  "sti",
  "stis",
  "mpox",
  "monkeypox",
  "polio",
  "norovirus",
  "salmonella",
  "meningitis",
  "chickenpox",
  "shingles",
  "scabies",
  "lice",
  // Glandular fever and pink eye, as people name them when passing them on.
  "mono",
  "mononucleosis",
  "pinkeye",
  "whooping",
  "pertussis",
  "hantavirus",
  // Candida auris: "candida" alone is an everyday yeast.
  "auris",
  "zika",
  "malaria",
  "cold",
];

// Germs by their plain English names, singular and plural.
export const PLAIN_GERMS = ["virus", "viruses", "bacteria", "bacterium", "germ", "germs"];

// Poisons chosen to hurt a person.
export const HOMICIDAL_POISONS = [
  "poison*",
  "toxin*",
  "cyanide",
  "arsenic",
  "thallium",
  "polonium",
  "aconit*",
  "antifreeze",
];

// Verbs of engineering a change into an agent.
export const ENGINEERING_VERBS = [
  "engineer*",
  "build",
  "modif*",
  "mutat*",
  "edit",
  "design*",
  "alter*",
  "make",
  "creat*",
  "insert*",
  "tweak*",
  "evolve",
  "select",
];

// Escaping a defence, and the defences of the body and of medicine that an agent escapes.
export const ESCAPE_VERBS = [
  "evad*",
  "evasion",
  "escap*",
  "resist*",
  "overcom*",
  "bypass*",
  "dodg*",
  "slip*",
  "outwit*",
  "outsmart*",
];
export const IMMUNE_DEFENCES = [
  "vaccin*",
  "immun*",
  "antibod*",
  "antibiotic*",
  "antiviral*",
  "antimicrobial*",
  "interferon",
];

// Virus names that end in "virus": the word lists match prefixes, so "virus*" misses them.
export const VIRUS_FAMILIES = [
  "poliovirus*",
  "coronavirus*",
  "betacoronavirus*",
  "sarbecovirus*",
  "merbecovirus*",
  "poxvirus*",
  "orthopoxvirus*",
  "henipavirus*",
  "filovirus*",
  "arenavirus*",
  "alphavirus*",
  "flavivirus*",
  "hantavirus*",
  "bunyavirus*",
  "nairovirus*",
  "phlebovirus*",
  "paramyxovirus*",
  "orthomyxovirus*",
  "enterovirus*",
  "lyssavirus*",
  "influenzavirus*",
  "horsepox",
  "orthopox*",
];

// Asking for a way to do something ("how to", "can I"), which the request phrases of the shapes
// and of the broad net both begin with.
export const DOING_ASKS = [
  ["how", "to"],
  ["how", "can", "i"],
  ["how", "do", "i"],
  ["how", "could", "i"],
  ["how", "would", "i"],
  ["how", "should", "i"],
  ["how", "can", "someone"],
  ["how", "could", "someone"],
  ["how", "would", "someone"],
  ["how", "would", "one"],
  ["can", "i"],
  ["could", "i"],
  ["is", "there", "a", "way"],
  ["what", "is", "the", "best"],
  ["what", "s", "the", "best"],
];
