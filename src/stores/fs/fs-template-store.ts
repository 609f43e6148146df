// File-backed TemplateStore: one JSON file per application and per template, written atomically.
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { newApplicationId, newTemplateId } from '../ids.js';
import type {
  ApplicationPatch,
  ApplicationRecord,
  NewApplication,
  NewTemplate,
  TemplatePatch,
  TemplateQuery,
  TemplateRecord,
  TemplateStore,
} from '../types.js';
import { writeFileAtomic } from './atomic-write.js';
import { byCreation, isSafeId, readJsonFile, readJsonFiles } from './json-files.js';
import { KeyedLock } from './keyed-lock.js';
import { pingFolder } from './ping-folder.js';

export interface FsStoreOptions {
  /** The folder records are kept in; created on first write. */
  readonly dir: string;
  /** Source of `createdAt` and `updatedAt` timestamps; defaults to the system clock. */
  readonly clock?: () => Date;
}

type StoredRecord<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** Safe for concurrent calls within one process; several processes sharing a folder are not coordinated. */
export class FsTemplateStore implements TemplateStore {
  readonly #applicationsDir: string;
  readonly #templatesDir: string;
  readonly #clock: () => Date;
  // Application ids and template ids never collide (different prefixes), so one lock serves both.
  readonly #lock = new KeyedLock();

  constructor(options: FsStoreOptions) {
    this.#applicationsDir = join(options.dir, 'applications');
    this.#templatesDir = join(options.dir, 'templates');
    this.#clock = options.clock ?? (() => new Date());
  }

  async createApplication(input: NewApplication): Promise<ApplicationRecord> {
    const now = this.#clock();
    const application: ApplicationRecord = {
      id: newApplicationId(),
      accountId: input.accountId,
      name: input.name ?? 'Application',
      description: input.description ?? '',
      isActive: input.isActive ?? true,
      createdAt: now,
      updatedAt: now,
    };
    await this.#write(this.#applicationsDir, application);
    return application;
  }

  async getApplication(applicationId: string): Promise<ApplicationRecord | null> {
    if (!isSafeId(applicationId)) return null;
    return revive<ApplicationRecord>(await readJsonFile(join(this.#applicationsDir, `${applicationId}.json`)));
  }

  async listApplications(accountId: string): Promise<ApplicationRecord[]> {
    const records = (await readJsonFiles(this.#applicationsDir)).map((record) => revive<ApplicationRecord>(record) as ApplicationRecord);
    return records.filter((application) => application.accountId === accountId).sort(byCreation);
  }

  async updateApplication(applicationId: string, patch: ApplicationPatch): Promise<ApplicationRecord | null> {
    return this.#lock.run(applicationId, async () => {
      const application = await this.getApplication(applicationId);
      if (!application) return null;
      const updated: ApplicationRecord = {
        ...application,
        name: patch.name ?? application.name,
        description: patch.description ?? application.description,
        isActive: patch.isActive ?? application.isActive,
        updatedAt: this.#clock(),
      };
      await this.#write(this.#applicationsDir, updated);
      return updated;
    });
  }

  async setApplicationActive(applicationId: string, isActive: boolean): Promise<void> {
    if (!(await this.updateApplication(applicationId, { isActive }))) throw new Error(`No application ${applicationId}`);
  }

  async deleteApplication(applicationId: string): Promise<void> {
    if (!isSafeId(applicationId)) return;
    await this.#lock.run(applicationId, async () => {
      const application = await this.getApplication(applicationId);
      await rm(join(this.#applicationsDir, `${applicationId}.json`), { force: true });
      if (!application) return;
      const templates = await this.listTemplates({ accountId: application.accountId, applicationId });
      await Promise.all(templates.map((template) => this.deleteTemplate(template.id)));
    });
  }

  async createTemplate(input: NewTemplate): Promise<TemplateRecord> {
    // Under the application's lock, so a concurrent deleteApplication cannot leave this template orphaned.
    return this.#lock.run(input.applicationId, async () => {
      const application = await this.getApplication(input.applicationId);
      if (!application) throw new Error(`No application ${input.applicationId}`);
      const now = this.#clock();
      const template: TemplateRecord = {
        id: newTemplateId(),
        applicationId: application.id,
        accountId: application.accountId,
        name: input.name ?? 'Template',
        content: input.content,
        contentType: input.contentType ?? 'html',
        templateLanguage: input.templateLanguage ?? null,
        extraCss: input.extraCss ?? null,
        isActive: input.isActive ?? true,
        createdAt: now,
        updatedAt: now,
      };
      await this.#write(this.#templatesDir, template);
      return template;
    });
  }

  async getTemplate(templateId: string): Promise<TemplateRecord | null> {
    if (!isSafeId(templateId)) return null;
    return revive<TemplateRecord>(await readJsonFile(join(this.#templatesDir, `${templateId}.json`)));
  }

  async listTemplates(query: TemplateQuery): Promise<TemplateRecord[]> {
    const records = (await readJsonFiles(this.#templatesDir)).map((record) => revive<TemplateRecord>(record) as TemplateRecord);
    return records
      .filter((template) => template.accountId === query.accountId && (query.applicationId === undefined || template.applicationId === query.applicationId))
      .sort(byCreation);
  }

  async updateTemplate(templateId: string, patch: TemplatePatch): Promise<TemplateRecord | null> {
    return this.#lock.run(templateId, async () => {
      const template = await this.getTemplate(templateId);
      if (!template) return null;
      const updated: TemplateRecord = {
        ...template,
        name: patch.name ?? template.name,
        content: patch.content ?? template.content,
        contentType: patch.contentType ?? template.contentType,
        templateLanguage: patch.templateLanguage === undefined ? (template.templateLanguage ?? null) : patch.templateLanguage,
        extraCss: patch.extraCss === undefined ? template.extraCss : patch.extraCss,
        isActive: patch.isActive ?? template.isActive,
        updatedAt: this.#clock(),
      };
      await this.#write(this.#templatesDir, updated);
      return updated;
    });
  }

  async setTemplateActive(templateId: string, isActive: boolean): Promise<void> {
    if (!(await this.updateTemplate(templateId, { isActive }))) throw new Error(`No template ${templateId}`);
  }

  async deleteTemplate(templateId: string): Promise<void> {
    if (!isSafeId(templateId)) return;
    await this.#lock.run(templateId, () => rm(join(this.#templatesDir, `${templateId}.json`), { force: true }));
  }

  /** Readiness: the applications and templates folders can be read and written. */
  async ping(): Promise<void> {
    await Promise.all([pingFolder(this.#applicationsDir), pingFolder(this.#templatesDir)]);
  }

  async #write(dir: string, record: ApplicationRecord | TemplateRecord): Promise<void> {
    await mkdir(dir, { recursive: true });
    await writeFileAtomic(join(dir, `${record.id}.json`), JSON.stringify(record));
  }
}

function revive<T extends { createdAt: Date; updatedAt: Date }>(stored: unknown): T | null {
  if (stored === null) return null;
  const record = stored as StoredRecord<T>;
  return { ...record, createdAt: new Date(record.createdAt), updatedAt: new Date(record.updatedAt) } as unknown as T;
}
