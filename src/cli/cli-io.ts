// What a command may touch of its process: output streams, environment, working folder and stop signals.

export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** Registers a callback for SIGINT and SIGTERM; returns a function that unregisters it. */
  readonly onStop: (stop: () => void) => () => void;
}

export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    onStop(stop) {
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
      };
    },
  };
}

/** Exit statuses: 0 done, 1 the work failed, 2 the command line was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;
