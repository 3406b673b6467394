// Whole classes of catastrophic commands, each in many spellings the corpora do not hold, with
// the near misses that must stay allowed: interpreter code that takes its target from its
// arguments or stdin, partition tables rewritten from files and pipes, LVM and device-mapper
// volumes, scripts that fork themselves without end, and the spellings of the families the
// precheck already knows.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { MAX_COMMAND_LENGTH, precheckCommand, REASONS } from "../../src/screen/shell/precheck.js";
import { allowed, blocked } from "../helpers/precheck.js";

describe("interpreter code that takes its destructive target from argv or stdin", () => {
  test("one-liners whose argument is the root, a home or a system directory are refused", () => {
    for (const c of [
      "python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' /",
      "python3 -c 'import shutil, sys; shutil.rmtree(sys.argv[1], ignore_errors=True)' /etc",
      "python -c \"import os,sys; os.system('rm -rf ' + sys.argv[1])\" /",
      'python3 -c \'import sys,subprocess; subprocess.run(["rm","-rf",sys.argv[1]])\' ~',
      "python3.12 -c 'import shutil,sys; [shutil.rmtree(p) for p in sys.argv[1:]]' /usr /var",
      "perl -e 'unlink glob shift' '/*'",
      "perl -MFile::Path=remove_tree -e 'remove_tree($ARGV[0])' /",
      "perl -e 'use File::Path; rmtree(shift)' /usr",
      'perl -e \'system("rm", "-rf", $ARGV[0])\' /',
      "perl -e 'rmtree(@ARGV)' -- /boot",
      "node -e \"require('fs').rmSync(process.argv[1],{recursive:true})\" ~",
      "node -e \"require('fs').rmSync(process.argv[1],{recursive:true,force:true})\" /",
      'node -e \'require("child_process").execSync("rm -rf " + process.argv[1])\' /',
      "ruby -e 'require \"fileutils\"; FileUtils.rm_rf(ARGV[0])' /",
      "ruby -rfileutils -e 'FileUtils.rm_rf(ARGV.first)' /etc",
      "ruby -e 'system(\"rm -rf \" + ARGV[0])' /",
      "php -r 'exec(\"rm -rf \" . $argv[1]);' /",
      "lua -e 'os.execute(\"rm -rf \" .. arg[1])' /",
      "sudo python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' /var",
      "env -i python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' /usr",
      "python3 - / <<< 'import shutil,sys; shutil.rmtree(sys.argv[1])'",
      "python3 -c 'import subprocess,sys; subprocess.run(sys.argv[1:])' rm -rf /",
      "perl -e 'exec @ARGV' rm -rf ~",
      "ruby -e 'system(*ARGV)' mkfs.ext4 /dev/sda",
    ])
      blocked(c);
    assert.equal(
      precheckCommand("python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' /"),
      REASONS.delete,
    );
  });

  test("code piped, here-stringed or here-documented into an interpreter or a shell", () => {
    for (const c of [
      "sh <<'EOF'\nrm -rf /\nEOF",
      "bash -s <<< 'rm -rf /'",
      "bash -s <<EOF\nrm -rf --no-preserve-root /\nEOF",
      "python3 - <<'EOF'\nimport shutil\nshutil.rmtree('/')\nEOF",
      "python3 <<< 'import shutil; shutil.rmtree(\"/etc\")'",
      "echo 'import shutil; shutil.rmtree(\"/\")' | python3",
      "echo 'rm -rf /' | bash",
      "printf 'import os\\nos.system(\"rm -rf /\")\\n' | python3 -",
      "echo 'FileUtils.rm_rf(\"/\")' | ruby -rfileutils",
      'echo \'require("fs").rmSync("/",{recursive:true})\' | node',
      "node - <<'EOF'\nrequire('fs').rmSync('/etc', {recursive: true})\nEOF",
      "perl <<'EOF'\nuse File::Path qw(remove_tree);\nremove_tree('/');\nEOF",
    ])
      blocked(c);
  });

  test("xargs and find -exec hand the target to such an interpreter", () => {
    for (const c of [
      "echo / | xargs python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])'",
      "echo / | xargs -I{} python3 -c 'import shutil; shutil.rmtree(\"{}\")'",
      "find / -maxdepth 0 -exec python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' {} \\;",
      "find / -maxdepth 0 -exec perl -e 'use File::Path; rmtree(shift)' {} \\;",
      "printf '/etc\\n' | xargs node -e \"require('fs').rmSync(process.argv[1],{recursive:true})\"",
    ])
      blocked(c);
  });

  test("the same interpreters printing their arguments, or deleting something small", () => {
    for (const c of [
      "python3 -c 'print(1)' /",
      "python3 -c 'import sys; print(sys.argv[1])' /",
      "python3 -c 'import shutil,sys; shutil.rmtree(sys.argv[1])' ./build",
      "python3 -c 'import shutil; shutil.rmtree(\"build\")'",
      "perl -e 'print shift' '/*'",
      "perl -e 'unlink glob shift' '*.tmp'",
      'node -e "console.log(process.argv[1])" ~',
      "node -e \"require('fs').rmSync(process.argv[1],{recursive:true})\" ./dist",
      "ruby -e 'puts ARGV[0]' /",
      "php -r 'echo \"rm -rf /\";'",
      "lua -e 'print(\"hello\")'",
      "sh <<'EOF'\necho hi\nEOF",
      "bash -s <<< 'ls /'",
      "echo 'print(1)' | python3",
      "cat <<'EOF' | python3 -\nprint('rm -rf /')\nEOF",
      "find / -maxdepth 1 -exec python3 -c 'import sys; print(sys.argv[1])' {} \\;",
      "python3 script.py /",
      "python3 -c 'import subprocess,sys; subprocess.run(sys.argv[1:])' ls -la /",
      "perl -e 'exec @ARGV' rm -rf ./build",
    ])
      allowed(c);
  });
});

