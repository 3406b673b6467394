// Bundles the CLI into CommonJS files. Node 20 spends about a millisecond per ES module it
// loads, plus the ES loader's own start-up, and `cellguard exec` pays that on every command; a
// CommonJS bundle loads in a fraction of the time. The entry build/cellguard.cjs holds only the
// dispatcher; each command is its own bundle under build/cellguard-cli/, required when it is the
// command asked for, so `exec` never compiles the MCP SDK, zod, the screens or the store. The
// bundles are built from the same compiled sources the unit tests import, and the CLI tests run
// the bundles themselves.
import { build } from "esbuild";
import { chmodSync, rmSync } from "node:fs";

const COMMANDS = ["doctor", "exec", "run", "screen", "secrets", "launch", "mcp"];
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

// main.js imports each command lazily; in the entry bundle those imports become requires of the
// command's own bundle, by a path relative to the entry file.
const commandsAsChunks = {
  name: "commands-as-chunks",
  setup(pluginBuild) {
    const filter = new RegExp(`^\\./(${COMMANDS.join("|")})\\.js$`);
    pluginBuild.onResolve({ filter }, (args) => {
      if (!args.importer.endsWith("/cli/main.js") || args.kind !== "dynamic-import") return null;
      const name = filter.exec(args.path)[1];
      return { path: `./${CHUNK_DIR}/${name}.cjs`, external: true };
    });
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
chmodSync(outfile, 0o755);
