// Word lists of relevance-intent.ts: mass casualties with a chemical, poisons chosen for not
// being traced, agents made in a hideout, fiction that asks for the real procedure, and the
// military codes of chemical agents. Patterns as in relevance-terms.ts.
import { HOMICIDAL_POISONS } from "./terms-core.js";

// Chemicals named by kind.
export const CHEMICALS = [
  "chemical*",
  "compound*",
  "gas",
  "gases",
  "toxic",
  "poison*",
  "substance*",
  "toxin*",
  "fumes",
  "nerve",
];
// The most deaths: "kill the most people", "mass casualties".
export const MOST = [
  "most",
  "maximum",
  "max",
  "maximi*",
  "maximis*",
  "mass",
  "thousands",
  "millions",
  // "a room full of people", "a packed hall".
  "full",
  "roomful",
  "packed",
];
export const TOLL = ["casualt*", "deaths", "dead", "victims", "people", "fatalit*"];
export const LETHAL_OUTCOME = ["kill*", "casualt*", "death*", "fatalit*", "die", "dead", "murder*"];
// Work for the victims, not on them: preparedness, response, treatment, history.
export const PREPAREDNESS = [
  "prepar*",
  "respon*",
  "triage",
  "hospital*",
  "emergenc*",
  "drill*",
  "exercise*",
  "decontaminat*",
  "treat*",
  "history",
  "historical",
];

// Poisons of any kind, and being chosen because they are not traced.
export const POISONS = [...HOMICIDAL_POISONS, "succinylcholine"];
export const UNTRACED = [
  ["t", "be", "traced"],
  ["t", "be", "detected"],
  ["t", "be", "found"],
  ["not", "be", "traced"],
  ["not", "be", "detected"],
  ["never", "be", "detected"],
  ["never", "be", "traced"],
  ["untraceabl*"],
  ["undetectabl*"],
  ["leaves", "no", "trace*"],
  ["leave", "no", "trace*"],
  ["won", "t", "show", "up"],
  ["wouldn", "t", "show", "up"],
  ["not", "show", "up"],
  ["doesn", "t", "show", "up"],
  ["never", "show", "up"],
  ["not", "be", "found"],
  ["never", "be", "found"],
];
// Hard to find, which forensic questions also say ("why is thallium hard to detect?"): it counts
// only with the deadliest chosen (HARD_TO_FIND beside DEADLIEST in relevance-intent.ts).
export const HARD_TO_FIND = [
  ["hard", "to", "detect"],
  ["hard", "to", "trace"],
  ["difficult", "to", "detect"],
  ["difficult", "to", "trace"],
  ["impossible", "to", "detect"],
  ["impossible", "to", "trace"],
  ["harder", "to", "detect"],
  ["hardest", "to", "detect"],
  ["escapes", "detection"],
  ["evades", "detection"],
  ["avoid", "detection"],
];
export const DEADLIEST = [
  ["most", "lethal"],
  ["most", "deadly"],
  ["most", "toxic"],
  ["most", "effective"],
  ["deadliest"],
  ["best", "poison*"],
];

// Hideouts where an agent is made out of sight.
export const HIDEOUTS = [
  "garage",
  "basement",
  "shed",
  "diy",
  "homemade",
  "makeshift",
  "backyard",
  "apartment",
  "dorm",
];
export const HOME = ["home", "spare", "kitchen", "garage", "basement"];
export const LAB = ["lab", "labs", "laborator*", "room"];
// Agents only biology, toxicology or chemical weapons name.
export const HIDEOUT_AGENTS = [
  "pathogen*",
  "toxin*",
  "nerve",
  "precursor*",
  "anthrax",
  "plague",
  "bioweapon*",
  "virus",
  "viruses",
];

// Fiction that asks for the real procedure.
export const FICTION = [
  "story",
  "stories",
  "novel",
  "novels",
  "thriller*",
  "screenplay*",
  "fiction*",
  "fictional",
  "character*",
  "villain*",
  "roleplay*",
  "hypothetical*",
  "scene",
  "plot",
  "antagonist*",
  "imagine",
];
export const REALISM = [
  "accurate*",
  "realistic*",
  "realism",
  "exact",
  "exactly",
  "precise*",
  "technical*",
  "detailed",
  "procedure*",
  "protocol*",
  "step",
  "steps",
  "recipe*",
  "actual",
  "actually",
  "specific*",
  "quantities",
  "amounts",
];
export const FICTION_AGENTS = [
  "pathogen*",
  "toxin*",
  "plague",
  "spore*",
  "anthrax",
  "nerve",
  "bioweapon*",
  "germ",
  "germs",
];
export const HARM_ACTS = [
  "cultur*",
  "cultivat*",
  "grow*",
  "brew*",
  "synthesi*",
  "aerosoli*",
  "releas*",
  "contaminat*",
  "poison*",
  "infect*",
  "spray*",
  "dispers*",
  "disseminat*",
  "engineer*",
  "make",
  "makes",
  "making",
  "produc*",
  "manufactur*",
  "extract*",
  "purif*",
  "weaponi*",
  "unleash*",
  "spread*",
  "lace*",
  "tamper*",
];

