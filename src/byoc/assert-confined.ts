// The provider helper's own check, run first thing, before it reads a credential from stdin: when
// the host says it started the helper inside a boundary, the helper verifies that the boundary
// holds, by identity, and exits 71 if it does not. The check fails closed: a missing or
// malformed anchor, or any error, counts as "not confined". Exit 71 tells the host that nothing
// happened yet, so a retry is safe.
import { readdirSync, statSync, lstatSync, writeSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { hostPlatform, type OsFamily } from "../platform/select.js";

/** Set to 1 by the host when it started the helper inside the boundary. */
export const EXPECT_CONFINED_VARIABLE = "CELLGUARD_COMPUTE_EXPECT_CONFINED";
/** JSON identity anchors the host measured outside: see HostAnchors. */
export const HOST_ANCHORS_VARIABLE = "CELLGUARD_COMPUTE_HOST_ANCHORS";
/** The helper's exit code when the boundary it was promised does not hold. */
export const EXIT_NOT_CONFINED = 71;

/** A hidden home as the host sees it: identities are `<st_dev>:<st_ino>` in decimal. */
export interface HomeAnchor {
  readonly path: string;
  readonly id: string;
  /** Identities of (some of) the home's entries that must not be visible inside. */
  readonly entries: readonly string[];
}

export interface HostAnchors {
  readonly homes: readonly HomeAnchor[];
  /** The inode of the host's PID namespace (Linux), or null when unknown. */
  readonly pidNamespace: string | null;
}

export interface ConfinementExpectation {
  /** Whether the host promised a boundary. When false, assertConfined returns at once. */
  readonly expected: boolean;
  /** null when the host sent none, or sent something that does not parse. */
  readonly anchors: HostAnchors | null;
  readonly os: OsFamily;
}

export interface ConfinementCheck {
  readonly confined: boolean;
  readonly reason: string;
}

const ID = /^\d{1,20}:\d{1,20}$/;
const NUMBER = /^\d{1,20}$/;

/**
 * Reads the expectation from the environment. Unset, empty or `0` means none; `1`, and any
 * other value, means one is expected (a garbled flag must not switch the check off).
 */
export function expectationFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  os: OsFamily = hostPlatform().os,
): ConfinementExpectation {
  const flag = (env[EXPECT_CONFINED_VARIABLE] ?? "").trim();
  return {
    expected: flag !== "" && flag !== "0",
    anchors: decodeHostAnchors(env[HOST_ANCHORS_VARIABLE]),
    os,
  };
}

/**
 * Exits the process with code 71 when a boundary is expected and does not hold; returns
 * otherwise. Call it before reading stdin: the credential must never reach an unconfined helper
 * that was promised a boundary.
 *
 * @example
 * ```ts
 * assertConfined(); // first statement of the helper's entry point
 * const credential = readFileSync(0, "utf8");
 * ```
 */
export function assertConfined(expectation: ConfinementExpectation = expectationFromEnv()): void {
  if (!expectation.expected) return;
  const check = checkConfinement(expectation);
  if (check.confined) return;
  const message = `cellguard: the provider helper was started to run inside an OS boundary, but the boundary does not hold: ${check.reason}; exiting with ${EXIT_NOT_CONFINED} before reading any input\n`;
  try {
    writeSync(2, message);
  } catch {
    // stderr closed: the exit code still says it
  }
  process.exit(EXIT_NOT_CONFINED);
}

/** Measures, from inside, whether the boundary the anchors describe holds. Never throws. */
export function checkConfinement(expectation: ConfinementExpectation): ConfinementCheck {
  try {
    switch (expectation.os) {
      case "linux":
        return checkLinux(expectation.anchors);
      case "darwin":
        return checkDarwin(expectation.anchors);
      case "other":
        return notConfined("no confinement backend exists for this platform");
    }
  } catch (error) {
    return notConfined(`the check failed: ${error instanceof Error ? error.message : "error"}`);
  }
}

