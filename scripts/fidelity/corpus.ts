// Finds the corpus documents and decides, for each, which input we render and which reference we score against.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';

export type InputKind = 'markdown' | 'template' | 'html';

export interface CorpusDocument {
  /** `category/name`, the key in scores.json. */
  readonly id: string;
  /** `category-name`, the PDF's file name. */
  readonly slug: string;
  readonly dir: string;
  /** markdown → rendered.html; template → template.html + data.json; html → source.html. */
  readonly input: InputKind;
  /** The HTML file of a case kept flat beside its reference (`<name>.html`), instead of source.html. */
  readonly source?: string;
  readonly referencePdf: string;
  readonly referenceLabel: 'Chromium' | 'WeasyPrint';
}

/**
 * Every `<category>/<name>/` folder under `corpusDir` that has a reference PDF, and every
 * `<name>.html` in `corpusDir` itself with Chromium's `<name>.chromium.pdf` beside it (the golden
 * cases of test/fidelity/world: id `<corpus folder>/<name>`), sorted by id. A
 * WeasyPrint reference wins over Chromium's: the corpus's own `reference-weasyprint.pdf`, else one
 * of ours, `<referencesDir>/<category>/<name>/reference-weasyprint.pdf` (made by
 * `npm run fidelity:weasyprint` for documents using CSS that Chromium does not print).
 */
export async function listCorpusDocuments(corpusDir: string, referencesDir?: string): Promise<CorpusDocument[]> {
  const documents: CorpusDocument[] = [];
  for (const category of await subfolders(corpusDir)) {
    for (const name of await subfolders(join(corpusDir, category))) {
      const dir = join(corpusDir, category, name);
      const has = (file: string) => existsSync(join(dir, file));
      const ours = referencesDir ? join(referencesDir, category, name, WEASYPRINT_REFERENCE) : null;
      const weasy = has(WEASYPRINT_REFERENCE) ? join(dir, WEASYPRINT_REFERENCE) : ours && existsSync(ours) ? ours : null;
      if (!weasy && !has('reference.pdf')) continue;
      const input: InputKind = has('rendered.html') ? 'markdown' : has('template.html') && has('data.json') ? 'template' : 'html';
      if (input === 'html' && !has('source.html')) continue;
      documents.push({
        id: `${category}/${name}`,
        slug: `${category}-${name}`,
        dir,
        input,
        referencePdf: weasy ?? join(dir, 'reference.pdf'),
        referenceLabel: weasy ? 'WeasyPrint' : 'Chromium',
      });
    }
  }
  documents.push(...await flatCases(corpusDir));
  return documents.sort((a, b) => a.id.localeCompare(b.id));
}

async function flatCases(corpusDir: string): Promise<CorpusDocument[]> {
  const files = new Set(await readdir(corpusDir));
  const category = basename(corpusDir);
  return [...files].filter((file) => file.endsWith('.html') && files.has(`${file.slice(0, -5)}.chromium.pdf`)).map((file) => {
    const name = file.slice(0, -5);
    return {
      id: `${category}/${name}`, slug: `${category}-${name}`, dir: corpusDir, input: 'html' as const, source: join(corpusDir, file),
      referencePdf: join(corpusDir, `${name}.chromium.pdf`), referenceLabel: 'Chromium' as const,
    };
  });
}

export const WEASYPRINT_REFERENCE = 'reference-weasyprint.pdf';

async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_')).map((e) => e.name);
}