describe("interpreter code that opens a block device for writing", () => {
  test("write modes, write calls and Perl's mode prefixes on a disk path are refused", () => {
    for (const c of [
      "python3 -c \"open('/dev/sda','wb').write(b'\\0'*1024)\"",
      "python3 -c \"with open('/dev/nvme0n1', 'wb') as f: f.write(bytes(4096))\"",
      "python3 -c \"f = open('/dev/vda', 'r+b'); f.write(b'x')\"",
      "python3 -c \"import os; fd = os.open('/dev/sdb', os.O_WRONLY); os.write(fd, b'0')\"",
      "python3 -c \"import pathlib; pathlib.Path('/dev/sda').write_bytes(b'0')\"",
      "python3 -c 'import sys; open(sys.argv[1], \"wb\").write(bytes(512))' /dev/sda",
      'perl -e \'open(F, ">/dev/sda"); print F "x" x 512\'',
      'perl -e \'open(my $f, ">", "/dev/mmcblk0"); print $f 0\'',
      "node -e \"require('fs').writeFileSync('/dev/sda', Buffer.alloc(512))\"",
      "node -e \"const fs=require('fs'); fs.createWriteStream('/dev/nvme0n1p1').write('x')\"",
      'ruby -e \'File.open("/dev/sdb", "wb") { |f| f.write("\\0" * 512) }\'',
      'php -r \'file_put_contents("/dev/sda", str_repeat("0", 512));\'',
      'lua -e \'io.open("/dev/sdc", "w"):write("x")\'',
    ])
      blocked(c);
    assert.equal(
      precheckCommand("python3 -c \"open('/dev/sda','wb').write(b'0')\""),
      REASONS.device,
    );
  });

  test("reading a disk, or writing an ordinary file, from code stays allowed", () => {
    for (const c of [
      "python3 -c \"print(open('/dev/sda','rb').read(512))\"",
      "python3 -c \"open('out.bin','wb').write(open('/dev/sda','rb').read(512))\"",
      "perl -e 'open(F, \"</dev/sda\"); read(F, $b, 512)'",
      "node -e \"require('fs').writeFileSync('mbr.bin', require('fs').readFileSync('/dev/sda'))\"",
      "python3 -c \"open('/dev/null','w').write('x')\"",
      "python3 -c \"open('/dev/shm/x','wb').write(b'x')\"",
    ])
      allowed(c);
  });
});

