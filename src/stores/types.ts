// The storage contracts the service relies on: templates and applications, documents, quota.
import type { TemplateLanguage } from '../template/template-language.js';

export type ContentType = 'html' | 'markdown';

export interface ApplicationRecord {
  /** `app-` followed by a UUID. */
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  /** Free text; empty when none was given. */
  readonly description: string;
  readonly isActive: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewApplication {
  readonly accountId: string;
  readonly name?: string;
  /** Defaults to the empty string. */
  readonly description?: string;
  /** Defaults to true. */
  readonly isActive?: boolean;
}

/** The fields of an application that can change; absent ones stay as they are. */
export interface ApplicationPatch {
  readonly name?: string;
  readonly description?: string;
  readonly isActive?: boolean;
}

export interface TemplateRecord {
  /** `template-` followed by a UUID. */
  readonly id: string;
  readonly applicationId: string;
  readonly accountId: string;
  /** Defaults to `Template` when created without one. */
  readonly name: string;
  readonly content: string;
  readonly contentType: ContentType;
  /** `jinja` or `liquid`; absent or null: rendered in the service's default language. */
  readonly templateLanguage?: TemplateLanguage | null;
  readonly extraCss: string | null;
  readonly isActive: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface NewTemplate {
  /** Must name an existing application; the template takes its account. */
  readonly applicationId: string;
  /** Defaults to `Template`. */
  readonly name?: string;
  readonly content: string;
  /** Defaults to `html`. */
  readonly contentType?: ContentType;
  /** Defaults to null: the service's default language. */
  readonly templateLanguage?: TemplateLanguage | null;
  readonly extraCss?: string | null;
  /** Defaults to true. */
  readonly isActive?: boolean;
}

/** The fields of a template that can change; absent ones stay as they are. */
export interface TemplatePatch {
  readonly name?: string;
  readonly content?: string;
  readonly contentType?: ContentType;
  /** null: the service's default language from then on. */
  readonly templateLanguage?: TemplateLanguage | null;
  readonly extraCss?: string | null;
  readonly isActive?: boolean;
}

/** Which templates `listTemplates` returns: an account's, optionally of one application. */
export interface TemplateQuery {
  readonly accountId: string;
  readonly applicationId?: string;
}

/** Templates and the applications they belong to, each owned by an account. */
export interface TemplateStore {
  createApplication(input: NewApplication): Promise<ApplicationRecord>;
  /** Resolves to null when there is no such application. */
  getApplication(applicationId: string): Promise<ApplicationRecord | null>;
  /** The account's applications, oldest first. */
  listApplications(accountId: string): Promise<ApplicationRecord[]>;
  /** Applies the patch and stamps `updatedAt`; resolves to null when there is no such application. */
  updateApplication(applicationId: string, patch: ApplicationPatch): Promise<ApplicationRecord | null>;
  setApplicationActive(applicationId: string, isActive: boolean): Promise<void>;
  /** Forgets the application and every template in it. A no-op when there is no such application. */
  deleteApplication(applicationId: string): Promise<void>;
  /** Rejects when the application does not exist. */
  createTemplate(input: NewTemplate): Promise<TemplateRecord>;
  /** Resolves to null when there is no such template or it was deleted. */
  getTemplate(templateId: string): Promise<TemplateRecord | null>;
  /** Matching templates, oldest first. */
  listTemplates(query: TemplateQuery): Promise<TemplateRecord[]>;
  /** Applies the patch and stamps `updatedAt`; resolves to null when there is no such template. */
  updateTemplate(templateId: string, patch: TemplatePatch): Promise<TemplateRecord | null>;
  setTemplateActive(templateId: string, isActive: boolean): Promise<void>;
  deleteTemplate(templateId: string): Promise<void>;
  /**
   * Optional: resolves once the store's backing service answers (a query, a PING), rejects with
   * the reason when it does not. `GET /readyz` asks it; a store without it is not asked.
   */
  ping?(): Promise<void>;
}

export interface StoredDocument {
  /** `document-` followed by a UUID. */
  readonly id: string;
  readonly accountId: string;
  readonly templateId: string | null;
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly createdAt: Date;
  /** The data the document was generated with; null or absent when not kept. */
  readonly data?: Readonly<Record<string, unknown>> | null;
  /** When `data` last changed; absent means `createdAt`. */
  readonly updatedAt?: Date;
  /**
   * The HTML document the engine printed (template rendered, Markdown converted, extra CSS in),
   * from which its pages are painted as images; null or absent when not kept (password-protected
   * documents, documents stored before it was kept).
   */
  readonly html?: string | null;
}

/** A stored document without its bytes or HTML, as listings return it. */
export interface DocumentSummary extends Omit<StoredDocument, 'bytes' | 'html'> {
  readonly sizeBytes: number;
}

/** Generated PDFs kept for later download. */
export interface DocumentStore {
  saveDocument(document: StoredDocument): Promise<void>;
  /** Resolves to null when there is no such document. */
  getDocument(documentId: string): Promise<StoredDocument | null>;
  /** The account's documents, oldest first, without their bytes. */
  listDocuments(accountId: string): Promise<DocumentSummary[]>;
  /** Replaces the stored data only (the PDF stays as made) and stamps `updatedAt`; null when there is no such document. */
  updateDocumentData(documentId: string, data: Readonly<Record<string, unknown>>): Promise<DocumentSummary | null>;
  deleteDocument(documentId: string): Promise<void>;
  /**
   * Optional: resolves once the store's backing service answers (a query, a PING), rejects with
   * the reason when it does not. `GET /readyz` asks it; a store without it is not asked.
   */
  ping?(): Promise<void>;
}

/** A slot held against an account's quota while one document is being made. */
export interface QuotaReservation {
  readonly id: string;
  readonly accountId: string;
  /** The UTC calendar month, `YYYY-MM`. */
  readonly period: string;
}

export interface QuotaUsage {
  /** Documents committed this period. */
  readonly used: number;
  /** Reservations still in flight. */
  readonly reserved: number;
}

/**
 * Per-account, per-period document counts. `reserve` must be atomic against the limit:
 * concurrent calls never hold more than `limit` slots (used + reserved) between them.
 */
export interface QuotaStore {
  /** Holds one slot, or resolves to null when used + reserved has reached `limit`. */
  reserve(accountId: string, period: string, limit: number): Promise<QuotaReservation | null>;
  /**
   * Turns the reservation into a used document. Idempotent. `documentId` names the document the
   * slot became: a store keeping documents beside its counts records it, so that after a crash it
   * can tell stored documents that were counted from those that were not.
   */
  commit(reservation: QuotaReservation, documentId?: string): Promise<void>;
  /** Gives the slot back. Idempotent; a no-op once committed. */
  release(reservation: QuotaReservation): Promise<void>;
  usage(accountId: string, period: string): Promise<QuotaUsage>;
  /**
   * Optional: resolves once the store's backing service answers (a query, a PING), rejects with
   * the reason when it does not. `GET /readyz` asks it; a store without it is not asked.
   */
  ping?(): Promise<void>;
}
