// The shell precheck follows what the shell and common launchers do to a command before the
// program runs: parameter defaults, printf -v, arrays, function calls, working directories set
// by wrappers, command strings of sg and capsh, containers' binds, partition scripts fed on
// stdin. Each class comes with near misses that must stay allowed: the same text as data, or
// the same shape aimed at something harmless.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { precheckCommand, REASONS } from "../../src/screen/shell/precheck.js";
import { allowed, blocked } from "../helpers/precheck.js";

describe("parameter expansion: an unknown variable may be unset, so its default counts", () => {
  test("defaults and assigned defaults that name the root, a system directory or a disk", () => {
    for (const c of [
      'rm -rf "${TARGET:-/}"',
      "rm -rf ${BASE-/usr}",
      'rm -rf "${CACHE:=/var/lib}"',
      ': "${D:=/etc}"; rm -rf "$D"',
      'rm -rf "${SCRATCH:-/tmp}/../.."',
      'rm -rf "${WORK:-"/"}"',
      "rm -rf /${SUB:-}",
      'rm -rf "${A:-${B:-/boot}}"',
      'rm -rf "${KEEP:+/home}"',
      'rm -rf "${1:-/}"',
      "chown -R nobody ${OWNED:-/}",
      "dd if=/dev/zero of=${DISK:-/dev/vda}",
      "mkfs.ext4 ${PART:-/dev/sdc2}",
    ])
      blocked(c);
    assert.equal(precheckCommand('rm -rf "${TARGET:-/}"'), REASONS.delete);
  });

  test("a known value wins over the default, and harmless defaults stay harmless", () => {
    for (const c of [
      'T=build; rm -rf "${T:-/}"',
      'rm -rf "${OUT:-./dist}"',
      'rm -rf "${TMPDIR:-/tmp}/cellguard-x"',
      'rm -rf "/${NAME:?}"',
      'E=; rm -rf "/srv/app/${E:+x}"',
      'echo "${ROOT:-/}"',
      "echo 'rm -rf ${X:-/}'",
      "# rm -rf ${X:-/}",
      'grep -r "rm -rf \\${X:-/}" .',
    ])
      allowed(c);
  });

  test("an unknown HOME is the home directory, whatever default is written", () => {
    blocked('rm -rf "${HOME:-/tmp/h}"');
  });
});

describe("variables assigned by builtins, then run or used as targets", () => {
  test("printf -v assigns what printf would print", () => {
    for (const c of [
      "printf -v c 'rm -rf /'; eval \"$c\"",
      "printf -v cmd '%s -rf %s' rm /etc; $cmd",
      "printf -vd '%s' /usr; rm -rf \"$d\"",
      "declare c='rm -rf /'; eval \"$c\"",
      'readonly t=/; rm -rf "$t"',
    ])
      blocked(c);
    for (const c of [
      "printf -v c 'rm -rf ./build'; eval \"$c\"",
      "printf -v msg 'rm -rf /'; echo \"$msg\"",
      "printf 'rm -rf /\\n'",
    ])
      allowed(c);
  });

  test("bash arrays: elements, all elements, unknown indices, mapfile and read -a", () => {
    for (const c of [
      'a=(/ /etc); rm -rf "${a[@]}"',
      'a=(keep /usr); rm -rf "${a[1]}"',
      'a=(keep /); rm -rf "${a[-1]}"',
      'a=(x /var); for i in 0 1; do rm -rf "${a[$i]}"; done',
      'a=(x); a+=(/boot); rm -rf "${a[@]}"',
      'declare -a t=(/ /opt); rm -rf "${t[@]}"',
      'a=(/ /etc); for d in "${a[@]}"; do rm -rf "$d"; done',
      'cmd=(rm -rf /); "${cmd[@]}"',
      "mapfile -t a <<< $'/\\n/etc'; rm -rf \"${a[@]}\"",
      "readarray -t a < <(printf '/\\n'); rm -rf \"${a[0]}\"",
      "read -ra a <<< '/ /etc'; rm -rf \"${a[@]}\"",
      "a=( $(rm -rf /) )",
    ])
      blocked(c);
    for (const c of [
      'a=(rm -rf /); echo "${a[@]}"',
      'a=(build dist); rm -rf "${a[@]}"',
      'a=(/tmp/x /tmp/y); rm -rf "${a[@]}"',
      'a=(/ /etc); rm -rf "${a[*]}"',
      'a=(/ /etc); echo "${#a[@]}"',
      'files=(*.o); rm -f "${files[@]}"',
    ])
      allowed(c);
  });

  test("a call of a function defined on the line runs its body with the call's arguments", () => {
    for (const c of [
      'f(){ rm -rf "$1"; }; f /',
      'function wipe { rm -rf "$@"; }; wipe /etc',
      'clean() { local d=$1; sudo rm -rf "$d"; }; clean /usr',
      'f(){ f "$1"; rm -rf "$1"; }; f /',
    ])
      blocked(c);
    for (const c of [
      'f(){ rm -rf "$1"; }; f build',
      'g(){ echo "$1"; }; g /',
      'f(){ rm -rf "$1"; }; echo f /',
    ])
      allowed(c);
  });
});