describe("text transformed on its way into a shell", () => {
  test("tr ROT13, tr -d and look-alike command names are followed", () => {
    for (const c of [
      "tr a-z n-za-m <<< 'ez -es /' | sh",
      "echo 'ez -es /' | tr 'a-z' 'n-za-m' | bash",
      "echo 'r_m -rf /' | tr -d _ | sh",
      "rm -rf $(echo ' / ' | tr -d ' ')",
      "echo 'RM -RF /' | tr '[:upper:]' '[:lower:]' | sh",
      "echo 'rm -rf /' | tr x y | bash",
      "гm -rf /",
      "r\u0301m -rf /",
      "mĸfs.ext4 /dev/sda",
      "ɾm -rf /etc",
    ])
      blocked(c);
  });

  test("the same transforms of harmless text, and unknown sets, stay allowed", () => {
    for (const c of [
      "tr a-z n-za-m <<< 'yf -ya' | sh",
      "echo 'ez -es /' | tr 'a-z' 'n-za-m'",
      "echo 'RM -RF /' | tr '[:upper:]' '[:lower:]'",
      "cat f | tr -c 'a-z' x | sh",
      "echo hello | tr -d l",
    ])
      allowed(c);
  });
});

describe("partition tables rewritten from files and pipes, and LVM / device-mapper volumes", () => {
  test("partition editors fed a layout they will write, from a file, a pipe or a backup", () => {
    for (const c of [
      "sfdisk /dev/sda < layout.txt",
      "cat layout.sfdisk | sfdisk /dev/sda",
      "sfdisk --force /dev/nvme0n1 < /tmp/parts",
      "echo ',,83' | sfdisk /dev/sdb",
      "sudo sfdisk /dev/vda < table.dump",
      "sgdisk --load-backup=table.bak /dev/sda",
      "sgdisk -l table.bak /dev/sda",
      "sgdisk -d 1 /dev/sda",
      "sgdisk --delete=2 /dev/nvme0n1",
      "sgdisk -R /dev/sdb /dev/sda",
      "sgdisk --replicate=/dev/sdb /dev/sda",
      "parted /dev/sda < cmds.txt",
      "fdisk /dev/sdb < answers.txt",
      "printf 'mklabel gpt\\nquit\\n' | parted /dev/sda",
    ])
      blocked(c);
    assert.equal(precheckCommand("sfdisk /dev/sda < layout.txt"), REASONS.wipe);
  });

  test("formats, wipes, discards and raw writes of LVM and device-mapper volumes", () => {
    for (const c of [
      "wipefs -a /dev/mapper/vg0-root",
      "wipefs --all /dev/vg0/data",
      "wipefs -af /dev/ubuntu-vg/ubuntu-lv",
      "blkdiscard /dev/vg0/lv_home",
      "blkdiscard -f /dev/mapper/cryptroot",
      "mkfs.ext4 /dev/vg0/root",
      "mkfs.xfs -f /dev/centos/home",
      "mkfs -t ext4 /dev/mapper/data",
      "dd if=/dev/zero of=/dev/vg0/swap bs=1M",
      "dd if=/dev/urandom of=/dev/mapper/vg-data",
      "shred -n 3 -z /dev/vg0/root",
      "shred /dev/mapper/luks-1234",
      "cat /dev/zero > /dev/vg0/data",
    ])
      blocked(c);
  });

  test("removing volumes, groups, physical volumes and every mapping", () => {
    for (const c of [
      "lvremove -f vg0/root",
      "lvremove -y vg0/home",
      "lvremove --yes /dev/vg0/data",
      "lvremove -ff vg0",
      "lvremove vg0",
      "vgremove -f vg0",
      "vgremove vg0",
      "vgremove --force ubuntu-vg",
      "pvremove /dev/sdb1",
      "pvremove -ff /dev/sda2",
      "dmsetup remove_all",
      "dmsetup remove_all -f",
      "sudo dmsetup --force remove_all",
      "dmsetup wipe_table vg0-root",
      "sudo lvremove -f ubuntu-vg/ubuntu-lv",
    ])
      blocked(c);
  });

  test("listing, printing, creating and reading volumes and tables stay allowed", () => {
    for (const c of [
      "sfdisk -l /dev/sda",
      "sfdisk -d /dev/sda > backup.dump",
      "sfdisk --list",
      "sgdisk -p /dev/sda",
      "sgdisk --backup=table.bak /dev/sda",
      "sgdisk -P -Z /dev/sda",
      "parted /dev/sda print",
      "parted -l",
      "parted /dev/sda print < /dev/null",
      "fdisk -l /dev/sda < /dev/null",
      "lvs",
      "vgs",
      "pvs",
      "lvdisplay vg0/root",
      "lvcreate -L 10G -n data vg0",
      "lvremove vg0/snap1",
      "pvcreate /dev/sdb1",
      "dmsetup ls",
      "dmsetup info",
      "wipefs /dev/vg0/data",
      "wipefs -n -a /dev/vg0/data",
      "mkfs.ext4 disk.img",
      "dd if=/dev/vg0/root of=root.img",
      "echo hi > /dev/shm/x",
      "cat /dev/pts/0",
      "echo x > /dev/fd/2",
      "echo x > /dev/tcp/example.com/80",
    ])
      allowed(c);
  });
});

