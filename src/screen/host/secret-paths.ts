// Which workspace-relative paths name a credential, lexically. Two tiers: the hard denylist that
// file tools and the shell gate refuse outright, and a wider tier the automatic reviewer turns into
// an audited question. Paths are workspace-relative, so a workspace that itself lives inside
// `.ssh` stays usable: only the segments given here are judged.
//
// Lexical only: no file is opened and no link is followed. Symlinks and hard links that alias a
// secret are the job of the secret-alias walk, and the OS sandbox denies reads either way.
import { MAX_COMMAND_LENGTH } from "../shell/precheck.js";
import { foldName } from "./fold.js";
import { globMatcher, hasGlobSyntax } from "./glob.js";
import { splitOnWhitespace, splitShellWords, type ShellWord } from "./shell-words.js";

const SECRET_BASENAMES = new Set([
  ".env",
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  ".netrc",
  ".pgpass",
  ".git-credentials",
  ".npmrc",
  ".pypirc",
  ".htpasswd",
]);
const SECRET_SUFFIXES = [".env", ".pem", ".key", ".p12", ".pfx"];
const SECRET_PREFIXES = [".env."];

/** Directories whose every descendant is a secret. */
const CREDENTIAL_DIRECTORIES = new Set([".ssh", ".aws", ".gnupg", ".docker", ".kube", ".azure"]);
/** Children of `.config` that are credential directories (`.config/gcloud`, `.config/gh`). */
const CONFIG_CREDENTIAL_CHILDREN = new Set(["gcloud", "gh"]);

const SECOND_TIER_BASENAMES = new Set([
  "credentials",
  "credentials.json",
  "service-account.json",
  "service_account.json",
  "known_hosts",
  "authorized_keys",
  "hosts.yml",
  "hosts.json",
  "token.json",
  "access-token",
  "config.json",
]);

/**
 * Folded segments, split on `/` and `\` (Windows paths arrive here too), without empty and `.`
 * segments. `..` is kept; see resolveDotDot.
 */
function pathSegments(path: string): string[] {
  const segments: string[] = [];
  let current = "";
  for (const char of foldName(path)) {
    if (char === "/" || char === "\\") {
      if (current !== "" && current !== ".") segments.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (current !== "" && current !== ".") segments.push(current);
  return segments;
}

/** Applies `..` to the segments before it. A `..` that would climb above the start is dropped. */
function resolveDotDot(segments: readonly string[]): string[] {
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === "..") resolved.pop();
    else resolved.push(segment);
  }
  return resolved;
}

function stripTrailingDotsAndSpaces(name: string): string {
  let end = name.length;
  while (end > 0 && (name[end - 1] === "." || name[end - 1] === " ")) end -= 1;
  return name.slice(0, end);
}

/**
 * The names a segment may open. Windows drops trailing dots and spaces (`id_rsa.` opens `id_rsa`)
 * and reads `name:stream` as a stream of `name` (`.env::$DATA` opens `.env`). Both readings are
 * judged on every platform: a POSIX file really named `id_rsa.` is refused too.
 */
function segmentNames(segment: string): string[] {
  const names = [segment, stripTrailingDotsAndSpaces(segment)];
  const colon = segment.indexOf(":");
  if (colon > 0) names.push(stripTrailingDotsAndSpaces(segment.slice(0, colon)));
  return names.filter((name) => name !== "" && name !== "..");
}

function isSecretBasename(name: string): boolean {
  return (
    SECRET_BASENAMES.has(name) ||
    SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix)) ||
    SECRET_PREFIXES.some((prefix) => name.startsWith(prefix))
  );
}

function namesAny(segment: string | undefined, test: (name: string) => boolean): boolean {
  return segment !== undefined && segmentNames(segment).some(test);
}

function segmentsAreSecret(segments: readonly string[]): boolean {
  for (let index = 0; index < segments.length; index += 1) {
    const segment = segments[index];
    if (namesAny(segment, (name) => CREDENTIAL_DIRECTORIES.has(name))) return true;
    if (
      namesAny(segment, (name) => name === ".config") &&
      namesAny(segments[index + 1], (name) => CONFIG_CREDENTIAL_CHILDREN.has(name))
    ) {
      return true;
    }
  }
  return namesAny(segments.at(-1), isSecretBasename);
}

/**
 * Whether a workspace-relative path names a secret on the hard denylist: an `.env`, key or
 * certificate-bundle file, an SSH private key, a credential dotfile, anything under a credential
 * directory (`.ssh`, `.aws`, `.gnupg`, `.docker`, `.kube`, `.azure`), or under `.config/gcloud`
 * or `.config/gh`. Case, Unicode form, invisible characters and `\` separators do not change the
 * answer; `..` is judged both as written and applied. A non-string is not a secret path.
 *
 * @example
 * ```ts
 * isSecretPath("app/.ENV.local"); // true
 * isSecretPath("deploy\\server.pem"); // true
 * isSecretPath("notes/.ssh/../readme.md"); // true: the path passes through .ssh
 * isSecretPath("src/environment.ts"); // false
 * ```
 */
export function isSecretPath(relative: unknown): boolean {
  if (typeof relative !== "string") return false;
  const segments = pathSegments(relative);
  return segmentsAreSecret(segments) || segmentsAreSecret(resolveDotDot(segments));
}

/**
 * Whether a path is a secret on either tier: the hard denylist, or a basename that commonly holds
 * a credential (`credentials`, `token.json`, `known_hosts`, `config.json`, …). The second tier is
 * for a reviewer that asks a human; it is not a hard gate.
 *
 * @example
 * ```ts
 * isCredentialPath("gcp/service-account.json"); // true
 * isCredentialPath(".env"); // true: the hard tier is included
 * isCredentialPath("data/results.json"); // false
 * ```
 */
