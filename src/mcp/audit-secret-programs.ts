// Which programs take a password or token in a short flag, a positional word or on standard
// input, for the audit log's word-by-word masking (audit-credentials.ts). A short flag means a
// password only for the program it belongs to: `-p` is mysql's password but docker's port, so
// each entry names its program by the basename it is run as, and some only after a subcommand
// (`docker login -p`, never `docker run -p`).

export interface ProgramFlags {
  /** Short flags whose next word is the password (`sshpass -p SECRET`). */
  readonly next: ReadonlySet<string>;
  /** Short flags with the password attached (`mysql -pSECRET`, `7z -pSECRET`). */
  readonly attached: ReadonlySet<string>;
  /**
   * Short flags whose next word (or attached value) is a user and a password, by the character
   * between them: `%` for `smbclient -U ann%SECRET`, `,` for `lftp -u ann,SECRET`.
   */
  readonly pairs?: ReadonlyMap<string, string>;
  /** Long flags whose next word is a secret here though not by their name (`gh secret set --body`). */
  readonly long?: ReadonlySet<string>;
  /** The flags above count only once this word has been seen (`login` for `docker login -p`). */
  readonly after?: string;
  /** The first operand after `after` is a token (`vault login TOKEN`, `cargo login TOKEN`). */
  readonly tokenOperand?: boolean;
  /** The first operand is Oracle's `user/password@database` (`sqlplus scott/SECRET@orcl`). */
  readonly oracleLogin?: boolean;
  /** `htpasswd -b FILE USER PASSWORD` (and `-nb USER PASSWORD`): a batch flag puts it in argv. */
  readonly batchPassword?: boolean;
}

const none: ReadonlySet<string> = new Set();
const flags = (...names: string[]): ReadonlySet<string> => new Set(names);

const MYSQL: ProgramFlags = { next: none, attached: flags("-p") };
const MONGO: ProgramFlags = { next: flags("-p"), attached: none };
const REGISTRY_LOGIN: ProgramFlags = { next: flags("-p"), attached: none, after: "login" };
const ZIP: ProgramFlags = { next: flags("-P"), attached: none };
const ARCHIVER: ProgramFlags = { next: none, attached: flags("-p") };
const LDAP: ProgramFlags = { next: flags("-w"), attached: none };
const SQL_SERVER: ProgramFlags = { next: flags("-P"), attached: none };
const SAMBA: ProgramFlags = { next: none, attached: none, pairs: new Map([["-U", "%"]]) };
const CLOUD_LOGIN: ProgramFlags = { next: flags("-p"), attached: none, after: "login" };
const ORACLE: ProgramFlags = { next: none, attached: none, oracleLogin: true };

const entries = (names: readonly string[], entry: ProgramFlags): [string, ProgramFlags][] =>
  names.map((name) => [name, entry]);

/** By the basename a program is run as. Flags are compared as typed (`-P` is not `-p`). */
export const PROGRAM_FLAGS: ReadonlyMap<string, ProgramFlags> = new Map([
  ...entries(
    ["mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlshow", "mysqlcheck", "mysqlpump"],
    MYSQL,
  ),
  ...entries(["mariadb", "mariadb-dump", "mariadb-admin"], MYSQL),
  ["sshpass", { next: flags("-p"), attached: flags("-p") }],
  ["redis-cli", { next: flags("-a"), attached: none }],
  ["valkey-cli", { next: flags("-a"), attached: none }],
  ...entries(
    ["mongo", "mongosh", "mongodump", "mongorestore", "mongoexport", "mongoimport"],
    MONGO,
  ),
  ...entries(["docker", "podman", "nerdctl", "buildah", "skopeo", "helm", "oras"], REGISTRY_LOGIN),
  ...entries(["zip", "zipcloak", "unzip", "funzip"], ZIP),
  ...entries(["7z", "7za", "7zr", "7zz", "rar", "unrar"], ARCHIVER),
  ["openssl", { next: flags("-k", "-K", "-passin", "-passout"), attached: none }],
  ...entries(
    ["ldapsearch", "ldapadd", "ldapmodify", "ldapdelete", "ldapwhoami", "ldapcompare"],
    LDAP,
  ),
  ["ldappasswd", { next: flags("-w", "-s", "-a"), attached: none }],
  ...entries(["sqlcmd", "bcp", "osql", "isql"], SQL_SERVER),
  ...entries(["smbclient", "rpcclient", "smbcacls", "smbget", "net"], SAMBA),
  ["vault", { next: none, attached: none, after: "login", tokenOperand: true }],
  ["gh", { next: flags("-b"), attached: none, long: flags("--body"), after: "secret" }],
  ["htpasswd", { next: none, attached: none, batchPassword: true }],
  ...entries(["az", "cf", "oc"], CLOUD_LOGIN),
  ["ssh-keygen", { next: flags("-N", "-P"), attached: none }],
  ["keytool", { next: flags("-new"), attached: none }],
  ...entries(["sqlplus", "rman", "expdp", "impdp", "exp", "imp", "sqlldr", "dgmgrl"], ORACLE),
  ["lftp", { next: none, attached: none, pairs: new Map([["-u", ","]]) }],
  ["twine", { next: flags("-p"), attached: none }],
  ["cargo", { next: none, attached: none, after: "login", tokenOperand: true }],
  ["doctl", { next: flags("-t"), attached: none, after: "auth" }],
  ["netlify", { next: none, attached: none, long: flags("--auth") }],
]);

