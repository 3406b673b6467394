// Assertions on the shell precheck's verdict, with the command in the failure message.
import assert from "node:assert/strict";
import { precheckCommand } from "../../src/screen/shell/precheck.js";

export function blocked(command: string): void {
  assert.notEqual(
    precheckCommand(command),
    null,
    `expected a refusal for ${JSON.stringify(command)}`,
  );
}

export function allowed(command: string): void {
  assert.equal(
    precheckCommand(command),
    null,
    `expected no refusal for ${JSON.stringify(command)}`,
  );
}
