// `pagesmith migrate`: applies the PostgreSQL migrations a database lacks, or prints them as SQL.
import { MissingPeerDependencyError } from '../errors/index.js';
import { createPgPool, DEFAULT_POSTGRES_SCHEMA, migratePostgres, postgresMigrationScript } from '../stores/index.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io.js';
import { MIGRATE_HELP } from './help.js';
import { parseCommandLine } from './parse-command-line.js';

const OPTIONS = {
  'database-url': { type: 'string' },
  'database-schema': { type: 'string' },
  'print-sql': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function migrateCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(args, OPTIONS);
  if (typeof parsed === 'string') return usage(io, parsed);
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(MIGRATE_HELP);
    return EXIT_OK;
  }
  if (positionals.length > 0) return usage(io, `unexpected argument ${positionals[0]}`);
  const schema = values['database-schema'] ?? (io.env['PAGESMITH_DATABASE_SCHEMA'] || DEFAULT_POSTGRES_SCHEMA);
  try {
    if (values['print-sql']) {
      io.stdout.write(postgresMigrationScript({ schema }));
      return EXIT_OK;
    }
  } catch (error) {
    return usage(io, `--database-schema: ${error instanceof Error ? error.message : String(error)}`);
  }
  const url = values['database-url'] ?? (io.env['DATABASE_URL'] || undefined);
  if (url === undefined) return usage(io, 'give --database-url postgres://user:password@host:5432/database, or set DATABASE_URL');

  let pool;
  try {
    pool = createPgPool(url, 1, 'pagesmith migrate');
  } catch (error) {
    if (error instanceof MissingPeerDependencyError) {
      io.stderr.write(`pagesmith migrate: ${error.message}\n`);
      return EXIT_FAILED;
    }
    return usage(io, `--database-url: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const result = await migratePostgres(pool, { schema });
    if (result.applied.length === 0) {
      io.stdout.write(`pagesmith migrate: schema ${schema} is at migration ${result.from}; nothing to apply\n`);
    } else {
      const applied = result.applied.map((migration) => `${migration.version} (${migration.name})`).join(', ');
      io.stdout.write(`pagesmith migrate: schema ${schema} was at migration ${result.from}; applied ${applied}; now at ${result.to}\n`);
    }
    return EXIT_OK;
  } catch (error) {
    io.stderr.write(`pagesmith migrate: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT_FAILED;
  } finally {
    await pool.end().catch(() => undefined);
  }
}

function usage(io: CliIo, problem: string): number {
  io.stderr.write(`pagesmith migrate: ${problem}\nRun "pagesmith migrate --help" for usage.\n`);
  return EXIT_USAGE;
}
