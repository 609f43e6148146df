// The shared generation pipeline: quota → placeholders → Markdown/CSS → engine → protect → store → envelope.
import { DocumentCreationError, LimitReachedError, PagesmithError, ValidationError } from '../errors/index.js';
import { isEncryptedPdf, type ProtectOptions } from '../protect/index.js';
import { newDocumentId, type ContentType } from '../stores/index.js';
import type { TemplateLanguage } from '../template/index.js';
import { countPdfPages } from './count-pdf-pages.js';
import { callerGone, startDeadline, type Deadline } from './deadline.js';
import { monthlyLimitFor, type CallOptions, type DocumentReport, type ResolvedDeps } from './deps.js';
import { documentFilename, downloadUrl, quotaPeriod } from './document-names.js';
import { SUCCESS_MESSAGE, type Base64Envelope, type DocumentIdEnvelope } from './envelopes.js';
import { jsonOutcome, pdfOutcome, type Outcome } from './outcome.js';
import { defaultProtection } from './protect-pdf.js';
import { isPlainHtml, type TemplateJob } from './document-html.js';
import type { PdfEngine } from '../engine/types.js';
import { splitFloats } from './float-paths.js';
import { templateStage } from './template-threads.js';
import type { ServiceLimits } from './limits.js';
import type { ResponseType } from './request-schemas.js';
import type { RenderWarning } from '../engine/types.js';
import { WARNINGS_HEADER, warningsHeaderValue } from './warnings-header.js';
import { limitFailure } from './limit-failure.js';
import { engineLimitMessage } from './page-images.js';

export interface DocumentJob {
  readonly accountId: string;
  readonly content: string;
  readonly contentType: ContentType;
  /** The language the content is rendered as. */
  readonly language: TemplateLanguage;
  /** What a template saved from the content records as its language (null: the service's default). */
  readonly savedLanguage?: TemplateLanguage | null;
  readonly extraCss: string | null;
  readonly data: Record<string, unknown>;
  readonly responseType: ResponseType;
  readonly password: string | null;
  /** The template the content came from, if any. */
  readonly templateId: string | null;
  /** Save the content as a template of this application once the PDF is made. */
  readonly saveToApplicationId: string | null;
  /** The caller's signal: once it aborts, the render is abandoned and the quota slot given back at once. */
  readonly signal: AbortSignal | undefined;
  /** Told of the document once it is counted. */
  readonly onDocument?: CallOptions['onDocument'];
}

/** What the render stage measured of the PDF: its pages and how long it took, and the HTML printed. */
interface Rendering {
  pages: number;
  renderMs: number;
  warnings: RenderWarning[];
  html: string | null;
}

/** A successful generate call's body for each `response_type`. */
export interface GenerateBodies {
  /** The PDF's bytes. */
  readonly pdf: Uint8Array;
  /** `{ success, message, data: { pdf_content, … } }` with the PDF in base64. */
  readonly json_with_base64: Base64Envelope;
  /** `{ success, message, data: { document_id, download_url, … } }`; the PDF is stored. */
  readonly document_id: DocumentIdEnvelope;
}

/** The success body for response type `R`; all three when `R` is not known. */
export type GenerateBody<R extends ResponseType = ResponseType> = GenerateBodies[R];
/** What `generate` and `quickGenerate` resolve to for response type `R`. */
export type GenerateOutcome<R extends ResponseType = ResponseType> = Outcome<GenerateBody<R>>;

export async function produceDocument(deps: ResolvedDeps, job: DocumentJob): Promise<GenerateOutcome> {
  if (job.signal?.aborted) throw callerGone();
  const now = deps.clock();
  const limit = await monthlyLimitFor(deps, job.accountId);
  const reservation = await deps.quota.reserve(job.accountId, quotaPeriod(now), limit);
  if (!reservation) throw new LimitReachedError(limit);

  const undo: (() => Promise<void>)[] = [];
  let committed = false;
  try {
    const rendering: Rendering = { pages: 0, renderMs: 0, warnings: [], html: null };
    const bytes = await protectedPdf(deps, job, rendering);
    // Made for nobody: neither stored nor counted.
    if (job.signal?.aborted) throw callerGone();

    let templateId = job.templateId;
    if (job.saveToApplicationId !== null) {
      const template = await deps.templates.createTemplate({
        applicationId: job.saveToApplicationId,
        content: job.content,
        contentType: job.contentType,
        ...(job.savedLanguage ? { templateLanguage: job.savedLanguage } : {}),
        extraCss: job.extraCss,
      });
      templateId = template.id;
      undo.push(() => deps.templates.deleteTemplate(template.id));
    }

    const documentId = newDocumentId();
    const filename = documentFilename(now);
    if (job.responseType === 'document_id' || deps.retainDocuments) {
      // Page images are painted from the HTML; a protected document's would show what its password guards (decision 0326).
      const html = job.password === null ? rendering.html : null;
      await deps.documents.saveDocument({ id: documentId, accountId: job.accountId, templateId, filename, bytes, createdAt: now, data: job.data, html });
      undo.push(() => deps.documents.deleteDocument(documentId));
    }

    await deps.quota.commit(reservation, documentId);
    committed = true;
    tell(job, { responseType: job.responseType, pages: rendering.pages, sizeBytes: bytes.byteLength, renderMs: rendering.renderMs, warnings: rendering.warnings });
    return respond(deps, job.responseType, { documentId, templateId, filename, bytes, warnings: rendering.warnings });
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  } finally {
    if (!committed) await deps.quota.release(reservation).catch(() => undefined);
  }
}

/** A listener that throws must not undo a document already counted. */
function tell(job: DocumentJob, report: DocumentReport): void {
  try {
    job.onDocument?.(report);
  } catch {
    // Metrics are not worth a failed answer.
  }
}

