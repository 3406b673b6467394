// cellguard doctor's protected-store section: measured from the environment it runs in.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";

describe("cellguard doctor: protected store posture", () => {
  const fx = useFixture();
  const protectedStore = async (env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> => {
    const r = await runCli(["doctor", "--json", "--workspace", fx.workspace], {
      env: { ...fx.env, ...env },
    });
    assert.equal(r.code, 0, r.stderr);
    return (JSON.parse(r.stdout) as { protected_store: Record<string, unknown> }).protected_store;
  };

  test("outside a launch it reports a community session", async () => {
    const p = await protectedStore({});
    assert.equal(p["session"], "community");
    assert.equal(typeof p["launch_available"], "boolean");
  });

  test("half a launch authority is reported as inconsistent, never as protected", async () => {
    const p = await protectedStore({ CELLGUARD_PROTECTED_ROOT: fx.workspace });
    assert.equal(p["session"], "inconsistent");
    assert.match(String(p["detail"]), /incomplete protected launch authority/);
  });
});
