// The slice of the `pg` driver the PostgreSQL stores use, typed here so that pagesmith's own types never name pg (an optional peer).

export interface PgQueryResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number | null;
}

/** Anything that runs a parameterised query: a `pg.Pool`, a `pg.Client` or a pool's client. */
export interface PgQueryable {
  query<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<PgQueryResult<Row>>;
}

/** One connection checked out of a pool, for a transaction. */
export interface PgPoolClient extends PgQueryable {
  release(error?: Error | boolean): void;
}

/** A `pg.Pool`, as the stores use it. */
export interface PgPool extends PgQueryable {
  connect(): Promise<PgPoolClient>;
  end(): Promise<void>;
}

/** The `pg` module: its Pool class. */
export interface PgModule {
  readonly Pool: new (config: { connectionString: string; max?: number; application_name?: string }) => PgPool & {
    on(event: 'error', listener: (error: Error) => void): unknown;
  };
}

/** Runs `work` in one transaction on one connection: COMMIT when it resolves, ROLLBACK when it throws. */
export async function inTransaction<T>(pool: PgPool, work: (client: PgPoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      // A connection that cannot roll back is not given back to the pool.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

/** A schema name as an SQL identifier, quoted. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Checks a schema name before it goes into SQL: letters, digits and underscores, starting with a letter or underscore. */
export function checkSchemaName(schema: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`PostgreSQL schema ${JSON.stringify(schema)}: use letters, digits and underscores (at most 63), starting with a letter or underscore`);
  }
  return schema;
}
