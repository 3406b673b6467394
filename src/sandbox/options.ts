// Options for createKernelSandbox, normalised in one place: defaults applied, the environment
// read once, the workspace checked and placed, the user's homes found.
import { isAbsolute, join } from "node:path";
import {
  parseSandboxMode,
  rawNetworkFromEnv,
  sandboxModeFromEnv,
  type SandboxMode,
} from "../config/sandbox-config.js";
import { dataDirCandidates } from "../config/data-dir.js";
import { hostPlatform, type HostPlatform } from "../platform/select.js";
import { trustedWhich } from "../platform/trusted-binary.js";
import type { Which } from "../platform/which.js";
import { defaultSelfTestRunner, type SelfTestRunner } from "./self-test.js";
import { packageDir } from "./build-policy.js";
import { canonicalPath, HOME_SECRET_PATHS } from "./deny-list.js";
import { canonicalWorkspace, checkWorkspacePlacement } from "./workspace.js";
import { accountHomes } from "../platform/account-homes.js";
import {
  readIsolation,
  type KernelReadIsolation,
  type TeamReadPolicy,
} from "../policy/team-roots.js";
import { normalizeReadIsolation } from "./read-isolation.js";
import { realWslSandboxHost, type WslSandboxHost } from "./wsl-form.js";

export interface KernelSandboxOptions {
  /** The writable workspace. Default: the current directory. */
  readonly workspace?: string;
  /** `auto` | `enforce` | `off`. Default: CELLGUARD_KERNEL_SANDBOX, else `auto`. */
  readonly mode?: string;
  /** Allow raw network. Default: CELLGUARD_KERNEL_ALLOW_RAW_NETWORK, else false. */
  readonly allowRawNetwork?: boolean;
  /** Where settings are read from. Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** Called once per distinct warning text. Default: process.emitWarning. */
  readonly onWarning?: (message: string) => void;
  // Injectable host facts, so every path is testable on any machine.
  readonly platform?: HostPlatform;
  /** Finds security binaries. Default: PATH, accepting only root-owned, unwritable files. */
  readonly which?: Which;
  readonly runner?: SelfTestRunner;
  readonly home?: string;
  readonly uid?: number;
  /** Interpreter for the self-test probe. Default: the system python3. */
  readonly probePython?: string | null;
  /**
   * Team read isolation: protected roots hidden from the Cell, exact input roots shown again.
   * A team policy never degrades: without a proven boundary nothing runs, whatever the mode.
   */
  readonly readIsolation?: KernelReadIsolation | null;
  /** The WSL host facts (is this WSL, its mount table, what exists). Default: the real host. */
  readonly wslHost?: WslSandboxHost;
}

export interface NormalizedOptions {
  readonly workspace: string;
  readonly mode: SandboxMode;
  readonly allowRawNetwork: boolean;
  readonly env: NodeJS.ProcessEnv;
  readonly onWarning: (message: string) => void;
  readonly platform: HostPlatform;
  readonly which: Which;
  readonly customWhich: boolean;
  readonly runner: SelfTestRunner;
  readonly customRunner: boolean;
  /** $HOME first, then the account's home from the password database when it differs. */
  readonly homes: readonly string[];
  readonly uid: number;
  readonly probePython: string | null | undefined;
  /** The team policy as given (frozen) and as validated for this workspace; null: single-user. */
  readonly readIsolation: KernelReadIsolation | null;
  readonly team: TeamReadPolicy | null;
  readonly wslHost: WslSandboxHost;
}

export function normalizeOptions(options: KernelSandboxOptions): NormalizedOptions {
  const raw: KernelSandboxOptions = Object.assign(Object.create(null) as object, options);
  const env = raw.env ?? process.env;
  const mode =
    raw.mode === undefined ? sandboxModeFromEnv(env) : parseSandboxMode(raw.mode, "mode");
  // Validated even when an explicit value overrides it: a typo in the environment is reported.
  const envNetwork = rawNetworkFromEnv(env);
  const platform = raw.platform ?? hostPlatform();
  const homes = raw.home !== undefined ? [raw.home] : accountHomes();
  const givenWorkspace = raw.workspace ?? process.cwd();
  const workspace = canonicalWorkspace(givenWorkspace);
  checkWorkspacePlacement(workspace, {
    homes,
    dataDirs: homes.flatMap((home) => dataDirCandidates(platform.os, env, home)),
    secretPaths: homes.flatMap((home) => {
      const real = canonicalPath(home);
      return HOME_SECRET_PATHS.map((entry) => join(real, entry.path));
    }),
    pathEntries: (env["PATH"] ?? "").split(":"),
    packageDir: packageDir(),
  });
  // Validated first (types included), then kept as a frozen copy for the second normalisation.
  const given = raw.readIsolation ?? null;
  const team =
    given === null
      ? null
      : normalizeReadIsolation(given, workspace, absoluteAsGiven(givenWorkspace));
  const isolation = given === null ? null : readIsolation(given);
  return {
    workspace,
    mode,
    allowRawNetwork: raw.allowRawNetwork ?? envNetwork,
    env,
    onWarning:
      raw.onWarning ?? ((message) => process.emitWarning(message, "CellguardSecurityWarning")),
    platform,
    which: raw.which ?? trustedWhich(env),
    customWhich: raw.which !== undefined,
    runner: raw.runner ?? defaultSelfTestRunner,
    customRunner: raw.runner !== undefined,
    homes,
    uid: raw.uid ?? process.getuid?.() ?? -1,
    probePython: raw.probePython,
    readIsolation: isolation,
    team,
    wslHost: raw.wslHost ?? realWslSandboxHost(),
  };
}

/** An absolute spelling of a caller's path with its ".." kept (join would fold them away). */
function absoluteAsGiven(path: string): string {
  return isAbsolute(path) ? path : `${process.cwd()}/${path}`;
}
