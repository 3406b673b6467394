// Routes to a catastrophic target that the path rules and the data flow did not follow: bracket
// globs that match everything in a directory, deep climbs that name a system directory, the
// root seen through /proc, relative removals after a literal cd, the running shell by another
// name, filters and wrappers between a command's text and the shell, files read back with cat
// or copied before they run, and a bind of the whole tree. Near misses that are dry runs,
// noexec shells or ordinary files stay allowed. Variants written for this file.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("paths that name everything, or the root by another way", () => {
  test("a glob of bracket classes matches everything in the directory", () => {
    for (const c of ["rm -rf ~/[!.]*", "rm -rf /usr/[a-z]*", "rm -rf $HOME/[^_]*", "rm -rf /[!x]*"])
      blocked(c);
    for (const c of ["rm -rf ~/[a-z]*.log", "rm -rf build/[!.]*", "rm -f /tmp/[0-9]*"]) allowed(c);
  });

  test("six or more levels up, then a system directory, is that directory", () => {
    blocked("rm -rf ../../../../../../../../lib");
    blocked("rm -rf ./../../../../../../../etc/*");
    allowed("rm -rf ../../build");
    allowed("rm -rf ../../../../../../../../tmp/cache");
  });

  test("/proc/self/root and /proc/1/root are the root", () => {
    blocked("rm -rf /proc/self/root/usr");
    blocked("chmod -R 777 /proc/1/root/");
    allowed("ls /proc/self/root/etc");
  });

  test("a relative removal after a literal cd is judged where it lands", () => {
    blocked("cd /usr/sbin && rm -f *");
    blocked("cd /lib64; rm -f ld-linux-x86-64.so.2");
    allowed("cd /tmp/work && rm -f *");
  });

  test("the running shell by another name", () => {
    blocked("/proc/self/exe -c 'rm -rf /etc'");
    blocked(`bash -c '$0 -c "rm -rf ~"'`);
  });

  test("a whole-tree bind makes the sandbox's paths the host's", () => {
    blocked("bwrap --bind / / rm -rf /usr");
    allowed("bwrap --ro-bind /usr /usr --tmpfs /tmp rm -rf /tmp/x");
  });
});

describe("a command's text on its way into a shell", () => {
  test("wrappers and line filters between the text and the shell keep it", () => {
    for (const c of [
      `echo 'rm -rf /etc' | stdbuf -oL cat | bash`,
      `printf 'rm -rf ~\\n' | env -i cat | sh`,
      `echo 'rm -rf /usr' | head -n 5 | sh`,
      `echo 'rm -rf ~' | tail -c 200 | bash`,
      `echo 'rm -rf ~' | fmt -w 200 | sh`,
      `echo 'rm -rf /' | cut -c1- | sh`,
    ])
      blocked(c);
    allowed(`echo 'ls -la' | head -n 1 | sh`);
  });

  test("a file written here and read back, copied or named another way, runs what it holds", () => {
    for (const c of [
      "echo 'rm -rf ~' > s.sh; cat s.sh | bash",
      "echo 'rm -rf /etc' > s.sh; cp s.sh t.sh; sh t.sh",
      "echo 'rm -rf ~' > /tmp/s.sh; mv /tmp/s.sh /tmp/u.sh; bash /tmp/u.sh",
      "echo 'rm -rf ~' > s.sh; bash $PWD/s.sh",
      "echo /etc > list; rm -rf $(cat list)",
    ])
      blocked(c);
    allowed("echo 'ls' > s.sh; cp s.sh t.sh; sh t.sh");
    allowed("echo build > list; rm -rf $(cat list)");
  });

  test("dry runs and shells that execute nothing stay allowed", () => {
    for (const c of [
      "rsync -a --delete --dry-run empty/ /",
      "rsync -an --delete empty/ ~/",
      "sh -n -c 'rm -rf /'",
      "bash -nc 'rm -rf ~'",
      "bash -o noexec -c 'rm -rf /'",
    ])
      allowed(c);
    blocked("rsync -a --delete empty/ /");
  });

  test("find tests that nearly every file passes do not narrow", () => {
    blocked("find / -readable -delete");
    blocked("find ~ -prune -exec rm -rf {} +");
    allowed("find ~ -name '*.pyc' -delete");
  });
});

describe("values the line itself makes known", () => {
  test("parameter operators reshape a known value before the rules read it", () => {
    for (const c of [
      'p=/etcx; rm -rf "${p%x}"',
      'p=junk/usr; rm -rf "${p#junk}"',
      'p=//boot; rm -rf "${p:1}"',
      'p=/VAR; rm -rf "${p,,}"',
      'p=/zlib; rm -rf "${p/z/}"',
      'p=/usr/bin/env; rm -rf "${p%/*}"',
      'd=/etc; r=d; rm -rf "${!r}"',
      'r=HOME; rm -rf "${!r}"',
    ])
      blocked(c);
    for (const c of [
      'p=/tmp/x/y; rm -rf "${p%/*}"',
      'p=build; rm -rf "${p^^}"',
      'p=; rm -rf "/x${p:-1}"',
    ])
      allowed(c);
  });

  test("a symbolic link made on the line leads where it points, once a slash follows it", () => {
    blocked("ln -s / top && rm -rf top/*");
    blocked("ln -sfn ~ mine; rm -rf mine/");
    allowed("ln -s /etc conf && rm -rf conf");
    allowed("ln -s a a && rm -rf a/x");
  });

  test("the directory before the last cd, as ~- and $OLDPWD", () => {
    blocked("cd /etc && cd /tmp && rm -rf ~-");
    blocked('cd /boot; cd /tmp; rm -rf "$OLDPWD"');
    allowed("cd /tmp/a && cd /tmp/b && rm -rf ~-");
  });
});

describe("more routes the line makes known", () => {
  test("find tests of owner, age or any content narrow nothing", () => {
    blocked("find / -user root -delete");
    blocked("find ~ -user $USER -exec rm -f {} +");
    blocked("find /usr -size +0 -delete");
    allowed("find /tmp -user root -delete");
    allowed("find ~ -size +100M -name '*.iso' -delete");
  });

  test("NUL-separated items, and a file read with $(< FILE)", () => {
    blocked("xargs -r0 rm -rf < <(printf '/usr\\0')");
    blocked("parallel -0 rm -rf :::: <(printf '/boot\\0')");
    blocked("echo /etc > paths.txt; rm -rf $(< paths.txt)");
    allowed("echo build > paths.txt; rm -rf $(< paths.txt)");
  });

  test("rsync --delete onto another machine's system directory or home", () => {
    blocked("rsync -a --delete empty/ backup@nas:/etc/");
    blocked("rsync -a --delete empty/ nas:");
    allowed("rsync -a --delete site/ web@host:/srv/www/site/");
  });
});
