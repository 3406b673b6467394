// Choosing the backend for this host, and the interpreter that runs the self-test probe: only
// binaries the trust rules of platform/trusted-binary.ts accept.
import { isExecutableFile } from "../platform/which.js";
import { untrustedReason, whichTrusted } from "../platform/trusted-binary.js";
import { bubblewrapBackend, seatbeltBackend, type SandboxBackend } from "./backends.js";
import type { NormalizedOptions } from "./options.js";

const SYSTEM_PYTHONS = ["/usr/bin/python3", "/usr/local/bin/python3"];

export function detectBackend(opts: NormalizedOptions): {
  backend: SandboxBackend | null;
  name: SandboxBackend["name"] | null;
  detail: string;
} {
  const { platform } = opts;
  const notFound = (name: string, what: string): string => {
    const refused = opts.customWhich ? [] : whichTrusted(name, opts.env["PATH"]).refused;
    return refused.length === 0
      ? what
      : `${what}; refused untrusted candidates: ${refused.join("; ")}`;
  };
  switch (platform.os) {
    case "darwin": {
      const exe = opts.which("sandbox-exec");
      if (exe === null)
        return {
          backend: null,
          name: null,
          detail: notFound("sandbox-exec", "macOS sandbox-exec was not found"),
        };
      return { backend: seatbeltBackend(exe), name: "seatbelt", detail: "sandbox-exec detected" };
    }
    case "linux": {
      const exe = opts.which("bwrap");
      if (exe === null) {
        return {
          backend: null,
          name: null,
          detail: notFound(
            "bwrap",
            "Linux bubblewrap (bwrap) was not found on PATH; install the bubblewrap package",
          ),
        };
      }
      try {
        return {
          backend: bubblewrapBackend(exe, platform.arch),
          name: "bubblewrap",
          detail: "bubblewrap detected",
        };
      } catch (error) {
        return {
          backend: null,
          name: "bubblewrap",
          detail: `bubblewrap detected; ${messageOf(error)}`,
        };
      }
    }
    case "other":
      return {
        backend: null,
        name: null,
        detail: `OS sandbox is unsupported on platform '${platform.name}'`,
      };
  }
}

export function findProbePython(opts: NormalizedOptions): string | null {
  if (opts.customWhich) return opts.which("python3");
  for (const candidate of SYSTEM_PYTHONS) {
    if (isExecutableFile(candidate) && untrustedReason(candidate) === null) return candidate;
  }
  return opts.which("python3");
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
