// Category 7 (network attack): reverse shells and remote command loops, raw packets and
// scanners, privileged listeners, floods, port scans and tunnels.
import { CodeContext, hasWord, isIdentChar, someWord } from "./scan.js";
import type { Signature } from "./signature.js";

// `.bind((host, N))` with a literal port below 1024.
function bindsPrivilegedPort(ctx: CodeContext): boolean {
  if (!ctx.has(".bind((")) return false;
  const lower = ctx.lower;
  let from = 0;
  for (let seen = 0; seen < 64; seen += 1) {
    const at = lower.indexOf(".bind((", from);
    if (at === -1) return false;
    from = at + 7;
    const close = lower.indexOf(")", from);
    if (close === -1 || close - from > 120) continue;
    const comma = lower.lastIndexOf(",", close);
    if (comma < from) continue;
    const port = lower.slice(comma + 1, close).trim();
    if (port.length >= 1 && port.length <= 4 && isDigits(port) && Number(port) <= 1023) return true;
  }
  return false;
}

// Raw packets and scanners, as substrings; "nmap" counts only as a whole word.
const RAW_NETWORK = [
  "sock_raw",
  "af_packet",
  "ipproto_raw",
  "scapy",
  "arp(",
  "srp(",
  "masscan",
  "hping3",
];

function usesRawPacketsOrScanners(ctx: CodeContext): boolean {
  if (ctx.hasAny(RAW_NETWORK)) return true;
  return ctx.has("nmap") && hasWord(ctx.lower, "nmap");
}

const SHELL_REVERSE = [
  "/dev/tcp/",
  "/dev/udp/",
  "bash -i >&",
  "sh -i >&",
  "0>&1",
  "nc -e",
  "ncat -e",
  "nc -c",
  "ncat -c",
  "socat exec:",
  "--sh-exec",
  "--lua-exec",
  "exec:/bin/",
  "exec:'/bin",
  "fsockopen(",
  "-rsocket",
  "tcpsocket.new",
];
const COMMAND_RUNNERS = [
  "subprocess",
  "popen",
  "os.system",
  "check_output",
  "getoutput",
  "exec(",
  "pty.spawn",
  "system(",
];
const SHELLS = [
  "/bin/sh",
  "/bin/bash",
  "/bin/zsh",
  "'sh'",
  '"sh"',
  "'bash'",
  '"bash"',
  "cmd.exe",
  "powershell",
];

// Socket-driven shells: fds dup2'd onto a connected socket, pty.spawn of a shell, a child whose
// stdio is the socket, or a loop that runs whatever arrives on the socket.
function opensReverseShell(ctx: CodeContext): boolean {
  if (ctx.hasAny(SHELL_REVERSE)) return true;
  if (ctx.has("mkfifo") && ctx.hasAny(["nc ", "ncat ", "telnet "])) return true;
  if (ctx.has("socketconnection(") && ctx.hasAny(["system(", "system2(", "pipe("])) return true;
  if (ctx.has("pty.spawn") && ctx.hasAny(SHELLS)) return true;
  if (!ctx.has("socket") || !ctx.has(".connect(")) return false;
  if (ctx.has("dup2(")) return true;
  if (ctx.has("pty.spawn")) return true;
  const runsCommands = ctx.hasAny(COMMAND_RUNNERS);
  if (
    runsCommands &&
    ctx.has("fileno()") &&
    ctx.hasAny(["stdin=", "stdout=", "stdin =", "stdout ="])
  ) {
    return true;
  }
  return runsCommands && ctx.has(".recv(") && ctx.hasAny([".send(", ".sendall("]);
}

// Datagrams sent with a large repetition or an unbounded loop: amplification / flooding.
function floodsDatagrams(ctx: CodeContext): boolean {
  if (!ctx.has("sock_dgram") || !ctx.has("sendto(")) return false;
  return ctx.hasAny(["while true", "while 1"]) || hasLargeRepeat(ctx.lower);
}

// `* 10000`, `10000 *` or `range(10000)`: a literal count of at least 1000.
function hasLargeRepeat(lower: string): boolean {
  for (const marker of ["*", "range("]) {
    let from = 0;
    for (let seen = 0; seen < 512; seen += 1) {
      const at = lower.indexOf(marker, from);
      if (at === -1) break;
      from = at + marker.length;
      let i = from;
      while (lower[i] === " ") i += 1;
      if (digitRun(lower, i) >= 4) return true;
      if (marker === "*") {
        let j = at - 1;
        while (j >= 0 && lower[j] === " ") j -= 1;
        let k = j;
        while (k >= 0 && isDigit(lower.charCodeAt(k))) k -= 1;
        if (j - k >= 4 && !isIdentChar(lower.charCodeAt(k))) return true;
      }
    }
  }
  return false;
}

function scansPorts(ctx: CodeContext): boolean {
  return ctx.has("connect_ex(") && ctx.hasAny(["range(", "for port", "ports"]);
}

// ssh -L/-R/-D port forwards, and tunnelling tools, that carry traffic around the egress policy.
function opensTunnel(ctx: CodeContext): boolean {
  if (ctx.hasAny(["ngrok", "chisel ", "socat tcp-listen", "socat tcp4-listen", "tcp-listen:"])) {
    return true;
  }
  if (!ctx.has("ssh")) return false;
  for (const literal of ctx.literals) {
    const text = ctx.lower.slice(literal.start, literal.start + literal.text.length);
    if (!text.includes("ssh")) continue;
    let sawSsh = false;
    const found = someWord(text, (word) => {
      if (word === "ssh" || word.endsWith("/ssh")) sawSsh = true;
      else if (sawSsh && (word === "-l" || word === "-r" || word === "-d") && text.includes(":")) {
        return true;
      }
      return false;
    });
    if (found) return true;
  }
  return false;
}

function isDigits(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) if (!isDigit(text.charCodeAt(i))) return false;
  return text.length > 0;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function digitRun(text: string, from: number): number {
  let i = from;
  while (i < text.length && isDigit(text.charCodeAt(i))) i += 1;
  return i - from;
}

export const NETWORK_SIGNATURES: readonly Signature[] = [
  {
    category: 7,
    reason: "opens a reverse shell or runs commands received over a socket",
    triggers: [
      "/dev/tcp",
      "/dev/udp",
      ">&",
      "0>&1",
      "nc -",
      "ncat ",
      "socat",
      "exec:",
      "mkfifo",
      "fsockopen(",
      "-rsocket",
      "tcpsocket",
      "socketconnection(",
      "pty.spawn",
      "socket",
    ],
    test: opensReverseShell,
  },
  {
    category: 7,
    reason: "binds a privileged port (below 1024)",
    triggers: [".bind(("],
    test: bindsPrivilegedPort,
  },
  {
    category: 7,
    reason: "uses raw packets or a network scanner",
    triggers: [...RAW_NETWORK, "nmap"],
    test: usesRawPacketsOrScanners,
  },
  {
    category: 7,
    reason: "floods datagrams at a target",
    triggers: ["sock_dgram"],
    test: floodsDatagrams,
  },
  { category: 7, reason: "scans ports", triggers: ["connect_ex("], test: scansPorts },
  {
    category: 7,
    reason: "opens a network tunnel or port forward",
    triggers: ["ngrok", "chisel ", "tcp-listen", "ssh"],
    test: opensTunnel,
  },
];
