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

// The host's own security controls: audit, mandatory access control, firewall and endpoint
// agents. Stopping or switching one off is tampering whatever the Cell does next.
const SECURITY_SERVICES = [
  "auditd",
  "apparmor",
  "selinux",
  "firewalld",
  "ufw",
  "fail2ban",
  "falco",
  "falco-modern-bpf",
  "osqueryd",
  "wazuh",
  "falcon-sensor",
  "clamav",
  "clamd",
  "sysmon",
];
const SWITCH_OFF = ["stop", "disable", "mask", "kill"];
const DIRECT_SWITCH_OFFS = [
  "setenforce 0",
  "ufw disable",
  "iptables -f",
  "iptables --flush",
  "iptables -p input accept",
  "ip6tables -f",
  "nft flush ruleset",
  "auditctl -e 0",
  "auditctl -d",
  "aa-teardown",
  "spctl --master-disable",
  "csrutil disable",
  "disablerealtimemonitoring",
  "advfirewall set allprofiles state off",
];

function disablesSecurityControls(ctx: CodeContext): boolean {
  if (ctx.hasAny(DIRECT_SWITCH_OFFS)) return true;
  // Whole words: "ufw" inside "bufwrite", "stop" inside "stopwords" name neither.
  const word = (w: string): boolean => hasWord(ctx.lower, w);
  return SECURITY_SERVICES.some(word) && SWITCH_OFF.some(word);
}

// A container started with the host's powers: privileged, or with the host's root mounted in.
const CONTAINER_STARTS = [
  "docker run",
  "podman run",
  "nerdctl run",
  "containers.run(",
  "docker.from_env",
];
const HOST_POWERS = [
  "--privileged",
  "privileged=true",
  "-v /:/",
  "--volume /:/",
  "--volume=/:/",
  "'/': {",
  '"/": {',
  "--pid=host",
  "pid_mode='host'",
  'pid_mode="host"',
];

function startsHostPoweredContainer(ctx: CodeContext): boolean {
  return ctx.hasAny(CONTAINER_STARTS) && ctx.hasAny(HOST_POWERS);
}

// Commands that stop or restart the machine, as the first word of a command a runner is given.
const POWER_COMMANDS = new Set(["shutdown", "reboot", "halt", "poweroff"]);
const POWER_VERBS = new Set(["poweroff", "reboot", "halt", "kexec", "suspend", "hibernate"]);
// What stands just before a command literal a runner is handed (`os.system(`, `run([`).
const RUNNER_CALLS = [
  ...["system(", "popen(", "run(", "call(", "check_call(", "check_output(", "spawn"],
  ...["execvp(", "execlp(", "system2(", "run([", "call([", "popen([", "check_call(["],
  ...["check_output(["],
];

// `os.system("shutdown -h now")`, `subprocess.run(["sudo", "reboot"])`,
// `system("systemctl poweroff")`: the host stopped or restarted.
function stopsTheHost(ctx: CodeContext): boolean {
  if (!ctx.hasAny([...POWER_COMMANDS, "systemctl", "init 0", "init 6", "telinit"])) return false;
  for (const literal of ctx.literals) {
    const words = literal.text.trim().toLowerCase().split(" ");
    const first = words[0] === "sudo" ? (words[1] ?? "") : (words[0] ?? "");
    const second = words[0] === "sudo" ? (words[2] ?? "") : (words[1] ?? "");
    const power =
      POWER_COMMANDS.has(first.slice(first.lastIndexOf("/") + 1)) ||
      (first === "systemctl" && POWER_VERBS.has(second)) ||
      ((first === "init" || first === "telinit") && (second === "0" || second === "6"));
    if (!power) continue;
    const before = ctx.lower.slice(Math.max(0, literal.start - 24), literal.start);
    if (containsAny(before, RUNNER_CALLS)) return true;
  }
  return false;
}

export const HOST_SIGNATURES: readonly Signature[] = [
  {
    category: 1,
    reason: "shuts down or restarts the host",
    triggers: ["shutdown", "reboot", "poweroff", "halt", "systemctl", "telinit", "init 0"],
    test: stopsTheHost,
  },
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
  {
    category: 1,
    reason: "switches off the host's security controls (audit, access control, firewall)",
    // Short service names ("ufw", "falco") are found through the tool that stops them.
    triggers: [
      ...SECURITY_SERVICES.filter((name) => name.length > 5),
      "systemctl",
      ...DIRECT_SWITCH_OFFS,
    ],
    test: disablesSecurityControls,
  },
  {
    category: 1,
    reason: "starts a container with the host's powers (privileged, or the host's root mounted)",
    triggers: CONTAINER_STARTS,
    test: startsHostPoweredContainer,
  },
];
