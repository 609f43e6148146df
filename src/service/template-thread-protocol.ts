// The messages between the service and its template threads, and template stage errors made cloneable for them.
import { DocumentCreationError, PagesmithError, TemplateEngineError, TemplateLimitError, type TemplateLimit } from '../errors/index.js';
import type { TemplateJob, TemplateStageLimits } from './document-html.js';
import type { CheckJob, TemplateDiagnostics } from './template-diagnostics.js';

/** A render (no `task`), or a check of a template for its author. */
export type ToTemplateJob =
  | { readonly job: number; readonly task?: undefined; readonly request: TemplateJob; readonly limits: TemplateStageLimits }
  | { readonly job: number; readonly task: 'check'; readonly request: CheckJob; readonly limits: TemplateStageLimits };
/** A job, or a ping an idle thread answers with its `pong` (readiness). */
export type ToTemplateThread = ToTemplateJob | { readonly ping: number; readonly job?: undefined };
export type FromTemplateThread =
  | { readonly ready: true; readonly job?: undefined }
  | { readonly pong: number; readonly job?: undefined }
  | { readonly job: number; readonly phase: 'markdown' }
  | { readonly job: number; readonly html: string }
  | { readonly job: number; readonly diagnostics: TemplateDiagnostics }
  | { readonly job: number; readonly error: ClonedStageError };

/** A template stage failure as it crosses from the thread. */
export type ClonedStageError =
  | { readonly kind: 'limit'; readonly limit: TemplateLimit; readonly maximum: number; readonly detail?: string; readonly line?: number; readonly column?: number }
  | { readonly kind: 'template'; readonly detail?: string; readonly line?: number; readonly column?: number }
  | { readonly kind: 'other'; readonly detail: string };

/** A template stage failure as the thread sends it. */
export function cloneStageError(error: unknown): ClonedStageError {
  if (error instanceof TemplateLimitError) {
    return { kind: 'limit', limit: error.limit, maximum: error.maximum, detail: error.detail, line: error.line, column: error.column };
  }
  if (error instanceof TemplateEngineError) return { kind: 'template', detail: error.detail, line: error.line, column: error.column };
  if (error instanceof PagesmithError) return { kind: 'other', detail: error.detail ?? error.message };
  return { kind: 'other', detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}

/** The error the in-process stage would have thrown. */
export function revivedError(cloned: ClonedStageError): PagesmithError {
  switch (cloned.kind) {
    case 'limit':
      return new TemplateLimitError(cloned);
    case 'template':
      return new TemplateEngineError(cloned);
    case 'other':
      return new DocumentCreationError({ detail: cloned.detail });
  }
}
