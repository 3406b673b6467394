// Writes the V8 code cache of one command bundle (build/cellguard-cli/NAME.cjs.v8cache), after a
// warm-up run of the command, so the cache also holds the functions compiled while it ran (V8
// compiles most functions only when first called). Run by scripts/bundle.mjs with the same node
// as the build: V8 takes a cache only from its own version and flags. The warm-up of `exec` runs
// `/bin/true` in a throw-away workspace, as any `cellguard exec` would, and discards its output.
// Any failure leaves no cache: the CLI then compiles as it would without one.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CODE_CACHE_SUFFIX,
  codeCacheFile,
  commandBundlePath,
  compileBundle,
} from "../build/src/cli/command-bundle.js";

const WARM_UPS = {
  exec: {
    entry: "execCommand",
    args: (workspace) => ["--workspace", workspace, "--", "/bin/true"],
  },
};

const name = process.argv[2] ?? "";
const warmUp = Object.hasOwn(WARM_UPS, name) ? WARM_UPS[name] : undefined;
if (warmUp === undefined) {
  console.error(`warm-code-cache: no warm-up for command ${JSON.stringify(name)}`);
  process.exit(2);
}
// The path the bundled entry (build/cellguard.cjs) resolves, so the cache sits where it looks.
const file = commandBundlePath(name, new URL("../build/cellguard.cjs", import.meta.url).href);
const cacheFile = `${file}${CODE_CACHE_SUFFIX}`;
rmSync(cacheFile, { force: true });
const workspace = mkdtempSync(join(tmpdir(), "cellguard-warm-"));
try {
  const bundle = compileBundle(file);
  const command = bundle.exports[warmUp.entry];
  if (typeof command !== "function") throw new Error(`${file} has no ${warmUp.entry}`);
  const io = { env: process.env, stdout: () => undefined, stderr: () => undefined };
  // Its exit code does not matter: a refusal (no sandbox here) still compiles the paths it ran.
  await command(warmUp.args(workspace), io);
  writeFileSync(cacheFile, codeCacheFile(bundle.bytes, bundle.script.createCachedData()));
} catch (error) {
  rmSync(cacheFile, { force: true });
  console.error(`warm-code-cache: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
