// More ways a command's text reaches a shell, and code that spells its target without a plain
// literal: ssh with no remote command, a remote shell reading its input, sed's bare `e`, Tcl
// read from stdin, the shell escapes of database clients, text written into `>(…)`, bash
// functions that call themselves as $FUNCNAME, forks in counted loops and spawns in endless
// ones, the home directory named by the interpreter's own expressions (and a path under it,
// which is not the home), character codes, os.sep, word lists and base64 in code. Written for
// this file; near misses stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("text that a remote, a database client or a stream editor runs", () => {
  test("ssh with no command, or a remote shell reading its input, runs what ssh reads", () => {
    blocked("printf 'rm -rf /etc\\n' | ssh backup-host");
    blocked("ssh -p 2222 build@ci sh -s <<< 'rm -rf ~'");
    allowed("echo uptime | ssh backup-host");
    allowed("ssh build@ci 'ls -la'");
  });

  test("sed's bare e runs each line of its input, and what an s command put there", () => {
    blocked("printf 'rm -rf /usr\\n' | sed e");
    blocked("echo placeholder | sed 's/placeholder/rm -rf ~/;e'");
    allowed("echo hello | sed 's/hello/world/'");
  });

  test("Tcl read from stdin: exec and file delete", () => {
    blocked("echo 'exec rm -rf /var' | tclsh");
    blocked("tclsh <<< 'file delete -force ~'");
    allowed("echo 'puts hello' | tclsh");
  });

  test("database clients' escapes to the system shell", () => {
    blocked("sqlite3 app.db '.system rm -rf /usr'");
    blocked("psql -d app -c '\\! rm -rf ~'");
    blocked("mariadb -e 'system rm -rf /etc'");
    allowed("sqlite3 app.db '.tables'");
    allowed("psql -c 'select 1'");
  });

  test("text written into >(…) is that command's input", () => {
    blocked("printf 'rm -rf ~' > >(bash)");
    blocked("echo 'rm -rf /etc' | tee >(sh) >/dev/null");
    allowed("echo hello > >(cat)");
  });
});

describe("fork bombs and process floods", () => {
  test("a bash function that calls itself as $FUNCNAME in a pipe", () => {
    blocked("g(){ $FUNCNAME | $FUNCNAME & }; g");
    allowed("g(){ echo $FUNCNAME; }; g");
  });

  test("forks in a loop of many turns, and spawns in a loop without end", () => {
    blocked(`python3 -c "import os; [os.fork() for _ in range(64)]"`);
    blocked(`ruby -e '40.times { fork }'`);
    blocked(`python3 -c "import subprocess\nwhile True: subprocess.Popen(['true'])"`);
    allowed(`python3 -c "import os; [os.fork() for _ in range(3)]"`);
    allowed(
      `python3 -c "import os\nfor i in range(64):\n    if os.fork() == 0:\n        os._exit(0)"`,
    );
  });
});

describe("code that names its target without a plain literal", () => {
  test("the home directory by the interpreter's own expression", () => {
    for (const c of [
      `python3 -c "import shutil, os; shutil.rmtree(os.environ.get('HOME'))"`,
      `node -e "require('fs').rmSync(process.env.HOME, {recursive: true})"`,
      `ruby -rfileutils -e 'FileUtils.rm_rf(ENV.fetch("HOME"))'`,
      `perl -e 'system "rm -rf $ENV{HOME}"'`,
      `python3 -c "import os; os.system('rm -rf ' + os.environ['HOME'])"`,
      `lua -e 'os.execute("rm -rf " .. os.getenv("HOME"))'`,
    ])
      blocked(c);
  });

  test("a path under the home built from the home expression is not the home", () => {
    for (const c of [
      `python3 -c "import shutil, pathlib; shutil.rmtree(pathlib.Path.home() / '.cache' / 'pip')"`,
      `python3 -c "import shutil, os; shutil.rmtree(os.path.join(os.path.expanduser('~'), '.cache'))"`,
      `node -e "require('fs').rmSync(require('path').join(require('os').homedir(), '.npm/_cacache'), {recursive: true})"`,
      `perl -MFile::Path=remove_tree -e 'remove_tree("$ENV{HOME}/.cache/tmp")'`,
    ])
      allowed(c);
  });

  test("character codes, os.sep, word lists and base64 spell the target", () => {
    for (const c of [
      `python3 -c "import shutil; shutil.rmtree(chr(47) + 'usr')"`,
      `python3 -c "import shutil, os; shutil.rmtree(os.sep)"`,
      `python3 -c "import shutil; shutil.rmtree('/u' 'sr')"`,
      `perl -e 'system qw(rm -rf /var)'`,
      `ruby -e 'system(*%w(rm -rf /boot))'`,
      `node -e "require('child_process').execSync(String.fromCharCode(114,109,32,45,114,102,32,47,117,115,114))"`,
      `python3 -c "import os, base64; os.system(base64.b64decode('cm0gLXJmIC91c3I=').decode())"`,
    ])
      blocked(c);
    allowed(`python3 -c "import shutil; shutil.rmtree(chr(98) + 'uild')"`);
    allowed(`python3 -c "import base64; print(base64.b64decode('aGVsbG8gd29ybGQ=').decode())"`);
  });
});

describe("disks named indirectly, and written by tools beyond dd", () => {
  test("a disk named by a tool that lists disks", () => {
    blocked("dd if=/dev/urandom of=$(lsblk -dpno NAME | head -n1) bs=1M");
    blocked("blkid -o device | xargs -n1 mkfs.xfs -f");
    blocked('wipefs -a "$(findmnt -no SOURCE /)"');
    allowed("lsblk -o NAME,SIZE");
  });

  test("a link or node made on the line that leads to a disk", () => {
    blocked("ln -s /dev/nvme0n1 target && dd if=/dev/zero of=target");
    blocked("mknod blk b 8 0 && dd if=/dev/zero of=blk");
    allowed("ln -s /tmp/out.img target && dd if=/dev/zero of=target count=1");
  });

  test("archivers, image writers and benchmarks aimed at a disk", () => {
    blocked("tar cf /dev/sdb ~/photos");
    blocked("bmaptool copy image.wic /dev/mmcblk0");
    blocked("ddpt if=/dev/zero of=/dev/sdc");
    blocked("fio --name=t --filename=/dev/sda --rw=randwrite --size=1G");
    allowed("tar xf /dev/st0");
    allowed("fio --name=t --filename=/dev/sda --rw=read --size=1G");
  });
});

describe("decoders and compressors between a command's text and a shell", () => {
  test("base64 decoded by openssl or python, and a compress-decompress pair, keep the text", () => {
    blocked("echo cm0gLXJmIC91c3I= | openssl base64 -d | bash");
    blocked("echo cm0gLXJmIC91c3I= | openssl enc -d -base64 | sh");
    blocked("echo cm0gLXJmIC91c3I= | python3 -m base64 -d | sh");
    blocked("printf 'rm -rf ~' | xz | unxz | sh");
    allowed("echo bHMgLWxh | openssl base64 -d | sh");
    allowed("tar cf - src | gzip > src.tgz");
  });
});
