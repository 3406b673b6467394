// `npm run eval -- --docs`: how much of this machine's own documentation the static screens flag.
// Everyday technical prose is what a tool result mostly is, so the share of it flagged is the
// false-positive figure that matters beside the labelled corpora. Read: /usr/share/doc (`.gz`
// files unpacked) and the system Python's library, in pieces of 4,096 characters; files over
// 2 MB, binary files and links are left out. Both screens see the same pieces.
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";

const PIECE = 4096;
const MAX_FILE_BYTES = 2_000_000;

/** The folders read: what exists of /usr/share/doc and /usr/lib/python3.N. */
export function localDocRoots(): string[] {
  const roots = ["/usr/share/doc"];
  try {
    for (const name of readdirSync("/usr/lib")) {
      if (/^python3\.[0-9]{1,3}$/.test(name)) roots.push(join("/usr/lib", name));
    }
  } catch {
    // No /usr/lib: only the documentation folder, if that.
  }
  return roots;
}

function* filesUnder(dir: string): Generator<string> {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names.sort()) {
    const path = join(dir, name);
    let stats;
    try {
      stats = lstatSync(path);
    } catch {
      continue;
    }
    if (stats.isDirectory()) yield* filesUnder(path);
    else if (stats.isFile() && stats.size <= MAX_FILE_BYTES) yield path;
  }
}

function textOf(path: string): string | null {
  try {
    let bytes = readFileSync(path);
    if (path.endsWith(".gz")) bytes = gunzipSync(bytes);
    const text = bytes.toString("utf8");
    return text.includes("\0") ? null : text;
  } catch {
    return null;
  }
}

export interface DocsScan {
  readonly pieces: number;
  /** Per screen: how many pieces it flags. */
  readonly flagged: Readonly<Record<string, number>>;
}

/** Every piece of every root, through each screen. */
export function scanLocalDocs(
  roots: readonly string[],
  screens: Readonly<Record<string, (text: string) => boolean>>,
): DocsScan {
  const flagged: Record<string, number> = Object.fromEntries(
    Object.keys(screens).map((name) => [name, 0]),
  );
  let pieces = 0;
  for (const root of roots) {
    for (const path of filesUnder(root)) {
      const text = textOf(path);
      if (text === null) continue;
      for (let at = 0; at < text.length; at += PIECE) {
        const piece = text.slice(at, at + PIECE);
        pieces += 1;
        for (const [name, screen] of Object.entries(screens)) {
          if (screen(piece)) flagged[name] = (flagged[name] ?? 0) + 1;
        }
      }
    }
  }
  return { pieces, flagged };
}
