// The JSON bodies of successful calls, field for field as the service contract shows them.
import type { ContentType } from '../stores/index.js';

export const SUCCESS_MESSAGE = 'Document generated successfully';

export interface SuccessEnvelope<Data> {
  readonly success: true;
  readonly message: string;
  readonly data: Data;
}

/** `response_type: "json_with_base64"`. */
export interface Base64DocumentData {
  readonly document_id: string;
  /** The template used; null on quick generate unless the content was saved as a template. */
  readonly template_id: string | null;
  readonly pdf_content: string;
  readonly filename: string;
  readonly content_type: 'application/pdf';
  readonly size_bytes: number;
}

/** `response_type: "document_id"`. */
export interface DocumentIdData {
  readonly document_id: string;
  readonly template_id: string | null;
  readonly download_url: string;
  readonly size_bytes: number;
}

export interface TemplateData {
  readonly template_id: string;
  readonly application_id: string;
  readonly content_type: ContentType;
  readonly is_active: boolean;
}

export interface UsageData {
  /** Documents generated this period. */
  readonly used: number;
  /** The account's monthly maximum. */
  readonly limit: number;
  /** The UTC calendar month, `YYYY-MM`. */
  readonly period: string;
}

export type Base64Envelope = SuccessEnvelope<Base64DocumentData>;
export type DocumentIdEnvelope = SuccessEnvelope<DocumentIdData>;
export type TemplateEnvelope = SuccessEnvelope<TemplateData>;
export type UsageEnvelope = SuccessEnvelope<UsageData>;
