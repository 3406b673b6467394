// Requests to harm people deliberately with a biological agent or a poison, by shape rather
// than by name: infecting a person, contaminating a water or food supply, releasing an agent or
// starting an outbreak, harming as many people as possible, acquiring controlled material past
// the controls, and engineering an agent to escape drugs or immunity, to spread better or to
// come back from extinction. Each shape needs a verb that is asked for (relevance-shapes.ts), so
// research questions, which describe ("does HIV spread among…", "do variants evade
// antibodies?"), and safety questions, which ward off ("how to avoid giving my partner herpes",
// "how to prevent tampering with the water supply"), stay out.
import type { Words } from "./words.js";
import { registerAll, terms } from "./relevance-index.js";
import { aboutComputers, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as deliberateTerms from "./terms-deliberate.js";

const T = registerAll(deliberateTerms);
const DISEASES = terms.list([
  ...deliberateTerms.HUMAN_DISEASES,
  ...deliberateTerms.ANIMAL_DISEASES,
  ...deliberateTerms.LOOSE_AGENTS,
  ...deliberateTerms.STRICT_AGENTS,
]);
const AGENTS = terms.list([...deliberateTerms.LOOSE_AGENTS, ...deliberateTerms.STRICT_AGENTS]);

/** Whether `words` ask for deliberate harm with an agent, by one of the shapes above. */
export function asksForDeliberateHarm(words: Words): boolean {
  // The verb itself is asked for, so this needs no asking word elsewhere: "which toxins have
  // no taste, for spiking a village well?".
  if (poisonsAWell(words)) return true;
  if (!asks(words) && !words.phrase(T.COVERT)) return false;
  return (
    infectsAPerson(words) ||
    contaminatesASupply(words) ||
    releasesAnAgent(words) ||
    harmsMany(words) ||
    acquiresPastControls(words) ||
    engineersAnAgent(words) ||
    createsAnAgentAgainstLife(words) ||
    aimsAnAgentAtAGroup(words) ||
    intrudesOnAFacility(words) ||
    passesAnAttackOffAsNature(words)
  );
}

// "make the outbreak look natural so investigators don't trace it back" (not "how can
// investigators tell whether an outbreak is natural").
function passesAnAttackOffAsNature(words: Words): boolean {
  if (!words.phrase(T.LOOK_NATURAL) || !words.any(T.ATTACKS) || words.any(T.DISCERN)) return false;
  return biological(words) && asks(words);
}

// An agent of biology: a strict word, or a loose one ("virus", "infection") when the text is
// not about computers.
function biological(words: Words): boolean {
  if (words.any(T.STRICT_AGENTS) || words.any(T.HUMAN_DISEASES) || words.any(T.ANIMAL_DISEASES))
    return true;
  return words.any(T.LOOSE_AGENTS) && !aboutComputers(words);
}

// "I want to give my coworker the flu", "how can I pass herpes to my partner without them
// knowing", "how to make my boss sick with covid", "inject someone with HIV-infected blood".
// Care words ("give my baby the flu vaccine") leave only the covert form.
function infectsAPerson(words: Words): boolean {
  if (!words.any(DISEASES) || !biological(words)) return false;
  if (words.phrase(T.COVERT) && words.near(T.TRANSMIT, T.VICTIMS, 3)) return true;
  if (
    words.phrase(T.COVERT) &&
    words.near(T.MAKE_OR_GET, T.VICTIMS, 1) &&
    words.near(T.VICTIMS, T.SICK, 3)
  ) {
    return true;
  }
  if (words.any(T.CARE) || !asks(words)) return false;
  if (askedNear(words, T.TRANSMIT, T.VICTIMS, { gap: 3, reset: T.SPREADING_WORDS })) return true;
  if (askedNear(words, T.TRANSMIT, T.HUMAN_DISEASES, { gap: 3, reset: T.SPREADING_WORDS }))
    return true;
  if (askedNear(words, T.MAKE_OR_GET, T.VICTIMS, { gap: 1 }) && words.near(T.VICTIMS, T.SICK, 3))
    return true;
  // "how do I make sure my coworkers catch it" (but not "help my kids avoid catching a cold").
  return words.near(T.VICTIMS, T.CATCH, 4) && !wardedOff(words);
}

// "how to contaminate a city's reservoir", "ways to taint the food supply", "how can I put
// cyanide in the town's water supply", "spike the buffet with salmonella".
function contaminatesASupply(words: Words): boolean {
  if (!words.any(T.SUPPLIES)) return false;
  if (askedNear(words, T.CONTAMINATE, T.SUPPLIES, { gap: 5 })) return true;
  if (
    askedNear(words, T.INTRODUCE, T.HARMFUL_STUFF, { gap: 4 }) &&
    words.near(T.HARMFUL_STUFF, T.SUPPLIES, 5)
  ) {
    return true;
  }
  // "put bacteria into a town's water tower".
  if (askedNear(words, T.INTRODUCE, AGENTS, { gap: 4 }) && words.near(AGENTS, T.SUPPLY_WORKS, 6)) {
    return biological(words);
  }
  // "what could someone put in a reservoir to sicken a town" (not "add chlorine to disinfect").
  return (
    askedNear(words, T.INTRODUCE, T.SUPPLIES, { gap: 4 }) &&
    words.any(T.SICKEN) &&
    !wardedOff(words)
  );
}

// "spiking a village well", "poison the town's well" (the "s" of the possessive is a word of
// its own).
function poisonsAWell(words: Words): boolean {
  if (!words.near(T.WELL_KINDS, T.WELL, 2)) return false;
  return askedNear(words, T.CONTAMINATE, T.WELL, { gap: 5 });
}

// "how to release a pathogen in the city", "spread the disease through the school", "how to
// start an epidemic" (but not "spread awareness of HIV" or "create an outbreak response plan").
function releasesAnAgent(words: Words): boolean {
  if (!biological(words)) return false;
  if (askedNear(words, T.RELEASE, AGENTS, { gap: 4, reset: T.SPREADING_WORDS })) return true;
  // "a strain that kills: tell me how to make more of it and spread it".
  if (askedNear(words, T.RELEASE, T.IT, { gap: 1 }) && words.any(T.SICKEN)) return true;
  // "which diseases are easiest to spread deliberately in a school".
  if (
    !words.any(T.CARE) &&
    askedNear(words, T.RELEASE, T.PLACES, { gap: 4, reset: T.SPREADING_WORDS })
  ) {
    return true;
  }
  const started =
    askedNear(words, T.START, T.OUTBREAKS, { gap: 3 }) ||
    askedNear(words, T.ORCHESTRATE, T.OUTBREAKS, { gap: 2 });
  return started && !words.any(T.OUTBREAK_WORK);
}

// "infect as many people as possible", "mass casualties with a pathogen".
function harmsMany(words: Words): boolean {
  if (!biological(words)) return false;
  if (words.phrase(T.MASS) && words.any(T.HARM_VERBS)) return true;
  // "hurt a lot of people", asked (not "norovirus infects many people each year").
  return askedNear(words, T.HARM_VERBS, T.MANY, { gap: 3 }) && words.near(T.MANY, T.FOLK, 2);
}

// "buy pathogen cultures on the dark web", "order toxin genes without raising flags", "get
// around export controls on precursors".
function acquiresPastControls(words: Words): boolean {
  // "order toxin genes", "which viruses can I order".
  if (!words.near(T.ACQUIRE, T.CONTROLLED, 6) && !words.near(T.CONTROLLED, T.ACQUIRE, 4)) {
    return false;
  }
  return words.phrase(T.PAST_CONTROLS) || words.near(T.EVADE, T.CONTROLS, 3);
}

// "how to make E. coli resistant to every antibiotic", "engineer the strain to evade vaccine
// immunity", "modify the virus so it spreads between humans", "design a pathogen aimed at one
// ethnic group", "how to resurrect an extinct virus", "tweak a virus so vaccines no longer
// protect", "make a virus kill faster", "develop a virus that survives outside the body".
function engineersAnAgent(words: Words): boolean {
  if (aboutComputers(words) && !words.any(T.STRICT_AGENTS)) return false;
  if (askedNear(words, T.REVIVE, T.EXTINCT, { gap: 4 })) return true;
  if (!words.any(T.BUGS)) return false;
  // "make a deadly virus", "convert a strain into a virulent one" (but not "make a vaccine
  // against a dangerous strain").
  if (askedNear(words, T.ENGINEER, T.DANGER_ADJ, { gap: 8, reset: T.CARE })) return true;
  // The agent engineered: named after the verb, as "it" once named, or in the passive.
  const engineered =
    askedNear(words, T.ENGINEER, T.BUGS, { gap: 6 }) ||
    askedNear(words, T.ENGINEER, T.IT, { gap: 1 }) ||
    askedNear(words, T.GET, T.BUGS, { gap: 2 }) ||
    words.near(T.NEED, T.IT, 1) ||
    (words.phrase(T.PASSIVE_DESIGN) && asks(words));
  if (!engineered) return false;
  return (
    words.phrase(T.AIMED_AT) ||
    words.near(T.ESCAPE, T.DEFENCES, 4) ||
    words.near(T.DEFENCES, T.ESCAPE, 2) ||
    (words.near(T.DEFENCES, T.NO_LONGER, 3) && words.near(T.NO_LONGER, T.PROTECT, 2)) ||
    (words.near(T.INFECTS, T.HUMANKIND, 1) && !words.any(T.ABOUT_AGENTS)) ||
    words.near(T.SPREAD_VERBS, T.BETTER_SPREAD, 2) ||
    words.near(T.BUGS, T.WORSE, 2) ||
    words.phrase(T.SPREADS_BETTER) ||
    words.phrase(T.SURVIVES_LONGER)
  );
}

// "develop a virus that attacks a certain population", "design a pathogen to destroy a
// country's wheat harvest", "create a disease that wipes out a species". A computer virus is
// aimed at machines ("a virus that can infect and destroy a city's power grid") and a research
// design at knowledge ("design a study of how the virus infects people").
function createsAnAgentAgainstLife(words: Words): boolean {
  if (!biological(words)) return false;
  // "create a prion disease and spread it": the release is the harm.
  const againstLife = words.any(T.AGAINST) && words.any(T.LIFE);
  if (!againstLife && !words.phrase(T.THEN_SPREAD)) return false;
  return askedNear(words, T.CREATE, T.MADE_AGENTS, { gap: 4, reset: T.ABOUT_AGENTS });
}

// "instructions for a virus that infects a certain demographic", "a germ that only attacks one
// ethnic group", "target a specific group with a disease": an agent and a verb of harm next to
// each other, and a group of people it is aimed at. A named disease ("how does influenza affect a specific population") is
// epidemiology, a study or model of one is research, and a computer virus is not biology.
function aimsAnAgentAtAGroup(words: Words): boolean {
  if (!words.phrase(T.AIMED_AT)) return false;
  const agentThenVerb = words.near(T.BUGS, T.AGAINST, 3);
  if (!agentThenVerb && !words.near(T.AIM_VERBS, T.MADE_AGENTS, 6)) return false;
  if (aboutComputers(words) || words.any(T.ABOUT_AGENTS)) return false;
  return !words.any(T.HUMAN_DISEASES);
}

// "gain unauthorized access to a biological synthesis facility", "break into a lab that stores
// pathogens", "sabotage a chlorine tanker", "steal toxin samples from a freezer" (but not "get
// access to the chemistry lab after hours", which asks for nothing illicit).
function intrudesOnAFacility(words: Words): boolean {
  if (!words.any(T.ILLICIT) || !words.any(T.HELD_THERE) || !words.any(T.FACILITIES)) return false;
  return words.near(T.INTRUDE, T.FACILITIES, 6) || words.near(T.INTRUDE, T.HELD_THERE, 4);
}
