// Credentials a command carries in shapes redactShellText does not know, masked before the audit
// log sees the text: the user-information part of a URL (`https://user:token@host`, which git
// and database clients take), an Authorization header with any scheme (Basic, token, Digest; a
// Bearer one is redactShellText's already) and a Cookie header, the password half of
// `curl -u user:password`, and the value of a credential flag given as the next word
// (`--password hunter2`; `--password=…` is already masked); short flags that carry a password
// for the program they follow (`mysql -pSECRET`, `sshpass -p SECRET`, `redis-cli -a SECRET`;
// elsewhere `-p` is a port or a patch flag and stays readable); environment names that end in
// `_PWD` or `_PASS` (`MYSQL_PWD=…`); and credentials inside URLs (audit-url-credentials.ts). One
// pass over the words, so the cost is linear in the text.
import { maskUrlCredentials } from "./audit-url-credentials.js";

const MASK = "<redacted>";

/** Flags whose next word is a credential. Compared without leading dashes, in lower case. */
const SECRET_FLAGS = new Set([
  "password",
  "passwd",
  "pass",
  "token",
  "auth-token",
  "access-token",
  "api-key",
  "apikey",
  "secret",
  "client-secret",
  "private-key",
  "cookie",
]);
/** Flags whose next word is `user:password` (curl, wget, httpie and others). */
const USER_FLAGS = new Set(["-u", "--user", "--proxy-user", "--auth", "-a"]);
const AUTH_SCHEMES = new Set([
  "basic",
  "bearer",
  "token",
  "digest",
  "negotiate",
  "ntlm",
  "aws4-hmac-sha256",
]);
const QUOTES = "'\"";

interface ProgramFlags {
  /** Short flags whose next word is the password. */
  readonly next: ReadonlySet<string>;
  /** Short flags with the password attached (`-pSECRET`). */
  readonly attached: ReadonlySet<string>;
}
const MYSQL_FLAGS: ProgramFlags = { next: new Set(), attached: new Set(["-p"]) };
/** Programs whose short flags carry a password, by the basename they are run as. */
const PROGRAM_FLAGS: ReadonlyMap<string, ProgramFlags> = new Map([
  ...[
    "mysql",
    "mysqldump",
    "mysqladmin",
    "mysqlimport",
    "mysqlshow",
    "mysqlcheck",
    "mysqlpump",
    "mariadb",
    "mariadb-dump",
    "mariadb-admin",
  ].map((name): [string, ProgramFlags] => [name, MYSQL_FLAGS]),
  ["sshpass", { next: new Set(["-p"]), attached: new Set(["-p"]) }],
  ["redis-cli", { next: new Set(["-a"]), attached: new Set() }],
  ["valkey-cli", { next: new Set(["-a"]), attached: new Set() }],
  ["mongo", { next: new Set(["-p"]), attached: new Set() }],
  ["mongosh", { next: new Set(["-p"]), attached: new Set() }],
]);
/** Words that run the command after them, so the program is the word that follows. */
const PREFIXES = new Set(["sudo", "env", "exec", "nohup", "time", "command", "doas"]);
const SEPARATORS = new Set([";", "&&", "||", "|", "&", "(", "{", "then", "do", "else"]);

/** `MYSQL_PWD=…`, `DB_PASS=…`: names assignments.ts does not read as secret. */
function maskPasswordEnvName(word: string): string {
  const equals = word.indexOf("=");
  if (equals <= 0) return word;
  const name = word.slice(0, equals).toLowerCase();
  const secret = name.endsWith("_pwd") || name.endsWith("_pass");
  return secret && equals < word.length - 1 ? `${word.slice(0, equals + 1)}${MASK}` : word;
}

function basename(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash < 0 ? word : word.slice(slash + 1);
}

function isSpace(char: string): boolean {
  return (
    char === " " ||
    char === "\t" ||
    char === "\n" ||
    char === "\r" ||
    char === "\f" ||
    char === "\v"
  );
}

/** A word without the quotes around it and in lower case, for comparison only. */
function bare(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && QUOTES.includes(word[start] as string)) start += 1;
  while (end > start && QUOTES.includes(word[end - 1] as string)) end -= 1;
  return word.slice(start, end).toLowerCase();
}

/** Keeps a word's closing quotes around a replacement. */
function replaceKeepingQuotes(word: string, replacement: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && QUOTES.includes(word[start] as string)) start += 1;
  while (end > start && QUOTES.includes(word[end - 1] as string)) end -= 1;
  return `${word.slice(0, start)}${replacement}${word.slice(end)}`;
}

