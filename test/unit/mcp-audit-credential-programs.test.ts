// Passwords that only their program's conventions mark as secret never reach the audit file:
// registry logins (`docker login -p`), archive passwords (`zip -P`, `7z -p…`), LDAP and SQL
// Server clients, openssl's -k and -passin, Samba's `user%password`, `htpasswd -b`, `vault login
// TOKEN`, long flags named for a secret (`--http-password`, `--passphrase`), settings written with
// `config set KEY VALUE`, passwords fed on standard input (`echo … | sudo -S`, `<<<` into
// `--password-stdin`), and code that passes a password as the second of a pair
// (`auth=("ann", "…")`, `smtp.login(user, "…")`, `environ['API_KEY'] = "…"`). Each is written
// through the real AuditLog and the file is searched for the canary; commands that use the same
// flags or words for something else stay as typed.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, test } from "node:test";
import { AuditLog, maskCommand, redactArguments } from "../../src/mcp/audit.js";
import { withTempDir } from "../helpers/temp.js";

const CANARY = "CANARYr4Tn8vLq";

const COMMANDS = [
  `docker login -u ann -p ${CANARY} registry.example`,
  `podman login registry.example -p ${CANARY}`,
  `helm registry login registry.example -p ${CANARY}`,
  `zip -P ${CANARY} -r backup.zip data`,
  `unzip -P ${CANARY} backup.zip`,
  `7z a -p${CANARY} backup.7z data`,
  `rar a -p${CANARY} backup.rar data`,
  `openssl enc -aes-256-cbc -k ${CANARY} -in a -out b`,
  `openssl pkcs12 -export -passout pass:${CANARY} -in c.pem -out c.p12`,
  `ldapsearch -x -D cn=admin -w ${CANARY} -b dc=example`,
  `ldappasswd -x -D cn=admin -w ${CANARY} -s ${CANARY} uid=ann`,
  `sqlcmd -S db -U sa -P ${CANARY} -Q "select 1"`,
  `smbclient //files/share -U ann%${CANARY}`,
  `smbclient //files/share -Uann%${CANARY}`,
  `net use \\\\files\\share /user:ann ${CANARY}`,
  `htpasswd -b .htpasswd ann ${CANARY}`,
  `htpasswd -nbB ann ${CANARY}`,
  `vault login ${CANARY}`,
  `gh secret set DEPLOY_KEY --body ${CANARY}`,
  `wget --http-password ${CANARY} https://files.example/a`,
  `wget --http-password=${CANARY} https://files.example/a`,
  `gpg --batch --passphrase ${CANARY} -c notes.txt`,
  `curl --oauth2-bearer ${CANARY} https://api.example/v1`,
  `npm config set //registry.npmjs.org/:_authToken ${CANARY}`,
  `aws configure set aws_secret_access_key ${CANARY}`,
  `git config --global github.token ${CANARY} && git push`,
  `conda config --set api_key ${CANARY}`,
  `echo ${CANARY} | sudo -S apt-get update`,
  `printf '%s\\n' '${CANARY}' | docker login -u ann --password-stdin registry.example`,
  `echo 'ann:${CANARY}' | sudo chpasswd`,
  `echo ${CANARY} | gh auth login --with-token`,
  `sudo -S ls /root <<< ${CANARY}`,
  `docker login --password-stdin registry.example <<< "${CANARY}"`,
  `az login -u ann -p ${CANARY}`,
  `oc login -u ann -p ${CANARY} https://api.cluster.example`,
  `ssh-keygen -t ed25519 -N ${CANARY} -f deploy_key`,
  `keytool -genkeypair -alias app -storepass ${CANARY} -keypass ${CANARY}`,
  `jarsigner -storepass ${CANARY} app.jar app`,
  `sqlplus scott/${CANARY}@orcl @report.sql`,
  `lftp -u ann,${CANARY} ftp://files.example`,
  `twine upload -u __token__ -p ${CANARY} dist/pkg.whl`,
  `cargo login ${CANARY}`,
  `doctl auth init -t ${CANARY}`,
  `echo ${CANARY} | ansible-vault encrypt_string --stdin-name db_password`,
  // The here-string comes before the flag that makes it a password.
  `docker login registry.example <<< ${CANARY} --password-stdin`,
  `netlify deploy --auth ${CANARY} --prod`,
];

