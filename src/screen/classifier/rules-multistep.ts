// Category 6 (multi-step): a shared object written then loaded, and code downloaded then
// executed.
import { assignedWith, callArguments, execSites, flowsTo, plainName } from "./flow.js";
import { CodeContext, containsAny, someWord } from "./scan.js";
import type { Signature } from "./signature.js";

const SHARED_OBJECT_ENDINGS = [".so", ".dylib", ".dll", ".pyd"];
const BINARY_WRITES = [
  "'wb'",
  '"wb"',
  "'w+b'",
  '"w+b"',
  "'wb+'",
  '"wb+"',
  "'ab'",
  '"ab"',
  "writebin(",
  "write_bytes(",
  // Placed there some other way: copied, moved, linked, fetched or compiled.
  "copy(",
  "copy2(",
  "copyfile(",
  "copyfileobj(",
  "move(",
  "rename(",
  "replace(",
  "symlink(",
  "link(",
  "urlretrieve(",
  "file.copy(",
  "-shared",
  "gcc",
  "clang",
];
const LOADERS = [
  "cdll",
  "loadlibrary",
  "dlopen",
  "dyn.load",
  "library.dynam",
  "windll",
  "pydll",
  "load_library",
  "extensionfileloader",
];

// Writes a shared object (`open("x.so", "wb")`, R's writeBin(…, "x.so"), a copy, a rename, a
// download or a compile), then loads one.
function writesThenLoadsSharedObject(ctx: CodeContext): boolean {
  if (!ctx.hasAny(LOADERS) || !ctx.hasAny(SHARED_OBJECT_ENDINGS)) return false;
  let lastLoader = -1;
  for (const loader of LOADERS) lastLoader = Math.max(lastLoader, ctx.lower.lastIndexOf(loader));
  let checked = 0;
  for (const literal of ctx.literals) {
    const text = ctx.lower.slice(literal.start, literal.start + literal.text.length);
    if (!isSharedObjectName(text)) continue;
    if (literal.start > lastLoader) continue;
    if (flowsTo(ctx.lower, literal.start, (line) => containsAny(line, BINARY_WRITES))) return true;
    checked += 1;
    if (checked >= 32) return false;
  }
  return false;
}

function isSharedObjectName(text: string): boolean {
  if (SHARED_OBJECT_ENDINGS.some((ending) => text.endsWith(ending))) return true;
  const at = text.lastIndexOf(".so.");
  return at > 0 && at + 4 < text.length && isDigitsOrDots(text.slice(at + 4));
}

function isDigitsOrDots(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code !== 46 && (code < 48 || code > 57)) return false;
  }
  return true;
}

const FETCHERS = ["curl", "wget", "iwr ", "invoke-webrequest", "downloadstring"];
const PIPE_TO_INTERPRETER = [
  "| sh",
  "|sh",
  "| bash",
  "|bash",
  "| zsh",
  "| python",
  "|python",
  "| perl",
  "| sudo",
  "| iex",
  "|iex",
  "<(curl",
  "<(wget",
  "$(curl",
  "$(wget",
  "invoke-expression",
];
const NETWORK_READS = [
  "urlopen(",
  "requests.get(",
  "requests.post(",
  "httpx.get(",
  "urllib.request",
  "urlretrieve(",
  "http.request(",
];
const DOWNLOAD_MARKS = [
  ...NETWORK_READS,
  "curl",
  "wget",
  "download.file(",
  "download(",
  "get_file(",
];
const EXECUTION_MARKS = [
  "exec(",
  "system(",
  "system2(",
  "popen",
  "subprocess",
  "call(",
  "run(",
  "source(",
  "python",
  "bash",
  "sh ",
  "rscript",
  "chmod",
  "execfile",
  "runpy",
  "import_module",
];
const SCRIPT_ENDINGS = [
  ".py",
  ".sh",
  ".bash",
  ".pl",
  ".rb",
  ".r",
  ".js",
  ".ps1",
  ".exe",
  ".bin",
  ".elf",
];

