// Process-wide memory of facility failures (the kernel refused namespaces), so a host without
// user namespaces is not re-probed on every Cell, and of warnings already shown.

const FACILITY_MARKERS = [
  "operation not permitted",
  "user namespace is not allowed",
  "user namespaces are not enabled",
  "no permissions to create a new namespace",
  "creating new namespace failed",
];

const failures = new Map<string, string>();
const warned = new Set<string>();

export function isFacilityFailure(detail: string): boolean {
  const lower = detail.toLowerCase();
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
