import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository (or copied test tree) root: the nearest folder up with a package.json. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("test helpers: no package.json above the test files");
    dir = parent;
  }
  return dir;
}

/** The CLI as shipped: the bundled entry point `npm run build` writes. */
export function cliPath(): string {
  return join(repoRoot(), "build", "cellguard.cjs");
}
