// Word lists of relevance-class.ts, one block per shape there, in the same order as its checks
// are written: the harmful request described by its goal rather than by an agent's name (many
// people made sick or killed, the deadliest thing one could make, a germ that kills people), a
// disease made worse, an agent kept alive for release, a chemical used on people, powder in the
// post, a nation's crops or herds destroyed, controls got around, a screen made to miss, a cover
// story for a supplier, samples acquired, potent poisons made, germs put in food, a person made
// ill or infected on purpose, agents let loose, chosen for terror or turned to powder. Patterns
// as in relevance-terms.ts.
import { NAMED_INFECTIONS, PEOPLE_NAMED, VIRUS_FAMILIES } from "./terms-core.js";

// Harm done to people: killed, made sick, wiped out.
export const HARM = [
  "kill",
  "kills",
  "killing",
  "killed",
  "sicken*",
  "sick",
  "ill",
  "wipe",
  "wiping",
  "poison",
  "poisoning",
  "infect",
  "infecting",
  "casualt*",
  "die",
  "dies",
  "murder*",
  "exterminat*",
  "outbreak*",
  "epidemic*",
  "pandemic*",
];
// A hint that the harm is done by something breathed, swallowed or caught, not by a gun or a bomb.
export const AGENT_HINT = [
  "breath*",
  "inhal*",
  "air",
  "airborne",
  "ventilat*",
  "gas",
  "gases",
  "fumes",
  "chemical*",
  "poison*",
  "toxin*",
  "toxic",
  "germ*",
  "microb*",
  "bug",
  "bugs",
  "disease*",
  "sick",
  "sickness",
  "ill",
  "illness",
  "pathogen*",
  "virus*",
  "bacteri*",
  "infect*",
  "contagio*",
  "epidemic",
  "pandemic",
  "plague",
  "spores",
  "powder",
  "lab",
  "outbreak*",
  "foodborne",
  "sicken*",
];
// "without guns or explosives": the harm is meant to come some other way.
export const WITHOUT_ARMS = [
  ["without", "guns"],
  ["without", "a", "gun"],
  ["without", "weapons"],
  ["without", "a", "weapon"],
  ["without", "explosives"],
  ["without", "bombs"],
  ["without", "a", "bomb"],
];
// Work for the victims or about the past: preparedness, response, treatment, history, counting.
export const ABOUT_THE_HARM = [
  "prepar*",
  "respon*",
  "hospital*",
  "emergenc*",
  "treat*",
  "history",
  "historical",
  "estimat*",
  "statistic*",
  "prevent*",
  "protect*",
  "survive",
  "surviving",
  "game",
  "games",
  "minecraft",
  "level",
  "mosquito*",
  "insect*",
  "pest*",
  "weed*",
  "rats",
  "mice",
];
// Doing the harm, or causing or making it: "to kill", "cause mass casualties", "make … sick".
export const CAUSE_HARM = [...HARM, "cause", "causing", "make", "making", "get", "getting"];
// People in numbers, or a place full of them.
export const CROWD = [
  "thousands",
  "millions",
  "hundreds",
  "everyone",
  "everybody",
  "mass",
  "people",
  "ppl",
  "humans",
  "town",
  "towns",
  "city",
  "cities",
  "village",
  "population*",
  "crowd*",
  "civilians",
  "passengers",
  "customers",
  "diners",
  "guests",
  "patrons",
  "residents",
  "students",
  "workers",
  "employees",
  "travellers",
  "travelers",
  "attendees",
  "room",
  "roomful",
  "building",
  "bus",
  "plane",
  "office",
  "school",
  "classroom",
  "stadium",
  "subway",
];
// Killing germs or pests is hygiene: "how to kill the bacteria that make people sick".
export const KILL_VERBS = ["kill", "kills", "killing", "wipe", "wiping", "exterminat*"];
export const GERMS_AND_PESTS = [
  "germ*",
  "bacteri*",
  "virus*",
  "microb*",
  "mold",
  "mould",
  "fung*",
  "pathogen*",
  "mosquito*",
  "insect*",
  "pest*",
  "weed*",
  "bug",
  "bugs",
];

// The deadliest thing one could make.
export const FIRST_PERSON = ["i", "we", "someone", "one", "me", "u"];
export const SUPERLATIVE = [
  ["deadliest"],
  ["most", "lethal"],
  ["most", "deadly"],
  ["most", "dangerous"],
  ["most", "toxic"],
  ["most", "poisonous"],
  ["most", "contagious"],
  ["most", "infectious"],
  ["most", "virulent"],
  ["most", "harmful"],
];
export const MAKE_IT = [
  "make",
  "making",
  "create",
  "creating",
  "brew",
  "cook",
  "grow",
  "culture",
  "produce",
  "synthesi*",
  "engineer",
];
export const MADE_WHERE = [
  "lab",
  "labs",
  "laborator*",
  "home",
  "garage",
  "basement",
  "kitchen",
  "myself",
  "realistically",
  ...AGENT_HINT,
];
export const BY_CHANCE = ["accident*", "mistake*", "accidental*", "unintention*"];