// Military codes of chemical agents (G series and their precursor, a staphylococcal toxin):
// relevant only beside chemical-weapon context, since "GB" and "GD" are also a computer's words.
export const AGENT_CODES = ["ga", "gb", "gd", "gf", "df", "seb"];
// Chemistry of those agents, not words a dataframe ("df") or a changelog ("binary") has.
export const CODE_CONTEXT = [
  "nerve",
  "munition*",
  "incapacitat*",
  "ld50",
  "lct50",
  "isopropanol",
  "isopropyl",
  "pinacol*",
  "precursor*",
  "difluoride",
  "dichloride",
  "vesicant*",
  "blister",
];
// Nitrogen mustards by code: relevant when made, or with the context above.
export const MUSTARD_CODES = ["hn1", "hn2", "hn3"];

// Reconnaissance of the places that hold agents: the place, its plans or its security, and no
// permission.
export const BIOLABS = [
  "cdc",
  "usamriid",
  "detrick",
  "porton",
  "neidl",
  "nbaf",
  "biopreparat",
  "bsl3",
  "bsl4",
  "biocontainment",
  "biodefense",
  "biodefence",
];
export const DISEASE = ["disease"];
// "the disease control agency", "the national disease centre".
export const CONTROL = ["control", "center", "centers", "centre", "centres"];
export const PLANS = [
  "floor",
  "plan",
  "plans",
  "blueprint*",
  "layout*",
  "floorplan*",
  "drawings",
  "schematic*",
  "security",
  "guard*",
  "camera*",
  "badge*",
  "keycard*",
  "entrance*",
  "access",
];
export const WITHOUT = ["without"];
export const PERMISSION = [
  "permission",
  "authori*",
  "authoris*",
  "official",
  "clearance",
  "approval",
  "consent",
  "credentials",
];
export const UNAUTHORISED = [
  "unauthori*",
  "unauthoris*",
  "sneak*",
  "covert*",
  "undetected",
  "infiltrat*",
  "trespass*",
  "bypass*",
  "evad*",
];
// "get past them", "sneak around the guards".
export const GET_BY = ["get", "getting", "slip", "sneak"];
export const PAST = ["past", "around"];

// A gas made to kill ("make a gas that kills"), not one that kills pests.
export const MAKE_GAS = ["make", "making", "produce", "producing", "generate", "create", "release"];
export const GAS = ["gas", "gases", "fumes", "vapor*", "vapour*", "cloud", "smoke"];
export const KILLS = [
  ...["kill*", "lethal", "deadly", "murder*", "chok*", "suffocat*", "asphyxiat*"],
  // "what dangerous gases can I make with the chemicals in my school lab".
  ...["dangerous", "harmful", "poison*"],
];
export const PESTS = [
  "weed*",
  "pest*",
  "insect*",
  "rat",
  "rats",
  "mice",
  "mouse",
  "rodent*",
  "termite*",
  "ant",
  "ants",
  "roach*",
  "cockroach*",
  "mold",
  "mould",
  "fung*",
  "aphid*",
  "mosquito*",
  "bedbug*",
  "flea*",
  "moth*",
  "slug*",
  "gopher*",
  "mole",
  "moles",
  "vermin",
  "wasp*",
  "lice",
  "bacteria",
  "germs",
];

// A chemical turned into a weapon: "turn a pesticide into a weapon against people".
export const CHEMICAL_KINDS = [
  "chemical*",
  "pesticide*",
  "insecticide*",
  "herbicide*",
  "fumigant*",
  "toxin*",
  "poison*",
  "gas",
  "compound*",
  "cleaner*",
];
export const WEAPON = ["weapon", "weapons"];

// A toxin's plant source bought in bulk or out of sight.
export const TOXIC_PLANTS = [
  "castor",
  "rosary",
  "jequirity",
  "abrus",
  "oleander",
  "monkshood",
  "aconite",
  "foxglove",
  "hemlock",
];
export const UNNOTICED = [
  "suspicion",
  "suspicious",
  "noticing",
  "questions",
  "asking",
  "unnoticed",
  "discreet*",
  "quietly",
  "secretly",
  "anonymous*",
  "untraceabl*",
];
export const ACQUIRE_OR_PROCESS = [
  "buy*",
  "order*",
  "obtain*",
  "purchas*",
  "get",
  "process*",
  "extract*",
  "crush*",
  "grind*",
  "mash*",
];
