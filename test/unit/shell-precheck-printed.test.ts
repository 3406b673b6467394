// A command written out unquoted right after a quoted string in echo or printf is judged as a
// command (a quote-boundary confusion); plainly printed words and quoted text stay data.
// Variants written for this file, each with near misses that must stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("commands printed right after a quoted string", () => {
  test("a catastrophic command after a closing quote is refused, whatever the quote and printer", () => {
    for (const c of [
      'echo "done" rm -rf /',
      "echo 'ok' rm -fr ~",
      'echo -n "x" /bin/rm -rf /etc',
      'printf "%s\\n" "a" rm -rf /usr',
      'echo "step 2" sudo rm -rf /',
      "echo '' chmod -R 777 /",
      'echo "disk" dd if=/dev/zero of=/dev/sda',
      'echo "fs" mkfs.ext4 /dev/sdb1',
      'X=1 echo "y" rm -rf $HOME',
    ])
      blocked(c);
  });

  test("printed words with no quote before them, quoted commands and harmless tails stay allowed", () => {
    for (const c of [
      "echo rm -rf /",
      "echo 'rm -rf /'",
      'echo "run: rm -rf /"',
      'echo "clean" rm -rf ./build',
      'echo "x" chmod -R 755 ./dist',
      'echo "note" firm -rf /',
      'printf "%s" rm',
      'echo "$(date)" rm -rf "$TMPDIR/cache"',
    ])
      allowed(c);
  });
});
