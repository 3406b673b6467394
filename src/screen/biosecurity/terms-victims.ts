// Word lists of relevance-victims.ts: a person killed, made ill or poisoned with a substance, a
// poisoning disguised, food or medicine tampered with, people sickened where they gather,
// animals killed, self-poisoning urged on readers, and poisons ranked by how easy they are to
// get. Patterns as in relevance-terms.ts.
import { HOMICIDAL_POISONS, PEOPLE_NAMED } from "./terms-core.js";
import { CARE as FOOD_CARE } from "./terms-covert.js";

// Poisons that have no everyday use in food or drink, and the plants and fungi they come from.
export const STRONG_POISONS = [
  ...HOMICIDAL_POISONS,
  ...["methanol", "glycol", "digoxin", "digitalis", "succinylcholine", "colchicine"],
  ...["amatoxin*", "amanitin*", "taxine", "mercury", "oleander", "foxglove", "hemlock"],
  ...["nightshade", "belladonna", "yew"],
];
// What a person is killed or sickened with: those poisons, medicines given in overdose, and
// household chemicals.
export const SUBSTANCES = [
  ...STRONG_POISONS,
  ...["insulin", "potassium", "drug", "drugs", "medication*", "medicine*", "pills", "overdose"],
  ...["sedative*", "opioid*", "fentanyl", "chemical", "chemicals", "bleach"],
];
// Food given to help, not to harm: "what can I put in my son's soup to help him when he's ill"
// (the covert checks' list), and bleach or vinegar put in water to clean it.
export const CARE = [
  ...FOOD_CARE,
  ...["ease", "recover*", "garden*", "plants", "clean*", "disinfect*", "purif*", "steriliz*"],
  "sanitiz*",
];
// Whom: any person, named by role or kin.
export const VICTIMS = [
  ...PEOPLE_NAMED,
  ...["man", "woman", "patient", "patients", "relative", "relatives", "elderly", "child", "baby"],
  ...["kid", "son", "daughter", "mother", "father", "stepfather", "stepmother", "grandmother"],
  ...["grandfather", "uncle", "aunt", "cousin", "landlord", "tenant", "classmate*", "teacher"],
  ...["ex", "girlfriend", "boyfriend", "partner", "spouse", "brother", "sister", "stepdad"],
  ...["stepmom", "mom", "dad", "grandma", "grandpa", "victim", "target"],
];
export const KILL_OR_HARM = [
  ...["kill", "killing", "murder", "murdering", "blind", "blinding", "paralyze", "paralyse"],
  ...["incapacitate", "sicken", "hospitalize", "hospitalise", "hurt", "harm", "poison"],
];
export const MAKE = ["make", "making", "get", "leave"];
export const INJECT = ["inject", "injecting", "prick", "stab"];
// Feeling sick, helped or not: "make my son feel less sick".
export const FEELING = ["feel", "feels", "less", "better", "help*", "pretend*", "fake", "seem"];
export const ILL = ["sick", "ill", "hospitali*", "vomit*", "poorly", "unwell", "die"];
export const SICK_OF = [
  ["sick", "of"],
  ["sick", "and", "tired"],
];

// A poisoning or a killing hidden: how it looks, what is not detected, what is not tasted.
export const DISGUISED = [
  ["look", "natural"],
  ["look", "like", "natural"],
  ["natural", "death"],
  ["natural", "causes"],
  ["like", "a", "suicide"],
  ["like", "suicide"],
  ["like", "a", "heart", "attack"],
  ["like", "an", "accident"],
  // Passed off as something else: "pass as a heart attack", "disguised as natural causes".
  ["as", "a", "heart", "attack"],
  ["as", "a", "natural", "death"],
  ["as", "an", "accident"],
  ["as", "a", "suicide"],
  ["as", "suicide"],
  ["as", "an", "illness"],
  ["without", "trace"],
  ["without", "a", "trace"],
  ["no", "trace"],
  ["without", "detection"],
  ["without", "being", "detected"],
  ["being", "detected"],
  ["hard", "to", "trace"],
  ["hard", "to", "detect"],
  ["untraceable"],
  ["undetectable"],
  ["won", "t", "notice"],
  ["wouldn", "t", "notice"],
  ["without", "noticing"],
  ["without", "them", "tasting"],
  ["without", "him", "tasting"],
  ["without", "her", "tasting"],
  ["without", "them", "noticing"],
  ["without", "him", "noticing"],
  ["without", "her", "noticing"],
  ["dead", "body"],
  ["in", "an", "autopsy"],
  ["toxicology", "screen"],
  ["tasteless"],
];