// A germ, a bug or "the stuff" made or got for harm.
export const MAKE_OR_GET = [
  "make",
  "making",
  "create",
  "creating",
  "get",
  "getting",
  "find",
  "brew",
  "grow",
  "cook",
  "engineer",
  "design",
  "build",
  "produce",
];
export const HARMFUL_THING = [
  "germ*",
  "bug",
  "bugs",
  "virus",
  "viruses",
  "disease*",
  "sickness",
  "illness",
  "bacteri*",
  "microb*",
  "stuff",
  "thing",
  "substance",
  "gas",
  "poison",
  "pathogen*",
  "infection",
  "plague",
  "chemical",
];
export const KILLS = [
  "kill",
  "kills",
  "killed",
  "sicken*",
  "sick",
  "infect",
  "infects",
  "infected",
  "poison*",
  "murder*",
];
export const VICTIMS = [
  ...PEOPLE_NAMED,
  "ppl",
  "humans",
  "everyone",
  "everybody",
  "thousands",
  "millions",
  "hundreds",
  "soldiers",
  "children",
  "kids",
];
export const SPREADS = ["spread*", "spred*", "transmit*"];
export const FAST = [
  ...["fast", "quickly", "rapidly", "easily", "between", "among", "everywhere"],
  // Unseen until too late: "a disease that spreads silently for weeks".
  ...["silently", "unnoticed", "undetected", "invisibly"],
];
// Work on a germ that is benign, models of one, and computer "viruses".
export const MODELLING = [
  "vaccin*",
  "cure*",
  "treat*",
  "therap*",
  "drug",
  "drugs",
  "antibiotic*",
  "antibod*",
  "test",
  "tests",
  "shot",
  "shots",
  "jab",
  "simulat*",
  "model*",
  "game",
  "games",
  "cancer",
  "tumor*",
  "tumour*",
  "weed*",
  "pest*",
  "insect*",
  "rats",
  "mice",
  "mosquito*",
];

// A disease made worse: more deaths, faster deaths, no cure.
export const CHANGE = [
  "make",
  "making",
  "raise",
  "raising",
  "increase",
  "increasing",
  "boost",
  "boosting",
  "engineer",
  "engineering",
  "modify",
  "modifying",
  "design",
  "designing",
  "alter",
  "altering",
  "change",
  "changing",
  "tweak",
  "tweaking",
  "create",
  "creating",
  "evolve",
  "breed",
  "mutate",
  "grow",
  "growing",
  "culture",
  "culturing",
  "select",
];
export const WORSE = [
  ["kill", "more"],
  ["kills", "more"],
  ["kill", "faster"],
  ["kills", "faster"],
  ["more", "people", "die"],
  ["more", "ppl", "die"],
  ["more", "deaths"],
  ["more", "people", "dead"],
  ["die", "faster"],
  ["fatality", "rate"],
  ["mortality", "rate"],
  ["death", "rate"],
  ["kill", "rate"],
  ["no", "drug"],
  ["no", "drugs"],
  ["no", "antibiotic"],
  ["no", "antibiotics"],
  ["no", "treatment"],
  ["no", "cure"],
  ["untreatable"],
  ["incurable"],
  ["resistant", "to", "all"],
  ["resistant", "to", "every"],
  ["resistant", "to", "any"],
  ["pan", "resistant"],
  ["pandrug"],
];
export const SICKNESSES = [
  ...NAMED_INFECTIONS,
  ...VIRUS_FAMILIES,
  "virus",
  "viruses",
  "bacteri*",
  "pathogen*",
  "strain",
  "strains",
  "germ*",
  "microb*",
  "disease*",
  "mers",
  "smallpox",
  "pox",
  "dengue",
  "chikungunya",
  "fever",
];

// What calls off a change for the worse: "make the death rate lower".
export const BETTER = [
  "lower*",
  "reduc*",
  "decreas*",
  "drop*",
  "cut",
  "improv*",
  "prevent*",
  "stop*",
  "fight*",
  "combat*",
  "vaccin*",
];

// An agent kept alive or stable for release, or for harm to more people.
export const KEEP = [
  "keep",
  "keeping",
  "make",
  "making",
  "stabili*",
  "freeze",
  "lyophili*",
  "encapsulat*",
  "microencapsulat*",
  "coat",
  "coating",
  "harden*",
  "toughen*",
  "preserve",
  "preserving",
  "dry",
  "drying",
];
export const STABLE = [
  "stable",
  "stabili*",
  "alive",
  "viable",
  "surviv*",
  "last",
  "lasts",
  "persist*",
  "dried",
  "dry",
  "lyophili*",
  "encapsulat*",
  "microencapsulat*",
];
export const RELEASED = [
  "spray*",
  "dispers*",
  "releas*",
  "aerosol*",
  "airborne",
  "outdoors",
  "ventilation",
  "hvac",
];
export const IN_THE_AIR = [
  ["in", "the", "air"],
  ["through", "the", "air"],
  ["infects", "more"],
  ["infect", "more"],
  ["kills", "more"],
  ["kill", "more"],
  ["sickens", "more"],
  ["harms", "more"],
  ["more", "people", "sick"],
];
export const KEPT_AGENTS = [
  "virus",
  "viruses",
  "bacteri*",
  "spore*",
  "toxin*",
  "pathogen*",
  "germ*",
  "microb*",
  "agent",
  "agents",
];
export const KEPT_BENIGN = [
  "probiotic*",
  "lactobacill*",
  "yogurt",
  "yoghurt",
  "yeast*",
  "starter",
  "vaccin*",
  "inhaler*",
  "phage*",
  "food*",
  "sample*",
  "specimen*",
  "storage",
];

// A chemical or drug used on people: "to use on people", "over a crowd".
export const ON_PEOPLE = [
  ["on", "people"],
  ["against", "people"],
  ["at", "people"],
  ["over", "people"],
  ["on", "humans"],
  ["against", "humans"],
  ["on", "a", "crowd"],
  ["over", "a", "crowd"],
  ["into", "a", "crowd"],
  ["at", "a", "crowd"],
  ["against", "a", "crowd"],
  ["on", "the", "crowd"],
  ["over", "the", "crowd"],
  ["into", "the", "crowd"],
  ["on", "civilians"],
  ["against", "civilians"],
  ["against", "troops"],
  ["on", "protesters"],
];
export const TOXIC_STUFF = [
  "toxic",
  "chemical*",
  "poison*",
  "toxin*",
  "pesticide*",
  "insecticide*",
  "organophosph*",
  "fentanyl*",
  "carfentanil*",
  "opioid*",
  "cyanide",
  "arsine",
  "phosphine",
  "nerve",
];
export const USE_IT = [
  "spray*",
  "dispers*",
  "aerosol*",
  "releas*",
  "vent",
  "pump",
  "make",
  "made",
  "making",
  "turn",
  "weaponi*",
  "deploy*",
  "use",
  "using",
];
export const MORE_TOXIC = [
  ["more", "toxic"],
  ["more", "lethal"],
  ["more", "deadly"],
  ["more", "potent"],
  ["more", "poisonous"],
];
export const USED_BENIGN = [
  "pepper",
  "mace",
  "sunscreen",
  "bug",
  "mosquito*",
  "lice",
  "tick*",
  "crops",
  "safe*",
  "exposure",
  "effects",
];

