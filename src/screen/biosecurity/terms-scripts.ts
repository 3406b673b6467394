// Word lists of relevance-scripts.ts: the names of agents and weapons in Russian, as spelled in
// Latin letters (the written names of other scripts are in terms-written.ts). Patterns as in
// relevance-terms.ts.
// Names that are also everyday words are left out or need a second word: "novichok" is a
// beginner, "tabun" a herd of horses, "chuma" slang, "Zarina" a given name.

// Russian names, spelled in Latin letters: sarin, soman, mustard gas, lewisite, ricin, botulinum
// toxin, botulism, anthrax (the loanword), and their case endings.
export const RUSSIAN_NAMES = [
  "zarin",
  "zarinom",
  "zoman*",
  "iprit*",
  "lyuizit*",
  "ritsin*",
  "botulotoksin*",
  "botulizm*",
  "botulinich*",
  "antraks*",
  "bioterror*",
  "biooruzh*",
];
export const RUSSIAN_PHRASES = [
  // Anthrax ("Siberian ulcer") and smallpox ("natural pox").
  ["sibirsk*", "yazv*"],
  ["naturalnaya", "ospa"],
  ["naturalnoi", "ospy"],
  // Biological, bacteriological and chemical weapons; nerve agents; war gases.
  ["biologichesk*", "oruzh*"],
  ["bakteriologichesk*", "oruzh*"],
  ["khimichesk*", "oruzh*"],
  ["nervno", "paralitichesk*"],
  ["boev*", "otravlyayushch*"],
  ["novichok", "agent*"],
  ["agent*", "novichok"],
];
