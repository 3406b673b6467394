// What each tool does once its arguments are checked: the layers in front of it, in order, then
// the work. Every refusal is a ToolRefusal naming its layer; the gate is consulted after the
// static layers, so the user is never asked to approve something a layer would refuse anyway.
import type { ScreenConfig } from "../config/screen-config.js";
import { runCell } from "../kernel/run-cell.js";
import { blockedMessage, scanCommand, type EgressPolicy } from "../screen/host/egress.js";
import { redactShellText } from "../screen/host/redact.js";
import { commandMentionsSecretPath } from "../screen/host/secret-paths.js";
import { hostPrecheckCommand } from "../screen/shell/precheck.js";
import { ToolRefusal } from "./errors.js";
import type { Resolver } from "./fetch-connect.js";
import { internalAddressReason } from "./fetch-internal.js";
import { fetchPage, type FetchLimits } from "./fetch-tool.js";
import type { GateVerdict, PermissionGate } from "./gate.js";
import type { KernelSession } from "./kernel-session.js";
import type { ToolArguments, ToolName } from "./tools.js";
import type { WorkspaceFiles } from "./workspace-files.js";

export interface ToolContext {
  readonly env: NodeJS.ProcessEnv;
  readonly screens: ScreenConfig;
  readonly egress: EgressPolicy;
  readonly gate: PermissionGate;
  readonly files: WorkspaceFiles;
  readonly kernel: KernelSession;
  readonly fetchLimits: FetchLimits;
  readonly fetch?: typeof fetch;
  readonly resolve?: Resolver;
  /** CELLGUARD_FETCH_PRIVATE=allow: fetch may reach loopback and private addresses. */
  readonly fetchPrivate?: boolean;
}

export interface ToolOutput {
  readonly text: string;
  readonly isError: boolean;
  /** The kernel's status for python and bash. */
  readonly status?: string;
}

/** What a call did before it returned: the gate's verdict and how long the gate took. */
export interface CallTrace {
  verdict: GateVerdict | null;
  gateMs: number;
}

/** One call: what it did so far (filled in as it runs), and the client's cancellation of it. */
export interface ToolCall {
  readonly trace: CallTrace;
  readonly signal?: AbortSignal;
}

export async function runTool(
  name: ToolName,
  args: ToolArguments,
  ctx: ToolContext,
  { trace, signal }: ToolCall,
): Promise<ToolOutput> {
  const gate = async (target: string | readonly string[]): Promise<void> => {
    const started = performance.now();
    try {
      trace.verdict = await ctx.gate.check(name, target);
    } finally {
      trace.gateMs += performance.now() - started;
    }
  };
  const str = (key: string): string => (typeof args[key] === "string" ? args[key] : "");
  const timeoutMs =
    typeof args["timeout_seconds"] === "number" ? args["timeout_seconds"] * 1000 : undefined;
  switch (name) {
    case "python":
      await gate(redactShellText(str("code")));
      return python(str("code"), { timeoutMs, signal }, ctx);
    case "bash": {
      const command = str("command");
      staticShellChecks(command, ctx.egress);
      await gate(redactShellText(command));
      return bash(command, { timeoutMs, signal }, ctx);
    }
    case "read_file": {
      await gate(ctx.files.gateSpellings(str("path")));
      const read = ctx.files.read(str("path"));
      const note = read.truncated
        ? `\n[cellguard: the file is ${read.bytes} bytes; only the first part is shown]`
        : "";
      return { text: `${read.text}${note}`, isError: false };
    }
    case "write_file": {
      await gate(ctx.files.gateSpellings(str("path")));
      const written = ctx.files.write(str("path"), str("content"));
      return {
        text: `${written.created ? "created" : "replaced"} ${str("path")} (${written.bytes} bytes)`,
        isError: false,
      };
    }
    case "list_dir": {
      const path = str("path") === "" ? "." : str("path");
      await gate(ctx.files.gateSpellings(path));
      const listed = ctx.files.list(path);
      const more = listed.truncated
        ? `\n[cellguard: listing cut at ${listed.limit} entries; the directory has more. These are the first ${listed.limit} the file system returned, not the first by name: list a subdirectory or use bash to search.]`
        : "";
      return { text: `${listed.entries.join("\n")}${more}`, isError: false };
    }
    case "fetch": {
      const url = str("url");
      let parsed: URL;
      try {
        parsed = new URL(url.trim());
      } catch {
        throw new ToolRefusal("input", "url is not a valid absolute URL; nothing was fetched");
      }
      const domain = parsed.hostname;
      // The first hop's egress verdicts come before the question to the user.
      try {
        ctx.egress.checkUrl(url);
      } catch (error) {
        throw new ToolRefusal("egress", error instanceof Error ? error.message : String(error));
      }
      const internal = internalAddressReason(parsed, ctx.egress, ctx.fetchPrivate === true);
      if (internal !== null) throw new ToolRefusal("egress", internal);
      await gate(hostSpellings(domain));
      // A redirect to another host is put to the gate too: a deny (or an ask) for a domain
      // holds when a page the user allowed redirects there.
      const judged = new Set([domain]);
      const page = await fetchPage(url, {
        egress: ctx.egress,
        screens: ctx.screens,
        limits: ctx.fetchLimits,
        allowPrivate: ctx.fetchPrivate === true,
        ...(ctx.fetch === undefined ? {} : { fetch: ctx.fetch }),
        ...(ctx.resolve === undefined ? {} : { resolve: ctx.resolve }),
        beforeRedirect: async (next) => {
          if (judged.has(next.hostname)) return;
          await gate(hostSpellings(next.hostname));
          judged.add(next.hostname);
        },
      });
      const cut = page.truncated ? `; cut to ${page.bytes} bytes` : "";
      return {
        text: `${page.text}\n\n[fetch: HTTP ${page.status} from ${page.finalUrl}${cut}${page.hops > 0 ? `; ${page.hops} redirect(s) followed` : ""}]`,
        isError: page.status >= 400,
      };
    }
    case "interrupt": {
      await gate("");
      const delivery = await ctx.kernel.interrupt();
      if (delivery === null)
        return { text: "no Cell is running (the kernel has not started)", isError: false };
      return delivery.delivered
        ? { text: "interrupt delivered to the running Cell", isError: false }
        : {
            text: `interrupt not delivered: ${delivery.reason ?? "no reason given"}`,
            isError: false,
          };
    }
  }
}

