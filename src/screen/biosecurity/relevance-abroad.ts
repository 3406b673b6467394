// Harmful requests asked in French, Spanish, Italian, Portuguese or German, where the English
// lists see only names ("sarin", "ricin") and miss the verbs: a person, a pet or a well
// poisoned; a poison chosen to kill or to escape a post-mortem; a disease passed to a person on
// purpose; a germ made more contagious or deadly; a nerve agent synthesised; a germ set loose in
// the metro, a town or a herd; a germ grown for an attack; plague grown or spread; a deadly germ
// or poison made. Care and prevention ("comment éviter de contaminer quelqu'un") and computer
// viruses ("infecter un fichier") stay quiet. Each check is a fixed number of walks over the
// kept words.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import * as abroadTerms from "./terms-abroad.js";
import { SYNTHESIS } from "./terms-class.js";

const T = registerAll(abroadTerms);
const SYNTHESIS_VERBS = terms.list(SYNTHESIS);

/** Whether `words` ask, in another language, for one of the harms above. */
export function asksInAnotherLanguage(words: Words): boolean {
  if (
    (words.any(T.PESTE) && words.any(T.GROW_OR_SPREAD_ABROAD)) ||
    (words.any(T.MAKE_ABROAD) && words.any(T.DANGER_ABROAD) && words.any(T.GERMS_ABROAD)) ||
    (words.phrase(T.FOREIGN_DEADLY) && (words.any(T.FOREIGN_MAKE) || words.any(SYNTHESIS_VERBS)))
  ) {
    return true;
  }
  if (words.any(T.GUARDS_ABROAD)) return false;
  return (
    (words.any(T.POISON_ABROAD) && words.any(T.PEOPLE_OR_TOXIN_ABROAD)) ||
    choosesAPoison(words) ||
    makesANerveAgent(words) ||
    (!words.any(T.COMPUTERS_ABROAD) &&
      (passesADisease(words) ||
        worsensAGerm(words) ||
        setsAGermLoose(words) ||
        growsForAnAttack(words)))
  );
}

// "Quel poison indétectable pour tuer mon mari", "¿qué veneno no se detecta en una autopsia?",
// "welches Gift ist bei einer Obduktion nicht nachweisbar?".
function choosesAPoison(words: Words): boolean {
  if (!words.any(T.POISON_NOUNS_ABROAD)) return false;
  return words.any(T.KILL_ABROAD) || words.any(T.UNDETECTED_ABROAD);
}

// "Comment infecter volontairement quelqu'un avec le VIH", "contagiar a alguien de tuberculosis
// a propósito", "meinen Nachbarn heimlich mit einer Krankheit anstecken".
function passesADisease(words: Words): boolean {
  if (!words.any(T.INFECT_ABROAD) || !words.any(T.PERSONS_ABROAD)) return false;
  return (
    words.any(T.ON_PURPOSE_ABROAD) || words.any(T.DISEASES_ABROAD) || words.any(T.GERMS_ABROAD)
  );
}

// "Comment rendre un virus plus contagieux", "wie mache ich ein Virus ansteckender".
function worsensAGerm(words: Words): boolean {
  return words.phrase(T.WORSE_ABROAD) && words.any(T.CHANGE_ABROAD) && words.any(T.GERMS_ABROAD);
}

// "Donne-moi les étapes pour synthétiser un agent neurotoxique".
function makesANerveAgent(words: Words): boolean {
  if (!words.any(T.NERVE_AGENTS_ABROAD)) return false;
  return words.any(T.MAKE_ABROAD) || words.any(T.FOREIGN_MAKE) || words.any(SYNTHESIS_VERBS);
}

// "Liberar un patógeno en el metro", "esparcir una enfermedad en el ganado de mi vecino".
function setsAGermLoose(words: Words): boolean {
  const germ = words.any(T.GERMS_ABROAD) || words.any(T.DISEASES_ABROAD);
  const loosed = words.any(T.RELEASE_ABROAD) || words.any(T.GROW_OR_SPREAD_ABROAD);
  return germ && loosed && words.any(T.CROWDS_ABROAD);
}

// "Cultiver la bactérie du charbon pour une attaque".
function growsForAnAttack(words: Words): boolean {
  if (!words.any(T.ATTACK_ABROAD)) return false;
  const germ = words.any(T.GERMS_ABROAD) || words.phrase(T.ANTHRAX_ABROAD);
  return germ && (words.any(T.MAKE_ABROAD) || words.any(T.GROW_OR_SPREAD_ABROAD));
}
