// Engineering by shape, beyond the deliberate-harm checks: widening the hosts an agent infects,
// passaging it through animals to select for spread, putting in the mutations that escape
// immunity or drugs, raising a dangerous trait ("improve the transmissibility"), rebuilding a
// virus from synthetic DNA, DNA vendors that skip the screening of orders, a toxin or resistance
// gene put into a germ, attenuation undone, a germ grown in bulk for release, and one built to
// be both lethal and contagious. Research on the
// same subjects describes what happens ("do variants evade antibodies?", "which mutations make
// HIV resistant? A review") and bioinformatics assembles genomes from reads, not from oligos.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import { aboutComputers, askedFor, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as D from "./terms-deliberate.js";
import * as engineeringTerms from "./terms-engineering.js";

const T = registerAll(engineeringTerms);

const HUMAN_DISEASES = terms.list(D.HUMAN_DISEASES);

/** Whether `words` ask to engineer an agent or rebuild one, or seek unscreened T.DNA. */
export function engineersOrRebuilds(words: Words): boolean {
  if (aboutComputers(words)) return false;
  return (
    spreadsBetterByDesign(words) ||
    growsAToxigenicGenusInBulk(words) ||
    widensHostRange(words) ||
    passagesForSpread(words) ||
    engineersEscape(words) ||
    raisesADangerousTrait(words) ||
    rebuildsAVirus(words) ||
    designsAGermForPeople(words) ||
    seeksUnscreenedDna(words) ||
    armsAGermWithGenes(words) ||
    undoesAttenuation(words) ||
    growsForRelease(words) ||
    makesItLethalAndContagious(words)
  );
}

// "insert a toxin gene into a common cold virus", "add antibiotic resistance genes into plague
// bacteria": a gene that harms, asked to be put into a germ people catch or a threat agent.
function armsAGermWithGenes(words: Words): boolean {
  if (!words.phrase(T.TOXIN_GENES) || !words.any(T.CARRIERS) || words.any(T.GENE_THERAPY)) {
    return false;
  }
  return askedFor(words, T.INSERT) && words.near(T.INTO, T.CARRIERS, 4);
}

// "restore virulence to an attenuated vaccine strain", "reverse the attenuation of a live
// vaccine virus". How reversion happens in the field is described, not asked for.
function undoesAttenuation(words: Words): boolean {
  return askedNear(words, T.REVERT, T.ATTENUATION, { gap: 4 }) && !wardedOff(words);
}

// "grow a large batch of influenza in eggs for release", "use a home fermenter to produce large
// volumes of a bacterial agent".
function growsForRelease(words: Words): boolean {
  if (words.phrase(T.FOR_RELEASE) && words.any(T.ENGINEERED) && askedFor(words, T.GROW)) {
    return true;
  }
  return words.phrase(T.AGENT_KINDS) && words.any(T.SCALE) && askedFor(words, T.PRODUCE);
}

// "how would a character engineer a virus to be both highly lethal and highly contagious".
function makesItLethalAndContagious(words: Words): boolean {
  if (!words.any(T.LETHAL) || !words.any(T.CONTAGIOUS) || words.any(T.MODELLING)) return false;
  return askedNear(words, T.DESIGN, T.GERMS, { gap: 3 });
}

// "what would make measles spread even faster, genetically speaking", "the genetic changes that
// would let a bird flu pass between people", or escape immunity (not "explain the genetics of
// how flu spreads").
function spreadsBetterByDesign(words: Words): boolean {
  // "what changes would let", wished for, counts as genetic as much as "mutations".
  const genetic = words.any(T.GENETIC) || (words.any(T.CHANGES) && words.near(T.MODAL, T.CAUSE, 1));
  if (!genetic || !words.any(T.CAUSE) || words.any(T.CLINICAL) || wardedOff(words)) return false;
  if (!words.any(HUMAN_DISEASES) && !words.any(T.ENGINEERED)) return false;
  if (words.near(T.CAUSE, T.SPREAD, 6) && words.near(T.SPREAD, T.BETTER, 3)) return true;
  // "which edits would help a measles virus slip past vaccine immunity".
  return (
    words.near(T.MODAL, T.CAUSE, 1) &&
    words.near(T.CAUSE, T.ESCAPE, 6) &&
    words.near(T.ESCAPE, T.DEFENCES, 4)
  );
}

