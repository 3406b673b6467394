// A command that recurs is judged once while nothing has changed (memo.ts); these commands,
// written for this file, check that a change in between (a cd, a container's binds) makes the
// repeat judged again, and that a long run of remembered stages still reaches the last one.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("a recurring command", () => {
  test("is judged again after a cd moves the directory it resolves against", () => {
    allowed("rm -rf *; rm -rf *");
    allowed("rm -rf *; cd /tmp/x; rm -rf *");
    blocked("rm -rf *; cd /; rm -rf *");
    blocked("rm -rf etc; cd /; rm -rf etc");
  });

  test("does not hide a later stage or segment", () => {
    blocked("x | ".repeat(5000) + "rm -rf /");
    blocked("x; ".repeat(5000) + "rm -rf ~");
    allowed("x | ".repeat(5000) + "x");
  });
});
