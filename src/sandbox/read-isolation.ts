// Validating a team policy against the host (§7.3): the caller's paths are checked, resolved
// and reduced here, once; the renderers only see the result.
import { lstatSync, statSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { SandboxConfigurationError } from "../errors.js";
import { canonicalPath } from "../platform/canonical-path.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import {
  minimalRoots,
  type KernelReadIsolation,
  type TeamReadPolicy,
} from "../policy/team-roots.js";

/** Bad team paths: nothing was started. A SandboxConfigurationError with its own code. */
export class ReadIsolationConfigurationError extends SandboxConfigurationError {
  override readonly code: string = "ERR_SANDBOX_READ_ISOLATION";
}

function refuse(message: string): never {
  throw new ReadIsolationConfigurationError(`Cannot create sandbox: ${message}`);
}

/** Canonical form of one caller path: a string, absolute, no NUL, symlinks resolved. */
function canonicalInput(value: unknown, what: string): string {
  if (typeof value !== "string" || value === "") refuse(`${what} must be a non-empty path`);
  if (value.includes("\0")) refuse(`${what} contains a NUL character`);
  if (!isAbsolute(value))
    refuse(`${what} must be an absolute path: current value is ${JSON.stringify(value)}`);
  // Resolved so a symlink alias cannot name a different boundary than the one it reaches.
  return canonicalPath(value);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Refuses a path that reaches its folder through a symlink lying inside a protected root. Such a
 * link sits where a Cell may have written it (an earlier Cell's workspace holds the next one's),
 * so following it would let that Cell pick which member's folder is bound next: `ws/sub -> ../../bob`
 * resolves to a strict child of the root like any other. Symlinks before the root (a root named
 * through an alias) are resolved as usual. Components are taken as the kernel takes them: ".."
 * climbs from the folder reached so far, not from the spelling.
 */
function refuseLinkInsideRoots(
  given: string,
  canonical: string,
  roots: readonly string[],
  what: string,
): void {
  const insideRoot = (path: string): boolean => roots.some((root) => isSameOrInside(path, root));
  let at = "/";
  for (const part of given.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      at = dirname(at);
      continue;
    }
    const next = join(at, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch {
      if (!insideRoot(at)) return; // outside every root: the other rules decide
      refuse(
        `${what} ${JSON.stringify(given)} must be an existing directory: ${JSON.stringify(next)} is not there`,
      );
    }
    if (isLink && insideRoot(at)) {
      refuse(
        `${what} ${JSON.stringify(given)} goes through the symlink ${JSON.stringify(next)} inside a protected root; name the folder itself`,
      );
    }
    at = isLink ? canonicalPath(next) : next;
  }
  // The canonical form was taken earlier: a name swapped back and forth in between shows here.
  if (at !== canonical) {
    refuse(
      `${what} ${JSON.stringify(given)} changed while it was checked (resolved first to ${JSON.stringify(canonical)}, then to ${JSON.stringify(at)})`,
    );
  }
}

/**
 * Validates and reduces a team policy for one canonical workspace. The rules (§7.3): at least
 * one root, each an existing directory, at least one STRICTLY containing the workspace; an
 * exception inside a root must be an existing directory and must not contain the workspace; an
 * exception outside every root needs no bind (skipped) unless it contains a root; an exception
 * that is the workspace or inside it is skipped.
 *
 * @throws {ReadIsolationConfigurationError} naming the path and the rule it broke.
 */
export function normalizeReadIsolation(
  isolation: KernelReadIsolation,
  workspace: string,
  givenWorkspace: string = workspace,
): TeamReadPolicy {
  if (isolation === null || typeof isolation !== "object")
    refuse("readIsolation must be an object with roots and allowedRoots");
  const rawRoots: unknown = isolation.roots;
  if (!Array.isArray(rawRoots) || rawRoots.length === 0)
    refuse("readIsolation needs at least one protected root");
  const rawAllowed: unknown = isolation.allowedRoots ?? [];
  if (!Array.isArray(rawAllowed)) refuse("readIsolation.allowedRoots must be a list of paths");

  const roots = minimalRoots(
    (rawRoots as unknown[]).map((raw, i) => {
      const root = canonicalInput(raw, `protected root ${i + 1}`);
      if (!isDirectory(root))
        refuse(`protected root ${JSON.stringify(root)} must be an existing directory`);
      if (root === "/") refuse("a protected root cannot be the filesystem root /");
      return root;
    }),
  );
  const containing = roots.find((root) => isSameOrInside(workspace, root));
  if (containing === undefined || containing === workspace) {
    refuse(
      `workspace ${JSON.stringify(workspace)} must be a strict child of a protected root (roots: ${roots.map((r) => JSON.stringify(r)).join(", ")})`,
    );
  }

  refuseLinkInsideRoots(givenWorkspace, workspace, roots, "workspace");

  const allowed: string[] = [];
  (rawAllowed as unknown[]).forEach((raw, i) => {
    const path = canonicalInput(raw, `allowed root ${i + 1}`);
    refuseLinkInsideRoots(raw as string, path, roots, `allowed root ${i + 1}`);
    const inside = roots.some((root) => isSameOrInside(path, root));
    if (!inside) {
      const covered = roots.find((root) => isSameOrInside(root, path));
      if (covered !== undefined) {
        refuse(
          `allowed root ${JSON.stringify(path)} contains the protected root ${JSON.stringify(covered)}; name the exact input folders inside it`,
        );
      }
      return; // outside every root: readable anyway, no bind needed
    }
    if (roots.includes(path))
      refuse(
        `allowed root ${JSON.stringify(path)} is a protected root; name the exact input folders inside it`,
      );
    if (isSameOrInside(path, workspace)) return; // the workspace is bound already
    if (isSameOrInside(workspace, path)) {
      refuse(
        `allowed root ${JSON.stringify(path)} contains the workspace ${JSON.stringify(workspace)}; it would expose the workspace's siblings`,
      );
    }
    if (!isDirectory(path))
      refuse(`allowed root ${JSON.stringify(path)} must be an existing directory`);
    allowed.push(path);
  });
  return Object.freeze({
    roots: Object.freeze(roots),
    allowedRoots: Object.freeze(minimalRoots(allowed)),
  });
}
