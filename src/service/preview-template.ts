// Preview a template: check's problems and placeholders, and its first pages as images; nothing stored, no quota used.
import * as v from 'valibot';
import type { RenderWarning } from '../engine/types.js';
import type { ValidationIssue } from '../errors/index.js';
import { checkJob, CheckTemplateRequestSchema, diagnose, problemsMessage, validateCheckFields, type TemplateCheckData } from './check-template.js';
import { startDeadline } from './deadline.js';
import { resolveDeps, type CallOptions, type Principal, type ServiceDeps } from './deps.js';
import type { SuccessEnvelope } from './envelopes.js';
import type { ServiceLimits } from './limits.js';
import { jsonOutcome, type Outcome } from './outcome.js';
import { dataUrl, engineLimitStop, PAGE_IMAGE_FORMATS, PAGE_IMAGE_WIDTH, paintPages } from './page-images.js';
import { MESSAGES } from './request-schemas.js';
import { runSafely } from './run-safely.js';
import type { TemplateDiagnostics, TemplateProblem } from './template-diagnostics.js';
import { templateStage } from './template-threads.js';
import { checkBytes } from './validate-request.js';
import { WARNINGS_HEADER, warningsHeaderValue } from './warnings-header.js';

/** Pages a preview paints, from the first: the default and the most a request may ask for. */
export const PREVIEW_PAGES = { default: 10, max: 50 } as const;

const INTEGER = 'Input should be a valid integer';

function boundedInteger(min: number, max: number, description: string) {
  return v.pipe(
    v.nullish(
      v.pipe(
        v.number(INTEGER),
        v.integer('Input should be a valid integer, got a number with a fractional part'),
        v.minValue(min, `Input should be greater than or equal to ${min}`),
        v.maxValue(max, `Input should be less than or equal to ${max}`),
      ),
    ),
    v.description(description),
  );
}

export const PreviewTemplateRequestSchema = v.object(
  {
    ...CheckTemplateRequestSchema.entries,
    extra_css: v.pipe(v.nullish(v.string(MESSAGES.string)), v.description('CSS added after the document’s own (Markdown’s stylesheet included), as quick generate adds it.')),
    width: boundedInteger(PAGE_IMAGE_WIDTH.min, PAGE_IMAGE_WIDTH.max, `Pixels across each page image; default ${PAGE_IMAGE_WIDTH.default}.`),
    max_pages: boundedInteger(1, PREVIEW_PAGES.max, `Pages painted, from the first; default ${PREVIEW_PAGES.default}. page_count still counts them all.`),
    format: v.pipe(v.nullish(v.picklist(PAGE_IMAGE_FORMATS, "Input should be 'png', 'jpeg' or 'webp'")), v.description('The images’ format; default png.')),
  },
  MESSAGES.body,
);

/** Body of `previewTemplate`: a check request plus how to paint. */
export type PreviewTemplateRequest = v.InferInput<typeof PreviewTemplateRequestSchema>;

/** One painted page. */
export interface PreviewPage {
  /** 1-based. */
  readonly page: number;
  /** In pixels. */
  readonly width: number;
  readonly height: number;
  /** A `data:image/png;base64,…` URL (jpeg or webp as asked). */
  readonly image: string;
}

export interface TemplatePreviewData extends TemplateCheckData {
  /** Pages the whole document has; 0 when nothing was painted. */
  readonly page_count: number;
  /** From the template's start to the last image, in milliseconds. */
  readonly render_ms: number;
  /** The first `max_pages` pages; empty when a problem stopped the render. */
  readonly pages: readonly PreviewPage[];
}

export type TemplatePreviewEnvelope = SuccessEnvelope<TemplatePreviewData>;

/**
 * Never rejects. 200 whatever the template's problems: a problem that stops the render (syntax,
 * a failing render, a template or engine limit) answers `pages: []`; missing keys are listed but
 * painted past when the template renders without them (decision 0325). 422 for a body that is
 * not a preview request, 501 when the engine cannot paint images.
 */
export async function previewTemplate(deps: ServiceDeps, body: unknown, principal: Principal, options: CallOptions = {}): Promise<Outcome<TemplatePreviewEnvelope>> {
  return runSafely(principal, async () => {
    const resolved = resolveDeps(deps);
    const request = validateCheckFields(PreviewTemplateRequestSchema, body, resolved.limits, extraCssBytes(resolved.limits.maxExtraCssBytes));
    await templateStage(resolved.templateThreads, resolved.limits.templateHeapMb).ready();
    const startedAt = performance.now();
    const deadline = startDeadline(resolved.limits.renderTimeoutMs, options.signal);
    const warnings: RenderWarning[] = [];
    let placeholders: TemplateCheckData['placeholders'] = [];
    const answer = (problems: readonly TemplateProblem[], pageCount: number, pages: readonly PreviewPage[]): Outcome<TemplatePreviewEnvelope> => {
      const header = warningsHeaderValue(warnings);
      const data = { valid: problems.length === 0, problems, placeholders, page_count: pageCount, render_ms: Math.round(performance.now() - startedAt), pages };
      return jsonOutcome<TemplatePreviewEnvelope>({ success: true, message: problemsMessage(problems.length), data }, header === undefined ? undefined : { [WARNINGS_HEADER]: header });
    };
    try {
      const job = { ...checkJob(resolved, request), render: { extraCss: request.extra_css ?? null } };
      let diagnostics: TemplateDiagnostics;
      try {
        diagnostics = await diagnose(resolved, job, deadline.signal);
      } catch (error) {
        return answer([stopProblem(error, resolved.limits)], 0, []);
      }
      placeholders = diagnostics.placeholders;
      if (diagnostics.html === undefined) return answer(diagnostics.problems, 0, []);
      const pages = Array.from({ length: request.max_pages ?? PREVIEW_PAGES.default }, (_, index) => index + 1);
      const paint = { pages, width: request.width ?? PAGE_IMAGE_WIDTH.default, format: request.format ?? 'png', onWarning: (warning: RenderWarning) => warnings.push(warning) } as const;
      try {
        const painted = await paintPages(resolved, diagnostics.html, paint, deadline);
        const images = painted.images.map((image) => ({ page: image.page, width: image.width, height: image.height, image: dataUrl(image.mediaType, image.data) }));
        return answer(diagnostics.problems, painted.pageCount, images);
      } catch (error) {
        return answer([...diagnostics.problems, stopProblem(error, resolved.limits)], 0, []);
      }
    } finally {
      deadline.clear();
    }
  });
}

/** An engine limit (or the render deadline) that stopped the preview, as a problem of the whole template; anything else rejects. */
function stopProblem(error: unknown, limits: ServiceLimits): TemplateProblem {
  const stop = engineLimitStop(error, limits);
  if (stop === null) throw error;
  return { type: 'limit_exceeded', message: stop.message, line: null, column: null, construct: null, path: null };
}

function extraCssBytes(maxBytes: number): (fields: Record<string, unknown>) => ValidationIssue[] {
  return (fields) => checkBytes(fields, 'extra_css', maxBytes);
}
