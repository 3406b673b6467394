// Category 1 (sandbox escape): loader injection, other processes' memory, killing other
// processes, fork bombs, and reaching the container runtime or the kernel.
import { callSites, lineBounds } from "./flow.js";
import { CodeContext, containsAny, hasWord, isIdentChar } from "./scan.js";
import type { Signature } from "./signature.js";

const LOADER_VARIABLES = [
  "LD_PRELOAD",
  "LD_AUDIT",
  "DYLD_INSERT_LIBRARIES",
  "DYLD_LIBRARY_PATH",
  "BASH_ENV",
  "NODE_OPTIONS",
  "PERL5OPT",
];
const SETTERS = ["putenv(", "setdefault(", "setenv(", "update(", "export "];

// `os.environ["LD_PRELOAD"] = …`, `putenv("LD_PRELOAD", …)`, `Sys.setenv(LD_PRELOAD = …)`,
// `env={"LD_PRELOAD": …}` and the shell prefix `LD_PRELOAD=… cmd`. Reading or deleting the
// variable is not a match.
function setsLoaderVariable(ctx: CodeContext): boolean {
  if (!ctx.hasAny(["ld_preload", "ld_audit", "dyld_", "bash_env", "node_options", "perl5opt"])) {
    return false;
  }
  const code = ctx.code;
  for (const name of LOADER_VARIABLES) {
    let from = 0;
    for (let seen = 0; seen < 64; seen += 1) {
      const at = code.indexOf(name, from);
      if (at === -1) break;
      from = at + name.length;
      let i = from;
      const limit = Math.min(code.length, from + 8);
      while (i < limit && " \t'\"]".includes(code[i] ?? "")) i += 1;
      const next = code[i];
      if ((next === "=" && code[i + 1] !== "=") || next === ":") return true;
      const { start } = lineBounds(ctx.lower, at, 60);
      if (containsAny(ctx.lower.slice(start, at), SETTERS)) return true;
    }
  }
  return false;
}

function touchesProcessMemory(ctx: CodeContext): boolean {
  if (ctx.hasAny(["process_vm_writev", "process_vm_readv", "/proc/self/mem"])) return true;
  if (ctx.has("ptrace") && hasWord(ctx.lower, "ptrace")) return true;
  let from = 0;
  for (let seen = 0; seen < 256; seen += 1) {
    const at = ctx.lower.indexOf("/proc/", from);
    if (at === -1) return false;
    from = at + 6;
    const slash = ctx.lower.indexOf("/", from);
    if (slash === -1 || slash - from > 24) continue;
    if (ctx.lower.startsWith("mem", slash + 1) && !isIdentChar(ctx.lower.charCodeAt(slash + 4))) {
      return true;
    }
  }
  return false;
}

const PROCESS_LISTING = [
  "process_iter",
  "psutil.pids",
  "pgrep",
  "ps aux",
  "ps -e",
  "ps -a",
  "pidof",
  "/proc",
];
const PROCESS_KILLING = ["kill(", ".terminate(", "send_signal(", "sigkill"];

function killsOtherProcesses(ctx: CodeContext): boolean {
  if (!ctx.has("kill") && !ctx.has("terminate(")) return false;
  if (ctx.hasAny(["pkill ", "killall ", "taskkill", "kill -9 -1", "kill -9 1", "kill -kill -1"])) {
    return true;
  }
  const squeezedKill = ctx.hasAny(["os.kill(1,", "os.kill(-1,", "os.kill(1 ,", "os.kill(-1 ,"]);
  return squeezedKill || (ctx.hasAny(PROCESS_LISTING) && ctx.hasAny(PROCESS_KILLING));
}

// A fork inside an unbounded loop, or the shell classic `:(){ :|:& };:`.
function forkBomb(ctx: CodeContext): boolean {
  if (ctx.hasAny([":(){", ":|:&", ":|: &"])) return true;
  for (const site of callSites(ctx.lower, "fork", true)) {
    const before = ctx.lower.slice(Math.max(0, site - 160), site);
    if (
      containsAny(before, [
        "while true",
        "while 1",
        "while(true)",
        "while (true)",
        "repeat {",
        "repeat{",
      ])
    ) {
      return true;
    }
  }
  return false;
}

function reachesContainerRuntime(ctx: CodeContext): boolean {
  return ctx.hasAny([
    "docker.sock",
    "containerd.sock",
    "nsenter ",
    "insmod ",
    "modprobe ",
    "/proc/sysrq-trigger",
    "release_agent",
  ]);
}

export const HOST_SIGNATURES: readonly Signature[] = [
  {
    category: 1,
    reason: "sets a dynamic-loader or interpreter start-up variable (LD_PRELOAD-style injection)",
    triggers: ["ld_preload", "ld_audit", "dyld_", "bash_env", "node_options", "perl5opt"],
    test: setsLoaderVariable,
  },
  {
    category: 1,
    reason: "reads or writes another process's memory (ptrace, /proc/<pid>/mem)",
    triggers: ["process_vm_", "/proc", "ptrace"],
    test: touchesProcessMemory,
  },
  {
    category: 1,
    reason: "kills other processes",
    triggers: ["kill", "terminate("],
    test: killsOtherProcesses,
  },
  {
    category: 1,
    reason: "fork bomb or unbounded process creation",
    triggers: [":(){", ":|:", "fork("],
    test: forkBomb,
  },
  {
    category: 1,
    reason: "reaches the container runtime or kernel (docker socket, nsenter, modules)",
    triggers: [
      "docker.sock",
      "containerd.sock",
      "nsenter",
      "insmod",
      "modprobe",
      "sysrq",
      "release_agent",
    ],
    test: reachesContainerRuntime,
  },
];