export function isCredentialPath(relative: unknown): boolean {
  if (typeof relative !== "string") return false;
  if (isSecretPath(relative)) return true;
  const segments = pathSegments(relative);
  const secondTier = (name: string): boolean => SECOND_TIER_BASENAMES.has(name);
  return (
    namesAny(segments.at(-1), secondTier) || namesAny(resolveDotDot(segments).at(-1), secondTier)
  );
}

/**
 * Names a glob in a command is tried against: one of each hard-denylist shape. A glob that matches
 * any of them could expand to (or, given to find or grep, select) a secret.
 */
export const SAMPLE_SECRET_NAMES: readonly string[] = [
  ".env.local",
  ".env.production",
  "app.env",
  "server.pem",
  "server.key",
  "private.key",
  "cert.p12",
  "cert.pfx",
  ...SECRET_BASENAMES,
];

const LAST_SEGMENT_SAMPLES = [...SAMPLE_SECRET_NAMES, ...CREDENTIAL_DIRECTORIES];

/**
 * Which names a path segment could stand for. A literal segment stands for its own names; a glob
 * for every name it matches. In a directory position a glob that does not start with a literal
 * `.` is not tried against dot names: a shell never expands it to one, and refusing
 * `src/*\/index.ts` because `*` could be `.ssh` would refuse most globs. In the last position
 * there is no such rule, because `find -name '*'` does select dotfiles.
 */
function segmentMatcher(segment: string | undefined, last: boolean): (name: string) => boolean {
  if (segment === undefined) return () => false;
  if (!hasGlobSyntax(segment)) {
    const names = segmentNames(segment);
    return (name) => names.includes(name);
  }
  const matches = globMatcher(segment);
  const dotLed = segment.startsWith(".");
  return (name) => (last || dotLed || !name.startsWith(".")) && matches(name);
}

function globMentionsSecret(candidate: string): boolean {
  const segments = pathSegments(candidate);
  const lastIndex = segments.length - 1;
  const matchers = segments.map((segment, index) => segmentMatcher(segment, index === lastIndex));
  for (let index = 0; index <= lastIndex; index += 1) {
    if (!hasGlobSyntax(segments[index] as string)) continue;
    const samples = index === lastIndex ? LAST_SEGMENT_SAMPLES : [...CREDENTIAL_DIRECTORIES];
    if (samples.some(matchers[index] as (name: string) => boolean)) return true;
  }
  for (let index = 0; index < lastIndex; index += 1) {
    const here = matchers[index] as (name: string) => boolean;
    const next = matchers[index + 1] as (name: string) => boolean;
    const pairHasGlob = hasGlobSyntax(`${segments[index]}${segments[index + 1]}`);
    if (pairHasGlob && here(".config") && [...CONFIG_CREDENTIAL_CHILDREN].some(next)) return true;
  }
  return false;
}

// Characters that separate path-like pieces inside one word: whitespace and quotes left over in
// a quoted script (`bash -c "cat .env"`), shell operators, `VAR=value` and `--flag=value`, `host:path`,
// brace lists, `@file` arguments and `$VAR` prefixes.
const PIECE_SEPARATORS = new Set(" \t\n\r\f\v'\";&|<>()`=:,{}@$");

function pieces(word: string): string[] {
  const found: string[] = [];
  let current = "";
  for (const char of word) {
    if (PIECE_SEPARATORS.has(char)) {
      if (current !== "") found.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  if (current !== "") found.push(current);
  return found;
}

function mentionsSecret(candidate: string): boolean {
  return isSecretPath(candidate) || (hasGlobSyntax(candidate) && globMentionsSecret(candidate));
}

/** The reading of a word that names a secret, or null. */
function wordMentionsSecret(word: ShellWord): string | null {
  // The raw text is judged too: it keeps the backslashes of a Windows path that a POSIX reading
  // consumes as escapes (`C:\Users\me\.ssh\id_rsa`).
  for (const text of new Set([word.value, word.raw])) {
    const candidates = new Set([text, ...pieces(text)]);
    if ([...candidates].some(mentionsSecret)) return text;
  }
  return null;
}

/**
 * The first word of a shell command that names a hard-denylisted secret path, or null. Words are
 * read with shell quoting (or split on whitespace when quotes do not balance); each is judged
 * whole and in pieces split at operators, `=`, `:` and the like, so `--env-file=.env`,
 * `bash -c "cat .env"` and `scp host:.ssh/id_rsa .` are all caught. A glob refuses when it could
 * match one of SAMPLE_SECRET_NAMES (`.e*`, `*.key`, and also a bare `*`, which matches `id_rsa`).
 *
 * This is a lexical tripwire, not a boundary: a command can build a name at run time
 * (`f=.e; cat ${f}nv`). The OS sandbox is what denies the read.
 *
 * @example
 * ```ts
 * commandMentionsSecretPath("cat config/.env.local"); // "config/.env.local"
 * commandMentionsSecretPath("grep -r TODO src"); // null
 * ```
 */
export function commandMentionsSecretPath(command: string): string | null {
  if (typeof command !== "string") return null;
  // No shell receives a longer command as one argument (see MAX_COMMAND_LENGTH); refuse it
  // rather than spend time on it.
  if (command.length > MAX_COMMAND_LENGTH) return "a command longer than 128 KiB";
  const words = splitShellWords(command) ?? splitOnWhitespace(command);
  // A word already judged clean is clean again: repeated words (`-- -- --`) cost one look.
  const clean = new Set<string>();
  for (const word of words) {
    const key = `${word.raw}\u0000${word.value}`;
    if (clean.has(key)) continue;
    const offending = wordMentionsSecret(word);
    if (offending !== null) return offending;
    clean.add(key);
  }
  return null;
}
