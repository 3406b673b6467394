// npm run bench (last part): the tool-call round trip of `cellguard mcp` for the python Cell
// `1+1`, measured by the MCP SDK's own client over stdio against the bundled CLI, beside the same
// Cell through the library in the same run (Kernel.execute, and runCell with the screens the
// python tool also runs). Rounds are interleaved so drift on a shared host hits both alike.
// A benchmark, not a test: a MISS is reported, never fatal.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Kernel, runCell } from "../src/index.js";
import { formatRatio } from "./figures.js";
import { detectHost } from "./host.js";
import { align } from "./render.js";
import { summarize } from "./stats.js";

const ROUNDS = positive(process.env["BENCH_MCP_ROUND_TRIPS"], 300);
const WARM_UP = 50;
const LIMIT = 1.5;

async function main(): Promise<number> {
  const host = detectHost();
  console.log("cellguard mcp benchmark");
  console.log(`host    ${host.os} · ${host.cpuCount} × ${host.cpuModel} · node ${host.node}`);
  if (host.python === null || host.sandboxSkip !== null || host.bwrap === null) {
    console.log(`mcp rows skipped: ${host.sandboxSkip ?? "no python3 or bubblewrap"}`);
    return 1;
  }
  const python = host.python;
  const root = realpathSync(mkdtempSync(join(tmpdir(), "cellguard-mcp-bench-")));
  const workspace = join(root, "workspace");
  const dataDir = join(root, "data");
  mkdirSync(workspace);
  mkdirSync(dataDir, { mode: 0o700 });
  writeFileSync(
    join(dataDir, "mcp-rules.json"),
    JSON.stringify({ rules: [{ tool: "*", pattern: "*", decision: "allow" }] }),
  );
  const env: Record<string, string> = {
    PATH: "/usr/local/bin:/usr/bin:/bin",
    HOME: root,
    LANG: "C.UTF-8",
    CELLGUARD_DATA_DIR: dataDir,
  };
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      "build/cellguard.cjs",
      "mcp",
      "--workspace",
      workspace,
      "--mode",
      "enforce",
      "--python",
      python,
    ],
    env,
    stderr: "ignore",
  });
  const client = new Client({ name: "cellguard-bench", version: "1" });
  const kernel = await Kernel.start({
    workspace,
    env,
    python,
    sandbox: { mode: "enforce" },
    onWarning: () => undefined,
  });
  try {
    await client.connect(transport);
    const viaMcp = async (): Promise<number> => {
      const started = performance.now();
      const result = (await client.callTool({
        name: "python",
        arguments: { code: "1+1" },
      })) as CallToolResult;
      const elapsed = performance.now() - started;
      const first = result.content[0];
      if (first?.type !== "text" || first.text !== "2\n")
        throw new Error(`mcp answered ${JSON.stringify(result.content)}`);
      return elapsed;
    };
    const viaExecute = async (): Promise<number> => {
      const started = performance.now();
      const r = await kernel.execute("1+1");
      const elapsed = performance.now() - started;
      if (r.stdout !== "2\n") throw new Error(`Kernel.execute printed ${JSON.stringify(r.stdout)}`);
      return elapsed;
    };
    const viaRunCell = async (): Promise<number> => {
      const started = performance.now();
      const r = await runCell("1+1", { kernel, env });
      const elapsed = performance.now() - started;
      if (r.stdout !== "2\n") throw new Error(`runCell printed ${JSON.stringify(r.stdout)}`);
      return elapsed;
    };
    const viaPing = async (): Promise<number> => {
      const started = performance.now();
      await client.ping();
      return performance.now() - started;
    };
    for (let i = 0; i < WARM_UP; i += 1) {
      await viaPing();
      await viaMcp();
      await viaExecute();
      await viaRunCell();
    }
    const mcp: number[] = [];
    const execute: number[] = [];
    const pipeline: number[] = [];
    const pings: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      pings.push(await viaPing());
      mcp.push(await viaMcp());
      execute.push(await viaExecute());
      pipeline.push(await viaRunCell());
    }
    const m = summarize(mcp);
    const e = summarize(execute);
    const p = summarize(pipeline);
    const g = summarize(pings);
    const ratio = m.medianMs / e.medianMs;
    const ms = (v: number): string => v.toFixed(3);
    const grid = [
      ["", "n", "median ms", "p25–p75 ms", "vs anchor (same run)"],
      `tool-call round trip of the python Cell 1+1 (after ${WARM_UP} warm-up rounds, interleaved)`,
      [
        "  cellguard mcp python tool (SDK client, stdio)",
        String(m.n),
        ms(m.medianMs),
        `${ms(m.p25Ms)}–${ms(m.p75Ms)}`,
        `${formatRatio(ratio)} Kernel.execute`,
      ],
      [
        "  runCell (screens + kernel, in process)",
        String(p.n),
        ms(p.medianMs),
        `${ms(p.p25Ms)}–${ms(p.p75Ms)}`,
        `${formatRatio(p.medianMs / e.medianMs)} Kernel.execute`,
      ],
      [
        "  MCP ping (SDK client, stdio; no tool: the transport floor)",
        String(g.n),
        ms(g.medianMs),
        `${ms(g.p25Ms)}–${ms(g.p75Ms)}`,
        `${formatRatio(g.medianMs / e.medianMs)} Kernel.execute`,
      ],
      [
        "  Kernel.execute (in process)",
        String(e.n),
        ms(e.medianMs),
        `${ms(e.p25Ms)}–${ms(e.p75Ms)}`,
        "anchor",
      ],
    ];
    console.log("");
    for (const line of align(grid, new Set([1, 2]))) console.log(line);
    console.log("");
    console.log("targets (issue 8)");
    console.log(
      `  mcp round trip vs Kernel.execute: ${formatRatio(ratio)} (< ${LIMIT}×) ${ratio < LIMIT ? "PASS" : "MISS"}`,
    );
    console.log(`  mcp round trip vs runCell: ${formatRatio(m.medianMs / p.medianMs)} (reported)`);
    console.log(
      `  server-side cost above the transport floor and the kernel: ${ms(m.medianMs - g.medianMs - e.medianMs)} ms (reported)`,
    );
    console.log(
      JSON.stringify({
        mcp_round_trip_ms: m.medianMs,
        run_cell_round_trip_ms: p.medianMs,
        kernel_execute_round_trip_ms: e.medianMs,
        mcp_ping_ms: g.medianMs,
        targets: [{ name: "mcp round trip vs Kernel.execute", value: ratio, pass: ratio < LIMIT }],
      }),
    );
    return 0;
  } finally {
    await client.close().catch(() => undefined);
    await kernel.close();
    rmSync(root, { recursive: true, force: true });
  }
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(
      `mcp benchmark failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  },
);
