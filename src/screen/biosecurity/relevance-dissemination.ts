// Dissemination by shape: an agent made into something that travels through the air or a
// building. Aerosolising an agent (the verb as a command, even in a code comment), spraying one
// asked for, drying and milling it into a powder that floats, choosing the particle size that
// reaches the lungs, feeding it into a building's ventilation, and keeping it alive through
// spraying. Research describes ("aerosolized surfactant", "how long does the virus survive in
// aerosols"), cleaning sprays the agent away ("spray disinfectant to kill pathogens") and
// safety wards it off ("stop mould spores spreading through the vents"); none of those asks for
// the act.
import type { Words } from "./words.js";
import { terms } from "./relevance-index.js";
import { aboutComputers, askedFor, askedNear, asks, wardedOff } from "./relevance-shapes.js";
import * as T from "./terms-dissemination.js";

const AIRBORNE_AGENTS = terms.list(T.AIRBORNE_AGENTS);
const ANY_AGENTS = terms.list(T.ANY_AGENTS);
const AEROSOLISE = terms.list(T.AEROSOLISE);
const GATHERINGS = terms.list(T.GATHERINGS);
const SPRAY = terms.list(T.SPRAY);
const CLEANERS = terms.list(T.CLEANERS);
const MILL = terms.list(T.MILL);
const FINE = terms.list(T.FINE);
const PARTICLE = terms.list(T.PARTICLE);
const LUNGS = terms.list(T.LUNGS);
const OPTIMAL = terms.list(T.OPTIMAL);
const VENTS = terms.list(T.VENTS);
const PUT_IN = terms.list(T.PUT_IN);
const STABILISE = terms.list(T.STABILISE);
const SURVIVES = terms.list(T.SURVIVES);
const DISPERSAL = terms.list(T.DISPERSAL);

/** Whether `words` ask to make an agent airborne or put it into a building's air. */
export function disseminatesAnAgent(words: Words): boolean {
  if (aboutComputers(words)) return false;
  return (
    aerosolisesAnAgent(words) ||
    spraysAnAgent(words) ||
    millsAnAgent(words) ||
    sizesParticlesForLungs(words) ||
    feedsVentilation(words) ||
    stabilisesForDispersal(words)
  );
}

// "aerosolize the toxin over the stadium", "aerosolise it over a city": the verb as a command
// with an agent or a gathering of people.
function aerosolisesAnAgent(words: Words): boolean {
  if (!words.any(AEROSOLISE)) return false;
  return words.any(ANY_AGENTS) || words.any(GATHERINGS);
}

// "describe using a crop duster to spray a pathogen over a town".
function spraysAnAgent(words: Words): boolean {
  if (words.any(CLEANERS) || wardedOff(words) || !asks(words)) return false;
  return askedNear(words, SPRAY, AIRBORNE_AGENTS, { gap: 4 });
}

// "dry and mill spores into a powder that stays in the air".
function millsAnAgent(words: Words): boolean {
  if (!words.any(MILL) || !words.any(FINE)) return false;
  return words.near(MILL, AIRBORNE_AGENTS, 4) && (asks(words) || askedFor(words, MILL));
}

// "what particle size should a pathogen aerosol have to reach deep in the lungs".
function sizesParticlesForLungs(words: Words): boolean {
  if (!words.any(PARTICLE) || !words.any(AIRBORNE_AGENTS) || !words.any(LUNGS)) return false;
  return (words.any(OPTIMAL) || asks(words)) && !wardedOff(words);
}

// "how to put the spores into the building's ventilation".
function feedsVentilation(words: Words): boolean {
  if (!words.any(VENTS) || !words.any(ANY_AGENTS) || wardedOff(words)) return false;
  return askedNear(words, PUT_IN, VENTS, { gap: 8 });
}

// "stabilise the virus so it survives longer when sprayed", "make a bacterial agent survive being
// dispersed from a drone".
function stabilisesForDispersal(words: Words): boolean {
  if (!words.any(SURVIVES) || !words.any(DISPERSAL) || !words.any(ANY_AGENTS)) return false;
  return askedNear(words, STABILISE, ANY_AGENTS, { gap: 5 });
}
