// Reading a command's input: FILE, or standard input. A missing or unreadable FILE is an
// InputError naming it, raised before anything is printed.
import { open, type FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";

/** The input could not be read: a usage error (exit 2) whose message names the input. */
export class InputError extends Error {
  readonly code = "ERR_INPUT";
}

// The file is opened before anything is printed, so a missing or unreadable FILE leaves stdout
// empty. Read errors of either input surface later as InputError, from the stream.
export async function openInput(path: string | undefined, stdin: Readable): Promise<Readable> {
  if (path === undefined) return stdin;
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, "r");
    if ((await handle.stat()).isDirectory()) {
      throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
    }
    return handle.createReadStream();
  } catch (error) {
    await handle?.close().catch(() => undefined);
    throw new InputError(`cannot read ${JSON.stringify(path)}: ${describeFsError(error)}`);
  }
}

const FS_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: "no such file",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EISDIR: "is a directory",
};

// The code, not Node's message: that message repeats the path, already named once.
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === undefined) return "read failed";
  return Object.hasOwn(FS_PROBLEMS, code) ? (FS_PROBLEMS[code] ?? code) : code;
}

/** Reads all of FILE (or stdin when undefined), refusing more than `limitBytes`. */
export async function readWholeInput(
  path: string | undefined,
  stdin: Readable,
  limitBytes: number,
): Promise<Buffer> {
  const input = await openInput(path, stdin);
  const name = path === undefined ? "standard input" : JSON.stringify(path);
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of input) {
      const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
      total += buffer.length;
      if (total > limitBytes) {
        input.destroy();
        throw new InputError(`cannot read ${name}: it is over the ${limitBytes}-byte limit`);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read ${name}: ${describeFsError(error)}`);
  }
  return Buffer.concat(chunks);
}
