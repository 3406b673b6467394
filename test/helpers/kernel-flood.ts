// Run as its own process by the kernel test: one Cell prints 50 MB, and this process reports
// what it kept and its own peak RSS (which a shared test process could not measure alone).
import { startEnforcedKernel } from "./kernel.js";

const workspace = process.argv[2];
if (workspace === undefined) throw new Error("usage: kernel-flood WORKSPACE");
const kernel = await startEnforcedKernel(workspace);
try {
  const r = await kernel.execute(
    'import sys\nchunk = "x" * 65535 + "\\n"\nfor _ in range(800):\n    sys.stdout.write(chunk)\nprint("END")',
  );
  const newline = r.stdout.indexOf("\n");
  const kept = r.stdout.slice(newline + 1);
  process.stdout.write(
    JSON.stringify({
      status: r.status,
      truncated: r.truncated,
      stdoutBytes: Buffer.byteLength(kept),
      marker: r.stdout.slice(0, newline),
      tail: kept.slice(-4),
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
} finally {
  await kernel.close();
}