/** Programs that read a password from standard input whatever their flags. */
export const STDIN_SECRET_PROGRAMS: ReadonlySet<string> = new Set([
  "chpasswd",
  "chgpasswd",
  "kinit",
]);

/** Flags (of any program) that make it read a password or token from standard input. */
export const STDIN_SECRET_FLAGS: ReadonlySet<string> = new Set([
  "--password-stdin",
  "--with-token",
  "--stdin",
  // ansible-vault encrypt_string reads the secret it encrypts from stdin.
  "--stdin-name",
]);

/** `sudo -S` (or a cluster holding S, `-kS`) reads the password from standard input. */
export function sudoReadsStdin(program: string, word: string): boolean {
  return program === "sudo" && /^-[A-Za-z]{0,6}S[A-Za-z]{0,6}$/.test(word);
}

// Long flags named for a secret that still take no secret: a file, a descriptor or a source.
const NOT_A_VALUE = ["-file", "-path", "-stdin", "-fd", "-env", "-cmd", "-command", "-helper"];
const NOT_A_VALUE_MORE = ["-dir", "-name", "-id", "-arn", "-ref", "-type", "-url", "-length"];
const SECRET_PARTS = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "apikey",
  "api-key",
  "api_key",
  "access-key",
  "access_key",
  "bearer",
];

/**
 * Whether a one-dash word flag (Java's and Go's style) names a password: `keytool -storepass`,
 * `-keypass`, `-srcstorepass`, or a name longFlagIsSecret accepts (`-token`, `-password`).
 */
export function wordFlagIsSecret(name: string): boolean {
  return name.length > 2 && (name.endsWith("pass") || longFlagIsSecret(name));
}

/**
 * Whether a long flag's name (without dashes, lower case, no `=value`) says its value is a secret:
 * `--http-password`, `--passphrase`, `--oauth2-bearer`, `--client-secret`, but not
 * `--password-file` or `--token-url`.
 */
export function longFlagIsSecret(name: string): boolean {
  if (!SECRET_PARTS.some((part) => name.includes(part))) return false;
  return ![...NOT_A_VALUE, ...NOT_A_VALUE_MORE].some((suffix) => name.endsWith(suffix));
}

const KEY_SUFFIXES = [
  "password",
  "passwd",
  "passphrase",
  "secret",
  "token",
  "authtoken",
  "_auth",
  "apikey",
  "api_key",
  "api-key",
  "access_key",
  "access-key",
  "secret_key",
  "private_key",
];

/**
 * A bare word that names a secret setting whose value is the next word:
 * `npm config set //registry/:_authToken VALUE`, `aws configure set aws_secret_access_key VALUE`,
 * `git config github.token VALUE`.
 */
export function wordNamesSecretSetting(word: string): boolean {
  if (word.startsWith("-") || word.includes("=") || word.length > 200) return false;
  return KEY_SUFFIXES.some((suffix) => word.endsWith(suffix));
}
