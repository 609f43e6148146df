// In-memory TemplateStore, for tests and single-process use.
import type {
  ApplicationPatch,
  ApplicationRecord,
  NewApplication,
  NewTemplate,
  TemplatePatch,
  TemplateQuery,
  TemplateRecord,
  TemplateStore,
} from './types.js';
import { newApplicationId, newTemplateId } from './ids.js';

export interface MemoryStoreOptions {
  /** Source of `createdAt` and `updatedAt` timestamps; defaults to the system clock. */
  readonly clock?: () => Date;
}

export class MemoryTemplateStore implements TemplateStore {
  readonly #applications = new Map<string, ApplicationRecord>();
  readonly #templates = new Map<string, TemplateRecord>();
  readonly #clock: () => Date;

  constructor(options: MemoryStoreOptions = {}) {
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
    this.#applications.set(application.id, application);
    return application;
  }

  async getApplication(applicationId: string): Promise<ApplicationRecord | null> {
    return this.#applications.get(applicationId) ?? null;
  }

  async listApplications(accountId: string): Promise<ApplicationRecord[]> {
    return [...this.#applications.values()].filter((application) => application.accountId === accountId);
  }

  async updateApplication(applicationId: string, patch: ApplicationPatch): Promise<ApplicationRecord | null> {
    const application = this.#applications.get(applicationId);
    if (!application) return null;
    const updated: ApplicationRecord = {
      ...application,
      name: patch.name ?? application.name,
      description: patch.description ?? application.description,
      isActive: patch.isActive ?? application.isActive,
      updatedAt: this.#clock(),
    };
    this.#applications.set(applicationId, updated);
    return updated;
  }

  async setApplicationActive(applicationId: string, isActive: boolean): Promise<void> {
    if (!(await this.updateApplication(applicationId, { isActive }))) throw new Error(`No application ${applicationId}`);
  }

  async deleteApplication(applicationId: string): Promise<void> {
    this.#applications.delete(applicationId);
    for (const template of this.#templates.values()) {
      if (template.applicationId === applicationId) this.#templates.delete(template.id);
    }
  }

  async createTemplate(input: NewTemplate): Promise<TemplateRecord> {
    const application = this.#applications.get(input.applicationId);
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
    this.#templates.set(template.id, template);
    return template;
  }

  async getTemplate(templateId: string): Promise<TemplateRecord | null> {
    return this.#templates.get(templateId) ?? null;
  }

  async listTemplates(query: TemplateQuery): Promise<TemplateRecord[]> {
    return [...this.#templates.values()].filter(
      (template) =>
        template.accountId === query.accountId && (query.applicationId === undefined || template.applicationId === query.applicationId),
    );
  }

  async updateTemplate(templateId: string, patch: TemplatePatch): Promise<TemplateRecord | null> {
    const template = this.#templates.get(templateId);
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
    this.#templates.set(templateId, updated);
    return updated;
  }

  async setTemplateActive(templateId: string, isActive: boolean): Promise<void> {
    if (!(await this.updateTemplate(templateId, { isActive }))) throw new Error(`No template ${templateId}`);
  }

  async deleteTemplate(templateId: string): Promise<void> {
    this.#templates.delete(templateId);
  }
}
