// Sentence shapes the deliberate-harm checks share: a verb that is asked for ("how to
// contaminate", "can I infect", "help me spread") as opposed to one that is described ("cells
// release virus", "bacteria become resistant") or warded off ("how to avoid giving", "prevent
// tampering"). Each shape is one walk over the kept words, so linear in the text.
import type { ListId, Words } from "./words.js";
import { registerAll } from "./relevance-index.js";
import * as shapeTerms from "./terms-shapes.js";

const S = registerAll(shapeTerms);

/** How far back (in words) a guard such as "prevent" or "avoid" wards off a verb. */
const GUARD_REACH = 3;

/**
 * Whether the text asks for something: "how to", "I want", "explain", "give me steps", or it
 * opens with a command ("Tamper with…").
 */
export function asks(words: Words): boolean {
  if (words.any(S.ASK_WORDS) || words.phrase(S.REQUEST_PHRASES)) return true;
  return opensWith(words, S.IMPERATIVES);
}

/** Whether the text's very first word is in `list` ("Determine…", "Which…"). */
export function opensWith(words: Words, list: ListId): boolean {
  return words.size > 0 && words.position(0) === 0 && words.in(0, list);
}

/** Whether a guard word ("prevent", "avoid", "remove", "test"…) occurs anywhere. */
export function wardedOff(words: Words): boolean {
  return words.any(S.GUARDS);
}

/** Whether the text is about computers, where "virus", "worm" and "infect" are not biology. */
export function aboutComputers(words: Words): boolean {
  return words.any(S.CYBER);
}

export interface AskedOptions {
  /** How many words after the verb the target may be. */
  readonly gap: number;
  /** Words that, between the verb and the target, cancel the verb ("spread awareness of HIV"). */
  readonly reset?: ListId;
}

/**
 * Whether a word of `verbs` that is asked for is followed within `gap` words by a word of
 * `targets` (`options.gap`). A verb is asked for when the word just before it is an asker ("to", "I", "can",
 * "someone", "me", "for"…), or an asker and one word of manner ("I knowingly"), or it opens the
 * text, and no guard ("prevent", "avoid", "not", "don't"…) comes within three words before it.
 */
export function askedNear(
  words: Words,
  verbs: ListId,
  targets: ListId,
  options: AskedOptions,
): boolean {
  if (!words.any(verbs) || !words.any(targets)) return false;
  const { gap, reset } = options;
  let lastGuard = -Infinity;
  let lastVerb = -Infinity;
  for (let k = 0; k < words.size; k += 1) {
    const at = words.position(k);
    if (at - lastVerb <= gap && at !== lastVerb && words.in(k, targets)) return true;
    if (reset !== undefined && words.in(k, reset)) lastVerb = -Infinity;
    if (words.in(k, verbs) && at - lastGuard > GUARD_REACH && askedAt(words, k, at)) {
      lastVerb = at;
    }
    if (words.in(k, S.GUARDS)) lastGuard = at;
  }
  return false;
}

/**
 * Whether some word of `verbs` is asked for (as in `askedNear`, whatever follows it): "how to
 * stabilise", "I engineer", or the first word of the text.
 */
export function askedFor(words: Words, verbs: ListId): boolean {
  if (!words.any(verbs)) return false;
  let lastGuard = -Infinity;
  for (let k = 0; k < words.size; k += 1) {
    const at = words.position(k);
    if (words.in(k, verbs) && at - lastGuard > GUARD_REACH && askedAt(words, k, at)) return true;
    if (words.in(k, S.GUARDS)) lastGuard = at;
  }
  return false;
}

function askedAt(words: Words, k: number, at: number): boolean {
  if (at === 0) return true;
  if (k === 0 || words.position(k - 1) !== at - 1) return false;
  if (words.in(k - 1, S.ASKERS)) return true;
  // "how do I knowingly infect": one word of manner between the asker and the verb.
  return (
    k > 1 &&
    words.in(k - 1, S.MANNER) &&
    words.position(k - 2) === at - 2 &&
    words.in(k - 2, S.ASKERS)
  );
}