/** With a password, an engine that encrypts does so as it writes; any other's PDF is encrypted after it. */
async function protectedPdf(deps: ResolvedDeps, job: DocumentJob, rendering: Rendering): Promise<Uint8Array> {
  if (job.password === null) return renderPdf(deps, job, undefined, rendering);
  if (deps.protect === undefined && deps.engine.encrypts === true) {
    const pdf = await renderPdf(deps, job, { ...deps.protection, userPassword: job.password }, rendering);
    if (!isEncryptedPdf(pdf)) {
      throw new DocumentCreationError({ detail: `engine ${deps.engine.name} claims to encrypt but returned a PDF without /Encrypt` });
    }
    return pdf;
  }
  const pdf = await renderPdf(deps, job, undefined, rendering);
  return (deps.protect ?? defaultProtection)(pdf, job.password, deps.protection);
}

/** Engines already asked to get ready. */
const warmedEngines = new WeakSet<PdfEngine>();

/**
 * The first document an engine is given: it loads its modules or starts its thread while the
 * template threads start, instead of after them (a fresh `pagesmith render` waited for each in turn).
 * A failure to get ready is the render's to report.
 */
function warmOnce(engine: PdfEngine): void {
  if (warmedEngines.has(engine)) return;
  warmedEngines.add(engine);
  engine.ping?.().catch(() => undefined);
}

/** Fills in `rendering`: the engine's pages (before any protection repacks the file) and the time from the template's start. */
async function renderPdf(deps: ResolvedDeps, job: DocumentJob, encryption: ProtectOptions | undefined, rendering: Rendering): Promise<Uint8Array> {
  const { limits } = deps;
  const { data, floats } = splitFloats(job.data);
  const request: TemplateJob = { content: job.content, contentType: job.contentType, language: job.language, extraCss: job.extraCss, data, floats };
  // Plain HTML has nothing to parse, render or convert: handing it to a thread would cost more than the work.
  const stage = templateStage(isPlainHtml(request) ? 0 : deps.templateThreads, limits.templateHeapMb);
  warmOnce(deps.engine);
  // Template threads starting up, or busy with other jobs, are not rendering this one yet: the
  // render time limit starts when its template does. A caller who leaves meanwhile ends the wait.
  await stage.ready();
  const waiting = new AbortController();
  const onGone = (): void => waiting.abort(callerGone());
  if (job.signal?.aborted) onGone();
  else job.signal?.addEventListener('abort', onGone, { once: true });
  let started: Deadline | undefined;
  let startedAt = 0;
  const start = (): Deadline => {
    startedAt = performance.now();
    return (started = startDeadline(limits.renderTimeoutMs, job.signal));
  };
  try {
    const html = await stage.render(request, limits, { signal: waiting.signal, onStart: () => start().signal });
    rendering.html = html;
    const deadline: Deadline = started ?? start();
    const pdf = await deadline.race(
      deps.engine.render(html, {
        resourceLoader: deps.resourceLoader,
        maxPages: limits.maxPages,
        signal: deadline.signal,
        timeoutMs: deadline.remaining(),
        onWarning: (warning) => rendering.warnings.push(warning),
        ...(encryption && { encryption }),
      }).catch((error: unknown) => {
        throw engineFailure(error, limits);
      }),
    );
    rendering.renderMs = performance.now() - startedAt;
    rendering.pages = countPdfPages(pdf);
    return pdf;
  } finally {
    job.signal?.removeEventListener('abort', onGone);
    (started as Deadline | undefined)?.clear();
  }
}

/**
 * The engine's page, nesting and memory limits are the caller's problem (422); running out of time
 * is the spec's document-creation failure (500), as when the service's own timer ends it; anything
 * else it throws is ours (500).
 */
export function engineFailure(error: unknown, limits: ServiceLimits): unknown {
  if (error instanceof PagesmithError) return error;
  const failure = limitFailure(error);
  if (failure?.stage !== 'engine') return error;
  const message = engineLimitMessage(failure.limit, limits, error);
  if (failure.limit === 'time') return new DocumentCreationError({ detail: message, cause: error });
  return new ValidationError([{ field: '', type: 'value_error', message: `Value error, ${message}` }], { detail: (error as Error).message, cause: error });
}

interface MadeDocument {
  readonly documentId: string;
  readonly templateId: string | null;
  readonly filename: string;
  readonly bytes: Uint8Array;
  readonly warnings: readonly RenderWarning[];
}

function respond(deps: ResolvedDeps, responseType: ResponseType, made: MadeDocument): GenerateOutcome {
  const warnings = warningsHeaderValue(made.warnings);
  const headers = warnings === undefined ? undefined : { [WARNINGS_HEADER]: warnings };
  switch (responseType) {
    case 'pdf':
      return pdfOutcome(made.bytes, made.filename, { documentId: made.documentId, templateId: made.templateId }, headers);
    case 'json_with_base64':
      return jsonOutcome<Base64Envelope>({
        success: true,
        message: SUCCESS_MESSAGE,
        data: {
          document_id: made.documentId,
          template_id: made.templateId,
          pdf_content: Buffer.from(made.bytes.buffer, made.bytes.byteOffset, made.bytes.byteLength).toString('base64'),
          filename: made.filename,
          content_type: 'application/pdf',
          size_bytes: made.bytes.byteLength,
        },
      }, headers);
    case 'document_id':
      return jsonOutcome<DocumentIdEnvelope>({
        success: true,
        message: SUCCESS_MESSAGE,
        data: {
          document_id: made.documentId,
          template_id: made.templateId,
          download_url: downloadUrl(deps.baseUrl, made.documentId),
          size_bytes: made.bytes.byteLength,
        },
      }, headers);
  }
}