/** A host as the gate judges it: as the URL parser wrote it, and without a trailing dot. */
function hostSpellings(host: string): string[] {
  let bare = host;
  while (bare.endsWith(".")) bare = bare.slice(0, -1);
  return [host, bare];
}

/** A Cell's limit and its caller's cancellation. */
interface CellLimits {
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
}

function executeOptions({ timeoutMs, signal }: CellLimits): {
  timeoutMs?: number;
  signal?: AbortSignal;
} {
  return {
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(signal === undefined ? {} : { signal }),
  };
}

async function python(code: string, limits: CellLimits, ctx: ToolContext): Promise<ToolOutput> {
  const run = await runCell(code, {
    language: "python",
    kernel: () => ctx.kernel.kernel(),
    screens: ctx.screens,
    env: ctx.env,
    ...executeOptions(limits),
  });
  if (run.status === "refused")
    throw new ToolRefusal(run.refusedBy ?? "classifier", run.observation);
  const advisory = run.advisory === undefined ? "" : `\n[cellguard: ${run.advisory}]`;
  const status = run.status === "ok" ? "" : `\n[status: ${run.status}]`;
  const notice = ctx.kernel.unconfinedNotice();
  return {
    text: `${run.observation}${advisory}${status}${notice === null ? "" : `\n${notice}`}`,
    isError: run.status !== "ok",
    status: run.status,
  };
}

/** The precheck, the secret-path refusal and the egress check, in that order. */
function staticShellChecks(command: string, egress: EgressPolicy): void {
  if (command.trim() === "")
    throw new ToolRefusal("input", "the command is empty; nothing was run");
  const reason = hostPrecheckCommand(command);
  if (reason !== null) {
    throw new ToolRefusal(
      "precheck",
      `[BLOCKED by the shell precheck] ${reason}. The command was NOT executed.`,
    );
  }
  const secret = commandMentionsSecretPath(command);
  if (secret !== null) {
    throw new ToolRefusal(
      "secret-path",
      "Permission denied: access to secret files (e.g. .env / keys) is blocked: the command names a secret path. The command was NOT executed.",
    );
  }
  let blocked: string | null;
  try {
    blocked = scanCommand(command, egress);
  } catch {
    throw new ToolRefusal(
      "egress",
      "the egress check could not run; refusing. The command was NOT executed.",
    );
  }
  if (blocked !== null) {
    throw new ToolRefusal("egress", `${blockedMessage(blocked)} The command was NOT executed.`);
  }
}

async function bash(command: string, limits: CellLimits, ctx: ToolContext): Promise<ToolOutput> {
  const kernel = await ctx.kernel.kernel();
  const result = await kernel.execute(command, { language: "bash", ...executeOptions(limits) });
  const parts: string[] = [];
  if (result.stdout !== "") parts.push(result.stdout);
  if (result.stderr !== "") parts.push(result.stderr);
  // A non-zero exit is said by the exit line; any other error (timeout, interrupt) by its text.
  if (result.error !== undefined && result.exitCode === undefined) {
    parts.push(`${result.error.name}: ${result.error.message}\n`);
  }
  const exit =
    result.exitCode === undefined ? `[status: ${result.status}]` : `[exit ${result.exitCode}]`;
  parts.push(exit);
  const notice = ctx.kernel.unconfinedNotice();
  if (notice !== null) parts.push(notice);
  return {
    text: parts.reduce(
      (out, part) => (out === "" || out.endsWith("\n") ? out + part : `${out}\n${part}`),
      "",
    ),
    isError: result.status !== "ok",
    status: result.status,
  };
}
