// What the precheck knows about programs: which are shells, wrappers, interpreters and
// downloaders, how their options read, and the name a command word would run.
import { foldConfusables } from "../text/normalize.js";
import type { OptionTable } from "./options.js";

export const SHELLS = new Set([
  "sh",
  "bash",
  "dash",
  "zsh",
  "ksh",
  "mksh",
  "ash",
  "yash",
  "fish",
  "csh",
  "tcsh",
  "rbash",
  "pdksh",
  "posh",
  ...["oksh", "loksh", "lksh", "hush", "bosh", "osh", "ysh", "nu", "elvish", "xonsh", "ion"],
]);

export const WRAPPERS: Readonly<
  Record<string, OptionTable & { readonly operandsBefore?: number }>
> = {
  sudo: {
    shortWithValue: "ugpCDrtUTRh",
    longWithValue: [
      "user",
      "group",
      "prompt",
      "chdir",
      "role",
      "type",
      "other-user",
      "host",
      "close-from",
      "command-timeout",
    ],
  },
  doas: { shortWithValue: "uC" },
  // polkit's and systemd's sudo: the command after the options runs as root.
  pkexec: { longWithValue: ["user"] },
  run0: {
    shortWithValue: "ugD",
    longWithValue: [
      "user",
      "group",
      "unit",
      "property",
      "description",
      "slice",
      "nice",
      "chdir",
      "setenv",
      "machine",
      "background",
    ],
  },
  nohup: {},
  command: {},
  builtin: {},
  exec: { shortWithValue: "a" },
  time: { shortWithValue: "of", longWithValue: ["output", "format"] },
  nice: { shortWithValue: "n", longWithValue: ["adjustment"] },
  ionice: { shortWithValue: "cnp", longWithValue: ["class", "classdata"] },
  timeout: { shortWithValue: "sk", longWithValue: ["signal", "kill-after"], operandsBefore: 1 },
  stdbuf: { shortWithValue: "ioe", longWithValue: ["input", "output", "error"] },
  setsid: {},
  chrt: { shortWithValue: "T", operandsBefore: 1 },
  taskset: { operandsBefore: 1 },
  // libcgroup's cgexec runs its command in the control groups it is given (`-g cpu:grp`).
  cgexec: { shortWithValue: "g" },
  // util-linux prlimit runs its command under new resource limits (`--nofile=10`, `-n 10`).
  prlimit: { shortWithValue: "p", longWithValue: ["pid", "output"] },
  unbuffer: {},
  eatmydata: {},
  fakeroot: { shortWithValue: "ils", longWithValue: ["lib", "faked"] },
  proxychains: { shortWithValue: "f" },
  proxychains4: { shortWithValue: "f" },
  torsocks: { shortWithValue: "uapP" },
  caffeinate: { shortWithValue: "tw" },
  chroot: { longWithValue: ["userspec", "groups"], operandsBefore: 1 },
  strace: { shortWithValue: "abeEIoOpPsSuX" },
  ltrace: { shortWithValue: "aeEnopsSuxXAD" },
  "systemd-run": {
    shortWithValue: "pEuMH",
    longWithValue: [
      "unit",
      "property",
      "setenv",
      "uid",
      "gid",
      "nice",
      "working-directory",
      "machine",
      "host",
      "description",
      "slice",
    ],
  },
  runuser: { shortWithValue: "ugGs", longWithValue: ["user", "group", "supp-group", "shell"] },
  busybox: {},
  toybox: {},
  firejail: {},
  "flatpak-spawn": {},
  watch: { shortWithValue: "nq", longWithValue: ["interval"] },
  unshare: { shortWithValue: "SRw", longWithValue: ["setuid", "setgid", "root", "wd"] },
  nsenter: { shortWithValue: "tSG", longWithValue: ["target", "setuid", "setgid", "root", "wd"] },
  xvfb_run: {},
  setarch: { operandsBefore: 1 },
  linux32: {},
  linux64: {},
  screen: { shortWithValue: "SsTpcehX" },
  "xvfb-run": { shortWithValue: "nsefwp" },
  "dbus-launch": {},
  "dbus-run-session": { longWithValue: ["config-file", "dbus-daemon"] },
  setpriv: {
    longWithValue: [
      ...["reuid", "regid", "ruid", "rgid", "euid", "egid", "groups", "inh-caps"],
      ...["ambient-caps", "bounding-set", "securebits", "pdeathsig", "selinux-label"],
      ...["apparmor-profile", "landlock-access", "landlock-rule", "seccomp-filter"],
    ],
  },
  // runit's and daemontools' process wrappers.
  chpst: { shortWithValue: "uUbe/nlLmdopfcrt" },
  softlimit: { shortWithValue: "amdsloprfct" },
  setuidgid: { operandsBefore: 1 },
  "s6-setuidgid": { operandsBefore: 1 },
  daemonize: { shortWithValue: "ceEoplu" },
  // Resource and network wrappers that run the rest of their line as a program.
  cpulimit: { shortWithValue: "lpec", longWithValue: ["limit", "pid", "exe", "cpu"] },
  nocache: {},
  tsocks: {},
  // libfaketime's wrapper takes the time to fake first; winpty and wsl run a program (wsl's in
  // the Linux side, whose / may be the user's real files under /mnt).
  faketime: { shortWithValue: "m", operandsBefore: 1 },
  winpty: {},
  wsl: {
    shortWithValue: "du",
    longWithValue: ["distribution", "user", "cd", "shell-type", "distribution-id"],
  },
  // Privilege switchers of containers and desktops, and the Rust rewrite of sudo.
  "sudo-rs": {
    shortWithValue: "ugpCDrtUTRh",
    longWithValue: ["user", "group", "prompt", "chdir", "role", "type", "other-user", "host"],
  },
  please: { shortWithValue: "utdcgr", longWithValue: ["target", "dir", "group"] },
  gosu: { operandsBefore: 1 },
  "su-exec": { operandsBefore: 1 },
  gksudo: { shortWithValue: "uDm", longWithValue: ["user", "description", "message"] },
  kdesudo: { shortWithValue: "udicn", longWithValue: ["comment"] },
  beesu: {},
  fakechroot: { shortWithValue: "lsde", longWithValue: ["lib", "environment", "config-dir"] },
  schroot: {
    shortWithValue: "cdu",
    longWithValue: ["chroot", "directory", "user", "session-name", "option"],
  },
  nsjail: { shortWithValue: "MCcHDNuUgGlLEmRBTPRst", longWithValue: ["config", "chroot", "user"] },
  // GNU parallel's niceload runs its command and suspends it while the machine is busy.
  niceload: {
    shortWithValue: "nIlLmtsp",
    longWithValue: [
      ...["nice", "io", "load", "mem", "run-time", "suspend", "pid", "recheck"],
      ...["start-io", "start-load", "start-mem", "run-io", "run-load", "run-mem"],
    ],
  },
  // moreutils and other runners that start the rest of their line as a program.
  chronic: {},
  // zsh's precommand modifiers: the command runs with globbing or spelling correction off.
  noglob: {},
  nocorrect: {},
  // systemd-inhibit holds a lock while its command runs; AppArmor's aa-exec confines it to a
  // profile; sshpass feeds ssh a password: each runs the rest of its line.
  "systemd-inhibit": { longWithValue: ["what", "who", "why", "mode"] },
  "aa-exec": { shortWithValue: "p", longWithValue: ["profile", "namespace"] },
  sshpass: { shortWithValue: "pfdeP" },
  // shx runs the ShellJS version of the command it names (`shx rm -rf DIR`).
  shx: {},
  ifne: {},
  rlwrap: { shortWithValue: "bCDefFgHlOPqsSwz" },
  torify: {},
  numactl: {
    shortWithValue: "iNmCpP",
    longWithValue: ["interleave", "cpunodebind", "membind", "physcpubind", "preferred"],
  },
  trickle: { shortWithValue: "udwtlLn" },
  "ssh-agent": { shortWithValue: "aEPt" },
  tsp: { shortWithValue: "LNDW" },
  nq: {},
  lckdo: { operandsBefore: 1 },
  "with-lock-ex": { operandsBefore: 1 },
  // proot runs the command in a user-space chroot; `-r /` (or a bind of /) is the real tree.
  proot: {
    shortWithValue: "rbmwqk",
    longWithValue: ["rootfs", "bind", "mount", "cwd", "pwd", "qemu", "kernel-release"],
  },
};