// "grow clostridium in bulk and concentrate what it secretes".
function growsAToxigenicGenusInBulk(words: Words): boolean {
  return words.any(T.TOXIGENIC) && words.any(T.SCALE) && askedFor(words, T.GROW);
}

// "expand the host range of a bat coronavirus so it infects human cells".
function widensHostRange(words: Words): boolean {
  if (!words.any(T.WIDEN) || !words.any(T.ENGINEERED) || !asks(words)) return false;
  const range = words.near(T.HOST, T.RANGE, 1) || words.any(T.TROPISM);
  // "widen the host range", "the host range be expanded".
  if (words.near(T.WIDEN, T.HOST, 3) || words.near(T.WIDEN, T.TROPISM, 3)) return range;
  return range && (words.near(T.RANGE, T.WIDEN, 3) || words.near(T.TROPISM, T.WIDEN, 3));
}

// "serially passage the virus through ferrets until it goes airborne".
function passagesForSpread(words: Words): boolean {
  return words.any(T.PASSAGE) && words.any(T.MAMMALS) && words.any(T.SPREAD_TRAITS);
}

// "which spike mutations should I engineer so it escapes every current vaccine", "what changes
// would let a poliovirus evade vaccine antibodies, and how do I introduce them".
function engineersEscape(words: Words): boolean {
  if (!words.any(T.ENGINEERED) || words.any(T.CLINICAL)) return false;
  return words.near(T.ESCAPE, T.DEFENCES, 4) && askedFor(words, T.CHANGE);
}

// "steps to improve the transmissibility of an avian flu isolate", "optimise the virulence".
function raisesADangerousTrait(words: Words): boolean {
  return words.near(T.RAISE, T.TRAITS, 4) && words.any(T.ENGINEERED);
}

// "assemble a poliovirus genome from mail-order oligos", "boot the virus up from its cDNA".
// "synthesize a poliovirus from scratch" or "from mail-order DNA": the virus itself, asked to be
// made from nothing but DNA.
function rebuildsAVirus(words: Words): boolean {
  if (!words.any(T.REBUILD) || !words.any(T.VIRUSES)) return false;
  if (words.any(T.GENOME)) return words.any(T.SYNTHETIC) || words.any(T.BOOT);
  const fromNothing =
    words.any(T.FROM_NOTHING) ||
    words.near(T.BOUGHT, T.BOUGHT_DNA, 2) ||
    words.near(T.BOUGHT_DNA, T.BOUGHT, 2);
  return fromNothing && askedNear(words, T.REBUILD, T.VIRUSES, { gap: 3 });
}

// "engineer a virus that stays dormant and then activates in people", "design a bacterium that
// only harms humans": a germ designed, asked for, to act in people. Not vectors, vaccines or
// therapies.
function designsAGermForPeople(words: Words): boolean {
  if (!words.any(T.HUMANS) || words.any(T.THERAPY) || words.any(T.CLINICAL)) return false;
  return askedNear(words, T.DESIGN, T.GERMS, { gap: 3 });
}

// "which DNA synthesis companies don't screen their orders", "a gene synthesis vendor that skips
// biosecurity screening".
function seeksUnscreenedDna(words: Words): boolean {
  if (!words.any(T.DNA) || !words.any(T.VENDORS) || !words.any(T.SCREENING)) return false;
  return words.near(T.SKIP, T.SCREENING, 3) || words.near(T.NOT, T.SCREENING, 1);
}
