// The folders inside the workspace whose programs the host runs later, which the kernel sandbox
// keeps read-only for Cells: folders on PATH (and the session's own bin folders) and cellguard's
// own package. write_file runs on the host, so it is given the same list and refuses them too.
// Read on every write: PATH folders can appear after the server started.
import { accountHomes } from "../platform/account-homes.js";
import { canonicalPath } from "../platform/canonical-path.js";
import { isSameOrInside } from "../policy/sandbox-policy.js";
import { packageDir } from "../sandbox/build-policy.js";
import { executedPathsInside } from "../sandbox/workspace.js";

/** Canonical absolute folders strictly inside `workspace` (canonical) that the host runs. */
export function hostRunPathsInside(workspace: string, env: NodeJS.ProcessEnv): string[] {
  const pathEntries = [
    ...(env["PATH"] ?? "").split(":"),
    ...(process.env["PATH"] ?? "").split(":"),
  ];
  const paths = executedPathsInside(workspace, { homes: accountHomes(), pathEntries });
  const pkg = packageDir();
  if (pkg !== null) {
    const canonical = canonicalPath(pkg);
    if (canonical !== workspace && isSameOrInside(canonical, workspace)) paths.push(canonical);
  }
  return paths;
}
