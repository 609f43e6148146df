// Store records as the management routes show them: snake_case fields, ISO 8601 UTC timestamps.
import type { ApplicationRecord, ContentType, DocumentSummary, TemplateRecord } from '../../stores/index.js';
import type { TemplateLanguage } from '../../template/index.js';
import { downloadUrl } from '../document-names.js';
import type { SuccessEnvelope } from '../envelopes.js';

export const REQUEST_SUCCESSFUL = 'Request successful';

export interface ApplicationData {
  /** The id under the hosted service's name for it; equal to `application_id`. */
  readonly app_id: string;
  readonly application_id: string;
  readonly name: string;
  readonly description: string;
  readonly is_active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface TemplateRecordData {
  readonly template_id: string;
  readonly application_id: string;
  readonly name: string;
  readonly content: string;
  readonly content_type: ContentType;
  /** pagesmith extension: `jinja` or `liquid`; null when the template follows the service's default. */
  readonly template_language: TemplateLanguage | null;
  readonly extra_css: string | null;
  readonly is_active: boolean;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface DocumentRecordData {
  readonly document_id: string;
  readonly template_id: string | null;
  readonly filename: string;
  readonly content_type: 'application/pdf';
  readonly size_bytes: number;
  readonly download_url: string;
  /** The data the document was generated with (or as last updated); `{}` when none was kept. */
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly created_at: string;
  readonly updated_at: string;
}

/** Deletions answer `{ success: true, message, data: [] }`, as the hosted service does. */
export type DeletedEnvelope = SuccessEnvelope<readonly []>;
export type ApplicationEnvelope = SuccessEnvelope<ApplicationData>;
export type ApplicationListEnvelope = SuccessEnvelope<readonly ApplicationData[]>;
export type TemplateRecordEnvelope = SuccessEnvelope<TemplateRecordData>;
export type TemplateListEnvelope = SuccessEnvelope<readonly TemplateRecordData[]>;
export type DocumentRecordEnvelope = SuccessEnvelope<DocumentRecordData>;
export type DocumentListEnvelope = SuccessEnvelope<readonly DocumentRecordData[]>;

export function applicationData(application: ApplicationRecord): ApplicationData {
  return {
    app_id: application.id,
    application_id: application.id,
    name: application.name,
    description: application.description,
    is_active: application.isActive,
    created_at: application.createdAt.toISOString(),
    updated_at: application.updatedAt.toISOString(),
  };
}

export function templateData(template: TemplateRecord): TemplateRecordData {
  return {
    template_id: template.id,
    application_id: template.applicationId,
    name: template.name,
    content: template.content,
    content_type: template.contentType,
    template_language: template.templateLanguage ?? null,
    extra_css: template.extraCss,
    is_active: template.isActive,
    created_at: template.createdAt.toISOString(),
    updated_at: template.updatedAt.toISOString(),
  };
}

export function documentData(document: DocumentSummary, baseUrl: string): DocumentRecordData {
  return {
    document_id: document.id,
    template_id: document.templateId,
    filename: document.filename,
    content_type: 'application/pdf',
    size_bytes: document.sizeBytes,
    download_url: downloadUrl(baseUrl, document.id),
    attributes: document.data ?? {},
    created_at: document.createdAt.toISOString(),
    updated_at: (document.updatedAt ?? document.createdAt).toISOString(),
  };
}

export function envelope<Data>(data: Data, message: string = REQUEST_SUCCESSFUL): SuccessEnvelope<Data> {
  return { success: true, message, data };
}

export function deleted(message: string): DeletedEnvelope {
  return { success: true, message, data: [] };
}