function downloadsThenExecutes(ctx: CodeContext): boolean {
  if (ctx.hasAny(FETCHERS)) {
    for (const literal of ctx.literals) {
      const text = ctx.lower.slice(literal.start, literal.start + literal.text.length);
      if (containsAny(text, FETCHERS) && containsAny(text, PIPE_TO_INTERPRETER)) return true;
    }
  }
  if (ctx.hasAny(['source("http', "source('http", "source(url(", "source_url(", "source_gist("])) {
    return true;
  }
  if (!ctx.hasAny(DOWNLOAD_MARKS)) return false;
  const lower = ctx.lower;
  for (const site of execSites(lower)) {
    const args = callArguments(lower, lower.indexOf("(", site), 300);
    if (containsAny(args, NETWORK_READS)) return true;
    if (containsAny(args, [".text", ".content", ".read()", ".data"])) return true;
    const name = plainName(args);
    if (name !== undefined && assignedWith(lower, name, NETWORK_READS)) return true;
  }
  return runsDownloadedScript(ctx);
}

// The same script name appears on a download line and, elsewhere, on an execution line.
function runsDownloadedScript(ctx: CodeContext): boolean {
  const seen = new Map<string, { downloaded: boolean; executed: boolean }>();
  let examined = 0;
  for (const literal of ctx.literals) {
    if (examined >= 64) break;
    const text = ctx.lower.slice(literal.start, literal.start + literal.text.length);
    if (!SCRIPT_ENDINGS.some((ending) => text.includes(ending)) && !text.includes("/")) continue;
    const found = someWord(text, (word, offset) => {
      if (!SCRIPT_ENDINGS.some((ending) => word.endsWith(ending)) && !isProgramPath(word))
        return false;
      examined += 1;
      const base = word.slice(word.lastIndexOf("/") + 1);
      const state = seen.get(base) ?? { downloaded: false, executed: false };
      const index = literal.start + offset;
      const downloads = flowsTo(ctx.lower, index, (line) => containsAny(line, DOWNLOAD_MARKS));
      if (downloads) state.downloaded = true;
      else if (flowsTo(ctx.lower, index, (line) => containsAny(line, EXECUTION_MARKS))) {
        state.executed = true;
      }
      seen.set(base, state);
      return state.downloaded && state.executed;
    });
    if (found) return true;
  }
  return false;
}

// `/tmp/bin`, `./payload`: a path whose last part has no extension, as programs are named
// (data files are `.csv`, `.json`…). A URL is where the download comes from, not where it goes.
function isProgramPath(word: string): boolean {
  if (!word.includes("/") || word.includes("://") || word.endsWith("/")) return false;
  const base = word.slice(word.lastIndexOf("/") + 1);
  return base.length > 0 && !base.includes(".");
}

// Memory mapped executable and entered as a function: machine code written, then run.
function runsCodeInExecutableMemory(ctx: CodeContext): boolean {
  if (!ctx.hasAny(["prot_exec", "page_execute", "mprotect("])) return false;
  return ctx.hasAny(["cfunctype(", "functype(", "ctypes.cast(", "createthread(", "pythonapi"]);
}

export const MULTI_STEP_SIGNATURES: readonly Signature[] = [
  {
    category: 6,
    reason: "writes machine code into executable memory and runs it",
    triggers: ["prot_exec", "page_execute", "mprotect("],
    test: runsCodeInExecutableMemory,
  },
  {
    category: 6,
    reason: "writes a shared library and then loads it",
    triggers: [
      "dlopen",
      "loadlibrary",
      "load_library",
      "cdll",
      "windll",
      "pydll",
      "dyn.load",
      "library.dynam",
      "extensionfileloader",
    ],
    test: writesThenLoadsSharedObject,
  },
  {
    category: 6,
    reason: "downloads code and executes it",
    triggers: [
      "curl",
      "wget",
      "iwr ",
      "invoke-webrequest",
      "invoke-expression",
      "downloadstring",
      "source(",
      "source_url(",
      "source_gist(",
      "urlopen(",
      "urllib.request",
      "urlretrieve(",
      "requests.get(",
      "requests.post(",
      "httpx.get(",
      "http.request(",
      "download.file(",
      "download(",
      "get_file(",
    ],
    test: downloadsThenExecutes,
  },
];
