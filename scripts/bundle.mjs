// Bundles the CLI into CommonJS files. Node 20 spends about a millisecond per ES module it
// loads, plus the ES loader's own start-up, and `cellguard exec` pays that on every command; a
// CommonJS bundle loads in a fraction of the time. The entry build/cellguard.cjs holds only the
// dispatcher; each command is its own bundle under build/cellguard-cli/, required when it is the
// command asked for, so `exec` never compiles the MCP SDK, zod, the screens or the store. The
// bundles are built from the same compiled sources the unit tests import, and the CLI tests run
// the bundles themselves.
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

const COMMANDS = ["doctor", "exec", "run", "screen", "secrets", "launch", "mcp"];

const NODE_HASHBANG = "#!/usr/bin/env node\n";
// Run as a program (on PATH as `cellguard`), the entry starts under /bin/sh, which re-executes it
// with node. For `exec` alone it first drops NODE_EXTRA_CA_CERTS: Node 20 parses every
// certificate in that file at start-up, before any JavaScript runs (nodejs/node#40524), which
// measured here as 78% of the instructions of `node -e 0` with the Debian CA bundle listed.
// `exec` opens no TLS connection and never hands the variable to the sandbox (the worker
// environment is an allowlist without it), so the parse bought it nothing on every command.
// Every other command keeps the variable: the model tier and the fetch tool speak TLS.
const LAUNCHER = [
  "#!/bin/sh",
  '":" //; case "$1" in exec) unset NODE_EXTRA_CA_CERTS ;; esac; exec node "$0" "$@"',
  "",
].join("\n");
const CHUNK_DIR = "cellguard-cli";

const common = {
  bundle: true,
  platform: "node",
  format: "cjs",
  // The sources are ES modules; the one use of import.meta.url finds the package root.
  banner: {
    js: 'const __cellguard_module_url = require("node:url").pathToFileURL(__filename).href;',
  },
  define: { "import.meta.url": "__cellguard_module_url" },
  target: "node20",
  logLevel: "warning",
  legalComments: "none",
  minifyWhitespace: true,
  minifySyntax: true,
};

// main.js imports each command lazily; in the entry bundle each of those imports becomes a call
// of the command-bundle loader (build/src/cli/command-bundle.js, bundled in), which loads the
// command's own bundle from beside the entry file, with its V8 code cache when there is one.
const LOADER = new URL("../build/src/cli/command-bundle.js", import.meta.url).pathname;
const commandsAsChunks = {
  name: "commands-as-chunks",
  setup(pluginBuild) {
    const filter = new RegExp(`^\\./(${COMMANDS.join("|")})\\.js$`);
    pluginBuild.onResolve({ filter }, (args) => {
      if (!args.importer.endsWith("/cli/main.js") || args.kind !== "dynamic-import") return null;
      return { path: filter.exec(args.path)[1], namespace: "cellguard-command" };
    });
    pluginBuild.onLoad({ filter: /.*/, namespace: "cellguard-command" }, (args) => ({
      contents: [
        `const { loadCommandBundle } = require(${JSON.stringify(LOADER)});`,
        `module.exports = loadCommandBundle(${JSON.stringify(args.path)}, __cellguard_module_url);`,
      ].join("\n"),
      loader: "js",
      resolveDir: dirname(LOADER),
    }));
  },
};

rmSync(`build/${CHUNK_DIR}`, { recursive: true, force: true });
const outfile = "build/cellguard.cjs";
await build({
  ...common,
  entryPoints: ["build/src/cli/bin.js"],
  outfile,
  plugins: [commandsAsChunks],
  // require(), not import(): import() would start Node's ES loader just to load a CommonJS file.
  supported: { "dynamic-import": false },
});
await build({
  ...common,
  entryPoints: Object.fromEntries(COMMANDS.map((name) => [name, `build/src/cli/${name}.js`])),
  outdir: `build/${CHUNK_DIR}`,
  outExtension: { ".js": ".cjs" },
});
// The entry's first two lines are a launcher that is both a POSIX sh script and JavaScript (see
// LAUNCHER); node, given the file directly, skips the #! line and sees a string and a comment.
const entry = readFileSync(outfile, "utf8");
if (!entry.startsWith(NODE_HASHBANG)) throw new Error(`bundle: ${outfile} lost its #! line`);
writeFileSync(outfile, LAUNCHER + entry.slice(NODE_HASHBANG.length));
chmodSync(outfile, 0o755);

// The code cache of the exec bundle, made by a warm-up run of `exec -- /bin/true` (see
// scripts/warm-code-cache.mjs). Without it the CLI works the same, only compiles more per run.
const warm = spawnSync(process.execPath, ["scripts/warm-code-cache.mjs", "exec"], {
  stdio: ["ignore", "inherit", "inherit"],
});
if (warm.status !== 0)
  console.warn("bundle: no code cache for exec (the warm-up failed); the CLI is unaffected");
