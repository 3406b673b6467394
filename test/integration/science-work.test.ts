// Ordinary scientific Python still works under the seccomp filter and the mounts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { runCli, enforcedExec } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason, systemPython } from "../helpers/host.js";

const skip = sandboxSkipReason();

describe("ordinary science work runs under the sandbox", { skip }, () => {
  const fx = useFixture();

  async function python(code: string): Promise<string> {
    const r = await runCli(enforcedExec(fx.workspace, systemPython ?? "python3", "-c", code), {
      env: fx.env,
      cwd: fx.workspace,
    });
    assert.equal(r.code, 0, `exit ${String(r.code)}: ${r.stderr}`);
    return r.stdout;
  }

  test("multiprocessing.Pool maps over worker processes", async () => {
    const out = await python(`import multiprocessing as mp
def square(x):
    return x * x
if __name__ == "__main__":
    with mp.Pool(3) as pool:
        print(sum(pool.map(square, range(100))))`);
    assert.equal(out.trim(), "328350");
  });

  test("subprocess pipelines pass data between processes", async () => {
    const out = await python(`import subprocess
p1 = subprocess.Popen(["printf", "b\\\\na\\\\nc\\\\n"], stdout=subprocess.PIPE)
p2 = subprocess.Popen(["sort"], stdin=p1.stdout, stdout=subprocess.PIPE)
p1.stdout.close()
print(p2.communicate()[0].decode().split())
print(subprocess.run(["sh", "-c", "echo piped | tr a-z A-Z"], capture_output=True, text=True).stdout.strip())`);
    assert.equal(out, "['a', 'b', 'c']\nPIPED\n");
  });

  test("asyncio event loops run tasks and subprocesses", async () => {
    const out = await python(`import asyncio
async def main():
    async def work(i):
        await asyncio.sleep(0.01)
        return i
    results = await asyncio.gather(*(work(i) for i in range(10)))
    proc = await asyncio.create_subprocess_exec("echo", "async-child", stdout=asyncio.subprocess.PIPE)
    out, _ = await proc.communicate()
    return sum(results), out.decode().strip()
print(asyncio.run(main()))`);
    assert.equal(out.trim(), "(45, 'async-child')");
  });

  test("files are written in the workspace and the private temp", async () => {
    const out = await python(`import tempfile, os, json
with open("results.json", "w") as f:
    json.dump({"mean": 4.2}, f)
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, "scratch.bin")
    with open(p, "wb") as f:
        f.write(os.urandom(1 << 20))
    print(os.path.getsize(p), d.startswith(os.environ["TMPDIR"]))`);
    assert.equal(out.trim(), "1048576 True");
    assert.deepEqual(JSON.parse(readFileSync(join(fx.workspace, "results.json"), "utf8")), {
      mean: 4.2,
    });
  });
});
