// Seatbelt (SBPL) profile: a golden file for the single-user policy, the rule order SBPL's
// last-match-wins semantics depend on, and quoting that keeps any path one string. The profile is
// parsed with a small S-expression reader so "no extra rule" is proven, not grepped.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { SandboxConfigurationError } from "../../src/errors.js";
import type { DenyEntry, SandboxPolicy } from "../../src/policy/sandbox-policy.js";
import {
  SANDBOX_EXEC,
  quoteSbpl,
  renderSeatbeltArgv,
  renderSeatbeltProfile,
} from "../../src/render/seatbelt.js";
import { assertGolden } from "./golden.js";

const WORKSPACE = "/Users/u/ws";
const TEMP = "/private/var/folders/xy/T/cellguard-kernel-abc123";

const DENY_READ: readonly DenyEntry[] = [
  { kind: "subpath", path: "/Users/u/Library/Application Support/cellguard" },
  { kind: "prefix", path: "/Users/u/Library/Application Support/cellguard/cellguard.db" },
  { kind: "subpath", path: "/Users/u/.ssh" },
  { kind: "literal", path: "/Users/u/.netrc" },
];

function policy(overrides: Partial<SandboxPolicy> = {}): SandboxPolicy {
  return {
    workspace: WORKSPACE,
    tempDir: TEMP,
    allowRawNetwork: false,
    denyRead: DENY_READ,
    readMasks: [],
    dropCapabilities: false,
    ...overrides,
  };
}

// ---- a minimal SBPL reader: lists, symbols, "strings" with the escapes quoteSbpl emits, #"regex"

type Sexp = string | { readonly str: string } | { readonly regex: string } | readonly Sexp[];

const isStr = (x: Sexp): x is { readonly str: string } =>
  typeof x === "object" && !Array.isArray(x) && "str" in x;
const isList = (x: Sexp): x is readonly Sexp[] => Array.isArray(x);

function readProfile(text: string): Sexp[] {
  let i = 0;
  const readString = (): string => {
    let out = "";
    i += 1; // opening quote
    for (;;) {
      const ch = text[i];
      if (ch === undefined) throw new Error("unterminated string");
      if (ch === '"') {
        i += 1;
        return out;
      }
      if (ch === "\\") {
        const esc = text[i + 1];
        const map: Record<string, string> = { "\\": "\\", '"': '"', n: "\n", r: "\r", t: "\t" };
        if (esc === undefined || !Object.hasOwn(map, esc))
          throw new Error(`unknown escape \\${esc ?? ""}`);
        out += map[esc];
        i += 2;
        continue;
      }
      out += ch;
      i += 1;
    }
  };
  const readForm = (): Sexp => {
    const ch = text[i];
    if (ch === "(") {
      i += 1;
      const list: Sexp[] = [];
      for (;;) {
        skipSpace();
        if (text[i] === undefined) throw new Error("unterminated list");
        if (text[i] === ")") {
          i += 1;
          return list;
        }
        list.push(readForm());
      }
    }
    if (ch === '"') return { str: readString() };
    if (ch === "#" && text[i + 1] === '"') {
      i += 1;
      return { regex: readString() };
    }
    if (ch === ")") throw new Error(`unbalanced ) at ${i}`);
    const start = i;
    while (i < text.length && !/[\s()";]/.test(text[i] ?? "")) i += 1;
    if (i === start) throw new Error(`unexpected character at ${i}`);
    return text.slice(start, i);
  };
  const skipSpace = (): void => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i] ?? "")) i += 1;
      if (text[i] !== ";") return;
      while (i < text.length && text[i] !== "\n") i += 1; // comment to end of line
    }
  };
  const forms: Sexp[] = [];
  for (;;) {
    skipSpace();
    if (i >= text.length) return forms;
    forms.push(readForm());
  }
}

