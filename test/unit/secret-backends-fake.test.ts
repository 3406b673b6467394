// The macos-keychain and windows-dpapi backends against fake `security` and `powershell.exe`
// programs. Each fake records its argv, stdin and environment into its own directory and answers
// like the real tool, including its failure modes, so the tests can show where a secret travels
// (stdin only) and where it never does (argv, environment, error messages).
import assert from "node:assert/strict";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type TestContext } from "node:test";
import { macosKeychainBackend } from "../../src/secrets/backends/macos-keychain.js";
import { DPAPI_SCRIPT } from "../../src/secrets/backends/dpapi-script.js";
import {
  machineIdentity,
  pythonJsonDumps,
  requestDpapi,
  storageKey,
  windowsDpapiBackend,
} from "../../src/secrets/backends/windows-dpapi.js";
import { SecretBrokerError, SecretInputError } from "../../src/secrets/errors.js";

/** The spec's canary: a newline, a CJK character and `$value` (PowerShell interpolation). */
const CANARY = "canary\n漢$value";
/** The same without the newline, for the keychain tool that reads one line. */
const ONE_LINE_CANARY = "canary 漢$value'\"`;|&";
const NAMESPACE = "00112233445566778899aabbccddeeff";
const OTHER_NAMESPACE = "ffeeddccbbaa99887766554433221100";
const MACHINE_ID = "0123456789abcdef0123456789abcdef";
const UID = 1000;

interface Call {
  readonly argv: string[];
  readonly stdin: string;
  readonly env: Record<string, string>;
}

// Shared by both fakes: record the invocation, then hand argv and stdin to the tool's logic.
const RECORDER = `const fs = require("node:fs");
const path = require("node:path");
const dir = path.dirname(process.argv[1]);
const args = process.argv.slice(2);
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  const stdin = Buffer.concat(chunks).toString("utf8");
  const call = { argv: args, stdin, env: process.env };
  fs.appendFileSync(path.join(dir, "calls.jsonl"), JSON.stringify(call) + "\\n");
  const storePath = path.join(dir, "store.json");
  const store = fs.existsSync(storePath) ? JSON.parse(fs.readFileSync(storePath, "utf8")) : {};
  const save = () => fs.writeFileSync(storePath, JSON.stringify(store));
  answer(stdin, store, save);
});
`;

// macOS `security`: generic passwords keyed by service and account; -w prompts twice on stdin.
const FAKE_SECURITY = `${RECORDER}
function answer(stdin, store, save) {
  const option = (flag) => args[args.indexOf(flag) + 1];
  const item = option("-s") + "|" + option("-a");
  const notFound = "security: SecKeychainSearchCopyNext: The specified item could not be found in the keychain.\\n";
  switch (args[0]) {
    case "add-generic-password": {
      if (fs.existsSync(path.join(dir, "fail-put"))) {
        // A misbehaving tool that echoes what it read: the backend must still not repeat it.
        process.stderr.write("security: SecKeychainItemCreateFromContent (<default>): User interaction is not allowed. Read: " + stdin);
        process.exitCode = 45;
        return;
      }
      if (args[args.length - 1] !== "-w") {
        process.stderr.write("security: -w must come last to prompt\\n");
        process.exitCode = 2;
        return;
      }
      const [entered, retyped] = stdin.split("\\n");
      if (entered === undefined || entered !== retyped) {
        process.stderr.write("password data for new item: retype password for new item: passwords don't match\\n");
        process.exitCode = 1;
        return;
      }
      store[item] = entered;
      save();
      return;
    }
    case "find-generic-password":
      if (!(item in store)) {
        process.stderr.write(notFound);
        process.exitCode = 44;
        return;
      }
      process.stdout.write(store[item] + "\\n");
      return;
    case "delete-generic-password":
      if (!(item in store)) {
        process.stderr.write(notFound);
        process.exitCode = 44;
        return;
      }
      delete store[item];
      save();
      process.stdout.write("password has been deleted.\\n");
      return;
    default:
      process.exitCode = 2;
  }
}
`;

