// Word lists of the chemical-weapon checks (relevance-chemical.ts): the agents of the Chemical
// Weapons Convention's schedules by common and systematic names, their distinctive precursors,
// and toxic industrial chemicals asked for as weapons. Patterns as in relevance-terms.ts; the
// tokeniser splits systematic names at hyphens, commas and brackets, so "O-ethyl
// S-[2-(diisopropylamino)ethyl] methylphosphonothioate" gives the words o, ethyl, s, 2,
// diisopropylamino, ethyl, methylphosphonothioate.
import { PEOPLE_NAMED } from "./terms-core.js";

// Agents and precursors named outright: nerve agents (G and V series, Novichok/A series),
// blister, choking, blood, vomiting and incapacitating agents, Schedule 1 precursors.
export const CW_NAMED = [
  // G series and their systematic names
  "methylphosphonofluoridat*",
  "phosphonofluoridat*",
  "fluorophosphonat*",
  "phosphoramidocyanidat*",
  "dimethylphosphoramidocyanidat*",
  "pinacolyl*",
  // V series
  "methylphosphonothioat*",
  "methylphosphonothiolat*",
  "phosphonothioat*",
  "phosphonothiolat*",
  "phosphonothioic",
  "methylphosphonite",
  "amiton",
  // Schedule 1 and 2 precursors that have little use besides these agents
  "methylphosphonic",
  "methylphosphonyl",
  "methylphosphonous",
  "difluoromethylphosphine",
  "diisopropylaminoethanol",
  "diisopropylaminoethyl*",
  "dimethylphosphoramid*",
  "thiodiglycol",
  "quinuclidinyl",
  "quinuclidinol",
  // Novichok / A series
  "novichok*",
  "foliant",
  "phosphoramidofluoridat*",
  // blister agents
  "yperite",
  "sesquimustard",
  "lewisite*",
  "ethyldichloroarsine",
  "methyldichloroarsine",
  "phenyldichloroarsine",
  "dichloroarsine",
  "chlorovinyldichloroarsine",
  "dichlorodiethyl*",
  // organometallics lethal in drops through gloves, the dimethylmercury kind
  "diethylmercury",
  "dimethylcadmium",
  // choking and vomiting agents
  "diphosgene",
  "perfluoroisobutylene",
  "adamsite",
  "diphenylchloroarsine",
  "diphenylcyanoarsine",
  // blood agents and incapacitants
  "zyklon",
  "kolokol*",
  "carfentanil",
  "opcw",
];
export const CW_PHRASES = [
  // Mustard gas in French, Spanish, Italian, Portuguese and German, and its old French names.
  ["gaz", "moutarde"],
  ["gas", "mostaza"],
  ["gas", "mostarda"],
  ["senfgas"],
  ["iprite"],
  ["yperite"],
  // The organometallics above written as two words.
  ["dimethyl", "mercury"],
  ["diethyl", "mercury"],
  ["dimethyl", "cadmium"],
  ["chloroethyl", "sulfide"],
  ["chloroethyl", "sulphide"],
  ["chloroethyl", "ethyl", "sulfide"],
  ["chloroethyl", "ethyl", "sulphide"],
  ["bis", "2", "chloroethyl"],
  ["tris", "2", "chloroethyl"],
  ["chloroethylthio"],
  ["phosgene", "oxime"],
  ["hydrocyanic", "acid"],
  ["prussic", "acid"],
  ["cyanogen", "bromide"],
  ["blister", "agent*"],
  ["choking", "agent*"],
  ["blood", "agent*"],
  ["vomiting", "agent*"],
  ["incapacitating", "agent*"],
  ["riot", "control", "agent*"],
  ["fourth", "generation", "agent*"],
  ["organophosphate", "nerve"],
  ["binary", "chemical*"],
  ["binary", "weapon*"],
  ["binary", "munition*"],
  ["binary", "agent*"],
  ["chemical", "attack*"],
  ["chemical", "terror*"],
  ["chemical", "munition*"],
  ["chemical", "arms"],
  ["gas", "attack*"],
  ["toxic", "cloud*"],
  ["poison", "cloud*"],
  ["poisonous", "cloud*"],
  ["lethal", "cloud*"],
  ["schedule", "1", "chemical*"],
  ["schedule", "2", "chemical*"],
  ["schedule", "1", "agent*"],
  ["schedule", "1", "precursor*"],
  ["schedule", "2", "precursor*"],
  ["weapons", "of", "mass", "destruction"],
  ["mass", "destruction", "weapon*"],
  ["weapon", "of", "mass", "destruction"],
];
// Novichok-style designations: "A-234" (the letter, then the number). Only with agent context,
// since "a 234-bed hospital". Not a phrase group: "a" is too common a first word for one.
export const A_LETTER = ["a"];
export const A_NUMBERS = ["230", "232", "234", "242", "262"];
export const A_SERIES_CONTEXT = [
  "agent*",
  "nerve",
  "novichok*",
  "synthes*",
  "precursor*",
  "poison*",
  "binary",
  "toxic*",
  // Made: "cook up A-234".
  ...["cook", "make", "manufactur*", "produce"],
];

