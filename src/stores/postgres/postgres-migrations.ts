// The PostgreSQL schema as numbered migrations: plain SQL, applied in order by `pagesmith migrate` or by a team's own migration tool.

export interface PostgresMigration {
  /** 1, 2, …: applied in this order, each once. */
  readonly version: number;
  readonly name: string;
  /**
   * The SQL, run as it is in one transaction with the target schema first on the `search_path`.
   * Table names are unqualified; each migration ends by recording itself in `pagesmith_migrations`,
   * so a schema migrated by another tool is recognised as migrated too.
   */
  readonly sql: string;
}

const INITIAL = `-- pagesmith migration 1: applications, templates, documents and the monthly quota.
CREATE TABLE pagesmith_migrations (
  version integer PRIMARY KEY,
  name text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE applications (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- GET /v1/applications: an account's applications, oldest first.
CREATE INDEX applications_account_created_idx ON applications (account_id, created_at, id);

CREATE TABLE templates (
  id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  name text NOT NULL,
  content text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('html', 'markdown')),
  extra_css text,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- GET /v1/templates: an account's templates, oldest first.
CREATE INDEX templates_account_created_idx ON templates (account_id, created_at, id);
-- GET /v1/templates?application_id=…, and deleting an application with its templates.
CREATE INDEX templates_application_created_idx ON templates (application_id, created_at, id);

-- template_id has no foreign key: a document outlives the template it was made from.
-- pdf is null when a blob store (a folder, object storage) holds the bytes instead.
CREATE TABLE documents (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  template_id text,
  filename text NOT NULL,
  size_bytes integer NOT NULL,
  pdf bytea,
  data json,
  created_at timestamptz NOT NULL,
  updated_at timestamptz
);
-- GET /v1/documents: an account's documents, oldest first.
CREATE INDEX documents_account_created_idx ON documents (account_id, created_at, id);
-- Retention: the oldest documents first, deleted in batches.
CREATE INDEX documents_created_idx ON documents (created_at);

-- One row per account and month: documents counted, and the leases of reservations in flight
-- ({ reservation id: expiry in seconds since the epoch }). Every quota statement is one update of this row.
CREATE TABLE quota_counts (
  account_id text NOT NULL,
  period text NOT NULL,
  used integer NOT NULL DEFAULT 0,
  leases jsonb NOT NULL DEFAULT '{}',
  PRIMARY KEY (account_id, period)
);

-- Which reservations became which documents: a commit counts once, whenever it arrives.
CREATE TABLE quota_commits (
  reservation_id uuid PRIMARY KEY,
  account_id text NOT NULL,
  period text NOT NULL,
  document_id text,
  committed_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO pagesmith_migrations (version, name) VALUES (1, 'initial');
`;

const TEMPLATE_LANGUAGE = `-- pagesmith migration 2: each template's language; null renders it in the service's default one.
ALTER TABLE templates ADD COLUMN template_language text CHECK (template_language IN ('jinja', 'liquid'));

INSERT INTO pagesmith_migrations (version, name) VALUES (2, 'template-language');
`;

const DOCUMENT_HTML = `-- pagesmith migration 3: the HTML document each PDF was printed from, for its page images; null when not kept.
ALTER TABLE documents ADD COLUMN html text;

INSERT INTO pagesmith_migrations (version, name) VALUES (3, 'document-html');
`;

/** Every migration, oldest first. Never edit one that has shipped: add the next. */
export const postgresMigrations: readonly PostgresMigration[] = Object.freeze([
  { version: 1, name: 'initial', sql: INITIAL },
  { version: 2, name: 'template-language', sql: TEMPLATE_LANGUAGE },
  { version: 3, name: 'document-html', sql: DOCUMENT_HTML },
]);

/** The version a schema must be at for these stores. */
export const POSTGRES_SCHEMA_VERSION = postgresMigrations.length;
