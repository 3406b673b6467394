export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** cellguard run: a screen refused the Cell; nothing ran. */
export const EXIT_REFUSED = 3;
/** cellguard run: no boundary could be proven under `enforce`; nothing ran. */
export const EXIT_NO_BOUNDARY = 4;
/** cellguard could not run the command: bad configuration, or no boundary under `enforce`. */
export const EXIT_CANNOT_RUN = 125;

/** The shell convention for a child killed by a signal. */
export function exitCodeForSignal(signal: NodeJS.Signals): number {
  const numbers: Partial<Record<NodeJS.Signals, number>> = {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGKILL: 9,
    SIGTERM: 15,
  };
  return 128 + (numbers[signal] ?? 1);
}
