// Category 5 (obfuscation): executing decoded or dynamically looked-up code, and Trojan-source
// bidi controls.
import {
  assignedWith,
  callArguments,
  callSites,
  execSites,
  lineBounds,
  plainName,
} from "./flow.js";
import { CodeContext, containsAny, isIdentChar } from "./scan.js";
import type { Signature } from "./signature.js";

/** Unicode bidi controls (CVE-2021-42574): they make source read differently than it runs. */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export function hasBidiControl(code: string): boolean {
  return BIDI.test(code);
}

const DIRECT_OBFUSCATORS = [
  "base64.",
  "b64decode",
  "codecs.",
  "bytes.fromhex",
  "bytearray.fromhex",
  "marshal.",
  "pickle.",
  "zlib.",
  "bz2.",
  "lzma.",
  "gzip.",
  "binascii.",
  "''.join",
  '"".join',
  "chr(",
  "bytes(",
  "__import__",
];

const DECODERS = [
  "b64decode(",
  "b32decode(",
  "b85decode(",
  "a85decode(",
  "fromhex(",
  "codecs.decode(",
  "decompress(",
  "unhexlify(",
  "rot13",
  "rot_13",
  "marshal.loads(",
  "pickle.loads(",
  "[::-1]",
  "base64decode(",
  "base64_dec",
  "rawtochar(",
  "memdecompress(",
];

// exec(base64.b64decode(…)), eval(compile(codecs.decode(…))), a decoder on the same line as the
// exec, or exec(name) where name was assigned a decoded value.
function executesDecodedCode(ctx: CodeContext): boolean {
  if (!ctx.hasAny(["exec(", "eval("])) return false;
  const lower = ctx.lower;
  for (const site of execSites(lower)) {
    const open = lower.indexOf("(", site);
    let head = lower.slice(open + 1, open + 120).trimStart();
    if (head.startsWith("compile(")) head = head.slice(8).trimStart();
    if (DIRECT_OBFUSCATORS.some((token) => head.startsWith(token))) return true;
    const { start, end } = lineBounds(lower, site, 300);
    if (containsAny(lower.slice(start, end), DECODERS)) return true;
    // `exec(code)`, or `exec(code + "…")` with more appended, where code was decoded or
    // assembled from character codes (`code = ''.join(chr(c) for c in [105, 109, …])`).
    const args = callArguments(lower, open, 200);
    const name = plainName(args) ?? leadingName(args);
    if (name !== undefined && assignedWith(lower, name, HIDING_ASSIGNMENTS)) return true;
  }
  return false;
}

// What a name handed to exec was assigned from to hide its text: a decoder, or numbers turned
// into characters (R's intToUtf8 lower-cased, as the scan reads it).
const HIDING_ASSIGNMENTS = [...DECODERS, ...["chr(", "bytes([", "bytearray([", "inttoutf8("]];

/** The identifier an argument list starts with (`code` of `code + "…"`), if any. */
function leadingName(args: string): string | undefined {
  const text = args.trimStart();
  let end = 0;
  while (end < text.length && isIdentChar(text.charCodeAt(end))) end += 1;
  const first = text.charCodeAt(0);
  if (end === 0 || (first >= 48 && first <= 57)) return undefined;
  return text.slice(0, end);
}

const DANGEROUS_MODULES = new Set(["subprocess", "pty", "socket", "ctypes", "shutil", "commands"]);
const DANGEROUS_OS_ATTRIBUTES = [
  "system",
  "popen",
  "exec",
  "spawn",
  "remove",
  "unlink",
  "rmdir",
  "kill",
  "fork",
  "dup2",
  "putenv",
  "setuid",
];

// __import__('os').system(…), importlib.import_module("subprocess"), __import__("pty").
function importsDynamically(ctx: CodeContext): boolean {
  if (!ctx.hasAny(["__import__(", "import_module("])) return false;
  const lower = ctx.lower;
  const sites = [
    ...callSites(lower, "__import__", true),
    ...callSites(lower, "import_module", true),
  ];
  for (const site of sites) {
    const open = lower.indexOf("(", site);
    const args = callArguments(lower, open, 120);
    const module = unquote(args.trim());
    if (module === undefined) continue;
    // Binding the module to a name is only an import; calling through it is the trick.
    const after = lower.slice(open + args.length + 2, open + args.length + 24).trimStart();
    if (!after.startsWith(".")) continue;
    if (DANGEROUS_MODULES.has(module)) return true;
    const isOs = module === "os" || module === "posix" || module === "nt";
    if (isOs && DANGEROUS_OS_ATTRIBUTES.some((a) => after.startsWith(a, 1))) return true;
  }
  return false;
}

function unquote(text: string): string | undefined {
  const quote = text[0];
  if ((quote !== '"' && quote !== "'") || text.length < 3 || text[text.length - 1] !== quote) {
    return undefined;
  }
  return text.slice(1, -1);
}

const LOOKED_UP_NAMES = [
  "'system'",
  '"system"',
  "'popen'",
  '"popen"',
  "'exec'",
  '"exec"',
  "'eval'",
  '"eval"',
  "'__import__'",
  '"__import__"',
];

// getattr(os, "system"), getattr(os, "sys" + "tem"), __builtins__.__dict__["exec"].
function looksUpDynamically(ctx: CodeContext): boolean {
  if (
    ctx.hasAny([
      "__builtins__.__dict__",
      "globals()['__builtins__']",
      'globals()["__builtins__"]',
      "vars(__builtins__)",
    ])
  ) {
    return true;
  }
  if (!ctx.has("getattr(")) return false;
  for (const site of callSites(ctx.lower, "getattr")) {
    const args = callArguments(ctx.lower, ctx.lower.indexOf("(", site), 160);
    if (containsAny(args, LOOKED_UP_NAMES)) return true;
    const target = args.slice(0, args.indexOf(",")).trim();
    const isModule = ["os", "subprocess", "builtins", "__builtins__", "posix"].includes(target);
    if (isModule && args.includes("+")) return true;
  }
  return false;
}

export const OBFUSCATION_SIGNATURES: readonly Signature[] = [
  {
    category: 5,
    reason: "Unicode bidi control characters (Trojan source) in code",
    triggers: "always",
    test: (ctx) => hasBidiControl(ctx.code),
  },
  {
    category: 5,
    reason: "executes decoded or encoded code",
    triggers: ["exec(", "eval("],
    test: executesDecodedCode,
  },
  {
    category: 5,
    reason: "imports os/subprocess dynamically to run commands (__import__)",
    triggers: ["__import__", "import_module("],
    test: importsDynamically,
  },
  {
    category: 5,
    reason: "looks up an execution function by name (getattr/__builtins__)",
    triggers: ["__builtins__", "getattr("],
    test: looksUpDynamically,
  },
  {
    category: 5,
    reason: "runs an encoded PowerShell command",
    triggers: ["-encodedcommand", "powershell"],
    test: (ctx) => ctx.hasAny(["-encodedcommand", "powershell -enc", "powershell.exe -enc"]),
  },
];