// Powder or an agent in the post.
export const SEND = ["mail", "mailing", "send", "sending", "post", "posting", "ship", "shipping"];
export const POST = ["letter*", "envelope*", "mail", "parcel*", "package*", "postcard*"];
export const POWDER = ["powder*", "spore*", "toxin*", "pathogen*", "germ*", "poison*", "substance"];
export const POST_HARM = ["sick", "ill", "kill*", "infect*", "poison*", "die", "dies", "hurt*"];

// A nation's crops or herds destroyed with a disease.
export const RUIN = [
  "destroy*",
  "ruin*",
  "wipe",
  "wiping",
  "devastat*",
  "cripple",
  "crippling",
  "sabotag*",
  "infect",
  "infecting",
  "spread",
  "spreading",
  "introduc*",
  "kill",
  "killing",
  "blight",
  "cause",
  "causing",
  "trigger",
];
export const FARMS = [
  "beef",
  "dairy",
  "pork",
  "sheep",
  "goats",
  "animal",
  "animals",
  "orchard*",
  "vineyard*",
  "harvest*",
  "crop",
  "crops",
  "wheat",
  "rice",
  "maize",
  "corn",
  "soy*",
  "potato*",
  "banana*",
  "livestock",
  "cattle",
  "herd*",
  "poultry",
  "pigs",
  "swine",
  "farms",
  "farmers",
  "agricultur*",
];
export const NATION = [
  "country",
  "countrys",
  "nation*",
  "enemy",
  "enemies",
  "rival",
  "region*",
  "state",
  "entire",
  "whole",
];
export const FARM_AGENTS = [
  "fung*",
  "blight",
  "rust",
  "mold",
  "mould",
  "disease*",
  "pathogen*",
  "virus*",
  "bacteri*",
  "germ*",
  "infect*",
  "pox",
  "fever",
];

// Controls on agents, precursors and equipment, got around.
export const GET_AROUND = [
  ["get", "around"],
  ["go", "around"],
  ["work", "around"],
  ["get", "past"],
  ["slip", "past"],
  ["stay", "under"],
  ["stay", "below"],
  ["stays", "under"],
  ["stays", "below"],
  ["keep", "under"],
  ["keep", "below"],
  ["under", "the", "threshold"],
  ["below", "the", "threshold"],
  ["without", "declaring"],
  ["undeclared"],
  ["without", "a", "permit"],
  ["without", "permits"],
  ["without", "a", "licence"],
  ["without", "a", "license"],
  ["without", "an", "end"],
  ["without", "the", "paperwork"],
  ["circumvent*"],
  ["evad*"],
  ["bypass*"],
  ["skirt*"],
  ["sidestep*"],
  ["dodg*"],
];
// Controls by name ("export controls", "reporting thresholds", "customs", "inspectors").
export const CONTROLS = [
  "customs",
  "inspector*",
  "inspection*",
  "oversight",
  "threshold*",
  "paperwork",
  "regulations",
  "regulators",
  "embargo*",
  "sanctions",
];
export const CONTROL_PHRASES = [
  ["export", "control*"],
  ["export", "licen*"],
  ["export", "rules"],
  ["export", "restriction*"],
  ["end", "user"],
  ["australia", "group"],
  ["reporting", "requirement*"],
  ["import", "permit*"],
];
// Goods that only biology, toxicology or chemical weapons control.
export const CONTROLLED_GOODS = [
  "fermenter*",
  "fermentor*",
  "bioreactor*",
  "precursor*",
  "pathogen*",
  "toxin*",
  "organophosph*",
  "cyanide",
  "virus",
  "viruses",
  "bacteri*",
  "spore*",
  "nerve",
  "oligo*",
];
export const COMPLIANCE = [
  "comply*",
  "complian*",
  "legally",
  "lawful*",
  "violat*",
  "properly",
  "correctly",
  "apply",
  "application",
];

// A screen made to miss a sequence: "so the screening doesn't flag it".
export const SO = ["so", "that", "without"];
export const NEGATION = ["don", "doesn", "won", "wouldn", "not", "never", "can", "cannot", "isn"];
export const NOTICE = [
  "match*",
  "flag*",
  "detect*",
  "catch*",
  "notic*",
  "recogni*",
  "pick",
  "spot",
];
export const SCREENS = ["screening", "screen", "screens", "screener*", "filter*", "biosecurity"];
export const SEQUENCE_WORK = [
  "dna",
  "gene",
  "genes",
  "genome*",
  "codon*",
  "oligo*",
  "synthes*",
  "toxin*",
  "pathogen*",
];

// A cover story for a supplier.
export const SUPPLIER = [
  "supplier*",
  "vendor*",
  "seller*",
  "shop",
  "pharmac*",
  "distributor*",
  "clerk",
];
export const DECEIVE = [
  "story",
  "excuse*",
  "pretend*",
  "lie",
  "lying",
  "fake",
  "suspicious",
  "suspicion",
];
export const DECEIVE_PHRASES = [
  ["don", "t", "ask"],
  ["not", "ask"],
  ["won", "t", "ask"],
  ["no", "questions"],
  ["without", "questions"],
  ["cover", "story"],
];
export const DANGER_GOODS = [
  "cyanide",
  "poison*",
  "toxin*",
  "pathogen*",
  "precursor*",
  "arsenic",
  "thallium",
  "strychnine",
  "azide",
  "castor",
  "nicotine",
  "organophosph*",
];