/** GNU parallel's options that take a value: the command starts after them. */
export const PARALLEL_OPTIONS: OptionTable = {
  shortWithValue: "aCdEIjJLnNPsS",
  longWithValue: [
    ...["arg-file", "arg-file-sep", "arg-sep", "basefile", "bf", "block", "block-size"],
    ...["colsep", "compress-program", "decompress-program", "delay", "delimiter", "env"],
    ...["filter", "header", "halt", "halt-on-error", "joblog", "jobs", "load"],
    ...["max-args", "max-chars", "max-lines", "max-procs", "max-replace-args", "memfree"],
    ...["memsuspend", "nice", "profile", "recstart", "recend", "results", "res", "retries"],
    ...["return", "rpl", "sshdelay", "sshlogin", "sshloginfile", "slf", "ssh", "tagstring"],
    ...["termseq", "timeout", "tmpdir", "trc", "transferfile", "tf", "workdir", "wd"],
    ...["limit", "match", "group-by", "shard", "bin", "ctagstring", "template", "tmpl"],
    ...["sqlmaster", "sqlworker", "sqlandworker", "parens", "process-slot-var"],
    ...["seqreplace", "id", "semaphorename", "semaphoretimeout", "st"],
    ...["minversion", "trim", "total-jobs", "controlmaster"],
  ],
};

