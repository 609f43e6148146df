// Dispatches argv to a command and returns the exit status.
// Each command's module is imported when it runs: `render` starts without loading the HTTP
// server, metrics, logging and the stores that `serve` needs (cold start, decision 0303).
import { EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { MAIN_HELP } from './help.js';

export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'render':
      return (await import('./render-command.js')).renderCommand(rest, io);
    case 'serve':
      return (await import('./serve-command.js')).serveCommand(rest, io);
    case 'check':
      return (await import('./check-command.js')).checkCommand(rest, io);
    case 'migrate':
      return (await import('./migrate-command.js')).migrateCommand(rest, io);
    case 'worker':
      return (await import('./worker-command.js')).workerCommand(rest, io);
    case 'snapshot':
      return (await import('./snapshot-command.js')).snapshotCommand(rest, io);
    case undefined:
    case '-h':
    case '--help':
    case 'help':
      io.stdout.write(MAIN_HELP);
      return command === undefined ? EXIT_USAGE : EXIT_OK;
    default:
      io.stderr.write(`pagesmith: unknown command ${JSON.stringify(command)}\n\n${MAIN_HELP}`);
      return EXIT_USAGE;
  }
}
