// The one TermIndex every relevance check registers its lists on. Each module registers its
// lists when it is loaded, so the index is complete before the first scan compiles it.
import { TermIndex } from "./words.js";

export const terms = new TermIndex();
