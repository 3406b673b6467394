// Every screen is total: on any string, and on hostile 1 MB inputs, it returns a verdict of the
// right shape and never throws. The model-backed entry points, with no model, answer at once.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  gatherTrajectory,
  looksBiosecurityRelevant,
  screenTrajectory,
} from "../../src/screen/biosecurity/index.js";
import { classifyCode, classifyCodeHeuristic } from "../../src/screen/classifier/index.js";
import { commandDomains } from "../../src/screen/host/egress.js";
import { redactShellText } from "../../src/screen/host/redact.js";
import { commandMentionsSecretPath, isSecretPath } from "../../src/screen/host/secret-paths.js";
import { scanToolResult, scanToolResultStatic } from "../../src/screen/injection/scan.js";
import { hostPrecheckCommand, precheckCommand } from "../../src/screen/shell/precheck.js";
import { hostileInputs } from "../helpers/hostile-inputs.js";

const SYNC_SCREENS: readonly (readonly [string, (text: string) => boolean])[] = [
  [
    "precheckCommand",
    (t) => {
      const reason = precheckCommand(t);
      return reason === null || typeof reason === "string";
    },
  ],
  ["hostPrecheckCommand", (t) => typeof (hostPrecheckCommand(t) ?? "") === "string"],
  ["scanToolResultStatic", (t) => typeof scanToolResultStatic(t).injected === "boolean"],
  ["classifyCodeHeuristic", (t) => ["SAFE", "UNSAFE"].includes(classifyCodeHeuristic(t).decision)],
  ["looksBiosecurityRelevant", (t) => typeof looksBiosecurityRelevant(t) === "boolean"],
  ["redactShellText", (t) => typeof redactShellText(t) === "string"],
  ["commandDomains", (t) => Array.isArray(commandDomains(t))],
  ["commandMentionsSecretPath", (t) => typeof (commandMentionsSecretPath(t) ?? "") === "string"],
  ["isSecretPath", (t) => typeof isSecretPath(t) === "boolean"],
];

describe("every screen is total on arbitrary strings", () => {
  for (const [name, holds] of SYNC_SCREENS) {
    test(`${name} returns a verdict for any string`, () => {
      fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 500 }), holds), {
        numRuns: 1500,
      });
      fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), holds), {
        numRuns: 500,
      });
    });
  }

  test("the model-backed entry points answer without a model, for any string", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        const code = await classifyCode(text, { mode: "llm", model: null });
        const output = await scanToolResult(text, { useModel: true, model: null });
        const bio = await screenTrajectory(text, text, { model: null });
        const trajectory = gatherTrajectory([{ role: "user", content: text }], text);
        return (
          ["SAFE", "UNSAFE"].includes(code.decision) &&
          typeof output.injected === "boolean" &&
          bio.decision === "ALLOW" &&
          typeof trajectory.userText === "string"
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("every screen survives hostile 1 MB inputs", () => {
  for (const [name, holds] of SYNC_SCREENS) {
    test(`${name} answers each hostile input`, () => {
      for (const [label, text] of hostileInputs()) assert.ok(holds(text), `${name} on ${label}`);
    });
  }
});
