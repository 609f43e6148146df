// What the page reads from the API's answers. Types only: the server's own, so the two cannot drift.
import type { TemplateProblem } from '../../service/template-diagnostics.js';
import type { TemplatePlaceholder } from '../../template/index.js';
import type { ApplicationData } from '../../service/management/records.js';

export type { ApplicationData, TemplatePlaceholder, TemplateProblem };

export type ContentType = 'html' | 'markdown';
export type TemplateLanguage = 'jinja' | 'liquid';

/** What the page renders: the fields of a preview request. */
export interface TemplateInput {
  readonly html: string;
  readonly data: Record<string, unknown>;
  readonly content_type: ContentType;
  readonly template_language: TemplateLanguage;
  readonly extra_css: string;
}

export interface PreviewPage {
  readonly page: number;
  readonly width: number;
  readonly height: number;
  /** A `data:image/png;base64,` URL. */
  readonly image: string;
}

/** `data` of POST /v1/templates/check. */
export interface CheckData {
  readonly valid: boolean;
  readonly problems: readonly TemplateProblem[];
  readonly placeholders: readonly TemplatePlaceholder[];
}

/** `data` of POST /v1/templates/preview: the check's answer and the pages as images. */
export interface PreviewData extends CheckData {
  readonly page_count: number;
  readonly render_ms: number;
  readonly pages: readonly PreviewPage[];
}

/** The JSON body of every answer: a success envelope, a failure one (`data: []`), or a 422 (`errors`). */
export interface Envelope<T> {
  readonly success: boolean;
  readonly message: string;
  readonly data?: T;
  readonly errors?: readonly { readonly field: string; readonly message: string; readonly type: string }[];
}
