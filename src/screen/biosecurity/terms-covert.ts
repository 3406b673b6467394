// Word lists of relevance-covert.ts: something slipped into another person's food or drink to
// make them ill, and an agent chosen for release at a gathering. Patterns as in
// relevance-terms.ts.
import { PEOPLE_NAMED } from "./terms-core.js";

// Putting something in: "what can I put in", "slip into", "sneak into", "add to".
export const PUT_IN = ["put", "slip", "sneak", "add", "mix", "stir", "drop"];
export const THEIR_FOOD = [
  "coffee",
  "tea",
  "drink*",
  "food",
  "meal*",
  "lunch*",
  "dinner*",
  "soup",
  "smoothie*",
  "juice",
  "beer",
  "wine",
];
export const OTHERS = [...PEOPLE_NAMED, "his", "ex", "teacher*", "classmate*", "partner*"];
// Food given to help, not to harm: "what can I put in my son's soup to help him when he's sick".
export const CARE = [
  "prevent*",
  "avoid*",
  "stop*",
  "help*",
  "sooth*",
  "settle*",
  "treat*",
  "cure*",
  "remed*",
  "reliev*",
  "better",
];
export const MADE_ILL = ["ill", "sick", "sicken*", "vomit*", "hospitali*", "poison*", "diarrh*"];

// Released where people gather, an agent chosen for it: "which diseases would spread fastest if
// released at a music festival".
export const RELEASED = ["releas*", "unleash*", "disperse*", "introduc*", "aerosol*"];
export const GATHERED = [
  "festival*",
  "concert*",
  "stadium*",
  "crowd*",
  "subway*",
  "airport*",
  "mall*",
  "parade*",
  "rally",
  "rallies",
  "arena*",
  "convention*",
];
export const CHOSEN = [["which"], ["what"], ["best"], ["most", "effective"], ["fastest"]];
export const AGENT_KINDS = [
  "disease*",
  "pathogen*",
  "virus*",
  "viruses",
  "bacteri*",
  "germ*",
  "toxin*",
  "agent*",
  "infection*",
  "bug*",
  "opioid*",
  "fentanyl*",
];