/** rush's options that take a value (its -I is a switch, unlike parallel's). */
export const RUSH_OPTIONS: OptionTable = {
  shortWithValue: "DdjJnrtTCo",
  longWithValue: [
    ...["record-delimiter", "field-delimiter", "jobs", "records-join-sep", "nrecords"],
    ...["retries", "timeout", "trim", "succ-cmd-file", "out-file", "retry-interval"],
  ],
};

export const INTERPRETER_CODE_FLAGS: Readonly<Record<string, readonly string[]>> = {
  python: ["-c"],
  perl: ["-e", "-E"],
  ruby: ["-e"],
  node: ["-e", "--eval", "-p", "--print"],
  bun: ["-e", "--eval", "-p", "--print"],
  deno: ["eval"],
  php: ["-r"],
  lua: ["-e"],
  rscript: ["-e"],
  r: ["-e"],
  osascript: ["-e"],
  julia: ["-e", "-E"],
  elixir: ["-e"],
  groovy: ["-e"],
  racket: ["-e"],
  guile: ["-c"],
  emacs: ["--eval"],
  pwsh: ["-c", "-command"],
  powershell: ["-c", "-command"],
};

// Short options of each interpreter that take no value and so may come, clustered, before its
// code option: `python -Bc CODE`, `perl -wle CODE`, `ruby -ne CODE`, `node -pe CODE`.
export const INTERPRETER_PLAIN_FLAGS: Readonly<Record<string, string>> = {
  python: "bBdEhiIOPqsSuvVx",
  perl: "aclnpsStTuUwWX",
  ruby: "acdlnpsSvwWy",
  node: "p",
  bun: "p",
  lua: "iEW",
  php: "nqHC",
};

export const AWKS = new Set(["awk", "gawk", "mawk", "nawk", "busybox-awk"]);
const STDIN_READERS_LIST = [
  ...[
    "xargs",
    "parallel",
    "sem",
    "parset",
    "rush",
    "ssh",
    "sed",
    "tclsh",
    "source",
    ".",
    "sudo",
    "doas",
    "su",
    "env",
    "eval",
    "exec",
    "command",
  ],
  ...["nohup", "timeout", "nice", "stdbuf", "setsid", "busybox", "toybox", "runuser", "script"],
  ...["pkexec", "run0", "crontab", "sg", "newgrp", "capsh"],
  ...["at", "batch", "mapfile", "readarray", "make", "tee"],
  ...["fdisk", "gdisk", "cgdisk", "sfdisk", "parted", "diskpart"],
];

// Programs whose stdin can become code or arguments, directly or through a wrapper.
export const STDIN_READERS: ReadonlySet<string> = new Set([
  ...SHELLS,
  ...Object.keys(INTERPRETER_CODE_FLAGS),
  ...AWKS,
  ...STDIN_READERS_LIST,
]);

export const DOWNLOADERS = new Set([
  "curl",
  "wget",
  "fetch",
  "aria2c",
  "http",
  "https",
  "xh",
  "lynx",
  "links",
]);

/** The program name as it would be looked up: base name, folded to Latin lower case. */
const NAME_CACHE = new Map<string, string>();

