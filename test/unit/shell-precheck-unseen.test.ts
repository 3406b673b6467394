// Catastrophic commands in spellings written for this file (none from the eval corpora), one
// test per attack class, each with the near misses that must stay allowed: the precheck has to
// know the class, not the examples it was tuned on.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { precheckCommand, REASONS } from "../../src/screen/shell/precheck.js";
import { allowed, blocked } from "../helpers/precheck.js";

describe("program names a delete hides behind", () => {
  test("Homebrew's g-prefixed GNU tools and the coreutils multi-call binaries", () => {
    for (const c of [
      "grm -rf /",
      "/opt/homebrew/bin/grm -fr ~",
      "gchmod -R 777 /",
      "gchown -R nobody /usr",
      "gdd if=/dev/zero of=/dev/disk2",
      "gshred -n1 /dev/sdb",
      "gfind / -delete",
      "echo / | gxargs grm -rf",
      "coreutils rm -rf /",
      "coreutils --coreutils-prog=rm -rf /etc",
      "coreutils --coreutils-prog=chmod -R 000 /",
    ])
      blocked(c);
    for (const c of [
      "grm -rf ./build",
      "gfind . -name '*.o' -delete",
      "coreutils --help",
      "coreutils rm -rf dist",
      "grep -rn 'rm -rf /' docs/",
      "gcc -o rm rm.c",
    ])
      allowed(c);
  });

  test("resource, network and architecture wrappers run the rest of their line", () => {
    for (const c of [
      "cpulimit -l 20 rm -rf /",
      "cpulimit --limit=5 -- rm -rf ~",
      "proot -r / rm -rf /etc",
      "proot -b /dev -w / rm -rf /usr",
      "arch -x86_64 rm -rf /",
      "arch -arch arm64 -e LANG=C rm -rf ~",
      "nocache rm -rf /var",
      "tsocks rm -rf /",
      "s6-setuidgid root rm -rf /",
      "env -a fake rm -rf /",
      "env --argv0=fake rm -rf /",
      "env -P /usr/bin rm -rf /",
    ])
      blocked(c);
    for (const c of [
      "cpulimit -l 20 make -j8",
      "arch",
      "arch -x86_64 /bin/bash -c 'echo ok'",
      "proot -r ./rootfs /bin/ls",
    ])
      allowed(c);
  });
});

describe("deletes whose target is reached indirectly", () => {
  test("find over a whole system tree piped to a plain rm or chmod is the recursive one", () => {
    for (const c of [
      "find / -type f | xargs rm -f",
      "find / -print0 | xargs -0 rm",
      "find ~ -type f -print0 | xargs -0 sudo rm -f",
      "find /etc | xargs -n 50 unlink",
      "find /usr -depth | xargs shred -u",
      "find / | xargs chmod 000",
      "find /home -type f | xargs -0 chown nobody",
    ])
      blocked(c);
    assert.equal(precheckCommand("find / -type f | xargs rm -f"), REASONS.delete);
    assert.equal(precheckCommand("find / | xargs chmod 000"), REASONS.permissions);
    for (const c of [
      "find . -type f | xargs rm -f",
      "find / -name '*.pyc' | xargs rm -f",
      "find /tmp -type f -mtime +3 | xargs rm -f",
      "find / -type f | xargs grep -l needle",
      "find / -type f | xargs ls -la",
      "find /srv/app -type f | xargs chmod 644",
    ])
      allowed(c);
  });

  test("climbing out of the working directory and then taking everything in it", () => {
    blocked("rm -rf ../../../../*");
    blocked("rm -rf ../../../../../.*");
    allowed("rm -rf ../build/*");
    allowed("rm -rf ../../dist/*");
  });

  test("the parent directory dirname prints", () => {
    blocked('rm -rf "$(dirname /etc)"');
    blocked("rm -rf $(dirname $(dirname /usr/bin))");
    allowed('rm -rf "$(dirname /tmp/scratch/file)"');
    allowed('rm -rf "$(dirname "$0")/build"');
  });

  test("a script written and then sourced by its ./ name", () => {
    blocked("echo 'rm -rf ~' > cleanup.sh; . ./cleanup.sh");
    blocked("printf 'rm -rf /\\n' > x.sh && source ./x.sh");
    allowed("echo 'echo hi' > hello.sh; . ./hello.sh");
  });

  test("a case command inside a substitution does not end it early", () => {
    blocked("echo $(case y in y) rm -rf /;; esac)");
    blocked("x=$(case $1 in *) rm -rf ~ ;; esac)");
    allowed("echo $(case y in y) echo fine;; esac)");
    allowed("echo case closed; rm -rf ./out");
  });
});

describe("disks named in ways the device table did not list", () => {
  test("a variable or placeholder letter where a disk's letter or number goes", () => {
    for (const c of [
      "dd if=/dev/zero of=/dev/sd$DISK bs=1M",
      "dd if=/dev/urandom of=/dev/sd${LETTER}",
      "dd if=/dev/zero of=/dev/nvme${N}n1",
      "dd if=/dev/zero of=/dev/sdX",
      "cat image.iso > /dev/sdX",
      "wipefs -a /dev/sdX",
      "shred -n1 /dev/hdX",
    ])
      blocked(c);
    for (const c of [
      "dd if=/dev/zero of=$OUT bs=1M count=10",
      "dd if=/dev/sdX of=backup.img",
      "echo hi > /dev/$TTY_NAME",
      "cat /dev/sd$DISK | gzip > disk.gz",
    ])
      allowed(c);
  });

  test("mkfs aimed at any device node or at a target whose value is unknown", () => {
    for (const c of [
      "mkfs.ext4 $DEV",
      'mkfs.xfs -f "${TARGET}"',
      "mkfs -t ext4 $1",
      "mkfs.ext4 $(losetup -f)",
      "mkfs.vfat -F 32 $SDCARD",
      "mkfs.btrfs /dev/$VOLUME",
      "mke2fs -L data /dev/loop3",
    ])
      blocked(c);
    for (const c of [
      "mkfs.ext4 disk.img",
      "mkfs.ext4 -L $LABEL rootfs.img",
      "mkfs.ext4 -F ./out/image.ext4",
      "mkfs.vfat -n $NAME boot.img",
      "mkfs.ext4",
      "man mkfs",
    ])
      allowed(c);
  });
});

