// Word lists of relevance-abroad.ts: harmful requests asked in French, Spanish, Italian,
// Portuguese or German. Accents are dropped before matching ("empoisonner", "züchten" →
// "zuchten"), so the lists are written without them. Patterns as in relevance-terms.ts.

// People and animals close to the asker, in those languages.
export const VICTIMS_ABROAD = [
  ...["mari", "femme", "epouse", "voisin", "voisins", "voisine", "chien", "chat", "enfant"],
  ...["enfants", "patron", "collegue", "collegues", "belle", "soeur", "frere", "pere", "mere"],
  ...["esposa", "esposo", "marido", "mujer", "vecino", "vecinos", "vecina", "perro", "gato"],
  ...["jefe", "companero", "hermano", "hermana", "suegra", "hijo", "hija", "padre", "madre"],
  ...["nachbar", "nachbarn", "nachbarin", "hund", "katze", "frau", "mann", "ehemann", "chef"],
  ...["kollege", "kollegen", "schwester", "bruder", "vater", "mutter", "schwiegermutter"],
  ...["moglie", "marito", "vicino", "vicini", "cane", "gatto", "collega", "capo"],
  ...["marido", "vizinho", "vizinha", "cachorro", "chefe", "colega"],
];
// Plague named in French, Italian, Spanish or Portuguese ("la peste"), with the verbs of growing
// or spreading it in those languages (accents are dropped before matching).
export const PESTE = ["peste"];
export const GROW_OR_SPREAD_ABROAD = [
  "cultiver",
  "produire",
  "fabriquer",
  "repandre",
  "propager",
  "disperser",
  "cultivar",
  "producir",
  "fabricar",
  "propagar",
  "esparcir",
  "difundir",
  "produzir",
  "espalhar",
  "coltivare",
  "produrre",
  "diffondere",
  "spargere",
];
// A dangerous germ made or grown, asked in French, Spanish, Italian, Portuguese or German
// ("comment fabriquer un virus mortel", "wie züchtet man gefährliche Bakterien").
export const MAKE_ABROAD = [
  "fabriquer",
  "produire",
  "cultiver",
  "creer",
  "hacer",
  "fabricar",
  "producir",
  "cultivar",
  "crear",
  "fazer",
  "produzir",
  "criar",
  "produrre",
  "fabbricare",
  "coltivare",
  "creare",
  "herstell*",
  "zucht*",
  "zuchten",
  "zuchtet",
  "machen",
];
export const DANGER_ABROAD = [
  "mortel*",
  "mortal*",
  "mortale*",
  "letal*",
  "dangereu*",
  "peligros*",
  "pericolos*",
  "perigos*",
  "gefahrlich*",
  "todlich*",
];
export const GERMS_ABROAD = [
  "virus",
  "bacteri*",
  "bakterie*",
  "batteri*",
  "germe*",
  "erreger*",
  "keim*",
  "microbe*",
  "microbi*",
  "mikrobe*",
  "patogen*",
  "pathogene*",
  "toxin*",
  "toxina*",
  "tossin*",
];
// Poisoning people, asked in Spanish, French, Italian, German or Portuguese: the verb with a
// person or a toxin ("cómo producir toxina para envenenar a la gente").
export const POISON_ABROAD = [
  "envenenar",
  "envenene",
  "envenenarla",
  "envenenarlo",
  "empoisonner",
  "empoisonne",
  "empoisonnez",
  "avvelenare",
  "avveleno",
  "vergiften",
  "vergifte",
  "vergiftet",
  "envenenamiento",
];
export const PEOPLE_OR_TOXIN_ABROAD = [
  // The water a town drinks: "empoisonner l'eau potable", "envenenar el agua".
  ...["eau", "agua", "wasser", "acqua", "trinkwasser", "potable"],
  "gente",
  "personas",
  "alguien",
  "personne*",
  "quelqu",
  "persone",
  "qualcuno",
  "leute",
  "menschen",
  "jemand*",
  "pessoas",
  "toxina*",
  "toxine*",
  "tossin*",
  "veneno",
  "gift",
  // A person or an animal close to the asker: "le chien de mon voisin", "a mi esposa".
  ...VICTIMS_ABROAD,
  // A well or a reservoir: "le puits", "el pozo", "den Brunnen".
  ...["puits", "reservoir", "pozo", "embalse", "brunnen", "pozzo", "poco"],
];

