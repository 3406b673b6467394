// Catastrophic shapes written for this file (none from the eval corpora): a path whose leading
// variable may be empty, the parent of the working directory, a makefile or a bash 5.3
// substitution that runs a command, a forced git clean of a whole tree, loop devices and
// partition editors, and fork bombs spelled in Python and cmd.exe. Each test carries the near
// misses that must stay allowed.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { precheckCommand, REASONS } from "../../src/screen/shell/precheck.js";
import { allowed, blocked } from "../helpers/precheck.js";

describe("a variable that may be empty in front of a path (shellcheck SC2115)", () => {
  test("an unguarded variable followed by a system path or a contents glob is the root's", () => {
    for (const c of [
      "rm -rf $STAGE/",
      'rm -rf "$STAGE"/',
      'rm -rf "${STAGE}/"*',
      "rm -rf $SYSROOT/usr",
      'sudo rm -fr "$JAIL"/etc',
      "rm -r -f ${1}/*",
      'rm --recursive "$A$B"/.*',
      'rm -rf "$OUT"/{*,.*}',
    ])
      blocked(c);
  });

  test("a substitution whose output is unknown may print nothing, like an unset variable", () => {
    for (const c of [
      'rm -rf "$(repo_root)"/*',
      "rm -rf $(toolchain_prefix)/usr",
      'rm -rf "`locate_stage`/"*',
      'out=$(build_dir); rm -rf "$out"/*',
    ])
      blocked(c);
    for (const c of [
      'rm -rf "$(repo_root)"/build',
      'rm -rf "$(mktemp -d)"',
      'rm -rf "$(pwd)"/dist',
      'cd "$(mktemp -d)" && rm -rf *',
    ])
      allowed(c);
  });

  test("a cd through an empty variable goes to the root, and what follows runs there", () => {
    for (const c of ['cd "$STAGE"/ && rm -rf *', 'cd "$SYSROOT"/usr ; rm -rf ./*']) blocked(c);
    for (const c of [
      'cd "$STAGE" && rm -rf *',
      'cd "$STAGE"/build && rm -rf *',
      'cd "${STAGE:?}"/ && rm -rf *',
    ])
      allowed(c);
  });

  test("the guarded spelling, a named subdirectory and an always-set variable are allowed", () => {
    for (const c of [
      'rm -rf "${STAGE:?}/"*',
      'rm -rf "${SYSROOT:?not set}/usr"',
      'rm -rf "$STAGE"',
      'rm -rf "$STAGE/cache"',
      "rm -rf $STAGE/*.o",
      'rm -rf "$PWD"/dist',
      'rm -f "$STAGE"/*',
      "STAGE=out; rm -rf $STAGE/*",
      'rm -rf "${TMPDIR:-/tmp}/job"',
    ])
      allowed(c);
  });
});

describe("the parent of the working directory", () => {
  test("climbing out of the working tree and deleting there", () => {
    for (const c of [
      "rm -rf ..",
      "rm -rf ../",
      "rm -rf ./../*",
      "rm -fr ../.*",
      "rm -rf ../..",
      "rm -rf ~+/..",
      'rm -rf "${PWD}/.."',
      'rm -rf "$(dirname "$PWD")"',
      'rm -rf "$(cd .. && pwd)"',
      "cd .. && rm -rf *",
      "cd ../.. ; rm -rf ./*",
      "cd .. && ls -A | xargs rm -rf",
      'cd "$(dirname "$PWD")" && rm -rf *',
      "cd ~+/.. && rm -rf ./*",
      "find .. -delete",
    ])
      blocked(c);
  });

  test("a sibling, the working directory itself and a cd into a subdirectory are allowed", () => {
    for (const c of [
      "rm -rf ../sibling",
      "rm -rf ../../dist/*",
      "rm -rf ./*",
      "cd .. && rm -rf sibling",
      "cd sub && rm -rf *",
      "cd sub && rm -rf ..",
      "rm ..",
      'rm -rf "$(dirname "$0")/out"',
      "ls | xargs rm -rf",
    ])
      allowed(c);
  });
});

