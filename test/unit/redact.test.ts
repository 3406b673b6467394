// Redaction of shell text before it is persisted: credentials in every shape the spec names (and
// the added vendor shapes) are replaced, ordinary text is kept, the cut never exposes part of a
// secret, and megabyte inputs built to stall a backtracking matcher still finish.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { DEFAULT_REDACT_LIMIT, redactShellText } from "../../src/screen/host/redact.js";

const all = (text: string): string => redactShellText(text, Infinity);

const PEM_BODY = "MIIEowIBAAKCAQEAq1w2e3r4t5y6u7i8o9p0\nQWERTYUIOPASDFGHJKLZXCVBNMqwertyuio";

function pem(label: string, body = PEM_BODY): string {
  return `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
}

describe("redactShellText: the spec's rules", () => {
  test("Bearer <credential> becomes Bearer <redacted>", () => {
    assert.equal(
      all("curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig' https://api.x.org"),
      "curl -H 'Authorization: Bearer <redacted>' https://api.x.org",
    );
    assert.equal(all("authorization: bearer abc/def+ghi=="), "authorization: bearer <redacted>");
  });

  test("each spec token prefix followed by 8 or more token characters is replaced", () => {
    for (const prefix of ["sk-", "ark-", "ghp-", "github_pat-", "hf-"]) {
      assert.equal(all(`key is ${prefix}Ab3_d-F8 here`), "key is <redacted-token> here", prefix);
    }
    for (const kind of "baprs") {
      assert.equal(all(`slack xox${kind}-1234-5678-abcd`), "slack <redacted-token>", kind);
    }
  });

  test("a prefix followed by fewer than 8 token characters is kept", () => {
    assert.equal(all("sk-abc1234 ark-x hf-short"), "sk-abc1234 ark-x hf-short");
  });

  test("NAME=value with a secret word in the name (any case) keeps the name only", () => {
    const names = [
      "OPENAI_API_KEY",
      "github_token",
      "AWS_SECRET_ACCESS_KEY",
      "DB_PASSWORD",
      "MYSQL_PASSWD",
      "GOOGLE_APPLICATION_CREDENTIALS",
      "apiKey",
      "SECRET",
    ];
    for (const name of names) {
      assert.equal(all(`${name}=hunter2-value run.sh`), `${name}=<redacted> run.sh`, name);
    }
  });

  test("the result is cut to 4000 characters by default and to the given limit", () => {
    assert.equal(DEFAULT_REDACT_LIMIT, 4000);
    assert.equal(redactShellText("x".repeat(10_000)).length, 4000);
    assert.equal(redactShellText("abcdef", 3), "abc");
    assert.equal(redactShellText("abcdef", 0), "");
    assert.equal(redactShellText("abcdef", Infinity), "abcdef");
  });
});

describe("redactShellText: shapes beyond the spec", () => {
  test("GitHub, Hugging Face, Anthropic, GitLab, npm, Slack and AWS tokens are replaced", () => {
    const tokens = [
      "ghp_0123456789abcdefghijABCDEFGHIJ012345",
      "gho_0123456789abcdefghijABCDEFGHIJ012345",
      "ghs_0123456789abcdefghijABCDEFGHIJ012345",
      "ghu_0123456789abcdefghijABCDEFGHIJ012345",
      "ghr_0123456789abcdefghijABCDEFGHIJ012345",
      "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
      "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH",
      "sk-ant-api03-abcdefghijklmnop_qrstuv-wxyz",
      "sk-proj-abcdefghijklmnopqrstuvwxyz",
      "glpat-abcdefghij0123456789",
      "npm_abcdefghijklmnopqrstuvwxyz0123456789",
      "xoxe-1-abcdefghijklmnop",
      "AKIAIOSFODNN7EXAMPLE",
      "ASIAIOSFODNN7EXAMPLE",
    ];
    for (const token of tokens) {
      assert.equal(all(`got ${token}.`), "got <redacted-token>.", token);
      assert.equal(all(`"${token}"`), '"<redacted-token>"', token);
    }
  });

  test("PEM private-key blocks of every kind are replaced whole", () => {
    const labels = [
      "PRIVATE KEY",
      "RSA PRIVATE KEY",
      "EC PRIVATE KEY",
      "OPENSSH PRIVATE KEY",
      "ENCRYPTED PRIVATE KEY",
      "PGP PRIVATE KEY BLOCK",
    ];
    for (const label of labels) {
      assert.equal(
        all(`before\n${pem(label)}\nafter`),
        "before\n<redacted-private-key>\nafter",
        label,
      );
    }
  });

  test("a private key with no END line is hidden to the end of the text", () => {
    assert.equal(
      all(`log\n-----BEGIN RSA PRIVATE KEY-----\n${PEM_BODY}\n(truncated`),
      "log\n<redacted-private-key>",
    );
  });

  test("a private key inside a JSON string with escaped newlines is replaced", () => {
    const json = `{"private_key": "${pem("PRIVATE KEY").replaceAll("\n", "\\n")}", "x": 1}`;
    const out = all(json);
    assert.ok(!out.includes("MIIEow"), out);
    assert.ok(out.endsWith(`"x": 1}`), out);
  });

  test("a value that starts a private key swallows the whole key, not only its first line", () => {
    const out = all(`PRIVATE_KEY=${pem("RSA PRIVATE KEY")}\nnext`);
    assert.equal(out, "PRIVATE_KEY=<redacted>\nnext");
    const yaml = all(`signing_key: ${pem("EC PRIVATE KEY")}\nnext: 1`);
    assert.equal(yaml, "signing_key: <redacted>\nnext: 1");
  });

  test("certificates and public keys are kept", () => {
    const cert = pem("CERTIFICATE");
    const pub = pem("PUBLIC KEY");
    assert.equal(all(cert), cert);
    assert.equal(all(pub), pub);
  });
});

describe("redactShellText: assignment forms", () => {
  test("export, YAML, headers, JSON, Python reprs, flags and config files", () => {
    const cases: [string, string][] = [
      ["export GITHUB_TOKEN=abc123 && make", "export GITHUB_TOKEN=<redacted> && make"],
      ["api_key: abc def ghi\nmodel: x", "api_key: <redacted>\nmodel: x"],
      ["  - password: hunter2", "  - password: <redacted>"],
      ["curl -H 'X-Api-Key: abc def' https://u", "curl -H 'X-Api-Key: <redacted>' https://u"],
      ['{"client_secret": "abc", "model": "x"}', '{"client_secret": "<redacted>", "model": "x"}'],
      ['{"apiKey":12345,"n":1}', '{"apiKey":<redacted>,"n":1}'],
      ["{'api_key': 'abc'}", "{'api_key': '<redacted>'}"],
      ["run --db-password=hunter2 --verbose", "run --db-password=<redacted> --verbose"],
      ['TOKEN="a b c" ./run', 'TOKEN="<redacted>" ./run'],
      ["password = correct horse battery\nuser = me", "password = <redacted>\nuser = me"],
      ["'api_key' => 'abc',", "'api_key' => '<redacted>',"],
      ["https://x.org/cb?token=abc123&state=1", "https://x.org/cb?token=<redacted>&state=1"],
      ['SECRET="unterminated value\nnext', 'SECRET="<redacted>\nnext'],
    ];
    for (const [input, expected] of cases) assert.equal(all(input), expected, input);
  });

  test("names where the secret word is part of another word are kept", () => {
    const kept = [
      "tokenizer=bert-base",
      "keyboard=us",
      "keyword: alpha",
      "passwordless=true",
      "KEYSTORE=/etc/ks",
    ];
    for (const text of kept) assert.equal(all(text), text);
  });

  test("text that only resembles a secret is kept", () => {
    const kept = [
      "task-abcdefghijkl risk-assessment-model ask-questions-now",
      "from huggingface_hub import hf_hub_download",
      "npm_config_cache=/tmp/npm",
      "if a == b: key == value",
      "std::string token_type;",
      "http://localhost:8080/key",
      "Password:\nok",
      "key=",
      "Bearer <redacted>",
    ];
    for (const text of kept) assert.equal(all(text), text);
  });

  test("a vendor token inside a variable name is still replaced", () => {
    assert.equal(all("sk-abcdefghijKEY=1"), "<redacted-token>=<redacted>");
  });
});

describe("redactShellText: the cut and odd input", () => {
  test("cutting inside a secret never shows part of it: redaction happens first", () => {
    const secret = "sk-SECRETSECRETSECRETSECRET";
    const text = `${"x".repeat(3990)} ${secret} tail`;
    for (let limit = 3985; limit < 4020; limit += 1) {
      const out = redactShellText(text, limit);
      assert.ok(out.length <= limit);
      assert.ok(!out.includes("SECR"), `limit ${limit}`);
    }
  });

  test("the cut does not split a surrogate pair", () => {
    const out = redactShellText(`ab\u{1F600}`, 3);
    assert.equal(out, "ab");
  });

  test("a negative or NaN limit is a RangeError", () => {
    assert.throws(() => redactShellText("x", -1), RangeError);
    assert.throws(() => redactShellText("x", Number.NaN), {
      name: "RangeError",
      message:
        "Cannot redact shell text: limit must be a non-negative number: current value is NaN",
    });
  });

  test("a non-string gives the empty string", () => {
    assert.equal(redactShellText(undefined as unknown as string), "");
  });
});

describe("redactShellText: adversarial megabyte inputs finish and stay correct", () => {
  const MB = 1_000_000;

  test("1 MB without a newline is kept as is", () => {
    const text = "lorem ipsum dolor ".repeat(MB / 18);
    assert.equal(all(text), text);
  });

  test("1 MB run of sk- is one token", () => {
    assert.equal(all("sk-".repeat(MB / 3)), "<redacted-token>");
  });

  test("1 MB of short token-like fragments is kept", () => {
    const text = "sk-abc!".repeat(MB / 7);
    assert.equal(all(text), text);
  });

  test("1 MB of KEY= is one assignment", () => {
    assert.equal(all("KEY=".repeat(MB / 4)), "KEY=<redacted>");
  });

  test("1 MB of name characters, of quotes and of `a=`", () => {
    const letters = "a".repeat(MB);
    assert.equal(all(letters), letters);
    const quotes = '"'.repeat(MB);
    assert.equal(all(quotes), quotes);
    const pairs = "a=".repeat(MB / 2);
    assert.equal(all(pairs), pairs);
  });

  test("1 MB of Bearer and of blanks after Bearer", () => {
    const bearers = all("Bearer ".repeat(MB / 7));
    assert.ok(bearers.startsWith("Bearer <redacted>"));
    const blanks = `Bearer${" ".repeat(MB)}!`;
    assert.equal(all(blanks), blanks);
  });

  test("1 MB of unterminated BEGIN lines and of stray END lines", () => {
    const begins = "-----BEGIN RSA PRIVATE KEY-----\n".repeat(MB / 32);
    assert.equal(all(begins), "<redacted-private-key>");
    const ends = "-----END RSA PRIVATE KEY-----\n".repeat(MB / 30);
    assert.equal(all(ends), ends);
    const notKeys = "-----BEGIN CERTIFICATE-----".repeat(MB / 27);
    assert.equal(all(notKeys), notKeys);
  });

  test("1 MB of an unclosed quoted secret value and of `token: ` headers", () => {
    assert.equal(all(`TOKEN="${"x".repeat(MB)}`), 'TOKEN="<redacted>');
    const headers = all("token: a ".repeat(MB / 9));
    assert.equal(headers, "token: <redacted>");
  });

  test("the default limit stops early on a megabyte without losing a secret before the cut", () => {
    const out = redactShellText(`API_KEY=hunter2 ${"y".repeat(MB)}`);
    assert.equal(out.length, DEFAULT_REDACT_LIMIT);
    assert.ok(out.startsWith("API_KEY=<redacted> y"));
  });
});

