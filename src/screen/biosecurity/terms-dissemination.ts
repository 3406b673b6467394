// Word lists of relevance-dissemination.ts: turning an agent into something that travels through
// the air or a building. Patterns as in relevance-terms.ts. Very common words are left out: each
// word of a list is kept by every scan.

// Agents that only biology or toxicology names; "virus" and "bacteria" are left out where a
// benign use (probiotics, phage sprays) shares the shape.
export const AIRBORNE_AGENTS = [
  "pathogen*",
  "toxin*",
  "spore*",
  "anthrax",
  "plague",
  "germ",
  "germs",
  "bioweapon*",
  "agent",
  "agents",
  // Opioids released as an incapacitating aerosol (the 2002 Moscow theatre siege).
  "opioid*",
  "fentanyl*",
  "carfentanil",
];
// The same, with the generic words, for shapes that also need an asked verb.
export const ANY_AGENTS = [...AIRBORNE_AGENTS, "virus*", "viral", "bacteri*", "microb*", "strain"];

// The verb of making an aerosol, in the forms that are asked for or commanded ("aerosolize the
// toxin", "aerosolising it"), not the participle a study describes ("aerosolized surfactant").
export const AEROSOLISE = [
  "aerosolize",
  "aerosolise",
  "aerosolizing",
  "aerosolising",
  "weaponize",
  "weaponise",
];
// Where the aerosol is meant to go: people gathered.
export const GATHERINGS = [
  "city",
  "cities",
  "town",
  "crowd*",
  "stadium*",
  "subway*",
  "metro",
  "concert*",
  "mall*",
  "airport*",
  "population*",
  "people",
];

// Spraying or dispersing, asked for: "to spray a pathogen over a town".
export const SPRAY = [
  "spray",
  "spraying",
  "disperse",
  "dispersing",
  "disseminate",
  "disseminating",
  "nebulize",
  "nebulise",
  "mist",
  "fog",
  "atomize",
  "atomise",
];
// Spraying to clean: the agent is the target, not the payload.
export const CLEANERS = [
  "disinfect*",
  "sanitiz*",
  "sanitis*",
  "sterili*",
  "fungicid*",
  "bactericid*",
  "biocid*",
  "antimicrobial*",
  "antiseptic*",
  "bleach",
  "alcohol",
  "ethanol",
];

// Drying and milling an agent into a powder that floats.
export const MILL = [
  "dry",
  "drying",
  "mill",
  "milling",
  "grind",
  "grinding",
  "micronis*",
  "microniz*",
  "pulveri*",
  "lyophili*",
];
export const FINE = [
  "powder*",
  "air",
  "airborne",
  "aerosol*",
  "float*",
  "respirab*",
  "fine",
  "micron*",
  "dispers*",
  "inhal*",
];

// The size of the particles and where they land.
export const PARTICLE = [
  "particle",
  "particles",
  "droplet*",
  "micron*",
  "micrometer*",
  "micrometre*",
  "mmad",
  "respirab*",
];
export const LUNGS = [
  "lung",
  "lungs",
  "breathe",
  "breathed",
  "alveol*",
  "inhal*",
  "aerosol*",
  "airborne",
  "dispers*",
  "spray*",
  "breath*",
];
// Tuning the size for effect, not measuring it.
// "what size droplets would reach the lungs": the size chosen, not measured.
export const OPTIMAL = [
  "would",
  "size",
  "should",
  "ideal",
  "optimal",
  "optimum",
  "best",
  "maximi*",
  "maximis*",
];

// A building's air, into which something is put.
export const VENTS = [
  "hvac",
  "ventilation",
  "vent",
  "vents",
  "conditioning",
  "duct",
  "ducts",
  "ductwork",
  "intake*",
];
export const PUT_IN = [
  "put",
  "putting",
  "add",
  "adding",
  "introduce",
  "introducing",
  "release",
  "releasing",
  "pump",
  "pumping",
  "blow",
  "blowing",
  "spread",
  "spreading",
  "inject",
  "injecting",
  "drop",
  "dump",
  "pour",
  "sneak",
  "slip",
  "feed",
  "seed",
];

// Keeping an agent alive through dispersal: "stabilise the virus so it survives spraying".
export const STABILISE = [
  "stabili*",
  "preserv*",
  "harden*",
  "toughen*",
  "make",
  "keep",
  "formulat*",
  "encapsulat*",
  "microencapsulat*",
  "coat",
];
export const SURVIVES = [
  "surviv*",
  "persist*",
  "stable",
  "stability",
  "viable",
  "viability",
  "longer",
  "hardier",
  "intact",
  "alive",
  "last",
  "lasts",
];
export const DISPERSAL = [
  "spray*",
  "sprayer*",
  "aerosol*",
  "dispers*",
  "disseminat*",
  "drone*",
  "duster*",
  "nebuli*",
  "airborne",
  "atomi*",
  "mister*",
  "fogger*",
  "spread",
  "released",
];
// Spores and microbes that hobbies and food dry, spray and keep alive: mushrooms, ferns, moss,
// probiotics and starters.
export const HOBBY_MICROBES = [
  "mushroom*",
  "fern",
  "ferns",
  "moss",
  "mycolog*",
  "probiotic*",
  "lactobac*",
  "bifido*",
  "yogurt",
  "yoghurt",
  "starter*",
  "yeast*",
];
// Making an agent into something that floats: "put a pathogen into aerosol form".
export const TURN_INTO = ["put", "turn", "convert", "make", "get", "render", "process"];
export const AIRBORNE_FORMS = ["aerosol", "aerosols", "mist", "powder", "cloud", "vapour", "vapor"];

// Harm that shows people were made ill, when no agent is named: "put in the vents of a school to
// make kids sick".
export const ILLNESS_SIGNS = ["sick", "ill", "kill", "die", "unconscious", "faint", "vomit*"];
// An injury an unnamed substance is asked to do through the air: "a substance that causes
// paralysis when inhaled", "make a crowd's skin blister if sprayed on them".
export const INJURIES = [
  ...["paralys*", "paralyz*", "blister*", "blind", "blinds", "blinded", "blinding", "suffocat*"],
  ...["asphyxiat*"],
  ...["choke", "choking", "unconscious", "seizure*", "burns"],
];
export const THROUGH_AIR = [
  ...["inhaled", "inhaling", "breathed", "breathing", "sprayed", "spraying", "airborne"],
  ...["aerosol*", "vapor*", "vapour*", "fumes", "mist"],
];
export const MAKE_IT = [
  ...["make", "making", "produce", "producing", "synthesi*", "create", "brew", "cook"],
  ...["manufactur*"],
];
// Let out into the air where people gather: "release something in the air at graduation".
export const RELEASE_IN_AIR = ["release", "releasing", "let", "spray", "spraying", "dump"];
export const INTO_THE_AIR = [
  ["in", "the", "air"],
  ["into", "the", "air"],
];
export const EVENTS = [
  ...["graduation", "ceremony", "wedding", "concert", "parade", "rally", "stadium", "mall"],
  ...["subway", "school", "office", "church", "festival", "crowd*", "assembly", "auditorium"],
];
// What people let into the air at events: balloons, doves, confetti.
export const FESTIVE = [
  ...["balloon*", "dove*", "confetti", "butterfl*", "lantern*", "bubble*", "pigeon*"],
  ...["firework*", "streamer*", "glitter", "petals", "cap", "caps", "hats"],
];
