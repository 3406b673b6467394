// Interpreter code that hides a command one more level down (code inside a string of the code,
// the code option in a cluster of flags, input lines handed to a shell), files written by tee
// and then run, and lines whose quote never closes. Variants written for this file, each with
// near misses that must stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("interpreter code, one level further down", () => {
  test("code inside a string of the code is judged as code", () => {
    for (const c of [
      `python3 -c "exec(\\"import os; os.system('rm -rf /')\\")"`,
      `python -c "eval(compile('import os; os.system(\\"rm -rf ~\\")', 'x', 'exec'))"`,
      `perl -e 'eval q{system("rm -rf /etc")}'`,
      `node -e "eval('require(\\"child_process\\").execSync(\\"rm -rf /\\")')"`,
      `ruby -e 'eval("system(%q(rm -rf /usr))")'`,
    ])
      blocked(c);
  });

  test("code that only prints or evaluates harmless strings stays allowed", () => {
    for (const c of [
      `python3 -c "exec(\\"print('rm -rf /')\\")"`,
      `python3 -c "exec('import os; os.system(\\"ls -la /\\")')"`,
      `node -e "eval('console.log(1 + 1)')"`,
    ])
      allowed(c);
  });

  test("the code option at the end of a cluster of flags still gives the code", () => {
    for (const c of [
      `python -Bc "import os; os.system('rm -rf /')"`,
      `python3 -uIc "import shutil; shutil.rmtree('/etc')"`,
      `perl -wle 'system("rm -rf /")'`,
      `ruby -we 'system("rm -rf ~")'`,
      `node -pe "require('child_process').execSync('rm -rf /')"`,
    ])
      blocked(c);
    for (const c of [`python -Bc "print('hello')"`, `perl -wle 'print "rm -rf /"'`]) allowed(c);
  });

  test("input lines handed to a shell by the code are read as commands", () => {
    for (const c of [
      `awk '{ print | "sh" }' <<< 'rm -rf /'`,
      `echo 'rm -rf ~' | awk '{ system($0) }'`,
      `printf 'rm -rf /\\n' | perl -ne 'system $_'`,
      `echo 'rm -rf /' | python3 -c "import os, sys; [os.system(l) for l in sys.stdin]"`,
    ])
      blocked(c);
    for (const c of [
      `awk '{ print | "sh" }' <<< 'ls -la /'`,
      `echo 'rm -rf /' | awk '{ print $1 }'`,
      `echo 'rm -rf /' | python3 -c "import sys; print(sys.stdin.read().upper())"`,
    ])
      allowed(c);
  });
});

describe("files written by tee, then run", () => {
  test("a script tee writes is run as what it holds", () => {
    for (const c of [
      "echo 'rm -rf /' | tee x.sh; bash x.sh",
      "tee run.sh <<< 'rm -rf ~' && sh run.sh",
      "printf 'rm -rf /etc\\n' | tee -a job.sh > /dev/null; . ./job.sh",
      "echo 'rm -rf /' | tee a.sh b.sh >/dev/null && bash b.sh",
      "echo 'rm -rf ~' | sudo tee x.sh >/dev/null; bash x.sh",
    ])
      blocked(c);
  });

  test("a file tee writes that nothing runs, or that holds nothing harmful, stays allowed", () => {
    for (const c of [
      "echo 'rm -rf /' | tee notes.txt",
      "echo 'ls -la' | tee x.sh; bash x.sh",
      "echo 'rm -rf /' | tee x.sh; cat x.sh",
    ])
      allowed(c);
  });
});

describe("the same routes to the other catastrophic classes", () => {
  test("disks, trees and fork bombs reached through one-liners, tee and open quotes", () => {
    for (const c of [
      `python -Bc "open('/dev/sda','wb').write(b'\\0'*512)"`,
      `awk '{ system($0) }' <<< 'wipefs -a /dev/sdb'`,
      `python3 -c "exec(\\"import os; os.system('chown -R nobody /etc')\\")"`,
      "echo ':(){ :|:& };:' | tee bomb.sh; bash bomb.sh",
      "echo 'cat /dev/zero > /dev/sda",
    ])
      blocked(c);
  });
});

describe("wrappers", () => {
  test("cgexec runs its command", () => {
    blocked("cgexec -g cpu:batch rm -rf /");
    blocked("cgexec -g memory,cpu:grp --sticky rm -rf ~");
    allowed("cgexec -g cpu:batch ls -la /");
  });
});

describe("a quote that never closes", () => {
  test("what follows the open quote is judged as commands", () => {
    for (const c of [
      "echo 'rm -rf /",
      'echo "rm -rf ~',
      "true && echo 'x' ; echo 'rm -rf /etc",
      "echo 'rm -rf / | parallel bash -c {}",
    ])
      blocked(c);
  });

  test("an open quote holding nothing harmful, or a closed one holding data, stays allowed", () => {
    for (const c of [
      "echo 'it is fine",
      'git commit -m "wip',
      "echo 'rm -rf /'",
      `echo "don't rm -rf / ever"`,
      "echo \"it's 'quoted' twice",
    ])
      allowed(c);
  });
});
