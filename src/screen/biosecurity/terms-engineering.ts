// Word lists of relevance-engineering.ts: making an agent spread to new hosts, escape immunity or
// grow more dangerous, rebuilding a virus from synthetic DNA, and DNA vendors that skip the
// screening of orders. Patterns as in relevance-terms.ts.
import { ENGINEERING_VERBS, ESCAPE_VERBS, IMMUNE_DEFENCES, VIRUS_FAMILIES } from "./terms-core.js";

// What is engineered: an agent, or the mutations and proteins of one.
export const ENGINEERED = [
  ...VIRUS_FAMILIES,
  "virus*",
  "viral",
  "pathogen*",
  "bacteri*",
  "strain",
  "strains",
  "isolate",
  "isolates",
  "flu",
  "influenza",
  "mutation*",
  "mutant*",
  "variant*",
  "spike",
  "hemagglutinin",
  "haemagglutinin",
  "substitution*",
];
// Verbs of engineering a change in: the engineering verbs the deliberate-harm checks share, plus
// putting a mutation in. Escaping immunity or drugs: the shared verbs and defences as they stand.
export const CHANGE = [...ENGINEERING_VERBS, "introduc*", "add"];
export const ESCAPE = ESCAPE_VERBS;
export const DEFENCES = IMMUNE_DEFENCES;
// Medical and diagnostic work around escape: "a vaccine that overcomes escape".
export const CLINICAL = ["review", "patients", "clinical", "cohort*", "surveillance", "trial*"];

// Widening the hosts or cells an agent infects.
export const WIDEN = [
  "expand*",
  "broaden*",
  "widen*",
  "extend*",
  "alter*",
  "chang*",
  "shift*",
  "switch*",
  "retarget*",
  "adapt*",
];
export const HOST = ["host"];
export const RANGE = ["range", "ranges", "specificity", "tropism"];
export const TROPISM = ["tropism"];

// Serial passage in animals to select for spread.
export const PASSAGE = ["passag*"];
export const MAMMALS = ["ferret*", "mammal*", "mice", "guinea", "macaque*", "pigs", "hamster*"];
export const SPREAD_TRAITS = [
  "airborne",
  "transmiss*",
  "aerosol*",
  "contagio*",
  "virulen*",
  "lethal*",
  "respiratory",
];

// Raising a dangerous trait, beyond "enhance" and "increase": "improve the transmissibility",
// "optimise the virulence". Pathogenicity is left out: "improve pathogenicity prediction" is
// genomics.
export const RAISE = [
  "improv*",
  "optimi*",
  "optimis*",
  "strengthen*",
  "amplif*",
  "raise",
  "raising",
  "boost*",
  "heighten*",
  "maximi*",
  "maximis*",
];
export const TRAITS = ["transmiss*", "virulen*", "lethal*", "contagio*", "infectiv*"];

// Genetic changes that make a disease spread better: "what would make measles spread faster,
// genetically", "the genetic changes that would let a bird flu pass between people".
export const GENETIC = [
  "genetic*",
  "gene",
  "genes",
  "mutation*",
  "mutat*",
  "engineer*",
  "modif*",
  "edit*",
  "variant*",
  "substitution*",
];
export const CAUSE = ["make", "let", "allow", "enable", "help"];
// A change wished for rather than found: "which edits would help the virus slip past immunity".
export const MODAL = ["would", "could", "should"];
export const CHANGES = ["change", "changes", "alteration*", "tweak*"];
export const SPREAD = ["spread*", "transmit*", "pass", "jump", "jumps", "infect", "travel*"];
export const BETTER = [
  "faster",
  "quicker",
  "easier",
  "easily",
  "efficient*",
  "better",
  "more",
  "between",
  "among",
  "airborne",
  "human",
  "humans",
  "people",
  // "spread through the air", "pass from person to person".
  "air",
  "person",
];

// Growing a toxin-making genus in bulk and concentrating what it makes.
export const TOXIGENIC = ["clostridium", "clostridia", "burkholderia", "rickettsia*", "yersinia"];
export const GROW = ["grow", "growing", "cultur*", "ferment*", "propagat*", "breed"];
export const SCALE = [
  "bulk",
  "large",
  "litre*",
  "liter*",
  "gallon*",
  "kilogram*",
  "kg",
  "scale",
  "concentrat*",
  "industrial",
  "fermenter*",
  "bioreactor*",
  "secret*",
];

// Rebuilding a virus from synthetic DNA: the genome, the verb, and the synthetic source.
export const GENOME = ["genome*", "cdna"];
// Viruses only: rebuilding a gene or a protein from oligos is routine cloning.
export const VIRUSES = [...VIRUS_FAMILIES, "virus*", "viral", "polio"];
export const REBUILD = [
  // "make a polio virus from scratch": the plain verbs count with "from scratch" or bought DNA.
  "make",
  "create",
  "assembl*",
  "stitch*",
  "build",
  "construct*",
  "synthesi*",
  "reconstruct*",
  "recreat*",
  "reboot*",
  "boot",
  "rescu*",
  "reconstitut*",
  "resurrect*",
];
export const SYNTHETIC = ["synthetic", "oligo*", "gblock*", "mail", "scratch", "chemically"];
// A virus made from nothing: "synthesize a poliovirus from scratch".
export const FROM_NOTHING = ["scratch", "synthetic", "chemically", "oligo*", "gblock*"];
// ...or from DNA bought for it: "mail-order DNA", "DNA fragments ordered online".
export const BOUGHT = ["mail", "ordered", "order", "purchased", "bought", "online", "commercial"];
export const BOUGHT_DNA = ["dna", "fragments", "genes"];
// Booting a virus up from its DNA is rebuilding it whatever the source.
export const BOOT = ["reboot*", "boot", "rescu*", "reconstitut*", "resurrect*"];

