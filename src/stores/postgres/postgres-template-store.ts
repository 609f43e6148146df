// PostgreSQL TemplateStore: applications and templates as rows; every change is one statement, so concurrent patches from any process all land.
import { newApplicationId, newTemplateId } from '../ids.js';
import type {
  ApplicationPatch,
  ApplicationRecord,
  ContentType,
  NewApplication,
  NewTemplate,
  TemplatePatch,
  TemplateQuery,
  TemplateRecord,
  TemplateStore,
} from '../types.js';
import type { TemplateLanguage } from '../../template/template-language.js';
import { DEFAULT_POSTGRES_SCHEMA } from './migrate-postgres.js';
import { checkSchemaName, quoteIdentifier, type PgQueryable } from './pg-types.js';

export interface PostgresStoreOptions {
  /** A `pg.Pool` (or anything with its `query`). */
  readonly pool: PgQueryable;
  /** The schema `pagesmith migrate` made the tables in. Default `pagesmith`. */
  readonly schema?: string;
  /** Source of `createdAt` and `updatedAt` timestamps; defaults to the system clock. */
  readonly clock?: () => Date;
}

interface ApplicationRow {
  id: string;
  account_id: string;
  name: string;
  description: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

interface TemplateRow {
  id: string;
  application_id: string;
  account_id: string;
  name: string;
  content: string;
  content_type: ContentType;
  template_language: TemplateLanguage | null;
  extra_css: string | null;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

const APPLICATION_COLUMNS = 'id, account_id, name, description, is_active, created_at, updated_at';
const TEMPLATE_COLUMNS = 'id, application_id, account_id, name, content, content_type, extra_css, is_active, created_at, updated_at, template_language';

export class PostgresTemplateStore implements TemplateStore {
  readonly #db: PgQueryable;
  readonly #clock: () => Date;
  readonly #applications: string;
  readonly #templates: string;

  constructor(options: PostgresStoreOptions) {
    this.#db = options.pool;
    this.#clock = options.clock ?? (() => new Date());
    const schema = quoteIdentifier(checkSchemaName(options.schema ?? DEFAULT_POSTGRES_SCHEMA));
    this.#applications = `${schema}.applications`;
    this.#templates = `${schema}.templates`;
  }

  async createApplication(input: NewApplication): Promise<ApplicationRecord> {
    const now = this.#clock();
    const result = await this.#db.query<ApplicationRow>(
      `INSERT INTO ${this.#applications} (${APPLICATION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING ${APPLICATION_COLUMNS}`,
      [newApplicationId(), input.accountId, input.name ?? 'Application', input.description ?? '', input.isActive ?? true, now],
    );
    return application(only(result.rows));
  }

  async getApplication(applicationId: string): Promise<ApplicationRecord | null> {
    if (!isQueryableId(applicationId)) return null;
    const result = await this.#db.query<ApplicationRow>(`SELECT ${APPLICATION_COLUMNS} FROM ${this.#applications} WHERE id = $1`, [applicationId]);
    return result.rows[0] ? application(result.rows[0]) : null;
  }

  async listApplications(accountId: string): Promise<ApplicationRecord[]> {
    const result = await this.#db.query<ApplicationRow>(
      `SELECT ${APPLICATION_COLUMNS} FROM ${this.#applications} WHERE account_id = $1 ORDER BY created_at, id`,
      [accountId],
    );
    return result.rows.map(application);
  }

  async updateApplication(applicationId: string, patch: ApplicationPatch): Promise<ApplicationRecord | null> {
    if (!isQueryableId(applicationId)) return null;
    const result = await this.#db.query<ApplicationRow>(
      `UPDATE ${this.#applications}
       SET name = coalesce($2, name), description = coalesce($3, description), is_active = coalesce($4, is_active), updated_at = $5
       WHERE id = $1 RETURNING ${APPLICATION_COLUMNS}`,
      [applicationId, patch.name ?? null, patch.description ?? null, patch.isActive ?? null, this.#clock()],
    );
    return result.rows[0] ? application(result.rows[0]) : null;
  }

  async setApplicationActive(applicationId: string, isActive: boolean): Promise<void> {
    if (!(await this.updateApplication(applicationId, { isActive }))) throw new Error(`No application ${applicationId}`);
  }

  async deleteApplication(applicationId: string): Promise<void> {
    if (!isQueryableId(applicationId)) return;
    // Its templates go with it (ON DELETE CASCADE), in the same statement.
    await this.#db.query(`DELETE FROM ${this.#applications} WHERE id = $1`, [applicationId]);
  }

