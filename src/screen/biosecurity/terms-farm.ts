// Word lists of relevance-farm.ts: diseases of livestock and crops whose deliberate introduction
// is agroterrorism, the verbs that bring one in, the farms, herds and harvests it is brought
// to, and the organisms and harm of a release into the wild. Patterns as in relevance-terms.ts.
import { PLAIN_GERMS } from "./terms-core.js";

// Livestock and crop diseases by their usual names (the notifiable animal diseases and the crop
// pathogens that national plant-protection lists single out).
export const FARM_DISEASES = [
  ["african", "swine", "fever"],
  ["classical", "swine", "fever"],
  ["swine", "fever"],
  ["hog", "cholera"],
  ["newcastle", "disease"],
  ["avian", "influenza"],
  ["avian", "flu"],
  ["bird", "flu"],
  ["lumpy", "skin"],
  ["sheep", "pox"],
  ["sheeppox"],
  ["goat", "pox"],
  ["goatpox"],
  ["bluetongue"],
  ["peste", "des", "petits"],
  ["rinderpest"],
  ["mad", "cow"],
  ["screwworm*"],
  ["stem", "rust"],
  ["stripe", "rust"],
  ["wheat", "rust"],
  ["ug99"],
  ["rice", "blast"],
  ["wheat", "blast"],
  ["late", "blight"],
  ["potato", "blight"],
  ["citrus", "greening"],
  ["karnal", "bunt"],
  ["fire", "blight"],
  ["anthrax"],
  ["foot", "and", "mouth"],
];
// Bringing a disease in: "introduce", "spread", "release", "infect", "contaminate", "unleash".
export const BRING_IN = [
  "introduc*",
  "spread*",
  "releas*",
  "infect*",
  "contaminat*",
  "unleash*",
  "sabotag*",
  "wipe",
  "devastat*",
  "destroy*",
];
// A germ or blight not named ("a fungus", "some plant virus"): with a farm as what is harmed,
// a request to wreck it is agroterrorism by shape. Fungicides and pesticides are not among them.
export const GENERIC_AGENTS = [
  "fungus",
  "fungi",
  "fungal",
  "blight",
  "mold",
  "mould",
  "pathogen*",
  ...PLAIN_GERMS,
  "disease",
  "diseases",
  "infection",
  // An invasive species, and chemicals that kill plants: "so his crops die".
  ...["invasive", "herbicide*", "weedkiller*", "defoliant*"],
];
export const CHOOSING = ["which", "what"];
// Fouling a farm outright, whatever with: "contaminate a farmer's fields with herbicide".
export const FOUL = ["contaminat*", "poison*", "sabotag*"];
// The worst an agent could do once brought in: "the greatest economic damage if introduced".
export const MOST_DAMAGE = [
  ["greatest", "economic", "damage"],
  ["greatest", "damage"],
  ["most", "damage"],
  ["most", "economic", "damage"],
  ["biggest", "economic"],
  ["most", "devastating"],
  ["maximum", "damage"],
];
// Harming a farm outright: "kill the crops", "ruin their harvest".
export const FARM_HARM = [
  "kill",
  "ruin",
  "wipe",
  "destroy",
  "devastate",
  "wreck",
  "infect",
  "blight",
];
// Words that make a farm word the place where something is done, not what is harmed: "kill the
// aphids on my crops", "remove mold from the harvest".
export const PLACES = ["on", "in", "from", "around", "near", "inside", "at", "for"];
export const FARM_TARGETS = [
  "farm",
  "farms",
  "farmland*",
  "herd*",
  "flock*",
  "field*",
  "crop*",
  "harvest*",
  "livestock",
  "cattle",
  "pigs",
  "hogs",
  "piggery",
  "poultry",
  "chickens",
  "barn*",
  "ranch*",
  "orchard*",
  "plantation*",
  "wheat",
  "rice",
  "potatoes",
  "agricultur*",
  "food",
  ...["grove*", "vineyard*", "forest*", "trees", "corn", "maize", "soybean*", "cotton"],
  ...["banana*", "famine"],
];
// Asked for making a germ harder to treat: "make MRSA more resistant", "breed bacteria resistant
// to every drug". How a germ becomes resistant is biology, so the making verb must be there; and
// one marker for cloning ("make E. coli resistant to ampicillin") is routine, so the resistance
// must be more, broader or total.
export const CAUSE = ["make", "making", "render*", "engineer*", "breed*", "turn"];
export const RESISTANT = ["resistant", "untreatable"];
export const BROADER = [
  ["more", "resistant"],
  ["resistant", "to", "all"],
  ["resistant", "to", "every"],
  ["resistant", "to", "multiple"],
  ["resistant", "to", "most"],
  ["resistant", "to", "several"],
  ["resistant", "to", "vaccines"],
  ["resistant", "to", "treatment"],
  ["untreatable"],
  ["multidrug"],
  ["pan", "resistant"],
  ["panresistant"],
];

// An organism set loose to harm the living world (relevance-farm.ts `harmsTheWild`).
export const SET_FREE = [
  ...["release", "releasing", "unleash*", "introduce", "introducing", "spread", "spreading"],
  ...["put", "putting", "dump", "dumping"],
];
// "Set loose a fungus", "let a plant virus loose": the verb is plain, "loose" makes it a release.
export const SET_OR_LET = ["set", "let"];
export const LOOSE = ["loose"];
// "spread awareness of how viruses wreck ecosystems" spreads words, not an organism.
export const SPREAD_WORDS = ["awareness", "information", "knowledge", "news", "word"];
export const WILD_AGENTS = [
  ...GENERIC_AGENTS.filter((word) => word !== "invasive" && !word.startsWith("herbicid")),
  ...["microb*", "microorganism*", "organism", "organisms", "parasite*", "spore*"],
];
// The harm named as harm to nature: "cause ecological damage", "kill native birds".
export const WILD_HARM = [
  ["ecological", "damage"],
  ["ecological", "harm"],
  ["ecological", "destruction"],
  ["ecological", "disaster"],
  ["ecological", "collapse"],
  ["environmental", "damage"],
  ["environmental", "harm"],
  ["environmental", "destruction"],
  ["environmental", "disaster"],
  ["kill", "native"],
  ["kills", "native"],
  ["kill", "wildlife"],
  ["kills", "wildlife"],
];
// Or a verb of ruin a few words before an ecosystem or wild animals: "wreck the local
// ecosystem", "wipe out a species", "kill frogs in a national park".
export const RUIN = [
  "wreck*",
  "devastat*",
  "destroy*",
  "ruin*",
  "collapse",
  "wipe",
  "kill",
  "kills",
];
export const ECOSYSTEMS = [
  ...["ecosystem*", "wildlife", "biodiversity", "environment", "species", "frogs", "amphibians"],
  ...["birds", "bees", "bats", "fish", "deer", "coral*"],
];
// A gene drive let loose: "release a gene drive to wipe out a species".
export const GENE_DRIVE = [
  ["gene", "drive"],
  ["gene", "drives"],
];
// Famine made: "what crop disease could cause famine and how would I spread it".
export const FAMINE = ["famine", "famines", "starvation", "starve"];
// Biological control and research name what they are for: "release a fungus to control the
// invasive weed", "model how a released pathogen could harm the ecosystem".
export const WILD_BENIGN = [
  ...["pest*", "weed*", "invasive", "control*", "mosquito*", "larva*", "aphid*", "locust*"],
  ...["model*", "simulat*", "study", "studies", "risk*", "assess*", "regulat*", "prevent*"],
];