describe("other programs that run a command string", () => {
  test("make --eval, bash 5.3 ${ …; } and ${| …; }, a group piped into crontab", () => {
    for (const c of [
      "make -E 'x:;rm -rf ~'",
      "make --eval='x: ; @rm -rf /'",
      "gmake --eval '$(shell rm -rf /)'",
      "echo ${ rm -rf /; }",
      'x="${| rm -rf ~; }"',
      "(crontab -l; echo '@hourly rm -rf /') | crontab -",
      "{ crontab -l; echo '* * * * * rm -rf ~'; } | crontab -",
    ])
      blocked(c);
    for (const c of [
      "make -E 'x:;echo hi'",
      "make --eval='CFLAGS=-O2' all",
      "echo ${ pwd; }",
      "(crontab -l; echo '0 3 * * * /usr/local/bin/backup') | crontab -",
    ])
      allowed(c);
  });

  test("a forced git clean of a whole system tree or of home", () => {
    for (const c of [
      "git -C / clean -fdx",
      "git -C /usr clean -fd",
      "git --work-tree=/ clean -f",
      "git --git-dir=/.git --work-tree / clean -xdf",
      "git -C ~ clean -ffdx",
      "cd / && git clean -fdx",
    ])
      blocked(c);
    for (const c of [
      "git clean -fdx",
      "git -C / status",
      "git -C / clean -n",
      "git -C / clean -fdn",
      "git -C packages/app clean -fdx",
      "cd .. && git clean -fdx",
      "git log clean",
    ])
      allowed(c);
  });

  test("parallel --dry-run only prints the jobs", () => {
    allowed("parallel --dry-run ::: 'rm -rf /'");
    blocked("parallel ::: 'rm -rf /'");
  });
});

const DISK_REASONS: readonly string[] = [REASONS.dd, REASONS.device, REASONS.wipe];

describe("disks", () => {
  test("loop devices, interactive partition editors and ATA password and sector writes", () => {
    for (const c of [
      "dd if=/dev/zero of=/dev/loop3",
      "cat /dev/zero > /dev/loop0p1",
      "fdisk /dev/vdb",
      "sudo sfdisk /dev/nvme1n1",
      "gdisk /dev/xvdb",
      "parted /dev/mmcblk1",
      "hdparm --security-set-pass secret /dev/sdb",
      "hdparm --yes-i-know-what-i-am-doing --write-sector 1 /dev/sdb",
    ])
      assert.ok(DISK_REASONS.includes(precheckCommand(c) ?? ""), c);
    for (const c of [
      "fdisk -l /dev/vdb",
      "sfdisk -d /dev/nvme1n1",
      "parted /dev/mmcblk1 print",
      "gdisk -l /dev/xvdb",
      "losetup -d /dev/loop3",
      "dd if=/dev/loop3 of=image.bin",
      "hdparm -I /dev/sdb",
    ])
      allowed(c);
  });
});

describe("fork bombs in other languages", () => {
  test("endless Python loops and iterators that fork, and cmd.exe's %0|%0", () => {
    for (const c of [
      "python3 -c 'import os\nwhile True :\n    os.fork()'",
      "python3 -c 'import os\nwhile 1:\n\tos.fork()'",
      'python3 -c "import os; [os.fork() for _ in iter(int, 1)]"',
      "python3 -c 'import os, itertools\nfor _ in itertools.count():\n  os.fork()'",
      "ruby -e 'loop do\n  fork\nend'",
      "%0|%0",
    ])
      assert.equal(precheckCommand(c), REASONS.forkBomb, c);
    for (const c of [
      "python3 -c 'import os\nfor _ in range(2):\n    os.fork()'",
      "python3 -c 'while True:\n    break'",
      "echo %0",
    ])
      allowed(c);
  });
});