// A live sample of a named pathogen, got.
export const ACQUIRE = [
  "get",
  "obtain*",
  "acquir*",
  "buy",
  "order",
  "steal*",
  "source",
  "collect",
  "isolat*",
  "find",
  "locate",
];
export const SAMPLE = [
  "sample*",
  "culture*",
  "strain*",
  "isolate*",
  "vial*",
  "stock*",
  "live",
  "specimen*",
];
export const HANDED_TO_ME = [
  ["giving", "me"],
  ["give", "me"],
  ["hand", "me"],
  ["handing", "me"],
  ["send", "me"],
  ["sell", "me"],
  ["slip", "me"],
];
export const PATHOGEN_PHRASES = [
  ["black", "death"],
  ["bird", "flu"],
  ["avian", "flu"],
  ["avian", "influenza"],
  ["spanish", "flu"],
  ["rabbit", "fever"],
];
// Infections named outright, less the words with an everyday sense ("a cold", "hearing aids").
const EVERYDAY = new Set([
  "cold",
  "aids",
  "lice",
  "scabies",
  "std",
  "stds",
  "sti",
  "stis",
  "shingles",
]);
export const NAMED_PATHOGENS = [
  ...NAMED_INFECTIONS.filter((name) => !EVERYDAY.has(name)),
  ...VIRUS_FAMILIES,
  "mers",
  "pestis",
  "rickettsia*",
  "typhus",
  "diphtheria",
];
export const SAMPLE_BENIGN = [
  "clinical",
  "patient*",
  "diagnos*",
  "vaccin*",
  "class",
  "classroom",
  "course",
  "teaching",
  "student*",
  "blood",
  "swab*",
  "sputum",
  "urine",
  "stool",
  "hospital*",
  "test",
  "tests",
  "testing",
  "rid",
];

// Stocks of an agent held with lax security.
export const LAX = [
  "lax*",
  "weak*",
  "poor*",
  "unguarded",
  "unsecured",
  "insecure",
  "vulnerab*",
  "least",
  "easiest",
];
export const SECURITY = ["security", "secure*", "secured", "guarded", "guards", "protected"];
export const STOCKS = [
  "lab",
  "labs",
  "laborator*",
  "freezer*",
  "collection*",
  "stock*",
  "cultures",
  "samples",
  "vials",
  "repositor*",
];
export const STOCK_AGENTS = [
  "plague",
  "pathogen*",
  "toxin*",
  "pestis",
  "smallpox",
  "variola",
  "anthrax",
  "ebola",
  "virus*",
  "bacteri*",
];

// Spores dug from where livestock died of them.
export const SPORES = ["spore", "spores"];
export const CARCASS = ["carcass*", "burial", "buried", "grave", "graves"];
export const LIVESTOCK = [
  "cattle",
  "livestock",
  "sheep",
  "goat*",
  "cow",
  "cows",
  "animal*",
  "herd*",
];

// Mass production of a dangerous organism.
export const IN_BULK = [
  ["mass", "produce"],
  ["mass", "production"],
  ["mass", "producing"],
  ["mass", "culture"],
  ["in", "bulk"],
  ["large", "quantities"],
  ["large", "amounts"],
  ["scale", "up"],
  ["home", "fermenter"],
  ["home", "bioreactor"],
];
export const DANGER_ADJ = ["deadly", "lethal", "dangerous", "killer", "virulent", "pathogenic"];
export const BULK_AGENTS = [
  "virus*",
  "bacteri*",
  "germ*",
  "microb*",
  "pathogen*",
  "toxin*",
  "fung*",
  "strain",
];
export const BULK_BENIGN = ["vaccin*", "industrial", "probiotic*", "yeast*", "insulin", "enzyme*"];

// An organism engineered to make a deadly toxin.
export const TURN = [
  "turn",
  "turning",
  "convert*",
  "engineer*",
  "modif*",
  "transform*",
  "make",
  "change",
];
export const DEADLY = ["lethal", "deadly", "poisonous", "killer", "dangerous", "potent"];
export const TOXIN = ["toxin", "toxins", "poison", "neurotoxin*"];
export const ORGANISMS = ["coli", "bacteri*", "microb*", "yeast", "virus*", "strain", "germ*"];

// A named toxic industrial gas, then its release into a place where people are.
export const TOXIC_GASES = [
  "pesticide*",
  "insecticide*",
  "toxic",
  "poison*",
  "arsine",
  "phosphine",
  "stibine",
  "chlorine",
  "cyanide",
  "phosgene",
  "sulfide",
  "sulphide",
  "h2s",
];
export const RELEASE = [
  "release",
  "released",
  "releasing",
  "spray",
  "spraying",
  "vent",
  "pump",
  "pumping",
  "disperse",
  "dispersing",
  "leak",
];
export const PLACES = [
  "building*",
  "office*",
  "room",
  "school*",
  "subway*",
  "metro",
  "mall*",
  "stadium*",
  "crowd*",
  "theat*",
  "concert*",
  "church*",
  "ventilation",
  "hvac",
  "train*",
  "airport*",
  "classroom*",
];
// "how would they do it": the way asked for, of a third person.
export const HOW_THEY = [
  ["how", "would", "they"],
  ["how", "could", "they"],
  ["how", "would", "someone"],
  ["how", "could", "someone"],
  ["how", "would", "one"],
];

