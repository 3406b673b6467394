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
import {
  longFlagIsSecret,
  wordFlagIsSecret,
  PROGRAM_FLAGS,
  STDIN_SECRET_FLAGS,
  STDIN_SECRET_PROGRAMS,
  sudoReadsStdin,
  wordNamesSecretSetting,
  type ProgramFlags,
} from "./audit-secret-programs.js";
import { maskAuthArguments } from "./audit-auth-arguments.js";
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

/** Words that run the command after them, so the program is the word that follows. */
const PREFIXES = new Set(["sudo", "env", "exec", "nohup", "time", "command", "doas"]);
/** Words after which `KEY VALUE` sets a setting (`npm config set`, `git config`, `conda --set`). */
const CONFIG_WORDS = new Set(["config", "configure", "set", "user-secrets"]);
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
  return maskWords(maskUrlCredentials(maskAuthArguments(text)));
}

/** `Authorization:Basic…` or `Cookie:…` as one word: the value after the colon masked. */
function maskedHeaderWord(word: string, lower: string): string {
  const colon = lower.indexOf(":");
  const header = colon > 0 ? lower.slice(0, colon) : "";
  if (!(header.endsWith("authorization") || header.endsWith("cookie"))) return word;
  if (colon >= lower.length - 1) return word;
  const cut = word.indexOf(":") + 1;
  return `${word.slice(0, cut)}${replaceKeepingQuotes(word.slice(cut), MASK)}`;
}

/** `user%password` (smbclient's -U), `user,password` (lftp's -u): the password half masked. */
function maskPairHalf(word: string, separator: string): string {
  const at = word.indexOf(separator);
  if (at < 0) return word;
  return `${word.slice(0, at + 1)}${replaceKeepingQuotes(word.slice(at + 1), MASK)}`;
}

/** Oracle's `user/password@database`: the password masked, the user and database kept. */
function maskOracleLogin(word: string): string {
  const slash = word.indexOf("/");
  if (slash <= 0) return word; // `/nolog`, `/ as sysdba`
  const at = word.indexOf("@", slash);
  const end = at < 0 ? word.length : at;
  if (end === slash + 1) return word;
  return `${word.slice(0, slash + 1)}${MASK}${word.slice(end)}`;
}

type Pending = "secret" | "password-half" | "pair-half" | "after-auth" | "cookie" | "setting";

/** What is known of the simple command being read. */
interface CommandState {
  /** The program's basename, or "" before it is named. */
  name: string;
  flags: ProgramFlags | undefined;
  /** The program's `after` word has been seen, or it has none. */
  armed: boolean;
  /** Operands after the program (after its `after` word, when it has one). */
  operands: number;
  /** htpasswd's batch flag, and whether -n leaves out the file operand. */
  batch: boolean;
  batchNoFile: boolean;
  /** Indexes in the output of this command's echo/printf arguments (a pipe may feed them on). */
  printed: number[];
  /** Index of a here-string's text, masked if the command reads a secret on stdin. */
  hereString: number;
  readsSecret: boolean;
  /** A sudo prefix was seen: its -S reads the password from stdin. */
  sudo: boolean;
  /** A `config`, `set` or `--set` word was seen: a secret-named word's next one is its value. */
  configures: boolean;
}

function freshCommand(): CommandState {
  return {
    name: "",
    flags: undefined,
    armed: false,
    operands: 0,
    batch: false,
    batchNoFile: false,
    printed: [],
    hereString: -1,
    readsSecret: false,
    sudo: false,
    configures: false,
  };
}

