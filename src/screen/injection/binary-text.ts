// Text written as groups of eight binary digits ("01101001 01100111 …"), one group per
// character: an obfuscation that hides an instruction from word matching. The anchors (see
// anchors.ts) are a group's last digit, a separator and the group of a space; the caller decodes
// the stretch around them and scans the decoded text as text of its own.
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
  const codes: number[] = [];
  let printable = 0;
  let i = 0;
  const n = stretch.length;
  while (i < n) {
    // At the start of a token: read up to eight digits to see whether it is one group.
    let value = 0;
    let k = i;
    const stop = Math.min(n, i + 8);
    while (k < stop) {
      const bit = stretch.charCodeAt(k) - 48;
      if (bit !== 0 && bit !== 1) break;
      value = value * 2 + bit;
      k++;
    }
    if (k - i === 8 && (k === n || isSeparator(stretch.charCodeAt(k)))) {
      codes.push(value);
      if ((value >= 32 && value < 127) || value === 10) printable++;
      i = k + 1;
      continue;
    }
    // Not a group: skip to the character after the next separator.
    i = k;
    while (i < n && !isSeparator(stretch.charCodeAt(i))) i++;
    i++;
  }
  if (codes.length < MIN_GROUPS || printable / codes.length < 0.9) return null;
  return String.fromCharCode(...codes);
}

/**
 * Anchors for the shape check: a group's last digit, a blank or comma, and the group of a space.
 * A hidden sentence has spaces between its words; a run of groups without one (a bit mask, a
 * register dump) opens nothing.
 */
export const BINARY_ANCHORS: readonly string[] = ["0", "1"].flatMap((digit) =>
  [" ", ",", ", "].map((separator) => `${digit}${separator}00100000`),
);
