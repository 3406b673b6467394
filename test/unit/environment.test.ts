// The worker environment is built from an allowlist: credentials, agent sockets, proxies and
// loader-injection variables from the daemon's environment never reach a sandboxed process.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  DEFAULT_PATH,
  buildKernelEnvironment,
  isDeniedVariable,
} from "../../src/kernel/environment.js";

const WS = "/home/u/ws";

/** A daemon environment with everything a worker must not see, and a few things it should. */
const HOSTILE_SOURCE: NodeJS.ProcessEnv = {
  HOME: "/home/u",
  USER: "u",
  PATH: "/usr/bin:/bin",
  LANG: "en_GB.UTF-8",
  LC_ALL: "en_GB.UTF-8",
  LC_CTYPE: "C.UTF-8",
  TERM: "xterm-256color",
  TZ: "Europe/London",
  CELLGUARD_DATA_DIR: "/home/u/.local/share/cellguard",
  // loader and interpreter injection
  LD_PRELOAD: "/tmp/evil.so",
  LD_LIBRARY_PATH: "/tmp/evil",
  LD_AUDIT: "/tmp/evil.so",
  DYLD_INSERT_LIBRARIES: "/tmp/evil.dylib",
  DYLD_LIBRARY_PATH: "/tmp/evil",
  NODE_OPTIONS: "--require /tmp/evil.js",
  BASH_ENV: "/tmp/evil.sh",
  ENV: "/tmp/evil.sh",
  PYTHONSTARTUP: "/tmp/evil.py",
  PYTHONPATH: "/tmp/evil-site",
  PYTHONHOME: "/tmp/evil-home",
  PERL5OPT: "-Mevil",
  RUBYOPT: "-revil",
  // credentials
  OPENAI_API_KEY: "sk-secret-1",
  ANTHROPIC_API_KEY: "sk-secret-2",
  GITHUB_TOKEN: "ghp_secret3",
  github_token: "ghp_secret4",
  AWS_ACCESS_KEY_ID: "AKIASECRET5",
  AWS_SECRET_ACCESS_KEY: "secret6",
  DB_PASSWORD: "secret7",
  session_cookie: "secret8",
  GOOGLE_APPLICATION_CREDENTIALS: "/home/u/secret9.json",
  // proxies (URLs often embed credentials)
  HTTPS_PROXY: "http://user:secret10@proxy:8080",
  https_proxy: "http://user:secret11@proxy:8080",
  HTTP_PROXY: "http://user:secret12@proxy:8080",
  ALL_PROXY: "socks5://user:secret13@proxy:1080",
  NO_PROXY: "localhost",
  // agent and bus sockets
  SSH_AUTH_SOCK: "/tmp/ssh-XXXX/agent.1",
  GPG_AGENT_INFO: "/run/user/1000/gnupg/S.gpg-agent",
  DBUS_SESSION_BUS_ADDRESS: "unix:path=/run/user/1000/bus",
  XDG_RUNTIME_DIR: "/run/user/1000",
  // values the builder synthesises itself
  PWD: "/evil",
  CELLGUARD_WORKSPACE: "/evil",
  CELLGUARD_KERNEL_MODE: "evil",
  CELLGUARD_KERNEL_GENERATION: "evil",
  CONDA_PREFIX: "/evil",
  // unrelated
  EDITOR: "vim",
  OLDPWD: "/somewhere",
};