export function programName(word: string): string {
  const cached = NAME_CACHE.get(word);
  if (cached !== undefined) return cached;
  const name = computeProgramName(word);
  if (NAME_CACHE.size > 4096) NAME_CACHE.clear();
  if (word.length <= 64) NAME_CACHE.set(word, name);
  return name;
}

function computeProgramName(word: string): string {
  if (word === "/proc/self/exe" || word === "/proc/thread-self/exe") return "bash";
  const slash = Math.max(word.lastIndexOf("/"), word.lastIndexOf("\\"));
  let name = slash >= 0 ? word.slice(slash + 1) : word;
  if (name.toLowerCase().endsWith(".exe")) name = name.slice(0, -4);
  return normalizeCommandName(name);
}

// Variables that name the user's shell, and the running shell's own names: `$0` under `bash -c`,
// `/proc/self/exe` (the kernel's link to the running program).
const SHELL_VARIABLES = new Set(["$shell", "${shell}", "$bash", "${bash}", "$0", "${0}"]);

// Look-alikes folded in command names only: the shared table leaves them out because folding
// them would break the Cyrillic markers of the injection screen ("г" in "игнорировать").
const NAME_CONFUSABLES: Readonly<Record<string, string>> = { г: "r", ɾ: "r", ĸ: "k", ı: "i" };
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_ASCII = /[\u0080-\uffff]/;

/** "гm", "ŕm" (r with a combining accent, composed by NFKC) → "rm". */
function foldNameLookAlikes(name: string): string {
  let out = "";
  for (const ch of name.normalize("NFD").replace(COMBINING_MARKS, ""))
    out += NAME_CONFUSABLES[ch] ?? ch;
  return out;
}

function normalizeCommandName(name: string): string {
  const plain = NON_ASCII.test(name) ? foldNameLookAlikes(name) : name;
  const folded = foldConfusables(plain);
  if (SHELL_VARIABLES.has(folded)) return "bash";
  // python3.11, pip3 → python, pip: one rule per family.
  if (/^python[0-9.]{0,6}$/.test(folded)) return "python";
  if (/^perl[0-9.]{0,6}$/.test(folded)) return "perl";
  if (/^ruby[0-9.]{0,6}$/.test(folded)) return "ruby";
  if (folded === "nodejs") return "node";
  // env_parallel (and its per-shell scripts, env_parallel.bash…) is parallel with the caller's
  // functions and variables exported.
  if (folded === "env_parallel" || folded.startsWith("env_parallel.")) return "parallel";
  if (/^php[0-9.]{0,6}$/.test(folded)) return "php";
  if (/^lua(?:jit|[0-9.]{0,6})$/.test(folded)) return "lua";
  // Homebrew installs GNU coreutils, findutils and sed on macOS with a "g" in front: grm, gdd.
  if (folded.length > 2 && folded[0] === "g" && GNU_PREFIXED.has(folded.slice(1)))
    return folded.slice(1);
  return folded;
}

// GNU programs that Homebrew (and some BSD ports) install under a "g"-prefixed name.
const GNU_PREFIXED = new Set([
  ...["rm", "rmdir", "unlink", "mv", "cp", "install", "dd", "shred", "tee", "truncate"],
  ...["chmod", "chown", "chgrp", "find", "xargs", "sed", "env", "nice", "nohup", "timeout"],
  ...["stdbuf", "chroot", "cat", "echo", "printf", "head", "tail", "sort", "uniq", "tr"],
  ...["base64", "base32", "realpath", "readlink", "ls", "yes"],
]);

export function isAssignment(word: string): boolean {
  // Most words have no "=" at all; only those pay for the pattern.
  return word.includes("=") && /^[A-Za-z_][A-Za-z0-9_]{0,127}=/.test(word);
}

/**
 * An assignment, or a word written as one that the shell rejects for its name (`1A=2`, `=2`)
 * and would try to run as a program. In front of a command such a word was meant as an
 * assignment, and the command after it is judged as what was meant.
 */
export function isAssignmentLike(word: string): boolean {
  return word.includes("=") && /^[A-Za-z0-9_]{0,128}=/.test(word);
}

/** Names by which a program reads its own standard input as a file. */
export function isStdinPath(path: string): boolean {
  return path === "/dev/stdin" || path === "/dev/fd/0" || path === "/proc/self/fd/0";
}
