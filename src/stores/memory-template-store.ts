// In-memory TemplateStore, for tests and single-process use.
import type {
  ApplicationRecord,
  NewApplication,
  NewTemplate,
  TemplateRecord,
  TemplateStore,
} from './types.js';
import { newApplicationId, newTemplateId } from './ids.js';

export interface MemoryStoreOptions {
  /** Source of `createdAt` timestamps; defaults to the system clock. */
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
    const application: ApplicationRecord = {
      id: newApplicationId(),
      accountId: input.accountId,
      name: input.name ?? 'Application',
      isActive: input.isActive ?? true,
      createdAt: this.#clock(),
    };
    this.#applications.set(application.id, application);
    return application;
  }

  async getApplication(applicationId: string): Promise<ApplicationRecord | null> {
    return this.#applications.get(applicationId) ?? null;
  }

  async setApplicationActive(applicationId: string, isActive: boolean): Promise<void> {
    const application = this.#applications.get(applicationId);
    if (!application) throw new Error(`No application ${applicationId}`);
    this.#applications.set(applicationId, { ...application, isActive });
  }

  async createTemplate(input: NewTemplate): Promise<TemplateRecord> {
    const application = this.#applications.get(input.applicationId);
    if (!application) throw new Error(`No application ${input.applicationId}`);
    const template: TemplateRecord = {
      id: newTemplateId(),
      applicationId: application.id,
      accountId: application.accountId,
      content: input.content,
      contentType: input.contentType ?? 'html',
      extraCss: input.extraCss ?? null,
      isActive: input.isActive ?? true,
      createdAt: this.#clock(),
    };
    this.#templates.set(template.id, template);
    return template;
  }

  async getTemplate(templateId: string): Promise<TemplateRecord | null> {
    return this.#templates.get(templateId) ?? null;
  }

  async setTemplateActive(templateId: string, isActive: boolean): Promise<void> {
    const template = this.#templates.get(templateId);
    if (!template) throw new Error(`No template ${templateId}`);
    this.#templates.set(templateId, { ...template, isActive });
  }

  async deleteTemplate(templateId: string): Promise<void> {
    this.#templates.delete(templateId);
  }
}
