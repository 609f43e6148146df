// The template stage's work: template + data → the HTML document the engine prints, Markdown converted, extra CSS in.
import { injectExtraCss } from '../markdown/inject-extra-css.js';
import type { ContentType } from '../stores/index.js';
import { renderTemplate, type TemplateLanguage } from '../template/index.js';
import { restoreFloats, type FloatPath } from './float-paths.js';
import type { ServiceLimits } from './limits.js';

export interface TemplateJob {
  readonly content: string;
  readonly contentType: ContentType;
  readonly language: TemplateLanguage;
  readonly extraCss: string | null;
  readonly data: Record<string, unknown>;
  /** Where the data holds whole numbers written as floats (`1180.0`), for Jinja2 to print them so. */
  readonly floats?: readonly FloatPath[];
}

/** The limits the template stage works under. */
export type TemplateStageLimits = Pick<
  ServiceLimits,
  'maxContentBytes' | 'templateTags' | 'templateMemory' | 'templateOutputChars' | 'templateIterations' | 'templateTimeoutMs' | 'markdownTimeoutMs' | 'templateHeapMb'
>;

/**
 * Renders the template under its limits, then for Markdown converts the result and wraps it in
 * the Markdown document, else adds the extra CSS. `onMarkdown` is called as the conversion starts.
 */
export async function documentHtml(job: TemplateJob, limits: TemplateStageLimits, signal?: AbortSignal, onMarkdown?: () => void): Promise<string> {
  // Liquid prints numbers as JavaScript does: its data keeps them plain.
  const data = job.language === 'jinja' && job.floats?.length ? restoreFloats(job.data, job.floats) : job.data;
  const rendered = await renderTemplate(job.content, data, {
    mode: job.contentType,
    language: job.language,
    limits: {
      parseLimit: limits.maxContentBytes,
      tagLimit: limits.templateTags,
      renderLimit: limits.templateTimeoutMs,
      memoryLimit: limits.templateMemory,
      outputLimit: limits.templateOutputChars,
      iterationLimit: limits.templateIterations,
    },
    signal,
  });
  if (job.contentType !== 'markdown') return injectExtraCss(rendered, job.extraCss);
  // micromark and GFM load with the first Markdown job, not with every template thread, and not on its clock.
  const [{ markdownToHtml }, { markdownDocumentFromHtml }] = await Promise.all([import('../markdown/markdown-to-html.js'), import('../markdown/markdown-document.js')]);
  onMarkdown?.();
  return markdownDocumentFromHtml(markdownToHtml(rendered), { extraCss: job.extraCss });
}

/**
 * Whether the job is HTML without a single `{{` or `{%` (nor, for Jinja, a `{#` comment): the
 * template language would give it back unchanged, so it costs no more than adding its extra CSS,
 * and needs no template thread.
 */
export function isPlainHtml(job: TemplateJob): boolean {
  const { content } = job;
  return job.contentType === 'html' && !content.includes('{{') && !content.includes('{%') && !(job.language === 'jinja' && content.includes('{#'));
}
