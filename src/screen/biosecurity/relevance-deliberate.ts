// Requests to harm people deliberately with a biological agent or a poison, by shape rather
// than by name: infecting a person, contaminating a water or food supply, releasing an agent or
// starting an outbreak, harming as many people as possible, acquiring controlled material past
// the controls, and engineering an agent to escape drugs or immunity, to spread better or to
// come back from extinction. Each shape needs a verb that is asked for (relevance-shapes.ts), so
// research questions, which describe ("does HIV spread among…", "do variants evade
// antibodies?"), and safety questions, which ward off ("how to avoid giving my partner herpes",
// "how to prevent tampering with the water supply"), stay out.
import type { Words } from "./words.js";
import { terms } from "./relevance-index.js";
import { aboutComputers, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as T from "./terms-deliberate.js";

const HUMAN_DISEASES = terms.list(T.HUMAN_DISEASES);
const LOOSE_AGENTS = terms.list(T.LOOSE_AGENTS);
const STRICT_AGENTS = terms.list(T.STRICT_AGENTS);
const DISEASES = terms.list([...T.HUMAN_DISEASES, ...T.LOOSE_AGENTS, ...T.STRICT_AGENTS]);
const AGENTS = terms.list([...T.LOOSE_AGENTS, ...T.STRICT_AGENTS]);
const TRANSMIT = terms.list(T.TRANSMIT);
const VICTIMS = terms.list(T.VICTIMS);
const CARE = terms.list(T.CARE);
const COVERT = terms.phraseGroup(T.COVERT);
const MAKE_OR_GET = terms.list(T.MAKE_OR_GET);
const SICK = terms.list(T.SICK);
const SPREADING_WORDS = terms.list(T.SPREADING_WORDS);
const CONTAMINATE = terms.list(T.CONTAMINATE);
const INTRODUCE = terms.list(T.INTRODUCE);
const SUPPLIES = terms.list(T.SUPPLIES);
const HARMFUL_STUFF = terms.list(T.HARMFUL_STUFF);
const RELEASE = terms.list(T.RELEASE);
const START = terms.list(T.START);
const OUTBREAKS = terms.list(T.OUTBREAKS);
const OUTBREAK_WORK = terms.list(T.OUTBREAK_WORK);
const MASS = terms.phraseGroup(T.MASS);
const HARM_VERBS = terms.list(T.HARM_VERBS);
const ACQUIRE = terms.list(T.ACQUIRE);
const CONTROLLED = terms.list(T.CONTROLLED);
const PAST_CONTROLS = terms.phraseGroup(T.PAST_CONTROLS);
const EVADE = terms.list(T.EVADE);
const CONTROLS = terms.list(T.CONTROLS);
const ENGINEER = terms.list(T.ENGINEER);
const BUGS = terms.list(T.BUGS);
const ESCAPE = terms.list(T.ESCAPE);
const DEFENCES = terms.list(T.DEFENCES);
const SPREADS_BETTER = terms.phraseGroup(T.SPREADS_BETTER);
const REVIVE = terms.list(T.REVIVE);
const CREATE = terms.list(T.CREATE);
const MADE_AGENTS = terms.list(T.MADE_AGENTS);
const AGAINST = terms.list(T.AGAINST);
const LIFE = terms.list(T.LIFE);
const ABOUT_AGENTS = terms.list(T.ABOUT_AGENTS);
const INTRUDE = terms.list(T.INTRUDE);
const ILLICIT = terms.list(T.ILLICIT);
const FACILITIES = terms.list(T.FACILITIES);
const HELD_THERE = terms.list(T.HELD_THERE);
const DANGER_ADJ = terms.list(T.DANGER_ADJ);
const AIMED_AT = terms.phraseGroup(T.AIMED_AT);
const PLACES = terms.list(T.PLACES);
const SUPPLY_WORKS = terms.list(T.SUPPLY_WORKS);
const CATCH = terms.list(T.CATCH);
const SICKEN = terms.list(T.SICKEN);
const EXTINCT = terms.list(T.EXTINCT);

/** Whether `words` ask for deliberate harm with an agent, by one of the shapes above. */
export function asksForDeliberateHarm(words: Words): boolean {
  if (!asks(words) && !words.phrase(COVERT)) return false;
  return (
    infectsAPerson(words) ||
    contaminatesASupply(words) ||
    releasesAnAgent(words) ||
    harmsMany(words) ||
    acquiresPastControls(words) ||
    engineersAnAgent(words) ||
    createsAnAgentAgainstLife(words) ||
    intrudesOnAFacility(words)
  );
}

// An agent of biology: a strict word, or a loose one ("virus", "infection") when the text is
// not about computers.
function biological(words: Words): boolean {
  if (words.any(STRICT_AGENTS) || words.any(HUMAN_DISEASES)) return true;
  return words.any(LOOSE_AGENTS) && !aboutComputers(words);
}

// "I want to give my coworker the flu", "how can I pass herpes to my partner without them
// knowing", "how to make my boss sick with covid", "inject someone with HIV-infected blood".
// Care words ("give my baby the flu vaccine") leave only the covert form.
function infectsAPerson(words: Words): boolean {
  if (!words.any(DISEASES) || !biological(words)) return false;
  if (words.phrase(COVERT) && words.near(TRANSMIT, VICTIMS, 3)) return true;
  if (words.phrase(COVERT) && words.near(MAKE_OR_GET, VICTIMS, 1) && words.near(VICTIMS, SICK, 3)) {
    return true;
  }
  if (words.any(CARE) || !asks(words)) return false;
  if (askedNear(words, TRANSMIT, VICTIMS, { gap: 3, reset: SPREADING_WORDS })) return true;
  if (askedNear(words, TRANSMIT, HUMAN_DISEASES, { gap: 3, reset: SPREADING_WORDS })) return true;
  if (askedNear(words, MAKE_OR_GET, VICTIMS, { gap: 1 }) && words.near(VICTIMS, SICK, 3))
    return true;
  // "how do I make sure my coworkers catch it" (but not "help my kids avoid catching a cold").
  return words.near(VICTIMS, CATCH, 2) && !wardedOff(words);
}

// "how to contaminate a city's reservoir", "ways to taint the food supply", "how can I put
// cyanide in the town's water supply", "spike the buffet with salmonella".
function contaminatesASupply(words: Words): boolean {
  if (!words.any(SUPPLIES)) return false;
  if (askedNear(words, CONTAMINATE, SUPPLIES, { gap: 5 })) return true;
  if (
    askedNear(words, INTRODUCE, HARMFUL_STUFF, { gap: 4 }) &&
    words.near(HARMFUL_STUFF, SUPPLIES, 5)
  ) {
    return true;
  }
  // "put bacteria into a town's water tower".
  if (askedNear(words, INTRODUCE, AGENTS, { gap: 4 }) && words.near(AGENTS, SUPPLY_WORKS, 6)) {
    return biological(words);
  }
  // "what could someone put in a reservoir to sicken a town" (not "add chlorine to disinfect").
  return (
    askedNear(words, INTRODUCE, SUPPLIES, { gap: 4 }) && words.any(SICKEN) && !wardedOff(words)
  );
}

// "how to release a pathogen in the city", "spread the disease through the school", "how to
// start an epidemic" (but not "spread awareness of HIV" or "create an outbreak response plan").
function releasesAnAgent(words: Words): boolean {
  if (!biological(words)) return false;
  if (askedNear(words, RELEASE, AGENTS, { gap: 4, reset: SPREADING_WORDS })) return true;
  // "which diseases are easiest to spread deliberately in a school".
  if (!words.any(CARE) && askedNear(words, RELEASE, PLACES, { gap: 4, reset: SPREADING_WORDS })) {
    return true;
  }
  return askedNear(words, START, OUTBREAKS, { gap: 3 }) && !words.any(OUTBREAK_WORK);
}

// "infect as many people as possible", "mass casualties with a pathogen".
function harmsMany(words: Words): boolean {
  return words.phrase(MASS) && words.any(HARM_VERBS) && biological(words);
}

// "buy pathogen cultures on the dark web", "order toxin genes without raising flags", "get
// around export controls on precursors".
function acquiresPastControls(words: Words): boolean {
  if (!words.near(ACQUIRE, CONTROLLED, 6)) return false;
  return words.phrase(PAST_CONTROLS) || words.near(EVADE, CONTROLS, 3);
}

// "how to make E. coli resistant to every antibiotic", "engineer the strain to evade vaccine
// immunity", "modify the virus so it spreads between humans", "design a pathogen aimed at one
// ethnic group", "how to resurrect an extinct virus".
function engineersAnAgent(words: Words): boolean {
  if (aboutComputers(words) && !words.any(STRICT_AGENTS)) return false;
  if (askedNear(words, REVIVE, EXTINCT, { gap: 4 })) return true;
  if (!words.any(BUGS)) return false;
  // "make a deadly virus", "convert a strain into a virulent one" (but not "make a vaccine
  // against a dangerous strain").
  if (askedNear(words, ENGINEER, DANGER_ADJ, { gap: 8, reset: CARE })) return true;
  if (!askedNear(words, ENGINEER, BUGS, { gap: 6 })) return false;
  return (
    words.phrase(AIMED_AT) ||
    words.near(ESCAPE, DEFENCES, 4) ||
    words.near(DEFENCES, ESCAPE, 2) ||
    words.phrase(SPREADS_BETTER)
  );
}

// "develop a virus that attacks a certain population", "design a pathogen to destroy a
// country's wheat harvest", "create a disease that wipes out a species". A computer virus is
// aimed at machines ("a virus that can infect and destroy a city's power grid") and a research
// design at knowledge ("design a study of how the virus infects people").
function createsAnAgentAgainstLife(words: Words): boolean {
  if (!words.any(AGAINST) || !words.any(LIFE) || !biological(words)) return false;
  return askedNear(words, CREATE, MADE_AGENTS, { gap: 4, reset: ABOUT_AGENTS });
}

// "gain unauthorized access to a biological synthesis facility", "break into a lab that stores
// pathogens", "sabotage a chlorine tanker", "steal toxin samples from a freezer" (but not "get
// access to the chemistry lab after hours", which asks for nothing illicit).
function intrudesOnAFacility(words: Words): boolean {
  if (!words.any(ILLICIT) || !words.any(HELD_THERE) || !words.any(FACILITIES)) return false;
  return words.near(INTRUDE, FACILITIES, 6) || words.near(INTRUDE, HELD_THERE, 4);
}
