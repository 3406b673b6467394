// What a literal path means to the host. A Cell should work inside its workspace, the conda
// environment, the artifact store and temporary space; a path into the operating system's own
// directories is either reconnaissance / exfiltration (reading it) or tampering (changing it).
//
// `read`: reading or listing it is sensitive. `write`: "tree" when changing anything at or below
// it is tampering; "exact" when only deleting the directory itself is (a home directory, a mount
// point: their contents are ordinary work areas).

/** Risk tokens every path that classifyPath() reports starts with (or, for "/" and "~"
 * inside command strings, that the operations on them need). */
export const PATH_TOKENS: readonly string[] = [
  "/etc",
  "/root",
  "/proc",
  "/sys",
  "/boot",
  "/var",
  "/dev",
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/system",
  "/applications",
  "/library",
  "/home",
  "/users",
  "/opt",
  "/snap",
  "/srv",
  "/media",
  "/mnt",
  "/volumes",
  "/private",
  "../",
  "$home",
  "${home}",
  '"/"',
  "'/'",
  '"/*"',
  "'/*'",
  "ls /",
  "ls -",
  "find /",
];

export interface PathClass {
  readonly read: boolean;
  readonly write: "tree" | "exact" | null;
}

const NONE: PathClass = { read: false, write: null };
const BOTH: PathClass = { read: true, write: "tree" };
const WRITE_ONLY: PathClass = { read: false, write: "tree" };
const EXACT: PathClass = { read: false, write: "exact" };
const LIST_EXACT: PathClass = { read: true, write: "exact" };

// /etc files that ordinary programs read: CA bundles and the time zone.
const ETC_READABLE = [
  "ssl/certs",
  "pki/tls/certs",
  "pki/ca-trust",
  "ca-certificates",
  "localtime",
  "timezone",
  "mime.types",
];

// Read-only places under /usr that analysis code legitimately names: interpreters, tools,
// library and font trees. Changing them is still tampering.
const USR_READABLE = [
  "bin/",
  "local/bin/",
  "lib/python",
  "lib64/python",
  "local/lib/python",
  "lib/r/",
  "local/lib/r/",
  "share/r/",
  "share/dict/",
  "share/fonts/",
  "share/zoneinfo/",
  "share/java/",
  "share/nltk_data",
  "local/share/",
  "local/cuda",
  "lib/jvm/",
  "include/",
  "lib/x86_64-linux-gnu/",
  "lib/aarch64-linux-gnu/",
];

const DEV_HARMLESS = [
  "null",
  "zero",
  "random",
  "urandom",
  "stdin",
  "stdout",
  "stderr",
  "tty",
  "shm",
  "fd",
];

const PROC_SELF_READABLE = ["self/status", "self/statm", "self/stat"];

const VAR_SENSITIVE = [
  "log",
  "lib",
  "spool",
  "mail",
  "backups",
  "run",
  "cache",
  "db",
  "www",
  "opt",
];

// Roots reached through `../` traversal that count as an escape from the working directory.
const TRAVERSAL_ROOTS = new Set(["etc", "root", "proc", "sys", "boot", "usr", "var", "dev"]);

/**
 * Classifies one path word (lower-cased) from a string literal, or returns null when it is not
 * an absolute, home-relative or traversing path.
 */