describe("a script file that runs itself twice in the background is a fork bomb", () => {
  test("$0, ${0}, BASH_SOURCE or the file's own name, twice and concurrently, or in a loop", () => {
    for (const c of [
      "echo '$0 & $0' > b.sh; bash b.sh",
      "printf '#!/bin/sh\\n$0|$0&\\n' > f.sh; sh f.sh",
      'echo \'"$0"|"$0"&\' > x; chmod +x x; ./x',
      "echo 'while :; do $0 & done' > s.sh; bash s.sh",
      "echo 'for i in 1 2; do $0 & done' > s.sh; bash s.sh",
      'echo \'exec "$0" & exec "$0"\' > r.sh; sh r.sh',
      "echo '${0} & ${0}' > r.sh; bash r.sh",
      'echo \'"$BASH_SOURCE" & "$BASH_SOURCE"\' > r.sh; bash r.sh',
      "echo 'sh $0 & sh $0' > q.sh; sh q.sh",
      "echo 'nohup ./q.sh & ./q.sh' > q.sh; sh q.sh",
      "printf '%s\\n' '\"$0\" &' '\"$0\" &' > w.sh; bash w.sh",
    ])
      blocked(c);
    assert.equal(precheckCommand("echo '$0 & $0' > b.sh; bash b.sh"), REASONS.forkBomb);
  });

  test("a script that names itself once, or prints its name, is not one", () => {
    for (const c of [
      "echo '$0 is the script'",
      'echo "$0"',
      "sh -c 'echo $0 & wait'",
      "echo 'exec \"$0\" --child' > r.sh; sh r.sh",
      "echo 'echo $0 & wait' > r.sh; bash r.sh",
      "echo 'for f in a b; do echo $0 & done; wait' > r.sh; echo ok",
      "echo 'make & make test' > m.sh; bash m.sh",
    ])
      allowed(c);
  });
});

describe("the new scans are paid from the precheck's budget", () => {
  const big = "x".repeat(48 * 1024);

  test("a large script file run again and again is refused as unscreenable, not re-read", () => {
    const line = `printf '%s' '${big}' > f.sh; ` + "bash f.sh; ".repeat(6000);
    assert.equal(precheckCommand(line.slice(0, MAX_COMMAND_LENGTH)), REASONS.tooDeep);
  });

  test("a large file translated by tr into a shell, again and again, is refused", () => {
    const line = `printf '%s' '${big}' > t; ` + "tr a b < t | sh; ".repeat(4000);
    assert.equal(precheckCommand(line.slice(0, MAX_COMMAND_LENGTH)), REASONS.tooDeep);
  });

  test("interpreter code completed with each of its arguments stays within the budget", () => {
    const code = `import os; os.system(${"'ls ' + ".repeat(2000)}'x')`;
    const r = precheckCommand(`python3 -c "${code}" a b c d e f g h`);
    assert.ok(r === null || r === REASONS.tooDeep, String(r));
    const bomb = `python3 -c "import os,sys; os.system(${"'ls ' + ".repeat(50)}'rm -rf ' + sys.argv[1])" /`;
    assert.equal(precheckCommand(bomb), REASONS.delete);
  });
});