// powershell.exe running the DPAPI script: a store keyed by the storage key, and a "mode" file
// that selects a failure.
const FAKE_POWERSHELL = `${RECORDER}
function answer(stdin, store, save) {
  const modePath = path.join(dir, "mode");
  const mode = fs.existsSync(modePath) ? fs.readFileSync(modePath, "utf8") : "store";
  const request = JSON.parse(stdin);
  switch (mode) {
    case "fail":
      process.stdout.write("partial output " + request.value);
      process.stderr.write("Exception calling Protect with " + request.value + "\\r\\n");
      process.exitCode = 1;
      return;
    case "bom":
      process.stdout.write(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"value":"from a BOM answer 漢"}')]));
      return;
    case "not-json":
      process.stdout.write("#< CLIXML");
      return;
    case "no-value":
      process.stdout.write('{"values":"x"}');
      return;
    case "number":
      process.stdout.write('{"value":42}');
      return;
  }
  if (!/^[0-9a-f]{64}$/.test(request.key)) {
    process.stderr.write("Windows secure storage operation failed.\\r\\n");
    process.exitCode = 1;
    return;
  }
  let value = null;
  if (request.action === "put") {
    store[request.key] = String(request.value);
    save();
  } else if (request.action === "get") {
    value = request.key in store ? store[request.key] : null;
  } else if (request.action === "delete") {
    delete store[request.key];
    save();
  } else {
    process.stderr.write("Windows secure storage operation failed.\\r\\n");
    process.exitCode = 1;
    return;
  }
  process.stdout.write(JSON.stringify({ value }));
}
`;

// Never answers, as a keychain waiting for an unlock prompt; the shell and its sleep form the
// process group the timeout has to kill.
const FAKE_HANG = "#!/bin/sh\nsleep 30\n";

function fakeDir(t: TestContext): string {
  const dir = mkdtempSync(join(tmpdir(), "cellguard-fake-"));
  t.after(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
}

function writeFake(dir: string, name: string, source: string): string {
  const path = join(dir, name);
  const text = source.startsWith("#!") ? source : `#!${process.execPath}\n${source}`;
  writeFileSync(path, text);
  chmodSync(path, 0o755);
  return path;
}

function calls(dir: string): Call[] {
  const path = join(dir, "calls.jsonl");
  if (!existsSync(path)) return [];
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as Call);
}

function assertNeverInArgvOrEnv(recorded: readonly Call[], secret: string): void {
  assert.ok(recorded.length > 0, "the fake was called");
  for (const call of recorded) {
    for (const arg of call.argv) assert.ok(!arg.includes(secret), `argv leaks the secret: ${arg}`);
    for (const [key, value] of Object.entries(call.env))
      assert.ok(!value.includes(secret), `environment variable ${key} leaks the secret`);
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Error);
    return error;
  }
  assert.fail("expected a rejection");
}

// The caller's environment: the keychain tool must see only the four variables it needs.
const CALLER_ENV = {
  PATH: "/usr/bin:/bin",
  HOME: "/Users/someone",
  USER: "someone",
  LANG: "en_US.UTF-8",
  OPENAI_API_KEY: "sk-from-the-callers-environment",
  DYLD_INSERT_LIBRARIES: "/tmp/evil.dylib",
};

function keychain(t: TestContext, options: { timeoutMs?: number; source?: string } = {}) {
  const dir = fakeDir(t);
  const security = writeFake(dir, "security", options.source ?? FAKE_SECURITY);
  const backend = macosKeychainBackend({
    security,
    env: CALLER_ENV,
    isDarwin: true,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  return { dir, backend };
}

const ACCOUNT = `v2/${NAMESPACE}/llm/llm_api_key`;

test("macos-keychain put sends the secret only on stdin, twice, after a bare trailing -w", async (t) => {
  const { dir, backend } = keychain(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", ONE_LINE_CANARY);
  const [put, ...rest] = calls(dir);
  assert.deepEqual(rest, []);
  assert.deepEqual(put?.argv, [
    "add-generic-password",
    "-U",
    "-a",
    ACCOUNT,
    "-s",
    "cellguard",
    "-D",
    "cellguard credential",
    "-w",
  ]);
  assert.equal(put.stdin, `${ONE_LINE_CANARY}\n${ONE_LINE_CANARY}\n`);
  assertNeverInArgvOrEnv(calls(dir), ONE_LINE_CANARY);
});

test("macos-keychain passes the tool only PATH, HOME, USER and LANG, never the caller's environment", async (t) => {
  const { dir, backend } = keychain(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", ONE_LINE_CANARY);
  await backend.get(NAMESPACE, "llm", "llm_api_key");
  await backend.delete(NAMESPACE, "llm", "llm_api_key");
  const recorded = calls(dir);
  assert.equal(recorded.length, 3);
  for (const call of recorded)
    assert.deepEqual(call.env, {
      PATH: "/usr/bin:/bin",
      HOME: "/Users/someone",
      USER: "someone",
      LANG: "en_US.UTF-8",
    });
});

test("macos-keychain get reads the item back with find-generic-password -w", async (t) => {
  const { dir, backend } = keychain(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", ONE_LINE_CANARY);
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), ONE_LINE_CANARY);
  assert.deepEqual(calls(dir)[1]?.argv, [
    "find-generic-password",
    "-a",
    ACCOUNT,
    "-s",
    "cellguard",
    "-w",
  ]);
  assertNeverInArgvOrEnv(calls(dir), ONE_LINE_CANARY);
});

test("macos-keychain get strips exactly one trailing newline", async (t) => {
  const { dir, backend } = keychain(t);
  // Seeded directly: a value put through the backend cannot hold a newline.
  writeFileSync(join(dir, "store.json"), JSON.stringify({ [`cellguard|${ACCOUNT}`]: "value\n" }));
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), "value\n");
});

test("macos-keychain get of a missing item reads as null", async (t) => {
  const { backend } = keychain(t);
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), null);
});