describe("redactShellText: properties", () => {
  const body = fc.stringMatching(/^[A-Za-z0-9]{20,40}$/u).map((text) => `9Q${text}`);
  const planted = fc.oneof(
    body.map((b) => ({ text: `sk-${b}`, secret: b })),
    body.map((b) => ({ text: `ghp_${b}`, secret: b })),
    body.map((b) => ({ text: `github_pat_${b}`, secret: b })),
    body.map((b) => ({ text: `xoxb-${b}`, secret: b })),
    body.map((b) => ({ text: `Bearer ${b}`, secret: b })),
    body.map((b) => ({ text: `API_KEY=${b}`, secret: b })),
    body.map((b) => ({ text: `password: ${b}`, secret: b })),
    body.map((b) => ({ text: `"client_secret": "${b}"`, secret: b })),
    body.map((b) => ({ text: pem("RSA PRIVATE KEY", `${b}\n${b}`), secret: b })),
  );
  // Text made of the characters that steer the recognisers, so their interplay is exercised.
  const shellish = fc.stringOf(fc.constantFrom(..."KEYtokn=:\"' \n\t-_.aB/;&|`{}[]()<>@$#!"), {
    maxLength: 80,
  });
  const surrounding = fc.oneof(shellish, fc.fullUnicodeString({ maxLength: 80 }));
  const separator = fc.constantFrom(" ", "\n", "\t", " ; ", "\n\n");

  test("property: a secret planted in random surrounding text never survives", () => {
    fc.assert(
      fc.property(
        fc.tuple(surrounding, separator),
        planted,
        fc.tuple(separator, surrounding),
        ([before, gap1], { text, secret }, [gap2, after]) => {
          const out = all(`${before}${gap1}${text}${gap2}${after}`);
          return !out.includes(secret);
        },
      ),
      { numRuns: 500 },
    );
  });

  test("property: at any limit, no 6-character piece of a planted secret survives the cut", () => {
    fc.assert(
      fc.property(surrounding, planted, fc.nat({ max: 400 }), (before, { text, secret }, limit) => {
        const out = redactShellText(`${before} ${text} end`, limit);
        if (out.length > limit) return false;
        for (let at = 0; at + 6 <= secret.length; at += 1) {
          if (out.includes(secret.slice(at, at + 6))) return false;
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });

  test("property: redactShellText is total on any string and idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(shellish, fc.fullUnicodeString({ maxLength: 200 })), (text) => {
        const once = all(text);
        return typeof once === "string" && all(once) === once;
      }),
      { numRuns: 500 },
    );
  });
});
