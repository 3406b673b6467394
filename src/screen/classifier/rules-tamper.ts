// Category 1, host tampering: changing or deleting the operating system's own files, the
// root directory or a whole home directory (directly, through a variable, through a command
// string or argv list), in Python or R.
import { assignedWhere, callArguments, callSites, flowsTo, plainName } from "./flow.js";
import { pathHits } from "./path-hits.js";
import { PATH_TOKENS } from "./paths.js";
import { CodeContext, containsAny, isIdentChar, squeeze } from "./scan.js";
import type { Signature } from "./signature.js";

const WRITE_OPS = [
  "remove(",
  "unlink",
  "rmdir",
  "rmtree",
  "removedirs",
  "rename(",
  "os.replace(",
  "move(",
  "write",
  "'w'",
  '"w"',
  "'a'",
  '"a"',
  "'wb'",
  '"wb"',
  "'ab'",
  '"ab"',
  "'w+'",
  '"w+"',
  "'a+'",
  '"a+"',
  "'r+'",
  '"r+"',
  "'r+b'",
  '"r+b"',
  "'wt'",
  '"wt"',
  "'at'",
  '"at"',
  "chmod",
  "chown",
  "truncate",
  "symlink",
  "link(",
  "mkdir",
  "makedirs",
  "touch",
  "file.remove",
  "sink(",
  "rm ",
  "rm -",
  '"rm"',
  "'rm'",
  "mv ",
  "cp ",
  "dd ",
  ">/",
  "> /",
  ">>",
  "tee ",
  "shred",
  "mkfs",
  "to_csv(",
  "savefig(",
  "urlretrieve(",
  "download.file(",
];

// Risk tokens that a deletion of "~" or "/" written inside a command string needs.
const DELETE_TOKENS = [
  "rmtree",
  "unlink",
  "rmdir",
  "removedirs",
  "remove(",
  "rm -",
  '"rm"',
  "'rm'",
  "shred",
  "chmod",
  "chown",
  "mkfs",
];

// What deletes an "exact" path: the deletion tokens, and "rm " (too common to be a risk token).
const DELETE_OPS = [...DELETE_TOKENS, "rm "];

// Assignments that derive a new path (`join`, `/`, `paste`) do not carry an "exact" directory
// such as the home directory: deleting a folder *inside* home is ordinary work.
function isPlainAssignment(line: string): boolean {
  return !containsAny(line, ["join(", " / ", "file.path(", "paste", "+", "sprintf(", "f'", 'f"']);
}

/** True when the Cell changes or deletes a system path (or deletes a whole home directory). */
export function changesSystemPath(ctx: CodeContext): boolean {
  for (const hit of pathHits(ctx)) {
    if (hit.cls.write === null) continue;
    // The path itself is not an operation: "/bin/chmod *" runs chmod, it does not change it.
    const ops = hit.cls.write === "tree" ? WRITE_OPS : DELETE_OPS;
    const test = (line: string): boolean => containsAny(without(line, hit.word), ops);
    const matched =
      hit.cls.write === "tree"
        ? flowsTo(ctx.lower, hit.index, test)
        : flowsTo(ctx.lower, hit.index, test, { depth: 1, follow: isPlainAssignment });
    if (matched) return true;
  }
  return false;
}

function without(line: string, word: string): string {
  return line.includes(word) ? line.split(word).join(" ") : line;
}

const HOME_EXPRESSIONS = new Set([
  'expanduser("~")',
  "expanduser('~')",
  'expanduser("~/")',
  "expanduser('~/')",
  "path.home()",
  "home()",
  'environ["home"]',
  "environ['home']",
  'getenv("home")',
  "getenv('home')",
  'environ.get("home")',
  "environ.get('home')",
  'path("~").expanduser()',
  "path('~').expanduser()",
  'path.expand("~")',
  "path.expand('~')",
  'sys.getenv("home")',
  "sys.getenv('home')",
  'normalizepath("~")',
  "normalizepath('~')",
  "fs::path_home()",
  "path_home()",
  '"~"',
  "'~'",
  '"~/"',
  "'~/'",
]);

function isHomeExpression(squeezed: string): boolean {
  let expr = squeezed;
  for (const wrapper of [
    "str(",
    "path(",
    "pathlib.path(",
    "os.fspath(",
    "abspath(",
    "os.path.abspath(",
  ]) {
    if (expr.startsWith(wrapper) && expr.endsWith(")")) {
      expr = expr.slice(wrapper.length, -1);
      break;
    }
  }
  for (const prefix of ["os.path.", "pathlib.", "os."]) {
    if (expr.startsWith(prefix)) {
      expr = expr.slice(prefix.length);
      break;
    }
  }
  return HOME_EXPRESSIONS.has(expr);
}

