// The shipped examples as the HTML the engine prints: each rendered through the service (its
// template, Markdown and stylesheet), the engine's input recorded on the way.
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocumentService, createNativeEngine, type ContentType, type PdfEngine } from '../../src/index.js';

export interface ExampleDocument {
  /** `examples/<name>`. */
  readonly id: string;
  readonly html: string;
}

const EXAMPLES = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'examples');

const SOURCES: readonly { name: string; template: string; data: string; contentType: ContentType }[] = [
  { name: 'invoice', template: 'invoice.html', data: 'invoice.json', contentType: 'html' },
  { name: 'report', template: 'report.md', data: 'report.json', contentType: 'markdown' },
];

export async function exampleDocuments(): Promise<ExampleDocument[]> {
  const native = createNativeEngine();
  let printed = '';
  const recording: PdfEngine = {
    name: 'recording',
    render(html, options) {
      printed = html;
      return native.render(html, options);
    },
  };
  const service = createDocumentService({ baseUrl: 'http://localhost', engine: recording });
  const documents: ExampleDocument[] = [];
  for (const source of SOURCES) {
    const [html, data] = await Promise.all([readFile(join(EXAMPLES, source.template), 'utf8'), readFile(join(EXAMPLES, source.data), 'utf8')]);
    const outcome = await service.quickGenerate({ html, data: JSON.parse(data) as object, response_type: 'pdf', content_type: source.contentType }, { accountId: 'examples' });
    if (!outcome.ok) throw new Error(`examples/${source.name}: ${JSON.stringify(outcome.body)}`);
    documents.push({ id: `examples/${source.name}`, html: printed });
  }
  return documents;
}
