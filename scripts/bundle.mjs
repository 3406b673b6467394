// Bundles the CLI into one CommonJS file. Node 20 spends about a millisecond per ES module it
// loads, plus the ES loader's own start-up, and `cellguard exec` pays that on every command; one
// CommonJS file loads in a fraction of the time. The bundle is built from the same compiled
// sources the unit tests import, and the CLI tests run the bundle itself.
import { build } from "esbuild";
import { chmodSync } from "node:fs";

const outfile = "build/cellguard.cjs";
await build({
  entryPoints: ["build/src/cli/bin.js"],
  bundle: true,
  platform: "node",
  format: "cjs",
  // The sources are ES modules; the one use of import.meta.url finds the package root.
  banner: {
    js: 'const __cellguard_module_url = require("node:url").pathToFileURL(__filename).href;',
  },
  define: { "import.meta.url": "__cellguard_module_url" },
  target: "node20",
  outfile,
  logLevel: "warning",
  legalComments: "none",
  minifyWhitespace: true,
  minifySyntax: true,
});
chmodSync(outfile, 0o755);
