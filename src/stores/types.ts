// The storage contracts the service relies on: templates and applications, documents, quota.

export type ContentType = 'html' | 'markdown';

export interface ApplicationRecord {
  /** `app-` followed by a UUID. */
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  readonly isActive: boolean;
  readonly createdAt: Date;
}

export interface NewApplication {
  readonly accountId: string;
  readonly name?: string;
  /** Defaults to true. */
  readonly isActive?: boolean;
}

export interface TemplateRecord {
  /** `template-` followed by a UUID. */
  readonly id: string;
  readonly applicationId: string;
  readonly accountId: string;
  readonly content: string;
  readonly contentType: ContentType;
  readonly extraCss: string | null;
  readonly isActive: boolean;
  readonly createdAt: Date;
}

export interface NewTemplate {
  /** Must name an existing application; the template takes its account. */
  readonly applicationId: string;
  readonly content: string;
  /** Defaults to `html`. */
  readonly contentType?: ContentType;
  readonly extraCss?: string | null;
  /** Defaults to true. */
  readonly isActive?: boolean;
}

/** Templates and the applications they belong to, each owned by an account. */
export interface TemplateStore {
  createApplication(input: NewApplication): Promise<ApplicationRecord>;
  /** Resolves to null when there is no such application. */
  getApplication(applicationId: string): Promise<ApplicationRecord | null>;
  setApplicationActive(applicationId: string, isActive: boolean): Promise<void>;
  /** Rejects when the application does not exist. */
  createTemplate(input: NewTemplate): Promise<TemplateRecord>;
  /** Resolves to null when there is no such template or it was deleted. */
  getTemplate(templateId: string): Promise<TemplateRecord | null>;
  setTemplateActive(templateId: string, isActive: boolean): Promise<void>;
  deleteTemplate(templateId: string): Promise<void>;
}

export interface StoredDocument {
  /** `document-` followed by a UUID. */
  readonly id: string;
  readonly accountId: string;
  readonly templateId: string | null;
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly createdAt: Date;
}

/** Generated PDFs kept for later download. */
export interface DocumentStore {
  saveDocument(document: StoredDocument): Promise<void>;
  /** Resolves to null when there is no such document. */
  getDocument(documentId: string): Promise<StoredDocument | null>;
  deleteDocument(documentId: string): Promise<void>;
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
  /** Turns the reservation into a used document. Idempotent. */
  commit(reservation: QuotaReservation): Promise<void>;
  /** Gives the slot back. Idempotent; a no-op once committed. */
  release(reservation: QuotaReservation): Promise<void>;
  usage(accountId: string, period: string): Promise<QuotaUsage>;
}