const CODE = [
  `import requests\nrequests.get(url, auth=("ann", "${CANARY}"))`,
  `r = requests.post(url, auth = ('ann', '${CANARY}'))`,
  `from requests.auth import HTTPBasicAuth\nHTTPBasicAuth(user, "${CANARY}")`,
  `server.login("ann@example.org", "${CANARY}")`,
  `ftp.login(user, '${CANARY}')`,
  `import os\nos.environ['API_KEY'] = '${CANARY}'`,
  `os.environ["GITHUB_TOKEN"]="${CANARY}"`,
  `os.putenv('DB_PASSWORD', '${CANARY}')`,
  `os.environ.setdefault("OPENAI_API_KEY", "${CANARY}")`,
];

function record(log: AuditLog, args: Record<string, string>): void {
  log.record({
    tool: "code" in args ? "python" : "bash",
    decision: "allow",
    outcome: "ok",
    refusedBy: null,
    durationMs: 1,
    gateMs: 0,
    args: redactArguments(args, null),
  });
}

describe("audit log: passwords marked secret only by their program's conventions", () => {
  test("no canary reaches the audit file for any program flag, stdin feed or code pair", () => {
    withTempDir("audit-programs", (dir) => {
      const log = AuditLog.open(dir);
      for (const command of COMMANDS) record(log, { command });
      for (const code of CODE) record(log, { code });
      log.close();
      const lines = readFileSync(join(dir, "mcp-audit.jsonl"), "utf8").split("\n").filter(Boolean);
      assert.equal(lines.length, COMMANDS.length + CODE.length);
      for (const line of lines) assert.ok(!line.includes(CANARY), line);
    });
  });

  test("what surrounds the password stays readable", () => {
    assert.equal(
      maskCommand(`docker login -u ann -p ${CANARY} registry.example`),
      "docker login -u ann -p <redacted> registry.example",
    );
    assert.equal(
      maskCommand(`smbclient //files/share -U ann%${CANARY}`),
      "smbclient //files/share -U ann%<redacted>",
    );
    assert.equal(
      maskCommand(`echo ${CANARY} | sudo -S apt-get update`),
      "echo <redacted> | sudo -S apt-get update",
    );
    assert.equal(
      maskCommand(`requests.get(url, auth=("ann", "${CANARY}"))`),
      'requests.get(url, auth=("ann", "<redacted>"))',
    );
  });

  test("the same flags and words meaning something else are left as typed", () => {
    for (const ordinary of [
      "docker run -p 8080:80 web",
      "podman run -p 5432:5432 db",
      "zip -r backup.zip data",
      "7z x backup.7z -o/srv/out",
      "unzip -o backup.zip -d out",
      "htpasswd -c site-users ann",
      "mysql -h db -P 3306 shop",
      "sudo -u ann ls",
      "echo hello | sudo tee /srv/motd",
      "echo done | grep done",
      "grep -rn api_key src/",
      "find . -name token",
      "git config user.name ann",
      "git config --get github.token && echo found",
      "npm config set registry https://registry.example",
      "gh pr create --body ready",
      "curl --token-url https://auth.example/t https://api.example",
      "gpg --passphrase-file key.txt -c notes.txt",
      "requests.get(url, auth=auth)",
      "ssh-keygen -t ed25519 -f deploy_key",
      "sqlplus /nolog @report.sql",
      "lftp -u ann ftp://files.example",
      "az vm list --output table",
      "cargo build --release",
      "keytool -list -keystore app.jks",
      "authority = ('a', 'b')",
    ]) {
      assert.equal(maskCommand(ordinary), ordinary);
    }
  });
});