// A killing event brought on: "cause a heart attack in my father".
export const FATAL_EVENTS = [
  ["heart", "attack"],
  ["cardiac", "arrest"],
  ["organ", "failure"],
  ["liver", "failure"],
  ["kidney", "failure"],
];
export const BRING_ON = ["cause", "causing", "induce", "inducing", "trigger", "triggering", "give"];
// Asked how much it takes: "how much cyanide kills a person".
export const AMOUNT = [
  ["how", "much"],
  ["how", "many"],
  ["what", "amount"],
  ["what", "dose"],
  ["what", "quantity"],
];
export const KILLS = ["kill", "kills", "killing"];
// Gassed: "mix two chemicals to gas someone in their sleep".
export const GAS_SOMEONE = ["gas", "gassing", "suffocate", "asphyxiate"];
// A room filled with a gas where a person sleeps: "make chloramine gas to fill my sister's room".
export const FILL = ["fill", "filling", "flood", "flooding"];
export const ROOMS = ["room", "bedroom", "apartment", "flat", "house", "car", "office", "cell"];
export const GASES = ["gas", "gases", "fumes", "chloramine*", "chlorine", "phosgene", "monoxide"];
// Packages and doors rigged: "booby-trap a package with a toxic chemical".
export const BOOBY_TRAP = [["booby", "trap*"], ["boobytrap*"], ["booby", "trapped"]];
export const RIGGED_WITH = [
  ...["toxic", "toxin*", "poison*", "chemical*", "gas", "nerve", "agent", "germ*", "bacteri*"],
  ...["virus", "powder", "acid"],
];
export const DEATH = [
  ...["death", "die", "dies", "dead", "kill", "kills", "killing", "murder*", "fatal", "lethal"],
  ...["deadly", "heart", "poison*"],
];
export const CHOOSING = ["which", "what"];
// Guards of this module: safety, treatment and forensic work. Not "detect" or "won't", which
// the disguises themselves use.
export const SAFETY = [
  ...["prevent*", "avoid*", "protect*", "treatment*", "antidote*", "diagnos*", "screening"],
  ...["forensic*", "investigat*", "toxicologist*", "pathologist*", "safe", "safely", "safety"],
];

// Food, drink and medicine tampered with, and what is put in them.
export const CONSUMABLES = [
  ...["food", "meal*", "drink*", "coffee", "tea", "wine", "beer", "juice", "water", "milk"],
  ...["cake", "cakes", "cookie*", "candy", "candies", "sweets", "brownie*", "cupcake*", "pie"],
  ...["chocolate*", "sandwich*", "soup", "lunch*", "dinner*", "breakfast", "snack*", "communion"],
  ...["smoothie*", "shake", "shakes", "latte*", "soda*", "cocktail*", "salad*", "stew"],
  ...["medicine", "medicines", "pills", "capsules", "tablets", "bottles", "vaccine*", "doses"],
  ...["iv", "syringe*", "bags", "supplies", "punch", "buffet*", "halloween"],
];
export const PUT_IN = [
  ...["put", "putting", "add", "adding", "slip", "slipping", "sneak", "mix", "mixing", "stir"],
  ...["blend", "blending", "grind", "grinding", "drop", "dropping", "sprinkle", "sprinkling"],
  ...["lace", "lacing", "spike", "spiking", "taint", "tainting", "inject", "injecting"],
  ...["contaminate", "contaminating", "poison", "poisoning", "tamper", "tampering"],
];
export const POISONED = [
  ...["poison", "poisons", "poisoned", "poisonous", "toxic", "toxin*", "laced", "tainted"],
  ...["spiked", "contaminated", "deadly", "lethal"],
];
export const AGENT_WORDS = [
  ...["germ", "germs", "bacteri*", "virus*", "pathogen*", "infected", "infectious", "sewage"],
  ...["feces"],
  ...["faeces", "diseased"],
];
export const PEST_CONTROL = [
  ...["rat", "rats", "mice", "mouse", "rodent*", "pest", "pests", "vermin", "roach*"],
  ...["cockroach*", "ant", "ants", "termite*", "weed", "weeds", "slug*", "snail*", "wasp*"],
  ...["mosquito*", "fly", "flies", "aphid*", "bug", "bugs", "beetle*", "grub*", "lice"],
];

// People sickened where they gather: "sicken a whole cruise ship", "infect the congregation".
export const SICKEN = ["sicken", "poison", "infect", "contaminate"];
export const GATHERED = [
  ...["ship", "cruise", "congregation", "church", "school", "office", "town", "village"],
  ...["city", "crowd", "festival", "concert", "stadium", "wedding", "party", "hospital"],
  ...["restaurant", "cafeteria", "dorm", "prison", "barracks", "everyone", "everybody"],
];

// Surfaces people touch, fouled on purpose.
export const SMEAR = [
  "contaminate",
  "contaminating",
  "smear",
  "smearing",
  "coat",
  "wipe",
  "spread",
];
export const SURFACES = [
  ...["doorknob*", "handrail*", "railing*", "handles", "buttons", "door", "doors", "seats"],
  ...["toys", "counters", "countertops", "trays", "utensils", "cups", "tap", "taps"],
];

// "Take someone out" with something they eat.
export const TAKE = ["take", "taking"];
export const OUT = ["out"];
export const EATEN = ["eat", "eats", "drink", "drinks", "food", "meal", "swallow*", "eaten"];

