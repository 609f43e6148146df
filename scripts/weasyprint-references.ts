// `npm run fidelity:weasyprint`: prints WeasyPrint references for the corpus documents that use CSS
// Chromium does not print (running elements, string-set, target-counter/-text, leader()), under
// the same page defaults as the Chromium references (A4, 75px margins, the document's @page
// winning), into test/fidelity/references/<category>/<name>/reference-weasyprint.pdf.
//
//   npm run fidelity:weasyprint [-- --corpus DIR]      (needs Debian's weasyprint)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listCorpusDocuments, WEASYPRINT_REFERENCE } from './fidelity/corpus.js';
import { documentHtml } from './fidelity/document-html.js';
import { needsWeasyPrint } from './fidelity/needs-weasyprint.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCES = join(REPO, 'test', 'fidelity', 'references');
// A user stylesheet: lower in the cascade than the document's own @page rules, as in Chromium's
// page.pdf() margins and format under preferCSSPageSize.
const PAGE_DEFAULTS = '@page { size: A4; margin: 75px }\n';

const { values: args } = parseArgs({ options: { corpus: { type: 'string', default: resolve(REPO, '..', 'shared', 'corpus') } } });
const version = spawnSync('weasyprint', ['--version'], { encoding: 'utf8' });
if (version.error) {
  console.error('fidelity:weasyprint: weasyprint not found (apt-get install weasyprint)');
  process.exit(2);
}
console.log(`${version.stdout.trim()}; references in ${REFERENCES}`);

const work = await mkdtemp(join(tmpdir(), 'pagesmith-weasyprint-'));
try {
  const defaults = join(work, 'page-defaults.css');
  await writeFile(defaults, PAGE_DEFAULTS);
  for (const document of await listCorpusDocuments(resolve(args.corpus))) {
    if (!(await needsWeasyPrint(document.dir))) continue;
    // The HTML the document stands for, written beside its assets so relative URLs resolve.
    const input = join(document.dir, document.input === 'markdown' ? 'rendered.html' : 'source.html');
    const html = existsSync(input) ? input : join(work, `${document.slug}.html`);
    if (html !== input) await writeFile(html, await documentHtml(document, 'liquid'));
    const out = join(REFERENCES, document.id, WEASYPRINT_REFERENCE);
    await mkdir(dirname(out), { recursive: true });
    const run = spawnSync('weasyprint', ['-q', '-s', defaults, '-u', `file://${document.dir}/`, html, out], { encoding: 'utf8' });
    if (run.status !== 0) {
      console.error(`${document.id}: weasyprint failed\n${run.stderr}`);
      process.exitCode = 1;
      continue;
    }
    console.log(`${document.id} -> ${out}`);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