describe("spellings of the families the precheck knows", () => {
  test("quoting, escapes, ${IFS}, braces, eval and printf-built command words", () => {
    for (const c of [
      "r''m -rf /",
      '"rm" -rf /',
      "'r'\"m\" -r -f /",
      "r\\m -rf /",
      "rm${IFS}-rf${IFS}/",
      "rm$IFS-rf$IFS/",
      "{rm,-rf,/}",
      "rm -rf /{etc,usr}",
      "eval 'rm -rf /'",
      'eval "rm" "-rf" "/"',
      "$(printf 'rm') -rf /",
      "$(printf '%s' rm) -rf /",
      "$(printf '\\x72\\x6d') -rf /",
      "$(printf '\\162\\155') -rf /",
      "$(echo -e '\\x72m') -rf /",
      "`echo rm` -rf /",
      "$'\\x72\\x6d' -rf /",
    ])
      blocked(c);
  });

  test("aliases, functions and variables that carry the command or its target", () => {
    for (const c of [
      "alias x='rm -rf'; x /",
      "alias nuke='rm -rf /'; nuke",
      'f(){ rm -rf "$@"; }; f /',
      "function z { rm -rf $1; }; z /etc",
      "c=rm; $c -rf /",
      "X='rm -rf /'; $X",
      "A=-rf; rm $A /",
      "T=/; rm -rf $T",
      'export T=/usr; rm -rf "$T"',
      "printf -v t '/%s' etc; rm -rf \"$t\"",
    ])
      blocked(c);
  });

  test("wrappers, long options, option clusters and --no-preserve-root anywhere", () => {
    for (const c of [
      "sudo -u root rm -rf /",
      "doas rm -rf /",
      "nice -n 19 rm -rf /",
      "timeout -s KILL 5m rm -rf /",
      "busybox rm -rf /",
      "env -i PATH=/bin rm -rf /",
      "command rm -rf /",
      "exec rm -rf /",
      "sudo env nice timeout 3 command rm -rf /",
      "/usr/bin/env rm -rf /",
      "rm --recursive --force /",
      "rm --rec --force /",
      "rm -fR /",
      "rm -vrf /",
      "rm -rfv -- /",
      "rm --no-preserve-root -rf /",
      "rm -r --no-preserve-root --force /",
      "rm / -rf",
    ])
      blocked(c);
  });

  test("paths that resolve to the root, a home or a system directory", () => {
    for (const c of [
      "rm -rf /./",
      "rm -rf //",
      "rm -rf /bin/..",
      "rm -rf /usr/../",
      "rm -rf /tmp/../etc",
      "rm -rf ~root",
      "rm -rf ~root/",
      "rm -rf $HOME/..",
      'rm -rf "$HOME/.."',
      "rm -rf ~/../..",
      "rm -rf '/'*",
      "cd / && rm -rf *",
      "chmod -R u+s /bin/..",
    ])
      blocked(c);
  });

  test("the same spellings aimed at something small, or only printed", () => {
    for (const c of [
      "rm -rf ./build",
      "r''m -rf ./build",
      "rm${IFS}-rf${IFS}build",
      "{rm,-rf,dist}",
      "eval 'rm -rf ./out'",
      "$(printf '\\x72\\x6d') -rf ./cache",
      "alias x='rm -rf'; x ./tmp",
      "T=./out; rm -rf $T",
      "sudo -u root rm -rf /var/tmp/build-1",
      "rm --recursive --force ./node_modules",
      "rm -rf /tmp/../tmp/x",
      "rm -rf ~/project/node_modules",
      'rm -rf "$HOME/.cache/pip"',
      // Printed with no quote before the command (after a closing quote it is judged: see
      // shell-precheck-printed.test.ts).
      "echo safe rm -rf /",
      "printf '%s\\n' 'rm -rf /'",
      "printf '\\x72\\x6d -rf /\\n'",
    ])
      allowed(c);
  });
});

describe("find: a test narrows only the branch of -o it stands in", () => {
  test("an action in a branch without a test of its own acts on everything the others skip", () => {
    for (const c of [
      "find / -name keep.txt -o -delete",
      "find / -name '*.log' -or -exec rm -rf {} +",
      "find /etc -newer stamp -o -delete",
      "find / \\( -name a -o -true \\) -delete",
      "find ~ -path ./cache -prune -o -delete",
      "find / -name keep.txt , -delete",
      "find / -name x -o -print | xargs rm -rf",
    ])
      blocked(c);
    for (const c of [
      "find / -name '*.pyc' -delete",
      "find / \\( -name '*.pyc' -o -name '*.pyo' \\) -delete",
      "find / -name '*.pyc' -o -name '*.pyo' -delete",
      "find / -path /proc -prune -o -name '*.tmp' -delete",
      "find / -name '*.pyc' -o -name '*.pyo' | xargs rm -f",
    ])
      allowed(c);
  });
});
