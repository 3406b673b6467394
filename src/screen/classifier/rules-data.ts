// Category 2 (data exfiltration): credential files, cloud metadata endpoints, browser and
// keychain secrets, sensitive system files read or listed, the whole environment sent out,
// and keystroke capture.
import { pathHits } from "./path-hits.js";
import { PATH_TOKENS } from "./paths.js";
import { flowsTo, lineBounds } from "./flow.js";
import { CodeContext, containsAny } from "./scan.js";
import type { Signature } from "./signature.js";

const CREDENTIAL_FILES = [
  ".ssh/",
  "~/.ssh",
  "id_rsa",
  "id_ed25519",
  "id_ecdsa",
  "id_dsa",
  "/etc/shadow",
  "/etc/gshadow",
  "/etc/master.passwd",
  ".aws/credentials",
  ".aws/config",
  ".netrc",
  ".pgpass",
  ".git-credentials",
  ".docker/config.json",
  ".kube/config",
  ".gnupg",
  ".config/gcloud",
  "application_default_credentials.json",
  ".azure/",
  ".vault-token",
  ".pypirc",
  ".npmrc",
  ".bash_history",
  ".zsh_history",
  ".python_history",
  ".rhistory",
];

const METADATA_ENDPOINTS = [
  "169.254.169.254",
  "metadata.google.internal",
  "100.100.100.200",
  "fd00:ec2::254",
  "169.254.170.2",
];

const BROWSERS = [
  "chrome",
  "chromium",
  "firefox",
  "safari",
  "msedge",
  "microsoft/edge",
  "bravesoftware",
  "opera software",
];

function namesBrowserSecrets(ctx: CodeContext): boolean {
  if (ctx.hasAny(["cookies.sqlite", "login data", "logins.json", "key4.db", "browser_cookie"])) {
    return true;
  }
  let from = 0;
  for (let seen = 0; seen < 64; seen += 1) {
    const at = ctx.lower.indexOf("cookies", from);
    if (at === -1) return false;
    from = at + 7;
    const { start, end } = lineBounds(ctx.lower, at, 160);
    if (containsAny(ctx.lower.slice(start, end), BROWSERS)) return true;
  }
  return false;
}

const KEYCHAIN = [
  "login.keychain",
  "keychain-db",
  "find-generic-password",
  "find-internet-password",
  "dump-keychain",
];

const READ_OPS = [
  "open(",
  "read",
  "copy",
  "listdir",
  "scandir",
  "walk(",
  "glob",
  "iterdir",
  "system(",
  "system2(",
  "popen",
  "subprocess",
  "check_output",
  "run(",
  "call(",
  "send",
  "post(",
  "upload",
  "file(",
  "files(",
  "dir(",
  "scan(",
  "tarfile",
  "zipfile",
  "make_archive",
  "fopen",
  "loadtxt",
  "genfromtxt",
  "cat ",
  "ls ",
  '"cat"',
  "'cat'",
  '"ls"',
  "'ls'",
  "head ",
  "tail ",
  "less ",
  "grep ",
  "find ",
  "strings ",
];

const LIST_OPS = [
  "listdir",
  "scandir",
  "walk(",
  "glob",
  "iterdir",
  "ls ",
  '"ls"',
  "'ls'",
  "files(",
  "dir(",
  "find ",
];

/** True when the Cell reads, copies, sends or lists a sensitive system path. */
export function readsSystemPath(ctx: CodeContext): boolean {
  for (const hit of pathHits(ctx)) {
    if (!hit.cls.read) continue;
    // "/" and /home are sensitive only to list; every other read path to read in any way.
    const ops = hit.cls.write === "exact" ? LIST_OPS : READ_OPS;
    if (flowsTo(ctx.lower, hit.index, (line) => containsAny(line, ops))) return true;
  }
  return false;
}

const ENVIRONMENT_DUMPS = [
  "dict(os.environ)",
  "os.environ.copy()",
  "os.environ.items()",
  "str(os.environ)",
  "dumps(os.environ",
  "{**os.environ",
  "sys.getenv()",
  "printenv",
  "/proc/self/environ",
];
const NETWORK_SENDS = [
  "requests.",
  "urlopen",
  "urllib",
  "httpx",
  "http.client",
  "socket",
  "smtplib",
  "ftplib",
  "curl",
  "wget",
  "httr",
  "post(",
];

function sendsEnvironment(ctx: CodeContext): boolean {
  return ctx.hasAny(ENVIRONMENT_DUMPS) && ctx.hasAny(NETWORK_SENDS);
}

function capturesKeystrokes(ctx: CodeContext): boolean {
  if (ctx.hasAny(["getasynckeystate", "setwindowshookex", "keyboard.on_press", "keyboard.hook("])) {
    return true;
  }
  return ctx.has("pynput") && ctx.hasAny(["listener", "on_press"]);
}

export const DATA_SIGNATURES: readonly Signature[] = [
  {
    category: 2,
    reason: "names a credential file (SSH key, cloud or tool credentials, shell history)",
    triggers: [
      ".ssh/",
      "/.ssh",
      "id_rsa",
      "id_ed25519",
      "id_ecdsa",
      "id_dsa",
      "shadow",
      "/etc",
      ".aws/",
      ".netrc",
      ".pgpass",
      ".git-credentials",
      ".docker/",
      ".kube/",
      ".gnupg",
      ".config/gcloud",
      "credentials.json",
      ".azure/",
      ".vault-token",
      ".pypirc",
      ".npmrc",
      "_history",
      ".rhistory",
    ],
    test: (ctx) => ctx.hasAny(CREDENTIAL_FILES),
  },
  {
    category: 2,
    reason: "contacts a cloud instance-metadata endpoint",
    triggers: ["169.254.", "metadata.google.internal", "100.100.100.200", "fd00:ec2::254"],
    test: (ctx) => ctx.hasAny(METADATA_ENDPOINTS),
  },
  {
    category: 2,
    reason: "reads browser cookies or saved logins",
    triggers: ["cookies", "login data", "logins.json", "key4.db", "browser_cookie"],
    test: namesBrowserSecrets,
  },
  {
    category: 2,
    reason: "reads the OS keychain",
    triggers: ["keychain", "generic-password", "internet-password"],
    test: (ctx) => ctx.hasAny(KEYCHAIN),
  },
  {
    category: 2,
    reason: "reads, copies or lists a sensitive system path outside the workspace",
    triggers: PATH_TOKENS,
    test: readsSystemPath,
  },
  {
    category: 2,
    reason: "sends the whole process environment over the network",
    triggers: ["os.environ", "sys.getenv()", "printenv", "/proc"],
    test: sendsEnvironment,
  },
  {
    category: 2,
    reason: "captures keystrokes",
    triggers: ["getasynckeystate", "setwindowshookex", "keyboard.", "pynput"],
    test: capturesKeystrokes,
  },
];
