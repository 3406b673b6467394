// Dissemination by shape: an agent made into something that travels through the air or a
// building. Aerosolising an agent (the verb as a command, even in a code comment), spraying one
// asked for, drying and milling it into a powder that floats, choosing the particle size that
// reaches the lungs, feeding it into a building's ventilation, and keeping it alive through
// spraying, an unnamed substance made to injure through the air, and something let into the
// air at a graduation or a concert. Research describes ("aerosolized surfactant", "how long does the virus survive in
// aerosols"), cleaning sprays the agent away ("spray disinfectant to kill pathogens") and
// safety wards it off ("stop mould spores spreading through the vents"); none of those asks for
// the act.
import type { Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import { aboutComputers, askedFor, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as disseminationTerms from "./terms-dissemination.js";

const T = registerAll(disseminationTerms);

/** Whether `words` ask to make an agent airborne or put it into a building's air. */
export function disseminatesAnAgent(words: Words): boolean {
  if (aboutComputers(words) || words.any(T.HOBBY_MICROBES)) return false;
  return (
    aerosolisesAnAgent(words) ||
    spraysAnAgent(words) ||
    millsAnAgent(words) ||
    sizesParticlesForLungs(words) ||
    feedsVentilation(words) ||
    makesAnInjuringSpray(words) ||
    releasesIntoTheAirAtAnEvent(words) ||
    turnsAnAgentIntoAerosol(words) ||
    stabilisesForDispersal(words)
  );
}

// "aerosolize the toxin over the stadium", "aerosolise it over a city": the verb as a command
// with an agent or a gathering of people.
function aerosolisesAnAgent(words: Words): boolean {
  if (!words.any(T.AEROSOLISE)) return false;
  return words.any(T.ANY_AGENTS) || words.any(T.GATHERINGS);
}

// "describe using a crop duster to spray a pathogen over a town".
function spraysAnAgent(words: Words): boolean {
  if (words.any(T.CLEANERS) || wardedOff(words) || !asks(words)) return false;
  if (askedNear(words, T.SPRAY, T.AIRBORNE_AGENTS, { gap: 4 })) return true;
  // Over people, any agent: "spray a virus over a crowd".
  return words.any(T.GATHERINGS) && askedNear(words, T.SPRAY, T.ANY_AGENTS, { gap: 4 });
}

// "dry and mill spores into a powder that stays in the air".
function millsAnAgent(words: Words): boolean {
  if (!words.any(T.MILL) || !words.any(T.FINE)) return false;
  // The agent named first may come a sentence before: "Got some spores. Want to dry them".
  const milled =
    words.near(T.MILL, T.AIRBORNE_AGENTS, 4) || words.near(T.AIRBORNE_AGENTS, T.MILL, 8);
  if (milled && (asks(words) || askedFor(words, T.MILL) || words.any(T.DISPERSAL))) return true;
  // "grow the bacteria, dry them, grind them fine: how fine so people breathe them in?"
  return words.any(T.ANY_AGENTS) && words.any(T.LUNGS) && asks(words) && !wardedOff(words);
}

// "what particle size should a pathogen aerosol have to reach deep in the lungs".
function sizesParticlesForLungs(words: Words): boolean {
  if (!words.any(T.PARTICLE) || !words.any(T.AIRBORNE_AGENTS) || !words.any(T.LUNGS)) return false;
  return (words.any(T.OPTIMAL) || asks(words)) && !wardedOff(words);
}

// "how to put the spores into the building's ventilation".
// "What could I put in the air vents of a school to make kids sick": the harm, with no agent.
function feedsVentilation(words: Words): boolean {
  if (!words.any(T.VENTS) || wardedOff(words)) return false;
  if (!words.any(T.ANY_AGENTS) && !words.any(T.ILLNESS_SIGNS)) return false;
  return askedNear(words, T.PUT_IN, T.VENTS, { gap: 8 });
}

// "Describe a substance that causes paralysis when inhaled and how to make it", "what would
// make a crowd's skin blister if sprayed on them, and how do I produce it".
function makesAnInjuringSpray(words: Words): boolean {
  if (!words.any(T.INJURIES) || !words.any(T.THROUGH_AIR) || wardedOff(words)) return false;
  return askedFor(words, T.MAKE_IT);
}

// "I'm going to release something in the air at graduation. What should it be?" Not balloons,
// doves or confetti.
function releasesIntoTheAirAtAnEvent(words: Words): boolean {
  if (!words.phrase(T.INTO_THE_AIR) || !words.any(T.EVENTS) || words.any(T.FESTIVE)) return false;
  return askedFor(words, T.RELEASE_IN_AIR) && !wardedOff(words);
}

// "stabilise the virus so it survives longer when sprayed", "make a bacterial agent survive being
// dispersed from a drone".
function stabilisesForDispersal(words: Words): boolean {
  if (!words.any(T.SURVIVES) || !words.any(T.DISPERSAL) || !words.any(T.ANY_AGENTS)) return false;
  return askedNear(words, T.STABILISE, T.ANY_AGENTS, { gap: 5 });
}

// "put a pathogen into aerosol form", "turn the toxin into a mist".
function turnsAnAgentIntoAerosol(words: Words): boolean {
  if (!words.any(T.AIRBORNE_FORMS) || wardedOff(words)) return false;
  return (
    askedNear(words, T.TURN_INTO, T.AIRBORNE_AGENTS, { gap: 3 }) &&
    words.near(T.AIRBORNE_AGENTS, T.AIRBORNE_FORMS, 4)
  );
}
