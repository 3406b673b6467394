// Hostile inputs of about 1 MB, built to make a backtracking matcher, a quadratic scan or a deep
// recursion blow up. Shared by the totality tests and the adversarial benchmark.

const MB = 1 << 20;

/** Each hostile input by a name that says what it attacks. */
export function hostileInputs(): Map<string, string> {
  return new Map<string, string>([
    ["rm -rf -- -- … x", "rm -rf " + "-- ".repeat(MB / 3) + "x"],
    ["1 MB without a newline", "a".repeat(MB)],
    ["nested $(", "echo " + "$(".repeat(MB / 2)],
    ["nested backticks", "echo " + "`".repeat(MB)],
    ["alternating quotes", `'"`.repeat(MB / 2)],
    // A quote that never closes: the precheck reads everything after it again as commands.
    ["an open quote before single letters", "echo '" + "a ".repeat(MB / 2)],
    // parallel's `{= perl =}` tokens that never close: each `{` must not rescan what follows.
    ["parallel's unclosed perl tokens", "parallel echo " + "{=".repeat(MB / 2) + " ::: a"],
    // Interpreter code spelled with character codes: rewritten into literals, then joined.
    ["character codes in code", `python3 -c "os.system(${"chr(47)+".repeat(MB / 8)}'x')"`],
    ["a pipeline of 262k stages", "x | ".repeat(MB / 4)],
    ["200k words", "word ".repeat(MB / 5)],
    ["here-document openers", "cat <<E\n".repeat(MB / 8)],
    ["unclosed ${", "${".repeat(MB / 2)],
    // Brace expansion and parameter defaults nested thousands deep, then a command after them.
    ["nested braces", "echo x" + "{a,".repeat(MB / 6) + "b" + "}".repeat(MB / 6) + "; rm -rf /"],
    // Extended globs that never close: each `!(` may look ahead only a bounded way.
    ["unclosed extended globs", "rm -rf /" + "a!(".repeat(MB / 3)],
    // Thousands of files written, each followed by a command that may be one of them: every
    // lookup of a written file must be one get, not a walk over all of them.
    [
      "files written between commands",
      Array.from({ length: MB / 24 }, (_, i) => `echo x > f${i}; ls; `).join(""),
    ],
    ["nested defaults", "rm -rf " + "${a:-".repeat(MB / 10) + "/" + "}".repeat(MB / 10)],
    ["'ignore ' repeated", "ignore ".repeat(MB / 7)],
    ["single letters", "a ".repeat(MB / 2)],
    ["one base64 run", "QUFB".repeat(MB / 4)],
    ["'sk-' repeated", "sk-".repeat(MB / 3)],
    ["URLs back to back", "http://a".repeat(MB / 8)],
    ["zero-width spaces", "\u200b".repeat(MB)],
    ["tag characters", String.fromCodePoint(0xe0069).repeat(MB / 2)],
    ["open brackets", "([{<".repeat(MB / 4)],
    ["gain of function, repeated", "gain of ".repeat(MB / 8)],
    ["escaped tags", "&lt;system&gt;".repeat(MB / 14)],
    ["nested &amp; references", "&amp;".repeat(MB / 5) + "lt;"],
  ]);
}