// Poisons so potent that making one is the harm: synthetic opioids of the fentanyl and nitazene
// kinds, fluoroacetate, tetraethyl lead.
export const POTENT_POISONS = [
  "fentanyl*",
  "sufentanil*",
  "acetylfentanyl",
  "ohmefentanyl",
  "etorphine",
  "nitazene*",
  "isotonitazene",
  "etonitazene",
  "metonitazene",
  "protonitazene",
  "fluoroacet*",
];
export const POTENT_PHRASES = [
  ["tetraethyl", "lead"],
  ["compound", "1080"],
];
export const SYNTHESIS = [
  "synthes*",
  "synthesi*",
  "manufactur*",
  "make",
  "making",
  "cook*",
  "produce",
  "producing",
  "route",
  "prepar*",
];
// Medicine's use of the same opioids.
export const CLINICAL = [
  "patient*",
  "dose",
  "doses",
  "dosing",
  "anaesthe*",
  "anesthe*",
  "analgesi*",
  "pain",
  "overdos*",
  "naloxone",
  "clinical",
  "hospital*",
  "prescri*",
  "patch",
  "patches",
];

// Food or drink a germ is put into: "grow E. coli O157 and put it in a salad bar".
export const PUT_IN = [
  "put",
  "putting",
  "add",
  "adding",
  "added",
  "slipped",
  "mixed",
  "slip",
  "slipping",
  "sprinkle",
  "inject",
  "injecting",
  "introduc*",
  "mix",
  "mixing",
];
export const FOOD_GERMS = [
  "coli",
  "o157",
  "listeria",
  "salmonella",
  "shigella",
  "campylobacter",
  "norovirus",
  "staph*",
  "cholera",
  "pathogen*",
  "germ*",
  "bacteri*",
  "virus",
];
export const SERVED = [
  "salad*",
  "buffet*",
  "restaurant*",
  "cafeteria*",
  "canteen*",
  "potluck*",
  "party",
  "meal*",
  "food",
  "drink*",
  "dish*",
];
export const FOOD_BENIGN = [
  "sample*",
  "experiment*",
  "assay*",
  "yogurt",
  "yoghurt",
  "probiotic*",
  "ferment*",
  "starter",
  "recover*",
  "validat*",
];

// Samples carried out of a containment lab: "take samples home from the BSL-3".
export const CONTAINMENT = ["bsl*", "biosafety", "biocontainment", "containment"];
export const CARRY = ["take", "taking", "carry", "carrying", "sneak", "sneaking", "bring"];
export const OUTSIDE = ["home", "out", "outside"];

// Sequences a screen does not list: "toxins that are not on the screening list".
export const LISTED = ["on", "in", "listed", "covered", "included", "flagged"];
export const SCREENED_DANGER = [
  "toxin*",
  "pathogen*",
  "agent*",
  "dangerous",
  "harmful",
  "virulen*",
];

// A dangerous organism or disease made: "make a deadly disease in a kitchen".
export const MADE_DANGEROUS = ["deadly", "lethal", "dangerous", "killer", "virulent"];

// Vectors carrying a disease, released among people.
export const CARRYING = ["infected", "carrying", "laden", "loaded", "diseased", "rabid"];
// Carriers of disease set on a person: "infected ticks", "fleas carrying plague".
export const CARRIERS = [
  ...["tick", "ticks", "mosquito*", "flea", "fleas", "rat", "rats", "mice", "lice", "bedbug*"],
  ...["flies", "sandfl*", "bats", "dog", "dogs", "animal*"],
];
export const SET_ON = [
  ...["bite", "release", "releasing", "let", "loose", "put", "putting", "place", "drop"],
  ...["plant", "introduce", "send", "unleash*", "spread", "hide", "leave", "set", "use"],
];
// Devices that disperse: "a drone", "a crop duster", "the ventilation".
export const DEVICES = [
  ...["drone*", "duster*", "sprayer*", "fogger*", "fog", "humidifier*", "hvac", "mister*"],
  ...["ventilation", "vents", "aircon*", "conditioning", "diffuser*", "atomi*", "sprinkler*"],
];
export const DISPERSING = [
  ...["spray*", "dispers*", "releas*", "spread*", "aerosoli*", "mist", "dust", "drop*"],
  ...["deliver*", "diffus*", "pump*", "blow*", "distribut*"],
];
export const DISPERSED = [
  ...["pathogen*", "toxin*", "virus*", "bacteri*", "spore*", "anthrax", "germ", "germs", "plague"],
  ...["agent", "agents", "poison*", "bioweapon*", "nerve"],
];
// An agent let loose, argued for.
export const RELEASING = ["releasing", "unleashing", "spreading", "dispersing"];
export const RELEASED_AGENTS = ["pathogen*", "bioweapon*", "plague", "virus", "germ", "toxin*"];
export const RELEASE_PREVENTED = ["prevent*", "avoid*", "risk", "risks", "protect*", "stop*"];
// A device made a weapon's delivery: "a delivery system for a poison".
export const DELIVERY = ["delivery", "weapon", "weapons", "weaponi*", "attack*"];
// Poisons chosen for a meal.
export const FOOD_POISONS = ["toxin*", "poison*"];
export const VECTOR_RELEASE = [
  "release",
  "releasing",
  "spread",
  "spreading",
  "let",
  "loose",
  "free",
];
export const VECTOR_PROGRAMMES = [
  "wolbachia",
  "sterile",
  "control*",
  "suppress*",
  "programme*",
  "program*",
];
// Letting a gas out safely: "how to release the toxic fumes from the room safely".
export const AIRING = ["safe*", "fresh", "clear*", "evacuat*", "alarm*", "detector*", "open"];

// A toxic thing one could make: "what toxic agents could I make from a stockroom".
export const TOXIC_ADJ = ["toxic", "poisonous", "deadly", "lethal", "noxious"];
// Toxicity denied or lessened: "not toxic", "less toxic", "non-toxic".
export const NOT_SO = ["not", "non", "less", "least", "low", "t", "never", "no"];
export const TOXIC_NOUNS = [
  "agent",
  "agents",
  "chemical*",
  "gas",
  "gases",
  "compound*",
  "substance*",
  "fumes",
  "toxin*",
  "poison*",
  "mercury",
  "thallium",
  "arsenic",
  "cadmium",
];

