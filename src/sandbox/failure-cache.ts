// Process-wide memory of facility failures (the kernel refused namespaces), so a host without
// user namespaces is not re-probed on every Cell, and of warnings already shown.

// What bubblewrap and the kernel say when namespaces are refused by policy: a setting of the
// host, which nothing inside a sandbox can change.
const FACILITY_MARKERS = [
  "user namespace is not allowed",
  "user namespaces are not enabled",
  "no permissions to creat", // bubblewrap: "No permissions to creating new namespace, likely …"
  "creating new namespace failed: operation not permitted",
  "creating new namespace failed: invalid argument",
  "creating new namespace failed: no space left on device", // max_user_namespaces = 0
  "setting up uid map: permission denied",
  "sandbox_apply: operation not permitted", // macOS sandbox-exec refused by the system
];

// Exhaustion is transient and can be caused on purpose: a running Cell that fills the user's
// task quota makes bubblewrap's clone fail with EAGAIN just as the next command starts. It must
// never count as "this host cannot sandbox", or the next command would run unconfined.
const TRANSIENT_MARKERS = [
  "resource temporarily unavailable",
  "cannot allocate memory",
  "too many",
];

const failures = new Map<string, string>();
const warned = new Set<string>();

export function isFacilityFailure(detail: string): boolean {
  const lower = detail.toLowerCase();
  if (TRANSIENT_MARKERS.some((marker) => lower.includes(marker))) return false;
  return FACILITY_MARKERS.some((marker) => lower.includes(marker));
}

export function failureKey(backend: string, executable: string, allowRawNetwork: boolean): string {
  return JSON.stringify([backend, executable, allowRawNetwork]);
}

export function cachedFailure(key: string): string | undefined {
  return failures.get(key);
}

export function rememberFailure(key: string, detail: string): void {
  failures.set(key, detail);
}

/** True the first time a warning text is seen in this process. */
export function firstWarning(text: string): boolean {
  if (warned.has(text)) return false;
  warned.add(text);
  return true;
}

/** Forgets cached failures and shown warnings (tests; a host whose kernel settings changed). */
export function resetSelfTestCache(): void {
  failures.clear();
  warned.clear();
}