test("macos-keychain delete runs delete-generic-password and ignores a missing item", async (t) => {
  const { dir, backend } = keychain(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", ONE_LINE_CANARY);
  await backend.delete(NAMESPACE, "llm", "llm_api_key");
  await backend.delete(NAMESPACE, "llm", "llm_api_key");
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), null);
  const deleteArgv = ["delete-generic-password", "-a", ACCOUNT, "-s", "cellguard"];
  assert.deepEqual(calls(dir)[1]?.argv, deleteArgv);
  assert.deepEqual(calls(dir)[2]?.argv, deleteArgv);
});

test("macos-keychain files the legacy v1 slot under the account <scope>/<name>", async (t) => {
  const { dir, backend } = keychain(t);
  await backend.get("", "llm", "llm_api_key");
  assert.deepEqual(calls(dir)[0]?.argv, [
    "find-generic-password",
    "-a",
    "llm/llm_api_key",
    "-s",
    "cellguard",
    "-w",
  ]);
});

test("macos-keychain reports a failed write with the tool's stderr and without the secret", async (t) => {
  const { dir, backend } = keychain(t);
  writeFileSync(join(dir, "fail-put"), "");
  const error = await rejection(backend.put(NAMESPACE, "llm", "llm_api_key", ONE_LINE_CANARY));
  assert.ok(error instanceof SecretBrokerError);
  assert.match(error.message, /^keychain write failed: security: SecKeychainItemCreateFromContent/);
  assert.ok(!error.message.includes(ONE_LINE_CANARY), "the message leaks the secret");
  assert.ok(!error.message.includes("canary"), "the message leaks part of the secret");
});

test("macos-keychain kills a tool that never answers (an unlock prompt) and says the keychain did not answer", async (t) => {
  const { backend } = keychain(t, { source: FAKE_HANG, timeoutMs: 300 });
  const error = await rejection(backend.get(NAMESPACE, "llm", "llm_api_key"));
  assert.ok(error instanceof SecretBrokerError);
  assert.match(error.message, /did not answer/);
});

test("macos-keychain refuses a secret with a newline or carriage return before spawning anything", async (t) => {
  const { dir, backend } = keychain(t);
  for (const secret of [CANARY, "canary\r漢$value"]) {
    const error = await rejection(backend.put(NAMESPACE, "llm", "llm_api_key", secret));
    assert.ok(error instanceof SecretInputError);
    assert.match(error.message, /newline/);
    assert.ok(!error.message.includes("canary"), "the message leaks the secret");
  }
  assert.deepEqual(calls(dir), []);
});

test("macos-keychain is available only on darwin with the security tool found", async () => {
  const available = (isDarwin: boolean, security: string | null) =>
    macosKeychainBackend({ security, env: {}, isDarwin }).available();
  assert.equal(await available(true, "/usr/bin/security"), true);
  assert.equal(await available(false, "/usr/bin/security"), false);
  assert.equal(await available(true, null), false);
  const backend = macosKeychainBackend({ security: null, env: {}, isDarwin: true });
  assert.deepEqual(
    [backend.name, backend.persistent, backend.secure, backend.readOnly],
    ["macos-keychain", true, true, false],
  );
});

