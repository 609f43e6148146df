// Dispatches argv to a command and returns the exit status.
import { EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { checkCommand } from './check-command.js';
import { MAIN_HELP } from './help.js';
import { migrateCommand } from './migrate-command.js';
import { renderCommand } from './render-command.js';
import { serveCommand } from './serve-command.js';
import { workerCommand } from './worker-command.js';

export async function runCli(args: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'render':
      return renderCommand(rest, io);
    case 'serve':
      return serveCommand(rest, io);
    case 'check':
      return checkCommand(rest, io);
    case 'migrate':
      return migrateCommand(rest, io);
    case 'worker':
      return workerCommand(rest, io);
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
