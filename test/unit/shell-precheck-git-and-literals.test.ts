// git's command-running settings, options and transports however they are given, hooks
// written on the line before the git command that runs them, the work tree a `git clean` acts
// on, and three near misses a red team found refused: a quoted `~` (a directory of that name,
// not the home), pv reading a disk, and ddrescue's output operand; and spellings of the root's
// contents bash expands (extended globs, `{a..z}`, a NUL in $'…'). Written for this file; near
// misses stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("git runs a setting's value through the shell", () => {
  test("pager.<cmd>, filters, diff filters, browsers, tool commands and URL-scoped helpers", () => {
    blocked("git -c pager.branch='rm -rf ~' branch");
    blocked("git -c filter.crlf.smudge='rm -rf /usr' checkout .");
    blocked("git -c interactive.diffFilter='rm -rf /etc' add -p");
    blocked("git -c browser.w3.cmd='rm -rf /' -c help.browser=w3 help -w status");
    blocked("git -c mergetool.m.cmd='rm -rf ~' -c merge.tool=m mergetool");
    blocked("git -c credential.https://git.example.org.helper='!rm -rf /var' push");
    blocked("git -c remote.up.receivepack='rm -rf /' push up");
    allowed("git -c pager.log=false log");
    allowed("git -c pager.status='less -R' status");
    allowed("git -c filter.lfs.smudge='git-lfs smudge -- %f' checkout .");
  });

  test("settings given by --config-env, GIT_CONFIG_PARAMETERS and GIT_CONFIG_COUNT", () => {
    blocked("PAGER_CMD='rm -rf /' git --config-env=core.pager=PAGER_CMD log");
    blocked(`GIT_CONFIG_PARAMETERS="'core.editor'='rm -rf ~'" git commit`);
    blocked("GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0='rm -rf /' git log");
    blocked("GIT_ASKPASS='rm -rf ~' git push");
    allowed(`GIT_CONFIG_PARAMETERS="'user.name'='ci'" git commit -m release`);
  });

  test("an alias gets the words after it appended", () => {
    blocked("git -c alias.wipe='!rm -rf' wipe /");
    blocked("git -c alias.nuke='!f(){ rm -rf \"$1\"; }; f' nuke ~");
    allowed("git -c alias.l='!git log --oneline' l -5");
    allowed("git -c alias.co=checkout co main");
  });

  test("options that name a program, filter-branch's filters and the ext:: transport", () => {
    blocked("git fetch --upload-pack='rm -rf /' ../mirror");
    blocked("git clone -u 'rm -rf ~' ../mirror copy");
    blocked("git push --receive-pack='rm -rf /etc' ../mirror");
    blocked("git difftool -y -x 'rm -rf /'");
    blocked("git grep -O'rm -rf ~' TODO");
    blocked("git filter-branch --index-filter 'rm -rf /usr' -- --all");
    blocked("git -c protocol.ext.allow=always clone 'ext::sh -c rm% -rf% /' copy");
    allowed("git clone -u /usr/bin/git-upload-pack host:repo");
    allowed("git grep -O TODO");
    allowed("git difftool -y -x meld");
    allowed("git filter-branch --tree-filter 'rm -f secrets.txt' HEAD");
  });

  test("a hook written on the line runs at the git command after it", () => {
    blocked(
      "echo 'rm -rf ~' > .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit && git commit -m wip",
    );
    blocked("printf '#!/bin/sh\\nrm -rf /etc\\n' > hooks/post-checkout; git checkout main");
    allowed("echo 'npm test' > .git/hooks/pre-commit && git commit -m wip");
    allowed("echo 'rm -rf /' > notes/pre-commit.txt && git commit -m notes");
  });

  test("git clean in a work tree set by core.worktree or GIT_WORK_TREE", () => {
    blocked("GIT_WORK_TREE=/ git clean -fdx");
    blocked("git -c core.worktree=/etc clean -fdx");
    blocked("export GIT_WORK_TREE=~; git clean -ffdx");
    allowed("GIT_WORK_TREE=/srv/app/checkout git clean -fdx");
    allowed("git -c core.worktree=/ clean -n");
  });
});

describe("near misses a red team found refused", () => {
  test("a quoted or escaped ~ names a directory called ~, not the home", () => {
    allowed("rm -rf '~'");
    allowed('rm -rf "~"');
    allowed("rm -rf \\~");
    allowed("mkdir '~' && rm -r '~'");
    allowed('rm -rf "~/build"');
    blocked("rm -rf ~");
    blocked("rm -rf ~/");
    blocked("rm -rf ~'/'");
    blocked("python3 -c 'import sys, shutil; shutil.rmtree(sys.argv[1])' ~");
  });

  test("pv reads the disk it names; only -o names what it writes", () => {
    allowed("pv /dev/sda > disk.img");
    allowed("pv -pterb /dev/nvme0n1 | gzip > nvme.img.gz");
    blocked("pv disk.img > /dev/sda");
    blocked("pv -o /dev/sdb disk.img");
  });

  test("ddrescue writes its second operand, a map file may follow", () => {
    blocked("ddrescue -f /dev/zero /dev/sda rescue.map");
    blocked("ddrescue -f /dev/sdb /dev/sda");
    allowed("ddrescue /dev/sda disk.img disk.map");
    allowed("ddrescue -n /dev/sda disk.img");
  });
});

describe("spellings of the root's contents that bash expands", () => {
  test("extended globs, letter sequences, a NUL in $'…', and zsh's precommand modifiers", () => {
    blocked("shopt -s extglob; rm -rf /!(tmp|proc)");
    blocked("rm -rf /@(etc|usr)");
    blocked("rm -rf ~/!(Documents)");
    blocked("rm -rf /{a..z}*");
    blocked("rm -rf $'/\\0etc'");
    blocked("noglob rm -rf /");
    allowed("rm -rf ./!(keep)");
    allowed("rm -rf /srv/cache/@(a|b)");
    allowed("rm -rf ./build{1..3}");
    allowed("mkdir dir{1..100}");
    allowed("ls *(.)");
  });
});
