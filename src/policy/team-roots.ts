// Team read isolation as a policy value: which roots are hidden from a Cell and which exact
// inputs are shown again. Validation against the host is in sandbox/read-isolation.ts.
import { isSameOrInside } from "./sandbox-policy.js";

/**
 * The team policy as the caller gives it. `roots` are protected, read-denied shared roots (a data
 * root holding every member's directories); `allowedRoots` are the exact read-only exceptions
 * (input folders) the Cell may read inside them. Paths must be absolute.
 */
export interface KernelReadIsolation {
  readonly roots: readonly string[];
  readonly allowedRoots?: readonly string[];
}

/** The team policy after validation: canonical, minimal, and the exceptions that need a bind. */
export interface TeamReadPolicy {
  readonly roots: readonly string[];
  readonly allowedRoots: readonly string[];
}

/** A frozen team policy value. */
export function readIsolation(fields: KernelReadIsolation): KernelReadIsolation {
  return Object.freeze({
    roots: Object.freeze([...fields.roots]),
    allowedRoots: Object.freeze([...(fields.allowedRoots ?? [])]),
  });
}

/** A copy with `extra` appended to the allowed roots; null and undefined entries are dropped. */
export function withAllowedRoots(
  isolation: KernelReadIsolation,
  extra: readonly (string | null | undefined)[],
): KernelReadIsolation {
  const added = extra.filter((p): p is string => p !== null && p !== undefined);
  return readIsolation({
    roots: isolation.roots,
    allowedRoots: [...(isolation.allowedRoots ?? []), ...added],
  });
}

/** A copy with `extra` appended to the protected roots. */
export function withRoots(
  isolation: KernelReadIsolation,
  extra: readonly string[],
): KernelReadIsolation {
  return readIsolation({
    roots: [...isolation.roots, ...extra],
    allowedRoots: isolation.allowedRoots ?? [],
  });
}

/** Drops every path inside another one, and duplicates; shortest first. */
export function minimalRoots(paths: readonly string[]): string[] {
  const sorted = [...new Set(paths)].sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const out: string[] = [];
  for (const path of sorted) if (!out.some((kept) => isSameOrInside(path, kept))) out.push(path);
  return out;
}

/** The protected root that contains the workspace (normalizeReadIsolation guarantees one). */
export function rootContaining(policy: TeamReadPolicy, path: string): string | undefined {
  return policy.roots.find((root) => isSameOrInside(path, root));
}
