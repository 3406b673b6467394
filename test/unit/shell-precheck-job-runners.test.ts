// Job runners that build command lines from their inputs: every form of parallel's replacement
// token (a numbered source, a trimmed path, a perl expression), inputs combined across sources
// with no token at all, GNU long options whose value is the next word, and the runners that
// copy parallel (env_parallel, rush) or wrap a command (niceload). Near misses that only print
// or count the jobs stay allowed.
import { describe, test } from "node:test";
import { allowed, blocked } from "../helpers/precheck.js";

describe("job runners: how inputs become command lines", () => {
  test("every replacement token of parallel is filled with the input", () => {
    for (const c of [
      "parallel sh -c {1} ::: 'rm -rf ~'",
      "parallel rm -rf {.} ::: /etc",
      "parallel rm -rf {//}/ ::: /usr",
      "parallel rm -rf {-1} ::: a /",
      "parallel rm -rf {= s/x// =} ::: /",
      "parallel -j2 'bash -c {1/}' ::: 'rm -rf /'",
    ])
      blocked(c);
    for (const c of [
      "parallel echo {1} ::: 'rm -rf /'",
      "parallel gzip {.}.log ::: a b",
      "parallel 'echo {#} {%}' ::: x",
      "parallel rm -rf {{{{{{{{{{{ ::: build",
    ])
      allowed(c);
  });

  test("inputs of several sources are combined even when the command names none of them", () => {
    blocked("parallel rm ::: -rf ::: /");
    blocked("parallel chmod ::: -R ::: 000 ::: /etc");
    blocked("parallel rm :::: <(echo -rf) ::: /");
    allowed("parallel rm ::: -f ::: build.log");
    allowed("parallel echo ::: rm ::: -rf ::: /");
  });

  test("xargs' long options take the next word as their value", () => {
    for (const c of [
      "echo / | xargs --max-args 1 rm -rf",
      "echo / | xargs --max-procs 4 rm -rf",
      "echo / | xargs --max-chars 100 rm -rf",
      "echo / | xargs --process-slot-var N rm -rf",
    ])
      blocked(c);
    allowed("echo build | xargs --max-args 1 rm -rf");
  });

  test("parallel's look-alikes and its load wrapper", () => {
    for (const c of [
      "env_parallel ::: 'rm -rf /'",
      "env_parallel.bash bash -c ::: 'rm -rf ~'",
      "rush 'rm -rf {}' <<< /",
      "echo 'rm -rf /' | rush -j 2 {}",
      "niceload rm -rf /",
      "niceload -l 2 --io 5 rm -rf /etc",
    ])
      blocked(c);
    for (const c of [
      "env_parallel echo ::: 'rm -rf /'",
      "rush 'gzip {}' <<< notes.txt",
      "niceload -l 2 make -j4",
    ])
      allowed(c);
  });
});
