// `npm run fidelity:weasyprint`: prints WeasyPrint references for the corpus documents that use CSS
// Chromium does not print (running elements, string-set, target-counter/-text, leader()), under
// the same page defaults as the Chromium references (Chromium's A4 paper and margins, the document's @page
// winning), into test/fidelity/references/<category>/<name>/reference-weasyprint.pdf. WeasyPrint 57
// predates CSS Nesting, so it prints a staged copy of the document whose stylesheets have their
// nested rules written out flat (flatten-nesting.ts); the rest of the folder is linked as it is.
//
//   npm run fidelity:weasyprint [-- --corpus DIR]      (needs Debian's weasyprint)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { listCorpusDocuments, WEASYPRINT_REFERENCE } from './fidelity/corpus.js';
import { documentHtml } from './fidelity/document-html.js';
import { flattenNesting, flattenStyleElements } from './fidelity/flatten-nesting.js';
import { needsWeasyPrint } from './fidelity/needs-weasyprint.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REFERENCES = join(REPO, 'test', 'fidelity', 'references');
// A user stylesheet: lower in the cascade than the document's own @page rules, as in Chromium's
// page.pdf() margins and format under preferCSSPageSize.
// The paper the Chromium references are printed on: Playwright's A4 with 75px margins, which
// Chromium turns into 596 × 843pt with 56pt margins (decision 0148), as pagesmith's defaults are.
const PAGE_DEFAULTS = '@page { size: 596pt 843pt; margin: 56pt }\n';
// Generic families as the Chromium references have them (the Liberation faces, whose metrics our
// bundled Arimo, Tinos and Cousine share), not Debian's DejaVu defaults: a difference of machines,
// not of engines. Read before the system's configuration, so these come first.
const FONT_CONFIG = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
${[['serif', 'Liberation Serif'], ['sans-serif', 'Liberation Sans'], ['sans', 'Liberation Sans'], ['monospace', 'Liberation Mono']]
    .map(([generic, face]) => `  <alias binding="strong"><family>${generic}</family><prefer><family>${face}</family></prefer></alias>`).join('\n')}
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`;

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
  const fontConfig = join(work, 'fonts.conf');
  await writeFile(fontConfig, FONT_CONFIG);
  for (const document of await listCorpusDocuments(resolve(args.corpus))) {
    if (!(await needsWeasyPrint(document.dir))) continue;
    // The HTML the document stands for, in a staged copy of its folder so relative URLs resolve.
    const stage = join(work, document.slug);
    await stageFolder(document.dir, stage);
    const input = join(document.dir, document.input === 'markdown' ? 'rendered.html' : 'source.html');
    const source = existsSync(input) ? await readFile(input, 'utf8') : await documentHtml(document, 'liquid');
    const html = join(stage, `${document.slug}.pagesmith-reference.html`);
    await writeFile(html, await flattenStyleElements(source));
    const out = join(REFERENCES, document.id, WEASYPRINT_REFERENCE);
    await mkdir(dirname(out), { recursive: true });
    const run = spawnSync('weasyprint', ['-q', '-s', defaults, '-u', `file://${stage}/`, html, out], {
      encoding: 'utf8', env: { ...process.env, FONTCONFIG_FILE: fontConfig },
    });
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

/** Links every entry of `dir` into `stage`, except stylesheets, which are written flattened. */
async function stageFolder(dir: string, stage: string): Promise<void> {
  await mkdir(stage, { recursive: true });
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const from = join(dir, entry.name);
    const to = join(stage, entry.name);
    if (entry.isFile() && /\.css$/i.test(entry.name)) await writeFile(to, await flattenNesting(await readFile(from, 'utf8')));
    else await symlink(from, to);
  }
}
