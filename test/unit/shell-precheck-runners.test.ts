// Catastrophic commands behind program runners, text generators and archivers the precheck did
// not follow before, in spellings written for this file (none from the eval corpora). Each test
// pairs the attacks with near misses that must stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("privilege switchers and process runners run the rest of their line", () => {
  test("container and desktop privilege tools, moreutils and locking runners", () => {
    for (const c of [
      "gosu root rm -rf /",
      "su-exec 0:0 rm -rf /etc",
      "sudo-rs -u root rm -rf ~",
      "please rm -rf /usr",
      "gksudo -u root rm -rf /",
      "gksu 'rm -rf /var'",
      "kdesu -c 'rm -rf /'",
      "kdesudo rm -rf /boot",
      "beesu rm -rf /",
      "fakechroot rm -rf /etc",
      "schroot -c sid -- rm -rf /",
      "nsjail -Mo --chroot / -- /bin/rm -rf /usr",
      "chronic rm -rf /",
      "ifne rm -rf ~",
      "rlwrap -a rm -rf /",
      "torify rm -rf /home",
      "numactl --membind=0 rm -rf /",
      "numactl -N 1 chmod -R 777 /",
      "trickle -d 100 rm -rf /",
      "ssh-agent rm -rf ~",
      "tsp rm -rf /",
      "nq rm -rf /srv",
      "lckdo /run/x.lock rm -rf /",
      "with-lock-ex -w /tmp/lock rm -rf ~",
    ])
      blocked(c);
    for (const c of [
      "gosu app npm start",
      "su-exec nobody ls /",
      "chronic make test",
      "numactl --hardware",
      "rlwrap sqlite3 db.sqlite",
      "tsp -l",
      "lckdo /run/x.lock rm -rf /tmp/build",
      "schroot -l",
      "kdesu -c 'dolphin'",
    ])
      allowed(c);
  });

  test("environment and version managers: run, exec, and their command strings", () => {
    for (const c of [
      "poetry run rm -rf /",
      "pipenv run rm -rf ~",
      "uv run --with rich rm -rf /",
      "conda run -n base rm -rf /",
      "mamba run --name ml rm -rf /usr",
      "bundle exec rm -rf /",
      "direnv exec /srv/app rm -rf /",
      "asdf exec rm -rf ~",
      "rbenv exec rm -rf /",
      "pyenv exec chmod -R 000 /",
      "nvm exec 20 rm -rf /",
      "devbox run rm -rf /etc",
      "pixi run -e dev rm -rf /",
      "rye run rm -rf ~",
      "hatch run rm -rf /",
      "pdm run rm -rf /",
      "op run --env-file=.env -- rm -rf /",
      "doppler run -- rm -rf /",
      "doppler run --command 'rm -rf ~'",
      "aws-vault exec admin -- rm -rf /",
      "mise exec node@20 -- rm -rf /",
      "tox exec -e py312 -- rm -rf /",
      "dotenv -e .env.local -- rm -rf /",
      "dotenv run rm -rf /",
      "nix develop -c rm -rf /",
      "nix shell nixpkgs#hello --command rm -rf ~",
      "nix-shell -p coreutils --run 'rm -rf /'",
      "scl enable gcc-toolset-13 'rm -rf /'",
      "hyperfine --runs 1 'rm -rf /'",
      "hyperfine --prepare 'rm -rf ~' 'ls'",
      "vagrant ssh -c 'sudo rm -rf /'",
      "ansible all -m shell -a 'rm -rf /'",
      "pdsh -w node[1-4] 'rm -rf /'",
      "pssh -h hosts.txt 'rm -rf /etc'",
      "start-stop-daemon --start --exec /bin/rm -- -rf /",
      "start-stop-daemon -S -x /bin/rm -- -rf ~",
      "ssh db1 -- rm -rf /",
      "newgrp docker <<< 'rm -rf /'",
      "at -f /dev/stdin now <<< 'rm -rf ~'",
      "eval -- rm -rf /",
      "trap -- 'rm -rf /' EXIT",
      "env -S'rm -rf /'",
      "env -iS'rm -rf ~'",
      "LESSOPEN='|rm -rf / %s' less notes.txt",
    ])
      blocked(c);
    for (const c of [
      "poetry run pytest -x",
      "uv run python -m build",
      "conda run -n base python script.py",
      "bundle exec rake db:migrate",
      "direnv exec . make",
      "nvm exec 20 node app.js",
      "op run --env-file=.env -- npm start",
      "aws-vault exec admin -- aws s3 ls",
      "mise exec node@20 -- node -v",
      "nix develop -c cargo build",
      "nix-shell -p hello --run hello",
      "hyperfine 'sleep 0.1' 'sleep 0.2'",
      "vagrant ssh -c 'uptime'",
      "ansible all -m ping",
      "ssh host -- ls -la",
      "at -f job.sh now",
      "eval -- echo ok",
      "trap -- 'rm -rf \"$tmpdir\"' EXIT",
      "env -S'node --inspect' app.js",
      "LESSOPEN='|lesspipe %s' less notes.txt",
    ])
      allowed(c);
  });
});

