// cellguard run: one Cell through every layer, with the exit codes of the CLI contract.
import assert from "node:assert/strict";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { spawn } from "node:child_process";
import { runCli } from "../helpers/cli.js";
import { useFixture } from "../helpers/fixture-home.js";
import { sandboxSkipReason } from "../helpers/host.js";
import { pause, SYSTEM_PATH } from "../helpers/kernel.js";
import { cliPath } from "../helpers/paths.js";

const skip = sandboxSkipReason();

describe("cellguard run", () => {
  const fx = useFixture();
  const env = (): NodeJS.ProcessEnv => ({ ...fx.env, PATH: SYSTEM_PATH });
  const run = (args: string[], input = "", extraEnv: NodeJS.ProcessEnv = {}) =>
    runCli(["run", "--workspace", fx.workspace, ...args], {
      env: { ...env(), ...extraEnv },
      input,
    });
  const ran = (): boolean => existsSync(join(fx.workspace, "ran"));

  test(
    "a Cell from standard input runs in the sandbox: exit 0 and its output",
    { skip },
    async () => {
      const r = await run(
        ["--mode", "enforce", "-"],
        "open('ran', 'w').close()\nx = 41\nprint(x + 1)",
      );
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, "42\n");
      assert.equal(ran(), true);
    },
  );

  test("a Cell from a FILE that raises: exit 1 and the traceback on stderr", { skip }, async () => {
    const file = join(fx.root, "cell.py");
    writeFileSync(file, "1 / 0\n");
    const r = await run(["--mode", "enforce", file]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /ZeroDivisionError: division by zero/);
  });

  test("--json reports the status, output and the measured sandbox", { skip }, async () => {
    const r = await run(["--mode", "enforce", "--json", "--lang", "bash", "-"], "echo hi; exit 4");
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout) as Record<string, unknown>;
    assert.equal(report["status"], "error");
    assert.equal(report["stdout"], "hi\n");
    assert.equal(report["exit_code"], 4);
    assert.equal((report["sandbox"] as Record<string, unknown>)["enforced"], true);
  });

  test("a Cell the classifier refuses exits 3, prints the refusal and runs nothing", async () => {
    const r = await run(["-"], 'import os\nopen("ran", "w")\nos.system("rm -rf ~")');
    assert.equal(r.code, 3);
    assert.match(r.stderr, /^\[BLOCKED by the code-safety classifier\]/);
    assert.match(r.stderr, /NOT executed/);
    assert.equal(ran(), false);
  });

  test("a bash Cell the shell precheck refuses exits 3 and runs nothing", async () => {
    const r = await run(["--lang", "bash", "-"], "touch ran; rm -rf /");
    assert.equal(r.code, 3);
    assert.match(r.stderr, /\[BLOCKED by the shell precheck\]/);
    assert.equal(ran(), false);
  });

  test("a Cell the biosecurity screen blocks exits 3; with the screen off it is not consulted", async () => {
    const server = await startBlockingModel();
    try {
      const modelEnv = {
        CELLGUARD_MODEL: "screen",
        CELLGUARD_MODEL_BASE_URL: server.url,
      };
      const code = "# enhance transmissibility of h5n1\nopen('ran', 'w')";
      const blocked = await run(["--mode", "off", "-"], code, modelEnv);
      assert.equal(blocked.code, 3, blocked.stderr);
      assert.match(blocked.stderr, /\[BLOCKED by the biosecurity screen\]/);
      assert.equal(ran(), false);
      const off = await run(["--mode", "off", "-"], code, {
        ...modelEnv,
        CELLGUARD_BIOSECURITY: "off",
      });
      assert.equal(off.code, 0, off.stderr);
      assert.equal(ran(), true);
      assert.equal(server.calls(), 1);
    } finally {
      await server.close();
    }
  });

  test("Ctrl-C while the screens run stops the run before the Cell: exit 130, nothing ran", async () => {
    let arrived!: () => void;
    const seen = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = await startModel(async () => {
      arrived();
      await held;
      return '{"decision": "ALLOW", "reason": "fine"}';
    });
    try {
      const child = spawn(process.execPath, [cliPath(), "run", "--workspace", fx.workspace, "-"], {
        env: { ...env(), CELLGUARD_MODEL: "screen", CELLGUARD_MODEL_BASE_URL: server.url },
        stdio: ["pipe", "pipe", "pipe"],
      });
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
      child.stdin.end("# gain-of-function notes\nopen('ran', 'w')");
      await seen;
      child.kill("SIGINT");
      await pause(100);
      release();
      const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
      assert.equal(code, 130, stderr);
      assert.match(stderr, /nothing was run: stopped by SIGINT before the Cell ran/);
      assert.equal(ran(), false);
    } finally {
      release();
      await server.close();
    }
  });

  test("no boundary under enforce exits 4 and runs nothing", async () => {
    const r = await run(["--mode", "enforce", "-"], "open('ran', 'w')", { PATH: "/nonexistent" });
    assert.equal(r.code, 4);
    assert.match(r.stderr, /nothing was run/);
    assert.equal(ran(), false);
  });

  test("usage errors and bad Cells exit 2 and run nothing", async () => {
    for (const [args, input, message] of [
      [[], "", /no Cell given/],
      [["--lang", "ruby", "-"], "open('ran','w')", /language must be one of python, bash/],
      [["-"], "open('ran','w')\0", /NUL character/],
      [[join(fx.root, "missing.py")], "", /no such file/],
      [["--timeout", "soon", "-"], "1", /--timeout must be a number of seconds/],
    ] as const) {
      const r = await run([...args], input);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.match(r.stderr, message);
    }
    const missing = await runCli(["run", "--workspace", join(fx.root, "nope"), "-"], {
      env: env(),
      input: "open('ran','w')",
    });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /workspace must be an existing directory/);
    assert.equal(ran(), false);
  });

  test("output that moves the cursor or recolours the terminal is escaped", { skip }, async () => {
    const r = await run(["--mode", "enforce", "-"], 'print("\\x1b[2Jcleared")');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "\\u001b[2Jcleared\n");
  });
});

// A model endpoint that answers every screen with BLOCK and counts the calls.
function startBlockingModel(): ReturnType<typeof startModel> {
  return startModel(() =>
    Promise.resolve('{"decision": "BLOCK", "reason": "weapon-directed work"}'),
  );
}

// A chat-completions endpoint whose every answer comes from `answer`.
async function startModel(answer: () => Promise<string>): Promise<{
  url: string;
  calls: () => number;
  close: () => Promise<void>;
}> {
  const { createServer } = await import("node:http");
  let calls = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      calls += 1;
      void answer().then((content) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ choices: [{ message: { content } }] }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}/v1`,
    calls: () => calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