describe("buildKernelEnvironment", () => {
  test("copies only allowlisted names and synthesises the rest (whole environment)", () => {
    const env = buildKernelEnvironment(HOSTILE_SOURCE, { cwd: WS });
    assert.deepEqual(env, {
      HOME: "/home/u",
      USER: "u",
      PATH: "/usr/bin:/bin",
      LANG: "en_GB.UTF-8",
      LC_ALL: "en_GB.UTF-8",
      LC_CTYPE: "C.UTF-8",
      TERM: "xterm-256color",
      TZ: "Europe/London",
      CELLGUARD_DATA_DIR: "/home/u/.local/share/cellguard",
      PWD: WS,
      CELLGUARD_WORKSPACE: WS,
      CELLGUARD_KERNEL_MODE: "repl",
      MPLCONFIGDIR: `${WS}/.cellguard-runtime/cellguard-matplotlib`,
    });
  });

  test("no secret value from the source appears anywhere in the result", () => {
    const env = buildKernelEnvironment(HOSTILE_SOURCE, { cwd: WS });
    const text = JSON.stringify(env);
    for (const needle of ["secret", "evil", "ssh-", "gnupg", "/run/user", "proxy", "vim"]) {
      assert.ok(!text.toLowerCase().includes(needle), `no ${needle} in ${text}`);
    }
  });

  for (const name of [
    "LD_PRELOAD",
    "DYLD_INSERT_LIBRARIES",
    "NODE_OPTIONS",
    "BASH_ENV",
    "PYTHONSTARTUP",
    "HTTPS_PROXY",
    "https_proxy",
    "SSH_AUTH_SOCK",
    "DBUS_SESSION_BUS_ADDRESS",
    "github_token",
    "OPENAI_API_KEY",
  ]) {
    test(`${name} from the daemon never reaches a worker`, () => {
      const env = buildKernelEnvironment({ PATH: "/usr/bin", [name]: "x" }, { cwd: WS });
      assert.ok(!Object.hasOwn(env, name));
    });
  }

  test("the locale categories and LANG are kept; other LC_ names are not (sshd AcceptEnv LC_*)", () => {
    const env = buildKernelEnvironment(
      {
        LANG: "C",
        LANGUAGE: "en",
        LC_ALL: "C.UTF-8",
        LC_MESSAGES: "C",
        LC_NUMERIC: "de_DE",
        LC_WHATEVER: "x",
        LC_GH_PAT: "ghp_secret",
        LC_DATABASE_URL: "postgres://app:hunter2@db/prod",
      },
      { cwd: WS },
    );
    assert.equal(env["LANG"], "C");
    assert.equal(env["LANGUAGE"], "en");
    assert.equal(env["LC_ALL"], "C.UTF-8");
    assert.equal(env["LC_MESSAGES"], "C");
    assert.equal(env["LC_NUMERIC"], "de_DE");
    assert.equal(env["LC_WHATEVER"], undefined);
    assert.equal(env["LC_GH_PAT"], undefined);
    assert.equal(env["LC_DATABASE_URL"], undefined);
  });

  test("an LC_-prefixed name that carries a credential is still refused", () => {
    const env = buildKernelEnvironment(
      { LC_API_TOKEN: "secret", LC_PASSWORD: "secret", LC_TIME: "C" },
      { cwd: WS },
    );
    assert.ok(!Object.hasOwn(env, "LC_API_TOKEN"));
    assert.ok(!Object.hasOwn(env, "LC_PASSWORD"));
    assert.equal(env["LC_TIME"], "C");
  });

  test("an inherited PYTHONPATH never passes; only the trusted one is set", () => {
    const without = buildKernelEnvironment({ PYTHONPATH: "/tmp/evil" }, { cwd: WS });
    assert.ok(!Object.hasOwn(without, "PYTHONPATH"));
    const trusted = buildKernelEnvironment(
      { PYTHONPATH: "/tmp/evil" },
      { cwd: WS, pythonPath: "/opt/cellguard/python" },
    );
    assert.equal(trusted["PYTHONPATH"], "/opt/cellguard/python");
  });

  test("PWD and CELLGUARD_WORKSPACE are the resolved cwd and cannot be overridden", () => {
    const env = buildKernelEnvironment(
      { PWD: "/evil", CELLGUARD_WORKSPACE: "/evil" },
      { cwd: "/home/u/other/../ws/" },
    );
    assert.equal(env["PWD"], WS);
    assert.equal(env["CELLGUARD_WORKSPACE"], WS);
  });

  test("CELLGUARD_KERNEL_MODE is the option (repl by default), never the inherited value", () => {
    const source = { CELLGUARD_KERNEL_MODE: "evil" };
    assert.equal(buildKernelEnvironment(source, { cwd: WS })["CELLGUARD_KERNEL_MODE"], "repl");
    assert.equal(
      buildKernelEnvironment(source, { cwd: WS, mode: "exec" })["CELLGUARD_KERNEL_MODE"],
      "exec",
    );
  });

  test("CELLGUARD_KERNEL_GENERATION is set only from the option", () => {
    const source = { CELLGUARD_KERNEL_GENERATION: "evil" };
    assert.ok(
      !Object.hasOwn(buildKernelEnvironment(source, { cwd: WS }), "CELLGUARD_KERNEL_GENERATION"),
    );
    assert.equal(
      buildKernelEnvironment(source, { cwd: WS, kernelGeneration: "7" })[
        "CELLGUARD_KERNEL_GENERATION"
      ],
      "7",
    );
  });

  test("an empty or missing PATH becomes the default path", () => {
    assert.equal(buildKernelEnvironment({ PATH: "" }, { cwd: WS })["PATH"], DEFAULT_PATH);
    assert.equal(buildKernelEnvironment({}, { cwd: WS })["PATH"], DEFAULT_PATH);
    assert.equal(
      DEFAULT_PATH,
      "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
      "the default path holds only absolute system directories",
    );
  });

  test("an environment root goes first on PATH and sets the conda variables", () => {
    const env = buildKernelEnvironment(
      { PATH: "/usr/bin", CONDA_PREFIX: "/evil", CONDA_SHLVL: "9", VIRTUAL_ENV: "/venv" },
      { cwd: WS, envRoot: "/opt/envs/sci" },
    );
    assert.equal(env["PATH"], "/opt/envs/sci/bin:/usr/bin");
    assert.equal(env["CONDA_PREFIX"], "/opt/envs/sci");
    assert.equal(env["CONDA_DEFAULT_ENV"], "sci");
    assert.equal(env["CONDA_SHLVL"], "1");
    assert.ok(!Object.hasOwn(env, "VIRTUAL_ENV"), "no VIRTUAL_ENV next to a conda root");
    const named = buildKernelEnvironment({}, { cwd: WS, envRoot: "/opt/envs/sci", envName: "lab" });
    assert.equal(named["CONDA_DEFAULT_ENV"], "lab");
    assert.equal(named["PATH"], `/opt/envs/sci/bin:${DEFAULT_PATH}`);
  });

  test("CONDA_DEFAULT_ENV is the directory name even when the root ends in a slash", () => {
    const env = buildKernelEnvironment({}, { cwd: WS, envRoot: "/opt/envs/sci/" });
    assert.equal(env["CONDA_DEFAULT_ENV"], "sci");
    assert.equal(env["PATH"], `/opt/envs/sci/bin:${DEFAULT_PATH}`);
  });

  test("VIRTUAL_ENV passes through when there is no environment root", () => {
    const env = buildKernelEnvironment({ VIRTUAL_ENV: "/home/u/venv" }, { cwd: WS });
    assert.equal(env["VIRTUAL_ENV"], "/home/u/venv");
    assert.ok(!Object.hasOwn(env, "CONDA_PREFIX"));
  });

  test("MPLCONFIGDIR defaults under the temp directory and is kept when set", () => {
    assert.equal(
      buildKernelEnvironment({ TMPDIR: "/tmp/k" }, { cwd: WS })["MPLCONFIGDIR"],
      "/tmp/k/cellguard-matplotlib",
    );
    assert.equal(
      buildKernelEnvironment({ TEMP: "/tmp/t", TMP: "/tmp/u" }, { cwd: WS })["MPLCONFIGDIR"],
      "/tmp/t/cellguard-matplotlib",
    );
    assert.equal(
      buildKernelEnvironment({ MPLCONFIGDIR: "/home/u/.mpl" }, { cwd: WS })["MPLCONFIGDIR"],
      "/home/u/.mpl",
    );
  });

  test("undefined values in the source are skipped, and the result is a fresh plain object", () => {
    const source: NodeJS.ProcessEnv = { HOME: undefined, USER: "u" };
    const env = buildKernelEnvironment(source, { cwd: WS });
    assert.ok(!Object.hasOwn(env, "HOME"));
    env["USER"] = "changed";
    assert.equal(source["USER"], "u");
    assert.equal(Object.getPrototypeOf(env), Object.prototype);
  });
});

