// Destroying the account databases (/etc/passwd, /etc/shadow, /etc/group, /etc/sudoers): with
// them emptied, removed or moved away nobody can log in or use sudo, which locks the owner out
// of the machine as surely as deleting /etc. Appending (adding a user) and copying a real file
// over one (restoring a backup) are not hits; emptying, removing, moving away, shredding and
// writing zeros are.
import { permutedFlags } from "./options.js";
import { isAccountDatabase } from "./targets.js";

// Sources that hold nothing (or only zeros): copying them over a file empties it.
const EMPTY_SOURCES = new Set(["/dev/null", "/dev/zero"]);

export function destroysAccounts(name: string, args: readonly string[]): boolean {
  switch (name) {
    case "rm":
    case "srm":
    case "unlink":
    case "shred":
    case "truncate":
      return args.some(isAccountDatabase);
    case "mv": {
      const { operands } = permutedFlags(args, 0, {
        shortWithValue: "tS",
        longWithValue: ["target-directory", "suffix"],
      });
      return operands.slice(0, -1).some(isAccountDatabase);
    }
    case "cp":
    case "install": {
      const { operands } = permutedFlags(args, 0, {
        shortWithValue: "tSm",
        longWithValue: ["target-directory", "suffix", "mode"],
      });
      const source = operands[0] ?? "";
      return (
        operands.length === 2 &&
        EMPTY_SOURCES.has(source) &&
        isAccountDatabase(operands[1] as string)
      );
    }
    case "dd":
      return args.some((a) => a.startsWith("of=") && isAccountDatabase(a.slice(3)));
    case "tee": {
      // tee -a appends; without it the file is replaced by whatever comes in.
      const flags = permutedFlags(args, 0);
      const appends = flags.short.includes("a") || flags.long.includes("append");
      return !appends && flags.operands.some(isAccountDatabase);
    }
    case "ln": {
      // `ln -sf /dev/null /etc/passwd` replaces the file with a link.
      const flags = permutedFlags(args, 0, { shortWithValue: "tS" });
      const forced = flags.short.includes("f") || flags.long.includes("force");
      const target = flags.operands[flags.operands.length - 1] ?? "";
      return forced && flags.operands.length >= 2 && isAccountDatabase(target);
    }
    case "sed":
      return sedEmptiesAccounts(args);
    case "userdel":
    case "deluser":
      // Removing the root account leaves nobody able to administer the machine.
      return args.some((a) => a === "root");
    default:
      return false;
  }
}

/**
 * `sed -i d /etc/passwd`, `sed -i '1,$d' /etc/shadow`, a substitution of every line by nothing,
 * `sed -i '/^root/d' /etc/passwd`: an in-place edit that deletes every line, blanks every
 * line, or deletes the root account's line. Deleting some other user's line is ordinary.
 */
function sedEmptiesAccounts(args: readonly string[]): boolean {
  const inPlace = args.some((a) => /^-[a-zA-Z]{0,4}i/.test(a) || a.startsWith("--in-place"));
  if (!inPlace || !args.some(isAccountDatabase)) return false;
  const scripts: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const arg = args[k] as string;
    if (arg === "-e" || arg === "--expression") scripts.push(args[++k] ?? "");
    else if (!arg.startsWith("-") && !isAccountDatabase(arg) && scripts.length === 0)
      scripts.push(arg);
  }
  return scripts.some((script) =>
    script.split(/[;\n]/).some((command) => WIPES_EVERY_LINE.has(command.replace(/\s/g, ""))),
  );
}

// sed commands that delete or blank every line, or the root account's line.
const WIPES_EVERY_LINE = new Set([
  ...["d", "1,$d", ",$d", "0,$d", "s/.*//", "s/^.*$//", "s/.*//g", "/./d", "/.*/d", "/^/d"],
  ...["/root/d", "/^root/d", "/^root:/d", "/root:/d", "1d"],
]);
