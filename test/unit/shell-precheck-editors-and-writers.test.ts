// Programs whose options run a command line of the caller's (vim's ex commands, emacs's --eval,
// strace's `-o '|cmd'`, lldb's `platform shell`, Kakoune's `%sh{}`, ssh's KnownHostsCommand,
// rsync's --rsync-path, tar's checkpoint action as two words, split's --filter), wrappers that
// run the rest of their line, a remote shell given by one word, disks written by sed's `w` and
// awk's `print >`, the root's contents removed without -r on a merged-/usr system, and code an
// interpreter reads from /dev/stdin, a script written on the line or `--eval=`, and the home
// or a program directory looked up at run time (`getent passwd`, `printenv HOME`, `which`). Written for
// this file; near misses stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("editors and debuggers that run a command line", () => {
  test("vim's ex commands: !, r !, %!, terminal, exe, system(), lua, python", () => {
    blocked("vim -c 'silent !rm -rf ~' -c q");
    blocked("vi -c 'r !rm -rf /etc' notes.txt");
    blocked("vim -c '%!rm -rf /usr'");
    blocked("nvim -c 'terminal rm -rf ~'");
    blocked(`vim -c 'exe "!rm -rf /"'`);
    blocked(`vim -c 'call system("rm -rf /var")' -c q`);
    blocked(`nvim --headless +'lua os.execute("rm -rf ~")' +q`);
    blocked(`vim -c 'py3 import shutil; shutil.rmtree("/etc")'`);
    allowed("vim -c 'set number' -c '%s/foo/bar/g' -c wq file.txt");
    allowed("vim -c 'r !date' notes.txt");
    allowed("vim -c 'py3 print(1)'");
  });

  test("emacs --eval, strace -o '|cmd', lldb platform shell, Kakoune %sh{}", () => {
    blocked(`emacs --batch --eval '(delete-directory "/" t)'`);
    blocked(`emacs -Q --batch --eval '(call-process "rm" nil nil nil "-rf" "/usr")'`);
    blocked(`emacsclient -e '(shell-command "rm -rf ~")'`);
    blocked("strace -f -o '|rm -rf /' ls");
    blocked("lldb -o 'platform shell rm -rf /etc' ./a.out");
    blocked("kak -e 'nop %sh{rm -rf ~}'");
    allowed(`emacs --eval '(delete-directory "/tmp/build" t)'`);
    allowed(`emacsclient -e '(shell-command "make")'`);
    allowed("strace -o trace.txt ls");
    allowed("lldb -o 'platform shell ls' ./a.out");
  });

  test("ssh's KnownHostsCommand, rsync --rsync-path, tar's action as two words, split --filter", () => {
    blocked("ssh -o KnownHostsCommand='rm -rf ~' build-host");
    blocked("rsync --rsync-path='rm -rf /' -a src host:dst");
    blocked("tar xf a.tar --checkpoint=1 --checkpoint-action exec='rm -rf /etc'");
    blocked("split -b 1M --filter='cat > /dev/sda' image.bin");
    allowed("rsync --rsync-path='sudo rsync' -a src host:dst");
    allowed("split -b 1M --filter='gzip > $FILE.gz' big.log");
  });
});

describe("wrappers and remote shells", () => {
  test("systemd-inhibit, aa-exec and sshpass run the rest of their line", () => {
    blocked("systemd-inhibit --why=cleanup rm -rf /");
    blocked("aa-exec -p unconfined -- rm -rf ~");
    blocked("sshpass -p secret ssh host 'rm -rf /etc'");
    allowed("systemd-inhibit --why=backup rsync -a /home /backup");
  });

  test("a remote shell named by one word reads what ssh reads", () => {
    blocked("echo 'rm -rf /' | ssh root@host sh");
    blocked("printf 'rm -rf ~\\n' | ssh build@ci bash");
    allowed("echo uptime | ssh root@host sh");
  });
});

describe("disks and the root written or emptied by other means", () => {
  test("sed's w and awk's print > aimed at a disk", () => {
    blocked("echo x | sed 'w /dev/sda'");
    blocked("sed -n 's/a/b/w /dev/nvme0n1' input.txt");
    blocked(`awk '{print > "/dev/sdb"}' /dev/zero`);
    allowed("sed 's/x/y/w changes.txt' input.txt");
    allowed(`awk '{print > "/dev/stderr"}' input.txt`);
    allowed(`awk '{print "/dev/sda"}' mounts.txt`);
  });

  test("rm -f /* removes the /bin, /sbin and /lib links of a merged-/usr system", () => {
    blocked("rm -f /*");
    blocked("rm -f /lib*/ld-linux*");
    allowed("rm -f /tmp/*");
    allowed("rm -f /*.log");
  });
});

describe("code an interpreter reads from stdin by name, from a script of the line, or --eval=", () => {
  test("/dev/stdin, a written script and --eval=CODE are read as code", () => {
    blocked(`python3 /dev/stdin <<< 'import shutil; shutil.rmtree("/")'`);
    blocked(`echo 'import shutil; shutil.rmtree("/etc")' > wipe.py && python3 wipe.py`);
    blocked(`echo 'import sys, shutil; shutil.rmtree(sys.argv[1])' > d.py; python3 d.py ~`);
    blocked(`node --eval="require('child_process').execSync('rm -rf /')"`);
    allowed(`echo 'import sys, shutil; shutil.rmtree(sys.argv[1])' > d.py; python3 d.py ./build`);
    allowed("python3 /dev/stdin <<< 'print(1)'");
    allowed("python3 script.py /");
  });
});

describe("the home or a system directory looked up at run time", () => {
  test("getent passwd's sixth field, printenv HOME and which's directory", () => {
    blocked('rm -rf "$(getent passwd alice | cut -d: -f6)"');
    blocked("rm -rf $(getent passwd root | cut -d: -f6)");
    blocked('rm -rf "$(printenv HOME)"');
    blocked("rm -rf $(dirname $(which ls))");
    allowed('rm -rf "$(getent passwd alice | cut -d: -f6)/.cache/thumbnails"');
    allowed("rm -rf $(echo build:dist | cut -d: -f2)");
    allowed("ls $(dirname $(which python3))");
  });
});
