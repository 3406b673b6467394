// Loads one command's CommonJS bundle (build/cellguard-cli/NAME.cjs) for the bundled CLI, with
// V8's code cache when the build left one beside it. `cellguard exec` runs once per sandboxed
// command, and compiling its bundle's functions was a measurable part of every run; the cache
// holds them already compiled. scripts/bundle.mjs writes the cache after a warm-up run of the
// bundle, so it also holds the functions that only run once a command is under way.
//
// V8 checks a cache against its own version, its flags and the source's length, not the
// source's content, so a cache left from an earlier build of a same-length bundle would run the
// earlier code. The cache file therefore starts with the source it was made from (its length,
// then its bytes), and is used only when that is byte for byte the bundle. A comparison, not a
// digest: loading node:crypto for a hash cost every `exec` about 5 ms, more than the check
// guards. A missing, stale or rejected cache costs only the compile it would have saved. The
// cache lives beside the code, under the same protection (`cellguard launch` pins the build
// directory); nothing at run time ever writes it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";

/** Beside the entry bundle (build/cellguard.cjs): where the command bundles are. */
const COMMAND_DIR = "cellguard-cli";
export const CODE_CACHE_SUFFIX = ".v8cache";
// The source's length, as an unsigned 32-bit little-endian number, before the source itself.
const LENGTH_BYTES = 4;
// The CommonJS wrapper on a line of its own, so line numbers in stack traces stay the file's.
const WRAPPER_HEAD = "(function (exports, require, module, __filename, __dirname) {\n";
const WRAPPER_TAIL = "\n})";

export interface CompiledBundle {
  readonly exports: Record<string, unknown>;
  /** The compiled script: `createCachedData()` after a warm-up run gives the cache. */
  readonly script: Script;
  /** The bundle file's bytes, as compiled (the cache starts with these). */
  readonly bytes: Buffer;
  /** True when a cache was offered and V8 took it. */
  readonly cacheUsed: boolean;
}

/** The path of command `name`'s bundle, next to the entry bundle this module is part of. */
export function commandBundlePath(name: string, entryUrl: string): string {
  return join(dirname(fileURLToPath(entryUrl)), COMMAND_DIR, `${name}.cjs`);
}

/** The cache file's contents for a bundle's bytes: their length, the bytes, then V8's data. */
export function codeCacheFile(bundle: Buffer, data: Buffer): Buffer {
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(bundle.length);
  return Buffer.concat([length, bundle, data]);
}

/** Compiles and runs bundle `file` as a CommonJS module, with its cache when it matches. */
export function compileBundle(file: string): CompiledBundle {
  const bytes = readFileSync(file);
  const source = bytes.toString("utf8");
  const cachedData = matchingCache(`${file}${CODE_CACHE_SUFFIX}`, bytes);
  const script = new Script(`${WRAPPER_HEAD}${source}${WRAPPER_TAIL}`, {
    filename: file,
    lineOffset: -1,
    ...(cachedData === undefined ? {} : { cachedData }),
  });
  const module = { exports: {} as Record<string, unknown> };
  // (exports, require, module, __filename, __dirname), as Node calls a CommonJS module.
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    script,
    bytes,
    cacheUsed: cachedData !== undefined && script.cachedDataRejected !== true,
  };
}

function matchingCache(cacheFile: string, bundle: Buffer): Buffer | undefined {
  let contents: Buffer;
  try {
    contents = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const dataStart = LENGTH_BYTES + bundle.length;
  if (contents.length <= dataStart) return undefined;
  if (contents.readUInt32LE(0) !== bundle.length) return undefined;
  if (!contents.subarray(LENGTH_BYTES, dataStart).equals(bundle)) return undefined;
  return contents.subarray(dataStart);
}

/** For the bundled CLI: command `name`'s exports (see scripts/bundle.mjs). */
export function loadCommandBundle(name: string, entryUrl: string): Record<string, unknown> {
  return compileBundle(commandBundlePath(name, entryUrl)).exports;
}