/** A form as compact SBPL text again (strings re-quoted with JSON), for readable comparisons. */
function show(x: Sexp): string {
  if (typeof x === "string") return x;
  if (isList(x)) return `(${x.map(show).join(" ")})`;
  if (isStr(x)) return JSON.stringify(x.str);
  return `#${JSON.stringify(x.regex)}`;
}

/** Top-level rules as [action, operation] heads, e.g. "allow file-write*". */
function heads(forms: readonly Sexp[]): string[] {
  return forms.map((f) => (isList(f) ? `${show(f[0] ?? "")} ${show(f[1] ?? "")}` : show(f)));
}

/** Every string literal in the profile, decoded. */
function strings(x: Sexp): string[] {
  if (isList(x)) return x.flatMap(strings);
  return isStr(x) ? [x.str] : [];
}

/** Profile text with string and regex literals blanked out: what SBPL reads as code. */
function codeOnly(profile: string): string {
  return profile.replace(/#?"(?:[^"\\]|\\.)*"/g, '""');
}

const HOSTILE = '/Users/u/a b"c\\d\ne\rf\tg") (allow network*) (allow file-write* (subpath "/"))';

describe("seatbelt profile golden files", () => {
  test("single-user profile matches seatbelt-single-user.sb", () => {
    assertGolden("seatbelt-single-user.sb", renderSeatbeltProfile(policy()));
  });

  test("single-user profile with raw network allowed matches seatbelt-single-user-raw-network.sb", () => {
    assertGolden(
      "seatbelt-single-user-raw-network.sb",
      renderSeatbeltProfile(policy({ allowRawNetwork: true })),
    );
  });
});

describe("seatbelt profile rules", () => {
  test("the rule groups appear in the order last-match-wins requires", () => {
    const forms = readProfile(renderSeatbeltProfile(policy()));
    assert.deepEqual(heads(forms), [
      "version 1", // 1
      "allow default", // 2
      "deny network*", // 3
      "deny file-write*", // 4
      "allow file-write*", // 5
      // 6: team read isolation: not part of a single-user policy
      "deny file-read*", // 7: one per deny entry, in order
      "deny file-read*",
      "deny file-read*",
      "deny file-read*",
      "deny mach-lookup", // 8: keychain
      "deny file-read*",
      "deny file-read*",
      "deny process-info*", // 9: other processes' arguments and environment
      "deny sysctl-read",
    ]);
    assert.deepEqual(forms.slice(5, 9).map(show), [
      '(deny file-read* (subpath "/Users/u/Library/Application Support/cellguard"))',
      '(deny file-read* (prefix "/Users/u/Library/Application Support/cellguard/cellguard.db"))',
      '(deny file-read* (subpath "/Users/u/.ssh"))',
      '(deny file-read* (literal "/Users/u/.netrc"))',
    ]);
    assert.deepEqual(forms.slice(9).map(show), [
      '(deny mach-lookup (global-name "com.apple.SecurityServer") (global-name "com.apple.securityd.xpc"))',
      '(deny file-read* (subpath "/Library/Keychains"))',
      '(deny file-read* (regex #"^/Users/[^/]+/Library/Keychains(/|$)"))',
      "(deny process-info* (target others))",
      '(deny sysctl-read (sysctl-name-prefix "kern.proc"))',
    ]);
  });

  test("exactly one (allow default), and no rule allows reads", () => {
    for (const allowRawNetwork of [false, true]) {
      const profile = renderSeatbeltProfile(policy({ allowRawNetwork }));
      const forms = readProfile(profile);
      assert.equal(heads(forms).filter((h) => h === "allow default").length, 1);
      assert.equal(profile.split("(allow default)").length - 1, 1);
      assert.ok(!heads(forms).some((h) => h.startsWith("allow file-read")));
    }
  });

  test("(deny network*) is present by default and absent with raw network allowed", () => {
    const blocked = renderSeatbeltProfile(policy());
    const raw = renderSeatbeltProfile(policy({ allowRawNetwork: true }));
    assert.ok(heads(readProfile(blocked)).includes("deny network*"));
    assert.ok(!raw.includes("network"), "no network rule at all with raw network allowed");
    assert.equal(raw, blocked.replace("(deny network*)\n", ""), "only that line differs");
  });

  test("writes are allowed only to the workspace, the private temp and the device literals", () => {
    const forms = readProfile(renderSeatbeltProfile(policy()));
    const allowWrites = forms.filter((f) => isList(f) && f[0] === "allow");
    assert.deepEqual(allowWrites.map(show), [
      "(allow default)",
      `(allow file-write* (subpath "${WORKSPACE}") (subpath "${TEMP}") (literal "/dev/null") (literal "/dev/zero") (literal "/dev/fd/3"))`,
    ]);
    const denyWrite = heads(forms).indexOf("deny file-write*");
    const allowWrite = heads(forms).indexOf("allow file-write*");
    assert.ok(denyWrite >= 0 && allowWrite === denyWrite + 1, "allow list right after the deny");
  });

  test("/dev/fd/3 (a worker's protocol fd) is writable", () => {
    const forms = readProfile(renderSeatbeltProfile(policy()));
    const allowWrite = forms.find((f) => isList(f) && f[0] === "allow" && f[1] === "file-write*");
    assert.ok(allowWrite !== undefined && isList(allowWrite));
    assert.ok(allowWrite.slice(2).map(show).includes('(literal "/dev/fd/3")'));
  });

  test("every read deny, the keychain denies and the process-info denies come after (allow default)", () => {
    const profile = renderSeatbeltProfile(policy());
    const lines = profile.split("\n");
    const allowDefault = lines.indexOf("(allow default)");
    assert.equal(allowDefault, 1);
    const mustFollow = [
      ...DENY_READ.map((e) => `(deny file-read* (${e.kind} ${quoteSbpl(e.path)}))`),
      '(deny mach-lookup (global-name "com.apple.SecurityServer") (global-name "com.apple.securityd.xpc"))',
      '(deny file-read* (subpath "/Library/Keychains"))',
      "(deny process-info* (target others))",
      '(deny sysctl-read (sysctl-name-prefix "kern.proc"))',
    ];
    for (const rule of mustFollow) {
      const at = lines.indexOf(rule);
      assert.ok(at > allowDefault, `${rule} comes after (allow default) (line ${at})`);
    }
  });

  test("the keychain and process-info baseline is present with an empty deny list", () => {
    const forms = readProfile(renderSeatbeltProfile(policy({ denyRead: [] })));
    assert.deepEqual(heads(forms).slice(5), [
      "deny mach-lookup",
      "deny file-read*",
      "deny file-read*",
      "deny process-info*",
      "deny sysctl-read",
    ]);
  });

  test("the profile ends with a newline and holds no NUL", () => {
    const profile = renderSeatbeltProfile(policy());
    assert.ok(profile.endsWith(")\n"));
    assert.ok(!profile.includes("\0"));
  });
});

describe("seatbelt quoting", () => {
  test("quoteSbpl escapes backslash, quote, newline, CR and tab and nothing else", () => {
    assert.equal(quoteSbpl("/a"), '"/a"');
    assert.equal(quoteSbpl('\\"\n\r\t'), '"\\\\\\"\\n\\r\\t"');
    assert.equal(quoteSbpl("é 世界 🙂 ;#()"), '"é 世界 🙂 ;#()"');
    assert.equal(quoteSbpl(""), '""');
  });

  test("a workspace path with `) (allow network*)`, quotes, backslashes and control characters stays one string", () => {
    const benign = renderSeatbeltProfile(policy());
    const profile = renderSeatbeltProfile(
      policy({
        workspace: HOSTILE,
        tempDir: `${HOSTILE}/tmp`,
        denyRead: [...DENY_READ, { kind: "literal", path: `${HOSTILE}/.env` }],
      }),
    );
    const forms = readProfile(profile);
    const benignForms = readProfile(benign);
    // Same rules as the benign profile (plus the one extra deny entry), nothing injected.
    assert.deepEqual(heads(forms), [
      ...heads(benignForms).slice(0, 9),
      "deny file-read*",
      ...heads(benignForms).slice(9),
    ]);
    // The hostile text is data: outside string literals the profile has the same code.
    const code = codeOnly(profile);
    assert.equal(code.split("(allow").length - 1, codeOnly(benign).split("(allow").length - 1);
    assert.equal(code.split("(allow").length - 1, 2);
    assert.ok(!code.includes("network*) (allow"));
    // The strings decode back to exactly the paths that went in.
    const allowWrite = forms[4];
    assert.ok(allowWrite !== undefined && isList(allowWrite));
    assert.deepEqual(strings(allowWrite), [
      HOSTILE,
      `${HOSTILE}/tmp`,
      "/dev/null",
      "/dev/zero",
      "/dev/fd/3",
    ]);
    const extraDeny = forms[9];
    assert.ok(extraDeny !== undefined);
    assert.deepEqual(strings(extraDeny), [`${HOSTILE}/.env`]);
    // No raw control character reaches the profile text from the path.
    assert.ok(!/[\r\t]/.test(profile));
    assert.equal(profile.split("\n").length, benign.split("\n").length + 1);
  });

  test("a deny path ending in a backslash cannot swallow the closing quote", () => {
    const profile = renderSeatbeltProfile(
      policy({ denyRead: [{ kind: "subpath", path: "/Users/u/evil\\" }] }),
    );
    const forms = readProfile(profile);
    assert.deepEqual(strings(forms[5] ?? []), ["/Users/u/evil\\"]);
    assert.equal(heads(forms).length, readProfile(renderSeatbeltProfile(policy())).length - 3);
  });

  for (const field of ["workspace", "tempDir", "denyRead"] as const) {
    test(`a NUL in the ${field} path is refused with SandboxConfigurationError`, () => {
      const nul = "/Users/u/ws\0/(allow default)";
      const overrides: Partial<SandboxPolicy> =
        field === "denyRead" ? { denyRead: [{ kind: "literal", path: nul }] } : { [field]: nul };
      assert.throws(
        () => renderSeatbeltProfile(policy(overrides)),
        (error: unknown) => error instanceof SandboxConfigurationError && /NUL/.test(error.message),
      );
    });
  }

  test("an unknown deny kind (glob) is refused with SandboxConfigurationError", () => {
    const glob = { kind: "glob", path: "/Users/u/*" } as unknown as DenyEntry;
    assert.throws(
      () => renderSeatbeltProfile(policy({ denyRead: [glob] })),
      (error: unknown) =>
        error instanceof SandboxConfigurationError && error.message.includes('"glob"'),
    );
  });
});

describe("seatbelt argv", () => {
  test("renderSeatbeltArgv is [/usr/bin/sandbox-exec, -p, profile, ...command], no shell", () => {
    const command = ["/usr/bin/python3", "-c", "import os; os.system('id')", "; rm -rf ~", "$(id)"];
    const argv = renderSeatbeltArgv(policy(), command);
    assert.equal(SANDBOX_EXEC, "/usr/bin/sandbox-exec");
    assert.deepEqual(argv, [
      "/usr/bin/sandbox-exec",
      "-p",
      renderSeatbeltProfile(policy()),
      ...command,
    ]);
    for (const shell of ["/bin/sh", "/bin/bash", "/bin/zsh", "sh", "bash"]) {
      assert.ok(!argv.slice(0, 3).includes(shell));
    }
  });

  test("an empty command is refused with TypeError", () => {
    assert.throws(() => renderSeatbeltArgv(policy(), []), TypeError);
  });
});