export function classifyPath(word: string): PathClass | null {
  let path = word.startsWith("file://") ? word.slice(7) : word;
  if (path.startsWith("~") || path.startsWith("$home") || path.startsWith("${home}")) {
    return homeClass(path);
  }
  if (path.startsWith("../")) {
    let i = 0;
    while (path.startsWith("../", i) || path.startsWith("./", i))
      i += path.startsWith("../", i) ? 3 : 2;
    const rest = path.slice(i);
    const top = firstSegment(rest);
    if (!TRAVERSAL_ROOTS.has(top)) return null;
    path = `/${rest}`;
  }
  if (!path.startsWith("/")) return null;
  path = resolveDots(collapseSlashes(path));
  if (path.startsWith("/private/")) path = path.slice(8);
  if (path === "/" || path === "/*" || path === "/.") return { read: true, write: "exact" };
  const top = firstSegment(path.slice(1));
  const rest = restAfter(path.slice(1), top);
  switch (top) {
    case "etc":
      return rest !== "" && ETC_READABLE.some((p) => rest.startsWith(p)) ? WRITE_ONLY : BOTH;
    case "proc":
      // A process reading its own resource counters is routine; its environ, memory and maps
      // are not.
      return PROC_SELF_READABLE.includes(rest) ? WRITE_ONLY : BOTH;
    case "root":
    case "sys":
    case "boot":
      return BOTH;
    case "var":
      if (rest === "") return BOTH;
      if (rest.startsWith("tmp") || rest.startsWith("folders")) return NONE;
      return VAR_SENSITIVE.includes(firstSegment(rest)) ? BOTH : WRITE_ONLY;
    case "dev":
      if (rest === "" || rest === "*") return BOTH;
      return DEV_HARMLESS.includes(firstSegment(rest)) ? NONE : BOTH;
    case "usr":
      if (rest === "" || rest === "*") return BOTH;
      return USR_READABLE.some((p) => rest.startsWith(p)) ? WRITE_ONLY : BOTH;
    case "bin":
    case "sbin":
    case "lib":
    case "lib32":
    case "lib64":
    case "libx32":
    case "system":
    case "applications":
      return rest === "" || rest === "*" ? BOTH : WRITE_ONLY;
    case "library":
      if (rest.startsWith("keychains")) return BOTH;
      return rest === "" || rest === "*" ? BOTH : WRITE_ONLY;
    case "home":
    case "users":
      if (rest === "" || rest === "*") return LIST_EXACT;
      return isSingleSegment(rest) ? EXACT : NONE;
    case "opt":
    case "snap":
    case "srv":
    case "media":
    case "mnt":
    case "volumes":
      return rest === "" || rest === "*" ? EXACT : NONE;
    default:
      return NONE;
  }
}

// `~` itself (or `$HOME`) is the user's whole home: deleting it is destruction. Paths below it
// are ordinary work areas, except the credential and start-up files that other rules cover.
function homeClass(path: string): PathClass {
  const trimmed = path.endsWith("/*")
    ? path.slice(0, -2)
    : path.endsWith("/")
      ? path.slice(0, -1)
      : path;
  if (trimmed === "~" || trimmed === "$home" || trimmed === "${home}") return EXACT;
  return NONE;
}

function firstSegment(path: string): string {
  const slash = path.indexOf("/");
  return slash === -1 ? path : path.slice(0, slash);
}

function restAfter(path: string, top: string): string {
  return path.length > top.length ? path.slice(top.length + 1) : "";
}

function isSingleSegment(rest: string): boolean {
  const trimmed = rest.endsWith("/") ? rest.slice(0, -1) : rest;
  return trimmed !== "" && !trimmed.includes("/");
}

// "/tmp/../etc/passwd" is "/etc/passwd".
function resolveDots(path: string): string {
  if (!path.includes("/..")) return path;
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "..") out.pop();
    else if (segment !== "" && segment !== ".") out.push(segment);
  }
  return `/${out.join("/")}${path.endsWith("/") && out.length > 0 ? "/" : ""}`;
}

function collapseSlashes(path: string): string {
  if (!path.includes("//") && !path.includes("/./")) return path;
  let out = "";
  for (let i = 0; i < path.length; i += 1) {
    const ch = path[i];
    if (ch === "/" && out.endsWith("/")) continue;
    if (ch === "." && out.endsWith("/") && (path[i + 1] === "/" || i + 1 === path.length)) {
      i += 1;
      continue;
    }
    out += ch;
  }
  return out;
}
