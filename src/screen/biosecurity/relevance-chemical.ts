// Chemical weapons beyond the classic names of relevance-terms.ts: the agents of the Chemical
// Weapons Convention's schedules by systematic name, their distinctive precursors, toxins named
// outright or asked to be extracted from their source, and toxic industrial chemicals or gases
// asked for as weapons ("how to release chlorine in a crowded subway", "how to kill someone with
// hydrogen sulfide"). Chemistry homework, industrial safety and pesticide handling name the same
// chemicals without a request to hurt people with them, so they stay out.
import type { Words } from "./words.js";
import { terms } from "./relevance-index.js";
import { askedNear, asks } from "./relevance-shapes.js";
import * as T from "./terms-chemical.js";

const CW_NAMED = terms.list(T.CW_NAMED);
const CW_PHRASES = terms.phraseGroup(T.CW_PHRASES);
const A_LETTER = terms.list(T.A_LETTER);
const A_NUMBERS = terms.list(T.A_NUMBERS);
const A_SERIES_CONTEXT = terms.list(T.A_SERIES_CONTEXT);
const TICS = terms.list(T.TICS);
const KILL = terms.list(T.KILL);
const PEOPLE = terms.list(T.PEOPLE);
const ATTACK_WORDS = terms.list(T.ATTACK_WORDS);
const DISPERSE = terms.list(T.DISPERSE);
const PUBLIC_PLACES = terms.list(T.PUBLIC_PLACES);
const PRODUCE = terms.list(T.PRODUCE);
const TOXIC_ADJ = terms.list(T.TOXIC_ADJ);
const GASES = terms.list(T.GASES);
const TOXINS_NAMED = terms.list(T.TOXINS_NAMED);
const EXTRACT = terms.list(T.EXTRACT);
const TOXIN_SOURCES = terms.list(T.TOXIN_SOURCES);
const TOXIC_GOALS = terms.list(T.TOXIC_GOALS);
const CASTOR = terms.list(T.CASTOR);
const CASTOR_GOALS = terms.list(T.CASTOR_GOALS);

/** Whether `words` name a chemical weapon or toxin, or ask for a chemical as a weapon. */
export function touchesChemicalWeapons(words: Words): boolean {
  if (words.any(CW_NAMED) || words.any(TOXINS_NAMED) || words.phrase(CW_PHRASES)) return true;
  if (words.any(A_SERIES_CONTEXT) && words.any(A_NUMBERS) && words.near(A_LETTER, A_NUMBERS, 1)) {
    return true;
  }
  if (!asks(words)) return false;
  return weaponisesAChemical(words) || makesAPoisonCloud(words) || extractsAToxin(words);
}

// A toxic industrial chemical or gas with a request to kill or hurt people, an attack, or a
// release into a public place.
function weaponisesAChemical(words: Words): boolean {
  if (!words.any(TICS)) return false;
  if (askedNear(words, KILL, PEOPLE, { gap: 3 })) return true;
  if (words.any(ATTACK_WORDS) && words.any(PEOPLE)) return true;
  return askedNear(words, DISPERSE, TICS, { gap: 4 }) && words.any(PUBLIC_PLACES);
}

// "how to make poisonous fumes", "mix two cleaners to release a deadly vapour".
function makesAPoisonCloud(words: Words): boolean {
  return askedNear(words, PRODUCE, TOXIC_ADJ, { gap: 3 }) && words.near(TOXIC_ADJ, GASES, 2);
}

// "how to extract the toxin from castor beans", "purify the poison of a puffer fish", "get the
// protein out of castor bean mash".
function extractsAToxin(words: Words): boolean {
  if (
    !askedNear(words, EXTRACT, TOXIN_SOURCES, { gap: 6 }) &&
    !askedNear(words, EXTRACT, TOXIC_GOALS, { gap: 6 })
  ) {
    return false;
  }
  if (words.any(TOXIN_SOURCES) && words.any(TOXIC_GOALS)) return true;
  return words.any(CASTOR) && words.any(CASTOR_GOALS);
}