// --- windows-dpapi ---------------------------------------------------------------------------

const WSL_ENV = {
  PATH: "/usr/bin:/bin",
  HOME: "/home/someone",
  WSLENV: "HOME/p:OPENAI_API_KEY",
  OPENAI_API_KEY: "sk-from-the-callers-environment",
};

function dpapi(t: TestContext, options: { mode?: string; source?: string } = {}) {
  const dir = fakeDir(t);
  const powershell = writeFake(dir, "powershell.exe", options.source ?? FAKE_POWERSHELL);
  if (options.mode !== undefined) writeFileSync(join(dir, "mode"), options.mode);
  const requestOptions = { powershell, env: WSL_ENV, uid: UID, machineId: MACHINE_ID };
  const backend = windowsDpapiBackend({
    powershell,
    isWsl: true,
    env: WSL_ENV,
    uid: UID,
    readFile: (path) => (path === "/etc/machine-id" ? `${MACHINE_ID}\n` : ""),
  });
  return { dir, powershell, requestOptions, backend };
}

test("windows-dpapi sends the secret only inside the stdin JSON, never in argv or the environment", async (t) => {
  const { dir, backend } = dpapi(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", CANARY);
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), CANARY);
  const [put, get] = calls(dir);
  assert.deepEqual(put?.argv, [
    "-NoLogo",
    "-NoProfile",
    "-NonInteractive",
    "-Command",
    DPAPI_SCRIPT,
  ]);
  assert.deepEqual(JSON.parse(put.stdin), {
    action: "put",
    key: storageKey(MACHINE_ID, UID, NAMESPACE, "llm", "llm_api_key"),
    value: CANARY,
  });
  assert.deepEqual(JSON.parse(get?.stdin ?? ""), {
    action: "get",
    key: storageKey(MACHINE_ID, UID, NAMESPACE, "llm", "llm_api_key"),
    value: null,
  });
  assertNeverInArgvOrEnv(calls(dir), CANARY);
  assertNeverInArgvOrEnv(calls(dir), "canary");
});

test("windows-dpapi passes only what interop needs, with WSLENV emptied: none of the caller's other variables", async (t) => {
  const { dir, backend } = dpapi(t);
  await backend.get(NAMESPACE, "llm", "llm_api_key");
  assert.deepEqual(calls(dir)[0]?.env, { PATH: WSL_ENV.PATH, HOME: WSL_ENV.HOME, WSLENV: "" });
});

test("windows-dpapi reports exactly 'operation failed' and echoes nothing the helper printed", async (t) => {
  const { backend } = dpapi(t, { mode: "fail" });
  const error = await rejection(backend.put(NAMESPACE, "llm", "llm_api_key", CANARY));
  assert.ok(error instanceof SecretBrokerError);
  assert.equal(error.message, "Windows secure storage operation failed");
});

test("windows-dpapi parses an answer that starts with a UTF-8 byte-order mark", async (t) => {
  const { backend } = dpapi(t, { mode: "bom" });
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), "from a BOM answer 漢");
});

test("windows-dpapi rejects an answer that is not JSON or has no value as an invalid response", async (t) => {
  for (const mode of ["not-json", "no-value"]) {
    const { backend } = dpapi(t, { mode });
    const error = await rejection(backend.get(NAMESPACE, "llm", "llm_api_key"));
    assert.ok(error instanceof SecretBrokerError);
    assert.equal(error.message, "Windows secure storage returned an invalid response", mode);
  }
});

test("windows-dpapi rejects a non-string value as an invalid value", async (t) => {
  const { backend } = dpapi(t, { mode: "number" });
  const error = await rejection(backend.get(NAMESPACE, "llm", "llm_api_key"));
  assert.equal(error.message, "Windows secure storage returned an invalid value");
});

test("windows-dpapi says storage could not be reached when powershell.exe cannot start or never answers", async (t) => {
  const { dir, requestOptions } = dpapi(t);
  const missing = { ...requestOptions, powershell: join(dir, "missing.exe") };
  const notStarted = await rejection(requestDpapi("get", NAMESPACE, "llm", "x", null, missing));
  assert.equal(notStarted.message, "Windows secure storage could not be reached");

  const hanging = { ...requestOptions, powershell: writeFake(dir, "hang.exe", FAKE_HANG) };
  const timedOut = await rejection(
    requestDpapi("put", NAMESPACE, "llm", "x", CANARY, { ...hanging, timeoutMs: 300 }),
  );
  assert.equal(timedOut.message, "Windows secure storage could not be reached");
});