// DNA vendors that do not screen orders.
// Not "sequence": a programmer's word as much.
export const DNA = ["dna", "gene", "genes", "oligo*", "genome", "genomes"];
export const VENDORS = [
  "compan*",
  "vendor*",
  "provider*",
  "supplier*",
  "orders",
  "synthesis",
  "foundr*",
  "printer*",
  "printing",
  "servic*",
];
export const SKIP = [
  "skip*",
  "lax",
  "avoid*",
  "bypass*",
  "evad*",
  "circumvent*",
  "sidestep*",
  "ignore*",
  "unscreened",
  "unchecked",
];
export const NOT = ["not", "t", "no", "without", "never", "dont", "doesnt"];
export const SCREENING = ["screen", "screening", "screens", "check", "checks", "vet", "verify"];

// A germ designed to act in people, and the work that designs germs to heal.
export const DESIGN = ["engineer", "design", "create", "build", "make", "develop", "invent"];
export const GERMS = ["virus", "viruses", "bacteri*", "pathogen*", "germ", "germs", "microbe*"];
export const HUMANS = ["people", "humans", "human", "population*", "persons", "everyone"];
export const THERAPY = [
  ...["therap*", "vaccin*", "vector*", "oncolytic", "phage*", "treat*", "crispr", "cancer*"],
  ...["tumor*", "tumour*", "gene", "genes", "probiotic*", "cure*", "deliver*"],
];

// Gene therapy and vaccine work put genes into viruses too; THERAPY's "gene" and "crispr" are the
// subject here, so this guard leaves them out.
export const GENE_THERAPY = [
  ...["therap*", "vaccin*", "vector*", "oncolytic", "phage*", "treat*", "cancer*", "tumor*"],
  ...["tumour*", "cure*", "reporter", "gfp", "fluorescen*"],
];
// A toxin's gene put into a germ: "insert a toxin gene into a common cold virus".
export const INSERT = [
  ...["insert", "inserting", "splice", "splicing", "add", "adding", "clone", "cloning"],
  ...["introduce", "introducing", "put", "putting", "engineer", "transfer"],
];
export const TOXIN_GENES = [
  ["toxin", "gene*"],
  ["toxin", "sequence*"],
  ["venom", "gene*"],
  ["resistance", "gene*"],
  ["virulence", "gene*"],
  ["virulence", "factor*"],
];
export const INTO = ["into", "in", "to"];
// Germs whose gene cargo turns them into weapons: viruses people catch, and the agents of
// plague, tularemia, glanders, brucellosis, cholera and typhus.
export const CARRIERS = [
  ...["virus", "viruses", "viral", "cold", "flu", "influenza", "adenovirus*", "coronavirus*"],
  ...["plague", "pestis", "francisella", "tularemia", "brucell*", "burkholderia", "glanders"],
  ...["cholera", "typhus", "rickettsia*", "coxiella"],
];
// A weakened strain made dangerous again: "restore virulence to an attenuated vaccine strain".
export const REVERT = [
  ...["restore", "restoring", "reverse", "reversing", "undo", "undoing", "revert", "reverting"],
  ...["regain", "bring", "return"],
];
export const ATTENUATION = ["virulence", "virulent", "attenuation", "attenuated", "pathogenicity"];
// Grown to be let out: "grow a large batch of influenza in eggs for release".
export const FOR_RELEASE = [
  ["for", "release"],
  ["to", "release"],
  ["and", "release"],
  ["then", "release"],
  ["for", "dispersal"],
  ["to", "disperse"],
  ["and", "spread", "it"],
  ["and", "spread", "them"],
  ["then", "spread", "it"],
];
// An agent named by what it is for: "large volumes of a bacterial agent".
export const AGENT_KINDS = [
  ["bacterial", "agent*"],
  ["viral", "agent*"],
  ["biological", "agent*"],
  ["infectious", "agent*"],
];
export const PRODUCE = ["produce", "producing", "make", "making", "mass", "manufactur*"];
// Both at once, asked to be built: "engineer a virus to be highly lethal and highly contagious".
export const LETHAL = ["lethal", "deadly", "fatal", "deadlier"];
export const CONTAGIOUS = ["contagious", "transmissible", "catchy", "airborne", "infectious"];
export const MODELLING = [
  ...["vaccin*", "model*", "simulat*", "game*", "treat*", "cure*", "detect*", "prevent*"],
  ...["defen*", "protect*", "antibod*", "antivir*"],
];
