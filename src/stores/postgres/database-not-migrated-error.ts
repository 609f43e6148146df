// The database's pagesmith schema is older than this pagesmith needs: its tables are missing or lack a migration.

export class DatabaseNotMigratedError extends Error {
  readonly code = 'DATABASE_NOT_MIGRATED';

  constructor(
    readonly schema: string,
    /** The schema's version: 0 when it has no pagesmith tables. */
    readonly version: number,
    readonly needed: number,
  ) {
    super(
      `The PostgreSQL schema "${schema}" is at migration ${version}, and this pagesmith needs ${needed}. ` +
        `Apply the migrations first: pagesmith migrate --database-url <url>${schema === 'pagesmith' ? '' : ` --database-schema ${schema}`} ` +
        '(or run the SQL of postgresMigrations with your own migration tool).',
    );
    this.name = 'DatabaseNotMigratedError';
  }
}
