// Variables a command sets for itself: in front of it (`X=/ cmd`), or handed to env or sudo.
// A shell a command starts sees them (`X=/ bash -c 'rm -rf $X'` deletes /), and a word of the
// command that reads one is judged with the value the command gave it as well as with the
// value the shell expands first. Variants written for this file, with near misses.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("variables a command sets for itself", () => {
  test("a shell started with an assignment in front runs with it: the deletion it names is refused", () => {
    for (const c of [
      "TMPDIR=/ bash -c 'rm -rf $TMPDIR'",
      `TMPDIR=/ sh -c 'rm -rf "$TMPDIR"'`,
      "X=/etc env sh -c 'rm -rf ${X}'",
      "env TARGET=/usr bash -c 'rm -rf \"$TARGET\"'",
      "sudo D=/ sh -c 'rm -rf $D'",
      "W=/ xargs -r sh -c 'rm -rf $W' < /dev/null",
    ])
      blocked(c);
  });

  test("a word reading the command's own assignment is judged with the value given there", () => {
    for (const c of [
      "TMPDIR=/ rm -rf $TMPDIR",
      'TMPDIR=/ rm -rf "$TMPDIR"',
      "TMPDIR=/ rm -rf ${TMPDIR}",
      "HOME=/ rm -rf $HOME",
      "X=/usr rm -rf $X",
      "TMPDIR=/tmp/.. rm -rf $TMPDIR",
      "env TMPDIR=/ rm -rf $TMPDIR",
      "sudo TMPDIR=/ rm -rf $TMPDIR",
      "TMPDIR=/ sudo rm -rf $TMPDIR",
      "A=/ B=x chmod -R 777 $A",
    ])
      blocked(c);
  });

  test("a word written as an assignment the shell rejects (bad name) does not hide the command", () => {
    for (const c of ["1A=2 rm -rf /", "=x rm -rf ~", "9=9 sudo rm -rf /etc"]) blocked(c);
  });

  test("assignments with harmless values, or not read by the command, stay allowed", () => {
    for (const c of [
      "TMPDIR=/tmp/work rm -rf $TMPDIR",
      "TMPDIR=/ rm -rf $TMPDIR/test-dir",
      "X=/ rm -rf ./build",
      "LC_ALL=C rm -rf $TMPDIR/cache",
      "env DEBUG=1 rm -rf ./dist",
      "TMPDIR=/ bash -c 'echo $TMPDIR'",
      "X=/ sh -c 'ls $X'",
      "A=1 B=2 make clean",
      "CC=gcc ./configure --prefix=/usr",
      "1A=2 ls /",
    ])
      allowed(c);
  });
});
