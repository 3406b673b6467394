// The fast path. A Cell that contains none of the risk tokens (case-insensitive substrings) and
// no bidi control character is SAFE without any further scan. The risk tokens are every static
// signature's triggers, so a Cell that takes the fast path can never have matched a signature,
// and the few tokens below that no signature needs: they still take a Cell off the fast path (its
// verdict then comes from the static tier). A token costs a slower path, never a verdict.
import type { Signature } from "./signature.js";

/** Risk tokens that trigger no signature of their own. */
export const UNTRIGGERED_RISK_TOKENS: readonly string[] = [
  // process and FFI
  "subprocess",
  "os.system",
  "os.popen",
  "ctypes",
  "cffi",
  "pexpect",
  "system(",
  "system2(",
  // dynamic code
  "compile(",
  "codecs.decode",
  "marshal",
  "pickle.loads",
  // interpreter environment
  "pythonpath",
  "sys.setenv",
  // credentials and loaders
  "/.aws",
  "find_library",
];

/** The triggers of `signatures` and the untriggered risk tokens, each once. */
export function riskTokens(signatures: readonly Signature[]): readonly string[] {
  const tokens = new Set<string>();
  for (const signature of signatures) {
    if (signature.triggers !== "always") for (const token of signature.triggers) tokens.add(token);
  }
  for (const token of UNTRIGGERED_RISK_TOKENS) tokens.add(token);
  return [...tokens];
}