/** `scheme://user:pass@host` → `scheme://<redacted>@host`, for every URL in a word. */
export function maskUserinfo(word: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const marker = word.indexOf("://", at);
    if (marker < 0) return out + word.slice(at);
    const authorityStart = marker + 3;
    let end = authorityStart;
    let lastAt = -1;
    while (end < word.length) {
      const char = word[end] as string;
      if (char === "/" || char === "?" || char === "#" || isSpace(char) || QUOTES.includes(char))
        break;
      if (char === "@") lastAt = end;
      end += 1;
    }
    out += word.slice(at, authorityStart);
    out += lastAt < 0 ? word.slice(authorityStart, end) : `${MASK}${word.slice(lastAt, end)}`;
    at = end;
  }
}

/** The password half of `user:password` masked; a word without a colon is kept. */
function maskPasswordHalf(word: string): string {
  const colon = word.indexOf(":");
  if (colon < 0) return word;
  return `${word.slice(0, colon + 1)}${replaceKeepingQuotes(word.slice(colon + 1), MASK)}`;
}

/** The text with the credential shapes above masked; whitespace is kept as it was. */
export function maskCommandCredentials(text: string): string {
  return maskWords(maskUrlCredentials(text));
}

function maskWords(text: string): string {
  const out: string[] = [];
  // The program of the simple command being read, and whether the next word may name it.
  let program: ProgramFlags | undefined;
  let expectProgram = true;
  // What the words before asked for the next one.
  let pending: "secret" | "password-half" | "after-auth" | "cookie" | null = null;
  let at = 0;
  while (at < text.length) {
    let end = at;
    if (isSpace(text[at] as string)) {
      while (end < text.length && isSpace(text[end] as string)) end += 1;
      out.push(text.slice(at, end));
      at = end;
      continue;
    }
    while (end < text.length && !isSpace(text[end] as string)) end += 1;
    let word = maskUserinfo(text.slice(at, end));
    at = end;
    const lower = bare(word);
    const mode = pending;
    pending = null;
    if (mode === "secret") word = replaceKeepingQuotes(word, MASK);
    else if (mode === "password-half") word = maskPasswordHalf(word);
    else if (mode === "after-auth") {
      if (AUTH_SCHEMES.has(lower)) pending = "secret";
      else word = replaceKeepingQuotes(word, MASK);
    } else if (mode === "cookie") {
      word = replaceKeepingQuotes(word, MASK);
      if (!QUOTES.includes(word[word.length - 1] as string)) pending = "cookie";
    }
    if (mode !== null) {
      out.push(word);
      continue;
    }
    if (SEPARATORS.has(lower) || /[;&|]$/.test(lower)) {
      out.push(word);
      program = undefined;
      expectProgram = true;
      continue;
    }
    if (expectProgram) {
      if (word.includes("=") && !lower.startsWith("-")) {
        out.push(maskPasswordEnvName(word));
        continue;
      }
      if (PREFIXES.has(lower) || lower.startsWith("-")) {
        out.push(word);
        continue;
      }
      program = PROGRAM_FLAGS.get(basename(lower));
      expectProgram = false;
      out.push(word);
      continue;
    }
    if (program !== undefined && lower.startsWith("-") && !lower.startsWith("--")) {
      const short = lower.slice(0, 2);
      if (lower.length === 2 && program.next.has(short)) {
        pending = "secret";
        out.push(word);
        continue;
      }
      if (lower.length > 2 && program.attached.has(short)) {
        out.push(`${word.slice(0, word.indexOf("-") + 2)}${MASK}`);
        continue;
      }
    }
    const flag = lower.replace(/^-+/, "");
    if (lower.startsWith("-") && SECRET_FLAGS.has(flag)) pending = "secret";
    else if (USER_FLAGS.has(lower)) pending = "password-half";
    else if (
      lower.startsWith("-u") &&
      lower.length > 2 &&
      !lower.startsWith("--") &&
      lower.includes(":")
    )
      word = maskPasswordHalf(word);
    else if (lower.endsWith("authorization:")) pending = "after-auth";
    else if (lower.endsWith("cookie:")) pending = "cookie";
    else {
      const colon = lower.indexOf(":");
      const header = colon > 0 ? lower.slice(0, colon) : "";
      if (
        (header.endsWith("authorization") || header.endsWith("cookie")) &&
        colon < lower.length - 1
      ) {
        const cut = word.indexOf(":") + 1;
        word = `${word.slice(0, cut)}${replaceKeepingQuotes(word.slice(cut), MASK)}`;
      }
    }
    out.push(word);
  }
  return out.join("");
}