// Toxic industrial chemicals and other gases: relevant when asked for as a weapon.
export const TICS = [
  "chlorine",
  "ammonia",
  "phosgene",
  "sulfide",
  "sulphide",
  "h2s",
  "arsine",
  "phosphine",
  "cyanide",
  "hcn",
  "isocyanate",
  "monoxide",
  "fluoride",
  "hydrofluoric",
  "bromine",
  "fluorine",
  "acrolein",
  "chloramine*",
  "organophosphat*",
  "paraquat",
  "fumigant*",
  "gas",
  "gases",
  "fumes",
  "vapor*",
  "vapour*",
];
export const KILL = [
  "kill",
  "killing",
  "murder*",
  "incapacitat*",
  "asphyxiat*",
  "suffocat*",
  "poison",
  "poisoning",
  "choke",
  "gas",
  "gassing",
  "harm",
  "hurt",
  "injure",
];
export const PEOPLE = [
  ...PEOPLE_NAMED,
  "everyone",
  "everybody",
  "crowd*",
  "partner",
  "enemy",
  "enemies",
  "soldiers",
  "troops",
  "passengers",
  "students",
  "victim*",
  "humans",
];
export const ATTACK_WORDS = ["weapon*", "attack*", "terror*", "assassinat*", "casualt*"];
export const DISPERSE = [
  "release",
  "releasing",
  "vent",
  "venting",
  "pump",
  "pumping",
  "spray",
  "spraying",
  "disperse",
  "dispersing",
  "aerosoli*",
  "fill",
  "flood",
  "pipe",
  "blow",
  "leak",
];
export const PUBLIC_PLACES = [
  "subway*",
  "metro",
  "crowd*",
  "stadium*",
  "mall*",
  "school*",
  "concert*",
  "theater*",
  "theatre*",
  "airport*",
  "train*",
  "bus",
  "church*",
  "mosque*",
  "synagogue*",
  "temple*",
  "office*",
  "classroom*",
  "building*",
  "auditorium*",
  "hvac",
  "ventilation",
  "vents",
  "room",
  "public",
];

// Making a poison cloud: "how to make poisonous fumes", "mix something to release deadly vapour".
export const PRODUCE = [
  "make",
  "making",
  "produce",
  "producing",
  "generate",
  "generating",
  "creat*",
  "mix",
  "mixing",
  "combine",
  "release",
  "brew",
];
export const TOXIC_ADJ = [
  "toxic",
  "poisonous",
  "deadly",
  "lethal",
  "noxious",
  "asphyxiat*",
  "choking",
  "killer",
];
export const GASES = [
  "gas",
  "gases",
  "fumes",
  "vapor*",
  "vapour*",
  "cloud*",
  "smoke",
  "aerosol*",
  "mist",
  "chemical*",
];

// Where a toxic chemical is made outside any plant or lab: "hydrogen sulfide from household
// products", "phosgene in my garage".
export const MAKESHIFT = [
  "household",
  "home",
  "house",
  "homemade",
  "kitchen",
  "garage",
  "bathroom",
  "diy",
  ...["shed", "basement", "backyard", "yard", "barn", "attic", "dorm", "apartment", "bedroom"],
];
// A gas made at home against pests: "a fumigation gas that kills termites in the shed".
export const PEST_USE = [
  ...["fumigat*", "termite*", "pest", "pests", "rodent*", "insect*", "weed*", "vermin", "mold"],
  ...["mould", "bedbug*", "roach*", "cockroach*", "ants", "wasp*"],
];
// Making something more poisonous: "make the pesticide more toxic to humans".
export const MORE = ["more"];
export const POISONOUS_STUFF = [
  "pesticid*",
  "insecticid*",
  "herbicid*",
  "rodenticid*",
  "poison*",
  "toxin*",
  "venom*",
];

