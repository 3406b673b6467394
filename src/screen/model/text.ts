// Preparing untrusted text for a model prompt.

/** At most `max` UTF-16 units of `text`, never ending inside a surrogate pair. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

/**
 * A Markdown code fence longer than any backtick run inside `text`, so the text cannot close
 * the fence early and continue as prompt.
 */
export function fenceFor(text: string): string {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text.charCodeAt(i) === 96) {
      run += 1;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return "`".repeat(Math.max(3, longest + 1));
}

/** `value` when it is a string, else "". */
export function stringOrEmpty(value: unknown): string {
  return typeof value === "string" ? value : "";
}
