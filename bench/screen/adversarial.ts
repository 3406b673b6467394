// The worst case of each screen on hostile input: 1 MB strings built to make a backtracking
// matcher, a quadratic scan or a deep recursion blow up, plus the ReDoS cases of the shell-dcg
// corpus. For every screen the figure is its slowest input (median of three calls each, after
// three warm-up calls), beside one native scan of that same input (String.prototype.indexOf of a
// character that is absent) as the anchor. Target: under 50 ms per input.
import { looksBiosecurityRelevant } from "../../src/screen/biosecurity/index.js";
import { classifyCodeHeuristic } from "../../src/screen/classifier/index.js";
import { commandDomains } from "../../src/screen/host/egress.js";
import { redactShellText } from "../../src/screen/host/redact.js";
import { commandMentionsSecretPath } from "../../src/screen/host/secret-paths.js";
import { scanToolResultStatic } from "../../src/screen/injection/scan.js";
import { MAX_COMMAND_LENGTH, precheckCommand } from "../../src/screen/shell/precheck.js";
import { hostileInputs as sharedHostileInputs } from "../../test/helpers/hostile-inputs.js";
import type { Corpus } from "./corpus.js";
import { ratioText, round, target, type Figure, type Section } from "./report.js";

export const ADVERSARIAL_LIMIT_MS = 50;

/** The hostile inputs, by name, with the shell-dcg ReDoS cases when the corpora are present. */
export function hostileInputs(corpora: readonly Corpus[] | null): Map<string, string> {
  const inputs = sharedHostileInputs();
  // Commands longer than one shell argument are refused unread, so the shell screens are also
  // timed on each input cut to just under that limit.
  for (const [label, text] of [...inputs]) {
    if (text.length > MAX_COMMAND_LENGTH)
      inputs.set(`${label}, cut to 128 KiB`, text.slice(0, MAX_COMMAND_LENGTH));
  }
  const dcg = corpora?.find((c) => c.name === "shell-dcg");
  for (const c of dcg?.cases ?? []) {
    if (c.category.includes("regex_worst"))
      inputs.set(`shell-dcg ReDoS case ${inputs.size}`, c.text);
  }
  return inputs;
}

const SCREENS: readonly (readonly [string, (text: string) => unknown])[] = [
  ["precheckCommand", precheckCommand],
  ["scanToolResultStatic", scanToolResultStatic],
  ["classifyCodeHeuristic", classifyCodeHeuristic],
  ["looksBiosecurityRelevant", looksBiosecurityRelevant],
  ["redactShellText", (text) => redactShellText(text)],
  ["commandDomains", commandDomains],
  ["commandMentionsSecretPath", commandMentionsSecretPath],
];

function timeMs(run: () => unknown): number {
  const start = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function medianOf3(run: () => unknown): number {
  const times = [timeMs(run), timeMs(run), timeMs(run)].sort((a, b) => a - b);
  return times[1] as number;
}

export function measureAdversarial(corpora: readonly Corpus[] | null): Section {
  const inputs = hostileInputs(corpora);
  const figures: Figure[] = [];
  for (const [name, screen] of SCREENS) {
    let worst = 0;
    let worstInput = "";
    let anchor = 0;
    for (const [label, text] of inputs) {
      // Three warm-up calls: the figure is the steady state of a long-running host, not the
      // first call's compilation.
      for (let warm = 0; warm < 3; warm++) screen(text);
      const ms = medianOf3(() => screen(text));
      if (ms >= worst) {
        worst = ms;
        worstInput = label;
        anchor = medianOf3(() => text.indexOf("\u0001"));
      }
    }
    const ratio = anchor > 0 ? worst / anchor : 0;
    figures.push({
      key: `adversarial.${name}`,
      label: `${name}, slowest of ${inputs.size} inputs`,
      n: inputs.size,
      median: round(worst),
      unit: "ms",
      spread: null,
      anchor: `${ratioText(ratio)} one native scan of it · slowest: ${worstInput}`,
      ratios: { nativeScan: round(ratio) },
      target: target(`${name} < ${ADVERSARIAL_LIMIT_MS} ms on every hostile input`, worst, {
        limit: ADVERSARIAL_LIMIT_MS,
        unit: "ms",
        op: "<",
      }),
      facts: { slowestInput: worstInput },
    });
  }
  return {
    key: "adversarial",
    title:
      "hostile inputs of about 1 MB each (median of 3 calls per input after 3 warm-up calls; the figure is the slowest input)",
    figures,
  };
}
