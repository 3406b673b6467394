// Resolving a manifest's authority without side effects (spec §5.2–§5.3): only path joins,
// lstat and realpath; nothing is created, migrated or read except the directory listings the
// accumulator walks later.
import { createHash } from "node:crypto";
import { ProtectedStoreError } from "./errors.js";
import type { ProtectManifest } from "./manifest.js";
import { resolveMissing } from "./paths.js";
import type { ControlEntry } from "./rules.js";

/**
 * The ordered control paths of a manifest: the manifest itself, its control paths and the
 * server's program. Every one must resolve (a dangling link or EACCES is refused).
 */
export function bindAuthority(manifest: ProtectManifest): string[] {
  const paths = [manifest.manifestPath, ...manifest.controlPaths];
  const program = manifest.server.command[0];
  if (program !== undefined) paths.push(program);
  for (const path of paths) resolveMissing(path);
  return paths;
}

/** Operator credentials, as written: read- and write-denied. Never read, only joined. */
export function operatorCredentials(manifest: ProtectManifest): string[] {
  return [...manifest.operatorCredentials];
}

/** The whole-server entries in launch order (spec §5.5): control, credentials, session homes. */
export function controlEntries(
  manifest: ProtectManifest,
  extra: readonly string[] = [],
): ControlEntry[] {
  return [
    ...bindAuthority(manifest).map((path) => ({ path, denyRead: false })),
    ...extra.map((path) => ({ path, denyRead: false })),
    ...operatorCredentials(manifest).map((path) => ({ path, denyRead: true })),
    ...manifest.sessionHomes.map((path) => ({ path, denyRead: true })),
  ];
}

/** The canonical project root: it must exist as a directory. */
export function canonicalProjectRoot(manifest: ProtectManifest): string {
  const root = resolveMissing(manifest.projectRoot);
  if (root.split("/").length < 2)
    throw new ProtectedStoreError("ERR_PROTECT_MANIFEST", "manifest field projectRoot: is empty");
  return root;
}

/** Digest of the resolved manifest: the launch authority's second half. */
export function manifestDigest(manifest: ProtectManifest): string {
  const resolved = {
    manifestPath: resolveMissing(manifest.manifestPath),
    projectRoot: resolveMissing(manifest.projectRoot),
    controlPaths: manifest.controlPaths.map((p) => [p, resolveMissing(p)]),
    operatorCredentials: manifest.operatorCredentials.map((p) => [p, resolveMissing(p)]),
    stores: manifest.stores.map((s) => [s.root, resolveMissing(s.root), s.workMembers]),
    sessionHomes: manifest.sessionHomes.map((p) => [p, resolveMissing(p)]),
    server: manifest.server,
    childSandbox:
      manifest.childSandbox === null
        ? null
        : [manifest.childSandbox, resolveMissing(manifest.childSandbox.workspace)],
  };
  return `sha256:${createHash("sha256").update(JSON.stringify(resolved)).digest("hex")}`;
}
