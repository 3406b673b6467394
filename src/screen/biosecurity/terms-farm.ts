// Word lists of relevance-farm.ts: diseases of livestock and crops whose deliberate introduction
// is agroterrorism, the verbs that bring one in, and the farms, herds and harvests it is brought
// to. Patterns as in relevance-terms.ts.
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