test("windows-dpapi without WSL interop fails closed", async () => {
  const options = { powershell: null, env: {}, uid: UID, machineId: MACHINE_ID };
  const error = await rejection(requestDpapi("get", NAMESPACE, "llm", "x", null, options));
  assert.equal(error.message, "Windows secure storage requires WSL interoperability");
});

test("windows-dpapi keeps namespaces apart: another namespace gets another key and reads nothing", async (t) => {
  const { dir, backend } = dpapi(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", ONE_LINE_CANARY);
  assert.equal(await backend.get(OTHER_NAMESPACE, "llm", "llm_api_key"), null);
  const keys = calls(dir).map((call) => (JSON.parse(call.stdin) as { key: string }).key);
  assert.deepEqual(keys, [
    storageKey(MACHINE_ID, UID, NAMESPACE, "llm", "llm_api_key"),
    storageKey(MACHINE_ID, UID, OTHER_NAMESPACE, "llm", "llm_api_key"),
  ]);
  assert.notEqual(keys[0], keys[1]);
});

test("storageKey() binds the machine, the user, the namespace, the scope and the name", () => {
  const base = storageKey(MACHINE_ID, UID, NAMESPACE, "llm", "llm_api_key");
  const variants = [
    storageKey("fedcba9876543210fedcba9876543210", UID, NAMESPACE, "llm", "llm_api_key"),
    storageKey(MACHINE_ID, 1001, NAMESPACE, "llm", "llm_api_key"),
    storageKey(MACHINE_ID, UID, OTHER_NAMESPACE, "llm", "llm_api_key"),
    storageKey(MACHINE_ID, UID, "", "llm", "llm_api_key"),
    storageKey(MACHINE_ID, UID, NAMESPACE, "llmx", "llm_api_key"),
    storageKey(MACHINE_ID, UID, NAMESPACE, "llm", "llm_api_key2"),
  ];
  assert.match(base, /^[0-9a-f]{64}$/);
  assert.equal(new Set([base, ...variants]).size, variants.length + 1);
});

test("storageKey() hashes the exact bytes of Python's json.dumps", () => {
  // python3 -c 'import json,hashlib;print(hashlib.sha256(json.dumps(["0123456789abcdef0123456789abcdef", 1000, "", "llm", "llm_api_key"]).encode()).hexdigest())'
  assert.equal(
    storageKey(MACHINE_ID, 1000, "", "llm", "llm_api_key"),
    "00bf0fd112e467f8ac225be3e66c1363e61da20386ec8e080b952e18529e4ce3",
  );
  // python3 -c 'import json,hashlib;print(hashlib.sha256(json.dumps(["0123456789abcdef0123456789abcdef", 1000, "00112233445566778899aabbccddeeff", "connector_env", "lab.LAB_TOKEN"]).encode()).hexdigest())'
  assert.equal(
    storageKey(MACHINE_ID, 1000, NAMESPACE, "connector_env", "lab.LAB_TOKEN"),
    "7a32a6687d2b3f129152d5415b2cc393f085e5572b8037343dfb0dc594004883",
  );
  // python3 -c 'import json,hashlib;s=json.dumps(["m\"\\\n\t\x01\x7f", 0, "é漢😀\ud800", "\u2028", "x"]);print(s);print(hashlib.sha256(s.encode()).hexdigest())'
  assert.equal(
    storageKey('m"\\\n\t\x01\x7f', 0, "é漢😀\ud800", "\u2028", "x"),
    "ac9deecfd2a7f96292ecdd6fc193a46fbf2e5ce0114966cf52a44e072c2aee4c",
  );
});

test("pythonJsonDumps() writes Python's separators and ASCII escapes, surrogate pairs included", () => {
  // python3 -c 'import json;print(json.dumps(["a\"b\\c\n\r\t\b\f\x00\x1f\x7f", "漢", "😀", "é\u2028", 1000, ""]))'
  assert.equal(
    pythonJsonDumps(['a"b\\c\n\r\t\b\f\x00\x1f\x7f', "漢", "😀", "é\u2028", 1000, ""]),
    String.raw`["a\"b\\c\n\r\t\b\f\u0000\u001f\u007f", "\u6f22", "\ud83d\ude00", "\u00e9\u2028", 1000, ""]`,
  );
  // python3 -c 'import json;print(json.dumps(["m\"\\\n\t\x01\x7f", 0, "é漢😀\ud800", "\u2028", "x"]))'
  assert.equal(
    pythonJsonDumps(['m"\\\n\t\x01\x7f', 0, "é漢😀\ud800", "\u2028", "x"]),
    String.raw`["m\"\\\n\t\u0001\u007f", 0, "\u00e9\u6f22\ud83d\ude00\ud800", "\u2028", "x"]`,
  );
  assert.throws(() => pythonJsonDumps([1.5]), RangeError);
});

test("machineIdentity() takes the first non-empty trimmed ASCII machine-id, else fails closed", () => {
  const from = (files: Record<string, string>) => (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error(`ENOENT: ${path}`);
    return text;
  };
  assert.equal(
    machineIdentity(
      from({ "/etc/machine-id": ` ${MACHINE_ID}\n`, "/var/lib/dbus/machine-id": "x" }),
    ),
    MACHINE_ID,
  );
  assert.equal(
    machineIdentity(from({ "/etc/machine-id": " \n", "/var/lib/dbus/machine-id": "dbus-id\n" })),
    "dbus-id",
  );
  assert.equal(machineIdentity(from({ "/var/lib/dbus/machine-id": "dbus-id" })), "dbus-id");
  assert.equal(
    machineIdentity(
      from({ "/etc/machine-id": "machine-idé", "/var/lib/dbus/machine-id": "dbus-id" }),
    ),
    "dbus-id",
  );
  assert.throws(() => machineIdentity(from({})), {
    message: "Windows secure storage requires a persistent WSL machine identity",
  });
});

test("windows-dpapi is available only on WSL with powershell.exe and a machine identity", async () => {
  const available = (isWsl: boolean, powershell: string | null, id: string) =>
    windowsDpapiBackend({ powershell, isWsl, env: {}, uid: UID, readFile: () => id }).available();
  assert.equal(await available(true, "/mnt/c/powershell.exe", MACHINE_ID), true);
  assert.equal(await available(false, "/mnt/c/powershell.exe", MACHINE_ID), false);
  assert.equal(await available(true, null, MACHINE_ID), false);
  assert.equal(await available(true, "/mnt/c/powershell.exe", "\n"), false);
  const backend = windowsDpapiBackend({ powershell: null, isWsl: true, env: {}, uid: UID });
  assert.deepEqual(
    [backend.name, backend.persistent, backend.secure, backend.readOnly],
    ["windows-dpapi", true, true, false],
  );
});

test("windows-dpapi delete removes the stored value", async (t) => {
  const { dir, backend } = dpapi(t);
  await backend.put(NAMESPACE, "llm", "llm_api_key", CANARY);
  await backend.delete(NAMESPACE, "llm", "llm_api_key");
  assert.equal(await backend.get(NAMESPACE, "llm", "llm_api_key"), null);
  assert.equal((JSON.parse(calls(dir)[1]?.stdin ?? "") as { action: string }).action, "delete");
});

test("the DPAPI script follows the contract: raw UTF-8 streams, a checked key, CurrentUser scope, one generic failure line", () => {
  for (const part of [
    "[Console]::OpenStandardInput()",
    "[Console]::OpenStandardOutput()",
    "'^[0-9a-f]{64}$'",
    "'cellguard', 'secrets'",
    "'.dpapi'",
    "'cellguard/' + $key",
    "DataProtectionScope]::CurrentUser",
    "[System.IO.File]::Replace(",
    "[System.IO.File]::Move(",
    "throw 'Invalid operation'",
    "-Compress",
    "[Console]::Error.WriteLine('Windows secure storage operation failed.')",
    "exit 1",
  ])
    assert.ok(DPAPI_SCRIPT.includes(part), `the script lacks ${part}`);
  assert.ok(!DPAPI_SCRIPT.includes("OutputEncoding"), "the script sets a console encoding");
  assert.ok(!DPAPI_SCRIPT.includes('"'), "the script contains a double quote");
});