describe("wrappers that set the working directory of their command", () => {
  test("env -C, sudo -D, systemd-run, unshare, chroot and login shells", () => {
    for (const c of [
      "env -C / rm -rf .",
      "env --chdir=/ rm -rf ./*",
      "env --chdir /etc rm -rf *",
      "sudo -D / rm -rf .",
      "sudo --chdir=/usr rm -rf *",
      "sudo -i rm -rf ./*",
      "systemd-run --working-directory=/ rm -rf *",
      "unshare --wd=/ rm -rf .",
      "su - -c 'rm -rf ./*'",
      "daemonize -c / /bin/rm -rf .",
    ])
      blocked(c);
    for (const c of [
      "env -C /tmp/work rm -rf .",
      "sudo -D /srv/app rm -rf ./build",
      "env -C / ls",
      "env -C / rm -f x",
      "sudo -i whoami",
    ])
      allowed(c);
  });
});

describe("programs that run a command string or a command of their own", () => {
  test("sg, capsh, other shells, launchers, terminals and multiplexers", () => {
    for (const c of [
      "sg root -c 'rm -rf /'",
      "sg wheel 'rm -rf /etc'",
      "capsh -- -c 'rm -rf /'",
      "oksh -c 'rm -rf /'",
      "nu -c 'rm -rf /'",
      "gdb -ex run --args rm -rf /",
      "valgrind --leak-check=full rm -rf /",
      "perf stat -e cycles rm -rf /",
      "xterm -e rm -rf /",
      "xterm -e 'rm -rf /'",
      "gnome-terminal -- rm -rf /",
      "distrobox-enter box -- rm -rf /",
      "toolbox run -c dev rm -rf /",
      "entr -s 'rm -rf /' <<< x",
      "tmux send-keys -t 0 'rm -rf /' Enter",
      "tmux send-keys rm Space -rf Space / C-m",
      "screen -S s -X stuff 'rm -rf /\\n'",
      "setpriv --reuid=0 rm -rf /",
      "chpst -u root rm -rf /",
      "dbus-launch rm -rf /",
      "env -iS 'rm -rf /'",
    ])
      blocked(c);
    for (const c of [
      "sg docker -c 'docker ps'",
      "sg docker -c 'echo \"rm -rf /\"'",
      "capsh --print",
      "gdb --args ./a.out",
      "xterm -e htop",
      "tmux send-keys 'rm -rf /'",
      "tmux send-keys -l 'rm -rf ./build' Enter",
      "screen -X stuff 'ls\\n'",
      "perf stat ls",
    ])
      allowed(c);
  });

  test("xargs and parallel: items from /dev/stdin, wrapped shells, options with values", () => {
    for (const c of [
      "xargs -a /dev/stdin rm -rf <<< /",
      "xargs --arg-file /dev/stdin rm -rf <<< /etc",
      "echo 'rm -rf /' | xargs sudo bash -c",
      "echo 'rm -rf /' | xargs env sh -c",
      "parallel --nice 10 ::: 'rm -rf /'",
      "parallel --delay 1 rm -rf ::: /",
      "parallel -n 1 ::: 'rm -rf /'",
      "parallel --colsep , ::: 'rm -rf /'",
      "parallel -I CMD bash -c CMD ::: 'rm -rf /'",
      "parallel rm -rf :::: /dev/stdin <<< /",
      "parallel --workdir / rm -rf ::: '*'",
      "sem -j1 rm -rf /",
      "parset out ::: 'rm -rf /'",
    ])
      blocked(c);
    for (const c of [
      "xargs -a /dev/stdin rm -rf <<< ./build",
      "echo 'rm -rf /' | xargs sudo echo",
      "parallel --nice 10 gzip ::: a.txt b.txt",
      "parallel -I CMD echo CMD ::: 'rm -rf /'",
      "parallel --delay 1 echo ::: 'rm -rf /'",
    ])
      allowed(c);
  });

  test("make runs the recipe lines of a makefile read from stdin or written here", () => {
    blocked("make -f - <<'EOF'\nall:\n\trm -rf /\nEOF");
    blocked("printf 'all:\\n\\t@rm -rf /etc\\n' > Makefile; make");
    allowed("make -f - <<'EOF'\nall:\n\trm -rf ./build\nEOF");
    allowed("make clean");
  });
});

