// Word lists of relevance-handling.ts: getting, growing, refining or moving a dangerous agent,
// asked for. Patterns as in relevance-terms.ts.

// What is done to the agent: acquiring it, growing it, refining it, moving it unseen.
export const HANDLE = [
  "get",
  "obtain*",
  "acquir*",
  "buy",
  "buying",
  "purchas*",
  "order",
  "ordering",
  "steal*",
  "smuggl*",
  "sneak",
  "grow",
  "growing",
  "cultur*",
  "cultivat*",
  "ferment*",
  "propagat*",
  "produce",
  "producing",
  "make",
  "making",
  "mak",
  "store",
  "storing",
  "take",
  "brew*",
  "purif*",
  "concentrat*",
  "extract*",
  "refin*",
  "dry",
  "freeze",
  "lyophili*",
  "stockpil*",
  "weaponi*",
];
// Agents that only a harmful request names as a thing to get or grow ("a pathogen", "the toxin",
// "the plague bacterium").
export const HARM_AGENTS = [
  "pathogen",
  "pathogens",
  "toxin",
  "toxins",
  "plague",
  "bioweapon*",
  "bioagent*",
];
// An organism made dangerous by its adjective: "a deadly virus", "a dangerous bacterium".
export const DANGER_ADJ = [
  "deadly",
  "deadliest",
  "dangerous",
  "lethal",
  "nasty",
  "nastiest",
  "killer",
  "pathogenic",
  "virulent",
  "hypervirulent",
];
export const ORGANISMS = [
  "virus*",
  "viral",
  "bacteri*",
  "germ",
  "germs",
  "microb*",
  "microorganism*",
  "strain",
  "strains",
  "fung*",
  "bug",
  "bugs",
];
// Clinical, diagnostic and vaccine work that grows or handles pathogens to treat people:
// "culture pathogens from wound swabs", "purify the toxin to make a toxoid vaccine".
export const CARE_WORK = [
  "patient*",
  "clinical",
  "clinic*",
  "specimen*",
  "swab*",
  "diagnos*",
  "susceptibilit*",
  "vaccin*",
  "antitoxin*",
  "toxoid*",
  "assay*",
  "food",
  "foods",
  // "get rid of a plague of locusts".
  "rid",
  "locust*",
  "insect*",
];
// Out of someone's sight: "without my supervisor finding out".
export const WITHOUT = ["without"];
export const FINDING_OUT = [
  "finding",
  "knowing",
  "noticing",
  "realising",
  "realizing",
  "suspecting",
];
