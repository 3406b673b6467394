// The one TermIndex every relevance check registers its lists on. Each module registers its
// lists when it is loaded, so the index is complete before the first scan compiles it.
import { TermIndex, type ListId, type PhraseGroupId } from "./words.js";

export const terms = new TermIndex();

/** What `registerAll` gives for a term module: each exported list or phrase group, registered. */
export type Registered<M> = {
  readonly [
    K in keyof M as M[K] extends readonly unknown[] ? K : never
  ]: M[K] extends readonly (readonly string[])[] ? PhraseGroupId : ListId;
};

/**
 * Registers every word list (an array of patterns) and phrase group (an array of phrases) that a
 * term module exports, under its export name: `const T = registerAll(intentTerms)` and then
 * `words.any(T.POISONS)`. Other exports (a number, a function) are passed over; `index` is the
 * shared one unless a test gives its own. One call per module, so a check's lists are named once, in the terms
 * file, not once there and again as a constant beside the check.
 */
export function registerAll<M extends object>(module: M, index: TermIndex = terms): Registered<M> {
  const registered: Record<string, number> = {};
  for (const [name, value] of Object.entries(module)) {
    if (!Array.isArray(value) || value.length === 0) continue;
    registered[name] = Array.isArray(value[0])
      ? index.phraseGroup(value as readonly (readonly string[])[])
      : index.list(value as readonly string[]);
  }
  return registered as Registered<M>;
}
