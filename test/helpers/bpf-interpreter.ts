// A classic-BPF interpreter for seccomp programs, as the kernel's seccomp checker accepts them
// (only the instructions the generator uses), plus the structural checks the tests rely on.
// Shared by the tests of every program the sandboxes load.
import assert from "node:assert/strict";

export interface Insn {
  readonly code: number;
  readonly jt: number;
  readonly jf: number;
  readonly k: number;
}

export const LD_W_ABS = 0x20;
export const JMP_JEQ_K = 0x15;
export const JMP_JGE_K = 0x35;
export const JMP_JSET_K = 0x45;
export const ALU_AND_K = 0x54;
export const RET_K = 0x06;
export const JUMPS = [JMP_JEQ_K, JMP_JGE_K, JMP_JSET_K];
export const SECCOMP_DATA_SIZE = 64; // nr, arch, ip (u64), args[6] (u64)

export function decode(bytes: Uint8Array): Insn[] {
  if (bytes.length % 8 !== 0) throw new Error(`program length ${bytes.length} is not 8k`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const program: Insn[] = [];
  for (let at = 0; at < bytes.length; at += 8) {
    program.push({
      code: view.getUint16(at, true),
      jt: view.getUint8(at + 2),
      jf: view.getUint8(at + 3),
      k: view.getUint32(at + 4, true),
    });
  }
  return program;
}

export interface SeccompData {
  readonly nr: number;
  readonly arch: number;
  /** Low 32 bits of args[0..5]; missing ones are 0. */
  readonly args?: readonly number[];
  /** High 32 bits of args[0..5], to show only the low word is examined. */
  readonly argsHigh?: readonly number[];
}

export function seccompData(data: SeccompData): DataView {
  const view = new DataView(new ArrayBuffer(SECCOMP_DATA_SIZE));
  view.setUint32(0, data.nr >>> 0, true);
  view.setUint32(4, data.arch >>> 0, true);
  view.setBigUint64(8, 0x7fffdeadbeefn, true); // instruction pointer: never examined
  for (let i = 0; i < 6; i++) {
    view.setUint32(16 + 8 * i, (data.args?.[i] ?? 0) >>> 0, true);
    view.setUint32(20 + 8 * i, (data.argsHigh?.[i] ?? 0) >>> 0, true);
  }
  return view;
}

export function run(program: readonly Insn[], data: SeccompData): number {
  const mem = seccompData(data);
  let acc = 0;
  let pc = 0;
  for (;;) {
    const insn = program[pc];
    if (insn === undefined) throw new Error(`fell off the end of the program at ${pc}`);
    switch (insn.code) {
      case LD_W_ABS:
        if (insn.k % 4 !== 0 || insn.k + 4 > SECCOMP_DATA_SIZE)
          throw new Error(`load at ${pc}: offset ${insn.k} outside struct seccomp_data`);
        acc = mem.getUint32(insn.k, true);
        pc += 1;
        break;
      case ALU_AND_K:
        acc = (acc & insn.k) >>> 0;
        pc += 1;
        break;
      case JMP_JEQ_K:
        pc += 1 + (acc === insn.k ? insn.jt : insn.jf);
        break;
      case JMP_JGE_K:
        pc += 1 + (acc >= insn.k ? insn.jt : insn.jf);
        break;
      case JMP_JSET_K:
        pc += 1 + ((acc & insn.k) !== 0 ? insn.jt : insn.jf);
        break;
      case RET_K:
        return insn.k;
      default:
        throw new Error(`unsupported opcode 0x${insn.code.toString(16)} at ${pc}`);
    }
  }
}

/**
 * What the accumulator can hold on entry to each reachable instruction, over every path: "arch",
 * "nr", "arg2" (an argument's low word), "arg1&0xf"; an unreachable instruction gets no entry.
 * Jumps only go forward, so one pass in program order sees every way into an instruction.
 */
export function accumulatorSources(program: readonly Insn[]): Map<number, Set<string>> {
  const sources = new Map<number, Set<string>>([[0, new Set(["unset"])]]);
  const reach = (at: number, source: string): void => {
    assert.ok(at < program.length, `a jump leaves the program at ${at}`);
    const set = sources.get(at) ?? new Set<string>();
    set.add(source);
    sources.set(at, set);
  };
  program.forEach((insn, i) => {
    const before = sources.get(i);
    if (before === undefined) return;
    for (const source of before) {
      switch (insn.code) {
        case LD_W_ABS:
          reach(
            i + 1,
            insn.k === 0
              ? "nr"
              : insn.k === 4
                ? "arch"
                : (insn.k - 16) % 8 === 0
                  ? `arg${(insn.k - 16) / 8}`
                  : `high${insn.k}`,
          );
          break;
        case ALU_AND_K:
          reach(i + 1, `${source}&0x${insn.k.toString(16)}`);
          break;
        case JMP_JEQ_K:
        case JMP_JGE_K:
        case JMP_JSET_K:
          reach(i + 1 + insn.jt, source);
          reach(i + 1 + insn.jf, source);
          break;
        case RET_K:
          break;
        default:
          assert.fail(`opcode 0x${insn.code.toString(16)} at ${i}`);
      }
    }
  });
  return sources;
}

/**
 * The structural guarantees behind "every path through an argument block returns": no dead
 * code, every comparison sees exactly one kind of value (never a syscall number on one path and
 * an argument on another), only low argument words are read, and no comparison happens before
 * a load. Returns the syscall numbers the program dispatches on.
 */
export function checkStructure(program: readonly Insn[]): Set<number> {
  const sources = accumulatorSources(program);
  const dispatched = new Set<number>();
  program.forEach((insn, i) => {
    const here = sources.get(i);
    assert.ok(here !== undefined, `instruction ${i} is unreachable`);
    if (insn.code === LD_W_ABS)
      assert.ok(insn.k < 16 || (insn.k - 16) % 8 === 0, `load at ${i} reads a high word`);
    if (JUMPS.includes(insn.code) || insn.code === ALU_AND_K) {
      assert.equal(here.size, 1, `instruction ${i} sees ${[...here].join(" or ")}`);
      assert.ok(!here.has("unset"), `instruction ${i} reads an unset accumulator`);
      if (here.has("nr") && insn.code === JMP_JEQ_K) dispatched.add(insn.k);
    }
  });
  return dispatched;
}

export const hex = (n: number): string => `0x${(n >>> 0).toString(16).padStart(8, "0")}`;

export function assertVerdict(
  program: readonly Insn[],
  data: SeccompData,
  expected: number,
  what: string,
): void {
  const got = run(program, data);
  assert.equal(hex(got), hex(expected), what);
}