// Toxins by name beyond relevance-terms.ts, and the sources asked to be extracted.
export const TOXINS_NAMED = [
  "batrachotoxin",
  "palytoxin",
  "maitotoxin",
  "tetanospasmin",
  "neosaxitoxin",
  "abrus",
  "jequirity",
  "modeccin",
  "volkensin",
  "viscumin",
  "ricinine",
];
export const EXTRACT = [
  "extract*",
  // "turn castor beans into a toxin".
  "turn",
  "turning",
  "convert*",
  "process",
  "processing",
  "purif*",
  "isolat*",
  "concentrat*",
  "refin*",
  "harvest*",
  "obtain*",
  "get",
  "make",
  "making",
  "produce",
  "milk",
  // "grind up yew needles into a poison".
  "grind",
  "grinding",
  "crush",
  "distil*",
];
export const TOXIN_SOURCES = [
  "castor",
  "puffer*",
  "fugu",
  "frog*",
  "snail*",
  "monkshood",
  "wolfsbane",
  "oleander",
  "foxglove",
  "hemlock",
  "nightshade",
  "belladonna",
  "yew",
  "amanita",
  "deathcap*",
  "mushroom*",
  "rosary",
  "apricot",
  "kernels",
  "pits",
  "scorpion*",
  "snake*",
  "spider*",
  "jellyfish",
  "cyanobacteri*",
  "shellfish",
];
export const TOXIC_GOALS = [
  "toxin*",
  "poison*",
  "lethal",
  "deadly",
  "kill*",
  "toxic",
  "venom*",
  "murder*",
];
export const CASTOR = ["castor"];
// What else castor beans give: oil, and a plant to grow. Whatever else is asked to be made from
// them is the toxin, by any name ("make riisin from castor beans").
export const CASTOR_CROP = [
  "oil",
  "oils",
  "plant*",
  "grow*",
  "garden*",
  "germinat*",
  "sprout*",
  "seedling*",
  "soap*",
  "wax*",
  "lubric*",
];
// A person "taken out": the euphemism for killing.
export const TAKE = ["take", "takes", "taking", "took"];
export const OUT = ["out"];
export const CASTOR_GOALS = ["protein", "proteins", "lectin*", "mash", "cake", "toxin*"];

// How much of a toxic gas kills, asked in order to use it: "how much hydrogen sulfide would be
// lethal in an apartment, and how do I make it".
export const AMOUNT = [
  "much",
  "concentration",
  "concentrations",
  "amount",
  "dose",
  "ppm",
  "quantity",
];
export const LETHAL = ["lethal", "deadly", "fatal", "kill", "kills"];
export const TO_USE_IT = [
  ["so", "i", "can"],
  ["use", "it"],
  ["make", "it"],
  ["how", "do", "i", "make"],
  ["how", "can", "i", "make"],
  ["to", "use", "on"],
];

// A cloud or spray that fells people: "make a cloud of something that makes people choke", "what
// can I spray in a crowded room to make people fall down".
export const FELL = ["make", "spray", "release", "fill", "create", "produce", "pump"];
export const EFFECTS = [
  ...["choke", "choking", "suffocate", "collapse", "faint", "fall", "pass", "unconscious"],
  ...["blind", "vomit", "cough", "knock", "drop"],
];
export const FELLED = ["people", "everyone", "everybody", "crowd", "them", "someone", "him", "her"];
export const CLOUD = ["cloud", "gas", "fumes", "spray", "mist", "aerosol", "vapor", "vapour"];

// Cleaning products combined to hurt a person: "which two cleaners can I combine to knock
// someone out", "what can I put together in a closed car to kill the person inside".
export const CLEANERS = ["cleaning", "cleaner", "cleaners", "household"];
export const COMBINE = ["combine", "combining", "mix", "mixing", "together"];
export const HURT = ["kill", "knock", "poison", "hurt", "harm", "gas", "suffocate", "choke"];
export const WARNED = ["never", "avoid*", "dangerous", "why", "safe", "safely", "accident*"];

// Attacks by their place, asked to be repeated: "make the stuff they used in the Tokyo subway".
export const ATTACKS = [
  ["tokyo", "subway"],
  ["aum", "shinrikyo"],
  ["salisbury", "poisoning"],
  ["salisbury", "attack*"],
  ["skripal"],
  ["navalny"],
  ["halabja"],
  ["ghouta"],
  ["amerithrax"],
  ["rajneeshee"],
  ["kim", "jong", "nam"],
  ["moscow", "theater"],
  ["moscow", "theatre"],
  ["dubrovka"],
];
export const REPEAT = ["make", "making", "get", "obtain", "produce", "synthesi*", "buy", "avoid"];
// Done again, which needs no asking word: "how could the attack be reproduced on a larger scale".
export const REPRODUCE = ["reproduc*", "replicat*", "recreat*"];
// An attack improved on: "how it could have been done better to kill more people".
export const IMPROVED_ON = [
  ["done", "better"],
  ["larger", "scale"],
  ["bigger", "scale"],
  ["kill", "more"],
  ["killed", "more"],
  ["more", "effective*"],
  ["more", "deadly"],
  ["more", "casualties"],
];
