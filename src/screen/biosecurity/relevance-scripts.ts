// Agents named in other scripts, where the Latin word lists see nothing: Cyrillic is spelled in
// Latin letters and read for the Russian names of agents and weapons, and Chinese, Japanese,
// Korean, Arabic and Hindi text is searched for the written names of the same. Text in Latin
// letters only (nearly all of it) is passed over by one native search.
// Linear: one pass to spell Cyrillic out, one scan of the result, and one search for a fixed set
// of literals (an alternation of plain strings, no quantifier).
import { stripInvisible } from "../text/normalize.js";
import { registerAll, terms } from "./relevance-index.js";
import * as scriptTerms from "./terms-scripts.js";
import { WRITTEN_NAMES as NAMES } from "./terms-written.js";

const T = registerAll(scriptTerms);

const CYRILLIC = /\p{Script=Cyrillic}/u;
const OTHER_SCRIPTS =
  /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WRITTEN_NAMES = new RegExp(NAMES.join("|"));

// Russian (and Ukrainian) letters as the usual English transliteration spells them.
const LATIN_OF: Readonly<Record<string, string>> = {
  а: "a",
  б: "b",
  в: "v",
  г: "g",
  ґ: "g",
  д: "d",
  е: "e",
  ё: "e",
  є: "e",
  ж: "zh",
  з: "z",
  и: "i",
  і: "i",
  ї: "i",
  й: "i",
  к: "k",
  л: "l",
  м: "m",
  н: "n",
  о: "o",
  п: "p",
  р: "r",
  с: "s",
  т: "t",
  у: "u",
  ф: "f",
  х: "kh",
  ц: "ts",
  ч: "ch",
  ш: "sh",
  щ: "shch",
  ъ: "",
  ы: "y",
  ь: "",
  э: "e",
  ю: "yu",
  я: "ya",
};

/** Whether `text` names an agent or a weapon in Cyrillic or in another script's own writing. */
export function namesAnAgentInAnotherScript(text: string): boolean {
  // Compatibility forms folded and invisible characters dropped, as for the Latin words.
  if (OTHER_SCRIPTS.test(text) && WRITTEN_NAMES.test(stripInvisible(text.normalize("NFKC")))) {
    return true;
  }
  if (!CYRILLIC.test(text)) return false;
  const words = terms.scan(spellInLatin(text));
  return words.any(T.RUSSIAN_NAMES) || words.phrase(T.RUSSIAN_PHRASES);
}

/** Cyrillic letters spelled in Latin ones; every other character as it stands. */
export function spellInLatin(text: string): string {
  const parts: string[] = [];
  for (const ch of text.toLowerCase()) parts.push(LATIN_OF[ch] ?? ch);
  return parts.join("");
}