// Killing, and a poison named as a noun: "quel poison pour tuer mon mari", "welches Gift".
export const KILL_ABROAD = [
  ...["tuer", "assassiner", "matar", "matarla", "matarlo", "asesinar", "toten", "umbringen"],
  ...["ermorden", "uccidere", "ammazzare", "assassinar"],
];
export const POISON_NOUNS_ABROAD = ["poison", "poisons", "veneno", "venenos", "gift", "veleno"];
// A poison that escapes a post-mortem: "indétectable", "no se detecta en una autopsia".
export const UNDETECTED_ABROAD = [
  ...["indetectable*", "indetectavel", "irrilevabile", "nachweisbar", "autopsie", "autopsia"],
  ...["obduktion", "rastrear", "rastreable", "introuvable", "intracciabile"],
];
// Passing a disease to a person: "infecter quelqu'un", "contagiar a alguien", "anstecken".
export const INFECT_ABROAD = [
  ...["infecter", "contaminer", "contagier", "transmettre", "refiler"],
  ...["infectar", "contaminar", "contagiar", "contagiarle", "contagiarla", "transmitir", "pegar"],
  ...["anstecken", "anzustecken", "infizieren", "ubertragen"],
  ...["infettare", "contagiare", "trasmettere"],
];
export const PERSONS_ABROAD = [
  ...["quelqu", "personne", "gens", "alguien", "gente", "personas", "persona", "jemand"],
  ...["jemanden", "leute", "menschen", "qualcuno", "persone", "alguem", "pessoas"],
  ...VICTIMS_ABROAD,
];
export const DISEASES_ABROAD = [
  ...["maladie*", "enfermedad*", "krankheit*", "seuche*", "malattia", "malattie", "doenca*"],
  ...["vih", "hiv", "sida", "tuberculos*", "tuberkulose", "grippe", "gripe", "covid*"],
  ...["cholera", "colera", "rage", "rabia", "tollwut", "variole", "viruela", "pocken"],
  ...["infection", "infeccion", "infektion", "infezione", "hepatit*", "herpes", "sifilis"],
  ...["syphilis", "ebola", "salmonel*", "meningit*", "rougeole", "sarampion"],
  ...["masern", "morbillo", "sarampo", "tetanos", "tetanus", "sepsis", "septicemie"],
];
// On purpose or in secret: "volontairement", "a propósito", "heimlich".
export const ON_PURPOSE_ABROAD = [
  ...["volontairement", "expres", "deliberement", "intentionnellement", "secretement"],
  ...["proposito", "adrede", "deliberadamente", "intencionadamente", "escondidas"],
  ...["absichtlich", "heimlich", "vorsatzlich", "apposta", "deliberatamente", "proposito"],
];
// Made worse: "plus contagieux", "más letal", "ansteckender", "più contagioso".
export const WORSE_ABROAD = [
  ["plus", "contagieu*"],
  ["plus", "mortel*"],
  ["plus", "transmissible*"],
  ["plus", "virulent*"],
  ["plus", "dangereu*"],
  ["mas", "contagios*"],
  ["mas", "mortal*"],
  ["mas", "letal*"],
  ["mas", "transmisible*"],
  ["mas", "virulent*"],
  ["mas", "peligros*"],
  ["ansteckender*"],
  ["todlicher*"],
  ["gefahrlicher*"],
  ["infektioser*"],
  ["piu", "contagios*"],
  ["piu", "letal*"],
  ["piu", "mortal*"],
  ["mais", "contagios*"],
  ["mais", "letal*"],
];
export const CHANGE_ABROAD = [
  ...["rendre", "rends", "rendrait", "modifier", "hacer", "hago", "volver", "modificar"],
  ...["machen", "mache", "macht", "verandern", "rendere", "modificare", "tornar", "fazer"],
];
// Nerve agents by their names in those languages: "agent neurotoxique", "Nervenkampfstoff".
export const NERVE_AGENTS_ABROAD = [
  ...["neurotoxique*", "neurotoxico*", "neurotoxica*", "neurotossic*", "nervenkampfstoff*"],
  ...["nervengift*", "kampfstoff*"],
];
// Set loose among people or herds: "liberar un patógeno en el metro".
export const RELEASE_ABROAD = [
  ...["liberer", "liberar", "freisetzen", "freizusetzen", "verbreiten", "verteilen"],
  ...["rilasciare", "liberare", "libertar", "espalhar"],
];
export const CROWDS_ABROAD = [
  ...["metro", "ville", "foule", "ecole", "betail", "troupeau", "ciudad", "multitud"],
  ...["escuela", "ganado", "rebano", "stadt", "menge", "schule", "vieh", "herde", "bahn"],
  ...["citta", "folla", "scuola", "bestiame", "cidade", "multidao", "escola", "gado"],
  ...["gens", "gente", "personas", "leute", "menschen", "persone", "pessoas"],
];
// An attack: "pour une attaque", "para un atentado", "für einen Anschlag".
export const ATTACK_ABROAD = [
  ...["attaque", "attentat", "ataque", "atentado", "anschlag", "angriff", "attacco"],
  ...["attentato", "terroris*"],
];
// Anthrax by its French name: "la bactérie du charbon", "la maladie du charbon".
export const ANTHRAX_ABROAD = [
  ["bacterie", "du", "charbon"],
  ["maladie", "du", "charbon"],
];
// Warded off: "comment éviter de contaminer quelqu'un", "cómo prevenir".
export const GUARDS_ABROAD = [
  ...["eviter", "evite", "prevenir", "proteger", "empecher", "traiter", "soigner", "symptome*"],
  ...["evitar", "prevenir", "tratar", "sintoma*", "vermeiden", "verhindern", "schutzen"],
  ...["behandeln", "symptom*", "evitare", "prevenire", "curare", "sintom*", "vacun*", "vaccin*"],
  ...["impf*", "vacin*"],
];
// Computers, where a virus infects files: "virus informatique", "Computervirus".
export const COMPUTERS_ABROAD = [
  ...["informatique*", "ordinateur*", "logiciel*", "fichier*", "reseau", "ordenador*"],
  ...["computadora*", "informatico*", "archivo*", "rechner", "computer*", "datei*"],
  ...["netzwerk*", "software", "malware", "antivirus", "programme", "programa", "programm"],
];

// Deadly poisons and gases asked for in other languages (accents are folded before matching).
export const FOREIGN_DEADLY = [
  ["poison", "mortel*"],
  ["poisons", "mortels"],
  ["gaz", "toxique*"],
  ["gaz", "mortel*"],
  ["veneno", "mortal*"],
  ["veneno", "letal*"],
  ["gas", "toxico*"],
  ["gas", "letal*"],
  ["veleno", "mortal*"],
  ["gas", "tossico"],
  ["todliche*", "gift*"],
  ["giftgas*"],
  ["nervengift*"],
];
export const FOREIGN_MAKE = [
  "fabriquer",
  "fabrique",
  "produire",
  "preparer",
  "herstellen",
  "machen",
  "hacer",
  "fabricar",
  "producir",
  "preparar",
  "sintetizar",
  "fare",
  "produrre",
  "preparare",
  "synthetiser",
  "synthetisieren",
];