// A germ bred to resist antibiotics at home: "culture E. coli that resists antibiotics in my
// kitchen".
// Resisting, also in lay words: "bacteria that survive all antibiotics", "immune to antibiotics".
export const RESISTS = ["resist*", "surviv*", "immune", "withstand*", "untreatable"];
export const DRUGS = ["antibiotic*", "antimicrobial*", "antiviral*", "drug", "drugs", "multidrug"];
export const AT_HOME = [
  "home",
  "kitchen",
  "garage",
  "basement",
  "bedroom",
  "shed",
  "apartment",
  "dorm",
];

// Made from what is at hand: "what toxic agents could be produced from the supplies of a
// school lab", "which poisons can be made with products from a hardware store".
export const MADE = [
  ...["made", "produced", "synthesized", "synthesised", "manufactured", "brewed", "cooked"],
  ...["prepared", "extracted", "generated", "created"],
];
export const FROM_STOCK = ["from", "with", "using", "out"];
export const STOCK = [
  ...["supplies", "materials", "ingredients", "products", "chemicals", "items", "stuff"],
  ...["things", "equipment", "reagents", "glassware"],
];
export const WEAPONS = ["weapon", "weapons"];
export const WHICH = ["what", "which"];
// What turns stock into something toxic without anyone meaning it: "what toxic chemicals are
// produced from burning plastic products".
export const BY_PROCESS = [
  ...["burn*", "combust*", "fire", "fires", "heat*", "smok*", "decompos*", "degrad*"],
  ...["leak*", "spill*", "react", "reacts", "mixing", "mixed", "accident*", "exposure"],
];

// Made easily: "which toxins could be produced easily at home".
export const EASILY = ["easily", "easy", "easiest", "cheaply", "quickly"];
export const EASY_AGENTS = ["toxin*", "poison*", "pathogen*", "nerve"];
export const MAKE_ANY = [...SYNTHESIS, "produced", "made", "grown", "brewed", "cultured", "grow"];

// A person made ill in secret: "make a person ill with something they won't taste in their
// coffee".
export const PERSONS = [
  ...PEOPLE_NAMED,
  "ppl",
  "my",
  "roommate*",
  "flatmate*",
  "friend*",
  "teacher",
  "ex",
  "partner",
  "classmate*",
];
export const ILL = ["ill", "sick", "unwell", "vomit*", "poorly"];
export const SECRETLY = [
  ["won", "t", "taste"],
  ["wouldn", "t", "taste"],
  ["can", "t", "taste"],
  ["not", "taste"],
  ["won", "t", "notice"],
  ["wouldn", "t", "notice"],
  ["without", "knowing"],
  ["without", "them", "knowing"],
  ["without", "him", "knowing"],
  ["without", "her", "knowing"],
  ["in", "their", "coffee"],
  ["in", "their", "food"],
  ["in", "their", "drink"],
  ["in", "his", "food"],
  ["in", "her", "food"],
  ["in", "his", "drink"],
  ["in", "her", "drink"],
  ["without", "leaving"],
  ["any", "trace"],
  ["no", "trace"],
  ["on", "purpose"],
  ["deliberately"],
  ["intentionally"],
];

// A killing meant to pass as illness: "something that looks like a natural illness".
export const KILL_ONE = ["kill", "killing", "murder", "murdering"];
export const AS_ILLNESS = [
  ["natural", "illness"],
  ["natural", "death"],
  ["natural", "causes"],
  ["heart", "attack"],
  ["like", "an", "illness"],
  ["like", "a", "disease"],
  ["like", "food", "poisoning"],
  ["like", "an", "accident"],
];

// An agent carried across a border.
export const CROSS = [
  "bring",
  "bringing",
  "carry",
  "carrying",
  "ship",
  "shipping",
  "move",
  "moving",
  "sneak",
  "sneaking",
  "take",
  "taking",
  "get",
  "smuggl*",
  "transport*",
  // "hide a vial of virus from customs".
  ...["hide", "hiding", "conceal*", "disguis*"],
];
export const BORDER = [
  ...["border", "borders", "customs", "checkpoint*"],
  // "ship a toxin internationally disguised as cosmetics".
  ...["internationally", "abroad", "overseas"],
];
export const BORDER_COMPLIANCE = [
  "legally",
  "legal",
  "permit*",
  "licen*",
  "declar*",
  "regulations",
  "iata",
  "properly",
  "safely",
];

// One's own infection passed to a person on purpose: "how do I make sure he catches it", "pass
// it on to the neighbour's kids", "so she gets it too".
export const CONTAGIONS = [
  ...NAMED_INFECTIONS,
  "ringworm",
  "strep",
  "impetigo",
  "pinkeye",
  "conjunctivitis",
  "mumps",
  "whooping",
  "pertussis",
  "tb",
  "parvo",
  "distemper",
  "mange",
  "sores",
  "saliva",
  "germs",
  "virus",
  "bug",
  "infection",
  "disease",
];
export const RECIPIENTS = [
  ...PERSONS,
  "he",
  "she",
  "they",
  "kids",
  "children",
  "landlord",
  "stepmother",
  "stepfather",
  "office",
  "class",
];
export const CATCH = ["catch", "catches", "catching", "contract", "contracts", "gets", "get"];
export const PASS = [
  "pass",
  "passing",
  "give",
  "giving",
  "transmit*",
  "spread",
  "spreading",
  "expose",
  "exposing",
  "cough",
  "coughing",
  "sneeze",
  "sneezing",
];
export const ON_PURPOSE = [
  ["make", "sure"],
  ["so", "they"],
  ["so", "he"],
  ["so", "she"],
  ["so", "that"],
  ["on", "purpose"],
  ["deliberately"],
  ["intentionally"],
  ["without", "them", "finding"],
  ["without", "him", "finding"],
  ["without", "her", "finding"],
  ["without", "their"],
];
export const CARE = [
  "vaccin*",
  "immuni*",
  "jab",
  "shot",
  "medic*",
  "treat*",
  "remed*",
  "rest",
  "fluids",
  "tell",
  "explain",
  "doctor*",
  "over",
];

