// The environment contract of a protected session (spec §4). Every value is read from the
// process environment only, never from a request, a tool argument or a file; blank is unset.

/** The canonical serialisation of the pinned child rules. */
export const CHILD_PROFILE_ENV = "CELLGUARD_PROTECTED_CHILD_PROFILE";
/** Launch authority, first half: the canonical project root. */
export const PROTECTED_ROOT_ENV = "CELLGUARD_PROTECTED_ROOT";
/** Launch authority, second half: the digest of the resolved manifest. */
export const PROTECTED_DIGEST_ENV = "CELLGUARD_PROTECTED_DIGEST";
/** Where the manifest lies (a control file), so the server can regenerate its child rules. */
export const PROTECTED_MANIFEST_ENV = "CELLGUARD_PROTECTED_MANIFEST";
/**
 * The descriptor, in the server, of the supervised execution channel (a SOCK_SEQPACKET
 * socket pair end to the supervisor outside the server's confinement).
 */
export const PROTECTED_CHANNEL_FD = 4;

/** A variable from the process environment; blank (or whitespace-only) counts as unset. */
export function processValue(name: string): string | null {
  const value = process.env[name];
  if (value === undefined || value.trim() === "") return null;
  return value;
}

/**
 * The kernel sandbox status measured at launch for the composed child template (JSON: the
 * status and the template's digest), when the manifest runs children in the kernel sandbox.
 */
export const CHILD_SANDBOX_ENV = "CELLGUARD_PROTECTED_CHILD_SANDBOX";
