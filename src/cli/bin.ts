#!/usr/bin/env node
// The executable entry point; the logic lives in main.ts so tests can call it in-process.
import { closeLeakingDescriptors } from "../platform/descriptors.js";
import { EXIT_CANNOT_RUN } from "./exit-codes.js";
import { processIo } from "./io.js";
import { main } from "./main.js";
import { escapeOneLine } from "./terminal-text.js";

closeLeakingDescriptors();
// Until main() settles: if the event loop ever empties first, the exit says something went wrong.
process.exitCode = EXIT_CANNOT_RUN;
main(process.argv.slice(2), processIo).then(
  (code) => {
    process.exitCode = code;
    // Everything this command started has ended (main() settles only then), so tearing the
    // runtime down handle by handle buys nothing; `exec` pays it on every sandboxed command.
    // Only when nothing is still queued for stdout or stderr: a pipe may be asynchronous.
    if (process.stdout.writableLength === 0 && process.stderr.writableLength === 0) {
      process.exit(code);
    }
  },
  (error: unknown) => {
    process.stderr.write(
      `cellguard: internal error: ${escapeOneLine(error instanceof Error ? error.message : String(error))}\n`,
    );
    process.exitCode = EXIT_CANNOT_RUN;
  },
);