describe("containers and sandboxes: only what is bound from the host is the host's", () => {
  test("a bind of the root, a system directory or a home, then removed inside", () => {
    for (const c of [
      "docker run -v /:/host alpine rm -rf /host",
      "docker run --rm -it -v /:/mnt ubuntu rm -rf /mnt/*",
      "podman run -v /:/host alpine sh -c 'rm -rf /host/*'",
      "docker run -v /etc:/config alpine rm -rf /config",
      'docker run -v "$HOME":/h alpine rm -rf /h',
      "docker run --mount type=bind,source=/,target=/host alpine rm -rf /host",
      "docker run -v /:/host alpine rm -rf /",
      "docker run -v /:/host -w /host alpine rm -rf .",
      "docker run -v /:/host alpine chroot /host rm -rf /",
      "docker container run -e A=1 --name x -v /usr:/u alpine rm -rf /u/",
      "nerdctl run -v /:/host alpine rm -rf /host/etc",
      "bwrap --bind / / rm -rf /",
      "bwrap --dev-bind / / --chdir / rm -rf .",
      "docker run --privileged alpine dd if=/dev/zero of=/dev/sda",
    ])
      blocked(c);
    for (const c of [
      "docker run alpine rm -rf /",
      "docker run --rm alpine rm -rf /tmp/x",
      "docker run -v /:/host:ro alpine rm -rf /host",
      "docker run --mount type=bind,src=/,dst=/host,readonly alpine rm -rf /host",
      "docker run -v $(pwd):/app node rm -rf /app/node_modules",
      "docker run -v /srv/data:/data alpine rm -rf /data",
      "docker run -v /:/host alpine ls /host",
      "docker run -v /:/host alpine rm -rf /host/tmp/x",
      "bwrap --ro-bind / / rm -rf /",
      "bwrap --ro-bind /usr /usr --tmpfs /tmp rm -rf /tmp",
      "echo 'docker run -v /:/host alpine rm -rf /host'",
    ])
      allowed(c);
  });
});

describe("partition editors fed a script that destroys the partition table", () => {
  test("fdisk, gdisk, sfdisk and parted reading a knowable script", () => {
    for (const c of [
      "fdisk /dev/sda <<< $'o\\nw'",
      "printf 'g\\nw\\n' | fdisk /dev/nvme0n1",
      'echo -e "d\\n1\\nw" | sudo fdisk /dev/sdb',
      "fdisk /dev/sda <<EOF\no\nn\np\n1\n\n\nw\nEOF",
      "gdisk /dev/sda <<< $'o\\ny\\nw\\ny'",
      "sfdisk /dev/sda <<< 'label: gpt'",
      "echo ',,L' | sfdisk /dev/vdb",
      "parted /dev/sda <<< 'mklabel gpt'",
    ])
      blocked(c);
    assert.equal(precheckCommand("fdisk /dev/sda <<< $'o\\nw'"), REASONS.wipe);
    for (const c of [
      "fdisk -l /dev/sda",
      "echo p | fdisk /dev/sda",
      "printf 'p\\nq\\n' | fdisk /dev/sda",
      "sfdisk -d /dev/sda > table.bak",
      "sfdisk -l /dev/sda",
      "echo 'print' | parted /dev/sda",
      "echo 'o w' | fdisk disk.img",
      "echo \"fdisk /dev/sda <<< $'o\\nw'\"",
    ])
      allowed(c);
  });
});

describe("find acts on everything when its tests come after the action or are negated", () => {
  test("-delete before -name, negated names, a regex that matches all", () => {
    for (const c of [
      "find / -delete -name '*.pyc'",
      "find /etc -exec rm -rf {} + -name x",
      "find / ! -name keep -delete",
      "find /usr -not -name x -delete",
      "find / -regex '.*' -delete",
      "ls -d /* | xargs rm -rf",
      "rm -rf $(ls -d /*)",
    ])
      blocked(c);
    for (const c of [
      "find / -name '*.pyc' -delete",
      "find . -delete",
      "find /etc -name '*.bak' -delete",
      "find / -newer stamp -delete",
      "ls -d /* | xargs echo",
      "ls / | xargs echo",
    ])
      allowed(c);
  });
});