  async createTemplate(input: NewTemplate): Promise<TemplateRecord> {
    const now = this.#clock();
    // The template takes its application's account; no row comes back when there is no such application.
    const result = isQueryableId(input.applicationId)
      ? await this.#db.query<TemplateRow>(
          `INSERT INTO ${this.#templates} (${TEMPLATE_COLUMNS})
           SELECT $1::text, a.id, a.account_id, $3::text, $4::text, $5::text, $6::text, $7::boolean, $8::timestamptz, $8::timestamptz, $9::text FROM ${this.#applications} AS a WHERE a.id = $2
           RETURNING ${TEMPLATE_COLUMNS}`,
          [
            newTemplateId(),
            input.applicationId,
            input.name ?? 'Template',
            input.content,
            input.contentType ?? 'html',
            input.extraCss ?? null,
            input.isActive ?? true,
            now,
            input.templateLanguage ?? null,
          ],
        )
      : { rows: [] };
    if (!result.rows[0]) throw new Error(`No application ${input.applicationId}`);
    return template(result.rows[0]);
  }

  async getTemplate(templateId: string): Promise<TemplateRecord | null> {
    if (!isQueryableId(templateId)) return null;
    const result = await this.#db.query<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM ${this.#templates} WHERE id = $1`, [templateId]);
    return result.rows[0] ? template(result.rows[0]) : null;
  }

  async listTemplates(query: TemplateQuery): Promise<TemplateRecord[]> {
    const result =
      query.applicationId === undefined
        ? await this.#db.query<TemplateRow>(`SELECT ${TEMPLATE_COLUMNS} FROM ${this.#templates} WHERE account_id = $1 ORDER BY created_at, id`, [query.accountId])
        : isQueryableId(query.applicationId)
          ? await this.#db.query<TemplateRow>(
              `SELECT ${TEMPLATE_COLUMNS} FROM ${this.#templates} WHERE application_id = $2 AND account_id = $1 ORDER BY created_at, id`,
              [query.accountId, query.applicationId],
            )
          : { rows: [] };
    return result.rows.map(template);
  }

  async updateTemplate(templateId: string, patch: TemplatePatch): Promise<TemplateRecord | null> {
    if (!isQueryableId(templateId)) return null;
    const result = await this.#db.query<TemplateRow>(
      `UPDATE ${this.#templates}
       SET name = coalesce($2, name), content = coalesce($3, content), content_type = coalesce($4, content_type),
           extra_css = CASE WHEN $5::boolean THEN $6 ELSE extra_css END, is_active = coalesce($7, is_active), updated_at = $8,
           template_language = CASE WHEN $9::boolean THEN $10 ELSE template_language END
       WHERE id = $1 RETURNING ${TEMPLATE_COLUMNS}`,
      [
        templateId,
        patch.name ?? null,
        patch.content ?? null,
        patch.contentType ?? null,
        patch.extraCss !== undefined,
        patch.extraCss ?? null,
        patch.isActive ?? null,
        this.#clock(),
        patch.templateLanguage !== undefined,
        patch.templateLanguage ?? null,
      ],
    );
    return result.rows[0] ? template(result.rows[0]) : null;
  }

  async setTemplateActive(templateId: string, isActive: boolean): Promise<void> {
    if (!(await this.updateTemplate(templateId, { isActive }))) throw new Error(`No template ${templateId}`);
  }

  async deleteTemplate(templateId: string): Promise<void> {
    if (!isQueryableId(templateId)) return;
    await this.#db.query(`DELETE FROM ${this.#templates} WHERE id = $1`, [templateId]);
  }

  /** Readiness: the database answers and the tables are there. */
  async ping(): Promise<void> {
    await this.#db.query(`SELECT 1 FROM ${this.#templates} LIMIT 1`);
  }
}

/** PostgreSQL text cannot hold NUL: an id with one names no record. */
export function isQueryableId(id: string): boolean {
  return typeof id === 'string' && !id.includes('\u0000');
}

function only<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('PostgreSQL returned no row for an insert');
  return row;
}

function application(row: ApplicationRow): ApplicationRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    description: row.description,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function template(row: TemplateRow): TemplateRecord {
  return {
    id: row.id,
    applicationId: row.application_id,
    accountId: row.account_id,
    name: row.name,
    content: row.content,
    contentType: row.content_type,
    templateLanguage: row.template_language,
    extraCss: row.extra_css,
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