function maskWords(text: string): string {
  const out: string[] = [];
  let command = freshCommand();
  // The echo/printf arguments of the command a pipe came from.
  let pipedPrinted: number[] = [];
  // What the words before asked for the next one.
  let pending: Pending | null = null;
  // For "pair-half": the character between the user and the password.
  let pairSeparator = "%";
  const mask = (index: number): void => {
    out[index] = replaceKeepingQuotes(out[index] as string, MASK);
  };
  // The command reads a secret on stdin: what was piped or here-stringed into it is one.
  const readsSecret = (): void => {
    command.readsSecret = true;
    for (const index of pipedPrinted) mask(index);
    pipedPrinted = [];
    if (command.hereString >= 0) mask(command.hereString);
  };
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
    const separator = SEPARATORS.has(lower) || /[;&|]$/.test(lower);
    // Set by maskedWord too, which the compiler's narrowing does not follow.
    const mode = pending as Pending | null;
    pending = null;
    if (mode === "setting" && separator) {
      // `git config --get github.token && …`: no value followed the name.
    } else if (mode !== null) {
      if (mode === "secret") word = replaceKeepingQuotes(word, MASK);
      else if (mode === "password-half") word = maskPasswordHalf(word);
      else if (mode === "pair-half") word = maskPairHalf(word, pairSeparator);
      else if (mode === "setting") word = replaceKeepingQuotes(word, MASK);
      else if (mode === "after-auth") {
        if (AUTH_SCHEMES.has(lower)) pending = "secret";
        else word = replaceKeepingQuotes(word, MASK);
      } else if (mode === "cookie") {
        word = replaceKeepingQuotes(word, MASK);
        if (!QUOTES.includes(word[word.length - 1] as string)) pending = "cookie";
      }
      out.push(word);
      continue;
    }
    if (separator) {
      out.push(word);
      pipedPrinted = lower === "|" || lower.endsWith("|") ? command.printed : [];
      command = freshCommand();
      continue;
    }
    if (lower.startsWith("<<<")) {
      // `sudo -S cmd <<< SECRET`: the text is the next word, or attached.
      out.push(word);
      if (lower === "<<<") pending = command.readsSecret ? "secret" : null;
      else if (command.readsSecret) out[out.length - 1] = `<<<${MASK}`;
      if (lower === "<<<" && !command.readsSecret) command.hereString = out.length + 1;
      continue;
    }
    if (command.name === "") {
      if (word.includes("=") && !lower.startsWith("-")) {
        out.push(maskPasswordEnvName(word));
        continue;
      }
      if (PREFIXES.has(lower) || lower.startsWith("-")) {
        if (lower === "sudo") command.sudo = true;
        else if (command.sudo && sudoReadsStdin("sudo", word)) readsSecret();
        out.push(word);
        continue;
      }
      command.name = basename(lower);
      command.flags = PROGRAM_FLAGS.get(command.name);
      command.armed = command.flags?.after === undefined;
      if (STDIN_SECRET_PROGRAMS.has(command.name)) readsSecret();
      out.push(word);
      continue;
    }
    out.push(maskedWord(word, lower));
  }
  return out.join("");

  // One word after the program: its flags, its operands, and what it asks of the next word.
  function maskedWord(word: string, lower: string): string {
    const program = command.flags;
    if (command.name === "echo" || command.name === "printf") command.printed.push(out.length);
    if (STDIN_SECRET_FLAGS.has(lower) || (lower === "-" && command.name === "vault")) readsSecret();
    if (program !== undefined && !command.armed && lower === program.after) {
      command.armed = true;
      return word;
    }
    const armed = program !== undefined && command.armed ? program : undefined;
    if (armed !== undefined && lower.startsWith("-") && !lower.startsWith("--")) {
      const typed = word.replace(/^['"]+/, "").slice(0, 2);
      const cluster = word.replace(/^['"]+/, "");
      if (armed.next.has(cluster)) {
        pending = "secret";
        return word;
      }
      const separator = armed.pairs?.get(typed);
      if (cluster.length === 2 && separator !== undefined) {
        pending = "pair-half";
        pairSeparator = separator;
        return word;
      }
      if (cluster.length > 2 && armed.attached.has(typed)) {
        return `${word.slice(0, word.indexOf("-") + 2)}${MASK}`;
      }
      if (cluster.length > 2 && separator !== undefined) return maskPairHalf(word, separator);
      if (armed.batchPassword === true && /^-[a-zA-Z]{1,8}$/.test(cluster)) {
        if (cluster.includes("b")) command.batch = true;
        if (cluster.includes("n")) command.batchNoFile = true;
        return word;
      }
    }
    if (armed?.long?.has(lower) === true) {
      pending = "secret";
      return word;
    }
    if (lower.endsWith("authorization:")) {
      pending = "after-auth";
      return word;
    }
    if (lower.endsWith("cookie:")) {
      pending = "cookie";
      return word;
    }
    if (!lower.startsWith("-")) {
      const header = maskedHeaderWord(word, lower);
      if (header !== word) return header;
      // Windows `net use \\host /user:ann PASSWORD`.
      if (command.name === "net" && lower.startsWith("/user:")) {
        pending = "secret";
        return word;
      }
      command.operands += 1;
      if (armed?.tokenOperand === true && command.operands === 1 && !lower.includes("="))
        return replaceKeepingQuotes(word, MASK);
      if (armed?.oracleLogin === true && command.operands === 1) return maskOracleLogin(word);
      // htpasswd -b FILE USER PASSWORD, htpasswd -nb USER PASSWORD.
      if (command.batch && command.operands === (command.batchNoFile ? 2 : 3))
        return replaceKeepingQuotes(word, MASK);
      if (command.configures && wordNamesSecretSetting(lower)) pending = "setting";
      if (CONFIG_WORDS.has(lower)) command.configures = true;
      return word;
    }
    if (sudoReadsStdin(command.name, word)) readsSecret();
    if (lower === "--set") command.configures = true;
    const flag = lower.replace(/^-+/, "");
    const equals = flag.indexOf("=");
    if (lower.startsWith("--") && equals > 0) {
      // `--http-password=SECRET` (redactShellText knows only some names).
      if (!longFlagIsSecret(flag.slice(0, equals))) return word;
      const cut = word.indexOf("=") + 1;
      return `${word.slice(0, cut)}${replaceKeepingQuotes(word.slice(cut), MASK)}`;
    }
    const secretFlag = lower.startsWith("--") ? longFlagIsSecret(flag) : wordFlagIsSecret(flag);
    if (SECRET_FLAGS.has(flag) || secretFlag) {
      pending = "secret";
      return word;
    }
    if (USER_FLAGS.has(lower)) {
      pending = "password-half";
      return word;
    }
    if (
      lower.startsWith("-u") &&
      lower.length > 2 &&
      !lower.startsWith("--") &&
      lower.includes(":")
    )
      return maskPasswordHalf(word);
    return word;
  }
}
