// Shared fixtures for the service tests: a service on memory stores with a recording engine.
import {
  createDocumentService,
  createNativeEngine,
  MemoryDocumentStore,
  MemoryQuotaStore,
  MemoryTemplateStore,
  type DocumentServiceOptions,
  type GenerateOutcome,
  type PdfEngine,
  type Principal,
  type RenderOptions,
} from '../../src/index.js';
import { readPdf } from '../../src/testing/read-pdf.js';

export const BASE_URL = 'https://pdf.example.test';
export const ALICE: Principal = { accountId: 'acct-alice' };
export const BOB: Principal = { accountId: 'acct-bob' };

export interface RecordingEngine extends PdfEngine {
  readonly calls: { html: string; options: RenderOptions | undefined }[];
}

/** Wraps an engine, remembering what it was asked to render. */
export function recordingEngine(inner: PdfEngine = createNativeEngine()): RecordingEngine {
  const calls: { html: string; options: RenderOptions | undefined }[] = [];
  return {
    name: `recording(${inner.name})`,
    calls,
    render(html, options) {
      calls.push({ html, options });
      return inner.render(html, options);
    },
  };
}

export function setup(options: Partial<DocumentServiceOptions> = {}) {
  let now = new Date('2026-03-09T14:05:07Z');
  const clock = () => new Date(now);
  const templates = new MemoryTemplateStore({ clock });
  const documents = new MemoryDocumentStore();
  const quota = new MemoryQuotaStore();
  const engine = recordingEngine();
  const service = createDocumentService({ baseUrl: BASE_URL, templates, documents, quota, engine, clock, ...options });
  return {
    service,
    templates,
    documents,
    quota,
    engine,
    setNow(date: string) {
      now = new Date(date);
    },
    /** An active application of `principal` with one active template. */
    async template(content: string, extra: { contentType?: 'html' | 'markdown'; extraCss?: string; principal?: Principal } = {}) {
      const application = await templates.createApplication({ accountId: (extra.principal ?? ALICE).accountId });
      const template = await templates.createTemplate({
        applicationId: application.id,
        content,
        contentType: extra.contentType,
        extraCss: extra.extraCss,
      });
      return { application, template };
    },
  };
}

/** All text of a PDF, whitespace collapsed, for assertions that hold whatever the layout. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await readPdf(bytes);
  return pdf.pages
    .map((page) => page.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function pdfBytes(outcome: GenerateOutcome): Uint8Array {
  if (!outcome.ok || !(outcome.body instanceof Uint8Array)) throw new Error(`expected a PDF, got ${JSON.stringify(outcome.body)}`);
  return outcome.body;
}

export function base64Bytes(outcome: GenerateOutcome): Uint8Array {
  if (!outcome.ok || outcome.body instanceof Uint8Array || !('pdf_content' in outcome.body.data)) {
    throw new Error(`expected a json_with_base64 envelope, got ${JSON.stringify(outcome.body)}`);
  }
  return new Uint8Array(Buffer.from(outcome.body.data.pdf_content, 'base64'));
}

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
