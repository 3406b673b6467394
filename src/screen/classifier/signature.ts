// A static attack signature: a category, the reason shown to the model, the risk tokens that
// trigger it, and a test over the Cell. The test runs only when one of its triggers is present,
// and can only match when one is: the risk tokens are built from every signature's triggers
// (risk-tokens.ts), so a Cell that takes the fast path can never have matched a signature.
import type { CodeContext } from "./scan.js";

export interface Signature {
  /** 1..7, see CODE_CATEGORY_NAMES. */
  readonly category: number;
  readonly reason: string;
  /** Risk tokens, one of which the test needs; "always" for tests cheap enough to run always. */
  readonly triggers: readonly string[] | "always";
  readonly test: (ctx: CodeContext) => boolean;
}