function firstArgument(args: string): string {
  let depth = 0;
  for (let i = 0; i < args.length; i += 1) {
    const ch = args[i];
    if (ch === "(" || ch === "[") depth += 1;
    else if (ch === ")" || ch === "]") depth -= 1;
    else if (ch === "," && depth === 0) return args.slice(0, i);
  }
  return args;
}

// `shutil.rmtree(Path.home())`, `unlink(Sys.getenv("HOME"), recursive = TRUE)`, or through one
// plain variable (`home = os.path.expanduser("~")` … `rmtree(home)`).
function deletesHomeDirectory(ctx: CodeContext): boolean {
  if (!ctx.hasAny(["rmtree", "unlink", "dir_delete"])) return false;
  const lower = ctx.lower;
  // R's bare unlink() removes a directory only with recursive = TRUE; Python's os.unlink and
  // Path.unlink never remove one (a method call is excluded by callSites).
  const calls = [
    ...callSites(lower, "rmtree", true).map((site) => ({ site, recursiveFlag: false })),
    ...callSites(lower, "dir_delete", true).map((site) => ({ site, recursiveFlag: false })),
    ...callSites(lower, "unlink").map((site) => ({ site, recursiveFlag: true })),
  ];
  for (const { site, recursiveFlag } of calls) {
    const args = callArguments(lower, lower.indexOf("(", site));
    if (recursiveFlag && !args.includes("recursive")) continue;
    const first = squeeze(firstArgument(args));
    if (isHomeExpression(first)) return true;
    const name = plainName(first);
    if (name !== undefined && assignedWhere(lower, name, (rhs) => isHomeExpression(squeeze(rhs)))) {
      return true;
    }
  }
  return false;
}

// The whole home directory or the root, as a walk starts from it.
function isWholeTree(squeezed: string): boolean {
  return isHomeExpression(squeezed) || ["'/'", '"/"'].includes(squeezed);
}

const ONE_BY_ONE = ["remove(", "unlink(", "rmdir(", "rmtree(", "file.remove("];
const WALKS = ["walk", "rglob", "glob", "scandir", "listdir", "iterdir", "list.files", "dir_ls"];

// `for root, _, files in os.walk(home): … os.remove(…)`, `for p in Path.home().rglob('*'):
// p.unlink()`: every file under the home directory or the root deleted one at a time, which
// deletes the tree as surely as rmtree.
function deletesTreeOneByOne(ctx: CodeContext): boolean {
  if (!ctx.hasAny(ONE_BY_ONE)) return false;
  const walks = WALKS.filter((walk) => ctx.lower.includes(`${walk}(`));
  if (walks.length === 0) return false;
  const lower = ctx.lower;
  const fromWholeTree = (text: string): boolean => {
    const first = squeeze(firstArgument(text));
    if (isWholeTree(first)) return true;
    const name = plainName(first);
    return name !== undefined && assignedWhere(lower, name, (rhs) => isWholeTree(squeeze(rhs)));
  };
  for (const walk of walks) {
    for (const site of callSites(lower, walk, true)) {
      const open = lower.indexOf("(", site);
      if (fromWholeTree(callArguments(lower, open))) return true;
      // A method on the tree itself: `Path.home().rglob("*")`, `Path("/").iterdir()`, or on a
      // name bound to it (`home = Path.home()` … `home.rglob("*")`).
      const receiver = squeeze(lower.slice(Math.max(0, site - 48), site));
      if (!receiver.endsWith(".")) continue;
      const tail = receiver.slice(0, -1);
      if (TREE_RECEIVERS.some((tree) => tail.endsWith(tree))) return true;
      let k = tail.length;
      while (k > 0 && isIdentChar(tail.charCodeAt(k - 1))) k -= 1;
      const name = tail.slice(k);
      const bare = k === 0 || !".)]".includes(tail[k - 1] as string);
      // `os.walk`, `glob.glob`: a module, not a tree bound to a name.
      if (name === "" || !bare || MODULES.has(name)) continue;
      if (assignedWhere(lower, name, (rhs) => isWholeTree(squeeze(rhs)))) return true;
    }
  }
  return false;
}

const MODULES = new Set(["os", "glob", "pathlib", "shutil", "fs", "path", "posixpath", "scandir"]);

const TREE_RECEIVERS = [
  ...["path.home()", "path('/')", 'path("/")', "path('~').expanduser()"],
  'path("~").expanduser()',
];

export const TAMPER_SIGNATURES: readonly Signature[] = [
  {
    category: 1,
    reason: "modifies or deletes a system path outside the workspace",
    triggers: [...PATH_TOKENS, ...DELETE_TOKENS],
    test: changesSystemPath,
  },
  {
    category: 1,
    reason: "deletes a whole home directory",
    triggers: ["rmtree", "unlink", "dir_delete"],
    test: deletesHomeDirectory,
  },
  {
    category: 1,
    reason: "deletes every file under a home directory or the root, one at a time",
    triggers: ["remove(", "unlink", "rmdir", "rmtree"],
    test: deletesTreeOneByOne,
  },
];
