// The Python worker and its audit hook ship as source under python/ in the package. The host
// reads them once and sends them down the worker's request pipe: the sandboxed interpreter never
// needs to read the package directory (which may sit in a home the sandbox hides, or be
// unreadable to the user the kernel runs as).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageDir } from "../sandbox/build-policy.js";

export interface WorkerSource {
  readonly worker: string;
  readonly auditHook: string;
}

let cached: WorkerSource | null = null;

export function workerSource(): WorkerSource {
  if (cached !== null) return cached;
  const root = packageDir();
  if (root === null) {
    throw new Error("Cannot start the kernel: the cellguard package directory was not found");
  }
  const dir = join(root, "python");
  cached = {
    worker: readFileSync(join(dir, "cellguard_worker.py"), "utf8"),
    auditHook: readFileSync(join(dir, "cellguard_audit_hook.py"), "utf8"),
  };
  return cached;
}

/**
 * The program given to `python3 -I -c`: reads the worker's source and the audit hook's from
 * standard input (each a 4-byte length and UTF-8) and starts the worker, with the response
 * descriptor named on its command line.
 */
export const WORKER_BOOTSTRAP = [
  "import os, sys",
  "def _read(n):",
  "    b = b''",
  "    while len(b) < n:",
  "        c = os.read(0, n - len(b))",
  "        if not c: os._exit(70)",
  "        b += c",
  "    return b",
  "def _blob(): return _read(int.from_bytes(_read(4), 'big')).decode('utf-8')",
  "_worker, _hook = _blob(), _blob()",
  "_g = {'__name__': 'cellguard_worker'}",
  "exec(compile(_worker, '<cellguard_worker>', 'exec'), _g)",
  "_g['main'](os.dup(0), int(sys.argv[1]), _hook)",
].join("\n");
