// The two marker sets GNU grep is given as anchors, each as one POSIX ERE for `grep -E -i -c`.
// (a) The original's static marker families (security-layers-spec.md §3), written out by hand.
// (b) Every literal our scan's automaton looks for (ANCHORS), as one alternation.
// Neither is our scan: grep matches within a line and does not fold look-alike letters, and (b)
// has no phrase windows or word-boundary checks. They are what a grep-based screen would run.
import { ANCHORS } from "../../src/screen/injection/anchors.js";

/** A run of blanks, as our scan reads it (within one line only: grep works line by line). */
const S = "[[:space:]]+";

/**
 * §3 "Static marker families", one alternative per family. Where the spec's shorthand is
 * ambiguous the reading is noted: "new (system) instruction(s)|prompt:" takes the colon after
 * either word; "you are now a|an|in …" needs a blank after the word.
 */
export const SPEC_FAMILIES: readonly string[] = [
  `ignore${S}(all${S})?(your${S})?previous${S}instructions`,
  `disregard${S}(all${S})?((your|the)${S})?(previous|prior|above)${S}(instructions|prompt)`,
  `ignore${S}the${S}above`,
  `forget${S}(everything|all${S}previous|your${S}instructions)`,
  `you${S}are${S}now${S}(a|an|in)[[:space:]]`,
  `new${S}(system${S})?(instructions?|prompt):`,
  `system${S}override`,
  `do${S}not${S}tell${S}the${S}user`,
  `</?system>|<assistant>|<user>`,
  `\\[/?system]|\\[/?inst]|\\[instructions]`,
  `as${S}an${S}ai${S}(language${S})?model,?${S}you${S}(must|should|will)`,
  `reveal${S}(your${S})?(system${S})?prompt`,
  `print${S}(your${S})?(api|secret|credential|env)`,
];

export function specFamiliesEre(): string {
  return SPEC_FAMILIES.map((family) => `(${family})`).join("|");
}

/**
 * ERE metacharacters outside a bracket expression. "]" and "}" are literal on their own and GNU
 * grep 3.8 warns about a stray backslash before them, so they are left alone; "<" and ">" must
 * stay bare ("\<" is a word boundary in GNU grep).
 */
const ERE_SPECIAL = /[\\.[()*+?{|^$]/g;

export function escapeEre(literal: string): string {
  return literal.replace(ERE_SPECIAL, "\\$&").replace(/ /g, S);
}

/** The distinct anchor literals, in the automaton's order. */
export function anchorLiterals(): string[] {
  return [...new Set(ANCHORS.map((anchor) => anchor.text))];
}

export function anchorsEre(): string {
  return anchorLiterals().map(escapeEre).join("|");
}