describe("text generated on the way into a shell", () => {
  test("one-liners printing literals, pass-through filters, sed and awk rewrites, hex dumps", () => {
    for (const c of [
      "python3 -c 'print(\"rm -rf ~\")' | sh",
      "perl -e 'print \"rm -rf /\\n\"' | bash",
      "ruby -e 'puts \"chmod -R 777 /\"' | sh",
      "node -e 'console.log(\"rm -rf /etc\")' | bash",
      "node -p '\"rm -rf /\"' | sh",
      "awk 'BEGIN { print \"rm -rf /usr\" }' | sh",
      'sh -c "$(python3 -c \'print("rm -rf /")\')"',
      "echo 'rm -rf ~' | fold -w 500 | sh",
      "echo 'rm -rf /' | iconv -f utf-8 -t ascii | bash",
      "echo 'rm -rf /' | grep rm | sh",
      "echo 'rm -rf /' | grep -E '^rm' | bash",
      "echo 'rm -rf /' | awk '{print}' | sh",
      "echo 'rm -rf /' | awk '{ print $0 }' | bash",
      "echo 'rm -rf /' | perl -pe 's/x/y/' | sh",
      "echo 'rm -rf /' | paste -sd ' ' | sh",
      "echo 'rm -rf /' | xargs echo | sh",
      "echo 'rm -rf /' | dd status=none | sh",
      "echo 'rm -rf DIR' | sed 's|DIR|/|' | sh",
      "echo '-rf /' | sed 's/^/rm /' | bash",
      "echo 'rm -rf /tmp/x' | sed 's|/tmp/x|~|' | sh",
      "echo 'rm -rf ~' | sed -n p | sh",
      "echo 726d202d7266202f | xxd -r -p | sh",
      "echo cm0gLXJmIC8K | base64 -di | bash",
      'rm -rf "$(basename /)"',
    ])
      blocked(c);
    for (const c of [
      "python3 -c 'print(\"hello\")' | sh",
      'python3 -c \'import os; print("/".join(["a", "b"]))\'',
      'rm -rf "$(python3 -c \'print("build")\')"',
      "echo 'rm -rf /' | grep -v rm | sh",
      "echo 'ls -la' | grep ls | sh",
      "echo 'rm -rf /' | sed 's|/|./build|' | sh",
      "echo 'rm -rf /' | fold -w 80",
      "echo 'rm -rf /' | grep rm",
      "awk 'BEGIN { print \"rm -rf /\" }'",
      "awk '{print}' notes.txt | sh",
      "echo ok | xargs echo | sh",
      'rm -rf "$(basename /tmp/build)"',
      "echo 68656c6c6f | xxd -r -p",
      "grep -rn 'rm -rf /' . | sh -c cat",
    ])
      allowed(c);
  });

  test("PowerShell's -EncodedCommand is decoded before it is judged", () => {
    const encode = (text: string): string => Buffer.from(text, "utf16le").toString("base64");
    for (const c of [
      `powershell -EncodedCommand ${encode("rm -rf /")}`,
      `pwsh -enc ${encode("Remove-Item -Recurse -Force ~")}`,
      `powershell.exe -NoProfile -e ${encode("Format-Volume -DriveLetter C")}`,
      `pwsh -ec ${encode("Clear-Disk -Number 0 -RemoveData -Confirm:$false")}`,
    ])
      blocked(c);
    for (const c of [
      `powershell -EncodedCommand ${encode("Get-ChildItem")}`,
      `pwsh -e ${encode("Write-Output hello")}`,
      "pwsh -ExecutionPolicy Bypass -File build.ps1",
    ])
      allowed(c);
  });
});

describe("values a program or the shell runs later", () => {
  test("make's SHELL, prompt and xtrace variables holding a substitution, and uv's tool runner", () => {
    for (const c of [
      "make SHELL='rm -rf /'",
      "make -j4 SHELL='rm -rf ~' test",
      `make .SHELLFLAGS="-c 'rm -rf /'" all`,
      "PS4='$(rm -rf /)' bash -x -c :",
      "export PS1='$(rm -rf ~)'",
      "export PS0='`rm -rf /`'",
      "ENV='$(rm -rf /)' sh -i",
      "uvx --from x rm -rf /",
      "uv tool run --from x rm -rf ~",
    ])
      blocked(c);
    for (const c of [
      "make SHELL=/bin/bash test",
      "make .SHELLFLAGS=-ec all",
      "PS1='\\u@\\h:\\w\\$ '",
      "export PS1='[\\u] $(git branch 2>/dev/null)'",
      "PS4='+ ${BASH_SOURCE}:${LINENO}: ' bash -x run.sh",
      "ENV=$HOME/.shrc sh -i",
      "uvx ruff check .",
      "uv tool run pytest -x",
    ])
      allowed(c);
  });
});
