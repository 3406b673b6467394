// The team self-test's host side: the sibling probes planted under every root, the allowed-root
// probe found by a bounded, streamed walk (or written when none is found), and everything the
// host made removed again.
import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, test } from "node:test";
import type { SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import {
  ALLOWED_INPUT,
  firstReadableFile,
  prepareTeamProbe,
  SIBLING_SECRET,
  TEAM_MARKER,
} from "../../src/sandbox/team-probe.js";
import { useFixture } from "../helpers/fixture-home.js";

describe("team self-test probe files", () => {
  const fx = useFixture();

  const policyFor = (roots: string[], allowedRoots: string[]): SandboxPolicy => ({
    workspace: fx.workspace,
    tempDir: join(fx.root, "temp"),
    allowRawNetwork: false,
    denyRead: [{ kind: "literal", path: join(fx.root, "inputs", "secret.env") }],
    readMasks: [],
    dropCapabilities: false,
    readIsolation: { roots, allowedRoots: [...allowedRoots, join(fx.root, "temp")] },
  });

  test("a sibling secret under every root and an existing input file; all host-made files removed", () => {
    const rootA = join(fx.root, "a");
    const rootB = join(fx.root, "b");
    const inputs = join(fx.root, "inputs");
    for (const d of [rootA, rootB, join(inputs, "deep")]) mkdirSync(d, { recursive: true });
    // The denied file is skipped: the probe must read what the Cell is meant to read.
    writeFileSync(join(inputs, "secret.env"), "x");
    writeFileSync(join(inputs, "deep", "data.csv"), "1");
    const probe = prepareTeamProbe(
      policyFor([rootA, rootB], [inputs]),
      "tok",
      join(fx.workspace, ".t"),
    );
    assert.ok(probe !== null && typeof probe !== "string", JSON.stringify(probe));
    const [marker, n, sibA, sibB, m, allowed] = probe.args;
    assert.deepEqual([marker, n, m], [TEAM_MARKER, "2", "1"]);
    for (const [sibling, root] of [
      [sibA ?? "", rootA],
      [sibB ?? "", rootB],
    ] as const) {
      assert.equal(dirname(dirname(sibling)), root);
      assert.equal(readFileSync(sibling, "utf8"), SIBLING_SECRET);
      assert.equal(statSync(sibling).mode & 0o777, 0o600);
    }
    assert.equal(allowed, join(inputs, "deep", "data.csv"));
    probe.cleanup();
    assert.equal(existsSync(dirname(sibA ?? "")), false);
    assert.equal(existsSync(dirname(sibB ?? "")), false);
    assert.equal(existsSync(allowed ?? ""), true, "an existing input file is never removed");
  });

  test("an allowed root with no readable file gets a probe file, removed afterwards", () => {
    const root = join(fx.root, "a");
    const empty = join(fx.root, "empty");
    mkdirSync(root);
    mkdirSync(join(empty, "sub"), { recursive: true });
    const probe = prepareTeamProbe(policyFor([root], [empty]), "tok", join(fx.workspace, ".t"));
    assert.ok(probe !== null && typeof probe !== "string");
    const allowed = probe.args.at(-1) ?? "";
    assert.equal(allowed, join(empty, ".cellguard-sandbox-read-allow-tok"));
    assert.equal(readFileSync(allowed, "utf8"), ALLOWED_INPUT);
    probe.cleanup();
    assert.equal(existsSync(allowed), false);
  });

  test("the search for an input file stops at its entry limit", () => {
    const inputs = join(fx.root, "inputs");
    for (let i = 0; i < 5; i++) mkdirSync(join(inputs, `d${i}`), { recursive: true });
    writeFileSync(join(inputs, "d0", "f"), "x");
    // Five directories and one file: six entries to reach it.
    assert.equal(firstReadableFile(inputs, { denyRead: [] }, 5), null);
    assert.equal(firstReadableFile(inputs, { denyRead: [] }, 6), join(inputs, "d0", "f"));
  });

  test("a root the host cannot plant in fails the probe with a reason instead of passing", () => {
    const missing = join(fx.root, "gone");
    const probe = prepareTeamProbe(policyFor([missing], []), "tok", join(fx.workspace, ".t"));
    assert.equal(typeof probe, "string");
    assert.match(
      typeof probe === "string" ? probe : "",
      /could not plant the sibling probe under the protected root/,
    );
  });

  test("a single-user policy has no team probe", () => {
    const { readIsolation: _dropped, ...single } = policyFor([fx.root], []);
    void _dropped;
    assert.equal(prepareTeamProbe(single, "tok", join(fx.workspace, ".t")), null);
  });
});
