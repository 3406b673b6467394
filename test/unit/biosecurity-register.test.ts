// registerAll: one call registers a terms module's word lists and phrase groups under their
// export names, so a check never names a list twice. It must tell lists from phrase groups,
// register nothing else, and give the same list back for a pattern list met twice.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { registerAll } from "../../src/screen/biosecurity/relevance-index.js";
import { TermIndex } from "../../src/screen/biosecurity/words.js";

const sampleTerms = {
  VERBS: ["spray*", "dry"],
  AGENTS: ["spore*"],
  PHRASES: [["under", "the", "radar"], ["covertly"]],
  SAME_AS_AGENTS: ["spore*"],
  REACH: 4,
  describe: (): string => "not a list",
};

describe("registerAll", () => {
  test("registers lists and phrase groups by export name and matches them", () => {
    const index = new TermIndex();
    const T = registerAll(sampleTerms, index);
    const words = index.scan("Dry the spores and move them covertly");
    assert.equal(words.any(T.VERBS), true);
    assert.equal(words.near(T.VERBS, T.AGENTS, 2), true);
    assert.equal(words.phrase(T.PHRASES), true);
    assert.equal(index.scan("spores under a radar").phrase(T.PHRASES), false);
  });

  test("passes over exports that are not lists and reuses an equal list", () => {
    const T = registerAll(sampleTerms, new TermIndex());
    assert.deepEqual(Object.keys(T).sort(), ["AGENTS", "PHRASES", "SAME_AS_AGENTS", "VERBS"]);
    assert.equal(T.SAME_AS_AGENTS, T.AGENTS);
  });
});
