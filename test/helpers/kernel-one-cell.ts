// Run as its own process by the kernel test: starts a kernel in the workspace given, runs one
// Cell, and prints its result as JSON. The test controls what this process inherits.
import { startEnforcedKernel } from "./kernel.js";

const [workspace, code] = process.argv.slice(2);
if (workspace === undefined || code === undefined) {
  throw new Error("usage: kernel-one-cell WORKSPACE CODE");
}
const kernel = await startEnforcedKernel(workspace);
try {
  process.stdout.write(JSON.stringify(await kernel.execute(code)));
} finally {
  await kernel.close();
}