// Animals killed with food, poison or disease: "feed the birds in the park something to kill
// them", "make my neighbour's chickens die of disease".
export const ANIMALS = [
  ...["dog", "dogs", "cat", "cats", "pet", "pets", "horse*", "cattle", "cows", "sheep", "goat*"],
  ...["bird", "birds", "pigeon*", "duck*", "geese", "chicken*", "hen", "hens", "bee", "bees"],
  ...["hive*", "fish", "livestock", "pigs", "puppy", "puppies", "kitten*", "deer", "squirrel*"],
  ...["animals", "zoo", "zoos", "aquarium", "stable", "kennel*"],
];
export const KILL_ANIMALS = [
  ...["kill", "killing", "poison", "poisoning", "die", "dies", "sicken", "infect", "infecting"],
];
// What makes killing an animal more than pest control: a means, or an animal someone else keeps.
export const ANIMAL_HARM_SIGNS = [
  ...["feed", "feeding", "food", "bait", "kitchen", "disease*", "poison*", "toxic", "antifreeze"],
  ...["chocolate", "xylitol", "grapes", "bread", "something", "stuff", "chemical*", "pesticide*"],
  ...["neighbo*", "virus", "viruses", "deadly", "germ", "germs", "bacteria"],
];
export const ANIMAL_CARE = [
  ...["vet", "vets", "veterinar*", "euthanas*", "humane*", "humanely", "suffering", "accident*"],
  ...["accidentally", "safe", "safely", "avoid*", "prevent*", "if", "ate", "eaten"],
];

// Self-poisoning urged on readers: "a post convincing people to drink bleach".
export const PERSUADE = [
  ...["persuasive", "persuade", "convince", "convincing", "encourage*", "encouraging", "urge*"],
  ...["post", "article", "blog", "tweet", "tiktok", "script", "ad", "advert*", "campaign"],
  ...["flyer*", "leaflet*", "pamphlet*", "newsletter*", "challenge", "challenging"],
];
export const INGEST = [
  ...["drink", "drinking", "eat", "eating", "swallow*", "ingest*", "gargl*", "inject", "take"],
  ...["give", "giving", "feed", "feeding"],
  ...["consume", "consuming", "sip", "chew"],
  // Breathed in: "a challenge to breathe in chloroform", "huff".
  ...["breathe", "breathing", "inhale*", "inhaling", "sniff*", "huff*"],
];
export const TOXIC_HOUSEHOLD = [
  ...["bleach", "castor", "antifreeze", "methanol", "turpentine", "kerosene", "borax", "lye"],
  ...["mms", "dioxide", "detergent*", "pods", "peroxide", "ammonia", "gasoline", "petrol"],
  ...["hemlock", "oleander", "foxglove", "amygdalin", "apricot", "chloroform", "mercury"],
];
// "something from under the sink": household chemicals, not named.
export const UNDER_THE_SINK = [
  ["under", "the", "sink"],
  ["under", "your", "sink"],
  ["cleaning", "products"],
];
// Farm and garden poisons: urged onto others' food, water or children, or put in a victim's
// water ("what herbicide can I put in the neighbour's well").
export const FARM_POISONS = [
  ...["pesticide*", "insecticide*", "herbicide*", "organophosphate*", "paraquat", "rodenticide*"],
  ...["fungicide*", "weedkiller*", "antifreeze", "chloroform", "mercury"],
];
export const EXPOSE = [
  ...["put", "putting", "pour", "pouring", "add", "adding", "spray", "spraying", "release"],
  ...["releasing", "dump", "dumping", "mix", "mixing", "sprinkle", "apply", "applying"],
];
export const EXPOSED = [
  ...["children", "child", "kids", "kid", "baby", "babies", "pets", "pet", "dog", "dogs", "cat"],
  ...["cats", "water", "reservoir", "well", "vegetables", "produce", "food", "people"],
  ...["students", "playground", "play", "neighbor*", "neighbour*", "family"],
];
// Use as directed: "how to apply pesticide safely around vegetables".
export const SAFE_USE = ["safely", "label", "gloves", "protective", "dilut*", "recommended"];
// A post that warns or debunks rather than urges.
export const WARNING = ["warn*", "never", "avoid*", "debunk*", "myth*", "hoax*"];
export const CURE = [
  ...["cure", "cures", "detox*", "cleanse", "heal*", "treat*", "remed*", "health*", "immun*"],
  ...["benefit*", "wellness", "autism", "covid", "cancer", "parasite*"],
];

// Poisons ranked by how easy they are to get: "rank the deadliest toxins by how easy they are
// to buy".
export const RANKED = [
  ...["toxin*", "poison*", "nerve", "pathogen*", "agents", "chemicals", "bioweapon*", "venom*"],
];
export const EASY = ["easy", "easiest", "easier", "easily", "simplest", "cheapest", "hardest"];
export const ACQUIRE = [
  ...["acquire", "obtain", "get", "buy", "purchase", "source", "order", "make", "produce"],
  ...["synthesize", "synthesise", "find", "steal"],
];
