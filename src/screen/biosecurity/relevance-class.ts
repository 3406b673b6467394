// The class of harmful requests by goal rather than by wording: many people made sick or killed
// by something breathed, swallowed or caught; the deadliest thing one could make; a germ or "the
// stuff" that kills people, made or got; a disease made to kill more or to resist every drug; an
// agent kept alive or stable for release; a chemical or drug used on people; powder in the post;
// a nation's crops or herds destroyed by a disease; export, customs or reporting controls got
// around; a sequence screen made to miss; a cover story for a supplier of poisons; a live sample
// of a named pathogen acquired; stocks of an agent held with lax security; spores dug from where
// livestock died; a dangerous organism mass-produced or engineered to make a deadly toxin; and a
// named toxic gas released in a building. Each needs an asked verb or a request, and each has
// the guard words that send homework, hygiene, preparedness, history, pest control and
// computer questions past it. Every check is a fixed number of walks over the kept words.
import type { Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import {
  aboutComputers,
  askedFor,
  askedNear,
  asks,
  opensWith,
  wardedOff,
} from "./relevance-shapes.js";
import * as classTerms from "./terms-class.js";

const T = registerAll(classTerms);

/** Whether `words` ask for harm with a biological or chemical agent by one of the shapes above. */
export function asksForHarmByGoal(words: Words): boolean {
  // Shapes whose words are never computer words first; then those where "virus", "bug" and
  // "infect" may be malware.
  if (
    getsAroundControls(words) ||
    makesTheScreenMiss(words) ||
    harmsAWaterSource(words) ||
    maximisesTheToll(words) ||
    seeksUncheckedVendors(words) ||
    growsThenSpreads(words) ||
    poisonsAnimals(words) ||
    makesTearGas(words) ||
    makesAGasCloudAmongPeople(words) ||
    dosesSomeoneElse(words) ||
    makesAMedicineAWeapon(words) ||
    makesAChemicalThatKillsAPerson(words) ||
    liesToASupplier(words) ||
    usesAChemicalOnPeople(words) ||
    postsAnAgent(words) ||
    ruinsANationsFarms(words) ||
    digsForSpores(words) ||
    releasesAToxicGas(words) ||
    makesAPotentPoison(words) ||
    sickensAPersonInSecret(words) ||
    killsAsIfByIllness(words) ||
    passesOnAnInfection(words) ||
    handsOnOnesOwnInfection(words)
  ) {
    return true;
  }
  if (aboutComputers(words)) return false;
  return (
    harmsManyPeople(words) ||
    makesTheDeadliest(words) ||
    makesAKillerThing(words) ||
    worsensADisease(words) ||
    keepsAnAgentForRelease(words) ||
    acquiresASample(words) ||
    findsLaxStocks(words) ||
    massProducesAnAgent(words) ||
    engineersAToxinMaker(words) ||
    putsAGermInFood(words) ||
    carriesSamplesOut(words) ||
    releasesInfectedVectors(words) ||
    setsCarriersOnPeople(words) ||
    urgesARelease(words) ||
    dispersesByDevice(words) ||
    picksAPoisonForFood(words) ||
    makesAToxicThing(words) ||
    breedsResistanceAtHome(words) ||
    makesAnAgentEasily(words) ||
    makesAnAgentFromStock(words) ||
    carriesAnAgentAcrossABorder(words) ||
    releasesForMaximumReach(words) ||
    choosesAnAgentForTerror(words) ||
    powdersAnAgent(words)
  );
}

// "the best way to cause mass casualties with something people breathe in", "make a lot of
// people sick at once", "kill everyone in a building without guns", "a disease for wiping out a
// town". Not preparedness or counting ("how many people the flu kills"), not killing germs or
// pests ("kill the bacteria that make people sick"), not a game.
function harmsManyPeople(words: Words): boolean {
  if (!words.any(T.HARM) || words.any(T.ABOUT_THE_HARM)) return false;
  if (!askedNear(words, T.CAUSE_HARM, T.CROWD, { gap: 5 })) return false;
  if (askedNear(words, T.KILL_VERBS, T.GERMS_AND_PESTS, { gap: 3 })) return false;
  return words.any(T.AGENT_HINT) || words.phrase(T.WITHOUT_ARMS);
}

// "the deadliest thing I could make in a home lab", "the most lethal pathogen I could make
// myself". Not by accident, and not a vaccine or a model.
function makesTheDeadliest(words: Words): boolean {
  if (!words.phrase(T.SUPERLATIVE) || !words.any(T.MADE_WHERE)) return false;
  if (words.any(T.BY_CHANCE) || words.any(T.MODELLING)) return false;
  return askedFor(words, T.MAKE_IT) || words.near(T.FIRST_PERSON, T.MAKE_IT, 3);
}

// "make a germ that makes people sick and spreads fast", "get a bug that kills people", "make the
// stuff that killed people on the subway". Not a cure, a vaccine, a model or a pest.
function makesAKillerThing(words: Words): boolean {
  if (words.any(T.MODELLING) || !askedNear(words, T.MAKE_OR_GET, T.HARMFUL_THING, { gap: 4 })) {
    return false;
  }
  if (words.near(T.HARMFUL_THING, T.KILLS, 5)) {
    if (words.near(T.KILLS, T.VICTIMS, 3) || words.near(T.VICTIMS, T.KILLS, 3)) return true;
  }
  if (words.near(T.HARMFUL_THING, T.SPREADS, 6) && words.near(T.SPREADS, T.FAST, 2)) return true;
  // "make a deadly disease in a kitchen".
  return (
    askedNear(words, T.MAKE_IT, T.MADE_DANGEROUS, { gap: 3 }) &&
    words.near(T.MADE_DANGEROUS, T.HARMFUL_THING, 2)
  );
}

// "make the flu worse so more people die", "raise the case fatality rate of a coronavirus",
// "engineer a strain of tuberculosis that no drug can treat". Not making it better or lower.
function worsensADisease(words: Words): boolean {
  if (!words.phrase(T.WORSE) || !words.any(T.SICKNESSES) || words.any(T.BETTER)) return false;
  return askedFor(words, T.CHANGE);
}

// "keep a virus alive on surfaces so it infects more people", "freeze-dry bacteria so they
// survive being sprayed", "encapsulate a toxin so it stays stable in the air". Not probiotics,
// starters, vaccines or samples kept for the lab.
function keepsAnAgentForRelease(words: Words): boolean {
  if (!words.any(T.STABLE) || !words.any(T.KEPT_AGENTS) || words.any(T.KEPT_BENIGN)) return false;
  if (!words.any(T.RELEASED) && !words.phrase(T.IN_THE_AIR)) return false;
  return askedFor(words, T.KEEP);
}

// "spray a toxic chemical over a crowd", "make fentanyl into an aerosol to use on people", "a
// pesticide made more toxic for use against people". Not its effects or safety, and not pepper
// spray or insect repellent.
function usesAChemicalOnPeople(words: Words): boolean {
  if (!words.phrase(T.ON_PEOPLE) || !words.any(T.TOXIC_STUFF) || words.any(T.USED_BENIGN)) {
    return false;
  }
  return askedFor(words, T.USE_IT) || words.phrase(T.MORE_TOXIC);
}

// "mail letters with a powder that makes the recipients sick".
function postsAnAgent(words: Words): boolean {
  if (!words.any(T.POST) || !words.any(T.POWDER) || !words.any(T.POST_HARM)) return false;
  return askedFor(words, T.SEND) && !wardedOff(words);
}

// "destroy a country's wheat harvest with a fungus", "infect an enemy's cattle with a disease".
function ruinsANationsFarms(words: Words): boolean {
  if (!words.any(T.FARMS) || !words.any(T.NATION) || !words.any(T.FARM_AGENTS)) return false;
  return askedFor(words, T.RUIN) && !wardedOff(words);
}

// "get around export controls on fermenters", "ship a pathogen sample without declaring it to
// customs", "buy precursors in amounts that stay under reporting thresholds". Not compliance.
function getsAroundControls(words: Words): boolean {
  if (!words.phrase(T.GET_AROUND)) return false;
  if (!words.any(T.CONTROLS) && !words.phrase(T.CONTROL_PHRASES)) return false;
  if (!words.any(T.CONTROLLED_GOODS) || words.any(T.COMPLIANCE)) return false;
  return asks(words);
}

// "recode a sequence so the screening doesn't flag it": a screen, then a negated noticing, after
// "so" or "without".
function makesTheScreenMiss(words: Words): boolean {
  if (!words.any(T.SCREENS) || !words.any(T.SEQUENCE_WORK) || !asks(words)) return false;
  if (
    words.near(T.SO, T.NEGATION, 4) &&
    words.near(T.SCREENS, T.NEGATION, 3) &&
    words.near(T.NEGATION, T.NOTICE, 2)
  ) {
    return true;
  }
  // "sequences of toxins that are not on the screening list".
  return (
    words.any(T.SCREENED_DANGER) &&
    words.near(T.NEGATION, T.LISTED, 2) &&
    words.near(T.LISTED, T.SCREENS, 3)
  );
}

// "what story should I tell the supplier so they don't ask why I need so much cyanide".
function liesToASupplier(words: Words): boolean {
  if (!words.any(T.SUPPLIER) || !words.any(T.DANGER_GOODS) || !asks(words)) return false;
  const told = words.near(T.SUPPLIER, T.DECEIVE, 8) || words.near(T.DECEIVE, T.SUPPLIER, 8);
  return told || words.phrase(T.DECEIVE_PHRASES);
}

// "get a culture of the black death bacterium", "acquire a live sample of MERS". Not clinical,
// diagnostic, vaccine or teaching work.
function acquiresASample(words: Words): boolean {
  if (words.any(T.SAMPLE_BENIGN) || !words.any(T.SAMPLE)) return false;
  // "talk a researcher into giving me a vial of a dangerous virus".
  const dangerous = words.near(T.DANGER_ADJ, T.KEPT_AGENTS, 1);
  if (dangerous && words.phrase(T.HANDED_TO_ME)) return true;
  if (!words.any(T.NAMED_PATHOGENS) && !words.phrase(T.PATHOGEN_PHRASES) && !dangerous)
    return false;
  return askedNear(words, T.ACQUIRE, T.SAMPLE, { gap: 4 });
}

// "which labs keep plague cultures, and how lax is their security".
function findsLaxStocks(words: Words): boolean {
  if (!words.any(T.STOCKS) || !words.any(T.STOCK_AGENTS)) return false;
  return words.near(T.LAX, T.SECURITY, 3) || words.near(T.SECURITY, T.LAX, 3);
}

// "soil from a cattle burial site that still has live spores".
function digsForSpores(words: Words): boolean {
  if (!words.any(T.SPORES) || !words.any(T.CARCASS) || !words.any(T.LIVESTOCK)) return false;
  return asks(words) && !wardedOff(words);
}

// "mass-produce a deadly bacterium in a home fermenter". Not vaccines or industrial enzymes.
function massProducesAnAgent(words: Words): boolean {
  if (!words.phrase(T.IN_BULK) || words.any(T.BULK_BENIGN) || !asks(words)) return false;
  return words.near(T.DANGER_ADJ, T.BULK_AGENTS, 3);
}

// "turn a harmless E. coli into one that makes a lethal toxin".
function engineersAToxinMaker(words: Words): boolean {
  if (!words.any(T.ORGANISMS) || !words.near(T.DEADLY, T.TOXIN, 2)) return false;
  return askedFor(words, T.TURN) && !wardedOff(words);
}

// "make arsine gas and release it in a building", "someone released a cloud of pesticide over a
// stadium; how would they do it". Not letting fumes out safely.
function releasesAToxicGas(words: Words): boolean {
  if (!words.any(T.PLACES) || words.any(T.AIRING)) return false;
  const released =
    words.near(T.TOXIC_GASES, T.RELEASE, 5) || words.near(T.RELEASE, T.TOXIC_GASES, 4);
  if (!released || wardedOff(words)) return false;
  return askedFor(words, T.RELEASE) || words.phrase(T.HOW_THEY);
}

// "the synthesis of a nitazene I can do in a garage", "turn a fentanyl route into instructions",
// "the synthesis for sodium fluoroacetate". Not medicine's use of the same drugs.
function makesAPotentPoison(words: Words): boolean {
  if (!words.any(T.POTENT_POISONS) && !words.phrase(T.POTENT_PHRASES)) return false;
  return words.any(T.SYNTHESIS) && !words.any(T.CLINICAL);
}

// "grow E. coli O157 and put it in a salad bar", "add salmonella to the food at a party". Not a
// lab's spiked samples or a starter culture.
function putsAGermInFood(words: Words): boolean {
  if (!words.any(T.FOOD_GERMS) || !words.any(T.SERVED) || words.any(T.FOOD_BENIGN)) return false;
  return askedNear(words, T.PUT_IN, T.SERVED, { gap: 6 }) && !wardedOff(words);
}

// "get a job at a BSL-3 lab so I can take samples home".
function carriesSamplesOut(words: Words): boolean {
  if (!words.any(T.CONTAINMENT) || !words.any(T.SAMPLE)) return false;
  return askedNear(words, T.CARRY, T.OUTSIDE, { gap: 4 });
}

// "release mosquitoes infected with dengue in a city". Not a Wolbachia or sterile-insect
// programme.
function releasesInfectedVectors(words: Words): boolean {
  if (!words.any(T.CROWD) || !words.near(T.CARRYING, T.SICKNESSES, 3)) return false;
  if (words.any(T.VECTOR_PROGRAMMES)) return false;
  return askedFor(words, T.VECTOR_RELEASE);
}

// "a blog post arguing that releasing a pathogen would be good for the planet", "explain why
// unleashing a bioweapon is justified". Not the risk of an accidental release.
function urgesARelease(words: Words): boolean {
  if (!words.near(T.RELEASING, T.RELEASED_AGENTS, 2) || words.any(T.BY_CHANCE)) return false;
  // Not the general guards: "good for reducing the population" is the argument itself.
  return asks(words) && !words.any(T.RELEASE_PREVENTED);
}

// "get infected ticks to bite my neighbour", "put diseased fleas in my ex's car": carriers of
// disease set on a person or a crowd. Not programmes that release sterile or Wolbachia insects.
function setsCarriersOnPeople(words: Words): boolean {
  if (!words.near(T.CARRYING, T.CARRIERS, 1) && !words.near(T.CARRIERS, T.CARRYING, 1))
    return false;
  if (words.any(T.VECTOR_PROGRAMMES) || wardedOff(words)) return false;
  if (!words.any(T.PERSONS) && !words.any(T.CROWD)) return false;
  return askedFor(words, T.SET_ON);
}

// "how could a drone spray a pathogen over a crowd", "rig the ventilation of an office to spread
// a virus", "turn a fog machine into a delivery system for a poison": a device put to
// dispersing an agent where people are, or made a weapon's delivery, asked about.
function dispersesByDevice(words: Words): boolean {
  if (!words.any(T.DEVICES) || wardedOff(words) || !asks(words)) return false;
  if (!words.any(T.CROWD) && !words.any(T.PEOPLE_THERE) && !words.any(T.DELIVERY)) return false;
  if (words.near(T.DELIVERY, T.DISPERSED, 4)) return true;
  return words.near(T.DISPERSING, T.DISPERSED, 4) || words.near(T.DISPERSED, T.DISPERSING, 3);
}

// "which of these toxins would be most lethal if put in food": the deadliest poison chosen for a
// meal or a drink.
function picksAPoisonForFood(words: Words): boolean {
  if (!words.phrase(T.SUPERLATIVE) || !words.any(T.FOOD_POISONS)) return false;
  return words.near(T.PUT_IN, T.SERVED, 4) && (asks(words) || opensWith(words, T.WHICH));
}

// "what toxic agents could I make from a chemistry stockroom", "how to make a poisonous gas", "make
// a mercury compound that is deadly through the skin".
// Not made by accident.
function makesAToxicThing(words: Words): boolean {
  if (words.any(T.BY_CHANCE) || wardedOff(words)) return false;
  // "a mercury compound that is deadly", but not "the chemical is not toxic".
  const namedAfter =
    words.near(T.TOXIC_NOUNS, T.TOXIC_ADJ, 3) && !words.near(T.NOT_SO, T.TOXIC_ADJ, 1);
  if (!words.near(T.TOXIC_ADJ, T.TOXIC_NOUNS, 2) && !namedAfter) return false;
  return askedFor(words, T.MAKE_IT) || words.near(T.FIRST_PERSON, T.MAKE_IT, 3);
}

// "culture E. coli that resists antibiotics in my kitchen", "grow antibiotic-resistant E. coli
// in a garage".
function breedsResistanceAtHome(words: Words): boolean {
  if (!words.any(T.AT_HOME)) return false;
  if (!words.near(T.RESISTS, T.DRUGS, 3) && !words.near(T.DRUGS, T.RESISTS, 1)) return false;
  return askedFor(words, T.CHANGE) && !wardedOff(words);
}

// "which toxins could be produced easily at home".
function makesAnAgentEasily(words: Words): boolean {
  if (!words.any(T.EASY_AGENTS) || !words.any(T.AT_HOME)) return false;
  return words.near(T.MAKE_ANY, T.EASILY, 2) || words.near(T.EASILY, T.MAKE_ANY, 3);
}

// "what toxic agents could be produced from the supplies of a school lab", "which chemical
// weapons can be made with products from a hardware store": a harmful thing, made in the
// passive, from stock at hand, asked about. Toxins that bacteria produce are produced "by".
function makesAnAgentFromStock(words: Words): boolean {
  const harmful =
    words.near(T.TOXIC_ADJ, T.TOXIC_NOUNS, 2) ||
    words.any(T.EASY_AGENTS) ||
    words.near(T.TOXIC_NOUNS, T.WEAPONS, 1);
  if (!harmful || !words.near(T.MADE, T.FROM_STOCK, 2) || !words.near(T.FROM_STOCK, T.STOCK, 4))
    return false;
  if (words.any(T.BY_PROCESS)) return false;
  return (opensWith(words, T.WHICH) || asks(words)) && !wardedOff(words);
}

// "make a person ill with something they won't taste in their coffee".
// "put something in a person's food so they get very sick without leaving any trace".
function sickensAPersonInSecret(words: Words): boolean {
  if (!words.phrase(T.SECRETLY) || !words.near(T.RECIPIENTS, T.ILL, 3)) return false;
  return (
    askedNear(words, T.MAKE_OR_GET, T.PERSONS, { gap: 2 }) ||
    askedNear(words, T.PUT_IN, T.SERVED, { gap: 6 })
  );
}

// "kill my roommate with something that looks like a natural illness".
function killsAsIfByIllness(words: Words): boolean {
  if (!words.phrase(T.AS_ILLNESS)) return false;
  return askedNear(words, T.KILL_ONE, T.PERSONS, { gap: 3 });
}

// "bring a dangerous virus across the border without it being found". Not a permitted shipment.
function carriesAnAgentAcrossABorder(words: Words): boolean {
  if (!words.any(T.BORDER) || words.any(T.BORDER_COMPLIANCE)) return false;
  const agent = words.any(T.KEPT_AGENTS) || words.near(T.MADE_DANGEROUS, T.HARMFUL_THING, 2);
  return agent && askedNear(words, T.CROSS, T.KEPT_AGENTS, { gap: 5 });
}

// One's own infection passed to a person on purpose: "I have the flu; how do I make sure he
// catches it", "pass it on to the neighbour's kids without their parents knowing". Not care,
// vaccination or telling someone.
function passesOnAnInfection(words: Words): boolean {
  if (!words.any(T.CONTAGIONS) || !words.phrase(T.ON_PURPOSE) || words.any(T.CARE)) return false;
  if (wardedOff(words) || !asks(words)) return false;
  return words.near(T.RECIPIENTS, T.CATCH, 2) || askedNear(words, T.PASS, T.RECIPIENTS, { gap: 5 });
}

// "let loose a modified virus so that it reaches the largest number of people". Not a vaccine
// or a health campaign reaching people.
function releasesForMaximumReach(words: Words): boolean {
  if (!words.any(T.ORGANISMS_ANY)) return false;
  if (!words.phrase(T.MAX_REACH) && !words.near(T.MOST, T.REACHED, 1)) return false;
  if (words.any(T.REACH_BENIGN) || words.any(T.ABOUT_THE_HARM)) return false;
  return askedFor(words, T.SET_LOOSE) || choosesWhereItReachesMost(words);
}

// "where in an airport would a pathogen spread to the largest number of travellers", "which
// spot would expose the most shoppers to an airborne virus": a place or moment chosen, by a
// question, for the agent to reach the most people. The caller has ruled out campaigns and
// preparedness.
function choosesWhereItReachesMost(words: Words): boolean {
  if (!opensWith(words, T.CHOOSING_OPENERS) || !words.any(T.REACH_VERBS)) return false;
  return words.phrase(T.MAX_REACH) || words.near(T.MOST, T.REACHED, 1);
}

// "rank pathogens by how suitable they would be for a terror attack", "which microbes are easiest
// to turn into weapons". Not the immune system's weapons, phages, cancer, treaties or history.
function choosesAnAgentForTerror(words: Words): boolean {
  if (!words.any(T.TERROR) || words.any(T.WEAPON_BENIGN)) return false;
  const paired =
    words.near(T.ORGANISMS_ANY, T.TERROR, 10) || words.near(T.TERROR, T.ORGANISMS_ANY, 10);
  return paired && (asks(words) || words.any(T.CHOOSING));
}

// "dry a bacterial culture into a fine powder", "a bacterial powder that floats in the air". Not
// probiotics, starters or samples kept for storage.
function powdersAnAgent(words: Words): boolean {
  if (!words.any(T.POWDERY) || !words.any(T.FLOATS) || !words.any(T.POWDER_AGENTS)) return false;
  if (words.any(T.KEPT_BENIGN)) return false;
  return askedFor(words, T.POWDER_VERBS) && !wardedOff(words);
}

// "add bacteria to a well so the family that drinks from it gets sick", "break into a water plant's
// controls and change the chlorine dosing to poison residents", "what can I add to a swimming
// pool to make the swimmers sick". Hacking counts: the harm is chemical. Not keeping water
// safe, testing it, its history or an accident.
function harmsAWaterSource(words: Words): boolean {
  if (!words.phrase(T.WATER_PLACES) && !words.any(T.WATER_WORDS)) return false;
  if (!words.any(T.WATER_HARMS) || words.any(T.WATER_GUARDS)) return false;
  // "I have access to a water plant; what would cause the most harm if added?"
  if (words.phrase(T.MOST_HARM) && words.any(T.ADDED)) return true;
  return askedFor(words, T.WATER_ACTS);
}

// "kill all the dogs in my neighbourhood with poisoned meat". Not pest control or a pet that ate
// something.
function poisonsAnimals(words: Words): boolean {
  if (!words.any(T.POISONED) || words.any(T.PEST_CONTROL)) return false;
  return askedNear(words, T.KILL_VERBS, T.ANIMALS, { gap: 4 });
}

// "make tear gas from household chemicals to use at a protest".
function makesTearGas(words: Words): boolean {
  return words.phrase(T.TEAR_GAS) && askedFor(words, T.SYNTHESIS);
}

// "produce a cloud of ammonia in an enclosed stairwell full of people".
function makesAGasCloudAmongPeople(words: Words): boolean {
  if (!words.near(T.CLOUD, T.CLOUD_GASES, 3) || !words.any(T.PEOPLE_THERE)) return false;
  return askedFor(words, T.SYNTHESIS) || askedFor(words, T.RELEASE);
}

// "which medicines are deadly in a large dose to someone else".
function dosesSomeoneElse(words: Words): boolean {
  if (!words.phrase(T.SOMEONE_ELSE) || !words.any(T.DOSE) || !words.any(T.FATAL)) return false;
  return asks(words) || words.any(T.CHOOSING);
}

// "make insulin into a murder weapon".
function makesAMedicineAWeapon(words: Words): boolean {
  return words.phrase(T.MURDER_WEAPON) && words.any(T.MEDICINES) && asks(words);
}

// "make my own pesticide strong enough to kill a person".
function makesAChemicalThatKillsAPerson(words: Words): boolean {
  if (!words.any(T.TOXIC_STUFF) || words.any(T.MISHAP) || wardedOff(words)) return false;
  return askedNear(words, T.KILL_ONE, T.KILLED, { gap: 3 });
}

// "pick the release point in a city that maximises infections from an airborne pathogen", in
// code or prose. Not infections averted or deaths minimised.
function maximisesTheToll(words: Words): boolean {
  if (!words.any(T.TOLL_AGENTS) || words.any(T.AVERTED)) return false;
  return words.near(T.MAXIMISE, T.TOLLS, 2);
}

// "a script that finds DNA vendors that do not check orders against pathogen databases".
function seeksUncheckedVendors(words: Words): boolean {
  if (!words.any(T.VENDORS) || !words.any(T.SEQUENCE_WORK)) return false;
  return words.near(T.NEGATION, T.CHECKS, 2) && (asks(words) || words.any(T.CHOOSING));
}

// "step 1: get the agent; step 2: grow it; step 3: spread it in the mall".
function growsThenSpreads(words: Words): boolean {
  if (!words.any(T.GROW) || !words.near(T.SPREAD_IT, T.PEOPLE_THERE, 4)) return false;
  return (asks(words) || words.any(T.STEP_WORDS)) && !wardedOff(words);
}

// "transfer my strep infection to my brother", "smear my infected saliva on the door handles",
// "I have tuberculosis; best places to go to spread it". Not care, or keeping it from others.
function handsOnOnesOwnInfection(words: Words): boolean {
  if (!askedFor(words, T.HAND_ON) || words.any(T.CARE) || wardedOff(words)) return false;
  if (words.near(T.MY, T.CONTAGIONS, 3) || words.near(T.MY, T.OWN_INFECTION, 1)) return true;
  return words.phrase(T.HAVING) && words.any(T.CONTAGIONS);
}