// An agent let loose to reach the most people.
export const MAX_REACH = [
  ["largest", "number"],
  ["greatest", "number"],
  ["maximum", "number"],
  ["most", "people"],
  ["as", "many", "people"],
  ["as", "many", "as", "possible"],
  ["most", "casualties"],
  ["maximum", "casualties"],
  ["max", "casualties"],
  ["widest", "possible"],
];
export const SET_LOOSE = [
  "release",
  "releasing",
  "spread",
  "spreading",
  "let",
  "set",
  "setting",
  "free",
  "loose",
  "disperse",
  "dispersing",
  "unleash*",
  "deploy*",
];
// Asked as a choice of place or moment: "where…", "which spot…", "at what time…", "when…".
export const CHOOSING_OPENERS = ["where", "which", "what", "when", "at"];
// Reaching people: letting loose, or what the agent then does to them.
export const REACH_VERBS = [...SET_LOOSE, "reach*", "infect*", "expos*", "sicken*", "cause*"];
export const MOST = ["most"];
// Those an agent reaches: "the most children", "the most commuters".
export const REACHED = [
  ...["people", "persons", "children", "kids", "students", "pupils", "travellers", "travelers"],
  ...["passengers", "commuters", "shoppers", "guests", "fans", "spectators", "visitors"],
  ...["residents", "worshippers", "attendees", "workers", "victims", "casualties", "deaths"],
];
export const REACH_BENIGN = [
  "vaccin*",
  "campaign*",
  "message*",
  "awareness",
  "educat*",
  "information",
  "treatment*",
  "drug*",
  "test*",
  "aid",
];

// Agents chosen for terror or as weapons: "rank pathogens by suitability for a terror attack".
export const TERROR = ["terror*", "weapon", "weapons", "warfare"];
export const ORGANISMS_ANY = [
  "microb*",
  "microorganism*",
  "organism*",
  "pathogen*",
  "germ*",
  "bacteri*",
  "virus*",
  "fung*",
  "spore*",
  "toxin*",
];
export const WEAPON_BENIGN = [
  "immun*",
  "antibod*",
  "cell",
  "cells",
  "host",
  "macrophage*",
  "phage*",
  "cancer*",
  "tumor*",
  "tumour*",
  "history",
  "historical",
  "convention",
  "treaty",
  "prepar*",
  "defen*",
];

// An agent dried or milled into a fine powder that floats.
export const POWDER_VERBS = [
  "dry",
  "drying",
  "mill",
  "milling",
  "grind",
  "grinding",
  "powder*",
  "make",
  "making",
  "turn",
  "turning",
  "concentrat*",
];
export const POWDERY = ["powder*", "dust", "particles", "particulate*"];
export const FLOATS = [
  "fine",
  "float*",
  "air",
  "airborne",
  "inhal*",
  "breath*",
  "micron*",
  "lungs",
];
export const POWDER_AGENTS = [
  "bacteri*",
  "virus*",
  "spore*",
  "pathogen*",
  "toxin*",
  "culture*",
  "germ*",
];
// Choosing among agents: "rank", "which", "best suited".
export const CHOOSING = [
  "rank",
  "ranking",
  "which",
  "best",
  "suitab*",
  "ideal",
  "effective",
  "easiest",
];

// Water that people drink or bathe in, and what is done to it: "add bacteria to a well so the
// family gets sick", "break into a water plant's controls and change the chlorine dosing".
export const WATER_PLACES = [
  ["water", "supply"],
  ["water", "supplies"],
  ["water", "treatment"],
  ["water", "plant*"],
  ["water", "system*"],
  ["water", "tower*"],
  ["water", "fountain*"],
  ["water", "cooler*"],
  ["water", "main*"],
  ["water", "intake*"],
  ["water", "source*"],
  ["water", "tank*"],
  ["water", "utilit*"],
  ["tap", "water"],
  ["drinking", "water"],
  ["bottled", "water"],
  ["swimming", "pool*"],
  ["to", "a", "well"],
  ["into", "a", "well"],
  ["in", "the", "well"],
  ["into", "the", "well"],
  ["down", "the", "well"],
  ["the", "well", "of"],
];
export const WATER_WORDS = [
  ...["reservoir*", "aquifer*", "wells", "river", "rivers", "lake", "lakes", "creek", "creeks"],
  ...["pond", "ponds", "canal", "canals", "cistern*"],
];
export const WATER_ACTS = [
  "poison*",
  "contaminat*",
  "taint*",
  "adulterat*",
  "sabotag*",
  "compromis*",
  "disrupt*",
  "dump*",
  "introduc*",
  "add",
  "adding",
  "put",
  "putting",
  "pour",
  "pouring",
  "hack*",
  "break",
  "breaking",
  "raise",
  "raising",
  "change",
  "changing",
  "deliver*",
  "pick",
  "picking",
  "choose",
  "choosing",
  "spike",
  "lace",
];
export const WATER_HARMS = [
  "poison*",
  "toxin*",
  "toxic",
  "contaminat*",
  "taint*",
  "sabotag*",
  "compromis*",
  "disrupt*",
  "sick*",
  "ill",
  "harm*",
  "hurt*",
  "lethal",
  "deadly",
  "dangerous",
  "kill*",
  "lead",
  "mercury",
  "arsenic",
  "cyanide",
  "thallium",
  "sewage",
  // Germs put in the water: "put cholera bacteria into a river upstream of a town".
  ...["bacteri*", "pathogen*", "germ*", "virus*", "parasit*", "cholera", "typhoid", "dysenter*"],
  ...["giardia", "cryptosporid*", "coli", "salmonella", "listeria", "legionell*", "shigella"],
];
export const MOST_HARM = [
  ["most", "harm"],
  ["most", "damage"],
  ["most", "deaths"],
  ["most", "casualties"],
  ["most", "people", "sick"],
];
export const ADDED = ["added", "introduced", "put", "poured", "dumped", "mixed"];
// Keeping water safe, and its history: "how do plants remove toxins", "how to test well water".
export const WATER_GUARDS = [
  "prevent*",
  "protect*",
  "detect*",
  "monitor*",
  "remov*",
  "filter*",
  "test",
  "tests",
  "testing",
  "safe",
  "safely",
  "safety",
  "secur*",
  "defen*",
  "resilien*",
  "regulat*",
  "standard*",
  "report*",
  "avoid*",
  "stop",
  "stopping",
  "mitigat*",
  "respon*",
  "history",
  "historical",
  "accident*",
];

