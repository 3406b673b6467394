// Seatbelt team rules (§7.5 item 6): a golden file, and what the rules promise under
// last-match-wins: every root denied (literal and subpath) before any exception is allowed, the
// workspace first; traversal by metadata only, so no sibling is ever named or listable.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import { quoteSbpl, renderSeatbeltProfile } from "../../src/render/seatbelt.js";
import { SandboxConfigurationError } from "../../src/errors.js";
import { assertGolden } from "./golden.js";

const DATA = "/Users/svc/Library/Application Support/cellguard";
const USERS = "/Users/svc/team";
const WORKSPACE = `${USERS}/alice/projects/ws`;
const SKILL = `${DATA}/skills/current`;
const TEMP = `${USERS}/kernel-temp/cellguard-kernel-abc123`;

function policy(overrides: Partial<SandboxPolicy> = {}): SandboxPolicy {
  return {
    workspace: WORKSPACE,
    tempDir: TEMP,
    allowRawNetwork: false,
    denyRead: [{ kind: "subpath", path: "/Users/svc/.ssh" }],
    readMasks: [],
    dropCapabilities: false,
    readIsolation: { roots: [DATA, USERS], allowedRoots: [SKILL, TEMP] },
    ...overrides,
  };
}

const lines = (p: SandboxPolicy): string[] => renderSeatbeltProfile(p).split("\n");

describe("seatbelt team rules", () => {
  test("multi-root team profile matches seatbelt-team.sb", () => {
    assertGolden("seatbelt-team.sb", renderSeatbeltProfile(policy()));
  });

  test("one deny over every root, before the workspace allow, which comes before the other exceptions", () => {
    const l = lines(policy());
    const deny = l.findIndex((x) => x.startsWith("(deny file-read* (literal"));
    assert.equal(
      l[deny],
      `(deny file-read* (literal ${quoteSbpl(DATA)}) (subpath ${quoteSbpl(DATA)}) (literal ${quoteSbpl(USERS)}) (subpath ${quoteSbpl(USERS)}))`,
    );
    const allow = (path: string): number =>
      l.indexOf(`(allow file-read* (literal ${quoteSbpl(path)}) (subpath ${quoteSbpl(path)}))`);
    assert.ok(
      deny < allow(WORKSPACE) && allow(WORKSPACE) < allow(SKILL) && allow(SKILL) < allow(TEMP),
    );
    // The secret denies still come after every team allow: a deny inside the workspace wins.
    assert.ok(allow(TEMP) < l.indexOf('(deny file-read* (subpath "/Users/svc/.ssh"))'));
  });

  test("the way down to an exception is metadata-only literals, from its root to its parent", () => {
    const l = lines(policy());
    const meta = l.filter((x) => x.startsWith("(allow file-read-metadata"));
    assert.deepEqual(
      meta[0],
      `(allow file-read-metadata (literal ${quoteSbpl(USERS)}) (literal ${quoteSbpl(`${USERS}/alice`)}) (literal ${quoteSbpl(`${USERS}/alice/projects`)}))`,
    );
    assert.deepEqual(
      meta[1],
      `(allow file-read-metadata (literal ${quoteSbpl(DATA)}) (literal ${quoteSbpl(`${DATA}/skills`)}))`,
    );
    // No subpath in a metadata rule: that would let a Cell stat every sibling.
    for (const m of meta) assert.ok(!m.includes("(subpath"), m);
  });

  test("a sibling is never named in the profile", () => {
    const profile = renderSeatbeltProfile(policy());
    assert.ok(!profile.includes(`${USERS}/bob`));
    assert.ok(!profile.includes(`${DATA}/skills/other`));
  });

  test("a root with quotes and a rule-like tail stays one string; a NUL is refused", () => {
    const hostile = '/Users/svc/t"eam") (allow file-read* (subpath "/")';
    const profile = renderSeatbeltProfile(
      policy({ workspace: `${hostile}/ws`, readIsolation: { roots: [hostile], allowedRoots: [] } }),
    );
    assert.ok(!profile.includes('(subpath "/")'), "no injected rule");
    assert.throws(
      () =>
        renderSeatbeltProfile(policy({ readIsolation: { roots: ["/a\0b"], allowedRoots: [] } })),
      SandboxConfigurationError,
    );
  });

  test("a single-user policy has no team rules", () => {
    const { readIsolation: _dropped, ...single } = policy();
    void _dropped;
    const profile = renderSeatbeltProfile(single);
    assert.ok(!profile.includes("file-read-metadata"));
    assert.ok(!profile.includes(`(subpath ${quoteSbpl(USERS)})`));
  });
});
