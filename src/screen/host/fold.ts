// Folding of file names before they are compared against the secret-name lists. The lists are
// ASCII; a name reaches them in whatever form the agent typed or the file system returned.
//
// Choices, each made in the refusing direction (a false "secret" costs one refused call; a missed
// one leaks a credential):
// - Invisible characters are removed: default-ignorable code points (zero-width space and joiners,
//   soft hyphen, variation selectors, tags) and bidi controls. HFS+ ignores several of them when it
//   compares names, so `.e<U+200C>nv` can open `.env` there; elsewhere the name is a different
//   file, but one a user cannot tell apart from the secret in a listing.
// - NFKC, not only NFC: compatibility forms fold too, so a fullwidth `．ｅｎｖ` or a long s in
//   `.ſsh` reads as the name it imitates. NFKC equality implies NFC equality, so every name the
//   spec's NFC rule catches is still caught.
// - Lower case after normalising, then NFKC again, because lower-casing can leave a sequence that
//   is no longer normalised. JavaScript has no full case fold; names compared here are ASCII, and
//   NFKC already maps the non-ASCII letters that lower-case into ASCII (Kelvin sign, long s).

// One character class, no quantifier.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;

// ASCII holds no invisible character and is its own NFKC form: only case needs folding.
function isAscii(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) if (text.charCodeAt(at) > 0x7f) return false;
  return true;
}

/** A name in the form the secret-name lists are written in: visible, NFKC, lower case. */
export function foldName(name: string): string {
  if (isAscii(name)) return name.toLowerCase();
  const visible = name.replace(INVISIBLE, "");
  // Stripped again after folding in case a compatibility mapping produced an invisible character.
  return visible.normalize("NFKC").toLowerCase().normalize("NFKC").replace(INVISIBLE, "");
}
