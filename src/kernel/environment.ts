// The environment of every sandboxed process, built from an allowlist rather than copied:
// credentials, agent sockets and loader-injection variables never cross into a worker.
import { basename, join, resolve } from "node:path";

const COPIED_NAMES: ReadonlySet<string> = new Set([
  // identity and shell
  "HOME", "USER", "LOGNAME", "SHELL", "PATH", "TERM", "COLORTERM", "NO_COLOR",
  // locale (every LC_* is admitted separately)
  "LANG", "LANGUAGE", "TZ",
  // temp and Windows basics
  "TMPDIR", "TMP", "TEMP", "SYSTEMROOT", "WINDIR", "COMSPEC", "PATHEXT", "USERPROFILE",
  // CA bundles
  "SSL_CERT_FILE", "SSL_CERT_DIR", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE",
  "PYTHONUSERBASE",
  // plotting and thread counts
  "MPLBACKEND", "MPLCONFIGDIR", "OMP_NUM_THREADS", "OMP_THREAD_LIMIT", "MKL_NUM_THREADS",
  "OPENBLAS_NUM_THREADS", "NUMEXPR_NUM_THREADS", "VECLIB_MAXIMUM_THREADS", "BLIS_NUM_THREADS",
  // GPU visibility
  "CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES",
  // trusted cellguard settings a worker reads
  "CELLGUARD_ARTIFACTS_ROOTS", "CELLGUARD_DATA_DIR", "CELLGUARD_DLOPEN_BLOCK_ROOTS", "CELLGUARD_EGRESS",
  "CELLGUARD_GUARDS_OFF", "CELLGUARD_PROVENANCE_OFF", "CELLGUARD_SAFETY_AUDIT_HOOK",
]); // prettier-ignore

// Second layer: refused even if an allowlist edit admits them.
const DENIED_EXACT: ReadonlySet<string> = new Set([
  "BASH_ENV", "ENV", "NODE_OPTIONS", "PERL5OPT", "PYTHONHOME", "PYTHONINSPECT", "PYTHONSTARTUP",
  "R_ENVIRON", "R_ENVIRON_USER", "R_PROFILE", "R_PROFILE_USER", "RUBYOPT",
]); // prettier-ignore
const DENIED_PREFIXES: readonly string[] = ["DYLD_", "LD_"];
const DENIED_FRAGMENTS: readonly string[] = [
  "API_KEY", "APIKEY", "ACCESS_KEY", "PRIVATE_KEY", "CLIENT_SECRET", "SECRET", "TOKEN", "OAUTH",
  "PASSWORD", "PASSWD", "CREDENTIAL", "BEARER", "COOKIE",
]; // prettier-ignore

export const DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

export interface KernelEnvironmentOptions {
  /** The worker's working directory (the workspace). */
  readonly cwd: string;
  /** `repl` for a kernel, `exec` for one command. */
  readonly mode?: string;
  /** A conda-style environment root whose `bin` goes first on PATH. */
  readonly envRoot?: string;
  readonly envName?: string;
  readonly kernelGeneration?: string;
  /** The only PYTHONPATH a worker gets; an inherited one is never passed. */
  readonly pythonPath?: string;
}

export function isDeniedVariable(name: string): boolean {
  const upper = name.toUpperCase();
  if (DENIED_EXACT.has(upper)) return true;
  if (DENIED_PREFIXES.some((p) => upper.startsWith(p))) return true;
  return DENIED_FRAGMENTS.some((f) => upper.includes(f));
}

// The locale categories by name: "any LC_*" would admit LC_GH_PAT, and sshd's common
// `AcceptEnv LC_*` makes LC_ a well-worn way to smuggle variables.
const LOCALE_CATEGORIES: ReadonlySet<string> = new Set([
  "LC_ALL", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LC_MESSAGES",
  "LC_PAPER", "LC_NAME", "LC_ADDRESS", "LC_TELEPHONE", "LC_MEASUREMENT", "LC_IDENTIFICATION",
]); // prettier-ignore

// The second layer applied once, here, rather than to the same constant names before every
// sandboxed command.
const ALLOWED_NAMES: readonly string[] = [...COPIED_NAMES, ...LOCALE_CATEGORIES].filter(
  (name) => !isDeniedVariable(name),
);

export function buildKernelEnvironment(
  source: NodeJS.ProcessEnv,
  options: KernelEnvironmentOptions,
): Record<string, string> {
  const env: Record<string, string> = Object.create(null) as Record<string, string>;
  // Each allowed name looked up, rather than the whole source enumerated: process.env answers
  // every read from C++, and this runs before every sandboxed command.
  for (const name of ALLOWED_NAMES) {
    const value = source[name];
    if (value !== undefined) env[name] = value;
  }
  // Synthesised after filtering, so hostile input cannot override them.
  const cwd = resolve(options.cwd);
  let path = env["PATH"] !== undefined && env["PATH"] !== "" ? env["PATH"] : DEFAULT_PATH;
  if (options.envRoot !== undefined) {
    path = `${join(options.envRoot, "bin")}:${path}`;
    env["CONDA_PREFIX"] = options.envRoot;
    env["CONDA_DEFAULT_ENV"] = options.envName ?? basename(options.envRoot);
    env["CONDA_SHLVL"] = "1";
  } else if (source["VIRTUAL_ENV"] !== undefined) {
    env["VIRTUAL_ENV"] = source["VIRTUAL_ENV"];
  }
  env["PATH"] = path;
  env["PWD"] = cwd;
  env["CELLGUARD_WORKSPACE"] = cwd;
  env["CELLGUARD_KERNEL_MODE"] = options.mode ?? "repl";
  if (env["MPLCONFIGDIR"] === undefined) {
    const tmp = env["TMPDIR"] ?? env["TEMP"] ?? env["TMP"] ?? join(cwd, ".cellguard-runtime");
    env["MPLCONFIGDIR"] = join(tmp, "cellguard-matplotlib");
  }
  if (options.kernelGeneration !== undefined)
    env["CELLGUARD_KERNEL_GENERATION"] = options.kernelGeneration;
  if (options.pythonPath !== undefined) env["PYTHONPATH"] = options.pythonPath;
  return { ...env };
}
