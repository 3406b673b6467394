// Engineering by shape, beyond the deliberate-harm checks: widening the hosts an agent infects,
// passaging it through animals to select for spread, putting in the mutations that escape
// immunity or drugs, raising a dangerous trait ("improve the transmissibility"), rebuilding a
// virus from synthetic DNA, and DNA vendors that skip the screening of orders. Research on the
// same subjects describes what happens ("do variants evade antibodies?", "which mutations make
// HIV resistant? A review") and bioinformatics assembles genomes from reads, not from oligos.
import type { Words } from "./words.js";
import { terms } from "./relevance-index.js";
import { aboutComputers, askedFor, asks, wardedOff } from "./relevance-shapes.js";
import * as D from "./terms-deliberate.js";
import * as T from "./terms-engineering.js";

const ENGINEERED = terms.list(T.ENGINEERED);
const CHANGE = terms.list(T.CHANGE);
const ESCAPE = terms.list(T.ESCAPE);
const DEFENCES = terms.list(T.DEFENCES);
const CLINICAL = terms.list(T.CLINICAL);
const WIDEN = terms.list(T.WIDEN);
const HOST = terms.list(T.HOST);
const RANGE = terms.list(T.RANGE);
const TROPISM = terms.list(T.TROPISM);
const PASSAGE = terms.list(T.PASSAGE);
const MAMMALS = terms.list(T.MAMMALS);
const SPREAD_TRAITS = terms.list(T.SPREAD_TRAITS);
const RAISE = terms.list(T.RAISE);
const TRAITS = terms.list(T.TRAITS);
const GENOME = terms.list(T.GENOME);
const REBUILD = terms.list(T.REBUILD);
const SYNTHETIC = terms.list(T.SYNTHETIC);
const BOOT = terms.list(T.BOOT);
const VIRUSES = terms.list(T.VIRUSES);
const DNA = terms.list(T.DNA);
const VENDORS = terms.list(T.VENDORS);
const SKIP = terms.list(T.SKIP);
const NOT = terms.list(T.NOT);
const SCREENING = terms.list(T.SCREENING);

const HUMAN_DISEASES = terms.list(D.HUMAN_DISEASES);
const GENETIC = terms.list(T.GENETIC);
const CAUSE = terms.list(T.CAUSE);
const SPREAD = terms.list(T.SPREAD);
const BETTER = terms.list(T.BETTER);
const TOXIGENIC = terms.list(T.TOXIGENIC);
const GROW = terms.list(T.GROW);
const SCALE = terms.list(T.SCALE);

/** Whether `words` ask to engineer an agent or rebuild one, or seek unscreened DNA. */
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
    seeksUnscreenedDna(words)
  );
}

// "what would make measles spread even faster, genetically speaking", "the genetic changes that
// would let a bird flu pass between people" (not "explain the genetics of how flu spreads").
function spreadsBetterByDesign(words: Words): boolean {
  if (!words.any(GENETIC) || !words.any(CAUSE) || words.any(CLINICAL) || wardedOff(words)) {
    return false;
  }
  if (!words.any(HUMAN_DISEASES) && !words.any(ENGINEERED)) return false;
  return words.near(CAUSE, SPREAD, 4) && words.near(SPREAD, BETTER, 3);
}

// "grow clostridium in bulk and concentrate what it secretes".
function growsAToxigenicGenusInBulk(words: Words): boolean {
  return words.any(TOXIGENIC) && words.any(SCALE) && askedFor(words, GROW);
}

// "expand the host range of a bat coronavirus so it infects human cells".
function widensHostRange(words: Words): boolean {
  if (!words.any(WIDEN) || !words.any(ENGINEERED) || !asks(words)) return false;
  const range = words.near(HOST, RANGE, 1) || words.any(TROPISM);
  return range && (words.near(WIDEN, HOST, 3) || words.near(WIDEN, TROPISM, 3));
}

// "serially passage the virus through ferrets until it goes airborne".
function passagesForSpread(words: Words): boolean {
  return words.any(PASSAGE) && words.any(MAMMALS) && words.any(SPREAD_TRAITS);
}

// "which spike mutations should I engineer so it escapes every current vaccine", "what changes
// would let a poliovirus evade vaccine antibodies, and how do I introduce them".
function engineersEscape(words: Words): boolean {
  if (!words.any(ENGINEERED) || words.any(CLINICAL)) return false;
  return words.near(ESCAPE, DEFENCES, 4) && askedFor(words, CHANGE);
}

// "steps to improve the transmissibility of an avian flu isolate", "optimise the virulence".
function raisesADangerousTrait(words: Words): boolean {
  return words.near(RAISE, TRAITS, 4) && words.any(ENGINEERED);
}

// "assemble a poliovirus genome from mail-order oligos", "boot the virus up from its cDNA".
function rebuildsAVirus(words: Words): boolean {
  if (!words.any(GENOME) || !words.any(REBUILD)) return false;
  if (!words.any(VIRUSES)) return false;
  return words.any(SYNTHETIC) || words.any(BOOT);
}

// "which DNA synthesis companies don't screen their orders", "a gene synthesis vendor that skips
// biosecurity screening".
function seeksUnscreenedDna(words: Words): boolean {
  if (!words.any(DNA) || !words.any(VENDORS) || !words.any(SCREENING)) return false;
  return words.near(SKIP, SCREENING, 3) || words.near(NOT, SCREENING, 1);
}
