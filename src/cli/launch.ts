// cellguard launch --manifest M.json [-- CMD…]: runs an MCP server (the manifest's command, or
// CMD) as a protected session. Exit: the server's code; 125 when the launch was refused, with
// nothing started.
import { prepareLaunch, startSupervisor } from "../protect/launch.js";
import { loadManifest } from "../protect/manifest.js";
import { ProtectedStoreError } from "../protect/errors.js";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hostPlatform } from "../platform/select.js";
import { parseLeadingOptions, UsageError } from "./args.js";
import { EXIT_CANNOT_RUN, EXIT_USAGE, exitCodeForSignal } from "./exit-codes.js";
import type { CliIo } from "./io.js";
import { escapeForTerminal, escapeOneLine } from "./terminal-text.js";

export const LAUNCH_USAGE = "usage: cellguard launch --manifest FILE.json [-- COMMAND [ARG…]]";

const FORWARDED: readonly NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

export async function launchCommand(args: readonly string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseLeadingOptions(args, { manifest: { type: "string" } });
    if (typeof parsed.options["manifest"] !== "string")
      throw new UsageError("--manifest is required");
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`cellguard launch: ${escapeOneLine(error.message)}\n${LAUNCH_USAGE}\n`);
    return EXIT_USAGE;
  }
  const refuse = (error: unknown): number => {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`cellguard launch: nothing was started: ${escapeForTerminal(message)}\n`);
    return EXIT_CANNOT_RUN;
  };
  let plan;
  let overrideDir: string | null = null;
  const removeOverride = (): void => {
    if (overrideDir !== null) rmSync(overrideDir, { recursive: true, force: true });
  };
  try {
    // The manifest's own location may be given relative to the working directory; the paths
    // inside it must be absolute.
    let manifest = loadManifest(resolve(String(parsed.options["manifest"])));
    if (parsed.rest.length > 0) {
      // A command on the line replaces the manifest's. The server re-reads its manifest to check
      // the pinned digest, so the effective manifest is written to a launch-private file (a
      // control file of the session like any manifest) and the session is bound to that.
      overrideDir = mkdtempSync(join(tmpdir(), "cellguard-launch-"));
      const effective = join(overrideDir, "manifest.json");
      writeFileSync(
        effective,
        `${JSON.stringify({
          version: 1,
          projectRoot: manifest.projectRoot,
          controlPaths: manifest.controlPaths,
          operatorCredentials: manifest.operatorCredentials,
          stores: manifest.stores,
          sessionHomes: manifest.sessionHomes,
          server: { ...manifest.server, command: parsed.rest },
          ...(manifest.childSandbox === null ? {} : { childSandbox: manifest.childSandbox }),
        })}\n`,
        { mode: 0o600, flag: "wx" },
      );
      manifest = loadManifest(effective);
    }
    plan = await prepareLaunch(manifest, {
      platform: hostPlatform(),
      env: io.env,
      // Unknown counts as root: root is never granted the hardlink relaxation.
      uid: process.geteuid?.() ?? 0,
    });
  } catch (error) {
    removeOverride();
    if (error instanceof ProtectedStoreError) return refuse(error);
    throw error;
  }
  const supervisor = startSupervisor(plan, hostPlatform().arch);
  const onSignal = (signal: NodeJS.Signals): void => {
    if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, onSignal);
  try {
    return await new Promise<number>((resolve) => {
      supervisor.once("error", (error) => resolve(refuse(error)));
      supervisor.once("exit", (code, signal) =>
        resolve(code ?? (signal !== null ? exitCodeForSignal(signal) : EXIT_CANNOT_RUN)),
      );
    });
  } finally {
    for (const signal of FORWARDED) process.off(signal, onSignal);
    plan.cleanup();
    removeOverride();
  }
}