// Linux: the home inside must be another mount (another st_dev) than the host's home, none of
// the host home's entries may be visible by identity, and the PID namespace must be private.
function checkLinux(anchors: HostAnchors | null): ConfinementCheck {
  if (anchors === null) return notConfined("the host sent no identity anchors to compare with");
  if (anchors.homes.length === 0 && anchors.pidNamespace === null) {
    return notConfined("the host sent no home and no PID namespace to compare with");
  }
  for (const home of anchors.homes) {
    const inside = identity(home.path, "follow");
    if (inside === null) return notConfined(`the home ${home.path} cannot be examined`);
    if (deviceOf(inside) === deviceOf(home.id)) {
      return notConfined(`the home ${home.path} is the host's own mount`);
    }
    if (home.entries.length === 0) continue;
    const hostEntries = new Set(home.entries);
    for (const name of readdirSync(home.path)) {
      const id = identity(join(home.path, name), "nofollow");
      if (id !== null && hostEntries.has(id)) {
        return notConfined(`an entry of the host's home is visible in ${home.path}`);
      }
    }
  }
  if (anchors.pidNamespace !== null) {
    const ns = identity("/proc/self/ns/pid", "follow");
    if (ns === null) return notConfined("the PID namespace cannot be examined");
    if (ns.split(":")[1] === anchors.pidNamespace) {
      return notConfined("the helper shares the host's PID namespace");
    }
  }
  return { confined: true, reason: "the home is another mount and the PID namespace is private" };
}

// macOS: listing the home must be refused by the profile. Success, or any other error, is not
// proof of a boundary.
function checkDarwin(anchors: HostAnchors | null): ConfinementCheck {
  const homes = anchors?.homes.map((h) => h.path) ?? [homedir()];
  if (homes.length === 0) return notConfined("the host sent no home to check");
  for (const home of homes) {
    try {
      readdirSync(home);
      return notConfined(`the home ${home} can be listed`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EPERM" && code !== "EACCES") {
        return notConfined(`listing the home ${home} failed with ${code ?? "an error"}`);
      }
    }
  }
  return { confined: true, reason: "the home cannot be listed" };
}

function notConfined(reason: string): ConfinementCheck {
  return { confined: false, reason };
}

function deviceOf(id: string): string {
  return id.split(":")[0] ?? "";
}

/** `<st_dev>:<st_ino>` of a path, or null on any error. */
export function identity(path: string, links: "follow" | "nofollow"): string | null {
  try {
    const st =
      links === "follow" ? statSync(path, { bigint: true }) : lstatSync(path, { bigint: true });
    return `${st.dev}:${st.ino}`;
  } catch {
    return null;
  }
}

export function encodeHostAnchors(anchors: HostAnchors): string {
  return JSON.stringify({ v: 1, homes: anchors.homes, pidNamespace: anchors.pidNamespace });
}

/** Parses the anchors variable; null when it is absent or not exactly the expected shape. */
export function decodeHostAnchors(raw: string | undefined): HostAnchors | null {
  if (raw === undefined || raw === "") return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value) || value["v"] !== 1 || !Array.isArray(value["homes"])) return null;
  const pid = value["pidNamespace"];
  if (pid !== null && !(typeof pid === "string" && NUMBER.test(pid))) return null;
  const homes: HomeAnchor[] = [];
  for (const home of value["homes"] as unknown[]) {
    if (!isRecord(home)) return null;
    const { path, id, entries } = home;
    if (typeof path !== "string" || !path.startsWith("/") || path.includes("\0")) return null;
    if (typeof id !== "string" || !ID.test(id) || !Array.isArray(entries)) return null;
    if (!entries.every((e): e is string => typeof e === "string" && ID.test(e))) return null;
    homes.push({ path, id, entries });
  }
  return { homes, pidNamespace: pid };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
