// The editors' content kept in this browser, so a reload or a closed tab loses no work.
import type { ContentType, TemplateLanguage } from './api-types.js';

const DRAFT_STORE = 'pagesmith.playground.draft';

export interface Draft {
  readonly template: string;
  readonly data: string;
  readonly css: string;
  readonly content_type: ContentType;
  readonly template_language: TemplateLanguage;
  /** The PDF's file name. */
  readonly fileName: string;
}

export function saveDraft(draft: Draft): void {
  try {
    localStorage.setItem(DRAFT_STORE, JSON.stringify(draft));
  } catch {
    // Storage full or refused (a private window): the page works without it.
  }
}

/** The draft kept, or null when there is none or it is not one. */
export function loadDraft(): Draft | null {
  let stored: unknown;
  try {
    stored = JSON.parse(localStorage.getItem(DRAFT_STORE) ?? 'null');
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const draft = stored as Record<string, unknown>;
  const texts = ['template', 'data', 'css', 'fileName'].every((field) => typeof draft[field] === 'string');
  const kinds = (draft['content_type'] === 'html' || draft['content_type'] === 'markdown') && (draft['template_language'] === 'jinja' || draft['template_language'] === 'liquid');
  return texts && kinds ? (draft as unknown as Draft) : null;
}
