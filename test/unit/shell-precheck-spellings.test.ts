// More spellings of families the precheck knows: variables cut off by quotes, the braced home
// and working-directory parameters, strings joined inside interpreter code, background jobs
// that do not throttle an endless loop, every root process signalled, every package or kernel
// removed. Variants written for this file, each with near misses that must stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("quote removal and parameter operators do not hide a name or a path", () => {
  test("a variable followed by quoted text keeps its own name", () => {
    for (const c of [
      'p=r; $p"m" -rf /',
      "x=rm; $x'' -rf ~",
      'd=/; rm -rf "$d"""',
      'c=ch; ${c}"mod" -R 777 /',
    ])
      blocked(c);
    for (const c of ['p=r; $p"m" -rf ./build', 'echo "$HOME"', 'name=x; echo $name"y"']) allowed(c);
  });

  test("${HOME} in cd, and the parent or first character of always-absolute variables", () => {
    for (const c of [
      "cd ${HOME} && rm -rf *",
      'cd "${HOME}/" ; rm -rf ./*',
      "rm -rf ${PWD%/*}",
      'rm -rf "${PWD:0:1}"',
      "rm -rf ${PATH::1}",
      "chmod -R 777 ${HOME:0:1}",
    ])
      blocked(c);
    for (const c of [
      "cd ${HOME}/src && rm -rf build",
      'rm -rf "${PWD}/dist"',
      "echo ${PATH:0:1}",
      "rm -rf ${BUILD_DIR:0:8}",
    ])
      allowed(c);
  });
});

describe("options and targets that arrive through a runner's inputs", () => {
  test("parallel's numbered inputs, several per job, ssh options, a subshell reading a pipe", () => {
    for (const c of [
      "parallel rm {2} {1} ::: ~ ::: -rf",
      "parallel chmod {1} {2} {3} ::: -R ::: 777 ::: /",
      "parallel -X rm ::: -r -f /etc",
      "parallel -N3 rm ::: -rf -- /",
      "parallel --xargs chown ::: -R ::: nobody ::: /",
      "ssh web1 -t 'rm -rf ~/'",
      "ssh -p 2222 host -o BatchMode=yes rm -rf /",
      'echo / | (read d; rm -rf "$d")',
      "printf '%s\\n' ~ | ( read -r t ; rm -rf $t )",
    ])
      blocked(c);
    for (const c of [
      "parallel rm {2} {1} ::: ./a ::: -f",
      "parallel -X rm ::: -f a.txt b.txt",
      "parallel gzip {1} ::: *.log",
      "ssh web1 -t 'htop'",
      "ssh host -L 8080:localhost:80 -N",
      'echo build | (read d; rm -rf "$d")',
    ])
      allowed(c);
  });
});

describe("strings joined or formatted inside interpreter code", () => {
  test("+, ., % and .format build the command a shell call runs", () => {
    for (const c of [
      "python3 -c \"import os; os.system('rm -r' + 'f /')\"",
      "python3 -c \"import os; os.system('rm -rf %s' % '~')\"",
      "python3 -c \"import os; os.system('rm -rf {}'.format('/etc'))\"",
      "node -e \"require('child_process').execSync('rm ' + '-rf ' + '/')\"",
      'perl -e \'system("rm -rf " . "/")\'',
      'php -r \'system("chmod -R 777 " . "/");\'',
    ])
      blocked(c);
    for (const c of [
      "python3 -c \"import os; os.system('rm -rf ' + 'build')\"",
      "python3 -c \"print('a' + 'b')\"",
      "node -e \"console.log('rm -rf ' + '/')\"",
      "python3 -c \"import os; os.system('ls %s' % '/')\"",
    ])
      allowed(c);
  });
});

describe("endless loops whose background jobs never throttle them", () => {
  test("a backgrounded sleep spawns like any other job; a foreground one throttles", () => {
    for (const c of [
      "while true; do sleep 600 & done",
      "while :; do nohup sleep 1000 & done",
      "for ((;;)); do sleep 1 & done",
      "until false; do read -t 1 x & done",
    ])
      blocked(c);
    for (const c of [
      "while true; do ./poll.sh & sleep 5; done",
      "while true; do sleep 1; curl -s localhost & done",
      "while true; do job & wait; done",
      "for i in 1 2 3; do sleep 1 & done",
    ])
      allowed(c);
  });
});

describe("account databases emptied in place, and more deleters and remote runners", () => {
  test("sed -i deleting every line or the root line; shx, del-cli, salt and fabric", () => {
    for (const c of [
      "sed -i d /etc/shadow",
      "sed -i -e '1,$d' /etc/group",
      "sed -i '/^root:/d' /etc/passwd",
      "sudo sed -i.bak 's/^.*$//' /etc/passwd",
      "npx shx rm -rf ~",
      "shx rm -rf /usr",
      "npx del-cli /etc",
      "salt '*' cmd.run 'rm -rf /'",
      "fab -H web1,web2 -- sudo rm -rf /",
    ])
      blocked(c);
    for (const c of [
      "sed -i '/^olduser:/d' /etc/passwd",
      "sed -i 's/bash/zsh/' /etc/passwd",
      "sed -n '1,$p' /etc/passwd",
      "sed -i d ./notes.txt",
      "shx rm -rf ./dist",
      "npx del-cli 'build/**'",
      "salt '*' cmd.run 'uptime'",
      "fab -H web1 -- uptime",
    ])
      allowed(c);
  });
});

describe("every root process, every package, every kernel", () => {
  test("pkill and killall selecting all of root's processes", () => {
    for (const c of ["pkill -u root", "pkill -9 -u 0", "killall -u root", "pkill --euid=root"])
      blocked(c);
    for (const c of ["pkill -u root nginx", "pkill -u alice", "killall -u root -r '^myapp'"])
      allowed(c);
  });

  test("package managers removing a pattern that matches everything or every kernel", () => {
    for (const c of [
      "apt-get remove -y '*'",
      "yum remove -y '*'",
      "dnf remove '.*'",
      "apt-get purge -y 'linux-image-*'",
    ])
      blocked(c);
    for (const c of [
      "apt-get remove -y 'php7*'",
      "apt-get purge -y linux-image-5.15.0-40-generic",
      "dnf remove 'python3-*'",
    ])
      allowed(c);
  });
});
