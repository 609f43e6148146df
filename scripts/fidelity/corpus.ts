// Finds the corpus documents and decides, for each, which input we render and which reference we score against.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export type InputKind = 'markdown' | 'template' | 'html';

export interface CorpusDocument {
  /** `category/name`, the key in scores.json. */
  readonly id: string;
  /** `category-name`, the PDF's file name. */
  readonly slug: string;
  readonly dir: string;
  /** markdown → rendered.html; template → template.html + data.json; html → source.html. */
  readonly input: InputKind;
  readonly referencePdf: string;
  readonly referenceLabel: 'Chromium' | 'WeasyPrint';
}

/** Every `<category>/<name>/` folder under `corpusDir` that has a reference PDF, sorted by id. */
export async function listCorpusDocuments(corpusDir: string): Promise<CorpusDocument[]> {
  const documents: CorpusDocument[] = [];
  for (const category of await subfolders(corpusDir)) {
    for (const name of await subfolders(join(corpusDir, category))) {
      const dir = join(corpusDir, category, name);
      const has = (file: string) => existsSync(join(dir, file));
      const weasy = has('reference-weasyprint.pdf');
      if (!weasy && !has('reference.pdf')) continue;
      const input: InputKind = has('rendered.html') ? 'markdown' : has('template.html') && has('data.json') ? 'template' : 'html';
      if (input === 'html' && !has('source.html')) continue;
      documents.push({
        id: `${category}/${name}`,
        slug: `${category}-${name}`,
        dir,
        input,
        referencePdf: join(dir, weasy ? 'reference-weasyprint.pdf' : 'reference.pdf'),
        referenceLabel: weasy ? 'WeasyPrint' : 'Chromium',
      });
    }
  }
  return documents.sort((a, b) => a.id.localeCompare(b.id));
}

async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('_')).map((e) => e.name);
}