describe("permission changes spelled without a mode word", () => {
  test("chmod --reference with -R takes every operand as a target", () => {
    blocked("chmod --reference=/tmp -R /");
    blocked("chown -R --reference=/var/empty /etc");
    allowed("chmod --reference=setup.py -R ./src");
  });
});

describe("signals sent to every process", () => {
  test("kill with pid -1, killall5, and pkill or killall with a match-all pattern", () => {
    for (const c of [
      "kill -9 -1",
      "kill -KILL -1",
      "kill -s TERM -1",
      "kill -- -1",
      "kill -SIGKILL -1",
      "sudo kill -9 -1",
      "killall5 -9",
      "pkill -9 .",
      "pkill -f '.*'",
      "killall -r -9 .",
    ])
      blocked(c);
    assert.equal(precheckCommand("kill -9 -1"), REASONS.killAll);
    for (const c of [
      "kill -9 12345",
      "kill -1",
      "kill -HUP 1",
      "kill -l",
      "kill -- -4321",
      "pkill -f 'node server.js'",
      "pkill -u alice .",
      "killall node",
      "killall -9 .",
      "echo 'kill -9 -1' >> notes.txt",
    ])
      allowed(c);
  });
});

describe("the account databases emptied, removed or moved away", () => {
  test("truncation, overwrite and removal of passwd, shadow, group and sudoers", () => {
    for (const c of [
      "> /etc/passwd",
      ": > /etc/shadow",
      "echo > /etc/sudoers",
      "cat /dev/null >| /etc/group",
      "echo 'root::0:0::/:/bin/sh' > //etc/./passwd",
      "truncate -s 0 /etc/shadow",
      "cp /dev/null /etc/passwd",
      "rm -f /etc/passwd",
      "sudo shred -u /etc/shadow",
      "mv /etc/sudoers /tmp/sudoers.bak",
      "dd if=/dev/zero of=/etc/passwd",
      "echo x | sudo tee /etc/passwd",
      "ln -sf /dev/null /etc/shadow",
      "rm /private/etc/master.passwd",
    ])
      blocked(c);
    assert.equal(precheckCommand("> /etc/passwd"), REASONS.accounts);
    for (const c of [
      "cat /etc/passwd",
      "grep alice /etc/group",
      "echo 'alice ALL=(ALL) ALL' >> /etc/sudoers",
      "echo 'alice ALL=(ALL) ALL' | sudo tee -a /etc/sudoers",
      "cp /etc/passwd /tmp/passwd.copy",
      "cp passwd.backup /etc/passwd",
      "mv /tmp/passwd.new /etc/passwd",
      "echo x > /etc/passwd.d/readme",
      "rm -f ./etc/passwd",
      "diff /etc/passwd /etc/passwd-",
    ])
      allowed(c);
  });
});

describe("commands planted to run later", () => {
  test("written into shell start-up files, profile.d, rc.local or a cron table", () => {
    for (const c of [
      "echo 'rm -rf ~' >> ~/.bashrc",
      "printf 'rm -rf /\\n' >> $HOME/.zshrc",
      "echo 'rm -rf ~' | tee -a ~/.profile",
      "cat >> ~/.bash_profile <<'EOF'\nrm -rf ~\nEOF",
      "echo 'dd if=/dev/zero of=/dev/sda' | sudo tee /etc/rc.local",
      "echo 'rm -rf /' > /etc/profile.d/zz.sh",
      "echo '*/5 * * * * root rm -rf /' > /etc/cron.d/cleanup",
      "echo '@reboot root mkfs.ext4 /dev/sda' >> /etc/crontab",
    ])
      blocked(c);
    for (const c of [
      "echo 'export PATH=$PATH:$HOME/bin' >> ~/.bashrc",
      "echo 'alias ll=\"ls -la\"' >> ~/.zshrc",
      "echo 'rm -rf /' >> ~/notes/dangerous-commands.txt",
      "echo '0 3 * * * root rm -rf /tmp/cache' > /etc/cron.d/tmpclean",
      "echo 'rm -rf ~' | tee transcript.log",
    ])
      allowed(c);
  });

  test("aliases, prompt hooks and git settings that hold a destructive command", () => {
    for (const c of [
      "alias ls='rm -rf ~'",
      "alias cd='rm -rf /'",
      "export PROMPT_COMMAND='rm -rf ~'",
      "PROMPT_COMMAND='rm -rf /'",
      "git config --global alias.st '!rm -rf ~'",
      "git config core.pager 'rm -rf /'",
    ])
      blocked(c);
    for (const c of [
      "alias rm='rm -i'",
      "alias rm='rm -i'; rm notes.txt",
      "alias ll='ls -la'",
      "export PROMPT_COMMAND='history -a'",
      "git config --global alias.st status",
      "git config --global alias.lg '!git log --oneline'",
      "git config core.pager 'less -R'",
    ])
      allowed(c);
  });
});