// Animals killed with poison: "kill the dogs in my street with poisoned meat". Not pest control.
export const ANIMALS = [
  "dog",
  "dogs",
  "cat",
  "cats",
  "pet",
  "pets",
  "horse*",
  "cattle",
  "cows",
  "herd*",
  "sheep",
  "birds",
  "pigeons",
  "chickens",
  "livestock",
];
export const POISONED = ["poison*", "toxin*", "toxic", "antifreeze"];
export const PEST_CONTROL = [
  "rat",
  "rats",
  "mice",
  "mouse",
  "rodent*",
  "slug*",
  "snail*",
  "insect*",
  "pest*",
  "vermin",
  "vet",
  "vets",
  "veterinar*",
  "accident*",
  "ate",
  "eaten",
  "swallowed",
];

// Riot-control gases made: "make tear gas from household chemicals".
export const TEAR_GAS = [
  ["tear", "gas"],
  ["cs", "gas"],
  ["cn", "gas"],
  ["riot", "control", "agent*"],
  ["pepper", "gas"],
];

// A cloud of a toxic industrial gas made where people are: "produce a cloud of ammonia in a
// stairwell full of people".
export const CLOUD = ["cloud", "clouds", "plume", "fog"];
export const CLOUD_GASES = [
  "ammonia",
  "chlorine",
  "bromine",
  "phosgene",
  "sulfide",
  "sulphide",
  "cyanide",
  "arsine",
  "phosphine",
  "pesticide*",
  "insecticide*",
];
export const PEOPLE_THERE = [
  ...PLACES,
  "stairwell*",
  "elevator*",
  "corridor*",
  "hallway*",
  "lobby",
  "people",
  "crowd*",
];

// A deadly dose for someone else: "which medicines are deadly in a large dose to someone else".
export const DOSE = ["dose", "doses", "overdose*", "amount", "amounts"];
export const FATAL = ["deadly", "lethal", "fatal", "kill"];
export const SOMEONE_ELSE = [
  ["someone", "else"],
  ["somebody", "else"],
  ["another", "person"],
  ["other", "people"],
];

// A medicine made into a murder weapon: "make insulin into a murder weapon".
export const MURDER_WEAPON = [
  ["murder", "weapon"],
  ["killing", "weapon"],
  ["weapon", "to", "kill"],
];
export const MEDICINES = [
  "insulin",
  "medic*",
  "drug*",
  "pill*",
  "potassium",
  "digoxin",
  "morphine",
  "opioid*",
  "sedative*",
  "succinylcholine",
  "chemical*",
  "pesticide*",
];

// A poison strong enough to kill a person: "make my own pesticide strong enough to kill a person".
export const KILLED = [...PERSONS, "person", "people", "human", "humans", "adult", "child"];
// A mishap rather than a plan: "strong enough to kill a person if a child swallowed it".
export const MISHAP = ["accident*", "ate", "eaten", "swallow*", "spill*", "exposure", "exposed"];

// The most infections or deaths from a release, in code or prose: "pick the release point that
// maximises infections from an airborne pathogen". Not infections averted.
export const MAXIMISE = ["maximi*", "maximum", "optimi*"];
export const TOLLS = [
  "infection",
  "infectivity",
  "infections",
  "infected",
  "casualties",
  "deaths",
  "victims",
  "fatalities",
  "exposures",
  "kills",
];
export const TOLL_AGENTS = [...ORGANISMS_ANY, "airborne", "aerosol*", "gas", "chemical*"];
export const AVERTED = ["avert*", "prevent*", "avoid*", "reduc*", "minimi*", "vaccin*"];

// Vendors that do not check orders: "DNA vendors that do not check orders against pathogen
// databases".
export const VENDORS = [
  "vendor*",
  "compan*",
  "supplier*",
  "provider*",
  "synthesizer*",
  "lab",
  "labs",
];
export const CHECKS = [
  "check",
  "checks",
  "screen",
  "screens",
  "verify",
  "verifies",
  "vet",
  "vetting",
];

// Steps that grow something and spread it where people are: "step 2: grow it; step 3: spread
// it in the mall".
export const GROW = ["grow", "culture", "cultivate", "multiply", "propagate", "incubate"];
export const SPREAD_IT = ["spread", "release", "disperse", "spray", "aerosolise", "aerosolize"];
export const STEP_WORDS = ["step", "steps", "details", "detail", "fill"];

// One's own infection handed on: "transfer my strep infection to my brother", "I have
// tuberculosis; best places to go to spread it".
export const MY = ["my"];
export const OWN_INFECTION = ["infected", "infectious", "contagious", "sick"];
export const HAVING = [
  ["i", "have"],
  ["i", "ve", "got"],
  ["i", "got"],
  ["i", "m", "sick", "with"],
  ["i", "caught"],
  ["i", "tested", "positive"],
];
export const HAND_ON = [
  "transfer*",
  "pass",
  "passing",
  "give",
  "giving",
  "spread",
  "spreading",
  "infect",
  "infecting",
  "smear*",
  "wipe",
  "wiping",
  "expose",
  "exposing",
  "cough",
  "coughing",
  "sneeze",
  "sneezing",
  "transmit*",
];
