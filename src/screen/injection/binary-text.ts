// Text written as groups of eight binary digits ("01101001 01100111 …"), one group per
// character: an obfuscation that hides an instruction from word matching. The anchors (see
// anchors.ts) are a group's last digit, a blank and the first digits of a letter's or a space's
// group; the caller decodes the stretch around them and scans the decoded text as text of its own.
//
// One pass over a bounded stretch, each character looked at a bounded number of times: linear.

// At least this many groups, so a pair of bit masks in a datasheet is no message.
const MIN_GROUPS = 8;

function isSeparator(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13 || code === 44;
}

/**
 * The characters spelled by the stretch's eight-digit binary groups, in order, when there are at
 * least MIN_GROUPS of them and nearly all are printable ASCII; otherwise null. A group must stand
 * alone between separators (blanks or commas); anything else is skipped.
 */
export function binaryText(stretch: string): string | null {
  let out = "";
  let groups = 0;
  let printable = 0;
  let i = 0;
  const n = stretch.length;
  while (i < n) {
    // At the start of a token: read up to nine characters to see whether it is one group.
    let value = 0;
    let k = 0;
    while (i + k < n && k < 8) {
      const code = stretch.charCodeAt(i + k);
      if (code !== 48 && code !== 49) break;
      value = value * 2 + (code - 48);
      k++;
    }
    const after = i + k;
    if (k === 8 && (after === n || isSeparator(stretch.charCodeAt(after)))) {
      out += String.fromCharCode(value);
      groups++;
      if ((value >= 32 && value < 127) || value === 10) printable++;
      i = after + 1;
      continue;
    }
    // Not a group: skip to the character after the next separator.
    i = after;
    while (i < n && !isSeparator(stretch.charCodeAt(i))) i++;
    i++;
  }
  if (groups < MIN_GROUPS || printable / groups < 0.9) return null;
  return out;
}

/** Anchors for the shape check: a group's end, a blank, and a letter's or space's group start. */
export const BINARY_ANCHORS: readonly string[] = ["0 0110", "1 0110", "0 0111", "1 0111"]
  .concat(["0 00100000", "1 00100000"])
  .concat(["0,0110", "1,0110", "0,0111", "1,0111"]);