describe("disks destroyed by programs other than dd, mkfs and a redirect", () => {
  test("an output option, mv, socat or rsync --write-devices aimed at a block device", () => {
    for (const c of [
      "curl -o /dev/sda http://example.test/img",
      "curl --output=/dev/sdb http://example.test/img",
      "wget -O /dev/nvme0n1 http://example.test/img",
      "sort -o /dev/sda list",
      "openssl enc -aes256 -in x -out /dev/sdc",
      "mv image.img /dev/sda",
      "socat - OPEN:/dev/sda,wronly < image.img",
      "rsync --write-devices image.img /dev/sdb",
      "echo x > /dev/mtdblock0",
      "cat image > /dev/nbd0p1",
      "cat image > /dev/block/sda",
    ])
      blocked(c);
    assert.equal(precheckCommand("curl -o /dev/sda http://example.test/img"), REASONS.device);
  });

  test("erasers, sanitizers, and pools, arrays or volumes created over a disk", () => {
    for (const c of [
      "scrub /dev/sda",
      "nwipe /dev/sdb",
      "dc3dd wipe=/dev/sda",
      "hdparm --sanitize-block-erase /dev/sda",
      "sg_format --format /dev/sg1",
      "sg_sanitize --crypto /dev/sda",
      "mformat -i /dev/sdb ::",
      "mkudffs /dev/sdc",
      "zpool create tank /dev/sdb",
      "mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sda /dev/sdb",
      "pvcreate -ff /dev/sda",
      "btrfs device add -f /dev/sdb /",
      "srm -r /",
    ])
      blocked(c);
  });

  test("reading a disk, naming an ordinary output file, and inspecting volumes stay allowed", () => {
    for (const c of [
      "curl -o out.txt http://example.test/x",
      "wget -O /dev/null http://example.test/x",
      "sort -o sorted.txt list",
      "mount -o loop /dev/sda1 /mnt",
      "lsblk -o NAME,SIZE /dev/sda",
      "openssl enc -in /dev/sda -out disk.enc",
      "dd if=/dev/sda of=disk.img",
      "cat /dev/sda > disk.img",
      "socat TCP:example.test:80 -",
      "mv /tmp/a /tmp/b",
      "pvcreate /dev/sdb",
      "zpool status",
      "mdadm --detail /dev/md0",
      "sg_format /dev/sg0",
      "btrfs device usage /",
      "echo 'curl -o /dev/sda http://example.test/img'",
    ])
      allowed(c);
  });
});

describe("fork bombs: endless loops spawning without waiting, in every loop spelling", () => {
  test("for ((;;)) and while [ 1 ] spawn forever; bounded or waiting loops do not", () => {
    for (const c of [
      "for ((;;)); do bash & done",
      "while [ 1 ]; do sh & done",
      "while [[ true ]]; do f & done",
    ])
      assert.equal(precheckCommand(c), REASONS.forkBomb, c);
    for (const c of [
      "for ((;;)); do sleep 1 & wait; done",
      "for ((i=0;i<3;i++)); do job & done; wait",
      "while [ 1 ]; do sleep 5; done",
    ])
      allowed(c);
  });
});

describe("more trees whose loss breaks the system, and the working directory by name", () => {
  test("SELinux relabels and Windows ACL or owner changes over a whole tree", () => {
    for (const c of [
      "chcon -R -t tmp_t /",
      "icacls 'C:\\' /grant Everyone:F /T",
      "takeown /f 'C:\\Windows' /r",
    ])
      assert.equal(precheckCommand(c), REASONS.permissions, c);
    for (const c of [
      "chcon -R -t httpd_sys_content_t /srv/www/site",
      "icacls 'C:\\Users\\me\\proj' /grant me:F /T",
      "icacls 'C:\\' /grant Everyone:F",
      "restorecon -R /",
    ])
      allowed(c);
  });

  test("second-level library directories; $PWD and $(pwd) climbing to the root", () => {
    for (const c of [
      "rm -rf /lib/x86_64-linux-gnu",
      "rm -rf /lib64/",
      'rm -rf "$PWD/../../../.."',
      "rm -rf $(pwd)/../../../..",
      "rm -rf ~+/../../../..",
      "cd / && rm -rf $(pwd)",
    ])
      blocked(c);
    for (const c of [
      "rm -rf /lib/modules/5.10.0-old",
      "rm -rf $(pwd)/build",
      'rm -rf "$PWD"/../sibling',
      'rm -rf "$(pwd)"',
      "rm -rf ~/.cache/pip",
    ])
      allowed(c);
  });
});

describe("commands run by a program's own features", () => {
  test("sed's s///e, less's !, env-set pagers, and more interpreters' one-liners", () => {
    for (const c of [
      "sed 's/.*/rm -rf \\//e' <<< x",
      "sed -e 's|.*|rm -rf /etc|e' file",
      "less '+!rm -rf /' file",
      "env PAGER='rm -rf /' man ls",
      "julia -e 'run(`rm -rf /`)'",
      "emacs --batch --eval '(shell-command \"rm -rf /\")'",
      "guile -c '(system \"rm -rf /\")'",
    ])
      blocked(c);
    for (const c of [
      "sed 's/a/b/g' file",
      "sed -e 's/x/rm -rf \\//' file",
      "sed 's/.*/echo &/e' file",
      "less +G file",
      "less '+/rm -rf /' file",
      "env PAGER=less man ls",
      "julia -e 'println(\"rm -rf /\")'",
      "emacs --eval '(message \"rm -rf /\")'",
    ])
      allowed(c);
  });
});