describe("isDeniedVariable (second layer, even if the allowlist admits a name)", () => {
  for (const name of [
    "LD_PRELOAD",
    "ld_preload",
    "LD_LIBRARY_PATH",
    "DYLD_INSERT_LIBRARIES",
    "dyld_library_path",
    "NODE_OPTIONS",
    "BASH_ENV",
    "ENV",
    "PERL5OPT",
    "PYTHONHOME",
    "PYTHONINSPECT",
    "PYTHONSTARTUP",
    "R_ENVIRON",
    "R_PROFILE_USER",
    "RUBYOPT",
    "OPENAI_API_KEY",
    "stripe_apikey",
    "AWS_ACCESS_KEY_ID",
    "SSH_PRIVATE_KEY",
    "AZURE_CLIENT_SECRET",
    "JWT_SECRET",
    "github_token",
    "HF_TOKEN",
    "GOOGLE_OAUTH_CLIENT",
    "DB_PASSWORD",
    "MYSQL_PASSWD",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "AUTH_BEARER",
    "session_cookie",
  ]) {
    test(`${name} is denied`, () => {
      assert.equal(isDeniedVariable(name), true);
    });
  }

  for (const name of ["HOME", "PATH", "LANG", "LC_ALL", "TMPDIR", "CELLGUARD_DATA_DIR", "TERM"]) {
    test(`${name} is not denied`, () => {
      assert.equal(isDeniedVariable(name), false);
    });
  }
});
