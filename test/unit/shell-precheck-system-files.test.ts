// The system's ability to run, in shapes written for this file (none from the eval corpora):
// the loader, libc, the system shell and sudo removed or emptied; the directories every program
// passes through locked; execute taken from every system program; the multiarch library
// directory, PAM and the kernel images; Windows drives under WSL; the root account. Then more
// programs that run a command they are given. Each test carries its near misses.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { precheckCommand, REASONS } from "../../src/screen/shell/precheck.js";
import { allowed, blocked } from "../helpers/precheck.js";

describe("files every program needs to start", () => {
  test("the loader, libc, the shells and sudo removed, emptied or moved away", () => {
    for (const c of [
      "rm -f /lib64/ld-linux-x86-64.so.2",
      "sudo unlink /usr/lib/aarch64-linux-gnu/libc.so.6",
      "rm /lib/x86_64-linux-gnu/libc.so*",
      "truncate -s 0 /usr/bin/bash",
      "cp /dev/null /bin/sh",
      "mv /usr/bin/sudo /var/tmp/",
      "> /bin/dash",
      "echo > /usr/lib64/ld-linux-x86-64.so.2",
    ])
      assert.equal(precheckCommand(c), REASONS.essential, c);
    for (const c of [
      "ln -sf /bin/dash /bin/sh",
      "cp /bin/bash /tmp/bash-copy",
      "rm -f /usr/local/bin/sh-helper",
      "rm -f /opt/app/lib/libc.so.6",
      "ls -l /lib64/ld-linux-x86-64.so.2",
      "echo x >> /tmp/bash.log",
    ])
      allowed(c);
  });

  test("search permission taken from the directories everyone passes through", () => {
    for (const c of ["chmod 700 /usr", "chmod o-x /etc", "chmod 750 /usr/lib", "chmod 600 /"])
      assert.equal(precheckCommand(c), REASONS.permissions, c);
    for (const c of [
      "chmod 700 /root",
      "chmod 700 ~",
      "chmod 755 /usr/local",
      "chmod 750 /srv/www",
    ])
      allowed(c);
  });

  test("execute permission taken from every system program or from the loader", () => {
    for (const c of [
      "chmod -x /usr/bin/*",
      "chmod a-x /sbin/*",
      "chmod 644 /bin/*",
      "chmod 000 /lib64/ld-linux-x86-64.so.2",
      "chmod -R -x /usr",
    ])
      assert.equal(precheckCommand(c), REASONS.permissions, c);
    for (const c of ["chmod -x ./bin/*", "chmod u-x /usr/bin/*", "chmod 755 /usr/local/bin/*"])
      allowed(c);
  });

  test("the multiarch libraries, PAM, kernel images and Windows drives under WSL", () => {
    for (const c of [
      "rm -rf /usr/lib/x86_64-linux-gnu",
      "rm -rf /etc/pam.d",
      "rm -rf /boot/vmlinuz*",
      "rm -rf /mnt/d/Users",
      "rm -rf /mnt/c/Windows",
    ])
      blocked(c);
    for (const c of [
      "rm -rf /usr/lib/x86_64-linux-gnu/myapp",
      "rm -rf /etc/myapp",
      "rm -rf /boot/old-notes",
      "rm -rf /mnt/d/projects/build",
    ])
      allowed(c);
  });

  test("Windows drives under Git Bash and Cygwin, and Windows's own place variables", () => {
    for (const c of [
      "rm -rf /c",
      "rm -rf /c/",
      "rm -rf /c/Windows",
      "rm -rf '/c/Program Files'",
      "rm -rf /d/Users",
      "rm -rf /cygdrive/c",
      "rm -rf /cygdrive/c/Windows/System32/..",
      "rm -rf $USERPROFILE",
      'rm -rf "${USERPROFILE}/"',
      "rm -rf $WINDIR",
      "rm -rf $SYSTEMROOT",
      'rm -rf "$PROGRAMFILES"',
      "rm -rf $HOMEDRIVE/",
      "rm -rf %SystemRoot%",
      "Remove-Item -Recurse -Force $env:ProgramData",
      "prlimit --nofile=10 rm -rf /",
    ])
      blocked(c);
    for (const c of [
      "rm -rf /c/projects/build",
      "rm -rf /cygdrive/c/Users/me/project/dist",
      "rm -rf /x",
      "rm -rf $USERPROFILE/project/node_modules",
      "rm -rf $WINDIR_BACKUP_NOTES",
      "prlimit --nofile=10 rm -rf ./build",
    ])
      allowed(c);
  });

  test("package managers removing libc, init, the shell, themselves or the kernel", () => {
    for (const c of [
      "sudo apt-get purge -y libc6:amd64",
      "apt remove --allow-remove-essential systemd",
      "dpkg --force-all -P coreutils",
      "rpm -e --nodeps glibc.x86_64",
      "dnf -y erase kernel-core",
      "pacman -Rdd --noconfirm pacman",
      "apk del musl",
    ])
      assert.equal(precheckCommand(c), REASONS.corePackage, c);
    for (const c of [
      "apt-get install -y bash",
      "apt-get remove -y bash-completion",
      "dpkg -l libc6",
      "rpm -q glibc",
      "pacman -S linux",
      "apk add musl-dev",
    ])
      allowed(c);
  });

  test("the root account deleted", () => {
    assert.equal(precheckCommand("userdel -r root"), REASONS.accounts);
    assert.equal(precheckCommand("deluser root"), REASONS.accounts);
    allowed("userdel -r builder");
  });
});

describe("programs that run the command they are given", () => {
  test("cmake -E, watchers, detachers, netcat, faketime, wsl, winpty, coproc and BASH_ENV", () => {
    for (const c of [
      "cmake -E rm -rf ~",
      "cmake -E remove_directory /usr",
      "watchexec -e ts -- rm -rf /",
      "nodemon --exec 'rm -rf ~'",
      "dtach -n /tmp/sock rm -rf /",
      "ncat -l 4444 --sh-exec 'rm -rf /'",
      "faketime '2020-01-01' rm -rf ~",
      "wsl -u root rm -rf /",
      "winpty rm -rf /",
      "coproc worker { rm -rf /; }",
      "BASH_ENV=<(echo 'rm -rf ~') bash -c true",
    ])
      blocked(c);
    for (const c of [
      "cmake -E rm -rf build",
      "cmake -E remove_directory build",
      "watchexec -e ts -- npm test",
      "nodemon --exec 'node server.js'",
      "ncat -l 4444 --sh-exec 'cat'",
      "wsl -u root ls /",
      "coproc worker { sleep 1; }",
    ])
      allowed(c);
  });
});
